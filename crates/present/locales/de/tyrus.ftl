## Game words, as labels.

tyrus-office = { $office ->
    [general] General
    [guildmaster] Kaufmann
   *[high_priest] Hohepriester
}
tyrus-building = { $kind ->
    [citadel] Zitadelle
    [market] Markt
   *[temple] Tempel
}
tyrus-profession = { $profession ->
    [soldier] { $count ->
        [one] Soldat
       *[other] Soldaten
    }
    [merchant] { $count ->
        [one] Händler
       *[other] Händler
    }
   *[priest] { $count ->
        [one] Priester
       *[other] Priester
    }
}
tyrus-tile = { $profession ->
    [soldier] Soldat { $value }
    [merchant] Händler { $value }
   *[priest] Priester { $value }
}
tyrus-face-down = einen verdeckten Spielstein
# A tile named in a sentence.
tyrus-tile-in-sentence = { $tile }

## Placements. $mover and $owner: you | computer | person; $owner is own when the mover
## placed into its own building. $kind: citadel | market | temple. $tile: a tile's name or
## tyrus-face-down.

tyrus-into = { $owner ->
    [you] { $kind ->
        [citadel] deine Zitadelle
        [market] deinen Markt
       *[temple] deinen Tempel
    }
    [own] { $kind ->
        [citadel] die eigene Zitadelle
        [market] den eigenen Markt
       *[temple] den eigenen Tempel
    }
    [computer] { $kind ->
        [citadel] die Zitadelle des Computers
        [market] den Markt des Computers
       *[temple] den Tempel des Computers
    }
   *[person] { $kind ->
        [citadel] die Zitadelle von { $owner-name }
        [market] den Markt von { $owner-name }
       *[temple] den Tempel von { $owner-name }
    }
}
tyrus-placed = { $mover ->
    [you] Du hast { $tile } in { $into } gesetzt.
    [computer] Der Computer hat { $tile } in { $into } gesetzt.
   *[person] { $mover-name } hat { $tile } in { $into } gesetzt.
}

## The count of an election.

# One side's count, a label and its arithmetic: "Du: 18 − 7 = 11".
tyrus-count-side = { $who ->
    [you] du
    [computer] der Computer
   *[person] { $who-name }
}: { $sum }
tyrus-counted = { $kind ->
    [citadel] Die Zitadellen werden ausgezählt.
    [market] Die Märkte werden ausgezählt.
   *[temple] Die Tempel werden ausgezählt.
} { $count }.
tyrus-won-election = { $winner ->
    [you] Du hast
    [computer] Der Computer hat
   *[person] { $winner-name } hat
} die { $number }. Wahl gewonnen ({ $office ->
    [general] General
    [guildmaster] Kaufmann
   *[high_priest] Hohepriester
}), { $high } zu { $low }.
tyrus-null-election = Die { $number }. Wahl ist ungültig ({ $score } zu { $score }): Diesmal wird kein { $office ->
    [general] General
    [guildmaster] Kaufmann
   *[high_priest] Hohepriester
} gewählt.
# Tiles revealed at the count and discarded, one seat's.
tyrus-revealed = Aufgedeckt und abgelegt – { $who ->
    [you] { $count ->
        [one] dein Spielstein
       *[other] deine Spielsteine
    }
    [computer] { $count ->
        [one] Spielstein des Computers
       *[other] Spielsteine des Computers
    }
   *[person] { $count ->
        [one] Spielstein von { $who-name }
       *[other] Spielsteine von { $who-name }
    }
}: { $tiles }.
tyrus-revealed-none = In den { $kind ->
    [citadel] Zitadellen
    [market] Märkten
   *[temple] Tempeln
} lag kein Spielstein.
tyrus-drew-tiles = Du hast { $tiles } nachgezogen.
tyrus-drew-count = { $who ->
    [you] Du hast
    [computer] Der Computer hat
   *[person] { $who-name } hat
} { $count ->
    [one] einen Spielstein
   *[other] { $count } Spielsteine
} nachgezogen.
tyrus-piles-empty = Beide Nachziehstapel sind leer: Die letzten Wahlen werden mit den Spielsteinen auf der Hand gespielt.
tyrus-election-begins = Wahl { $number } von 9: ein { $office ->
    [general] General, gewählt von den Soldaten in den Zitadellen
    [guildmaster] Kaufmann, gewählt von den Händlern in den Märkten
   *[high_priest] Hohepriester, gewählt von den Priestern in den Tempeln
}.

