//! Which moves are legal now, and why one is not.

use agora_engine::{EngineRefusal, Refusal};

use super::*;
use crate::refusal::{TyrannyRefusal, phase_word};

impl Tyranny {
    /// Calls `push` with every legal move of the seat to move.
    pub(crate) fn each_legal(&self, mut push: impl FnMut(Move)) {
        let table = &self.table;
        let board = board();
        let piece = table.active;
        let state = *table.piece(piece);
        let faction = piece.faction();
        let hand = self.active_hand();
        match table.phase {
            Phase::Over | Phase::Roll { .. } | Phase::Draw { .. } | Phase::Pick { .. } => {}
            Phase::Start => {
                let committed = table.flags & COMMITTED != 0;
                let capturable = board.property(state.tile).is_some()
                    && table.owner(state.tile) != Some(faction);
                if !committed {
                    push(Move::Go);
                    push(Move::Pass);
                }
                if capturable {
                    push(Move::Capture);
                    if hand.contains(Card::GAINS_EXTRA_ROLL) && table.flags & EXTRA_ROLL == 0 {
                        push(Move::Play(Play::ExtraRoll));
                    }
                    if hand.contains(Card::GAINS_SHORT_RANGE)
                        && table.flags & SHORT_RANGE_PLAYED == 0
                    {
                        push(Move::Play(Play::ShortRange));
                    }
                }
                if committed {
                    return;
                }
                if table.flags & CROSSED == 0 && table.crossing(piece).is_some() {
                    push(Move::Cross);
                }
                if let TileKind::Tunnel { tunnel } = board.kind(state.tile)
                    && table.flags & TUNNEL_WORKED == 0
                    && (faction == Faction::Cops || table.influence >= board.tunnel(tunnel).cost)
                {
                    push(if table.is_open(tunnel) {
                        Move::Collapse(tunnel)
                    } else {
                        Move::Open(tunnel)
                    });
                }
                if hand.contains(Card::GAMBLE_SWITCH_TIER) {
                    push(Move::Play(Play::SwitchTier));
                }
                if faction == Faction::Cops && hand.contains(Card::GAINS_CUSTODY) {
                    for target in [Piece::CRIM1, Piece::CRIM2] {
                        let held = table.piece(target);
                        if held.custody && held.sentence == 0 {
                            for number in 1..=6 {
                                push(Move::Play(Play::FixEscape {
                                    piece: target,
                                    number,
                                }));
                            }
                        }
                    }
                }
                if hand.contains(Card::GAINS_TUNNEL) {
                    for tunnel in 0..board.tunnels().len() as u8 {
                        push(Move::Play(Play::Tunnel(tunnel)));
                    }
                }
                if hand.contains(Card::GAINS_STEAL) {
                    for seat in self.victims() {
                        push(Move::Play(Play::Steal(seat)));
                    }
                }
            }
            Phase::Custody => {
                if state.may_pay && (faction == Faction::Cops || table.influence >= ESCAPE_PRICE) {
                    push(Move::Pay);
                }
                push(Move::Escape);
                if faction == Faction::Criminals
                    && hand.contains(Card::GAINS_CUSTODY)
                    && state.escape_faces != WIDE_ESCAPE
                {
                    push(Move::Play(Play::WideEscape));
                }
            }
            Phase::Challenge { piece: target, .. } => {
                for low in 1..=4 {
                    push(Move::Challenge { piece: target, low });
                }
                push(Move::Spare(target));
            }
            Phase::MayDraw { .. } => {
                push(Move::Draw);
                push(Move::Decline);
            }
            Phase::Advance => {
                for n in 1..=6 {
                    push(Move::Advance(n));
                }
            }
            Phase::Target => {
                for seat in self.victims() {
                    push(Move::Target(seat));
                }
            }
            Phase::Discard => {
                for card in Card::all().filter(|c| hand.contains(*c)) {
                    push(Move::Discard(card));
                }
            }
            Phase::MayCross => {
                push(Move::Cross);
                push(Move::Stay);
            }
        }
    }

