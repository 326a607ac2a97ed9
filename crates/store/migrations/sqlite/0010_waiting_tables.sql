-- Open tables that nobody joins expire (`agora serve --table-expiry-*`): they are found by age
-- among every open table, listed or not. This index replaces the one of listed open tables
-- (0006), which the lobby's listing reads this one instead of: still one index entry to
-- remove when a table's game starts.
DROP INDEX tables_open;
CREATE INDEX tables_waiting ON tables (created_at) WHERE status = 'open';
