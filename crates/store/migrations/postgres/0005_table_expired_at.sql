-- Open tables nobody joined are called off (`agora serve --table-expiry-*`): when, so that the
-- pages say the table expired rather than that its creator called it off (SQLite's 0011).
ALTER TABLE tables ADD COLUMN expired_at BIGINT;