    /// Whether a chance move could come up now.
    pub(crate) fn check_chance(&self, mv: Move) -> Result<(), Refusal> {
        match (self.table.phase, mv) {
            (Phase::Roll { .. }, Move::Roll(n)) => {
                if (1..=6).contains(&n) {
                    Ok(())
                } else {
                    Err(TyrannyRefusal::DieFace.with("n", n))
                }
            }
            (Phase::Draw { deck }, Move::Drawn(card)) => {
                if card.deck() != deck {
                    Err(TyrannyRefusal::WrongDeck
                        .with("deck", deck.name())
                        .with("card", card.to_string()))
                } else if !self.decks.contains(card) {
                    Err(TyrannyRefusal::NoCopyLeft
                        .with("card", card.to_string())
                        .with("deck", deck.name()))
                } else {
                    Ok(())
                }
            }
            (Phase::Pick { victim, .. }, Move::Picked(card)) => {
                if self.hands[victim.index()].contains(card) {
                    Ok(())
                } else {
                    Err(TyrannyRefusal::HoldsNo
                        .with("seat", victim)
                        .with("card", card.to_string()))
                }
            }
            (Phase::Over, _) => Err(EngineRefusal::GameOver.into()),
            (phase, mv) => Err(TyrannyRefusal::CannotComeUp
                .with("mv", mv.to_string())
                .with("waiting", waiting_for(phase))
                .with("phase", phase_word(phase))
                .with("piece", self.table.active.name())),
        }
    }

