## The game page's commitment to its deal (docs/security.md, "Provably fair deals").
## $fingerprint: the first hex digits of the commitment.

deal-commitment-summary = Deal commitment: { $fingerprint }
deal-commitment-explain = Before anything was dealt, the server fixed this game's secret seed, from which the deal and every chance move come, and published its SHA-256 fingerprint here. The seed stays secret until the game is over; then it is revealed with its salt, so that anyone can check that the server changed nothing.
deal-commitment-label = Commitment (SHA-256)
deal-seed-label = Seed
deal-salt-label = Salt
deal-check-by-hand = Check it by hand: the SHA-256 of the seed, a colon and the salt must be the commitment.
deal-check-record = Or download the game's record and run: agora verify RECORD
deal-reveal-later = The seed and its salt are revealed when the game is over.
