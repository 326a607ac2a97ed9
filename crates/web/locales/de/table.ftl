# Der Spieltisch: die Revanche, sobald gefragt, der Zustand der Live-Verbindung.
table-rematch-accept = Revanche annehmen
table-reconnecting = Verbindung verloren: wird neu verbunden …
table-reconnected = Wieder verbunden.
# Das Ende einer Partie, die keine Wertung entschied: wer gewann, dann wie sie endete.
table-outcome-you-win = Du gewinnst. { $reason }
table-outcome-winners = { $count ->
    [one] { $names } gewinnt.
   *[other] { $names } gewinnen.
} { $reason }
table-winner-tag = gewonnen
# Der Titel des Tabs, solange eine Partie auf deinen Zug wartet.
table-tab-your-turn = ● Du bist dran – { $title }
# Neben „Meine Partien“ im Kopf jeder Seite: wie viele Partien auf deinen Zug warten.
table-games-waiting = { $count ->
    [one] eine Partie wartet auf deinen Zug
   *[other] { $count } Partien warten auf deinen Zug
}
# Tyranny: der Ring größer gezeichnet, an seinem Platz scrollbar, damit die kleinsten Wörter lesbar sind.
table-zoom-board = Brett vergrößern