    /// Why `mv` is not legal now (called once it is known not to be).
    pub(crate) fn illegal_reason(&self, mv: Move) -> Refusal {
        use TyrannyRefusal as R;
        let table = &self.table;
        let board = board();
        let piece = table.active;
        let state = table.piece(piece);
        let seat = self.active_seat();
        let hand = self.active_hand();
        if table.phase == Phase::Over {
            return EngineRefusal::GameOver.into();
        }
        if let Move::Open(t) | Move::Collapse(t) | Move::Play(Play::Tunnel(t)) = mv
            && usize::from(t) >= board.tunnels().len()
        {
            return R::NoTunnel.with("number", t);
        }
        if mv.is_chance() {
            return self
                .check_chance(mv)
                .err()
                .unwrap_or_else(|| self.not_now(mv));
        }
        if matches!(
            table.phase,
            Phase::Roll { .. } | Phase::Draw { .. } | Phase::Pick { .. }
        ) {
            return R::NoSeatMoves
                .with("waiting", waiting_for(table.phase))
                .with("phase", phase_word(table.phase))
                .with("piece", piece.name());
        }
        let committed = table.flags & COMMITTED != 0;
        // The tile the piece stands on: its code for every language, its name for English.
        let here = |reason: R| {
            let tile = board.tile(state.tile);
            reason
                .refusal()
                .with("place", format!("{} ({})", tile.name, tile.code))
                .with("tile", tile.code.clone())
        };
        let specific = match (table.phase, mv) {
            (Phase::Start, Move::Go | Move::Pass) => Some(R::Committed.into()),
            // R9: after Gains 1 or 2 the turn is the capture's, free actions included.
            (Phase::Start, Move::Cross | Move::Open(_) | Move::Collapse(_)) if committed => {
                Some(R::Committed.into())
            }
            (Phase::Start, Move::Capture)
            | (Phase::Start, Move::Play(Play::ExtraRoll))
            | (Phase::Start, Move::Play(Play::ShortRange))
                if board.property(state.tile).is_none() =>
            {
                Some(here(R::NotOnProperty).with("piece", piece.name()))
            }
            (Phase::Start, Move::Capture) => {
                Some(here(R::AlreadyOwn).with("faction", piece.faction().name()))
            }
            (Phase::Start, Move::Cross) if table.flags & CROSSED != 0 => {
                Some(R::CrossedOnce.into())
            }
            (Phase::Start, Move::Cross) => {
                Some(here(R::CannotCrossHere).with("piece", piece.name()))
            }
            (Phase::Start, Move::Open(t) | Move::Collapse(t)) => {
                let tunnel = board.tunnel(t);
                let name = || tunnel.name.clone();
                Some(
                    if state.tile != tunnel.outer && state.tile != tunnel.inner {
                        R::NotOnTunnelEnd
                            .with("piece", piece.name())
                            .with("tunnel", name())
                    } else if table.flags & TUNNEL_WORKED != 0 {
                        R::TunnelOnce.into()
                    } else if matches!(mv, Move::Open(_)) == table.is_open(t) {
                        if table.is_open(t) {
                            R::TunnelAlreadyOpen.with("tunnel", name())
                        } else {
                            R::TunnelAlreadyCollapsed.with("tunnel", name())
                        }
                    } else {
                        R::TunnelCost
                            .with("cost", tunnel.cost)
                            .with("influence", table.influence)
                    },
                )
            }
            (_, Move::Play(play)) if !hand.contains(play.card()) => Some(
                R::HoldsNo
                    .with("seat", seat)
                    .with("card", play.card().to_string()),
            ),
            (_, Move::Discard(card)) if !hand.contains(card) => {
                Some(R::HoldsNo.with("seat", seat).with("card", card.to_string()))
            }
            (
                Phase::Start,
                Move::Play(
                    Play::SwitchTier | Play::FixEscape { .. } | Play::Tunnel(_) | Play::Steal(_),
                ),
            ) if committed => Some(R::Committed.into()),
            (Phase::Start, Move::Play(Play::FixEscape { number, .. }))
                if !(1..=6).contains(&number) =>
            {
                Some(R::FixNumber.into())
            }
            (Phase::Start, Move::Play(Play::FixEscape { piece: target, .. })) => {
                Some(if piece.faction() != Faction::Cops {
                    R::FixByCops.into()
                } else if target.faction() != Faction::Criminals {
                    R::NotCriminal.with("target", target.name())
                } else {
                    R::NotInCustody.with("target", target.name())
                })
            }
            (_, Move::Play(Play::WideEscape)) => Some(R::WideEscape.into()),
            (_, Move::Play(Play::Steal(victim)) | Move::Target(victim)) => {
                Some(if victim.0 >= table.players() {
                    R::NoSeat.with("seat", victim)
                } else if table.seating.faction(victim) == piece.faction() {
                    R::NotOpponent.with("seat", victim)
                } else {
                    R::SeatNoCard.with("seat", victim)
                })
            }
            (Phase::Custody, Move::Pay) if !state.may_pay => {
                Some(R::MayNotPay.with("piece", piece.name()))
            }
            (Phase::Custody, Move::Pay) => Some(
                R::PayCost
                    .with("price", ESCAPE_PRICE)
                    .with("influence", table.influence),
            ),
            (Phase::Challenge { piece: passed, .. }, Move::Challenge { piece: p, .. })
            | (Phase::Challenge { piece: passed, .. }, Move::Spare(p))
                if p != passed =>
            {
                Some(
                    R::WrongPassed
                        .with("passed", passed.name())
                        .with("piece", p.name()),
                )
            }
            (Phase::Advance, Move::Advance(n)) => Some(R::AdvanceRange.with("n", n)),
            _ => None,
        };
        specific.unwrap_or_else(|| self.not_now(mv))
    }

    /// `mv` is no move of the phase: what the phase waits for instead.
    fn not_now(&self, mv: Move) -> Refusal {
        let piece = self.table.active.name();
        let phase = self.table.phase;
        TyrannyRefusal::NotNow
            .with("mv", mv.to_string())
            .with("waiting", waiting_for(phase).replace("the piece", piece))
            .with("phase", phase_word(phase))
            .with("piece", piece)
    }
}
