## Tyranny hints: where the piece stands and what comes of the move. $piece: a piece's label;
## $tile: a tile in a sentence.

hint-tyranny-stands = { $piece } steht auf { $tile }.
hint-tyranny-held = { $piece } ist in Gewahrsam.
# $faces: "none" when no die is rolled, else the die faces that bring it ("4 bis 6");
# $what: the phrases of hint-tyranny-does, as a list.
hint-tyranny-outcome = { $faces ->
    [none] { $piece } { $what }.
   *[other] Bei { $faces }: { $piece } { $what }.
}
# The faces that bring nothing but a place to stand.
hint-tyranny-quiet = Bei { $faces } geschieht sonst nichts.
# One thing the piece does, with the piece as the subject. $what: lands | crosses | stays | held |
# arrests | kidnaps | owner | fails | influence | freed | passes | draw | cross | reach | safe.
# $owner: cops | criminals | none. $deck: gamble | gains. $count: how many pieces.
hint-tyranny-does = { $what ->
    [lands] landet auf { $tile }
    [crosses] wechselt auf { $tile }
    [stays] bleibt auf { $tile }
    [held] bleibt in Gewahrsam
    [arrests] nimmt { $pieces } fest
    [kidnaps] entführt { $pieces }
    [owner] { $owner ->
        [cops] macht { $tile } zum Grundstück der Polizisten
        [criminals] macht { $tile } zum Grundstück der Gauner
       *[none] macht { $tile } neutral
    }
    [fails] erobert { $tile } nicht
    [influence] bringt den Einfluss von { $before } auf { $after }
    [freed] verlässt den Gewahrsam und steht wieder auf { $tile }
    [passes] darf { $pieces } im Vorbeiziehen herausfordern
    [draw] darf eine { $deck ->
        [gamble] Gamble
       *[gains] Gains
    }-Karte ziehen
    [cross] darf in die andere Stadt wechseln
    [reach] steht dann in Reichweite von { $pieces }
   *[safe] ist dort außer Reichweite aller Gegner
}

## Tsuro hints: a runner-up that is the best move's own tile, turned another way.

hint-tsuro-short-same = { $turns ->
    [0] dasselbe Plättchen, wie es liegt
    [1] dasselbe Plättchen, einmal nach rechts gedreht
    [2] dasselbe Plättchen, zweimal gedreht
   *[3] dasselbe Plättchen, einmal nach links gedreht
}
