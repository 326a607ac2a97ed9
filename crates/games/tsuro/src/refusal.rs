//! Why a Tsuro move is refused or cannot be read.

agora_engine::refusals! {
    /// Tsuro's refusals and notation errors; the game-over refusal is the engine's.
    pub enum TsuroRefusal {
        AllPlaced = "tsuro-all-placed" [] "every marker is already placed",
        NotStartMark = "tsuro-not-start-mark" [mark]
            "{mark} is not a start mark: start marks are the rim points facing off the board",
        MarkTaken = "tsuro-mark-taken" [mark, seat] "{mark} is taken by seat {seat}'s marker",
        PlaceMarkersFirst = "tsuro-place-markers-first" []
            "every marker must be placed before a tile is laid",
        BonusFirst = "tsuro-bonus-first" []
            "first keep your hand or swap tiles with the eliminated hands",
        ShuffleFirst = "tsuro-shuffle-first" [] "the draw pile must be shuffled first",
        NoTileNow = "tsuro-no-tile-now" [] "no tile can be laid now",
        TileNotInHand = "tsuro-tile-not-in-hand" [tile]
            "{tile} is not a tile in your hand in any rotation",
        UnsafePlay = "tsuro-unsafe-play" []
            "that play eliminates your marker and you have a safe play",
        NothingToSwap = "tsuro-nothing-to-swap" []
            "there is nothing to swap: the elimination bonus comes right after a play that eliminates others",
        GiveNotInHand = "tsuro-give-not-in-hand" [tile] "{tile} is not in your hand",
        TakeNotEliminated = "tsuro-take-not-eliminated" [tile]
            "{tile} is not in the hand of a seat you just eliminated",
        NothingToShuffle = "tsuro-nothing-to-shuffle" [] "there is nothing to shuffle now",
        PileTileTwice = "tsuro-pile-tile-twice" [tile] "tile {tile} appears twice in the shuffled pile",
        PileMismatch = "tsuro-pile-mismatch" []
            "the shuffled pile must hold exactly the draw pile and the eliminated hands",
        Empty = "tsuro-empty" [] "empty move: a move is start, play, keep, swap or shuffle",
        UnknownMove = "tsuro-unknown-move" [word]
            "unknown move \"{word}\": a move is start, play, keep, swap or shuffle",
        StartShape = "tsuro-start-shape" [] "write start and a start mark, like start c1.0",
        PlayShape = "tsuro-play-shape" []
            "write play and the tile as you lay it, like play 01-27-36-45",
        KeepAlone = "tsuro-keep-alone" [] "keep takes nothing after it",
        ShuffleShape = "tsuro-shuffle-shape" [] "write shuffle and the new draw pile, top first",
        PileTooLong = "tsuro-pile-too-long" [] "a pile holds at most 35 tiles",
        SwapShape = "tsuro-swap-shape" []
            "write swap, the tiles you give, for, and as many tiles you take, like swap 01-23-45-67 for 02-13-46-57",
        SwapUneven = "tsuro-swap-uneven" [give, take]
            "a swap takes as many tiles as it gives, not {give} for {take}",
        SwapTooMany = "tsuro-swap-too-many" [] "a swap gives at most 3 tiles",
        SwapTileTwice = "tsuro-swap-tile-twice" [tile] "tile {tile} appears twice in the swap",
        TileShape = "tsuro-tile-shape" [word]
            "\"{word}\" is not a tile: a tile is four pairs of points 0 to 7, like 01-27-36-45",
        PointTwice = "tsuro-point-twice" [word, point] "\"{word}\" is not a tile: point {point} is used twice",
        NotSquare = "tsuro-not-square" [word] "\"{word}\" is not a square: squares are a1 to f6",
        PositionShape = "tsuro-position-shape" [word]
            "\"{word}\" is not a position: write a square and a point, like c1.0",
        NotPoint = "tsuro-not-point" [word] "\"{word}\" is not a point: points are 0 to 7",
    }
}
