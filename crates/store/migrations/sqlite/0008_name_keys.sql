-- Names that look alike must not both be registered: each account keeps the key its name
-- compares by (NFKC, lower case, the Unicode confusables skeleton: `name_key.rs`), unique
-- among signed-up users and bots. Guests may share keys with one another.
-- The keys of existing accounts are filled in by the store right after this migration
-- (the skeleton is not SQL); an older account whose key another took first keeps none.
ALTER TABLE accounts ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX accounts_name_key ON accounts (name_key) WHERE kind <> 'guest';
CREATE INDEX accounts_guest_name_key ON accounts (name_key) WHERE kind = 'guest';
