-- Email when it is an account's turn in a correspondence game (SQLite's 0011).
CREATE TABLE mail_settings (
    account_id BIGINT  PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    address    TEXT    NOT NULL,
    lang       TEXT    NOT NULL,
    turn_mail  BOOLEAN NOT NULL,
    updated_at BIGINT  NOT NULL
);
CREATE TABLE turn_mails (
    game_id    BIGINT NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    version    BIGINT NOT NULL,
    off_hash   TEXT   NOT NULL,
    claimed_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, account_id, version)
);
CREATE UNIQUE INDEX turn_mails_off ON turn_mails (off_hash);
