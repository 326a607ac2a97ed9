## Tyranny's words, as labels.

# $piece: cop1 | crim1 | cop2 | crim2
tyranny-piece = { $piece ->
    [cop1] Cop 1
    [cop2] Cop 2
    [crim1] Criminal 1
   *[crim2] Criminal 2
}
# A faction mid-sentence. $faction: cops | criminals
tyranny-faction = { $faction ->
    [cops] the cops
   *[criminals] the criminals
}
# A tile's own name. $kind: police_station | hideout | gamble | gains | tunnel | a
# property's or safe zone's name made lowercase with dashes; $name: that name as the board
# file writes it, for names this file does not know; $tunnel: the tunnel's letter.
tyranny-place = { $kind ->
    [police_station] Police Station
    [hideout] Hideout
    [gamble] Gamble tile
    [gains] Gains tile
    [tunnel] Tunnel { $tunnel }
    [rail-yard] Rail Yard
    [fish-market] Fish Market
    [pawn-shop] Pawn Shop
    [tenements] Tenements
    [cathedral-square] Cathedral Square
    [laundromat] Laundromat
    [scrapyard] Scrapyard
    [night-market] Night Market
    [dockside-warehouse] Dockside Warehouse
    [bus-depot] Bus Depot
    [soup-kitchen] Soup Kitchen
    [print-shop] Print Shop
    [free-clinic] Free Clinic
    [gasworks] Gasworks
    [arcade] Arcade
    [junk-alley] Junk Alley
    [city-hall] City Hall
    [central-bank] Central Bank
    [broadcast-tower] Broadcast Tower
    [stock-exchange] Stock Exchange
    [courthouse] Courthouse
    [power-plant] Power Plant
   *[other] { $name }
}
# A tile in a sentence: its name and its code.
tyranny-tile = { $name } ({ $code })
tyranny-tier = { $tier ->
    [outer] outer city
   *[inner] inner city
}
# A card's name; the deck names are the game's, as typed in moves.
tyranny-card = { $deck ->
    [gamble] Gamble { $number }
   *[gains] Gains { $number }
}
# Die faces: "6", "2 to 6", "1, 3 and 5" (the list is built before).
tyranny-faces-range = { $low } to { $high }
# The last two of several die faces, any of which will do.
tyranny-faces-or = { $init } or { $last }

## What each card half does, in the third person so that it reads the same in a hand and in
## a story. The cops' half first.

