## The seat row: a player the reader muted (their chat messages no longer reach the reader).
seat-chat-muted = chat muted

## A date's day of the month (deadlines, the rating chart's dates). $day: 1 to 31.
date-day = { $day }
