-- How each seat's game went: `won`, `lost` or `drawn` (SQLite's 0017, which says more).
ALTER TABLE seats ADD COLUMN result TEXT;
UPDATE seats SET result = (
    SELECT CASE
        WHEN jsonb_array_length(g.outcome::jsonb -> 'winners')
             >= (SELECT count(*) FROM seats c WHERE c.table_id = seats.table_id) THEN 'drawn'
        WHEN (g.outcome::jsonb -> 'winners') @> to_jsonb(seats.seat) THEN 'won'
        ELSE 'lost'
    END
    FROM games g WHERE g.table_id = seats.table_id AND g.outcome IS NOT NULL)
WHERE table_id IN (SELECT id FROM tables WHERE status = 'finished');
