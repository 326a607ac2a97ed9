//! Plain-text descriptions for people (the terminal game): where every piece stands, who owns
//! what, what a seen move was and what changed between two views, including what each card did.
//! Everything here works from what a viewer may see. English only for now.

use agora_engine::Viewer;

use agora_tyranny::Board;
use agora_tyranny::{Card, Cards, Deck, Faction, Piece, SeenMove, TileId, TileKind, TyrannyView};
use agora_tyranny::{Phase, RollFor, Table, waiting_for};

/// The standard board: valid once a game exists (every constructor checks it), and a view
/// only comes from a game.
fn board() -> &'static Board {
    match Board::standard() {
        Ok(board) => board,
        Err(e) => panic!("{e}"),
    }
}

/// `Rail Yard (O1)`.
pub fn tile(id: TileId) -> String {
    let tile = board().tile(id);
    format!("{} ({})", tile.name, tile.code)
}

fn faces(mask: u8) -> String {
    let faces: Vec<String> = (1..=6)
        .filter(|f| mask & (1 << f) != 0)
        .map(|f| f.to_string())
        .collect();
    faces.join(", ")
}

/// One line per piece: where it stands, or who holds it and how it may get out.
pub fn pieces(table: &Table) -> Vec<String> {
    Piece::ALL
        .iter()
        .map(|&piece| {
            let state = table.piece(piece);
            let seat = table.seating().commander(piece);
            let mut line = if state.custody {
                let mut line = format!(
                    "{piece} (seat {seat}) is in custody at {}",
                    tile(state.tile)
                );
                if state.sentence > 0 {
                    line += &format!(", inescapable for {} more turns", state.sentence);
                } else {
                    line += &format!(", escapes on {}", faces(state.escape_faces));
                    if !state.may_pay {
                        line += ", may not pay";
                    }
                }
                line
            } else {
                format!(
                    "{piece} (seat {seat}) is on {}, {} city",
                    tile(state.tile),
                    board().tier(state.tile).name()
                )
            };
            if state.misses > 0 {
                line += &format!(
                    ", misses its next turn{}",
                    if state.misses > 1 { "s" } else { "" }
                );
            }
            line
        })
        .collect()
}

/// Who owns which property: one line per faction.
pub fn owners(table: &Table) -> Vec<String> {
    [Faction::Cops, Faction::Criminals]
        .iter()
        .map(|&faction| {
            let owned: Vec<String> = board()
                .tiles()
                .iter()
                .filter(|t| table.owner(t.id) == Some(faction))
                .map(|t| tile(t.id))
                .collect();
            if owned.is_empty() {
                format!("the {faction} own nothing")
            } else {
                format!("the {faction} own {}", owned.join(", "))
            }
        })
        .collect()
}

/// One line per tunnel.
pub fn tunnels(table: &Table) -> Vec<String> {
    board()
        .tunnels()
        .iter()
        .enumerate()
        .map(|(i, t)| {
            format!(
                "tunnel {} ({} to {}, costs {}) is {}",
                t.name,
                board().code(t.outer),
                board().code(t.inner),
                t.cost,
                if table.is_open(i as u8) {
                    "open"
                } else {
                    "closed"
                }
            )
        })
        .collect()
}

/// Whose turn it is and what the game waits for.
pub fn status(table: &Table) -> String {
    if let Some(ending) = table.ending() {
        return match ending.winner {
            Some(winner) => format!("the {winner} have won ({})", ending.reason),
            None => format!("the game is drawn ({})", ending.reason),
        };
    }
    let piece = table.active();
    let seat = table.seating().commander(piece);
    let waiting = match table.phase() {
        Phase::Roll {
            purpose: RollFor::Capture,
        } => "rolling to capture".to_string(),
        Phase::Roll {
            purpose: RollFor::Escape,
        } => "rolling to escape".to_string(),
        Phase::Roll {
            purpose: RollFor::Challenge { piece: p, low, .. },
        } => format!("{p} rolls to get away, on {low}-{}", low + 2),
        Phase::Roll { .. } => "rolling to move".to_string(),
        phase => waiting_for(phase).replace("the piece", piece.name()),
    };
    format!(
        "turn {} of {}, round {}: {piece} (seat {seat}, {}) — {waiting}; criminal influence {}{}",
        table.turns() + 1,
        agora_tyranny::rules::TURN_LIMIT,
        table.turns() / 4 + 1,
        piece.faction(),
        table.influence(),
        streaks(table)
    )
}