## The end.

tyrus-end-three-in-a-row = { $winner ->
    [you] Du gewinnst
    [computer] Der Computer gewinnt
   *[person] { $winner-name } gewinnt
} mit drei gewonnenen Wahlen in Folge.
tyrus-end-five-elections = { $winner ->
    [you] Du gewinnst
    [computer] Der Computer gewinnt
   *[person] { $winner-name } gewinnt
} mit fünf gewonnenen Wahlen.
tyrus-end-majority = Nach neun Wahlen { $winner ->
    [you] gewinnst du
    [computer] gewinnt der Computer
   *[person] gewinnt { $winner-name }
} mit { $high } zu { $low } Volksvertretern.
tyrus-end-tiebreak = Gleichstand bei den Volksvertretern ({ $score } zu { $score }): Die drei verbliebenen Spielsteine entscheiden. { $winner ->
    [you] Du gewinnst
    [computer] Der Computer gewinnt
   *[person] { $winner-name } gewinnt
} mit { $high } zu { $low } Punkten.
tyrus-end-draw = Unentschieden: Gleichstand bei den Volksvertretern ({ $score } zu { $score }) und bei den drei verbliebenen Spielsteinen ({ $hand } zu { $hand }).
# One seat's hand shown at the end: "du: Soldat 3, Händler 4 und Priester 9 (16)".
tyrus-hand-shown = { $who ->
    [you] du
    [computer] der Computer
   *[person] { $who-name }
}: { $tiles } ({ $total })
tyrus-hands-shown = Verbliebene Spielsteine – { $hands }.

## The status line.

tyrus-status-election = Wahl { $number } von 9: { $office ->
    [general] General
    [guildmaster] Kaufmann
   *[high_priest] Hohepriester
}.
tyrus-status-lead = { $leader ->
    [you] Du führst
    [computer] Der Computer führt
   *[person] { $leader-name } führt
} { $high } zu { $low }.
tyrus-status-tied = Gleichstand, { $score } zu { $score }.
tyrus-status-no-representative = Noch ist kein Volksvertreter gewählt.
tyrus-status-turn = { $mover ->
    [you] Du bist dran
    [computer] Der Computer ist dran
   *[person] { $mover-name } ist dran
}: { $tile }. Spielstein von 3.
tyrus-status-over = Die Partie ist nach { $count ->
    [one] einer Wahl
   *[other] { $count } Wahlen
} vorbei.

## The rules in brief.

tyrus-rules-1 = Tyrus geht über neun Wahlen. In jeder setzen beide Seiten abwechselnd drei Spielsteine von ihrer Hand in eines der sechs Gebäude: in deine Zitadelle, deinen Markt oder deinen Tempel oder in die Gebäude deines Gegners.
tyrus-rules-2 = Soldaten wählen in den Zitadellen einen General, Händler in den Märkten einen Kaufmann, Priester in den Tempeln einen Hohepriester. Jede Seite zählt nur die Stimmen in ihrem eigenen Gebäude der gewählten Art.
tyrus-rules-3 = Deine Punkte sind deine Stimmen minus die Konter deines Gegners: Ein Händler, den er in deine Zitadelle setzt, neutralisiert einen deiner Soldaten, ein Priester in deinem Markt einen Händler, ein Soldat in deinem Tempel einen Priester. Deine eigenen Spielsteine im selben Gebäude neutralisieren seine Konter nach derselben Regel (Gegenkonter): Stimmen − (Konter − Gegenkonter).
tyrus-rules-4 = Die höhere Punktzahl gewinnt die Wahl; bei gleicher Punktzahl ist die Wahl ungültig. Dann werden die Spielsteine der ausgezählten Gebäude aufgedeckt und abgelegt, und jede Seite zieht drei Spielsteine nach, solange ihr Nachziehstapel reicht.
tyrus-rules-5 = Drei gewonnene Wahlen in Folge oder fünf gewonnene Wahlen beenden die Partie sofort. Sonst gewinnt nach neun Wahlen, wer mehr Volksvertreter hat; bei Gleichstand entscheiden die drei verbliebenen Spielsteine.
