-- Where the game turned (issue 34): after a game ends, a background job searches each
-- decision of it again, as the hint does, and keeps what the search thought.
--
-- `game_analyses` is the job: one row per finished game, written in the ending transaction
-- (so a crash right after the end loses no job). `state` is 'queued' until every step is
-- kept, then 'done' (or 'failed' when the record no longer replays). A node works on a game
-- only while it holds the claim (`claimed_by`, until `claimed_until`): with several nodes on
-- one database, one of them analyses a game; a node that stops leaves the claim to expire.
-- The steps already kept are where a restart resumes.
CREATE TABLE game_analyses (
    game_id       BIGINT  NOT NULL PRIMARY KEY REFERENCES games (table_id) ON DELETE CASCADE,
    state         TEXT    NOT NULL,
    claimed_by    TEXT,
    claimed_until BIGINT,
    created_at    BIGINT  NOT NULL,
    finished_at   BIGINT
);
CREATE INDEX game_analyses_queued ON game_analyses (created_at) WHERE state = 'queued';

-- One decision of a finished game: `seat` was to move at `version` and played `played`.
-- `chance_before` is the computer's estimate of the seat's chance with the move it preferred,
-- `chance_after` with the move played, in thousandths (NULL when the search gave none: the only
-- move). `hint` is the search's result as the hints table keeps it (JSON: moves in notation,
-- verdict), told in words when read.
CREATE TABLE game_chances (
    game_id    BIGINT  NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    version    BIGINT  NOT NULL,
    seat       BIGINT  NOT NULL,
    played     TEXT    NOT NULL,
    chance_before BIGINT,
    chance_after  BIGINT,
    hint       TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
);