fn streaks(table: &Table) -> String {
    if table.high_streak() > 0 {
        format!(
            " (held at 1000 for {} of {} cop turns)",
            table.high_streak(),
            agora_tyranny::rules::HOLD_TURNS
        )
    } else if table.zero_streak() > 0 {
        format!(
            " (held at 0 for {} of {} criminal turns)",
            table.zero_streak(),
            agora_tyranny::rules::HOLD_TURNS
        )
    } else {
        String::new()
    }
}

/// The whole table as a viewer sees it, several lines.
pub fn describe(view: &TyrannyView) -> String {
    let table = &view.table;
    let mut lines = vec![status(table)];
    lines.extend(pieces(table));
    lines.extend(owners(table));
    lines.extend(tunnels(table));
    let sizes: Vec<String> = view
        .hand_sizes
        .iter()
        .enumerate()
        .map(|(seat, n)| format!("seat {seat}: {n}"))
        .collect();
    lines.push(format!(
        "cards in hand: {}; decks: {} gamble, {} gains; discards: {} gamble, {} gains",
        sizes.join(", "),
        view.deck_sizes.gamble,
        view.deck_sizes.gains,
        table.discards().len_of(Deck::Gamble),
        table.discards().len_of(Deck::Gains)
    ));
    lines.join("\n")
}

/// A hand, one line per card with the half its holder reads.
pub fn hand(cards: &Cards, faction: Faction) -> Vec<String> {
    cards
        .iter()
        .map(|card| format!("{card}: {}", card.text(faction)))
        .collect()
}

/// A move someone played, as seen by a viewer, in a sentence. `table` is the state before.
pub fn seen_move(table: &Table, seen: SeenMove) -> String {
    let piece = table.active();
    let seat = table.seating().commander(piece);
    let who = format!("{piece} (seat {seat})");
    let mv = match seen {
        SeenMove::DrewHidden(deck) => {
            return format!("seat {seat} draws a {deck} card and keeps it");
        }
        SeenMove::PickedHidden => {
            return match table.phase() {
                Phase::Pick { victim, .. } => {
                    format!("seat {seat} steals a card from seat {victim}")
                }
                _ => format!("seat {seat} takes a card"),
            };
        }
        SeenMove::Move(mv) => mv,
    };
    use agora_tyranny::Move::*;
    match mv {
        Roll(face) => format!("the die shows {face}"),
        Drawn(card) => format!("seat {seat} draws {card}: {}", card.text(piece.faction())),
        Picked(card) => match table.phase() {
            Phase::Pick {
                victim,
                steal: true,
            } => format!("seat {seat} steals {card} from seat {victim}"),
            Phase::Pick { victim, .. } => format!("seat {victim} discards {card}"),
            _ => format!("{card} is picked"),
        },
        Go => format!("{who} moves"),
        Capture => format!("{who} tries to capture {}", tile(table.piece(piece).tile)),
        Pass => format!("{who} passes"),
        Cross => format!("{who} crosses to the other city"),
        Stay => format!("{who} stays"),
        Open(t) => format!("{who} opens tunnel {}", board().tunnel(t).name),
        Collapse(t) => format!("{who} collapses tunnel {}", board().tunnel(t).name),
        Pay => format!("{who} pays its way out of custody"),
        Escape => format!("{who} tries to escape"),
        Draw => format!("{who} draws a card"),
        Decline => format!("{who} does not draw"),
        Challenge { piece: p, low } => {
            format!(
                "{who} makes a capture roll on {p}, who gets away on {low}-{}",
                low + 2
            )
        }
        Spare(p) => format!("{who} lets {p} go"),
        Advance(n) => format!("{who} advances {n}"),
        Target(s) => format!("seat {seat} makes seat {s} discard a card picked blind"),
        Discard(card) => format!("seat {seat} discards {card}"),
        Play(play) => format!(
            "seat {seat} plays {}: {}{}",
            play.card(),
            play.card().text(piece.faction()),
            match play {
                agora_tyranny::Play::FixEscape { piece: p, number } => format!(" ({p}, {number})"),
                agora_tyranny::Play::Tunnel(t) => format!(" (tunnel {})", board().tunnel(t).name),
                agora_tyranny::Play::Steal(s) => format!(" (from seat {s})"),
                _ => String::new(),
            }
        ),
    }
}

