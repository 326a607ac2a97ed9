-- The move log in the order it is written. Keyed by (game, version), each move went into its
-- game's leaf page, a different page for each game in a batch, and every such page was
-- written whole to the WAL and again at the checkpoint: the log's largest cost under load.
-- Here a batch's events go on the table's last page together; each event names the game's
-- event before it (`previous`), and live_games (while the game is played) or games (once it
-- is over) names its last, so a game's events are read by following that chain back. An
-- index on (game, version) would put back the scattered page per move that this removes.
CREATE TABLE game_log (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    previous INTEGER,
    kind     TEXT    NOT NULL,
    seat     INTEGER,
    notation TEXT,
    at       INTEGER NOT NULL,
    clock_ms INTEGER
);
-- Each game's events get consecutive ids, in version order, so the event before one of
-- version > 1 is the row just before it.
INSERT INTO game_log (game_id, version, kind, seat, notation, at, clock_ms)
    SELECT game_id, version, kind, seat, notation, at, clock_ms FROM game_events
    ORDER BY game_id, version;
UPDATE game_log SET previous = id - 1
WHERE version > 1
  AND (SELECT p.game_id FROM game_log p WHERE p.id = game_log.id - 1) = game_log.game_id;
DROP TABLE game_events;
ALTER TABLE game_log RENAME TO game_events;

ALTER TABLE live_games ADD COLUMN last_event INTEGER;
ALTER TABLE games ADD COLUMN last_event INTEGER;
UPDATE live_games SET last_event = m.last
FROM (SELECT game_id, max(id) AS last FROM game_events GROUP BY game_id) AS m
WHERE live_games.table_id = m.game_id;
UPDATE games SET last_event = m.last
FROM (SELECT game_id, max(id) AS last FROM game_events GROUP BY game_id) AS m
WHERE games.table_id = m.game_id;
