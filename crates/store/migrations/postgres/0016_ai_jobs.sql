-- The computer's moves to make, as a queue that every node and every `agora ai-worker`
-- takes from (docs/architecture.md, "AI jobs on PostgreSQL"). A job carries the seat's
-- view only, never the game's state or its secret seed, and a fresh seed for the bot.
-- One job per game at a time: a newer version replaces an older one.
CREATE TABLE ai_jobs (
    id            BIGSERIAL PRIMARY KEY,
    game_id       BIGINT  NOT NULL UNIQUE,
    version       BIGINT  NOT NULL,
    game          TEXT    NOT NULL,
    seat          INTEGER NOT NULL,
    level         TEXT    NOT NULL,
    view          TEXT    NOT NULL,
    bot_seed      BIGINT  NOT NULL,
    threads       INTEGER NOT NULL,
    -- Whose turn it is in the round-robin ("account 12", "address ...", "game 7").
    owner_key     TEXT    NOT NULL,
    -- The node whose actor runs the game, woken when the move is ready.
    game_node     TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL,
    -- The taker working on it, until `lease_expires_at`; a lapsed lease returns the job.
    taken_by      TEXT,
    lease_expires_at BIGINT,
    taken_count   INTEGER NOT NULL DEFAULT 0,
    -- The move in notation once found (or `failed` when the bot gave none).
    result        TEXT,
    failed        TEXT
);
CREATE INDEX ai_jobs_waiting ON ai_jobs (lease_expires_at) WHERE result IS NULL AND failed IS NULL;

-- The round-robin: when each owner, and each game, was last served (a sequence number),
-- so that the next job is the least recently served owner's least recently served game's.
CREATE SEQUENCE ai_turns;
CREATE TABLE ai_owner_turns (
    owner_key TEXT   PRIMARY KEY,
    served    BIGINT NOT NULL
);
CREATE TABLE ai_game_turns (
    game_id BIGINT PRIMARY KEY,
    served  BIGINT NOT NULL
);
