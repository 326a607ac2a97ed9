-- Two costs paid each time a game starts or ends, hundreds of times a second under load.
--
-- 1. The CHECK constraints on accounts.kind, tables.status and seats.kind were `IN` lists of
-- more than two values, which SQLite checks by building and dropping a temporary index on
-- every insert and every status change. The same constraints written as comparisons are
-- checked without one. SQLite cannot alter a constraint, and rebuilding these tables would
-- run the ON DELETE CASCADE actions of the tables that refer to them; the schema's text is
-- changed in place instead, SQLite's documented way for changes that leave every stored row
-- as it is (https://sqlite.org/lang_altertable.html, section "ALTER TABLE ... writable_schema").
-- A connection reads the new text the next time it opens the database.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(
    sql,
    'CHECK (kind IN (''user'', ''guest'', ''bot''))',
    'CHECK (kind = ''user'' OR kind = ''guest'' OR kind = ''bot'')')
WHERE type = 'table' AND name = 'accounts';
UPDATE sqlite_schema
SET sql = replace(
    sql,
    'CHECK (status IN (''open'', ''playing'', ''finished'', ''aborted'', ''cancelled''))',
    'CHECK (status = ''open'' OR status = ''playing'' OR status = ''finished''
               OR status = ''aborted'' OR status = ''cancelled'')')
WHERE type = 'table' AND name = 'tables';
UPDATE sqlite_schema
SET sql = replace(
    sql,
    'CHECK (kind IN (''open'', ''ai'', ''invite''))',
    'CHECK (kind = ''open'' OR kind = ''ai'' OR kind = ''invite'')')
WHERE type = 'table' AND name = 'seats';
PRAGMA writable_schema = OFF;

-- 2. The index on every table's (status, public) took a scattered page write when a game
-- started and two when it ended. Only open tables are looked up by status (the lobby); a
-- restart finds the games being played through live_games, which holds exactly those.
DROP INDEX tables_status;
CREATE INDEX tables_open ON tables (created_at) WHERE status = 'open' AND public;
