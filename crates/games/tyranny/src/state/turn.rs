//! Playing a move: rolls, movement, landings, captures, influence and the end of a turn.

use super::*;

impl Tyranny {
    /// Plays a move known to be legal, telling `log` what happens.
    pub(crate) fn apply<L: Log>(&mut self, mv: Move, log: &mut L) {
        let piece = self.table.active;
        match mv {
            Move::Roll(face) => {
                if L::ON {
                    let Phase::Roll { purpose } = self.table.phase else {
                        unreachable!("a roll outside a roll")
                    };
                    log.push(Event::Rolled { face, purpose });
                }
                self.rolled(face, log);
            }
            Move::Drawn(card) => {
                self.decks.remove(card);
                self.saw_drawn(card);
                self.resolve_card(card, log);
            }
            Move::Picked(card) => self.picked(card, log),
            Move::Go => {
                self.table.phase = Phase::Roll {
                    purpose: RollFor::Move,
                }
            }
            Move::Capture => {
                self.table.phase = Phase::Roll {
                    purpose: RollFor::Capture,
                }
            }
            Move::Pass | Move::Stay | Move::Decline => self.end_turn(log),
            Move::Cross => {
                let to = self.table.crossing(piece).expect("a legal crossing");
                self.table.pieces[piece.index()].tile = to;
                self.table.flags |= CROSSED;
                if L::ON {
                    log.push(Event::Crossed { piece, to });
                }
                if self.table.phase == Phase::MayCross {
                    self.end_turn(log);
                }
            }
            Move::Open(tunnel) | Move::Collapse(tunnel) => {
                let cost = board().tunnel(tunnel).cost;
                self.spend(
                    piece.faction(),
                    cost,
                    InfluenceCause::Tunnel { piece, tunnel },
                    log,
                );
                self.toggle_tunnel(tunnel, piece, log);
                self.table.flags |= TUNNEL_WORKED;
            }
            Move::Pay => {
                self.spend(
                    piece.faction(),
                    ESCAPE_PRICE,
                    InfluenceCause::Bail { piece },
                    log,
                );
                self.release(piece, Release::Paid, log);
                self.end_turn(log);
            }
            Move::Escape => {
                self.table.phase = Phase::Roll {
                    purpose: RollFor::Escape,
                }
            }
            Move::Draw => {
                let Phase::MayDraw { deck } = self.table.phase else {
                    unreachable!("draw outside a draw choice")
                };
                if self.decks.len_of(deck) == 0 {
                    for card in deck.cards() {
                        self.decks.0[card.index()] += self.table.discards.count(card);
                        self.table.discards.0[card.index()] = 0;
                    }
                    self.saw_reshuffle(deck);
                    if L::ON {
                        log.push(Event::Reshuffled { deck });
                    }
                }
                self.table.flags |= DREW;
                self.table.phase = Phase::Draw { deck };
            }
            Move::Challenge { piece: target, low } => {
                let Phase::Challenge { then, .. } = self.table.phase else {
                    unreachable!("challenge outside a challenge choice")
                };
                self.table.phase = Phase::Roll {
                    purpose: RollFor::Challenge {
                        piece: target,
                        low,
                        then,
                    },
                };
            }
            Move::Spare(target) => {
                let Phase::Challenge { then, .. } = self.table.phase else {
                    unreachable!("spare outside a challenge choice")
                };
                if L::ON {
                    log.push(Event::Spared {
                        piece: target,
                        by: piece,
                    });
                }
                self.next_challenge(then, log);
            }
            Move::Advance(steps) => self.movement(steps, log),
            Move::Target(victim) => {
                self.table.phase = Phase::Pick {
                    victim,
                    steal: false,
                }
            }
            Move::Discard(card) => {
                let seat = self.active_seat();
                self.hands[seat.index()].remove(card);
                self.forget_played(seat, card);
                self.table.discards.add(card);
                if L::ON {
                    log.push(Event::Discarded { seat, card });
                }
                self.end_turn(log);
            }
            Move::Play(play) => {
                let seat = self.active_seat();
                let card = play.card();
                self.hands[seat.index()].remove(card);
                self.forget_played(seat, card);
                self.table.discards.add(card);
                if L::ON {
                    log.push(Event::Played { seat, card });
                }
                self.play_card(play, log);
            }
        }
    }

