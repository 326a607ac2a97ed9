# The key to the Tyranny board: the marks the ring carries besides the table.
tyranny-key-piece-to-move = le pion qui joue (cerclé)
tyranny-key-last-move = le dernier déplacement d’un autre joueur (flèche partant d’un rond vide)
tyranny-key-die = le dernier lancer (le dé au centre)
