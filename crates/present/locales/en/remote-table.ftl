## agora play --server URL: the commands of the table around a game (draw, abort, rematch,
## mute, report). $who: you | computer | person, with $who-name the person's name.

remote-table-commands = At the table: offer draw (or accept draw: offer a draw, or accept the one offered), decline draw, abort (call the game off before your first move), resign, rematch (once the game is over), mute NAME and unmute NAME (that player's chat is no longer shown to you), mute (whom you muted), report REASON (report this table's chat to the operators; the reason is optional).
remote-draw-answer = Type accept draw to agree to a draw, or decline draw.
remote-draw-computer = The computer never agrees to a draw: there is none at a table where it plays.
remote-draw-again = You offered a draw already: wait for the others' answer.
remote-decline-none = There is no draw offer to decline.
remote-abort-late = Too late to call the game off: you have moved already.
remote-rematch-early = A rematch can be asked for once the game is over.
remote-rematch-asked = You asked for a rematch; waiting for the others.
remote-rematch-offer = { $who ->
    [you] You asked for a rematch.
    [computer] The computer asked for a rematch.
   *[person] { $who-name } asked for a rematch: type rematch to accept.
}
remote-rematch-starts = The rematch begins.
remote-over-help = The game is over: type rematch to play again, or quit to leave.
remote-mute-who = Nobody called { $name } sits at this table.
remote-mute-computer = The computer does not chat: there is nobody to mute.
remote-mute-self = You cannot mute yourself.
remote-muted = You muted { $name }: their messages are no longer shown to you.
remote-unmuted = You unmuted { $name }: their messages are shown to you again.
remote-unmute-not = { $name } was not muted.
remote-muted-list = { $count ->
    [0] You muted nobody.
    [one] You muted { $names }.
   *[other] You muted { $count } players: { $names }.
}
remote-reported = Thank you: an operator will read this table's chat.
remote-report-long = A reason has 300 characters at most.
