-- The salt of each game's commitment to its secret seed (docs/security.md, "Provably fair
-- deals"): as secret as the seed until the game is over. Games dealt before have none, and
-- no commitment.
ALTER TABLE games ADD COLUMN salt TEXT;
