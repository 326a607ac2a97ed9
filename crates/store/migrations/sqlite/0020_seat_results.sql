-- How each seat's game went, written in the transaction that finishes it: `won`, `lost` or
-- `drawn` (every seat among the winners). "My games" and players' profiles filter and count
-- by it in SQL, one statement for both engines (issue 34). NULL until the game finishes; a
-- game called off has none (the reads call it abandoned from its table's status).
ALTER TABLE seats ADD COLUMN result TEXT;
-- Games finished before this migration, from their stored outcome
-- (`{"winners": [0, 2], "reason": "..."}`).
UPDATE seats SET result = (
    SELECT CASE
        WHEN json_array_length(g.outcome, '$.winners')
             >= (SELECT count(*) FROM seats c WHERE c.table_id = seats.table_id) THEN 'drawn'
        WHEN EXISTS (SELECT 1 FROM json_each(g.outcome, '$.winners') w
                     WHERE w.value = seats.seat) THEN 'won'
        ELSE 'lost'
    END
    FROM games g WHERE g.table_id = seats.table_id AND g.outcome IS NOT NULL)
WHERE table_id IN (SELECT id FROM tables WHERE status = 'finished');
