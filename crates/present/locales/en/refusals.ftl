## Why a move is refused or cannot be read: one sentence per code of the engines'
## refusals (crates/*/src/refusal.rs). $seat: you | computer | person, with $seat-name and
## $seat-number (as typed in moves); other arguments are numbers or words as typed, except
## Tyrus tiles and Tyranny pieces, cards and tiles, which come named. $faction: cops | criminals.

# Text that is not a move. $text: as typed; $reason: one of the sentences below.
refusal-unreadable = "{ $text }" is not a move. { $reason }
# Said after an unreadable move in the terminal.
refusal-notation-help = Type help for the notation.

## Every game

refusal-not-your-turn = It is not your turn: { $seat ->
    [you] you are to move
    [computer] the computer is to move
   *[person] { $seat-name } is to move
}.
refusal-chance-moves-next = It is not your turn: chance moves next.
refusal-game-over = The game is over.

## Tyrus

refusal-tyrus-not-in-hand = { $tile } is not in your hand.
refusal-tyrus-shape = A move is a tile, own or opp, and a building, like S7 own citadel.
refusal-tyrus-unknown-tile = There is no tile "{ $word }": the tiles are S1 to S10, M1 to M10 and P1 to P10.
refusal-tyrus-side = The second word is own or opp.
refusal-tyrus-building = The third word is citadel, market or temple.

## Tsuro

refusal-tsuro-all-placed = Every marker is already placed.
refusal-tsuro-not-start-mark = { $mark } is not a start mark: start marks are the rim points facing off the board.
refusal-tsuro-mark-taken = { $mark } is taken by { $seat ->
    [you] your marker
    [computer] the computer's marker
   *[person] { $seat-name }'s marker
}.
refusal-tsuro-place-markers-first = Every marker must be placed before a tile is laid.
refusal-tsuro-bonus-first = First keep your hand or swap tiles with the eliminated players' hands.
refusal-tsuro-shuffle-first = The draw pile must be shuffled first.
refusal-tsuro-no-tile-now = No tile can be laid now.
refusal-tsuro-tile-not-in-hand = { $tile } is not in your hand in any rotation.
refusal-tsuro-unsafe-play = That play eliminates your marker, and you have a play that does not.
refusal-tsuro-nothing-to-swap = There is nothing to swap: the elimination bonus comes right after a play that eliminates others.
refusal-tsuro-give-not-in-hand = { $tile } is not in your hand.
refusal-tsuro-take-not-eliminated = { $tile } is not in the hand of a player you just eliminated.
refusal-tsuro-nothing-to-shuffle = There is nothing to shuffle now.
refusal-tsuro-pile-tile-twice = Tile { $tile } appears twice in the shuffled pile.
refusal-tsuro-pile-mismatch = The shuffled pile must hold exactly the draw pile and the eliminated players' hands.
refusal-tsuro-empty = A move is start, play, keep, swap or shuffle.
refusal-tsuro-unknown-move = There is no move "{ $word }": a move is start, play, keep, swap or shuffle.
refusal-tsuro-start-shape = Write start and a start mark, like start c1.0.
refusal-tsuro-play-shape = Write play and the tile as you lay it, like play 01-27-36-45.
refusal-tsuro-keep-alone = Keep takes nothing after it.
refusal-tsuro-shuffle-shape = Write shuffle and the new draw pile, top first.
refusal-tsuro-pile-too-long = A pile holds at most 35 tiles.
refusal-tsuro-swap-shape = Write swap, the tiles you give, for, and as many tiles you take, like swap 01-23-45-67 for 02-13-46-57.
refusal-tsuro-swap-uneven = A swap takes as many tiles as it gives, not { $give } for { $take }.
refusal-tsuro-swap-too-many = A swap gives at most 3 tiles.
refusal-tsuro-swap-tile-twice = Tile { $tile } appears twice in the swap.
refusal-tsuro-tile-shape = "{ $word }" is not a tile: a tile is four pairs of points 0 to 7, like 01-27-36-45.
refusal-tsuro-point-twice = "{ $word }" is not a tile: point { $point } is used twice.
refusal-tsuro-not-square = "{ $word }" is not a square: the squares are a1 to f6.
refusal-tsuro-position-shape = "{ $word }" is not a position: write a square and a point, like c1.0.
refusal-tsuro-not-point = "{ $word }" is not a point: the points are 0 to 7.

## Tyranny. $phase: start | custody | roll | challenge | may-draw | draw | advance | target |
## pick | discard | may-cross | over; $piece: the piece to move, named.

