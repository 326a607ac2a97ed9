-- Rated tables and the ratings their games move (SQLite's 0014, which says what each holds).
ALTER TABLE tables ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false;
CREATE TABLE ratings (
    game       TEXT             NOT NULL,
    system     TEXT             NOT NULL,
    player     TEXT             NOT NULL,
    account_id BIGINT           REFERENCES accounts (id) ON DELETE CASCADE,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT           NOT NULL,
    wins       BIGINT           NOT NULL,
    updated_at BIGINT           NOT NULL,
    PRIMARY KEY (game, system, player)
);
CREATE INDEX ratings_ladder ON ratings (game, system, rating);
CREATE TABLE rating_changes (
    game_id   BIGINT           NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    player    TEXT             NOT NULL,
    game      TEXT             NOT NULL,
    system    TEXT             NOT NULL,
    before    DOUBLE PRECISION NOT NULL,
    rating    DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    won       BOOLEAN          NOT NULL,
    at        BIGINT           NOT NULL,
    PRIMARY KEY (game_id, player)
);
CREATE INDEX rating_changes_player ON rating_changes (player, game, at);