tyranny-card-gamble-1-cops = the criminals lose 100 influence
tyranny-card-gamble-1-criminals = the criminals gain 100 influence
tyranny-card-gamble-2-cops = the criminals gain 100 influence
tyranny-card-gamble-2-criminals = the criminals lose 100 influence
tyranny-card-gamble-3-cops = the next arrest made by this seat's cops cannot be escaped, by paying or rolling; the criminal sits out 3 turns
tyranny-card-gamble-3-criminals = the next time one of this seat's criminals is arrested, it escapes at once to the Hideout
tyranny-card-gamble-4-cops = the cop goes to the Police Station of the other city
tyranny-card-gamble-4-criminals = the criminal goes to the Hideout of the other city
tyranny-card-gamble-5-cops = the cop is kidnapped to the Hideout of this city and misses a turn
tyranny-card-gamble-5-criminals = the criminal is detained at the Police Station of this city and misses a turn
tyranny-card-gamble-6-cops = the piece moves forward 1 to 6 tiles, as its player chooses
tyranny-card-gamble-6-criminals = the piece moves forward 1 to 6 tiles, as its player chooses
tyranny-card-gamble-7-cops = at the start of a turn, the piece switches to the facing tile of the other city
tyranny-card-gamble-7-criminals = at the start of a turn, the piece switches to the facing tile of the other city
tyranny-card-gamble-8-cops = the die is rolled and the piece moves forward that many tiles
tyranny-card-gamble-8-criminals = the die is rolled and the piece moves forward that many tiles
tyranny-card-gamble-9-cops = the criminals gain 20% of their influence
tyranny-card-gamble-9-criminals = the criminals lose 20% of their influence
tyranny-card-gamble-10-cops = the piece misses its next turn
tyranny-card-gamble-10-criminals = the piece misses its next turn
tyranny-card-gains-1-cops = played before a capture roll, it gives one more roll if the first does not make the property the cops'
tyranny-card-gains-1-criminals = played before a capture roll, it gives one more roll if the first does not make the property the criminals'
tyranny-card-gains-2-cops = played before a capture roll, this turn's capture rolls succeed on 1 to 3
tyranny-card-gains-2-criminals = played before a capture roll, this turn's capture rolls succeed on 1 to 3
tyranny-card-gains-3-cops = the cops take over the nearest property ahead that they do not own
tyranny-card-gains-3-criminals = the criminals take over the nearest property ahead that they do not own
tyranny-card-gains-4-cops = the nearest criminal property ahead becomes neutral
tyranny-card-gains-4-criminals = the nearest cop property ahead becomes neutral
tyranny-card-gains-5-cops = an opponent chosen by the drawer discards a card picked blind from their hand
tyranny-card-gains-5-criminals = an opponent chosen by the drawer discards a card picked blind from their hand
tyranny-card-gains-6-cops = names a die face that an arrested criminal must roll to escape; it may no longer pay
tyranny-card-gains-6-criminals = played in custody, the piece escapes on 2 to 6 instead of 6
tyranny-card-gains-7-cops = opens or collapses any tunnel, for free
tyranny-card-gains-7-criminals = opens or collapses any tunnel, for free
tyranny-card-gains-8-cops = the criminals lose 50% of their influence
tyranny-card-gains-8-criminals = the criminals gain 50% of their influence
tyranny-card-gains-9-cops = the criminals lose 500 influence
tyranny-card-gains-9-criminals = the criminals gain 500 influence
tyranny-card-gains-10-cops = at the start of a turn, steals a card picked blind from an opponent's hand
tyranny-card-gains-10-criminals = at the start of a turn, steals a card picked blind from an opponent's hand
# A card with the half read: "Gains 8, the criminals' half: the criminals gain 50% of their influence".
tyranny-card-with-text = { $card }, { $faction ->
    [cops] the cops' half
   *[criminals] the criminals' half
}: { $text }

## Moves, as the seat that made them. $who: you | computer | person; $piece: a piece's
## label; $tile: a tile's label.

tyranny-go = { $who ->
    [you] You roll
    [computer] The computer rolls
   *[person] { $who-name } rolls
} the die to move { $piece }.
tyranny-capture = { $who ->
    [you] You roll
    [computer] The computer rolls
   *[person] { $who-name } rolls
} for { $piece } to capture { $tile }, which needs { $faces }.
tyranny-pass = { $who ->
    [you] You pass
    [computer] The computer passes
   *[person] { $who-name } passes
} with { $piece }.
tyranny-stay = { $piece } stays on { $tile }.
tyranny-escape = { $who ->
    [you] You roll
    [computer] The computer rolls
   *[person] { $who-name } rolls
} for { $piece } to escape custody, which needs { $faces }.
tyranny-draw = { $who ->
    [you] You draw
    [computer] The computer draws
   *[person] { $who-name } draws
} a card from the { $deck ->
    [gamble] Gamble
   *[gains] Gains
} deck for { $piece }.
tyranny-decline = { $who ->
    [you] You do
    [computer] The computer does
   *[person] { $who-name } does
} not draw a card for { $piece }.
tyranny-challenge = { $piece } challenges { $target }, who gets away on { $faces }.
tyranny-advance = { $who ->
    [you] You move
    [computer] The computer moves
   *[person] { $who-name } moves
} { $piece } { $count ->
    [one] one tile
   *[other] { $count } tiles
} with Gamble 6.
tyranny-target = { $who ->
    [you] You make
    [computer] The computer makes
   *[person] { $who-name } makes
} { $victim ->
    [you] you
    [computer] the computer
   *[person] { $victim-name }
} discard a card picked blind (Gains 5).
tyranny-play = { $who ->
    [you] You play
    [computer] The computer plays
   *[person] { $who-name } plays
} { $card } for { $piece }: { $text }.
tyranny-play-fix-escape = { $who ->
    [you] You play
    [computer] The computer plays
   *[person] { $who-name } plays
} Gains 6 on { $target }: it now escapes only on a { $number } and may no longer pay.
tyranny-play-tunnel = { $who ->
    [you] You play
    [computer] The computer plays
   *[person] { $who-name } plays
} Gains 7 on tunnel { $tunnel }.
tyranny-play-steal = { $who ->
    [you] You play
    [computer] The computer plays
   *[person] { $who-name } plays
} Gains 10 to steal a card from { $victim ->
    [you] you
    [computer] the computer
   *[person] { $victim-name }
}.

