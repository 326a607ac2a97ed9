## Game words, as labels.

tyrus-office = { $office ->
    [general] General
    [guildmaster] Gildenmeister
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
tyrus-face-down = ein verdecktes Plättchen
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
    [you] Du hast { $tile } in { $into } gelegt.
    [computer] Der Computer hat { $tile } in { $into } gelegt.
   *[person] { $mover-name } hat { $tile } in { $into } gelegt.
}

## The count of an election.

# One side's count, a label and its arithmetic: "Du: 18 − 7 = 11".
tyrus-count-side = { $who ->
    [you] Du
    [computer] Der Computer
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
} Wahl { $number } gewonnen ({ $office ->
    [general] General
    [guildmaster] Gildenmeister
   *[high_priest] Hohepriester
}), { $high } zu { $low }.
tyrus-null-election = Wahl { $number } endet unentschieden, { $score } zu { $score }: diesmal wird kein { $office ->
    [general] General
    [guildmaster] Gildenmeister
   *[high_priest] Hohepriester
} gewählt.
# Tiles revealed at the count and discarded, one seat's.
tyrus-revealed = Aufgedeckt und abgelegt, { $who ->
    [you] von dir
    [computer] vom Computer
   *[person] von { $who-name }
}: { $tiles }.
tyrus-revealed-none = In den { $kind ->
    [citadel] Zitadellen
    [market] Märkten
   *[temple] Tempeln
} lag kein Plättchen.
tyrus-drew-tiles = Du hast { $tiles } gezogen.
tyrus-drew-count = { $who ->
    [you] Du hast
    [computer] Der Computer hat
   *[person] { $who-name } hat
} { $count ->
    [one] ein Plättchen
   *[other] { $count } Plättchen
} gezogen.
tyrus-piles-empty = Beide Nachziehstapel sind leer: Die letzte Wahl wird mit den Plättchen auf der Hand gespielt.
tyrus-election-begins = Wahl { $number } von 9: ein { $office ->
    [general] General, gewählt von den Soldaten in den Zitadellen
    [guildmaster] Gildenmeister, gewählt von den Händlern in den Märkten
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
tyrus-end-majority = { $winner ->
    [you] Du gewinnst
    [computer] Der Computer gewinnt
   *[person] { $winner-name } gewinnt
} mit mehr Vertretern nach neun Wahlen, { $high } zu { $low }.
tyrus-end-tiebreak = Gleichstand bei den Vertretern, { $score } zu { $score }, also entscheiden die Hände: { $winner ->
    [you] Du gewinnst
    [computer] Der Computer gewinnt
   *[person] { $winner-name } gewinnt
} mit der stärkeren Hand, { $high } zu { $low }.
tyrus-end-draw = Unentschieden: Gleichstand bei den Vertretern, { $score } zu { $score }, und gleich starke Hände, { $hand } zu { $hand }.
# One seat's hand shown at the end: "du: Soldat 3, Händler 4 und Priester 9 (16)".
tyrus-hand-shown = { $who ->
    [you] du
    [computer] der Computer
   *[person] { $who-name }
}: { $tiles } ({ $total })
tyrus-hands-shown = Hände — { $hands }.

## The status line.

tyrus-status-election = Wahl { $number } von 9, { $office ->
    [general] General
    [guildmaster] Gildenmeister
   *[high_priest] Hohepriester
}.
tyrus-status-lead = { $leader ->
    [you] Du führst
    [computer] Der Computer führt
   *[person] { $leader-name } führt
} { $high } zu { $low }.
tyrus-status-tied = Gleichstand, { $score } zu { $score }.
tyrus-status-no-representative = Noch ist kein Vertreter gewählt.
tyrus-status-turn = { $mover ->
    [you] Du bist dran
    [computer] Der Computer ist dran
   *[person] { $mover-name } ist dran
}: Plättchen { $tile } von 3.
tyrus-status-over = Die Partie ist nach { $count ->
    [one] einer Wahl
   *[other] { $count } Wahlen
} vorbei.

## The rules in brief.

tyrus-rules-1 = Tyrus geht über neun Wahlen. In jeder legen beide Seiten abwechselnd drei Plättchen aus ihrer Hand in eines der sechs Gebäude: deine eigene Zitadelle, deinen Markt und deinen Tempel oder die deines Gegenübers.
tyrus-rules-2 = Soldaten wählen in den Zitadellen einen General, Händler in den Märkten einen Gildenmeister, Priester in den Tempeln einen Hohepriester. Jede Seite zählt nur ihr eigenes Gebäude der gewählten Art.
tyrus-rules-3 = Deine Punkte sind deine Stimmen minus das, was sie blockiert: Ein Händler im Gebäude deines Gegenübers blockiert Soldaten, ein Priester blockiert Händler, ein Soldat blockiert Priester. Deine eigenen Plättchen der Art, die die Blockierer blockiert, heben sie auf: Stimmen − (Blockaden − Konter).
tyrus-rules-4 = Die höhere Punktzahl gewinnt die Wahl; gleiche Punktzahlen ergeben eine unentschiedene Wahl. Dann werden die Plättchen der ausgezählten Gebäude aufgedeckt und abgelegt, und jede Seite zieht drei Plättchen, solange ihr Stapel reicht.
tyrus-rules-5 = Drei gewonnene Wahlen in Folge oder fünf gewonnene Wahlen beenden die Partie sofort. Sonst gewinnt nach neun Wahlen, wer mehr Vertreter hat; bei Gleichstand die stärkere Hand aus drei Plättchen.
