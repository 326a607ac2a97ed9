## agora play in the terminal. $game: the game's name; $who: computer for a lone computer
## opponent, else person with $who-name the opponents' names.

cli-intro = { $game }: du gegen { $who ->
    [computer] den Computer
   *[person] { $who-name }
}. Gib help ein, um die Befehle zu sehen.
cli-commands = Befehle: help (Hilfe), board (Spielfeld), hand (deine Hand), status, history (Verlauf), moves (deine erlaubten Züge), hint (was die KI spielen würde und warum), quit (beenden).
cli-abandoned = Partie abgebrochen.
cli-record = Partieprotokoll (mit agora replay nachspielbar): { $record }
cli-history-empty = Noch ist nichts geschehen.
cli-legal-moves = { $count ->
    [one] Ein erlaubter Zug
   *[other] { $count } erlaubte Züge
}: { $moves }
cli-hint-own-turn = Tipps gibt es nur, wenn du dran bist.

## Tyrus in the terminal. $owner and $who: you | computer | person.

cli-tyrus-notation = Ein Zug ist <Spielstein> <own|opp> <citadel|market|temple>: own für deine Gebäude, opp für die deines Gegners; citadel ist die Zitadelle, market der Markt, temple der Tempel. Zum Beispiel: S7 own citadel oder M3 opp citadel (S Soldat, M Händler, P Priester). Gib hint ein, um zu sehen, was die KI spielen würde.
cli-tyrus-hand = Deine Hand: { $groups }.
cli-tyrus-hand-empty = Deine Hand ist leer.
# One profession's tiles in a hand: "Soldaten S2, S5".
cli-tyrus-hand-group = { $profession } { $tiles }
cli-tyrus-building = { $owner ->
    [you] { $kind ->
        [citadel] Deine Zitadelle
        [market] Dein Markt
       *[temple] Dein Tempel
    }
    [computer] { $kind ->
        [citadel] Zitadelle des Computers
        [market] Markt des Computers
       *[temple] Tempel des Computers
    }
   *[person] { $kind ->
        [citadel] Zitadelle von { $owner-name }
        [market] Markt von { $owner-name }
       *[temple] Tempel von { $owner-name }
    }
}: { $contents }.
cli-tyrus-yours = deine { $tiles }
cli-tyrus-face-down = { $count ->
    [one] ein verdeckter Spielstein
   *[other] { $count } verdeckte Spielsteine
} { $who ->
    [you] von dir
    [computer] des Computers
   *[person] von { $who-name }
}
cli-tyrus-empty = leer
cli-tyrus-chart = Wahlergebnisse: { $entries }.
cli-tyrus-chart-empty = Wahlergebnisse: noch keine Wahl ausgezählt.
cli-tyrus-chart-entry = { $number }. { $office }: { $winner ->
    [you] du
    [computer] der Computer
    [none] ungültig
   *[person] { $winner-name }
}

## Tsuro in the terminal.

cli-tsuro-notation = Züge: start c1.0 setzt deine Figur auf eine Startmarke (ein Randfeld und ein Punkt, der vom Brett weg zeigt; marks zählt die freien in Worten auf); play 01-27-36-45 legt ein Plättchen deiner Hand, so gedreht wie geschrieben, auf das Feld vor deiner Figur; keep oder swap <Plättchen> for <Plättchen> beantwortet den Ausschaltbonus. Ein Plättchen wird als seine vier Wege zwischen den Punkten eines Feldes geschrieben, im Uhrzeigersinn ab dem linken Punkt der oberen Kante nummeriert: 0 oben links, 1 oben rechts, 2 rechts oben, 3 rechts unten, 4 unten rechts, 5 unten links, 6 links unten, 7 links oben; eine Vierteldrehung im Uhrzeigersinn zählt zu jedem Punkt 2 hinzu. Weitere Befehle: preview [N] (was jedes Plättchen deiner Hand, oder Plättchen N, in jeder Drehung bewirken würde), describe [Feld] (das Brett oder ein Feld in Worten), marks, hint.
cli-tsuro-no-hand = Zuschauer haben keine Hand.
cli-tsuro-hand-empty = Deine Hand ist leer.
cli-tsuro-hand = Deine Hand: { $tiles }.
# One tile of the hand, numbered as preview numbers them.
cli-tsuro-hand-tile = { $number }. { $tile } ({ $paths })
cli-tsuro-preview-not-now = Die Vorschau gibt es, wenn du am Zug bist und ein Plättchen legst.
cli-tsuro-preview-which = { $count ->
    [one] Deine Hand hat ein Plättchen: Gib preview oder preview 1 ein.
   *[other] Deine Hand hat { $count } Plättchen: Gib preview ein, oder preview 1 bis { $count }.
}
cli-tsuro-marks-not-now = Alle Figuren sind schon gesetzt.
# A free start mark, as typed and in words.
cli-tsuro-mark = start { $mark }: { $words }
cli-tsuro-not-square = { $square } ist kein Feld (a1 bis f6).
