-- The hint searched for a seat at one version of a game (`POST /games/{id}/hint`, `POST
-- /api/games/{id}/hint`): written once, by the first node to finish the search, and read by
-- every later press on any node or after a restart, so a seat's turn costs one search.
-- `hint` is the search's result as JSON (moves in notation, verdict), told in words when read.
CREATE TABLE hints (
    game_id    INTEGER NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    hint       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, version)
) WITHOUT ROWID;
