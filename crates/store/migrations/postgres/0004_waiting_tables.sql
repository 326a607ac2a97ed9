-- Open tables that nobody joins expire (`agora serve --table-expiry-*`): found by age among
-- every open table, listed or not; the lobby's listing reads this index too (SQLite's 0010).
DROP INDEX tables_open;
CREATE INDEX tables_waiting ON tables (created_at) WHERE status = 'open';
