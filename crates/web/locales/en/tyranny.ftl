# The Tyranny table page. The game's own sentences (moves, rolls, the board in words) come
# from agora-present's tyranny.ftl.
tyranny-last-roll = Last roll:
tyranny-stolen-label = Stolen from you:
tyranny-choices = Your choices
tyranny-group-cards = Cards to play first
tyranny-group-move = Move, capture or pass
tyranny-group-challenge = A piece you passed: challenge it or let it go
tyranny-group-custody = In custody: pay or roll to escape
tyranny-group-tunnels = Tunnels to open or collapse
tyranny-group-draw = Draw a card?
tyranny-group-target = Who discards a card
tyranny-group-discard = Over your hand limit: discard a card
tyranny-group-other = Other moves
tyranny-choice-go = Roll the die and move
tyranny-choice-capture = Roll to capture { $tile } (succeeds on { $faces })
tyranny-choice-pass = Pass: end the turn without moving
tyranny-choice-cross = Cross to { $tile }
tyranny-choice-stay = Stay on { $tile }
tyranny-choice-advance = { $count ->
    [one] Move 1 tile forward
   *[other] Move { $count } tiles forward
}
tyranny-choice-tunnel = { $action ->
    [open] Open tunnel { $tunnel } (costs { $cost } influence)
   *[collapse] Collapse tunnel { $tunnel } (costs { $cost } influence)
}
tyranny-choice-pay = Pay { $amount } influence to leave custody
tyranny-choice-escape = Roll to escape (gets out on { $faces })
tyranny-choice-draw = { $deck ->
    [gamble] Draw a Gamble card
   *[gains] Draw a Gains card
}
tyranny-choice-decline = Do not draw
tyranny-choice-challenge = Challenge { $target }: it gets away on { $faces }
tyranny-choice-spare = Let { $target } go
tyranny-choice-target = Make { $who } discard a card picked blind
tyranny-choice-discard = Discard { $card } ({ $text })
tyranny-choice-play = Play { $card }: { $text }
tyranny-choice-fix = { $target } must roll { $number } to escape and may not pay
tyranny-choice-free-tunnel = { $action ->
    [open] open tunnel { $tunnel } for free
   *[collapse] collapse tunnel { $tunnel } for free
}
tyranny-choice-steal = steal a card picked blind from { $who }
tyranny-hand-title = { $faction ->
    [cops] { $count ->
        [0] Your cards (cops): none
        [one] Your card (cops)
       *[other] Your { $count } cards (cops)
    }
   *[criminals] { $count ->
        [0] Your cards (criminals): none
        [one] Your card (criminals)
       *[other] Your { $count } cards (criminals)
    }
}
tyranny-no-cards = You hold no cards. Land on a Gamble or Gains tile to draw one.
tyranny-seats = Seats and sides
tyranny-seat-details = { $faction ->
    [cops] the cops: { $pieces }
   *[criminals] the criminals: { $pieces }
} · { $count ->
    [one] 1 card
   *[other] { $count } cards
}
# The reader's own cards that a seat stole and has not shown since (Gains 10).
tyranny-seat-known = holds your { $cards }
tyranny-decks = Decks: { $gamble ->
    [one] { $gamble } Gamble card
   *[other] { $gamble } Gamble cards
} and { $gains ->
    [one] { $gains } Gains card
   *[other] { $gains } Gains cards
} left.
tyranny-key = Key to the board
tyranny-key-cops = owned by the cops (blue, stripes)
tyranny-key-criminals = owned by the criminals (red, dots)
tyranny-key-cop-piece = a cop (circle)
tyranny-key-criminal-piece = a criminal (diamond)
tyranny-key-custody = a piece in custody (dashed ring)
tyranny-key-open = an open tunnel
tyranny-key-closed = a collapsed tunnel (crossed)
tyranny-key-active = the tile of the piece to move
tyranny-tier-label = { $tier ->
    [outer] Outer city
   *[inner] Inner city
}
tyranny-grid-label = Every tile of both cities, in the direction of travel
tyranny-board-hint = Arrow keys move between tiles; each tile says what it is, its value and capture range, its owner and who stands on it.
tyranny-words = The board in words
tyranny-move-box-hint = For example move, capture, pass, cross, stay, draw, decline, pay, escape, challenge crim1 2-4, open tunnel A or play gains 1.
tyranny-refused-chance = The dice and the decks are not yours to play: the table rolls and draws.
tyranny-confirm = { $choice }?
