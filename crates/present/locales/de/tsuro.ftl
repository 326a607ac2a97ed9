## Tsuro's words. $point: 0 to 7, clockwise from a square's top edge's left point.

tsuro-colour = { $colour ->
    [red] Rot
    [blue] Blau
    [green] Grün
    [yellow] Gelb
    [purple] Lila
    [orange] Orange
    [sky] Himmelblau
   *[black] Schwarz
}
# A seat named with its marker, mid-sentence. $who: you | computer | person.
tsuro-who-marker = { $who ->
    [you] du
    [computer] der Computer
   *[person] { $who-name }
} ({ $colour })
# A start mark: the rim's edge, the square, the point.
tsuro-start-mark = { $point ->
    [0] oberer Rand, Feld { $square }, linker Punkt
    [1] oberer Rand, Feld { $square }, rechter Punkt
    [2] rechter Rand, Feld { $square }, oberer Punkt
    [3] rechter Rand, Feld { $square }, unterer Punkt
    [4] unterer Rand, Feld { $square }, rechter Punkt
    [5] unterer Rand, Feld { $square }, linker Punkt
    [6] linker Rand, Feld { $square }, unterer Punkt
   *[7] linker Rand, Feld { $square }, oberer Punkt
}
# Which side of the square a marker faces it from, and which point of that side.
tsuro-side-point = { $point ->
    [0] obere Seite, linker Punkt
    [1] obere Seite, rechter Punkt
    [2] rechte Seite, oberer Punkt
    [3] rechte Seite, unterer Punkt
    [4] untere Seite, rechter Punkt
    [5] untere Seite, linker Punkt
    [6] linke Seite, unterer Punkt
   *[7] linke Seite, oberer Punkt
}
tsuro-position = vor { $square } ({ tsuro-side-point })
# A point of a tile, for its paths.
tsuro-point = { $point ->
    [0] oben links
    [1] oben rechts
    [2] rechts oben
    [3] rechts unten
    [4] unten rechts
    [5] unten links
    [6] links unten
   *[7] links oben
}
tsuro-path = { $from } nach { $to }

## Moves. $who, $other: you | computer | person, with $who-name and $who-marker ("Ada (Blau)").
## $you: yes when the reader is one of the two. $tiles: tiles a marker followed.

tsuro-started = { $who ->
    [you] { $who-marker } beginnst an der Startmarke „{ $mark }“.
   *[other] { $who-marker } beginnt an der Startmarke „{ $mark }“.
}
tsuro-laid = { $who ->
    [you] { $who-marker } hast ein Plättchen auf { $square } gelegt ({ $tile }).
   *[other] { $who-marker } hat ein Plättchen auf { $square } gelegt ({ $tile }).
}
tsuro-moved = { $who ->
    [you] { $who-marker } bist { $tiles ->
        [one] dem Weg über das neue Plättchen
       *[other] den Wegen über { $tiles } Plättchen
    } gefolgt und stehst jetzt vor { $square } ({ $where }).
   *[other] { $who-marker } ist { $tiles ->
        [one] dem Weg über das neue Plättchen
       *[other] den Wegen über { $tiles } Plättchen
    } gefolgt und steht jetzt vor { $square } ({ $where }).
}
tsuro-left-board = { $who ->
    [you] { $who-marker } bist { $tiles ->
        [one] dem Weg über das neue Plättchen
       *[other] den Wegen über { $tiles } Plättchen
    } vom Brett gefolgt und ausgeschieden.
   *[other] { $who-marker } ist { $tiles ->
        [one] dem Weg über das neue Plättchen
       *[other] den Wegen über { $tiles } Plättchen
    } vom Brett gefolgt und ausgeschieden.
}
tsuro-collided = { $you ->
    [yes] { $who-marker } und { $other-marker } seid zusammengestoßen und ausgeschieden.
   *[no] { $who-marker } und { $other-marker } sind zusammengestoßen und ausgeschieden.
}
tsuro-ran-into = { $who ->
    [you] { $who-marker } bist mit { $other-colour } zusammengestoßen und ausgeschieden.
   *[other] { $who-marker } ist mit { $other-colour } zusammengestoßen und ausgeschieden.
}
tsuro-bonus-yours = Ausschaltbonus: Du darfst deine Plättchen behalten oder welche davon gegen ebenso viele Plättchen der gerade Ausgeschiedenen tauschen: { $tiles }.
tsuro-bonus-theirs = { $who ->
    [you] Du darfst deine Plättchen behalten oder gegen Plättchen der gerade Ausgeschiedenen tauschen (Ausschaltbonus).
    [computer] Der Computer darf Plättchen gegen Plättchen der gerade Ausgeschiedenen tauschen (Ausschaltbonus).
   *[person] { $who-name } darf Plättchen gegen Plättchen der gerade Ausgeschiedenen tauschen (Ausschaltbonus).
}
tsuro-swapped-tiles = { $count ->
    [0] Du hast deine Plättchen behalten.
   *[other] Du hast { $given } gegen { $taken } getauscht.
}
tsuro-swapped-count = { $who ->
    [computer] Der Computer
   *[person] { $who-name }
} hat { $count ->
    [0] nichts getauscht.
    [one] ein Plättchen gegen eines der Ausgeschiedenen getauscht.
   *[other] { $count } Plättchen gegen Plättchen der Ausgeschiedenen getauscht.
}
tsuro-swapped-yours = { $who ->
    [computer] Der Computer
   *[person] { $who-name }
} hat dir { $taken } abgenommen und dafür { $given } gegeben.
tsuro-shuffled = { $count ->
    [one] Das Plättchen der Ausgeschiedenen kam
   *[other] Die { $count } Plättchen der Ausgeschiedenen kamen
} in den Nachziehstapel, der gemischt wurde; er enthält jetzt { $pile ->
    [one] ein Plättchen
   *[other] { $pile } Plättchen
}.
tsuro-drew-tiles = Du hast { $tiles } gezogen.
tsuro-drew-count = { $who ->
    [you] Du hast
    [computer] Der Computer hat
   *[person] { $who-name } hat
} { $count ->
    [one] ein Plättchen
   *[other] { $count } Plättchen
} gezogen.
tsuro-dragon-taken = Der Nachziehstapel ist leer: { $who ->
    [you] Du nimmst den Drachen und ziehst zuerst
    [computer] Der Computer nimmt den Drachen und zieht zuerst
   *[person] { $who-name } nimmt den Drachen und zieht zuerst
}, sobald wieder Plättchen da sind.
tsuro-dragon-returned = { $who ->
    [you] Du hast
    [computer] Der Computer hat
   *[person] { $who-name } hat
} gezogen und den Drachen zurückgegeben.
tsuro-dragon-unclaimed = { $who ->
    [you] Du hattest
    [computer] Der Computer hatte
   *[person] { $who-name } hatte
} den Drachen, und niemand wartet auf ein Plättchen: Jetzt hat ihn niemand.
tsuro-dragon-passed = Der Drache geht von { $from ->
    [you] dir
    [computer] dem Computer
   *[person] { $from-name }
} an { $to ->
    [you] dich
    [computer] den Computer
   *[person] { $to-name }
}.

