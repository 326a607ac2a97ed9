# Der Wiederholungs-Betrachter, ergänzt: die Hand eines Platzes, wenn das Brett sie nicht zeigt.
# $name: der Name eines Spielers.
replay-own-hand = Die Hand von { $name } bei diesem Schritt

# Die Achsen des Wertungsverlaufs (auf dem Profil).
# $day, $year: Zahlen; $month: der Name des Monats (deadline-month).
chart-date = { $day }. { $month } { $year }
chart-axis-rating = Wertung
chart-axis-games = Gewertete Partien, die älteste zuerst
# $first, $last: Daten (chart-date).
chart-dates = Partien vom { $first } bis zum { $last }
