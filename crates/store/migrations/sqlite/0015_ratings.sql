-- Rated tables and the ratings their games move (issue 34). A table is casual unless its
-- creator asked for it rated.
ALTER TABLE tables ADD COLUMN rated BOOLEAN NOT NULL DEFAULT 0;
-- Each player's rating in each game and rating system (`glicko2` for two seats, `weng_lin`
-- for larger tables and teams: the two scales differ, so they are two ladders). A player is
-- an account (`account:42`) or one of the computer's levels (`ai:hard`), each of which is
-- rated as a player of its own. `volatility` is Glicko-2's; Weng-Lin keeps none (0).
CREATE TABLE ratings (
    game       TEXT    NOT NULL,
    system     TEXT    NOT NULL,
    player     TEXT    NOT NULL,
    -- The account when the player is one (its name is the account's), else NULL.
    account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (game, system, player)
) WITHOUT ROWID;
CREATE INDEX ratings_ladder ON ratings (game, system, rating);
-- What each rated game did to each of its players' ratings, written in the transaction that
-- ends the game. Its key makes a game rate each player once, whatever replays its end.
CREATE TABLE rating_changes (
    game_id   INTEGER NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    player    TEXT    NOT NULL,
    game      TEXT    NOT NULL,
    system    TEXT    NOT NULL,
    before    REAL    NOT NULL,
    rating    REAL    NOT NULL,
    deviation REAL    NOT NULL,
    won       BOOLEAN NOT NULL,
    at        INTEGER NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;
CREATE INDEX rating_changes_player ON rating_changes (player, game, at);
