## The replay viewer: a game stepped through, and a record opened from disk.

replay-title = Replay of { $game }: { $players }
# $step, $steps: numbers.
replay-step-of = Step { $step } of { $steps }
replay-step-number = Step { $step }
replay-start = The game is dealt; nothing has been played yet.
replay-start-short = Start
replay-step-silent = Nothing anyone could see happened at this step.
replay-first = First step
replay-previous = Previous step
replay-next = Next step
replay-last = Last step
replay-nav-label = Steps
replay-keys-hint = Keys: ← previous step, → next step, Home first step, End last step.
replay-running = This game is still being played: the replay stops at its present move.
replay-view-as = View as
# $name: a player's name.
replay-as-seat = As { $name } saw it
replay-as-spectator = As a spectator saw it
replay-as-all = Everything revealed
replay-hands = Every hand at this step
replay-hand-empty = nothing
replay-game-link = The game's page
replay-link = Replay
replay-open-link = Open a record from disk
replay-open-title = Open a game record
# $title: the page's title.
replay-open-title-error = Error: { $title }
replay-open-intro = Choose a game's record (the JSON file a finished game's page offers) or paste its text: it is checked and shown step by step. Nothing is kept on the server.
replay-open-file = Record file
replay-open-text = The record's text
# $kb: a number of kilobytes.
replay-open-hint = JSON, at most { $kb } KB.
replay-open-submit = Show the replay
replay-record-empty = Choose a record file or paste a record.
replay-record-too-large = The record is larger than { $kb } KB.
# $reason: what is wrong, as a clause.
replay-record-bad = The record cannot be replayed: { $reason }.
replay-bad-step = The step must be a whole number.
replay-no-such-step = The game has no such step.
replay-bad-view = There is no such view: choose a seat’s number, “spectator” or “all”.
replay-hidden-while-playing = While the game is being played, its replay shows only what you may see now.
