-- One seat per account per table, kept by the database: two joins by one account sent at
-- once each found the other's seat still free when they looked, and both sat (issue 20; the
-- game then waited for ever at the second seat). A unique index refuses the second however
-- the two interleave.
--
-- An account already at two seats of one table (that bug's work) keeps its lowest seat. At an
-- open table the others are freed; at a started one they are handed to the stand-in AI, as
-- an absent player's seat is, so the stalled game can go on (the seat keeps no account: the
-- index allows one per table).
UPDATE seats
SET account_id = NULL,
    substituted = (SELECT t.status <> 'open' FROM tables t WHERE t.id = seats.table_id)
WHERE account_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM seats s
              WHERE s.table_id = seats.table_id AND s.account_id = seats.account_id
                AND s.seat < seats.seat);

-- The index by account (an account's tables) becomes this one, keyed by account first: one
-- index to write when a seat is taken, as before. Its condition lets `account_id = ?` use it.
DROP INDEX seats_account;
CREATE UNIQUE INDEX seats_one_per_account ON seats (account_id, table_id)
    WHERE account_id IS NOT NULL;
