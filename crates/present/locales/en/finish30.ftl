## Tyranny hints: where the piece stands and what comes of the move. $piece: a piece's label;
## $tile: a tile in a sentence.

hint-tyranny-stands = { $piece } stands on { $tile }.
hint-tyranny-held = { $piece } is in custody.
# $faces: "none" when no die is rolled, else the die faces that bring it ("4 to 6");
# $what: the phrases of hint-tyranny-does, as a list.
hint-tyranny-outcome = { $faces ->
    [none] { $piece } { $what }.
   *[other] With { $faces }: { $piece } { $what }.
}
# The faces that bring nothing but a place to stand.
hint-tyranny-quiet = With { $faces } nothing else comes of it.
# One thing the piece does, with the piece as the subject. $what: lands | crosses | stays | held |
# arrests | kidnaps | owner | fails | influence | freed | passes | draw | cross | reach | safe.
# $owner: cops | criminals | none. $deck: gamble | gains. $count: how many pieces.
hint-tyranny-does = { $what ->
    [lands] lands on { $tile }
    [crosses] crosses to { $tile }
    [stays] stays on { $tile }
    [held] stays in custody
    [arrests] arrests { $pieces }
    [kidnaps] kidnaps { $pieces }
    [owner] { $owner ->
        [cops] makes { $tile } the cops' property
        [criminals] makes { $tile } the criminals' property
       *[none] makes { $tile } neutral
    }
    [fails] fails to capture { $tile }
    [influence] moves the influence from { $before } to { $after }
    [freed] leaves custody and stands on { $tile } again
    [passes] may challenge { $pieces } in passing
    [draw] may draw a { $deck ->
        [gamble] Gamble
       *[gains] Gains
    } card
    [cross] may cross to the other city
    [reach] is then within reach of { $pieces }
   *[safe] is out of every enemy's reach there
}

## Tsuro hints: a runner-up that is the best move's own tile, turned another way.

hint-tsuro-short-same = { $turns ->
    [0] the same tile (as it shows)
    [1] the same tile (turned right once)
    [2] the same tile (turned twice)
   *[3] the same tile (turned left once)
}
