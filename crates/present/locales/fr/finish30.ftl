## Tyranny hints: where the piece stands and what comes of the move. $piece: a piece's label;
## $tile: a tile in a sentence.

hint-tyranny-stands = { $piece } est sur la { $tile }.
hint-tyranny-held = { $piece } est en garde à vue.
# $faces: "none" when no die is rolled, else the die faces that bring it ("4 à 6");
# $what: the phrases of hint-tyranny-does, as a list.
hint-tyranny-outcome = { $faces ->
    [none] { $piece } { $what }.
   *[other] Avec { $faces } : { $piece } { $what }.
}
# The faces that bring nothing but a place to stand.
hint-tyranny-quiet = Avec { $faces }, rien d’autre ne se passe.
# One thing the piece does, with the piece as the subject. $what: lands | crosses | stays | held |
# arrests | kidnaps | owner | fails | influence | freed | passes | draw | cross | reach | safe.
# $owner: cops | criminals | none. $deck: gamble | gains. $count: how many pieces.
hint-tyranny-does = { $what ->
    [lands] arrive sur la { $tile }
    [crosses] passe sur la { $tile }
    [stays] reste sur la { $tile }
    [held] reste en garde à vue
    [arrests] arrête { $pieces }
    [kidnaps] enlève { $pieces }
    [owner] { $owner ->
        [cops] fait de la { $tile } une propriété des flics
        [criminals] fait de la { $tile } une propriété des truands
       *[none] rend la { $tile } neutre
    }
    [fails] ne prend pas la { $tile }
    [influence] fait passer l’influence de { $before } à { $after }
    [freed] sort de garde à vue et revient sur la { $tile }
    [passes] peut défier { $pieces } au passage
    [draw] peut tirer une carte { $deck ->
        [gamble] Gamble
       *[gains] Gains
    }
    [cross] peut changer de ville
    [reach] est alors à portée de { $pieces }
   *[safe] y est hors de portée de tout adversaire
}

## Tsuro hints: a runner-up that is the best move's own tile, turned another way.

hint-tsuro-short-same = { $turns ->
    [0] la même tuile telle quelle
    [1] la même tuile pivotée une fois vers la droite
    [2] la même tuile pivotée deux fois
   *[3] la même tuile pivotée une fois vers la gauche
}
