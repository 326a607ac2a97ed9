//! Why a Tyrus move is refused or cannot be read.

agora_engine::refusals! {
    /// Tyrus's refusals and notation errors; the game-over refusal is the engine's.
    pub enum TyrusRefusal {
        NotInHand = "tyrus-not-in-hand" [tile] "{tile} is not in your hand",
        Shape = "tyrus-shape" []
            "a move is <tile> <own|opp> <citadel|market|temple>, e.g. S7 own citadel",
        UnknownTile = "tyrus-unknown-tile" [word]
            "unknown tile \"{word}\" (tiles are S1..S10, M1..M10, P1..P10)",
        Side = "tyrus-side" [] "the second word is own or opp",
        Building = "tyrus-building" [] "the third word is citadel, market or temple",
    }
}
