## The rules pages (/rules, /rules/<game>) and the links to them.

nav-rules = Rules
rules-index-title = The rules
rules-index-intro = The whole rules of each game Agora plays, with pictures and Agora's rulings.
# $game: the game's name.
rules-page-title = How to play { $game }
rules-link = Rules of { $game }
rules-contents = Contents
rules-others = The other games:
rules-read-full = Read the full rules
# The parties in Tyrus's worked example, by the colours of the rulebooks' tiles.
rules-tyrus-brown = Brown
rules-tyrus-beige = Beige
# The seats of a table in the rules' figures. $number: 1 to 4.
rules-player = Player { $number }
