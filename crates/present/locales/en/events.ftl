# The server's events other than moves. $who: you | computer | person.
event-resign = { $who ->
    [you] You resigned.
    [computer] The computer resigned.
   *[person] { $who-name } resigned.
}
event-timeout = { $who ->
    [you] You ran out of time.
    [computer] The computer ran out of time.
   *[person] { $who-name } ran out of time.
}
# After a resignation or a timeout at a table of more than two seats.
event-substituted = { $who ->
    [you] The computer plays your seat from now on.
   *[other] The computer plays that seat from now on.
}
event-draw-offer = { $who ->
    [you] You offered a draw.
    [computer] The computer offered a draw.
   *[person] { $who-name } offered a draw.
}
event-draw-decline = { $who ->
    [you] You declined the draw.
    [computer] The computer declined the draw.
   *[person] { $who-name } declined the draw.
}
event-draw-agreed = Everyone agreed to a draw.
event-abort = { $who ->
    [you] You aborted the game.
    [computer] The computer aborted the game.
   *[person] { $who-name } aborted the game.
}
# Why the server ended a game.
outcome-resignation = The game ended by resignation.
outcome-timeout = The game ended on time.
outcome-agreement = The game was drawn by agreement.
outcome-aborted = The game was aborted.
