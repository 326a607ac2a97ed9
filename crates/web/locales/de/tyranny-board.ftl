# The key to the Tyranny board: the marks the ring carries besides the table.
tyranny-key-piece-to-move = die Figur am Zug (umringt)
tyranny-key-last-move = der letzte Zug eines anderen Spielers (Pfeil ab einem leeren Kreis)
tyranny-key-die = der letzte Wurf (der Würfel in der Mitte)
