//! Each game's JSON from the server (docs/protocol.md, "Each game's JSON") read back into the
//! engine's types, so that the terminal's narrators tell a server's game as they tell a local
//! one.

use agora_engine::{Game, Refusal, RefusalArg, Seat};
use agora_present::tyranny::narrate_move;
use agora_present::tyrus::narrate_placement;
use agora_present::{Reader, args, text_with};
use agora_tsuro::{Tsuro, TsuroMove, TsuroSeenMove};
use agora_tyranny::{Deck, Move, Retelling, SeenMove, Tyranny, TyrannyView};
use agora_tyrus::{BuildingKind, SeenPlacement, Tile, Tyrus, TyrusView};
use serde::Deserialize;
use serde_json::Value;

use crate::play::TextUi;

/// A move or chance event of a frame as the reader saw it.
pub struct FrameMove<G: Game> {
    /// Who made it; `None` for chance.
    pub mover: Option<Seat>,
    /// The move as the server wrote it.
    pub notation: String,
    /// The move read back; `None` when it could not be.
    pub seen: Option<G::SeenMove>,
}

/// A game whose views and seen moves the terminal can read from the server's JSON.
pub trait WireGame: TextUi {
    /// The `view` of a state; `None` when it is not this game's view.
    fn view_from(json: &Value) -> Option<Self::View>;
    /// The `move` of a `move` or `chance` event, as `reader_seat` saw it, made by `mover`.
    fn seen_from(
        json: &Value,
        mover: Option<Seat>,
        reader_seat: Option<Seat>,
    ) -> Option<Self::SeenMove>;

    /// The moves of one frame (after `before`, the view the reader had, leading to `after`),
    /// in order: the lines told for each. By default the first by the game's narrator from
    /// `before` to `after`, so with the chance moves drawn with it, and any further ones (missed
    /// while the connection was down) by [`WireGame::tell_later`].
    fn tell_frame(
        reader: &Reader,
        before: Option<&Self::View>,
        after: Option<&Self::View>,
        moves: &[FrameMove<Self>],
    ) -> Vec<Vec<String>> {
        tell_first_then_later(reader, before, after, moves)
    }

    /// A move told after another in one frame (events missed while the connection was
    /// down), from the view after them all: by default the mover and the move as seen; a
    /// chance move drawn with a move was told with it.
    fn tell_later(
        reader: &Reader,
        _after: &Self::View,
        mover: Option<Seat>,
        notation: &str,
        _seen: Option<&Self::SeenMove>,
    ) -> Vec<String> {
        let Some(mover) = mover else {
            return Vec::new();
        };
        let mut args = args![("move", notation)];
        reader.add(&mut args, "who", mover);
        vec![text_with(reader.lang, "remote-missed-move", &args)]
    }
}

impl WireGame for Tyrus {
    fn view_from(json: &Value) -> Option<Self::View> {
        Deserialize::deserialize(json).ok()
    }

    /// A placement's own sentence needs only what was seen of it; the counts it led to were
    /// told with the frame's first move.
    fn tell_later(
        reader: &Reader,
        after: &TyrusView,
        _mover: Option<Seat>,
        _notation: &str,
        seen: Option<&SeenPlacement>,
    ) -> Vec<String> {
        seen.map(|seen| narrate_placement(reader, after, seen, after))
            .unwrap_or_default()
    }

    fn seen_from(json: &Value, _: Option<Seat>, _: Option<Seat>) -> Option<SeenPlacement> {
        #[derive(Deserialize)]
        struct Wire {
            seat: Seat,
            tile: Option<String>,
            building_owner: Seat,
            building: BuildingKind,
        }
        let wire = Wire::deserialize(json).ok()?;
        let tile = match wire.tile {
            Some(code) => Some(code.parse::<Tile>().ok()?),
            None => None,
        };
        Some(SeenPlacement {
            seat: wire.seat,
            tile,
            building_owner: wire.building_owner,
            building: wire.building,
        })
    }
}

impl WireGame for Tsuro {
    fn view_from(json: &Value) -> Option<Self::View> {
        Deserialize::deserialize(json).ok()
    }