    fn rolled<L: Log>(&mut self, face: u8, log: &mut L) {
        let Phase::Roll { purpose } = self.table.phase else {
            unreachable!("a roll outside a roll")
        };
        let piece = self.table.active;
        match purpose {
            RollFor::Move | RollFor::CardMove => self.movement(face, log),
            RollFor::Capture => self.capture_roll(face, log),
            RollFor::Escape => {
                if self.table.piece(piece).escape_faces & (1 << face) != 0 {
                    self.release(piece, Release::Rolled, log);
                } else if L::ON {
                    log.push(Event::StillInCustody { piece });
                }
                self.end_turn(log);
            }
            RollFor::Challenge {
                piece: target,
                low,
                then,
            } => {
                if (low..low + CHALLENGE_WIDTH).contains(&face) {
                    if L::ON {
                        log.push(Event::GotAway {
                            piece: target,
                            by: piece,
                        });
                    }
                } else {
                    self.capture_piece(piece, target, log);
                }
                self.next_challenge(then, log);
            }
        }
    }

    fn capture_roll<L: Log>(&mut self, face: u8, log: &mut L) {
        let piece = self.table.active;
        let faction = piece.faction();
        let tile = self.table.piece(piece).tile;
        let property = board().property(tile).expect("capturing a property");
        let (low, high) = if self.table.flags & SHORT_RANGE_PLAYED != 0 {
            SHORT_RANGE
        } else {
            (property.low, property.high)
        };
        if (low..=high).contains(&face) {
            let owner = match self.table.owner(tile) {
                Some(_) => None,
                None => Some(faction),
            };
            self.table.set_owner(tile, owner);
            if L::ON {
                log.push(Event::OwnerChanged { tile, owner });
            }
        } else if L::ON {
            log.push(Event::CaptureFailed { tile });
        }
        if self.table.flags & EXTRA_ROLL != 0 && self.table.owner(tile) != Some(faction) {
            self.table.flags &= !EXTRA_ROLL;
            self.table.phase = Phase::Roll {
                purpose: RollFor::Capture,
            };
        } else {
            self.end_turn(log);
        }
    }

    /// Moves the active piece `steps` tiles forward, then handles what it passed and where it
    /// landed.
    fn movement<L: Log>(&mut self, steps: u8, log: &mut L) {
        let board = board();
        let piece = self.table.active;
        let enemy = piece.faction().other();
        let from = self.table.piece(piece).tile;
        let mut passed = [None; 2];
        let mut count = 0;
        for k in 1..usize::from(steps) {
            let tile = board.forward(from, k);
            if board.is_safe_for(tile, enemy) {
                continue;
            }
            for other in self.table.pieces_on(tile) {
                if other.faction() == enemy && count < 2 {
                    passed[count] = Some(other);
                    count += 1;
                }
            }
        }
        let to = board.forward(from, usize::from(steps));
        self.table.pieces[piece.index()].tile = to;
        if L::ON {
            log.push(Event::Moved { piece, from, to });
        }
        match passed {
            [Some(first), then] => self.table.phase = Phase::Challenge { piece: first, then },
            _ => self.land(log),
        }
    }

    fn next_challenge<L: Log>(&mut self, then: Option<Piece>, log: &mut L) {
        match then {
            Some(piece) => self.table.phase = Phase::Challenge { piece, then: None },
            None => self.land(log),
        }
    }

    /// The end of a forward move: capture whoever stands here, then the tile's own effect.
    fn land<L: Log>(&mut self, log: &mut L) {
        let board = board();
        let piece = self.table.active;
        let faction = piece.faction();
        let tile = self.table.piece(piece).tile;
        if !board.is_safe_for(tile, faction.other()) {
            for other in Piece::ALL {
                let state = self.table.piece(other);
                if other.faction() != faction && !state.custody && state.tile == tile {
                    self.capture_piece(piece, other, log);
                }
            }
        }
        match board.kind(tile) {
            TileKind::Property(property) => {
                if self.table.owner(tile) == Some(faction) {
                    let cause = InfluenceCause::Landed { piece, tile };
                    match faction {
                        Faction::Criminals => self.gain(property.influence, cause, log),
                        Faction::Cops => self.lose(property.influence, cause, log),
                    }
                }
                self.end_turn(log);
            }
            TileKind::Gamble => self.may_draw(Deck::Gamble, log),
            TileKind::Gains => self.may_draw(Deck::Gains, log),
            TileKind::Tunnel { tunnel } if self.table.is_open(tunnel) => {
                self.table.phase = Phase::MayCross;
            }
            kind if kind.home_of() == Some(faction) => self.table.phase = Phase::MayCross,
            _ => self.end_turn(log),
        }
    }

    fn may_draw<L: Log>(&mut self, deck: Deck, log: &mut L) {
        let available = self.decks.len_of(deck) + self.table.discards.len_of(deck);
        if self.table.flags & DREW == 0 && available > 0 {
            self.table.phase = Phase::MayDraw { deck };
        } else {
            self.end_turn(log);
        }
    }

    /// `captor` catches `target`: custody at the captor's home base, unless a Gamble 3 changes it.
    fn capture_piece<L: Log>(&mut self, captor: Piece, target: Piece, log: &mut L) {
        let board = board();
        if L::ON {
            log.push(Event::Captured {
                piece: target,
                by: captor,
            });
        }
        let mut sentence = 0;
        if target.faction() == Faction::Criminals {
            let seating = self.table.seating;
            let criminal_seat = seating.commander(target);
            let cop_seat = seating.commander(captor);
            let criminal_card = self.use_card(criminal_seat, Card::GAMBLE_ESCAPE, log);
            let cop_card = self.use_card(cop_seat, Card::GAMBLE_ESCAPE, log);
            match (criminal_card, cop_card) {
                (true, false) => {
                    self.table.pieces[target.index()].tile = board.start(Faction::Criminals);
                    if L::ON {
                        log.push(Event::EscapedByCard { piece: target });
                    }
                    return;
                }
                (false, true) => {
                    sentence = SENTENCE_TURNS;
                    if L::ON {
                        log.push(Event::Sentenced {
                            piece: target,
                            turns: SENTENCE_TURNS,
                        });
                    }
                }
                (true, true) => {
                    if L::ON {
                        log.push(Event::CardsCancelled { piece: target });
                    }
                }
                (false, false) => {}
            }
        }
        let state = &mut self.table.pieces[target.index()];
        state.custody = true;
        state.tile = board.start(captor.faction());
        // Under a sentence no face frees it and it may not pay: the summary says so.
        let escapable = sentence == 0;
        state.escape_faces = if escapable { STANDARD_ESCAPE } else { 0 };
        state.may_pay = escapable;
        state.sentence = sentence;
    }

    fn release<L: Log>(&mut self, piece: Piece, how: Release, log: &mut L) {
        let state = &mut self.table.pieces[piece.index()];
        state.custody = false;
        state.tile = board().start(piece.faction());
        state.escape_faces = STANDARD_ESCAPE;
        state.may_pay = true;
        state.sentence = 0;
        if L::ON {
            log.push(Event::Released { piece, how });
        }
    }

    fn set_influence<L: Log>(&mut self, after: u32, cause: InfluenceCause, log: &mut L) {
        let before = self.table.influence;
        self.table.influence = after.min(INFLUENCE_CAP);
        if L::ON && before != self.table.influence {
            log.push(Event::Influence {
                before,
                after: self.table.influence,
                cause,
            });
        }
    }

    pub(super) fn gain<L: Log>(&mut self, amount: u32, cause: InfluenceCause, log: &mut L) {
        self.set_influence(self.table.influence.saturating_add(amount), cause, log);
    }

    pub(super) fn lose<L: Log>(&mut self, amount: u32, cause: InfluenceCause, log: &mut L) {
        self.set_influence(self.table.influence.saturating_sub(amount), cause, log);
    }

    /// `percent`% of the influence, rounded to the nearest point, halves up.
    pub(super) fn share(&self, percent: u32) -> u32 {
        ((u64::from(self.table.influence) * u64::from(percent) + 50) / 100) as u32
    }

    /// A faction spends influence: criminals pay it, cops hand it to the criminals.
    fn spend<L: Log>(&mut self, faction: Faction, amount: u32, cause: InfluenceCause, log: &mut L) {
        match faction {
            Faction::Criminals => self.lose(amount, cause, log),
            Faction::Cops => self.gain(amount, cause, log),
        }
    }

