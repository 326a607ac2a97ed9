# Wo die Partie kippte, auf der Seite einer beendeten Partie (pages/turned.rs).
turned-heading = Wo die Partie kippte
turned-waiting = { $moves ->
    [one] Der Computer blickt auf die Partie zurück … Bisher hat er einen Zug angesehen: Lade die Seite neu, um zu sehen, wie weit er ist.
   *[other] Der Computer blickt auf die Partie zurück … Bisher hat er { $moves } Züge angesehen: Lade die Seite neu, um zu sehen, wie weit er ist.
}
turned-failed = Der Computer konnte nicht auf diese Partie zurückblicken.
turned-explain = Bei jedem Zug hat der Computer die Stellung noch einmal durchgerechnet, so wie der Spieler am Zug sie damals sehen konnte (nie, was verdeckt war und erst am Ende aufgedeckt wurde). Die Linien zeigen die Schätzung des Computers für die Gewinnchance dieses Spielers, zuerst mit dem Zug, den der Computer vorzog, dann mit dem gespielten Zug. Sie ist der Anteil der vom Computer durchgespielten Partien, die der Spieler gewann: eine Schätzung, keine Gewissheit.
turned-chart-label = Die Schätzung des Computers für die Chance jedes Spielers, Zug für Zug
turned-legend-label = Linien der Spieler
turned-table-summary = Die Schätzungen, Zug für Zug (Tabelle)
turned-column-move = Zug
turned-column-player = Spieler
turned-column-played = Gespielter Zug
turned-column-preferred = Wahl des Computers
turned-column-before = Schätzung mit seiner Wahl
turned-column-after = Schätzung mit dem gespielten Zug
turned-turning-tag = Wendepunkt { $number }
turned-percent = { $n } %
turned-no-estimate = keine (einziger Zug)
turned-points-heading = { $count ->
    [one] Der Zug, der eine Chance am stärksten veränderte
   *[other] Die { $count } Züge, die eine Chance am stärksten veränderten
}
turned-point-heading = Zug { $number }: { $name } spielte { $move }
turned-point-change = Schätzung des Computers für die Chance von { $name }: von { $before } auf { $after }.
turned-point-preferred = Der Computer zog { $move } vor.
turned-point-said = Was der Tipp { $name } gesagt hätte:
