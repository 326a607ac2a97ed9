## Beendete Partien gefiltert und seitenweise, und die Wertungen der Stufen des Computers (Issue 34).

result-abandoned = abgebrochen
games-pages = Seiten der Partien
games-page-link = Seite { $page }
level-rating-provisional = { $level } ≈ { $rating } (vorläufig)
