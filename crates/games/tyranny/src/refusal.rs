//! Why a Tyranny move is refused or cannot be read.
//!
//! Arguments the reader's language names in its own words are given as notation: `piece`,
//! `passed` and `target` (`crim1`), `card` (`gains 7`), `deck`, `faction` (`cops`), `tile` (a
//! tile's code) and `phase` ([`phase_word`]). `place` and `waiting` are the English wording of
//! a tile and of what the phase waits for, for the English text only.

use crate::Phase;

agora_engine::refusals! {
    /// Tyranny's refusals and notation errors; the game-over refusal is the engine's.
    pub enum TyrannyRefusal {
        DieFace = "tyranny-die-face" [n] "a die shows 1 to 6, not {n}",
        WrongDeck = "tyranny-wrong-deck" [deck, card] "a {deck} card is being drawn, not {card}",
        NoCopyLeft = "tyranny-no-copy-left" [card, deck] "no copy of {card} is left in the {deck} deck",
        HoldsNo = "tyranny-holds-no" [seat, card] "seat {seat} holds no {card}",
        CannotComeUp = "tyranny-cannot-come-up" [mv, waiting, phase, piece]
            "{mv} cannot come up now: {waiting}",
        NoTunnel = "tyranny-no-tunnel" [number] "there is no tunnel number {number}",
        NoSeatMoves = "tyranny-no-seat-moves" [waiting, phase, piece] "no seat moves now: {waiting}",
        Committed = "tyranny-committed" []
            "a capture card was played: capture or play another capture card",
        NotOnProperty = "tyranny-not-on-property" [piece, place, tile]
            "{piece} is not on a property but on {place}",
        AlreadyOwn = "tyranny-already-own" [faction, place, tile] "the {faction} already own {place}",
        CrossedOnce = "tyranny-crossed-once" []
            "a piece crosses at most once at the start of its turn",
        CannotCrossHere = "tyranny-cannot-cross-here" [piece, place, tile]
            "{piece} is on {place}, neither its home base nor an open tunnel",
        NotOnTunnelEnd = "tyranny-not-on-tunnel-end" [piece, tunnel]
            "{piece} is not on an end of tunnel {tunnel}",
        TunnelOnce = "tyranny-tunnel-once" []
            "a piece opens or collapses a tunnel at most once a turn",
        TunnelAlreadyOpen = "tyranny-tunnel-already-open" [tunnel] "tunnel {tunnel} is already open",
        TunnelAlreadyCollapsed = "tyranny-tunnel-already-collapsed" [tunnel]
            "tunnel {tunnel} is already collapsed",
        TunnelCost = "tyranny-tunnel-cost" [cost, influence]
            "the criminals need {cost} influence for that and have {influence}",
        FixNumber = "tyranny-fix-number" [] "the number must be a die face, 1 to 6",
        FixByCops = "tyranny-fix-by-cops" [] "only the cops' half of gains 6 names a piece",
        NotCriminal = "tyranny-not-criminal" [target] "{target} is not a criminal",
        NotInCustody = "tyranny-not-in-custody" [target]
            "{target} is not in custody (or is serving an inescapable arrest)",
        WideEscape = "tyranny-wide-escape" []
            "the criminals' half of gains 6 is played by a piece in custody that does not already escape on 2 to 6",
        NoSeat = "tyranny-no-seat" [seat] "there is no seat {seat}",
        NotOpponent = "tyranny-not-opponent" [seat] "seat {seat} is not an opponent",
        SeatNoCard = "tyranny-seat-no-card" [seat] "seat {seat} holds no card",
        MayNotPay = "tyranny-may-not-pay" [piece] "{piece} may not pay its way out (gains 6)",
        PayCost = "tyranny-pay-cost" [price, influence]
            "paying out costs {price} and the criminals have {influence}",
        WrongPassed = "tyranny-wrong-passed" [passed, piece]
            "the passed piece to decide on is {passed}, not {piece}",
        AdvanceRange = "tyranny-advance-range" [n] "gamble 6 moves 1 to 6 tiles, not {n}",
        NotNow = "tyranny-not-now" [mv, waiting, phase, piece] "{mv} is not a move now: {waiting}",
        Empty = "tyranny-empty" [] "empty move",
        Number = "tyranny-number" [] "expected a number from 0 to 255",
        Card = "tyranny-card" [] "a card is a deck and a number, like \"gains 7\"",
        DeckName = "tyranny-deck-name" [] "the decks are \"gamble\" and \"gains\"",
        CardNumber = "tyranny-card-number" [] "cards are numbered 1 to 10",
        PieceName = "tyranny-piece-name" [] "the pieces are cop1, crim1, cop2 and crim2",
        SeatWord = "tyranny-seat-word" [] "expected \"seat\" and a seat number",
        SeatNumber = "tyranny-seat-number" [] "a seat is a number from 0 to 3",
        TunnelWord = "tyranny-tunnel-word" [] "expected \"tunnel\" and a tunnel name",
        TunnelName = "tyranny-tunnel-name" [] "no tunnel has that name",
        Range = "tyranny-range" [] "a capture roll range is three faces: 1-3, 2-4, 3-5 or 4-6",
        Gains6Args = "tyranny-gains6-args" []
            "gains 6 takes nothing (criminals) or a piece and a number (cops)",
        Gains7Args = "tyranny-gains7-args" [] "gains 7 takes \"tunnel\" and a name",
        Gains10Args = "tyranny-gains10-args" [] "gains 10 takes \"seat\" and a number",
        CardTakesNothing = "tyranny-card-takes-nothing" [] "this card takes nothing after it",
        OnlyKept = "tyranny-only-kept" []
            "only kept cards are played: gamble 7, gains 1, 2, 6, 7 and 10",
        RollShape = "tyranny-roll-shape" [] "expected \"roll\" and a die face",
        DrawShape = "tyranny-draw-shape" []
            "expected \"draw\" alone or \"draw\", a deck and a card number",
        PickShape = "tyranny-pick-shape" [] "expected \"pick\", a deck and a card number",
        ChallengeShape = "tyranny-challenge-shape" []
            "expected a piece and a range, like \"challenge crim1 1-3\"",
        SpareShape = "tyranny-spare-shape" [] "expected a piece, like \"spare crim1\"",
        AdvanceShape = "tyranny-advance-shape" [] "expected a number of tiles",
        DiscardShape = "tyranny-discard-shape" [] "expected a card, like \"discard gains 7\"",
        PlayShape = "tyranny-play-shape" [] "expected a card, like \"play gains 1\"",
        MoveTakesNothing = "tyranny-move-takes-nothing" [] "this move takes nothing after it",
        UnknownMove = "tyranny-unknown-move" []
            "unknown move; see docs/rules/tyranny.md for the notation",
    }
}

/// A phase as one word, for a refusal's `phase` argument.
pub fn phase_word(phase: Phase) -> &'static str {
    match phase {
        Phase::Start => "start",
        Phase::Custody => "custody",
        Phase::Roll { .. } => "roll",
        Phase::Challenge { .. } => "challenge",
        Phase::MayDraw { .. } => "may-draw",
        Phase::Draw { .. } => "draw",
        Phase::Advance => "advance",
        Phase::Target => "target",
        Phase::Pick { .. } => "pick",
        Phase::Discard => "discard",
        Phase::MayCross => "may-cross",
        Phase::Over => "over",
    }
}
