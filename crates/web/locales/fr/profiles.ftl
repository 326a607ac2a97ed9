## Parties terminées filtrées et par pages, et les cotes des niveaux de l’ordinateur (ticket 34).

result-abandoned = annulée
games-pages = Pages des parties
games-page-link = Page { $page }
level-rating-provisional = { $level } ≈ { $rating } (provisoire)