## What happened. $piece, $target, $by: pieces' labels.

# $purpose: move | card_move | capture | escape | challenge
tyranny-rolled = The die shows { $face } { $purpose ->
    [move] to move { $piece }.
    [card_move] for Gamble 8: { $piece } moves that many tiles.
    [capture] for the capture of { $tile }, which needs { $faces }.
    [escape] for { $piece }'s escape, which needs { $faces }.
   *[challenge] for the challenge on { $target }, who gets away on { $faces }.
}
tyranny-moved = { $piece } moves { $count ->
    [one] one tile
   *[other] { $count } tiles
} from { $from } to { $to }.
tyranny-relocated = { $card }: { $piece } goes to { $to }.
tyranny-crossed = { $piece } crosses to { $to }.
tyranny-arrested = { $by } arrests { $piece }, who is held at the Police Station.
tyranny-kidnapped = { $by } kidnaps { $piece }, who is held at the Hideout.
tyranny-got-away = { $piece } gets away from { $by }.
tyranny-spared = { $by } lets { $piece } go unchallenged.
tyranny-escaped-by-card = Gamble 3: { $piece } escapes the arrest at once and is back at { $tile }.
tyranny-sentenced = Gamble 3: { $piece } cannot escape this arrest and sits out { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}.
tyranny-cards-cancelled = Both Gamble 3 cards were played at the arrest of { $piece } and cancel out: an ordinary arrest.
tyranny-released = { $how ->
    [paid] { $piece } pays its way out of custody and is back at { $tile }.
    [rolled] { $piece } escapes custody and is back at { $tile }.
   *[served] { $piece } has sat out the arrest and is let go at { $tile }.
}
tyranny-still-in-custody = { $piece } stays in custody.
tyranny-escape-changed = { $piece } now escapes on { $faces }{ $pay ->
    [yes] .
   *[no] {""} and may no longer pay.
}
tyranny-taken = { $faction ->
    [cops] The cops take
   *[criminals] The criminals take
} { $tile }.
tyranny-neutral = { $tile } is neutral again.
tyranny-capture-failed = The capture of { $tile } fails.
# $sign: + or −; $amount: the change; $cause: tyranny-cause-*
tyranny-influence = Influence { $before } → { $after } ({ $sign }{ $amount }): { $cause }.
tyranny-cause-landed = { $piece } landed on { $faction ->
    [cops] the cops'
   *[criminals] the criminals'
} { $tile }
tyranny-cause-card = { $card }
tyranny-cause-tunnel = { $faction ->
    [cops] the cops' spending on tunnel { $tunnel } goes to the criminals
   *[criminals] the criminals pay for tunnel { $tunnel }
}
tyranny-cause-bail = { $faction ->
    [cops] the bail for { $piece } goes to the criminals
   *[criminals] the criminals pay the bail for { $piece }
}
# A card drawn. $card: tyranny-card-with-text, or a card's name when only counted.
tyranny-drew-now = { $who ->
    [you] You draw
    [computer] The computer draws
   *[person] { $who-name } draws
} { $card }.
tyranny-drew-kept = { $who ->
    [you] You draw and keep
    [computer] The computer draws and keeps
   *[person] { $who-name } draws and keeps
} { $card }.
tyranny-drew-hidden = { $who ->
    [computer] The computer draws
   *[person] { $who-name } draws
} a { $deck ->
    [gamble] Gamble
   *[gains] Gains
} card and keeps it face down.
tyranny-played-card = { $who ->
    [you] You play
    [computer] The computer plays
   *[person] { $who-name } plays
} { $card }.
tyranny-discarded = { $who ->
    [you] You discard
    [computer] The computer discards
   *[person] { $who-name } discards
} { $card }{ $why ->
    [limit] {""} to keep within the hand limit.
    [blind] , picked blind from the hand.
   *[other] .
}
tyranny-stolen-by-you = You steal { $card } from { $victim ->
    [computer] the computer
   *[person] { $victim-name }
}.
tyranny-stolen-from-you = { $thief ->
    [computer] The computer steals
   *[person] { $thief-name } steals
} { $card } from you.
tyranny-stolen = { $thief ->
    [computer] The computer steals
   *[person] { $thief-name } steals
} a card from { $victim ->
    [computer] the computer
   *[person] { $victim-name }
}, unseen.
tyranny-tunnel-opened = { $piece } opens tunnel { $tunnel } ({ $ends }).
tyranny-tunnel-collapsed = { $piece } collapses tunnel { $tunnel } ({ $ends }).
tyranny-will-miss = { $piece } will miss its next turn.
tyranny-missed = { $piece } misses this turn.
tyranny-served = { $piece } sits out a turn in custody; { $count ->
    [one] one more
   *[other] { $count } more
} to go.
tyranny-reshuffled = The { $deck ->
    [gamble] Gamble
   *[gains] Gains
} discards are shuffled back into the deck.
tyranny-nothing = { $card } has nothing to act on.
tyranny-turn = { $who ->
    [you] Your turn
    [computer] The computer's turn
   *[person] { $who-name }'s turn
} with { $piece }.

