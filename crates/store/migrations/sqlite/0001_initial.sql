-- Agora's first schema. Times are Unix milliseconds; JSON columns hold text.

CREATE TABLE accounts (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('user', 'guest', 'bot')),
    password_hash TEXT,
    created_at    INTEGER NOT NULL
);
-- Guests may share a display name; signed-up users and bots may not.
CREATE UNIQUE INDEX accounts_login ON accounts (lower(name)) WHERE kind <> 'guest';

CREATE TABLE sessions (
    token_hash TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE api_tokens (
    id           INTEGER PRIMARY KEY,
    token_hash   TEXT    NOT NULL UNIQUE,
    account_id   INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    label        TEXT    NOT NULL,
    created_at   INTEGER NOT NULL
);
CREATE INDEX api_tokens_account ON api_tokens (account_id);

-- A table in the lobby; once it starts, its game has the same id.
CREATE TABLE tables (
    id           INTEGER PRIMARY KEY,
    game         TEXT    NOT NULL,
    options      TEXT    NOT NULL,
    time_control TEXT    NOT NULL,
    public       INTEGER NOT NULL,
    created_by   INTEGER NOT NULL REFERENCES accounts (id),
    status       TEXT    NOT NULL
        CHECK (status IN ('open', 'playing', 'finished', 'aborted', 'cancelled')),
    created_at   INTEGER NOT NULL
);
CREATE INDEX tables_status ON tables (status, public);

CREATE TABLE seats (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('open', 'ai', 'invite')),
    account_id  INTEGER REFERENCES accounts (id),
    -- The AI's level by name (easy, medium, hard) for kind 'ai'.
    ai_level    TEXT,
    invite_hash TEXT,
    -- Live clocks: time left at the start of this seat's current or next turn.
    clock_ms    INTEGER,
    -- Set when an absent player's seat was handed to the easiest AI.
    substituted INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX seats_account ON seats (account_id);

CREATE TABLE games (
    table_id        INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    seed            INTEGER NOT NULL,
    setup           TEXT    NOT NULL,
    -- The version of the last event in game_events (0: none yet).
    version         INTEGER NOT NULL,
    outcome         TEXT,
    turn_started_at INTEGER NOT NULL,
    started_at      INTEGER NOT NULL,
    finished_at     INTEGER
);

-- The move log: every move, chance draw, resignation, draw offer and timeout, in order.
CREATE TABLE game_events (
    game_id  INTEGER NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    seat     INTEGER,
    notation TEXT,
    at       INTEGER NOT NULL,
    clock_ms INTEGER,
    PRIMARY KEY (game_id, version)
);

-- When the server was last known to run (a heartbeat, and its last act at a clean stop), so
-- that a restart charges the player to move only for the time the server was up.
CREATE TABLE server_alive (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    alive_at INTEGER NOT NULL
);
