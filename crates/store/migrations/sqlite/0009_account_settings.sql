-- A signed-up account's settings for the web pages (language, theme, ...), kept as the
-- pages write them: one short text the store does not read into.
CREATE TABLE account_settings (
    account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    settings   TEXT    NOT NULL,
    updated_at INTEGER NOT NULL
);