/// What changed from one view to the next, seen by the same viewer: influence, pieces, owners,
/// tunnels, the cards that acted or were played, hands and the turn.
pub fn changes(before: &TyrannyView, after: &TyrannyView) -> Vec<String> {
    let (b, a) = (&before.table, &after.table);
    let mut lines = Vec::new();
    let mover = b.active().faction();
    for piece in Piece::ALL {
        let (was, now) = (b.piece(piece), a.piece(piece));
        match (was.custody, now.custody) {
            (false, true) => lines.push(format!(
                "{piece} is {} and held at {}",
                if piece.faction() == Faction::Criminals {
                    "arrested"
                } else {
                    "kidnapped"
                },
                tile(now.tile)
            )),
            (true, false) => {
                lines.push(format!("{piece} is out of custody, at {}", tile(now.tile)))
            }
            (false, false) if was.tile != now.tile => {
                lines.push(format!("{piece}: {} -> {}", tile(was.tile), tile(now.tile)))
            }
            (true, true) if (was.escape_faces, was.may_pay) != (now.escape_faces, now.may_pay) => {
                lines.push(format!(
                    "{piece} now escapes on {}{}",
                    faces(now.escape_faces),
                    if now.may_pay { "" } else { " and may not pay" }
                ))
            }
            _ => {}
        }
        if now.misses > was.misses {
            lines.push(format!("{piece} will miss its next turn"));
        }
    }
    if let Phase::Roll { purpose } = b.phase() {
        let active = b.active();
        let here = b.piece(active).tile;
        match purpose {
            RollFor::Capture if a.owner(here) == b.owner(here) => {
                lines.push(format!("the capture of {} fails", tile(here)));
            }
            RollFor::Escape if a.piece(active).custody => {
                lines.push(format!("{active} fails to escape"));
            }
            RollFor::Challenge { piece, .. } if !a.piece(piece).custody => {
                lines.push(format!("{piece} gets away"));
            }
            _ => {}
        }
    }
    for card in Card::all() {
        let (was, now) = (b.discards().count(card), a.discards().count(card));
        for _ in was..now.max(was) {
            lines.push(if card == Card::GAMBLE_ESCAPE {
                "gamble 3 is used at the arrest".to_string()
            } else if matches!(b.phase(), Phase::Discard | Phase::Pick { .. }) {
                format!("{card} is discarded")
            } else {
                format!("{card} ({mover}' half): {}", card.text(mover))
            });
        }
    }
    for deck in Deck::ALL {
        if a.discards().len_of(deck) < b.discards().len_of(deck) {
            lines.push(format!("the {deck} discards are shuffled into a new deck"));
        }
    }
    if a.influence() != b.influence() {
        lines.push(format!(
            "criminal influence {} -> {}",
            b.influence(),
            a.influence()
        ));
    }
    for t in board().tiles() {
        if !matches!(t.kind, TileKind::Property(_)) {
            continue;
        }
        let (was, now) = (b.owner(t.id), a.owner(t.id));
        if was != now {
            lines.push(match now {
                Some(owner) => format!("the {owner} take {}", tile(t.id)),
                None => format!("{} is neutral again", tile(t.id)),
            });
        }
    }
    for (i, t) in board().tunnels().iter().enumerate() {
        let i = i as u8;
        if b.is_open(i) != a.is_open(i) {
            lines.push(format!(
                "tunnel {} is {}",
                t.name,
                if a.is_open(i) { "open" } else { "collapsed" }
            ));
        }
    }
    if let (Viewer::Seat(_), Some(was), Some(now)) = (after.viewer, before.hand, after.hand) {
        for card in Card::all() {
            if now.count(card) > was.count(card) {
                lines.push(format!("you now hold {card}"));
            }
        }
    }
    for (seat, (was, now)) in before.hand_sizes.iter().zip(&after.hand_sizes).enumerate() {
        if was != now && after.viewer != Viewer::Seat(agora_engine::Seat(seat as u8)) {
            lines.push(format!("seat {seat} holds {now} cards"));
        }
    }
    if a.ending().is_some() && b.ending().is_none() {
        lines.push(status(a));
    }
    lines
}