# What a phase waits for, after a colon.
refusal-tyranny-waiting = { $phase ->
    [start] { $piece } starts its turn: move, capture, pass, cross, open or collapse a tunnel, or play a card
    [custody] { $piece } is in custody: pay, escape or play Gains 6
    [roll] the die is to be rolled
    [challenge] { $piece } passed an enemy piece: challenge it or let it go
    [may-draw] { $piece } may draw a card: draw or decline
    [draw] a card is to be drawn
    [advance] Gamble 6: advance 1 to 6 tiles
    [target] Gains 5: choose an opponent who discards
    [pick] a card is to be picked from a hand
    [discard] too many cards in hand: discard one
    [may-cross] { $piece } may cross to the other city: cross or stay
   *[over] the game is over
}
refusal-tyranny-die-face = A die shows 1 to 6, not { $n }.
refusal-tyranny-wrong-deck = A { $deck } card is being drawn, not { $card }.
refusal-tyranny-no-copy-left = No copy of { $card } is left in the { $deck } deck.
refusal-tyranny-holds-no = { $seat ->
    [you] You hold no { $card }.
    [computer] The computer holds no { $card }.
   *[person] { $seat-name } holds no { $card }.
}
refusal-tyranny-cannot-come-up = "{ $mv }" cannot come up now: { refusal-tyranny-waiting }.
refusal-tyranny-no-tunnel = There is no tunnel number { $number }.
refusal-tyranny-no-seat-moves = Nobody moves now: { refusal-tyranny-waiting }.
refusal-tyranny-committed = A capture card was played: capture, or play another capture card.
refusal-tyranny-not-on-property = { $piece } is not on a property but on { $tile }.
refusal-tyranny-already-own = { $tile } already belongs to the { $faction ->
    [cops] cops
   *[criminals] criminals
}.
refusal-tyranny-crossed-once = A piece crosses at most once at the start of its turn.
refusal-tyranny-cannot-cross-here = { $piece } is on { $tile }, neither its home base nor an open tunnel.
refusal-tyranny-not-on-tunnel-end = { $piece } is not on an end of tunnel { $tunnel }.
refusal-tyranny-tunnel-once = A piece opens or collapses a tunnel at most once a turn.
refusal-tyranny-tunnel-already-open = Tunnel { $tunnel } is already open.
refusal-tyranny-tunnel-already-collapsed = Tunnel { $tunnel } is already collapsed.
refusal-tyranny-tunnel-cost = The criminals need { $cost } influence for that and have { $influence }.
refusal-tyranny-fix-number = The number must be a die face, 1 to 6.
refusal-tyranny-fix-by-cops = Only the cops' half of Gains 6 names a piece.
refusal-tyranny-not-criminal = { $target } is not a criminal.
refusal-tyranny-not-in-custody = { $target } is not in custody, or is serving an arrest with no escape.
refusal-tyranny-wide-escape = The criminals' half of Gains 6 is played by a piece in custody that does not already escape on 2 to 6.
refusal-tyranny-no-seat = There is no seat { $seat-number }.
refusal-tyranny-not-opponent = Seat { $seat-number } is not an opponent.
refusal-tyranny-seat-no-card = { $seat ->
    [you] You hold no card.
    [computer] The computer holds no card.
   *[person] { $seat-name } holds no card.
}
refusal-tyranny-may-not-pay = { $piece } may not pay its way out (Gains 6).
refusal-tyranny-pay-cost = Paying out costs { $price } influence and the criminals have { $influence }.
refusal-tyranny-wrong-passed = The passed piece to decide on is { $passed }, not { $piece }.
refusal-tyranny-advance-range = Gamble 6 moves 1 to 6 tiles, not { $n }.
refusal-tyranny-not-now = "{ $mv }" is not a move now: { refusal-tyranny-waiting }.
refusal-tyranny-empty = The move is empty.
refusal-tyranny-number = A number from 0 to 255 was expected.
refusal-tyranny-card = A card is a deck and a number, like gains 7.
refusal-tyranny-deck-name = The decks are gamble and gains.
refusal-tyranny-card-number = The cards are numbered 1 to 10.
refusal-tyranny-piece-name = The pieces are cop1, crim1, cop2 and crim2.
refusal-tyranny-seat-word = Write seat and a seat number, like seat 1.
refusal-tyranny-seat-number = A seat is a number from 0 to 3.
refusal-tyranny-tunnel-word = Write tunnel and the tunnel's letter, like tunnel A.
refusal-tyranny-tunnel-name = No tunnel has that letter.
refusal-tyranny-range = A capture roll range is three faces: 1-3, 2-4, 3-5 or 4-6.
refusal-tyranny-gains6-args = Gains 6 takes nothing (criminals) or a piece and a number (cops).
refusal-tyranny-gains7-args = Gains 7 takes tunnel and a letter.
refusal-tyranny-gains10-args = Gains 10 takes seat and a number.
refusal-tyranny-card-takes-nothing = This card takes nothing after it.
refusal-tyranny-only-kept = Only kept cards are played: gamble 7 and gains 1, 2, 6, 7 and 10.
refusal-tyranny-roll-shape = Write roll and a die face.
refusal-tyranny-draw-shape = Write draw alone, or draw, a deck and a card number.
refusal-tyranny-pick-shape = Write pick, a deck and a card number.
refusal-tyranny-challenge-shape = Write a piece and a range, like challenge crim1 1-3.
refusal-tyranny-spare-shape = Write a piece, like spare crim1.
refusal-tyranny-advance-shape = Write a number of tiles, like advance 4.
refusal-tyranny-discard-shape = Write a card, like discard gains 7.
refusal-tyranny-play-shape = Write a card, like play gains 1.
refusal-tyranny-move-takes-nothing = This move takes nothing after it.
refusal-tyranny-unknown-move = There is no such move.
