# The key to the Tyranny board: the marks the ring carries besides the table.
tyranny-key-piece-to-move = the piece to move (ringed)
tyranny-key-last-move = another player's last move (arrow from a hollow ring)
tyranny-key-die = the last roll (the die in the middle)
