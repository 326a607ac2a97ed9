//! Which moves are legal now, and why one is not.

use super::*;

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
    pub(crate) fn check_chance(&self, mv: Move) -> Result<(), String> {
        match (self.table.phase, mv) {
            (Phase::Roll { .. }, Move::Roll(n)) => {
                if (1..=6).contains(&n) {
                    Ok(())
                } else {
                    Err(format!("a die shows 1 to 6, not {n}"))
                }
            }
            (Phase::Draw { deck }, Move::Drawn(card)) => {
                if card.deck() != deck {
                    Err(format!("a {deck} card is being drawn, not {card}"))
                } else if !self.decks.contains(card) {
                    Err(format!("no copy of {card} is left in the {deck} deck"))
                } else {
                    Ok(())
                }
            }
            (Phase::Pick { victim, .. }, Move::Picked(card)) => {
                if self.hands[victim.index()].contains(card) {
                    Ok(())
                } else {
                    Err(format!("seat {victim} holds no {card}"))
                }
            }
            (Phase::Over, _) => Err("the game is over".into()),
            (phase, mv) => Err(format!("{mv} cannot come up now: {}", waiting_for(phase))),
        }
    }

    /// Why `mv` is not legal now (called once it is known not to be).
    pub(crate) fn illegal_reason(&self, mv: Move) -> String {
        let table = &self.table;
        let board = board();
        let piece = table.active;
        let state = table.piece(piece);
        let seat = self.active_seat();
        let hand = self.active_hand();
        if table.phase == Phase::Over {
            return "the game is over".into();
        }
        if let Move::Open(t) | Move::Collapse(t) | Move::Play(Play::Tunnel(t)) = mv
            && usize::from(t) >= board.tunnels().len()
        {
            return format!("there is no tunnel number {t}");
        }
        if mv.is_chance() {
            return self
                .check_chance(mv)
                .err()
                .unwrap_or_else(|| "not now".into());
        }
        if matches!(
            table.phase,
            Phase::Roll { .. } | Phase::Draw { .. } | Phase::Pick { .. }
        ) {
            return format!("no seat moves now: {}", waiting_for(table.phase));
        }
        let committed = table.flags & COMMITTED != 0;
        let here = || {
            let tile = board.tile(state.tile);
            format!("{} ({})", tile.name, tile.code)
        };
        let specific = match (table.phase, mv) {
            (Phase::Start, Move::Go | Move::Pass) => Some(COMMITTED_REASON.into()),
            // R9: after Gains 1 or 2 the turn is the capture's, free actions included.
            (Phase::Start, Move::Cross | Move::Open(_) | Move::Collapse(_)) if committed => {
                Some(COMMITTED_REASON.into())
            }
            (Phase::Start, Move::Capture)
            | (Phase::Start, Move::Play(Play::ExtraRoll))
            | (Phase::Start, Move::Play(Play::ShortRange))
                if board.property(state.tile).is_none() =>
            {
                Some(format!("{piece} is not on a property but on {}", here()))
            }
            (Phase::Start, Move::Capture) => {
                Some(format!("the {} already own {}", piece.faction(), here()))
            }
            (Phase::Start, Move::Cross) if table.flags & CROSSED != 0 => {
                Some("a piece crosses at most once at the start of its turn".into())
            }
            (Phase::Start, Move::Cross) => Some(format!(
                "{piece} is on {}, neither its home base nor an open tunnel",
                here()
            )),
            (Phase::Start, Move::Open(t) | Move::Collapse(t)) => {
                let tunnel = board.tunnel(t);
                Some(
                    if state.tile != tunnel.outer && state.tile != tunnel.inner {
                        format!("{piece} is not on an end of tunnel {}", tunnel.name)
                    } else if table.flags & TUNNEL_WORKED != 0 {
                        "a piece opens or collapses a tunnel at most once a turn".into()
                    } else if matches!(mv, Move::Open(_)) == table.is_open(t) {
                        format!(
                            "tunnel {} is already {}",
                            tunnel.name,
                            if table.is_open(t) {
                                "open"
                            } else {
                                "collapsed"
                            }
                        )
                    } else {
                        format!(
                            "the criminals need {} influence for that and have {}",
                            tunnel.cost, table.influence
                        )
                    },
                )
            }
            (_, Move::Play(play)) if !hand.contains(play.card()) => {
                Some(format!("seat {seat} holds no {}", play.card()))
            }
            (_, Move::Discard(card)) if !hand.contains(card) => {
                Some(format!("seat {seat} holds no {card}"))
            }
            (
                Phase::Start,
                Move::Play(
                    Play::SwitchTier | Play::FixEscape { .. } | Play::Tunnel(_) | Play::Steal(_),
                ),
            ) if committed => Some(COMMITTED_REASON.into()),
            (Phase::Start, Move::Play(Play::FixEscape { number, .. }))
                if !(1..=6).contains(&number) =>
            {
                Some("the number must be a die face, 1 to 6".into())
            }
            (Phase::Start, Move::Play(Play::FixEscape { piece: target, .. })) => {
                Some(if piece.faction() != Faction::Cops {
                    "only the cops' half of gains 6 names a piece".into()
                } else if target.faction() != Faction::Criminals {
                    format!("{target} is not a criminal")
                } else {
                    format!("{target} is not in custody (or is serving an inescapable arrest)")
                })
            }
            (_, Move::Play(Play::WideEscape)) => Some(
                "the criminals' half of gains 6 is played by a piece in custody that does not \
                 already escape on 2 to 6"
                    .into(),
            ),
            (_, Move::Play(Play::Steal(victim)) | Move::Target(victim)) => {
                Some(if victim.0 >= table.players() {
                    format!("there is no seat {victim}")
                } else if table.seating.faction(victim) == piece.faction() {
                    format!("seat {victim} is not an opponent")
                } else {
                    format!("seat {victim} holds no card")
                })
            }
            (Phase::Custody, Move::Pay) if !state.may_pay => {
                Some(format!("{piece} may not pay its way out (gains 6)"))
            }
            (Phase::Custody, Move::Pay) => Some(format!(
                "paying out costs {ESCAPE_PRICE} and the criminals have {}",
                table.influence
            )),
            (Phase::Challenge { piece: passed, .. }, Move::Challenge { piece: p, .. })
            | (Phase::Challenge { piece: passed, .. }, Move::Spare(p))
                if p != passed =>
            {
                Some(format!(
                    "the passed piece to decide on is {passed}, not {p}"
                ))
            }
            (Phase::Advance, Move::Advance(n)) => {
                Some(format!("gamble 6 moves 1 to 6 tiles, not {n}"))
            }
            _ => None,
        };
        specific.unwrap_or_else(|| {
            format!(
                "{mv} is not a move now: {}",
                waiting_for(table.phase).replace("the piece", piece.name())
            )
        })
    }
}
