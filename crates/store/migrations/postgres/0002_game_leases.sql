-- Which node owns each game it runs: the one whose lease has not expired. A node renews all
-- its leases with every heartbeat; a node that dies stops renewing, and once its leases
-- expire any other node takes its games over (docs/architecture.md, "Several nodes").
CREATE TABLE game_leases (
    game_id    BIGINT PRIMARY KEY REFERENCES games (table_id) ON DELETE CASCADE,
    node       TEXT   NOT NULL,
    -- The owner's last renewal: the last moment it was known to run the game, from which a
    -- taker-over resumes the clocks (the gap is charged to nobody).
    renewed_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX game_leases_node ON game_leases (node);
