-- Web Push for correspondence games (SQLite's 0017).
CREATE TABLE push_subscriptions (
    endpoint   TEXT   PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    p256dh     TEXT   NOT NULL,
    auth       TEXT   NOT NULL,
    lang       TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_account ON push_subscriptions (account_id);
CREATE TABLE turn_pushes (
    game_id    BIGINT NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    version    BIGINT NOT NULL,
    claimed_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, account_id, version)
);
CREATE TABLE vapid_keys (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    pkcs8      TEXT    NOT NULL,
    created_at BIGINT  NOT NULL
);
