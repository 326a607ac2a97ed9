-- Where each guest was made: the client's address (or the client a trusted proxy named). The
-- guests of one address share quotas, so this is read by every node and survives restarts.
-- Rows are deleted once the guest's session has expired (a guest cannot sign in again).
CREATE TABLE guest_origins (
    account_id BIGINT  PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    address    TEXT    NOT NULL,
    created_at BIGINT  NOT NULL
);
CREATE INDEX guest_origins_by_address ON guest_origins (address, created_at);
CREATE INDEX guest_origins_by_age ON guest_origins (created_at);
