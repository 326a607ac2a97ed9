# The replay viewer, added: a seat's own hand when the board does not show it.
# $name: a player's name.
replay-own-hand = { $name }'s hand at this step
