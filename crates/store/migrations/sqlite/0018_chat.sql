-- Table chat (issue 36): each game has two chats, its players' and its spectators', kept
-- with the game and shown in its replay. A message is free text or the code of a quick
-- message (`kind`), worded for each reader when shown. The rate limit per account counts
-- the account's own rows (hence the index by account and time), so it holds across nodes.
CREATE TABLE chat_messages (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (table_id) ON DELETE CASCADE,
    channel    TEXT    NOT NULL CHECK (channel IN ('players', 'spectators')),
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CHECK (kind IN ('text', 'quick')),
    body       TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX chat_messages_by_game ON chat_messages (game_id, id);
CREATE INDEX chat_messages_by_account ON chat_messages (account_id, created_at);

-- Whom an account muted: their messages are never sent to it, nor shown to it.
CREATE TABLE chat_mutes (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    muted_id   INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, muted_id)
) WITHOUT ROWID;
CREATE INDEX chat_mutes_by_muted ON chat_mutes (muted_id);

-- Accounts that turned table chat off: no panel, no chat frames.
CREATE TABLE chat_off (
    account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL
);

-- A reported table chat: a copy of both chats as they were (JSON), for an operator
-- (`agora admin reports`), kept even if the game goes.
CREATE TABLE chat_reports (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL,
    reporter_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    reason      TEXT    NOT NULL,
    messages    TEXT    NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE INDEX chat_reports_by_time ON chat_reports (created_at);
