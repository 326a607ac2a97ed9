-- Email when it is an account's turn in a correspondence game (`agora serve --smtp`).
-- An account's address, the language its messages are written in, and whether it wants
-- them (off by default: a row exists only once the account gave an address).
CREATE TABLE mail_settings (
    account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    address    TEXT    NOT NULL,
    lang       TEXT    NOT NULL,
    turn_mail  BOOLEAN NOT NULL,
    updated_at INTEGER NOT NULL
);
-- One row per message, written before it is sent: the key lets one message be sent per game,
-- account and turn (the game's version when the turn began), whichever node or retry tries.
-- Each message's off-link carries a secret of its own; only its hash is kept.
CREATE TABLE turn_mails (
    game_id    INTEGER NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    off_hash   TEXT    NOT NULL,
    claimed_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, account_id, version)
) WITHOUT ROWID;
CREATE UNIQUE INDEX turn_mails_off ON turn_mails (off_hash);
