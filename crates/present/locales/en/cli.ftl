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
cli-illegal = You cannot play that: { $reason }.
cli-unreadable = { $error }. Type help for the notation.
cli-hint-own-turn = Hints are for your own turn.
cli-hint-none = No hint: { $error }.
# The move stands alone on its own line, so that it can be copied and typed back.
cli-hint-play = The AI would play:
    { $move }
cli-hint-only = The AI would play the only move:
    { $move }
cli-hint-share = { $move }: { $share }% of the search
cli-hint-share-value = { $move }: { $share }% of the search, expected score { $value }%

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
