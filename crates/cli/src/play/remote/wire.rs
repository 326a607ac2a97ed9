//! Each game's JSON from the server (docs/protocol.md, "Each game's JSON") read back into the
//! engine's types, so that the terminal's narrators tell a server's game as they tell a local
//! one.

use agora_engine::{Refusal, RefusalArg, Seat};
use agora_present::tyrus::narrate_placement;
use agora_present::{Reader, args, text_with};
use agora_tsuro::{Tsuro, TsuroMove, TsuroSeenMove};
use agora_tyrus::{BuildingKind, SeenPlacement, Tile, Tyrus, TyrusView};
use serde::Deserialize;
use serde_json::Value;

use crate::play::TextUi;

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
