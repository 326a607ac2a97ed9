## Ended games filtered and paged, and the computer's levels' ratings (issue 34).

# A game called off before it really began, or a table nobody joined in time.
result-abandoned = abandoned
games-pages = Pages of games
games-page-link = Page { $page }
level-rating-provisional = { $level } ≈ { $rating } (provisional)
