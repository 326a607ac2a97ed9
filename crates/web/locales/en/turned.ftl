# Where the game turned, on a finished game's page (pages/turned.rs).
turned-heading = Where the game turned
turned-waiting = { $moves ->
    [one] The computer is looking back over the game… It has looked at one move so far: reload the page to see how far it got.
   *[other] The computer is looking back over the game… It has looked at { $moves } moves so far: reload the page to see how far it got.
}
turned-failed = The computer could not look back over this game.
turned-explain = At each move, the computer searched the position again as the player to move could see it then (never what was hidden and only shown at the end). The lines show the computer's estimate of that player's chance of winning, first with the move the computer preferred, then with the move played. It is the share of the computer's simulated games the player won: an estimate, not a certainty.
turned-chart-label = The computer's estimate of each player's chance, move by move
turned-legend-label = Players' lines
turned-table-summary = The estimates, move by move (table)
turned-column-move = Move
turned-column-player = Player
turned-column-played = Move played
turned-column-preferred = Computer's choice
turned-column-before = Estimate with its choice
turned-column-after = Estimate with the move played
turned-turning-tag = turning point { $number }
turned-percent = { $n }%
turned-no-estimate = none (only move)
turned-points-heading = { $count ->
    [one] The move that changed a chance most
   *[other] The { $count } moves that changed a chance most
}
turned-point-heading = Move { $number }: { $name } played { $move }
turned-point-change = The chance of winning the computer gave { $name }: from { $before } to { $after }.
turned-point-preferred = The computer preferred { $move }.
turned-point-said = What the hint would have told { $name }:
