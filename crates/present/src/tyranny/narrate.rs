//! What a reader hears of each move: the move as its seat made it, then everything it set off
//! (rolls and what they were for, cards and what they did, captures, influence and why, the
//! next turn, the end).

use agora_engine::Seat;
use agora_tyranny::{
    Event, InfluenceCause, Move, Phase, Piece, Play, Release, RollFor, SeenMove, TileId,
    TyrannyView,
};

use super::table::{capture_faces, end_line};
use super::words::{
    board, card_name, card_text, card_with_text, faces, piece_name, span, tile_name,
};
use crate::text::{Args, text_with};
use crate::{Reader, args};

/// The sentences a reader hears for one move: what the seat did (the move), then each event
/// the move set off, in order.
///
/// `before` and `after` are the reader's views either side of the move; `seen` is what the
/// reader saw of it (`Game::seen_move`); `events` are what `Tyranny::play_logged` returned,
/// each already passed through `Event::seen_by` for the reader. Without events, only the
/// move itself is told.
///
/// Every die roll says what it was for (move, capture, challenge, escape, Gamble 8); every
/// card drawn or played is named with its half's text (a kept card another seat draws is only
/// counted); every change of influence says why; a stolen card is named to the thief and the
/// victim only; the end is told once, with who won and why.
pub fn narrate_move(
    reader: &Reader,
    before: &TyrannyView,
    seen: &SeenMove,
    events: &[Event],
    after: &TyrannyView,
) -> Vec<String> {
    let teller = Teller { reader, before };
    let mut lines: Vec<String> = teller.decision(seen).into_iter().collect();
    let mut told_play = false;
    // What a tunnel or a bail cost is told after the tunnel or the release it paid for.
    let mut deferred: Option<String> = None;
    for event in events {
        // The play line already named the card and, for the cops' Gains 6, its effect.
        if let (SeenMove::Move(Move::Play(play)), Event::Played { card, .. }) = (seen, event)
            && *card == play.card()
            && !told_play
        {
            told_play = true;
            continue;
        }
        if let (SeenMove::Move(Move::Play(Play::FixEscape { .. })), Event::EscapeChanged { .. }) =
            (seen, event)
        {
            continue;
        }
        let line = teller.event(event, after);
        if let Event::Influence {
            cause: InfluenceCause::Tunnel { .. } | InfluenceCause::Bail { .. },
            ..
        } = event
        {
            deferred = line;
            continue;
        }
        lines.extend(line);
        lines.extend(deferred.take());
    }
    lines.extend(deferred);
    lines
}

struct Teller<'a> {
    reader: &'a Reader,
    before: &'a TyrannyView,
}

