-- Expired sessions are pruned whenever a session is created; without this index each prune
-- read every session.
CREATE INDEX sessions_expiry ON sessions (expires_at);
