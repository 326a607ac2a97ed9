-- A rematch names the game it follows. One rematch per game: a second one for the same game
-- breaks the unique index, so however the players ask (the game's actor may have stopped
-- and started again in between), a game is followed by one rematch at most.
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES tables (id);
CREATE UNIQUE INDEX games_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL;
