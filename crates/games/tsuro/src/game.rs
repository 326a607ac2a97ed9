use agora_engine::{
    Game, GameRng, IllegalMove, Outcome, ParseMoveError, RngCore, Seat, SetupError, Turn, Viewer,
};

use crate::board::{START_MARK_COUNT, START_MARKS};
use crate::setup::HAND_SIZE;
use crate::state::seat_set;
use crate::{
    Phase, PlacedTile, Shuffle, Swap, Tile, Tsuro, TsuroMove, TsuroOptions, TsuroSeenMove,
    TsuroSetup, TsuroSummary, TsuroView,
};

impl Game for Tsuro {
    const NAME: &'static str = "tsuro";
    type Options = TsuroOptions;
    type Setup = TsuroSetup;
    type Move = TsuroMove;
    type View = TsuroView;
    type SeenMove = TsuroSeenMove;
    type Summary = TsuroSummary;

    fn random_setup<R: RngCore>(options: &TsuroOptions, rng: &mut R) -> TsuroSetup {
        TsuroSetup::deal(options, rng)
    }

    fn from_setup(setup: &TsuroSetup) -> Result<Tsuro, SetupError> {
        Tsuro::new(setup)
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Start => Turn::Seat(Seat(self.started)),
            Phase::Play | Phase::Bonus => Turn::Seat(Seat(self.active)),
            Phase::Shuffle => Turn::Chance,
            Phase::Over => Turn::Over,
        }
    }

    fn legal_moves(&self, moves: &mut Vec<TsuroMove>) {
        match self.phase {
            Phase::Start => moves.extend(self.free_start_marks().map(TsuroMove::Start)),
            Phase::Play => {
                let (plays, n) = self.plays();
                let plays = &plays[..n];
                let before = moves.len();
                moves.extend(
                    plays
                        .iter()
                        .filter(|&&m| self.is_safe(m))
                        .map(|&m| TsuroMove::Play(PlacedTile(m))),
                );
                if moves.len() == before {
                    moves.extend(plays.iter().map(|&m| TsuroMove::Play(PlacedTile(m))));
                }
            }
            Phase::Bonus => self.swaps(|swap| moves.push(TsuroMove::Swap(swap))),
            Phase::Shuffle | Phase::Over => {}
        }
    }

    fn random_legal_move<R: RngCore>(&self, rng: &mut R) -> Option<TsuroMove> {
        match self.phase {
            Phase::Start => {
                // Few marks are taken, so drawing again on a taken one is quick and uniform.
                let taken = &self.at[..usize::from(self.started)];
                loop {
                    let mark = START_MARKS[rng.index(START_MARK_COUNT)];
                    if !taken.contains(&mark.0) {
                        return Some(TsuroMove::Start(mark));
                    }
                }
            }
            Phase::Play => Some(TsuroMove::Play(self.random_play(|n| rng.index(n)))),
            Phase::Bonus => {
                let mut count = 0;
                self.swaps(|_| count += 1);
                let mut left = rng.index(count);
                let mut chosen = Swap::KEEP;
                self.swaps(|swap| {
                    if left == 0 {
                        chosen = swap;
                    }
                    left = left.wrapping_sub(1);
                });
                Some(TsuroMove::Swap(chosen))
            }
            Phase::Shuffle | Phase::Over => None,
        }
    }

    fn check_move(&self, mv: TsuroMove) -> Result<(), IllegalMove> {
        match mv {
            TsuroMove::Start(mark) => self.check_start(mark),
            TsuroMove::Play(tile) => self.check_play(tile),
            TsuroMove::Swap(swap) => self.check_swap(swap),
            TsuroMove::Shuffle(shuffle) => self.check_shuffle(&shuffle),
        }
    }

    fn play_unchecked(&mut self, mv: TsuroMove) {
        match mv {
            TsuroMove::Start(mark) => self.apply_start(mark),
            TsuroMove::Play(tile) => self.apply_play(tile),
            TsuroMove::Swap(swap) => self.apply_swap(swap),
            TsuroMove::Shuffle(shuffle) => self.apply_shuffle(&shuffle),
        }
    }

    fn sample_chance<R: RngCore>(&self, rng: &mut R) -> TsuroMove {
        assert_eq!(self.phase, Phase::Shuffle, "no chance move now");
        let (mut tiles, n) = self.tiles_to_shuffle();
        rng.shuffle(&mut tiles[..n]);
        TsuroMove::Shuffle(Shuffle::new(&tiles[..n]).expect("a shuffle has tiles"))
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.win_reason?;
        (self.phase == Phase::Over).then(|| Outcome::new(seat_set(self.winners), reason.code()))
    }

    fn view(&self, viewer: Viewer) -> TsuroView {
        self.view_for(viewer)
    }

    fn seen_move(&self, mv: TsuroMove, viewer: Viewer) -> TsuroSeenMove {
        match mv {
            TsuroMove::Start(mark) => TsuroSeenMove::Start(mark),
            TsuroMove::Play(tile) => TsuroSeenMove::Play(tile),
            TsuroMove::Swap(swap) if viewer == Viewer::Seat(Seat(self.active)) => {
                TsuroSeenMove::Swap(swap)
            }
            TsuroMove::Swap(swap) => TsuroSeenMove::Swapped(swap.give().len() as u8),
            TsuroMove::Shuffle(_) => TsuroSeenMove::Shuffled,
        }
    }

    fn determinize<R: RngCore>(view: &TsuroView, _seat: Seat, rng: &mut R) -> Tsuro {
        Tsuro::from_view(view, rng)
    }

    fn parse_move(&self, text: &str) -> Result<TsuroMove, ParseMoveError> {
        TsuroMove::parse(text)
    }

    fn format_move(&self, mv: TsuroMove) -> String {
        mv.to_string()
    }

    fn write_move(&self, mv: TsuroMove, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "{mv}");
    }

    fn summary(&self) -> TsuroSummary {
        self.summarize()
    }
}

