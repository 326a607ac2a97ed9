## Provably fair deals: agora verify and the game page. $moves: moves replayed; $chance: how
## many of them were chance moves (shuffles, rolls, draws), each drawn again from the seed.

fair-verified = The deal was fair: the revealed seed and salt match the commitment made at the start, and the deal and every chance move follow from the seed ({ $moves ->
    [one] one move replayed
   *[other] { $moves } moves replayed
}, { $chance ->
    [one] one chance move
   *[other] { $chance } chance moves
}).
fair-failed = The deal cannot be shown to be fair: { $reason }.
fair-no-commitment = the record carries no commitment to its seed
fair-not-revealed = the record does not reveal its seed and salt (they are revealed once the game is over)
fair-commitment-mismatch = the seed and salt hash to { $computed }, not to the commitment { $committed }
fair-unknown-game = there is no game called { $game }
fair-bad-record = the record does not start a game ({ $detail })
fair-deal-differs = the setup in the record is not the deal its seed gives
fair-chance-differs = move { $number } is { $found }, but the seed gives { $expected } there
fair-move-rejected = move { $number }, { $text }, cannot be played: { $reason }
fair-unreadable = The file is not a game record: { $reason }.
