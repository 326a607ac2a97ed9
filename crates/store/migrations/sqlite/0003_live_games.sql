-- The move log's hot path writes as few pages as it can: a commit writes every page it
-- dirtied to the write-ahead log, and later once more to the database.

-- Keyed by its primary key alone: an appended event goes into its game's leaf page, where a
-- rowid table also wrote the page at the end of its rowid tree.
CREATE TABLE game_events_by_game (
    game_id  INTEGER NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    seat     INTEGER,
    notation TEXT,
    at       INTEGER NOT NULL,
    clock_ms INTEGER,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
INSERT INTO game_events_by_game (game_id, version, kind, seat, notation, at, clock_ms)
    SELECT game_id, version, kind, seat, notation, at, clock_ms FROM game_events;
DROP TABLE game_events;
ALTER TABLE game_events_by_game RENAME TO game_events;

-- What changes with every move of a game being played. A games row holds the setup and
-- finished games' rows lie between the live ones, so updating games on every move wrote a
-- page per move; these narrow rows exist only while their game is played, so all of them
-- fit on a few pages. When the game ends its last values go to games and the row goes.
CREATE TABLE live_games (
    table_id        INTEGER PRIMARY KEY REFERENCES games (table_id) ON DELETE CASCADE,
    version         INTEGER NOT NULL,
    turn_started_at INTEGER NOT NULL
);
INSERT INTO live_games (table_id, version, turn_started_at)
    SELECT g.table_id, g.version, g.turn_started_at
    FROM games g JOIN tables t ON t.id = g.table_id
    WHERE t.status = 'playing';