## The end. $winners: the winners with their markers; $you: yes when the reader is one.

tsuro-end-last-marker = { $you ->
    [yes] { $winners } gewinnst: Deine Figur ist die letzte auf dem Brett.
   *[no] { $winners } gewinnt: die letzte Figur auf dem Brett.
}
tsuro-end-together = { $you ->
    [yes] { $winners } seid im selben Zug als letzte Figuren ausgeschieden und teilt euch den Sieg.
   *[no] { $winners } sind im selben Zug als letzte Figuren ausgeschieden und teilen sich den Sieg.
}
tsuro-end-all-tiles = Alle Plättchen sind gelegt: { $count ->
    [one] { $you ->
        [yes] { $winners } gewinnst.
       *[no] { $winners } gewinnt.
    }
   *[other] { $you ->
        [yes] { $winners } teilt euch den Sieg.
       *[no] { $winners } teilen sich den Sieg.
    }
}

## The status line. $phase: start | play | bonus.

tsuro-status-turn = { $who ->
    [you] { $phase ->
        [start] Du bist dran: Wähle eine Startmarke für deine Figur ({ $colour }); Figuren gesetzt: { $placed } von { $players }.
        [bonus] Du bist dran: Ausschaltbonus, behalte deine Plättchen oder tausche welche gegen ebenso viele von diesen: { $tiles }.
       *[play] Du bist dran: Lege ein Plättchen auf { $square }.
    }
   *[other] { $phase ->
        [start] { $who-marker } wählt eine Startmarke (Figuren gesetzt: { $placed } von { $players }).
        [bonus] { $who-marker } entscheidet über den Ausschaltbonus.
       *[play] { $who-marker } legt als Nächstes ein Plättchen auf { $square }.
    }
}
tsuro-status-shuffle = Der Nachziehstapel wird gemischt.
tsuro-status-markers = { $players ->
    [one] { $alive } von einer Figur auf dem Brett.
   *[other] { $alive } von { $players } Figuren auf dem Brett.
}
tsuro-status-pile = { $count ->
    [0] Der Nachziehstapel ist leer.
    [one] Ein Plättchen im Nachziehstapel.
   *[other] { $count } Plättchen im Nachziehstapel.
}
tsuro-status-dragon = { $who ->
    [you] du hast
    [computer] der Computer hat
   *[person] { $who-name } hat
} den Drachen.
tsuro-status-you-are-out = Deine Figur ist ausgeschieden; du schaust zu.

