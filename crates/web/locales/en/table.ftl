# The game table: the rematch once asked, the live connection's state.
table-rematch-accept = Accept the rematch
table-reconnecting = Connection lost: reconnecting…
table-reconnected = Connected again.
# The end of a game that no score decided: who won, then how the game ended.
table-outcome-you-win = You win. { $reason }
table-outcome-winners = { $count ->
    [one] { $names } wins.
   *[other] { $names } win.
} { $reason }
table-winner-tag = winner
# The tab's title while a game waits for the reader's move.
table-tab-your-turn = ● Your turn — { $title }
# Beside "My games" in every page's header: how many games wait for the reader's move.
table-games-waiting = { $count ->
    [one] one game waits for your move
   *[other] { $count } games wait for your move
}
# Tyranny: the ring drawn larger, scrolled in its place, so its smallest words are readable.
table-zoom-board = Zoom the board