    pub(super) fn toggle_tunnel<L: Log>(&mut self, tunnel: u8, by: Piece, log: &mut L) {
        self.table.open_tunnels ^= 1 << tunnel;
        if L::ON {
            log.push(if self.table.is_open(tunnel) {
                Event::TunnelOpened { tunnel, by }
            } else {
                Event::TunnelCollapsed { tunnel, by }
            });
        }
    }

    pub(super) fn relocate<L: Log>(&mut self, to: TileId, card: Card, log: &mut L) {
        let piece = self.table.active;
        self.table.pieces[piece.index()].tile = to;
        if L::ON {
            log.push(Event::Relocated { piece, to, card });
        }
    }

    pub(super) fn miss_turn<L: Log>(&mut self, log: &mut L) {
        let piece = self.table.active;
        self.table.pieces[piece.index()].misses += 1;
        if L::ON {
            log.push(Event::WillMissTurn { piece });
        }
    }

    /// Ends the active piece's turn: counts it for the win conditions and the turn limit, then
    /// passes to the next piece, playing out turns that need no decision (missed turns, turns of
    /// an inescapable arrest).
    pub(crate) fn end_turn<L: Log>(&mut self, log: &mut L) {
        let table = &mut self.table;
        loop {
            table.flags = 0;
            table.turns += 1;
            let cop_turn = table.active.faction() == Faction::Cops;
            table.high_streak = if table.influence >= CRIMINALS_TARGET {
                table.high_streak + u8::from(cop_turn)
            } else {
                0
            };
            table.zero_streak = if table.influence == 0 {
                table.zero_streak + u8::from(!cop_turn)
            } else {
                0
            };
            let ending = if table.high_streak >= HOLD_TURNS {
                Some(Ending {
                    winner: Some(Faction::Criminals),
                    reason: "criminals_held_1000",
                })
            } else if table.zero_streak >= HOLD_TURNS {
                Some(Ending {
                    winner: Some(Faction::Cops),
                    reason: "cops_held_zero",
                })
            } else if table.turns >= TURN_LIMIT {
                Some(time_limit_ending(table.influence))
            } else {
                None
            };
            if let Some(ending) = ending {
                table.ending = Some(ending);
                table.phase = Phase::Over;
                if L::ON {
                    log.push(Event::Finished {
                        winner: ending.winner,
                        reason: ending.reason,
                    });
                }
                return;
            }
            table.active = table.active.next();
            let piece = table.active;
            let state = &mut table.pieces[piece.index()];
            if state.misses > 0 {
                state.misses -= 1;
                if L::ON {
                    log.push(Event::MissedTurn { piece });
                }
                continue;
            }
            if state.custody && state.sentence > 0 {
                state.sentence -= 1;
                if state.sentence == 0 {
                    state.custody = false;
                    state.tile = board().start(piece.faction());
                    state.escape_faces = STANDARD_ESCAPE;
                    state.may_pay = true;
                    if L::ON {
                        log.push(Event::Released {
                            piece,
                            how: Release::Served,
                        });
                    }
                } else if L::ON {
                    log.push(Event::ServedTurn {
                        piece,
                        left: state.sentence,
                    });
                }
                continue;
            }
            table.phase = if state.custody {
                Phase::Custody
            } else {
                Phase::Start
            };
            if L::ON {
                log.push(Event::TurnStarted { piece });
            }
            return;
        }
    }

    /// The winners as seats.
    pub(crate) fn winners(&self, ending: Ending) -> SeatSet {
        let seating = self.table.seating;
        match ending.winner {
            Some(faction) => seating.seats_of(faction).collect(),
            None => SeatSet::first(usize::from(seating.players())),
        }
    }
}

/// The result when the turn limit ends a game: the side on the better half of the start wins.
fn time_limit_ending(influence: u32) -> Ending {
    use crate::rules::START_INFLUENCE;
    match influence.cmp(&START_INFLUENCE) {
        std::cmp::Ordering::Greater => Ending {
            winner: Some(Faction::Criminals),
            reason: "time_limit_criminals_ahead",
        },
        std::cmp::Ordering::Less => Ending {
            winner: Some(Faction::Cops),
            reason: "time_limit_cops_ahead",
        },
        std::cmp::Ordering::Equal => Ending {
            winner: None,
            reason: "time_limit_draw",
        },
    }
}
