# The board in words: the last roll's die, drawn in the middle of the ring.
tyranny-board-die = Le dé au centre de l’anneau indique { $face } : c’est le dernier lancer.
# The board in words: another seat's last move, marked on the ring until that seat moves again.
# $who: that seat's role ($who-name its name); $from and $to: tiles as in tyranny-tile.
tyranny-board-last-move = { $who ->
    [you] Votre dernier déplacement
    [computer] Dernier déplacement de l’ordinateur
   *[person] { $who-elide ->
        [yes] Dernier déplacement d’{ $who-name }
       *[no] Dernier déplacement de { $who-name }
    }
}, marqué sur l’anneau : { $piece } de la { $from } à la { $to }.
