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
level-beginner = beginner
level-easy = easy
level-medium = medium
level-hard = hard

# Home
home-title = Play board games
home-heading = Board games with friends or the computer
home-intro = Agora is a hall for board games. Play Tyrus, Tsuro or Tyranny here at once against the computer, open a table for friends, or watch a game.
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
# The name of a guest who gives none; $number is four digits.
guest-default-name = Guest { $number }
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
seat-choice-ai-beginner = The computer, beginner
seat-choice-ai-easy = The computer, easy
seat-choice-ai-medium = The computer, medium
seat-choice-ai-hard = The computer, hard
seat-choice-none = No player
lobby-more-seats = More players
lobby-more-seats-hint = Tsuro takes 2 to 8 players, Tyranny 2 to 4 and Tyrus 2. Leave a seat at “No player” to play with fewer.
lobby-seat-number = Seat { $number }
lobby-tsuro-bonus = Tsuro: elimination bonus
lobby-tsuro-bonus-hint = Whoever puts other markers out may exchange tiles with their hands (the rulebook’s advanced rule).
error-seat-count-exact = { $game } is played by { $min ->
    [one] { $min } player
   *[other] { $min } players
}; this table would have { $count }.
error-seat-count-range = { $game } is played by { $min } to { $max ->
    [one] { $max } player
   *[other] { $max } players
}; this table would have { $count }.
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
error-offline = The server cannot be reached. Check your connection; the page will catch up when it is back.
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
error-code-unsupported_media_type = The request was not sent as the server expects.
error-code-cross_site = This request came from another site, so it was refused. Go back to Agora and try again from its page.
error-code-limit_reached = You have reached the limit of tables or games against the computer at once. Finish or cancel one first.

# A game's page
game-title = { $game }: { $players }
game-over = The game is over
game-aborted = The game was called off before it really began.
game-record = The game's record (JSON)
players-label = Players
to-move = to move
your-turn = Your turn.
spectating = You are watching this game.
seat-stand-in = played by the computer
clock-label = clock:
clock-warning-minute = One minute left on your clock.
clock-warning-seconds = { $count ->
    [one] One second left on your clock.
   *[other] { $count } seconds left on your clock.
}
history-title = What happened
rules-title = How to play
move-box-label = Or type your move
move-box-play = Play
move-missing = Choose a tile and a building, or type a move.
confirm-title = Confirm
confirm-move = Yes, play it
confirm-yes = Yes
confirm-no = No, go back
confirm-back = No, go back to the game
confirm-resign = Resign this game? Your opponent wins it.
confirm-abort = Call this game off? Nobody wins it.
resign = Resign
abort = Call the game off
offer-draw = Offer a draw
accept-draw = Accept the draw
decline-draw = Decline the draw
draw-offered-by = { $names } offered a draw.
draw-offered-you = You offered a draw.
rematch = Ask for a rematch
rematch-asked = You asked for a rematch; waiting for the others.
rematch-offered-by = { $names } asked for a rematch.
rematch-go = Go to the rematch

# Tyrus on the page
tyrus-board-label = The six buildings
tyrus-board-hint = Choose a tile from your hand, then a building. Arrow keys move between buildings.
tyrus-building-label = { $owner ->
    [you] Your { $kind ->
        [citadel] citadel
        [market] market
       *[temple] temple
    }
    [computer] The computer's { $kind ->
        [citadel] citadel
        [market] market
       *[temple] temple
    }
   *[person] { $owner-name }'s { $kind ->
        [citadel] citadel
        [market] market
       *[temple] temple
    }
}
tyrus-row-caption = { $owner ->
    [you] Your buildings
    [computer] The computer's buildings
   *[person] { $owner-name }'s buildings
}
tyrus-cell-empty = empty
tyrus-cell-face-up = { $who ->
    [you] your tiles
    [computer] the computer's tiles
   *[person] { $who-name }'s tiles
}: { $tiles }
tyrus-cell-face-down = { $count ->
    [one] one face-down tile
   *[other] { $count } face-down tiles
} of { $who ->
    [you] yours
    [computer] the computer
   *[person] { $who-name }
}
tyrus-elected-mark = counted now
tyrus-no-election = No election: the game is over
tyrus-election-card = Election { $number } of 9: { $office } ({ $profession } in the { $kind ->
    [citadel] citadels
    [market] markets
   *[temple] temples
})
tyrus-cards-left = { $count ->
    [one] One election card face down
   *[other] { $count } election cards face down
}: { $general ->
    [one] { $general } general
   *[other] { $general } generals
}, { $guildmaster ->
    [one] { $guildmaster } guildmaster
   *[other] { $guildmaster } guildmasters
}, { $highpriest ->
    [one] { $highpriest } high priest
   *[other] { $highpriest } high priests
}.
tyrus-hand = { $count ->
    [one] Your hand: one tile
   *[other] Your hand: { $count } tiles
}
tyrus-hand-empty = Your hand is empty.
tyrus-choose-tile-first = Choose a tile from your hand first.
tyrus-confirm-place = Place { $tile } in { $building }?
tyrus-move-box-hint = A tile, own or opp, and a building: for example S7 own citadel.
tyrus-chart = Elections
tyrus-chart-number = No.
tyrus-chart-office = Office
tyrus-chart-winner = Won by
tyrus-chart-count = Count: votes − (blocks − counters)
tyrus-card-face-down = face down
tyrus-null = null election
tyrus-in-progress = being played
tyrus-counts = Tiles not yet seen
tyrus-unseen = { $who ->
    [you] Your draw pile
    [computer] The computer's unseen tiles
   *[person] { $who-name }'s unseen tiles
}, { $profession } ({ $count })
tyrus-none = none
tyrus-hand-shown = { $who ->
    [you] Your hand
    [computer] The computer's hand
   *[person] { $who-name }'s hand
}: { $tiles } ({ $total }).
