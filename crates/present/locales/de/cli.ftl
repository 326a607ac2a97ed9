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
cli-illegal = Das kannst du nicht spielen: { $reason }.
cli-unreadable = { $error }. Gib help ein, um die Notation zu sehen.
cli-hint-own-turn = Tipps gibt es nur, wenn du dran bist.
cli-hint-none = Kein Tipp: { $error }.
# The move stands alone on its own line, so that it can be copied and typed back.
cli-hint-play = Die KI würde spielen:
    { $move }
cli-hint-only = Die KI würde den einzigen Zug spielen:
    { $move }
cli-hint-share = { $move }: { $share } % der Suche
cli-hint-share-value = { $move }: { $share } % der Suche, erwartetes Ergebnis { $value } %

## Tyrus in the terminal. $owner and $who: you | computer | person.

cli-tyrus-notation = Ein Zug ist <Plättchen> <own|opp> <citadel|market|temple>: own für deine Gebäude, opp für die deines Gegenübers; citadel ist die Zitadelle, market der Markt, temple der Tempel. Zum Beispiel: S7 own citadel oder M3 opp citadel (S Soldat, M Händler, P Priester). Gib hint ein, um zu sehen, was die KI spielen würde.
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
    [one] ein verdecktes Plättchen
   *[other] { $count } verdeckte Plättchen
} { $who ->
    [you] von dir
    [computer] des Computers
   *[person] von { $who-name }
}
cli-tyrus-empty = leer
cli-tyrus-chart = Wahlergebnisse: { $entries }.
cli-tyrus-chart-empty = Wahlergebnisse: noch keine Wahl ausgezählt.
cli-tyrus-chart-entry = { $number } { $office }: { $winner ->
    [you] du
    [computer] der Computer
    [none] unentschieden
   *[person] { $winner-name }
}
