## agora play --server URL: the terminal as a client of a server. $who: you | computer |
## person, with $who-name the person's name.

remote-signed-in = Signed in on { $server } as { $name }.
remote-password = Password for { $name }:
remote-no-password = No password was given: type it at the prompt, or set AGORA_PASSWORD.
remote-bad-credentials = Wrong name or password.
remote-unreachable = The server at { $server } cannot be reached: { $error }
remote-lobby-help = Commands: tables (the open tables and your own), open ID (play or watch a table), join LINK (an invitation link, or the id of an open table), new GAME computer LEVEL (against the computer: beginner, easy, medium or hard), new GAME people (a table open to anyone), players N (the number of players of your next new table), help, quit.
remote-tables-none = No table is waiting for players.
remote-tables = { $count ->
    [one] One table waits for players:
   *[other] { $count } tables wait for players:
}
# One table: its id (typed to open it), the game, the seats taken, and who sits there.
remote-table-line = { $id }: { $game }, { $filled } of { $seats ->
    [one] one seat
   *[other] { $seats } seats
} taken ({ $names }).
remote-mine-none = You sit at no table.
remote-mine = Your tables:
remote-mine-line = { $id }: { $game }, { $status ->
    [open] waiting for players
    [playing] being played
    [finished] over
   *[other] called off
}.
remote-created = Table { $id } is ready.
remote-invite = Invitation for seat { $seat }: { $link }
remote-waiting = Waiting for players: { $filled } of { $seats ->
    [one] one seat
   *[other] { $seats } seats
} taken. Type quit to stop waiting.
remote-joined = You sit at seat { $seat } of table { $id }.
remote-bad-link = Neither an invitation link nor a table id: { $link }
remote-new-how = Type new, a game (tyrus, tsuro or tyranny), then computer and a level (beginner, easy, medium or hard), or people.
remote-players = Your next new table is for { $count ->
    [one] one player
   *[other] { $count } players
}.
remote-players-how = Type players and a number.
remote-unknown-command = Unknown command. Type help for the commands.
remote-cannot-play = This terminal cannot play { $game } on a server yet: play it in the browser.
remote-spectator = You watch this game as a spectator.
remote-connection-lost = Connection lost, reconnecting…
remote-reconnected = Reconnected.
remote-gave-up = The server cannot be reached: giving up. The game goes on there; open it again with --table { $id }.
remote-left = You left the game; it goes on on the server. Open it again with --table { $id }.
remote-commands = Commands: help, board, hand, status, history, moves (your legal moves), hint (against the computer only), say TEXT (chat), quick (the quick messages), quick N (send one), resign, quit (leave; the game goes on).
remote-hint-people = Hints are for games against the computer only.
remote-chat = Chat: { $says }
remote-quick-list = Quick messages (type quick and the number): { $list }
remote-quick-which = Type quick and a number from 1 to { $count }.
remote-say-what = Type say and your message.
remote-chat-guest = Guests may send quick messages only (type quick to see them); sign up to write.
remote-chat-bad = A message has 1 to 300 characters.
remote-rate-limited = Too many at once: wait a moment, then try again.
remote-not-your-turn = It is not your turn.
remote-stale = The game moved on before your move arrived: look again.
remote-game-over = The game is over.
remote-forbidden = Only a player at this table may do that.
remote-refused = The server refused: { $message }
remote-missed-move = { $who ->
    [you] You moved
    [computer] The computer moved
   *[person] { $who-name } moved
}: { $move }.
# The name of a guest the server numbers ("Guest 12").
remote-guest = Guest
