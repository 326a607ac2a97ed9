# The replay viewer, added: a seat's own hand when the board does not show it.
# $name: a player's name.
replay-own-hand = { $name }'s hand at this step

# The rating chart's axes (a profile's rating history).
# $day, $year: numbers; $month: the month's name (deadline-month).
chart-date = { $month } { $day }, { $year }
chart-axis-rating = Rating
chart-axis-games = Rated games, oldest to newest
# $first, $last: dates (chart-date).
chart-dates = Games from { $first } to { $last }