## The end. $reason as the engine names it; $side: won | lost | none for the reader.

tyranny-end = { $reason ->
    [criminals_held_1000] The criminals win: the influence stayed at 1000 or more through three cop turns.
    [cops_held_zero] The cops win: the influence stayed at 0 through three criminal turns.
    [time_limit_criminals_ahead] After 50 rounds the influence stands at { $influence }, above 500: the criminals win.
    [time_limit_cops_ahead] After 50 rounds the influence stands at { $influence }, below 500: the cops win.
   *[time_limit_draw] After 50 rounds the influence is back at 500: the game is a draw.
}{ $side ->
    [won] {" "}Your side wins.
    [lost] {" "}Your side loses.
   *[none] {""}
}

## The board and the table.

tyranny-status-influence = Influence { $influence }: the criminals win by holding 1000, the cops by holding 0.
tyranny-status-high = Held at 1000 or more for { $count } of 3 cop turns.
tyranny-status-zero = Held at 0 for { $count } of 3 criminal turns.
tyranny-status-turn = Turn { $turn } of { $limit }, round { $round } of 50: { $who ->
    [you] your turn
    [computer] the computer's turn
   *[person] { $who-name }'s turn
} with { $piece }{ $waiting ->
    [start] .
    [custody] , in custody: pay or roll to escape.
    [challenge] , which passed { $target }: challenge or spare.
    [draw] : draw a card or decline.
    [advance] : Gamble 6, advance 1 to 6 tiles.
    [target] : Gains 5, choose the opponent who discards.
    [discard] : too many cards, discard one.
    [cross] : cross to the other city or stay.
   *[chance] .
}
# One seat's hand size in the status line.
tyranny-status-hand = { $who ->
    [you] you hold { $count ->
        [0] no cards
        [one] one card
       *[other] { $count } cards
    }
    [computer] the computer holds { $count ->
        [0] no cards
        [one] one card
       *[other] { $count } cards
    }
   *[person] { $who-name } holds { $count ->
        [0] no cards
        [one] one card
       *[other] { $count } cards
    }
}
tyranny-status-hands = { $hands }.
tyranny-status-over = The game is over after { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}; the influence stands at { $influence }.
# A piece's line on the board. $seat: the commanding seat's role.
tyranny-piece-at = { $piece } ({ $seat ->
    [you] yours
    [computer] the computer's
   *[person] { $seat-name }'s
}, { $faction ->
    [cops] cops
   *[criminals] criminals
}) is on { $tile }, { $tier }{ $misses ->
    [0] .
   *[other] ; it misses its next turn.
}
tyranny-piece-held = { $piece } ({ $seat ->
    [you] yours
    [computer] the computer's
   *[person] { $seat-name }'s
}, { $faction ->
    [cops] cops
   *[criminals] criminals
}) is in custody at { $tile }: { $sentence ->
    [0] it escapes on { $faces }{ $pay ->
        [yes] {""} or by paying 200.
       *[no] {""} and may not pay.
    }
   *[other] it cannot escape and sits out { $sentence } more turns.
}
tyranny-loop = { $tier ->
    [outer] The outer city, { $count ->
        [one] { $count } tile
       *[other] { $count } tiles
    } clockwise:
   *[inner] The inner city, { $count ->
        [one] { $count } tile
       *[other] { $count } tiles
    } clockwise:
}
# A tile's line. $what: what the tile is; $owner and $pieces may be empty.
tyranny-tile-line = { $code } { $name }: { $what }{ $owner }{ $pieces }.
tyranny-tile-property = property worth { $influence }, captured on { $faces }
tyranny-tile-owner = { $owner ->
    [cops] , owned by the cops
    [criminals] , owned by the criminals
   *[none] , neutral
}
tyranny-tile-home = { $faction ->
    [cops] the cops' home base: cops are safe here, and cross to { $other }
   *[criminals] the criminals' home base: criminals are safe here, and cross to { $other }
}
tyranny-tile-safe = safe zone: no one is captured here
tyranny-tile-deck = { $deck ->
    [gamble] land here to draw a Gamble card
   *[gains] land here to draw a Gains card
}
tyranny-tile-tunnel = end of tunnel { $tunnel } to { $other }, { $open ->
    [yes] open
   *[no] closed
}
tyranny-tile-pieces = ; here: { $pieces }
tyranny-tunnel-line = Tunnel { $tunnel } joins { $outer } and { $inner }: { $open ->
    [yes] open; collapsing it costs { $cost }.
   *[no] closed; opening it costs { $cost }.
}
tyranny-cards-line = Decks: { $gamble ->
    [one] { $gamble } Gamble card
   *[other] { $gamble } Gamble cards
} and { $gains ->
    [one] { $gains } Gains card
   *[other] { $gains } Gains cards
}; discarded: { $gamble-discards ->
    [one] { $gamble-discards } Gamble card
   *[other] { $gamble-discards } Gamble cards
} and { $gains-discards ->
    [one] { $gains-discards } Gains card
   *[other] { $gains-discards } Gains cards
}.
tyranny-discards-line = Face up in the discards: { $cards }.
tyranny-hand-empty = Your hand is empty.
tyranny-hand-none = Spectators have no hand.
tyranny-hand-card = { $card }: { $text }.
tyranny-no-tile = "{ $code }" is not a tile: outer tiles are O0 to O27, inner tiles I0 to I13.

