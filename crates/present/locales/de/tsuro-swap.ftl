# Die Wahl beim Bonus fürs Ausschalten, für die Knöpfe der Seite und ihre Rückfrage.
tsuro-swap-choice = { $give } abgeben, { $take } nehmen
