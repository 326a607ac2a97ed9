## Die Regelseiten (/rules, /rules/<Spiel>) und die Links dorthin.

nav-rules = Regeln
rules-index-title = Die Spielregeln
rules-index-intro = Die vollständigen Regeln jedes Spiels auf Agora, mit Abbildungen und Agoras Regelentscheidungen.
# $game: der Name des Spiels.
rules-page-title = So spielst du { $game }
rules-link = Regeln von { $game }
rules-contents = Inhalt
rules-others = Die anderen Spiele:
rules-read-full = Die vollständigen Regeln lesen
# Die Parteien im Rechenbeispiel von Tyrus, nach den Farben der Spielsteine.
rules-tyrus-brown = Braun
rules-tyrus-beige = Beige
# Die Plätze eines Tisches in den Abbildungen der Regeln. $number: 1 bis 4.
rules-player = Spieler { $number }
