//! What drawn and played cards do, and blind picks from a hand.

use super::*;

impl Tyranny {
    /// Plays `card` from `seat`'s hand if it holds one.
    pub(super) fn use_card<L: Log>(&mut self, seat: Seat, card: Card, log: &mut L) -> bool {
        let hand = &mut self.hands[seat.index()];
        if !hand.contains(card) {
            return false;
        }
        hand.remove(card);
        self.forget_played(seat, card);
        self.table.discards.add(card);
        if L::ON {
            log.push(Event::Played { seat, card });
        }
        true
    }

    /// The nearest property ahead of the active piece on its loop that `select` accepts.
    fn property_ahead(&self, select: impl Fn(Option<Faction>) -> bool) -> Option<TileId> {
        let board = board();
        let tile = self.table.piece(self.table.active).tile;
        let len = usize::from(board.loop_len(board.tier(tile)));
        (1..len)
            .map(|k| board.forward(tile, k))
            .find(|t| board.property(*t).is_some() && select(self.table.owner(*t)))
    }

    /// A card just drawn by the active piece's seat.
    pub(super) fn resolve_card<L: Log>(&mut self, card: Card, log: &mut L) {
        let board = board();
        let piece = self.table.active;
        let faction = piece.faction();
        let seat = self.active_seat();
        if L::ON {
            log.push(Event::Drew {
                seat,
                deck: card.deck(),
                card: Some(card),
            });
        }
        if card.is_kept() {
            let hand = &mut self.hands[seat.index()];
            hand.add(card);
            if L::ON {
                log.push(Event::Kept {
                    seat,
                    deck: card.deck(),
                    card: Some(card),
                });
            }
            if hand.len() > usize::from(self.table.seating.hand_limit(seat)) {
                self.table.phase = Phase::Discard;
            } else {
                self.end_turn(log);
            }
            return;
        }
        self.table.discards.add(card);
        if L::ON {
            log.push(Event::Effect { card, faction });
        }
        let crooks = faction == Faction::Criminals;
        let tile = self.table.piece(piece).tile;
        let cause = InfluenceCause::Card { card, faction };
        match (card.deck(), card.number()) {
            (Deck::Gamble, 1) | (Deck::Gamble, 2) => {
                // Gamble 1 is good for the drawer, Gamble 2 bad.
                if crooks == (card.number() == 1) {
                    self.gain(100, cause, log);
                } else {
                    self.lose(100, cause, log);
                }
            }
            (Deck::Gamble, 4) => {
                let to = board.home(faction, board.tier(tile).other());
                self.relocate(to, card, log);
            }
            (Deck::Gamble, 5) => {
                let to = board.home(faction.other(), board.tier(tile));
                self.relocate(to, card, log);
                self.miss_turn(log);
            }
            (Deck::Gamble, 6) => {
                self.table.phase = Phase::Advance;
                return;
            }
            (Deck::Gamble, 8) => {
                self.table.phase = Phase::Roll {
                    purpose: RollFor::CardMove,
                };
                return;
            }
            (Deck::Gamble, 9) => {
                let amount = self.share(20);
                if crooks {
                    self.lose(amount, cause, log);
                } else {
                    self.gain(amount, cause, log);
                }
            }
            (Deck::Gamble, _) => self.miss_turn(log),
            (Deck::Gains, 3) => match self.property_ahead(|owner| owner != Some(faction)) {
                Some(tile) => {
                    self.table.set_owner(tile, Some(faction));
                    if L::ON {
                        log.push(Event::OwnerChanged {
                            tile,
                            owner: Some(faction),
                        });
                    }
                }
                None if L::ON => log.push(Event::NothingHappened { card }),
                None => {}
            },
            (Deck::Gains, 4) => match self.property_ahead(|owner| owner == Some(faction.other())) {
                Some(tile) => {
                    self.table.set_owner(tile, None);
                    if L::ON {
                        log.push(Event::OwnerChanged { tile, owner: None });
                    }
                }
                None if L::ON => log.push(Event::NothingHappened { card }),
                None => {}
            },
            (Deck::Gains, 5) => {
                if self.victims().next().is_some() {
                    self.table.phase = Phase::Target;
                    return;
                }
                if L::ON {
                    log.push(Event::NothingHappened { card });
                }
            }
            (Deck::Gains, 8) => {
                let amount = self.share(50);
                if crooks {
                    self.gain(amount, cause, log);
                } else {
                    self.lose(amount, cause, log);
                }
            }
            (Deck::Gains, _) => {
                if crooks {
                    self.gain(500, cause, log);
                } else {
                    self.lose(500, cause, log);
                }
            }
        }
        self.end_turn(log);
    }

    pub(super) fn play_card<L: Log>(&mut self, play: Play, log: &mut L) {
        let board = board();
        let piece = self.table.active;
        match play {
            Play::SwitchTier => {
                let to = board.facing(self.table.piece(piece).tile);
                self.relocate(to, play.card(), log);
            }
            Play::ExtraRoll => self.table.flags |= EXTRA_ROLL,
            Play::ShortRange => self.table.flags |= SHORT_RANGE_PLAYED,
            Play::WideEscape => self.set_escape(piece, WIDE_ESCAPE, true, log),
            Play::FixEscape { piece, number } => self.set_escape(piece, 1 << number, false, log),
            Play::Tunnel(tunnel) => self.toggle_tunnel(tunnel, piece, log),
            Play::Steal(victim) => {
                self.table.phase = Phase::Pick {
                    victim,
                    steal: true,
                }
            }
        }
    }

    fn set_escape<L: Log>(&mut self, piece: Piece, faces: u8, keep_pay: bool, log: &mut L) {
        let state = &mut self.table.pieces[piece.index()];
        state.escape_faces = faces;
        state.may_pay &= keep_pay;
        if L::ON {
            log.push(Event::EscapeChanged {
                piece,
                faces,
                may_pay: state.may_pay,
            });
        }
    }

    pub(super) fn picked<L: Log>(&mut self, card: Card, log: &mut L) {
        let Phase::Pick { victim, steal } = self.table.phase else {
            unreachable!("a pick outside a pick")
        };
        self.hands[victim.index()].remove(card);
        self.remember_pick(victim, card, steal);
        if steal {
            let seat = self.active_seat();
            self.hands[seat.index()].add(card);
            if L::ON {
                log.push(Event::Stolen {
                    from: victim,
                    to: seat,
                    card: Some(card),
                });
            }
            self.table.phase = Phase::Start;
        } else {
            self.table.discards.add(card);
            if L::ON {
                log.push(Event::Discarded { seat: victim, card });
            }
            self.end_turn(log);
        }
    }
}
