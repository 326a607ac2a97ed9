# Tyrus's tiles and marks on the game page.
# A profession's initial on its tiles, with the tile's value: S7. The moves are typed with the
# English initials (S, M, P) in every language; where a language's initial differs, the hand's
# heading says how its tiles are typed (tyrus-hand-typed).
tyrus-tile-initial = { $profession ->
    [soldier] S
    [merchant] M
   *[priest] P
}
tyrus-hand-typed = { $profession } (typed { $letter })
# On a building where another player's last tile went, until that player places again.
tyrus-placed-mark = just placed
# The same when that tile closed an election and was counted and put away since.
tyrus-placed-counted-mark = just placed, then counted
# The same in the building's name for screen readers, after its contents: whose tile it was.
tyrus-last-tile-of = { $who ->
    [you] your last tile
    [computer] the computer's last tile
   *[person] { $who-name }'s last tile
}