impl Tsuro {
    /// Every elimination bonus exchange open to the active seat, `keep` first, then by number
    /// of tiles, in hand order and in the eliminated seats' order.
    fn swaps(&self, mut each: impl FnMut(Swap)) {
        let hand = self.hand(Seat(self.active));
        let mut pool = [Tile(0); 7 * HAND_SIZE];
        let mut pool_len = 0;
        for seat in seat_set(self.pending).iter() {
            for &tile in self.hand(seat) {
                pool[pool_len] = tile;
                pool_len += 1;
            }
        }
        let pool = &pool[..pool_len];
        for k in 0..=hand.len().min(pool.len()) {
            subsets(hand.len(), k, &mut |give| {
                subsets(pool.len(), k, &mut |take| {
                    let mut given = [Tile(0); HAND_SIZE];
                    let mut taken = [Tile(0); HAND_SIZE];
                    for (slot, &i) in given.iter_mut().zip(give) {
                        *slot = hand[i];
                    }
                    for (slot, &i) in taken.iter_mut().zip(take) {
                        *slot = pool[i];
                    }
                    each(Swap::new(&given[..k], &taken[..k]).expect("distinct tiles, same count"));
                })
            });
        }
    }
}

/// Calls `each` with every `k`-subset (k ≤ 3) of `0..n` as increasing indices, in lexicographic
/// order.
fn subsets(n: usize, k: usize, each: &mut dyn FnMut(&[usize])) {
    fn extend(
        n: usize,
        k: usize,
        chosen: &mut [usize; HAND_SIZE],
        len: usize,
        each: &mut dyn FnMut(&[usize]),
    ) {
        if len == k {
            return each(&chosen[..k]);
        }
        let from = if len == 0 { 0 } else { chosen[len - 1] + 1 };
        for i in from..n {
            chosen[len] = i;
            extend(n, k, chosen, len + 1, each);
        }
    }
    extend(n, k.min(HAND_SIZE), &mut [0; HAND_SIZE], 0, each);
}
