## The game page's hint: the move the computer would play for you, and why.

hint-button = Hint
hint-heading = Hint
hint-not-played = The move is in the move box; nothing is played until you play it.
hint-not-seated = Hints are for the players of this game.
hint-not-casual = Hints are only given in games against the computer: another person plays at this table.
hint-not-your-turn = A hint is for your own turn.
hint-failed = The computer could not work out a hint just now. Try again in a moment.
