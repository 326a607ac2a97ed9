## Tsuro's words. $point: 0 to 7, clockwise from a square's top edge's left point.

tsuro-colour = { $colour ->
    [red] Red
    [blue] Blue
    [green] Green
    [yellow] Yellow
    [purple] Purple
    [orange] Orange
    [sky] Sky blue
   *[black] Black
}
# A seat named with its marker, mid-sentence. $who: you | computer | person.
tsuro-who-marker = { $who ->
    [you] you
    [computer] the computer
   *[person] { $who-name }
} ({ $colour })
# A start mark: the rim's edge, the square, the point.
tsuro-start-mark = { $point ->
    [0] top edge, square { $square }, left point
    [1] top edge, square { $square }, right point
    [2] right edge, square { $square }, upper point
    [3] right edge, square { $square }, lower point
    [4] bottom edge, square { $square }, right point
    [5] bottom edge, square { $square }, left point
    [6] left edge, square { $square }, lower point
   *[7] left edge, square { $square }, upper point
}
# Which side of the square a marker faces it from, and which point of that side.
tsuro-side-point = { $point ->
    [0] top side, left point
    [1] top side, right point
    [2] right side, upper point
    [3] right side, lower point
    [4] bottom side, right point
    [5] bottom side, left point
    [6] left side, lower point
   *[7] left side, upper point
}
tsuro-position = facing { $square } ({ tsuro-side-point })
# A point of a tile, for its paths.
tsuro-point = { $point ->
    [0] top left
    [1] top right
    [2] right upper
    [3] right lower
    [4] bottom right
    [5] bottom left
    [6] left lower
   *[7] left upper
}
tsuro-path = { $from } to { $to }

## Moves. $who, $other: you | computer | person, with $who-name and $who-marker ("Ada (Blue)").
## $you: yes when the reader is one of the two. $tiles: tiles a marker followed.

tsuro-started = { $who ->
    [you] { $who-marker } start on the { $mark }.
   *[other] { $who-marker } starts on the { $mark }.
}
tsuro-laid = { $who-marker } laid a tile on { $square } ({ $tile }).
tsuro-moved = { $who ->
    [you] { $who-marker } { $tiles ->
        [one] crossed the new tile
       *[other] followed { $tiles } tiles
    } and now face { $square } ({ $where }).
   *[other] { $who-marker } { $tiles ->
        [one] crossed the new tile
       *[other] followed { $tiles } tiles
    } and now faces { $square } ({ $where }).
}
tsuro-left-board = { $who ->
    [you] { $who-marker } { $tiles ->
        [one] ran off the board across the new tile
       *[other] followed { $tiles } tiles off the board
    } and are out.
   *[other] { $who-marker } { $tiles ->
        [one] ran off the board across the new tile
       *[other] followed { $tiles } tiles off the board
    } and is out.
}
tsuro-collided = { $who-marker } and { $other-marker } ran into each other and are out.
tsuro-ran-into = { $who ->
    [you] { $who-marker } ran into { $other-colour } and are out.
   *[other] { $who-marker } ran into { $other-colour } and is out.
}
tsuro-bonus-yours = Elimination bonus: you may keep your hand, or swap tiles of it for as many of these from the hands you just put out: { $tiles }.
tsuro-bonus-theirs = { $who ->
    [you] You may keep your hand or swap tiles with the hands you just put out (elimination bonus).
    [computer] The computer may swap tiles with the hands it just put out (elimination bonus).
   *[person] { $who-name } may swap tiles with the hands they just put out (elimination bonus).
}
tsuro-swapped-tiles = { $count ->
    [0] You kept your hand.
   *[other] You gave { $given } for { $taken }.
}
tsuro-swapped-count = { $who ->
    [computer] The computer
   *[person] { $who-name }
} { $count ->
    [0] kept their hand.
    [one] swapped one tile with the eliminated hands.
   *[other] swapped { $count } tiles with the eliminated hands.
}
tsuro-swapped-yours = { $who ->
    [computer] The computer
   *[person] { $who-name }
} took { $taken } from your hand and put { $given } in its place.
tsuro-shuffled = The eliminated hands’ { $count ->
    [one] tile went
   *[other] { $count } tiles went
} into the draw pile, which was shuffled: it holds { $pile ->
    [one] one tile
   *[other] { $pile } tiles
}.
tsuro-drew-tiles = You drew { $tiles }.
tsuro-drew-count = { $who ->
    [you] You drew
    [computer] The computer drew
   *[person] { $who-name } drew
} { $count ->
    [one] a tile
   *[other] { $count } tiles
}.
tsuro-dragon-taken = The draw pile is empty: { $who ->
    [you] you take
    [computer] the computer takes
   *[person] { $who-name } takes
} the dragon, and will draw first when tiles come back.
tsuro-dragon-returned = { $who ->
    [you] You drew and gave
    [computer] The computer drew and gave
   *[person] { $who-name } drew and gave
} the dragon back.
tsuro-dragon-unclaimed = { $who ->
    [you] You were
    [computer] The computer was
   *[person] { $who-name } was
} holding the dragon, and nobody is waiting for a tile: nobody holds it now.
tsuro-dragon-passed = The dragon passes from { $from ->
    [you] you
    [computer] the computer
   *[person] { $from-name }
} to { $to ->
    [you] you
    [computer] the computer
   *[person] { $to-name }
}.

