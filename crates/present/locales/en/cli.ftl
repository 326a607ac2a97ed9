## agora play in the terminal. $game: the game's name; $who: computer for a lone computer
## opponent, else person with $who-name the opponents' names.

cli-intro = { $game }: you against { $who ->
    [computer] the computer
   *[person] { $who-name }
}. Type help for the commands.
cli-commands = Commands: help, board, hand, status, history, moves (your legal moves), hint (what the AI would play and why), quit.
cli-abandoned = Game abandoned.
cli-record = Record (replay it with agora replay): { $record }
cli-history-empty = Nothing has happened yet.
cli-legal-moves = { $count ->
    [one] One legal move
   *[other] { $count } legal moves
}: { $moves }
cli-hint-own-turn = Hints are for your own turn.

## Tyrus in the terminal. $owner and $who: you | computer | person.

cli-tyrus-notation = A move is <tile> <own|opp> <citadel|market|temple>: own for your buildings, opp for your opponent's. For example: S7 own citadel, or M3 opp citadel. Type hint to see what the AI would play.
cli-tyrus-hand = Your hand: { $groups }.
cli-tyrus-hand-empty = Your hand is empty.
# One profession's tiles in a hand: "Soldiers S2, S5".
cli-tyrus-hand-group = { $profession } { $tiles }
cli-tyrus-building = { $owner ->
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
}: { $contents }.
cli-tyrus-yours = yours { $tiles }
cli-tyrus-face-down = { $count ->
    [one] one face-down tile
   *[other] { $count } face-down tiles
} { $who ->
    [you] of yours
    [computer] of the computer's
   *[person] of { $who-name }'s
}
cli-tyrus-empty = empty
cli-tyrus-chart = Election chart: { $entries }.
cli-tyrus-chart-empty = Election chart: no election counted yet.
cli-tyrus-chart-entry = { $number } { $office }: { $winner ->
    [you] you
    [computer] the computer
    [none] null
   *[person] { $winner-name }
}

## Tsuro in the terminal.

cli-tsuro-notation = Moves: start c1.0 puts your marker on a start mark (a rim square and a point facing off the board; type marks to list the free ones in words); play 01-27-36-45 lays a tile of your hand, turned as written, on the square your marker faces; keep, or swap <tiles> for <tiles>, answers the elimination bonus. A tile is written as its four paths between the points of a square, numbered clockwise from the top edge's left point: 0 top left, 1 top right, 2 right upper, 3 right lower, 4 bottom right, 5 bottom left, 6 left lower, 7 left upper; turning a tile a quarter clockwise adds 2 to every point. More commands: preview [N] (what each tile of your hand, or tile N, would do, turned every way), describe [square] (the board, or one square, in words), marks, hint.
cli-tsuro-no-hand = Spectators have no hand.
cli-tsuro-hand-empty = Your hand is empty.
cli-tsuro-hand = Your hand: { $tiles }.
# One tile of the hand, numbered as preview numbers them.
cli-tsuro-hand-tile = { $number }. { $tile } ({ $paths })
cli-tsuro-preview-not-now = Preview works when it is your turn to lay a tile.
cli-tsuro-preview-which = { $count ->
    [one] Your hand holds one tile: type preview, or preview 1.
   *[other] Your hand holds { $count } tiles: type preview, or preview 1 to { $count }.
}
cli-tsuro-marks-not-now = Every marker is already placed.
# A free start mark, as typed and in words.
cli-tsuro-mark = start { $mark }: { $words }
cli-tsuro-not-square = { $square } is not a square (a1 to f6).
