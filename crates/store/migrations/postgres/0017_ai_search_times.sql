-- How long searches take, for the wait a queued computer's move is told (issue 35): when a
-- taker took each job, and per game and level a running mean of the searches' times (from
-- taken to written back), which every node reads to say how long the jobs ahead will take.
ALTER TABLE ai_jobs ADD COLUMN taken_at BIGINT;
CREATE TABLE ai_search_times (
    game     TEXT   NOT NULL,
    level    TEXT   NOT NULL,
    mean_ms  BIGINT NOT NULL,
    searches BIGINT NOT NULL,
    PRIMARY KEY (game, level)
);
