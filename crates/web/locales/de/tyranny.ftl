# The Tyranny table page. The game's own sentences (moves, rolls, the board in words) come
# from agora-present's tyranny.ftl.
tyranny-last-roll = Letzter Wurf:
tyranny-stolen-label = Dir gestohlen:
tyranny-choices = Deine Möglichkeiten
tyranny-group-cards = Karten, die du vorher ausspielen kannst
tyranny-group-move = Ziehen, erobern oder passen
tyranny-group-challenge = Eine Figur, an der du vorbeigezogen bist: herausfordern oder laufen lassen
tyranny-group-custody = In Gewahrsam: zahlen oder würfeln, um freizukommen
tyranny-group-tunnels = Tunnel öffnen oder einstürzen lassen
tyranny-group-draw = Eine Karte ziehen?
tyranny-group-target = Wer eine Karte abwirft
tyranny-group-discard = Über deinem Handlimit: wirf eine Karte ab
tyranny-group-other = Andere Züge
tyranny-choice-go = Würfeln und ziehen
tyranny-choice-capture = Würfeln, um { $tile } zu erobern (gelingt bei { $faces })
tyranny-choice-pass = Passen: den Zug beenden, ohne zu ziehen
tyranny-choice-cross = Hinüber nach { $tile }
tyranny-choice-stay = Auf { $tile } bleiben
tyranny-choice-advance = { $count ->
    [one] 1 Feld vorwärts ziehen
   *[other] { $count } Felder vorwärts ziehen
}
tyranny-choice-tunnel = { $action ->
    [open] Tunnel { $tunnel } öffnen (kostet { $cost } Einfluss)
   *[collapse] Tunnel { $tunnel } einstürzen lassen (kostet { $cost } Einfluss)
}
tyranny-choice-pay = { $amount } Einfluss zahlen und den Gewahrsam verlassen
tyranny-choice-escape = Würfeln, um zu entkommen (frei bei { $faces })
tyranny-choice-draw = { $deck ->
    [gamble] Eine Gamble-Karte ziehen
   *[gains] Eine Gains-Karte ziehen
}
tyranny-choice-decline = Keine Karte ziehen
tyranny-choice-challenge = { $target } herausfordern: entkommt bei { $faces }
tyranny-choice-spare = { $target } laufen lassen
tyranny-choice-target = Karte blind abwerfen lassen: { $who }
tyranny-choice-discard = { $card } abwerfen ({ $text })
tyranny-choice-play = { $card } ausspielen: { $text }
tyranny-choice-fix = { $target } muss eine { $number } würfeln, um zu entkommen, und darf nicht zahlen
tyranny-choice-free-tunnel = { $action ->
    [open] Tunnel { $tunnel } kostenlos öffnen
   *[collapse] Tunnel { $tunnel } kostenlos einstürzen lassen
}
tyranny-choice-steal = eine blind gezogene Karte von { $who } stehlen
tyranny-hand-title = { $faction ->
    [cops] { $count ->
        [0] Deine Karten (Polizisten): keine
        [one] Deine Karte (Polizisten)
       *[other] Deine { $count } Karten (Polizisten)
    }
   *[criminals] { $count ->
        [0] Deine Karten (Gauner): keine
        [one] Deine Karte (Gauner)
       *[other] Deine { $count } Karten (Gauner)
    }
}
tyranny-no-cards = Du hast keine Karten. Zieh eine auf einem Gamble- oder Gains-Feld.
tyranny-seats = Plätze und Seiten
tyranny-seat-details = { $faction ->
    [cops] die Polizisten: { $pieces }
   *[criminals] die Gauner: { $pieces }
} · { $count ->
    [one] 1 Karte
   *[other] { $count } Karten
}
# The reader's own cards that a seat stole and has not shown since (Gains 10).
tyranny-seat-known = hat { $count ->
    [one] deine Karte { $cards }
   *[other] deine Karten { $cards }
}
tyranny-decks = Nachziehstapel: noch { $gamble ->
    [one] eine Gamble-Karte
   *[other] { $gamble } Gamble-Karten
} und { $gains ->
    [one] eine Gains-Karte
   *[other] { $gains } Gains-Karten
}.
tyranny-key = Legende zum Brett
tyranny-key-cops = gehört den Polizisten (blau, gestreift)
tyranny-key-criminals = gehört den Gaunern (rot, gepunktet)
tyranny-key-cop-piece = ein Polizist (Kreis)
tyranny-key-criminal-piece = ein Gauner (Raute)
tyranny-key-custody = eine Figur in Gewahrsam (gestrichelter Ring)
tyranny-key-open = ein offener Tunnel
tyranny-key-closed = ein eingestürzter Tunnel (durchgekreuzt)
tyranny-key-active = das Feld der Figur am Zug
tyranny-tier-label = { $tier ->
    [outer] Außenstadt
   *[inner] Innenstadt
}
tyranny-grid-label = Alle Felder beider Städte, in Zugrichtung
tyranny-board-hint = Mit den Pfeiltasten gehst du von Feld zu Feld; jedes Feld sagt, was es ist, seinen Wert und Eroberungsbereich, wem es gehört und wer darauf steht.
tyranny-words = Das Brett in Worten
tyranny-move-box-hint = Züge werden mit englischen Wörtern geschrieben, zum Beispiel move, capture, pass, cross, stay, draw, decline, pay, escape, challenge crim1 2-4, open tunnel A oder play gains 1.
tyranny-refused-chance = Würfel und Stapel sind nicht deine Sache: der Tisch würfelt und zieht.
tyranny-confirm = { $choice }?
