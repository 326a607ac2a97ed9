-- The tables an account created that still count against its limits (open ones, and games
-- being played), found by creator: with several nodes, the limits are counted here rather
-- than in each node's memory.
CREATE INDEX tables_live_by_creator ON tables (created_by)
    WHERE status = 'open' OR status = 'playing';
