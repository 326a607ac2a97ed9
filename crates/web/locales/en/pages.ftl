# The site's frame
skip-to-content = Skip to the main content
nav-label = Main
nav-lobby = Lobby
nav-my-games = My games
nav-settings = Settings
sign-in = Sign in
sign-up = Sign up
sign-out = Sign out
signed-in-as = Signed in as { $name }
signed-in-guest = { $name } (guest)
language = Language
language-apply = Change language
footer-about = Agora: Tyrus, Tsuro and Tyranny, with friends or the computer. Nothing leaves this site.
title-with-errors = Error: { $title }
you-tag = you
copy = Copy
back-home = Back to the home page

# Games
game-tyrus = Tyrus
game-tsuro = Tsuro
game-tyranny = Tyranny
game-tyrus-blurb = Two parties, nine elections, hidden tiles and bluff.
game-tsuro-blurb = Lay tiles, follow the paths, stay on the board.
game-tyranny-blurb = Cops against criminals for the city's influence.
level-label = Computer's level
level-easy = easy
level-medium = medium
level-hard = hard

# Home
home-title = Play board games
home-heading = Board games with friends or the computer
home-intro = Agora is a hall for three games. Play at once against the computer, open a table for a friend, or watch a game.
play-against-computer = Play { $game } against the computer
home-guest-note = No account needed: you play as a guest, and can sign up later.
home-open-tables = Tables waiting for players
home-watch = Games being played
home-nothing-to-watch = No game is being played in public right now.

# Accounts
sign-up-title = Create an account
sign-up-intro = An account keeps your games and settings on every device.
sign-in-title = Sign in
field-name = Name
field-name-hint = 2 to 24 letters, digits, spaces, hyphens or underscores.
field-password = Password
field-password-hint = At least 8 characters.
have-account = Already have an account?
no-account = No account yet?
guest-title = Play as a guest
guest-intro = A guest plays at once, without a password, for as long as this browser keeps the session.
field-guest-name = Name to show (optional)
play-as-guest = Play as a guest
join-as-guest-hint = You will join as a guest under this name; leave it empty for a name chosen for you.
error-summary-title = There is a problem
error-prefix = Error:
error-name-missing = Enter a name
error-password-missing = Enter a password
error-name-taken = That name is taken, or looks too much like one that is. Choose another.
error-name-rules = Use 2 to 24 letters, digits, spaces, hyphens or underscores, with no space at either end.
error-password-rules = Use a password of 8 to 128 characters.
error-bad-credentials = The name or the password is not right.

# Settings
settings-title = Settings
settings-saved = Your settings are saved.
theme = Colours
theme-system = Follow the system
theme-light = Light
theme-dark = Dark
settings-play = Playing
settings-confirm-moves = Ask me to confirm each move before it is sent
settings-confirm-moves-hint = A mistaken click then costs nothing.
settings-text-first = Text first
settings-text-first-hint = Boards as text and tables first, pictures after: best with a screen reader.
settings-reduced-motion = Reduce motion
settings-save = Save settings

# Lobby
lobby-title = Lobby
lobby-create = Open a table
lobby-sign-in-first = Sign in, or play as a guest, to open a table.
lobby-game = Game
lobby-opponent = Opponent
seat-choice-open = Anyone who joins
seat-choice-invite = A friend, through an invitation link
seat-choice-ai-easy = The computer, easy
seat-choice-ai-medium = The computer, medium
seat-choice-ai-hard = The computer, hard
lobby-clock = Clock
lobby-clock-live = Live clock
lobby-minutes = Minutes each
lobby-increment = Seconds added per move
lobby-clock-correspondence = One move a day or more (correspondence)
lobby-days = Days per move
lobby-listed = List this table in the lobby
lobby-listed-hint = Unlisted tables are found only through their link.
lobby-create-button = Open the table
lobby-open-tables = Tables waiting for players
lobby-no-tables = No table is waiting for players.
lobby-create-link = Open one in the lobby.
error-seat-choice = Choose who plays the other seat.
error-clock-number = Enter the clock's times as whole numbers.
error-clock-live-range = A live clock takes 1 to 180 minutes, and adds 0 to 600 seconds per move.
error-clock-days-range = Correspondence takes 1 to 30 days per move.
seat-computer = the computer ({ $level })
seat-invited = a seat kept for an invited friend
seat-open = an open seat
clock-untimed = No clock
clock-live = { $minutes } min + { $increment } s
clock-correspondence = { $count ->
    [one] { $count } day per move
   *[other] { $count } days per move
}
clock-unknown = Unknown clock
table-yours = your table
table-open-yours = Go to your table
table-join-game = Join this game of { $game }
table-view = View

# A table waiting for players
table-title = A table of { $game }
table-waiting = Waiting for players. The game starts as soon as every seat is taken.
table-cancelled = This table was cancelled.
table-clock = Clock
table-visibility = Visibility
table-listed = Listed in the lobby
table-unlisted = Unlisted: only people with the link can find it
table-seats = Seats
invite-title = Invite a friend
invite-hint = Send this link to the friend you want to play. It is shown only now: keep it until they join.
invite-link = Invitation link
table-join = Take the seat
table-sign-in-to-join = Sign in to join with your account
table-leave = Leave the table
table-cancel = Cancel the table
table-reload-hint = Reload this page to see who has joined.

# My games
games-title = My games
games-waiting = { $count ->
    [one] { $count } game waits for you
   *[other] { $count } games wait for you
}
games-none-waiting = No game waits for your move.
games-playing = Other games being played
games-open = Your tables waiting for players
games-finished = Finished games
games-none = None.

# Errors
error-title = Something went wrong
error-internal = Something went wrong on our side. Try again in a moment.
error-not-found = There is nothing at this address.
error-form-expired = This form has expired or did not come from this site. Go back, reload the page and try again.
error-code-bad_request = The request was not understood.
error-code-too_large = That is too long.
error-code-rate_limited = Too many requests at once. Wait a few seconds and try again.
error-code-unauthorized = Sign in first.
error-code-bad_credentials = The name or the password is not right.
error-code-forbidden = You are not allowed to do that.
error-code-not_found = There is no such table or game.
error-code-unknown_game = There is no such game.
error-code-invalid_setup = A table cannot start with those options.
error-code-name_taken = That name is taken.
error-code-seat_taken = That seat has just been taken.
error-code-wrong_state = That cannot be done at this table now.
error-code-not_your_turn = It is not your turn.
error-code-bad_notation = That is not a move.
error-code-illegal_move = That move is not allowed.
error-code-stale_version = The game moved on before your move arrived. Look at the board again.
error-code-game_over = The game is over.
error-code-not_finished = The game is not over yet.
error-code-unavailable = The game cannot be reached right now. Try again in a moment.
