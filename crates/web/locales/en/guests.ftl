# Guests and the lobby: what carries over when a guest signs up, and the lobby's choices.

guest-sign-up-keeps = You are playing as a guest: signing up keeps your games, your seats and your settings. Keep your guest name or choose another.
lobby-create-as-guest = Open the table as a guest
lobby-sign-in-then-create = Sign in first

# "My games": the time left for a correspondence move.
games-left-days = { $count ->
    [one] 1 day left
   *[other] { $count } days left
}
games-left-hours = { $count ->
    [one] 1 hour left
   *[other] { $count } hours left
}
games-left-minutes = { $count ->
    [one] 1 minute left
   *[other] { $count } minutes left
}
games-time-up = Time is up

# A table whose free seats wait for invited friends, seen by someone else.
table-kept-for-friends = Its free seats are kept for invited friends: only their invitation link lets you join.
