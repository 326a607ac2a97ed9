# The Tsuro table page. The game's own sentences (moves, previews, the board in words) come
# from agora-present's tsuro.ftl.
tsuro-markers = Markers
tsuro-seat-tiles = { $count ->
    [one] 1 tile
   *[other] { $count } tiles
}
tsuro-seat-out = out
tsuro-seat-unplaced = not placed yet
tsuro-seat-dragon = holds the dragon tile
tsuro-dragon-tag = dragon
tsuro-pile = { $count ->
    [0] The draw pile is empty.
    [one] 1 tile left in the draw pile.
   *[other] { $count } tiles left in the draw pile.
}
tsuro-board-label = The board, 6 by 6 squares
tsuro-board-hint = Arrow keys move between squares; each square says what lies on it and which markers face it.
tsuro-words = The board in words
tsuro-start-label = Where to place your marker
tsuro-start-hint = Choose a free start mark on the edge of the board, or click one on the board.
tsuro-start-button = Place my marker
tsuro-bonus-legend = Elimination bonus
tsuro-bonus-hint = You put other markers out: you may exchange tiles with their hands before they go back into the pile.
tsuro-keep = Keep my tiles
tsuro-hand = { $count ->
    [one] Your tile
   *[other] Your { $count } tiles
}
tsuro-hand-tile = Tile { $number } of { $count }
tsuro-hand-hint = Turn a tile until the preview suits you, then lay it on the square your marker faces (outlined on the board).
tsuro-keys-hint = Keys: R turns the tile in focus to the right, Shift+R to the left.
tsuro-turn-left = Turn left
tsuro-turn-right = Turn right
tsuro-lay = Lay this tile
tsuro-move-box-hint = For example start c1.0, play 01-27-36-45, keep, or swap 01-23-45-67 for 02-13-46-57.
tsuro-confirm-play = Lay this tile? { $preview }
tsuro-confirm-start = Place your marker at { $mark }?
tsuro-confirm-keep = Keep your tiles?
tsuro-confirm-swap = { $choice }?
