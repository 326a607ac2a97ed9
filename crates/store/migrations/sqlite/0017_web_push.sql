-- Web Push for correspondence games (docs/security.md "Web Push").
-- Each browser (device) an account turned notifications on in: the push service's endpoint
-- and the keys its messages are encrypted to (RFC 8291, base64url), and the language of the
-- page it was made on (the account's settings win). An endpoint belongs to one
-- account at a time: a browser that signs up again under another account moves with it.
CREATE TABLE push_subscriptions (
    endpoint   TEXT    PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    p256dh     TEXT    NOT NULL,
    auth       TEXT    NOT NULL,
    lang       TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_account ON push_subscriptions (account_id);
-- One row per turn pushed, written before anything is sent: one push per game, account and
-- turn (the game's version when the turn began), whichever node or retry tries; as turn_mails.
CREATE TABLE turn_pushes (
    game_id    INTEGER NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    claimed_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, account_id, version)
) WITHOUT ROWID;
-- The server's VAPID key (RFC 8292): one P-256 private key, PKCS#8 in base64url, made by the
-- first node that needed it and read by every other.
CREATE TABLE vapid_keys (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    pkcs8      TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
