# The board in words: the last roll's die, drawn in the middle of the ring.
tyranny-board-die = The die in the middle of the ring shows { $face }: the last roll.
# The board in words: another seat's last move, marked on the ring until that seat moves again.
# $who: that seat's role ($who-name its name); $from and $to: tiles as in tyranny-tile.
tyranny-board-last-move = { $who ->
    [you] Your last move
    [computer] The computer's last move
   *[person] { $who-name }'s last move
}, marked on the ring: { $piece } from { $from } to { $to }.