## What a tile in hand would do. $verdict: stays | out-anyway | refused.

tsuro-preview-tile = Plättchen { $number } von { $count } auf deiner Hand, gelegt als { $tile } auf { $square }.
tsuro-would-move = { $who ->
    [you] { $who-marker } würdest { $tiles ->
        [one] dem Weg über das neue Plättchen
       *[other] den Wegen über { $tiles } Plättchen
    } folgen und dann vor { $square } stehen ({ $where }).
   *[other] { $who-marker } würde { $tiles ->
        [one] dem Weg über das neue Plättchen
       *[other] den Wegen über { $tiles } Plättchen
    } folgen und dann vor { $square } stehen ({ $where }).
}
tsuro-would-leave = { $who ->
    [you] { $who-marker } würdest { $tiles ->
        [one] dem Weg über das neue Plättchen
       *[other] den Wegen über { $tiles } Plättchen
    } vom Brett folgen und ausscheiden.
   *[other] { $who-marker } würde { $tiles ->
        [one] dem Weg über das neue Plättchen
       *[other] den Wegen über { $tiles } Plättchen
    } vom Brett folgen und ausscheiden.
}
tsuro-would-collide = { $who ->
    [you] { $who-marker } würdest mit { $other-colour } zusammenstoßen und ausscheiden.
   *[other] { $who-marker } würde mit { $other-colour } zusammenstoßen und ausscheiden.
}
tsuro-preview-verdict = { $verdict ->
    [stays] { $who ->
        [you] Du würdest auf dem Brett bleiben.
       *[other] Die Figur würde auf dem Brett bleiben.
    }
    [out-anyway] Jeder mögliche Zug wirft dich hinaus, darum ist dieser erlaubt.
   *[refused] Nicht erlaubt: Du würdest ausscheiden, obwohl du einen sicheren Zug hast.
}

## The board in words. $around: what borders a square on each side.

tsuro-around = oben: { $above ->
    [rim] Rand
    [tile] ein Plättchen
   *[empty] leer
}; rechts: { $right ->
    [rim] Rand
    [tile] ein Plättchen
   *[empty] leer
}; unten: { $below ->
    [rim] Rand
    [tile] ein Plättchen
   *[empty] leer
}; links: { $left ->
    [rim] Rand
    [tile] ein Plättchen
   *[empty] leer
}
tsuro-square-tile = { $square }: { $tile }, Wege { $paths }.
tsuro-square-empty = { $square } ist leer ({ $around }).
tsuro-square-faced = { $who ->
    [you] { $who-marker } stehst davor ({ $where }): Dein nächstes Plättchen kommt hierhin.
   *[other] { $who-marker } steht davor ({ $where }).
}
# $state: placed | unplaced | out.
tsuro-board-marker = { $state ->
    [placed] { $who-marker }: { $position }; rund um { $square }: { $around }.
    [unplaced] { $who-marker }: noch nicht auf dem Brett.
   *[out] { $who-marker }: ausgeschieden.
}
tsuro-board-tiles = { $count ->
    [0] Noch liegt kein Plättchen.
    [one] Ein Plättchen auf dem Brett:
   *[other] { $count } Plättchen auf dem Brett:
}

## The rules in brief.

tsuro-rules-1 = Tsuro wird auf einem Brett mit 6 × 6 Feldern gespielt, a1 bis f6, Reihe 1 oben. Alle haben eine Figur am Rand und drei Wegeplättchen; ein Plättchen verbindet die acht Punkte an seinen Kanten paarweise durch vier Wege.
tsuro-rules-2 = Zuerst setzen alle ihre Figur auf eine freie Startmarke am Rand. Danach drehst du in deinem Zug ein Plättchen deiner Hand, wie du willst, und legst es auf das leere Feld, vor dem deine Figur steht.
tsuro-rules-3 = Jede Figur vor diesem Feld folgt ihrem Weg über alle Plättchen, in die er führt, bis sie wieder vor einem leeren Feld steht. Eine Figur, die vom Brett geführt wird, scheidet aus; zwei Figuren, die aufeinandertreffen, scheiden beide aus. Solange du einen sicheren Zug hast, darfst du dich nicht selbst hinauswerfen.
tsuro-rules-4 = Nach jedem Zug werden die Hände aus dem Nachziehstapel aufgefüllt (ab drei Spielern nimmt, wer ihn leer vorfindet, den Drachen und zieht später zuerst). Die letzte Figur auf dem Brett gewinnt; Figuren, die gemeinsam ausscheiden oder übrig sind, wenn alle Plättchen liegen, teilen sich den Sieg.