## The rules in brief.

tyranny-rules-1 = Tyranny: cops against criminals on a city of two rings. One number decides the game, the criminals' influence, which starts at 500.
tyranny-rules-2 = The criminals win when the influence is still 1000 or more after three cop turns; the cops when it is still 0 after three criminal turns. After 50 rounds, the side the influence leans to wins.
tyranny-rules-3 = On its turn a piece may cross at its home base or an open tunnel, open or collapse a tunnel, and play kept cards; then it moves (a die roll), rolls to capture the property it stands on, or passes.
tyranny-rules-4 = Landing on a property your side owns moves the influence by its value, up for criminals, down for cops. Landing on an enemy piece captures it; passing one lets you challenge it. Gamble and Gains tiles draw cards.
tyranny-rules-5 = Moves are words: move, capture, pass, cross, stay, draw, decline, pay, escape, challenge crim1 2-4, spare crim1, open tunnel A, play gains 7 tunnel B, target seat 1, discard gains 7. Type moves for what you may play now, describe for the board, describe O5 for one tile.

# Short words drawn on the board picture. $kind: neutral | cops | criminals | police |
# hideout | safe | tunnel | open | closed | influence | streak-cops | streak-criminals
tyranny-mark = { $kind ->
    [neutral] neutral
    [cops] COPS
    [criminals] CRIMS
    [police] POLICE
    [hideout] HIDEOUT
    [safe] SAFE
    [tunnel] TUNNEL
    [open] open
    [closed] closed
    [influence] Influence
    [streak-cops] Cops at 0
    [streak-criminals] Crims at 1000
   *[other] { $kind }
}