## The end. $winners: the winners with their markers; $you: yes when the reader is one.

tsuro-end-last-marker = { $you ->
    [yes] { $winners } win: yours is the last marker on the board.
   *[no] { $winners } wins: the last marker on the board.
}
tsuro-end-together = { $winners } went out in the same play, the last markers on the board, and share the win.
tsuro-end-all-tiles = Every tile has been laid: { $count ->
    [one] { $you ->
        [yes] { $winners } win.
       *[no] { $winners } wins.
    }
   *[other] { $winners } share the win.
}

## The status line. $phase: start | play | bonus.

tsuro-status-turn = { $who ->
    [you] { $phase ->
        [start] Your turn: choose a start mark for your marker, { $colour } (markers placed: { $placed } of { $players }).
        [bonus] Your turn: the elimination bonus, keep your hand or swap tiles of it for as many of these: { $tiles }.
       *[play] Your turn: lay a tile on { $square }.
    }
   *[other] { $phase ->
        [start] { $who-marker } is choosing a start mark (markers placed: { $placed } of { $players }).
        [bonus] { $who-marker } is choosing whether to swap tiles (elimination bonus).
       *[play] { $who-marker } is to lay a tile on { $square }.
    }
}
tsuro-status-shuffle = The draw pile is being shuffled.
tsuro-status-markers = { $alive ->
    [one] One marker
   *[other] { $alive } markers
} of { $players } on the board.
tsuro-status-pile = { $count ->
    [0] The draw pile is empty.
    [one] One tile in the draw pile.
   *[other] { $count } tiles in the draw pile.
}
tsuro-status-dragon = { $who ->
    [you] you hold
    [computer] the computer holds
   *[person] { $who-name } holds
} the dragon.
tsuro-status-you-are-out = Your marker is out; you are watching.

## What a tile in hand would do. $verdict: stays | out-anyway | refused.

tsuro-preview-tile = Tile { $number } of { $count } in your hand, laid as { $tile } on { $square }.
tsuro-would-move = { $who-marker } would { $tiles ->
    [one] cross the new tile
   *[other] follow { $tiles } tiles
} and face { $square } ({ $where }).
tsuro-would-leave = { $who-marker } would { $tiles ->
    [one] run off the board across the new tile
   *[other] follow { $tiles } tiles off the board
} and be out.
tsuro-would-collide = { $who-marker } would run into { $other-colour } and be out.
tsuro-preview-verdict = { $verdict ->
    [stays] { $who ->
        [you] You stay on the board.
       *[other] The marker stays on the board.
    }
    [out-anyway] Every play puts you out, so this one is allowed.
   *[refused] Not allowed: you would be out while you have a safe play.
}

## The board in words. $around: what borders a square on each side.

tsuro-around = above: { $above ->
    [rim] the rim
    [tile] a tile
   *[empty] empty
}; right: { $right ->
    [rim] the rim
    [tile] a tile
   *[empty] empty
}; below: { $below ->
    [rim] the rim
    [tile] a tile
   *[empty] empty
}; left: { $left ->
    [rim] the rim
    [tile] a tile
   *[empty] empty
}
tsuro-square-tile = { $square }: { $tile }, paths { $paths }.
tsuro-square-empty = { $square } is empty ({ $around }).
tsuro-square-faced = { $who ->
    [you] { $who-marker } face it ({ $where }): your next tile goes here.
   *[other] { $who-marker } faces it ({ $where }).
}
# $state: placed | unplaced | out.
tsuro-board-marker = { $state ->
    [placed] { $who-marker }: { $position }; around { $square }: { $around }.
    [unplaced] { $who-marker }: not on the board yet.
   *[out] { $who-marker }: out.
}
tsuro-board-tiles = { $count ->
    [0] No tile has been laid yet.
    [one] One tile on the board:
   *[other] { $count } tiles on the board:
}

## The rules in brief.

tsuro-rules-1 = Tsuro is played on a board of 6 by 6 squares, a1 to f6, with row 1 at the top. Each player has a marker on the rim and three path tiles; a tile joins the eight points on its edges in four pairs.
tsuro-rules-2 = First each player puts their marker on a free start mark on the rim. Then, on your turn, you turn a tile of your hand as you like and lay it on the empty square your marker faces.
tsuro-rules-3 = Every marker facing that square follows its path, across every tile it leads into, until it faces an empty square again. A marker led off the board is out; two markers that meet head-on are both out. You may not put yourself out while you have a safe play.
tsuro-rules-4 = After each play the hands are filled up from the draw pile (with three or more players, whoever finds it empty takes the dragon and draws first later). The last marker on the board wins; markers that go out together, or are left when every tile is laid, share the win.
