# Le visionneur de parties, complété : la main d’une place quand le plateau ne la montre pas.
# $name : le nom d’un joueur.
replay-own-hand = La main de { $name } à cette étape

# Les axes du graphique de la cote (sur un profil).
# $day, $year : des nombres ; $month : le nom du mois (deadline-month).
chart-date = { $day } { $month } { $year }
chart-axis-rating = Cote
chart-axis-games = Parties classées, de la plus ancienne à la plus récente
# $first, $last : des dates (chart-date).
chart-dates = Parties du { $first } au { $last }