impl Teller<'_> {
    fn piece(&self, piece: Piece) -> String {
        piece_name(self.reader.lang, piece)
    }

    fn tile(&self, tile: TileId) -> String {
        tile_name(self.reader.lang, tile)
    }

    fn commander(&self, piece: Piece) -> Seat {
        self.before.table.seating().commander(piece)
    }

    /// Arguments naming the active piece and its seat as `who`.
    fn mover_args(&self) -> Args<'static> {
        let piece = self.before.table.active();
        let mut args = args![("piece", self.piece(piece))];
        self.reader.add(&mut args, "who", self.commander(piece));
        args
    }

    fn say(&self, id: &str, args: &Args<'_>) -> String {
        text_with(self.reader.lang, id, args)
    }

    /// The seat's decision, for the moves no event tells on its own.
    fn decision(&self, seen: &SeenMove) -> Option<String> {
        let SeenMove::Move(mv) = seen else {
            return None;
        };
        let lang = self.reader.lang;
        let table = &self.before.table;
        let active = table.active();
        let state = table.piece(active);
        let mut args = self.mover_args();
        let id = match *mv {
            Move::Go => "tyranny-go",
            Move::Capture => {
                args.insert("tile".into(), self.tile(state.tile).into());
                args.insert("faces".into(), capture_faces(lang, table).into());
                "tyranny-capture"
            }
            Move::Pass => "tyranny-pass",
            Move::Stay => {
                args.insert("tile".into(), self.tile(state.tile).into());
                "tyranny-stay"
            }
            Move::Escape => {
                args.insert("faces".into(), faces(lang, state.escape_faces).into());
                "tyranny-escape"
            }
            Move::Draw => {
                let Phase::MayDraw { deck } = table.phase() else {
                    return None;
                };
                args.insert("deck".into(), deck.name().into());
                "tyranny-draw"
            }
            Move::Decline => "tyranny-decline",
            Move::Challenge { piece, low } => {
                args.insert("target".into(), self.piece(piece).into());
                args.insert("faces".into(), faces(lang, span(low, low + 2)).into());
                "tyranny-challenge"
            }
            Move::Advance(count) => {
                args.insert("count".into(), count.into());
                "tyranny-advance"
            }
            Move::Target(victim) => {
                self.reader.add(&mut args, "victim", victim);
                "tyranny-target"
            }
            Move::Play(Play::FixEscape { piece, number }) => {
                args.insert("target".into(), self.piece(piece).into());
                args.insert("number".into(), number.into());
                "tyranny-play-fix-escape"
            }
            Move::Play(Play::Tunnel(tunnel)) => {
                args.insert("tunnel".into(), board().tunnel(tunnel).name.clone().into());
                "tyranny-play-tunnel"
            }
            Move::Play(Play::Steal(victim)) => {
                self.reader.add(&mut args, "victim", victim);
                "tyranny-play-steal"
            }
            Move::Play(play) => {
                let card = play.card();
                args.insert("card".into(), card_name(lang, card).into());
                args.insert(
                    "text".into(),
                    card_text(lang, card, active.faction()).into(),
                );
                "tyranny-play"
            }
            // The events tell these: the roll, the card, the crossing, the tunnel, the
            // payment, the spared piece, the discard.
            Move::Roll(_)
            | Move::Drawn(_)
            | Move::Picked(_)
            | Move::Cross
            | Move::Open(_)
            | Move::Collapse(_)
            | Move::Pay
            | Move::Spare(_)
            | Move::Discard(_) => return None,
        };
        Some(self.say(id, &args))
    }

    /// One event as a sentence, or none for an event another sentence already tells.
    fn event(&self, event: &Event, after: &TyrannyView) -> Option<String> {
        let lang = self.reader.lang;
        let reader = self.reader;
        let table = &self.before.table;
        let active = table.active();
        let piece_args = |piece: Piece| args![("piece", self.piece(piece))];
        let line = match *event {
            Event::Rolled { face, purpose } => {
                let mut args = piece_args(active);
                args.insert("face".into(), face.into());
                let purpose = match purpose {
                    RollFor::Move => "move",
                    RollFor::CardMove => "card_move",
                    RollFor::Capture => {
                        args.insert("tile".into(), self.tile(table.piece(active).tile).into());
                        args.insert("faces".into(), capture_faces(lang, table).into());
                        "capture"
                    }
                    RollFor::Escape => {
                        let mask = table.piece(active).escape_faces;
                        args.insert("faces".into(), faces(lang, mask).into());
                        "escape"
                    }
                    RollFor::Challenge { piece, low, .. } => {
                        args.insert("target".into(), self.piece(piece).into());
                        args.insert("faces".into(), faces(lang, span(low, low + 2)).into());
                        "challenge"
                    }
                };
                args.insert("purpose".into(), purpose.into());
                self.say("tyranny-rolled", &args)
            }
            Event::Moved { piece, from, to } => {
                let b = board();
                let len = usize::from(b.loop_len(b.tier(from)));
                let steps = (usize::from(b.tile(to).position) + len
                    - usize::from(b.tile(from).position))
                    % len;
                let mut args = piece_args(piece);
                args.insert("count".into(), steps.into());
                args.insert("from".into(), self.tile(from).into());
                args.insert("to".into(), self.tile(to).into());
                self.say("tyranny-moved", &args)
            }
            Event::Relocated { piece, to, card } => {
                let mut args = piece_args(piece);
                args.insert("to".into(), self.tile(to).into());
                args.insert("card".into(), card_name(lang, card).into());
                self.say("tyranny-relocated", &args)
            }
            Event::Crossed { piece, to } => {
                let mut args = piece_args(piece);
                args.insert("to".into(), self.tile(to).into());
                self.say("tyranny-crossed", &args)
            }
            Event::Captured { piece, by } => {
                let mut args = piece_args(piece);
                args.insert("by".into(), self.piece(by).into());
                let id = if by.faction() == agora_tyranny::Faction::Cops {
                    "tyranny-arrested"
                } else {
                    "tyranny-kidnapped"
                };
                self.say(id, &args)
            }
            Event::GotAway { piece, by } | Event::Spared { piece, by } => {
                let mut args = piece_args(piece);
                args.insert("by".into(), self.piece(by).into());
                let id = if matches!(event, Event::GotAway { .. }) {
                    "tyranny-got-away"
                } else {
                    "tyranny-spared"
                };
                self.say(id, &args)
            }
            Event::EscapedByCard { piece } => {
                let mut args = piece_args(piece);
                args.insert(
                    "tile".into(),
                    self.tile(board().start(piece.faction())).into(),
                );
                self.say("tyranny-escaped-by-card", &args)
            }
            Event::Sentenced { piece, turns } => {
                let mut args = piece_args(piece);
                args.insert("count".into(), turns.into());
                self.say("tyranny-sentenced", &args)
            }
            Event::CardsCancelled { piece } => {
                self.say("tyranny-cards-cancelled", &piece_args(piece))
            }
            Event::Released { piece, how } => {
                let mut args = piece_args(piece);
                args.insert(
                    "tile".into(),
                    self.tile(board().start(piece.faction())).into(),
                );
                let how = match how {
                    Release::Paid => "paid",
                    Release::Rolled => "rolled",
                    Release::Served => "served",
                };
                args.insert("how".into(), how.into());
                self.say("tyranny-released", &args)
            }
            Event::StillInCustody { piece } => {
                self.say("tyranny-still-in-custody", &piece_args(piece))
            }
            Event::EscapeChanged {
                piece,
                faces: mask,
                may_pay,
            } => {
                let mut args = piece_args(piece);
                args.insert("faces".into(), faces(lang, mask).into());
                args.insert("pay".into(), if may_pay { "yes" } else { "no" }.into());
                self.say("tyranny-escape-changed", &args)
            }
            Event::OwnerChanged { tile, owner } => {
                let mut args = args![("tile", self.tile(tile))];
                match owner {
                    Some(faction) => {
                        args.insert("faction".into(), faction.name().into());
                        self.say("tyranny-taken", &args)
                    }
                    None => self.say("tyranny-neutral", &args),
                }
            }
            Event::CaptureFailed { tile } => {
                self.say("tyranny-capture-failed", &args![("tile", self.tile(tile))])
            }
            Event::Influence {
                before,
                after,
                cause,
            } => self.influence(before, after, cause),
            Event::Drew { seat, deck, card } => {
                let mut args = Args::new();
                reader.add(&mut args, "who", seat);
                let faction = table.seating().faction(seat);
                match card {
                    // A kept card of another seat's: only its deck is known.
                    None => {
                        args.insert("deck".into(), deck.name().into());
                        self.say("tyranny-drew-hidden", &args)
                    }
                    Some(card) => {
                        args.insert("card".into(), card_with_text(lang, card, faction).into());
                        let id = if card.is_kept() {
                            "tyranny-drew-kept"
                        } else {
                            "tyranny-drew-now"
                        };
                        self.say(id, &args)
                    }
                }
            }
            // Told with the draw.
            Event::Effect { .. } | Event::Kept { .. } => return None,
            Event::Played { seat, card } => {
                let mut args = args![("card", card_name(lang, card))];
                reader.add(&mut args, "who", seat);
                self.say("tyranny-played-card", &args)
            }
            Event::Discarded { seat, card } => {
                let why = match table.phase() {
                    Phase::Discard => "limit",
                    Phase::Pick { .. } => "blind",
                    _ => "other",
                };
                let mut args = args![("card", card_name(lang, card)), ("why", why)];
                reader.add(&mut args, "who", seat);
                self.say("tyranny-discarded", &args)
            }
            Event::Stolen { from, to, card } => {
                let mut args = Args::new();
                reader.add(&mut args, "thief", to);
                reader.add(&mut args, "victim", from);
                // Named to the thief and the victim only, whatever the event holds.
                match card.filter(|_| reader.is_me(to) || reader.is_me(from)) {
                    Some(card) => {
                        args.insert("card".into(), card_name(lang, card).into());
                        let id = if reader.is_me(to) {
                            "tyranny-stolen-by-you"
                        } else {
                            "tyranny-stolen-from-you"
                        };
                        self.say(id, &args)
                    }
                    None => self.say("tyranny-stolen", &args),
                }
            }
            Event::TunnelOpened { tunnel, by } | Event::TunnelCollapsed { tunnel, by } => {
                let t = board().tunnel(tunnel);
                let ends = format!("{}–{}", board().code(t.outer), board().code(t.inner));
                let mut args = piece_args(by);
                args.insert("tunnel".into(), t.name.clone().into());
                args.insert("ends".into(), ends.into());
                let id = if matches!(event, Event::TunnelOpened { .. }) {
                    "tyranny-tunnel-opened"
                } else {
                    "tyranny-tunnel-collapsed"
                };
                self.say(id, &args)
            }
            Event::WillMissTurn { piece } => self.say("tyranny-will-miss", &piece_args(piece)),
            Event::MissedTurn { piece } => self.say("tyranny-missed", &piece_args(piece)),
            Event::ServedTurn { piece, left } => {
                let mut args = piece_args(piece);
                args.insert("count".into(), left.into());
                self.say("tyranny-served", &args)
            }
            Event::Reshuffled { deck } => {
                self.say("tyranny-reshuffled", &args![("deck", deck.name())])
            }
            Event::NothingHappened { card } => {
                self.say("tyranny-nothing", &args![("card", card_name(lang, card))])
            }
            Event::TurnStarted { piece } => {
                let mut args = piece_args(piece);
                reader.add(&mut args, "who", self.commander(piece));
                self.say("tyranny-turn", &args)
            }
            Event::Finished { .. } => end_line(reader, &after.table)?,
        };
        Some(line)
    }

    /// "Influence 500 → 530 (+30): Criminal 1 landed on the criminals' Fish Market (O3)."
    fn influence(&self, before: u32, after: u32, cause: InfluenceCause) -> String {
        let lang = self.reader.lang;
        let cause = match cause {
            InfluenceCause::Landed { piece, tile } => self.say(
                "tyranny-cause-landed",
                &args![
                    ("piece", self.piece(piece)),
                    ("faction", piece.faction().name()),
                    ("tile", self.tile(tile))
                ],
            ),
            InfluenceCause::Card { card, .. } => self.say(
                "tyranny-cause-card",
                &args![("card", card_name(lang, card))],
            ),
            InfluenceCause::Tunnel { piece, tunnel } => self.say(
                "tyranny-cause-tunnel",
                &args![
                    ("faction", piece.faction().name()),
                    ("tunnel", board().tunnel(tunnel).name.as_str())
                ],
            ),
            InfluenceCause::Bail { piece } => self.say(
                "tyranny-cause-bail",
                &args![
                    ("faction", piece.faction().name()),
                    ("piece", self.piece(piece))
                ],
            ),
        };
        let (sign, amount) = if after >= before {
            ("+", after - before)
        } else {
            ("−", before - after)
        };
        self.say(
            "tyranny-influence",
            &args![
                ("before", before),
                ("after", after),
                ("sign", sign),
                ("amount", amount),
                ("cause", cause)
            ],
        )
    }
}
