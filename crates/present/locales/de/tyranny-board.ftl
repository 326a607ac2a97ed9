# The board in words: the last roll's die, drawn in the middle of the ring.
tyranny-board-die = Der Würfel in der Mitte des Rings zeigt { $face }: der letzte Wurf.
# The board in words: another seat's last move, marked on the ring until that seat moves again.
# $who: that seat's role ($who-name its name); $from and $to: tiles as in tyranny-tile.
tyranny-board-last-move = { $who ->
    [you] Dein letzter Zug
    [computer] Der letzte Zug des Computers
   *[person] Der letzte Zug von { $who-name }
}, auf dem Ring markiert: { $piece } von { $from } nach { $to }.