    /// The notation as seen: another seat's exchange of the elimination bonus is only its
    /// count (`swapped 2`, or `keep` for none), the reader's own is the whole exchange.
    fn seen_from(
        json: &Value,
        mover: Option<Seat>,
        reader_seat: Option<Seat>,
    ) -> Option<TsuroSeenMove> {
        let text = json.as_str()?;
        if let Some(count) = text.strip_prefix("swapped ") {
            return Some(TsuroSeenMove::Swapped(count.parse().ok()?));
        }
        if text == "shuffled" {
            return Some(TsuroSeenMove::Shuffled);
        }
        Some(match TsuroMove::parse(text).ok()? {
            TsuroMove::Start(mark) => TsuroSeenMove::Start(mark),
            TsuroMove::Play(tile) => TsuroSeenMove::Play(tile),
            TsuroMove::Swap(swap) if mover.is_some() && mover == reader_seat => {
                TsuroSeenMove::Swap(swap)
            }
            TsuroMove::Swap(_) => TsuroSeenMove::Swapped(0),
            TsuroMove::Shuffle(_) => TsuroSeenMove::Shuffled,
        })
    }
}

/// The first move of a frame by the game's narrator from `before` to `after`, the rest by
/// [`WireGame::tell_later`]: [`WireGame::tell_frame`] unless a game tells frames its own way.
fn tell_first_then_later<G: WireGame>(
    reader: &Reader,
    before: Option<&G::View>,
    after: Option<&G::View>,
    moves: &[FrameMove<G>],
) -> Vec<Vec<String>> {
    let mut moved = false;
    moves
        .iter()
        .map(|m| match (before, after, &m.seen) {
            (Some(before), Some(after), Some(seen)) if !moved => {
                moved = true;
                G::tell_move(reader, before, m.mover, &m.notation, seen, after)
            }
            (_, Some(after), seen) => {
                G::tell_later(reader, after, m.mover, &m.notation, seen.as_ref())
            }
            _ => Vec::new(),
        })
        .collect()
}

impl WireGame for Tyranny {
    fn view_from(json: &Value) -> Option<Self::View> {
        Deserialize::deserialize(json).ok()
    }

    /// The notation as seen: a kept card another seat drew is only its deck (`draw gains`), a
    /// card picked blind from a third seat's hand is only `pick`.
    fn seen_from(json: &Value, _: Option<Seat>, _: Option<Seat>) -> Option<SeenMove> {
        let text = json.as_str()?;
        match text.split_whitespace().collect::<Vec<_>>()[..] {
            ["pick"] => Some(SeenMove::PickedHidden),
            ["draw", deck] => Deck::from_name(deck).map(SeenMove::DrewHidden),
            _ => Move::parse(text).ok().map(SeenMove::Move),
        }
    }

    /// Every move and chance move of the frame told as local play tells it, each with the
    /// rolls, cards and causes it set off: the frame is replayed from the view before it until
    /// it reaches the view after it ([`Retelling::frame`]). Should a move not follow (a
    /// server's view the replay cannot reach), it and the rest are told as missed moves.
    fn tell_frame(
        reader: &Reader,
        before: Option<&TyrannyView>,
        after: Option<&TyrannyView>,
        moves: &[FrameMove<Self>],
    ) -> Vec<Vec<String>> {
        let (Some(before), Some(after)) = (before, after) else {
            return tell_first_then_later(reader, before, after, moves);
        };
        let seen: Vec<SeenMove> = moves.iter().map_while(|m| m.seen).collect();
        let mut told = Retelling::frame(before, &seen, after).into_iter();
        moves
            .iter()
            .map(|m| match (told.next(), &m.seen) {
                (Some(retold), Some(seen)) => {
                    narrate_move(reader, &retold.before, seen, &retold.events, &retold.after)
                }
                _ => Self::tell_later(reader, after, m.mover, &m.notation, m.seen.as_ref()),
            })
            .collect()
    }
}

/// The engine's refusal from an error's `refusal` (`{"code", "args"}`), for the present
/// crate to word; `None` when there is none or no engine here knows its code.
pub fn refusal(json: &Value) -> Option<Refusal> {
    let code = json.get("code")?.as_str()?;
    let args = match json.get("args") {
        Some(Value::Object(args)) => args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    Value::Number(n) => RefusalArg::Number(n.as_i64()?),
                    Value::String(s) => RefusalArg::Word(s.clone().into()),
                    _ => return None,
                };
                Some((name.clone(), value))
            })
            .collect::<Option<Vec<_>>>()?,
        _ => Vec::new(),
    };
    agora_games::refusal_of(code, args)
}
