-- Requests per key (a route class and the client's address) in fixed windows of time, counted
-- here so that every node shares one limit on the routes that cost the most (sign-in,
-- sign-up, guests, new tables). Windows that ended are deleted by the nodes.
CREATE TABLE rate_windows (
    key          TEXT    NOT NULL,
    window_start BIGINT  NOT NULL,
    count        INTEGER NOT NULL,
    PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_windows_by_start ON rate_windows (window_start);
