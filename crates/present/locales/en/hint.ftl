## Hints: the move the computer would play for you, and why. $verdict: only-move | clear |
## hardly-matters | every-play-loses. The move's notation follows the headline on its own line.

hint-headline = { $verdict ->
    [only-move] You have only one move:
    [hardly-matters] It hardly matters what you play here. The computer would play:
    [every-play-loses] Every play loses here. The computer would play:
   *[clear] The computer would play:
}
# $moves: the runners-up in words, as a list.
hint-others = { $verdict ->
    [hardly-matters] Just as good: { $moves }.
   *[other] Next best: { $moves }.
}

## Tsuro. $number: the tile's place in your hand, from 1. $turns: quarter turns clockwise from
## the way the tile shows in your hand (0 to 3).

hint-tsuro-start = Put your marker on the start mark at the { $mark }.
hint-tsuro-play = Lay tile { $number } of your hand on { $square }, { $turns ->
    [0] as it shows in your hand
    [1] turned right once (a quarter turn clockwise)
    [2] turned twice (half a turn)
   *[3] turned left once (a quarter turn anticlockwise)
}.
hint-tsuro-ends = Your marker { $tiles ->
    [one] crosses the new tile
   *[other] follows { $tiles } tiles
} and ends { $position }.
hint-tsuro-out = Your marker { $tiles ->
    [one] runs off the board across the new tile
   *[other] follows { $tiles } tiles and runs off the board
}: you are out.
# $who: the markers put out, as a list of "the computer (Green)".
hint-tsuro-sends-off = { $count ->
    [one] It puts { $who } out.
   *[other] It puts { $who } out.
}
hint-tsuro-safe = { $safe ->
    [one] Every other play puts you out.
   *[other] { $safe } of your { $plays } plays keep you on the board.
}
hint-tsuro-short = { $turns ->
    [0] tile { $number } (as it shows)
    [1] tile { $number } (turned right once)
    [2] tile { $number } (turned twice)
   *[3] tile { $number } (turned left once)
}

## Tyrus. $tile: a tile in a sentence; $into: the building (tyrus-into). $role: vote | block |
## counter | bluff | later. $office: general | guildmaster | high_priest. $before, $after: your
## total of votes, blocks or counters in that building.

hint-tyrus-place = Place { $tile } in { $into }.
hint-tyrus-short = { $tile } in { $into }
hint-tyrus-role = { $role ->
    [vote] It is a vote for the { $office ->
        [general] general
        [guildmaster] guildmaster
       *[high_priest] high priest
    } counted now: your votes there go from { $before } to { $after }.
    [block] It blocks your opponent's votes for the { $office ->
        [general] general
        [guildmaster] guildmaster
       *[high_priest] high priest
    } counted now: your blocks there go from { $before } to { $after }.
    [counter] It counters blocks against your votes for the { $office ->
        [general] general
        [guildmaster] guildmaster
       *[high_priest] high priest
    } counted now: your counters there go from { $before } to { $after }.
    [bluff] It counts for nothing in this count: a bluff, to keep your opponent guessing.
   *[later] That building is not counted in this election: the tile waits there for a later count.
}
# $who: your opponent (you | computer | person); $kind: citadel | market | temple.
hint-tyrus-risk = { $who ->
    [computer] The computer has
   *[other] { $who-name } has
} { $count ->
    [one] a face-down tile
   *[other] { $count } face-down tiles
} in your { $kind ->
    [citadel] citadel
    [market] market
   *[temple] temple
}: each may be a block.
hint-tyrus-keeps = You keep { $tiles } back for later.

## Tyranny. $choice: the kind of move.

hint-tyranny-choice = { $choice ->
    [move] Roll the die and move forward.
    [capture] Roll to capture the property your piece stands on.
    [pass] End your turn without moving.
    [cross] Cross to the other city.
    [stay] Stay in this city.
    [open] Open the tunnel your piece stands on.
    [collapse] Collapse the tunnel your piece stands on.
    [pay] Pay to leave custody.
    [escape] Roll to escape from custody.
    [draw] Draw a card from this tile's deck.
    [decline] Do not draw a card.
    [challenge] Challenge the piece you passed with a capture roll.
    [spare] Let the piece you passed go.
    [advance] Move forward as the Gamble card allows.
    [target] Choose the opponent who discards.
    [discard] Discard a card, as you hold more than the hand limit.
   *[play] Play a card from your hand.
}
