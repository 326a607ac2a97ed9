## Tyranny's words, as labels.

# $piece: cop1 | crim1 | cop2 | crim2
tyranny-piece = { $piece ->
    [cop1] Polizist 1
    [cop2] Polizist 2
    [crim1] Gauner 1
   *[crim2] Gauner 2
}
# A faction mid-sentence. $faction: cops | criminals
tyranny-faction = { $faction ->
    [cops] die Polizisten
   *[criminals] die Gauner
}
# A tile's own name. $kind: police_station | hideout | gamble | gains | tunnel | a
# property's or safe zone's name made lowercase with dashes; $name: that name as the board
# file writes it, for names this file does not know; $tunnel: the tunnel's letter.
tyranny-place = { $kind ->
    [police_station] Polizeiwache
    [hideout] Versteck
    [gamble] Gamble
    [gains] Gains
    [tunnel] Tunnel { $tunnel }
    [rail-yard] Güterbahnhof
    [fish-market] Fischmarkt
    [pawn-shop] Pfandhaus
    [tenements] Mietskasernen
    [cathedral-square] Domplatz
    [laundromat] Waschsalon
    [scrapyard] Schrottplatz
    [night-market] Nachtmarkt
    [dockside-warehouse] Hafenspeicher
    [bus-depot] Busdepot
    [soup-kitchen] Suppenküche
    [print-shop] Druckerei
    [free-clinic] Armenklinik
    [gasworks] Gaswerk
    [arcade] Spielhalle
    [junk-alley] Trödelgasse
    [city-hall] Rathaus
    [central-bank] Zentralbank
    [broadcast-tower] Sendeturm
    [stock-exchange] Börse
    [courthouse] Gericht
    [power-plant] Kraftwerk
   *[other] { $name }
}
# A tile in a sentence: its name and its code.
tyranny-tile = Feld { $code } ({ $name })
tyranny-tier = { $tier ->
    [outer] Außenstadt
   *[inner] Innenstadt
}
# A card's name; the deck names are the game's, as typed in moves.
tyranny-card = { $deck ->
    [gamble] Gamble { $number }
   *[gains] Gains { $number }
}
# Die faces: "6", "2 bis 6", "1, 3 und 5" (the list is built before).
tyranny-faces-range = { $low } bis { $high }
# The last two of several die faces, any of which will do.
tyranny-faces-or = { $init } oder { $last }

## What each card half does, in the third person so that it reads the same in a hand and in
## a story. The cops' half first.

tyranny-card-gamble-1-cops = die Gauner verlieren 100 Einfluss
tyranny-card-gamble-1-criminals = die Gauner gewinnen 100 Einfluss
tyranny-card-gamble-2-cops = die Gauner gewinnen 100 Einfluss
tyranny-card-gamble-2-criminals = die Gauner verlieren 100 Einfluss
tyranny-card-gamble-3-cops = die nächste Festnahme durch diesen Spieler ist ausweglos, ohne Freikauf und ohne Ausbruch; der Gauner setzt 3 Züge aus
tyranny-card-gamble-3-criminals = wird das nächste Mal ein Gauner dieses Spielers festgenommen, entkommt er sofort ins Versteck
tyranny-card-gamble-4-cops = der Polizist geht zur Polizeiwache der anderen Stadt
tyranny-card-gamble-4-criminals = der Gauner geht zum Versteck der anderen Stadt
tyranny-card-gamble-5-cops = der Polizist wird entführt, kommt ins Versteck dieser Stadt und setzt einen Zug aus
tyranny-card-gamble-5-criminals = der Gauner wird festgehalten, kommt auf die Polizeiwache dieser Stadt und setzt einen Zug aus
tyranny-card-gamble-6-cops = die Figur zieht 1 bis 6 Felder vor, nach Wahl ihres Spielers
tyranny-card-gamble-6-criminals = die Figur zieht 1 bis 6 Felder vor, nach Wahl ihres Spielers
tyranny-card-gamble-7-cops = zu Beginn eines Zuges wechselt die Figur auf das gegenüberliegende Feld der anderen Stadt
tyranny-card-gamble-7-criminals = zu Beginn eines Zuges wechselt die Figur auf das gegenüberliegende Feld der anderen Stadt
tyranny-card-gamble-8-cops = es wird gewürfelt, und die Figur zieht so viele Felder vor
tyranny-card-gamble-8-criminals = es wird gewürfelt, und die Figur zieht so viele Felder vor
tyranny-card-gamble-9-cops = die Gauner gewinnen 20 % ihres Einflusses
tyranny-card-gamble-9-criminals = die Gauner verlieren 20 % ihres Einflusses
tyranny-card-gamble-10-cops = die Figur setzt ihren nächsten Zug aus
tyranny-card-gamble-10-criminals = die Figur setzt ihren nächsten Zug aus
tyranny-card-gains-1-cops = vor einem Eroberungswurf zu spielen; macht der erste Wurf das Grundstück nicht zu einem der Polizisten, gibt es einen weiteren Wurf
tyranny-card-gains-1-criminals = vor einem Eroberungswurf zu spielen; macht der erste Wurf das Grundstück nicht zu einem der Gauner, gibt es einen weiteren Wurf
tyranny-card-gains-2-cops = vor einem Eroberungswurf zu spielen; in diesem Zug gelingen Eroberungswürfe dann mit 1 bis 3
tyranny-card-gains-2-criminals = vor einem Eroberungswurf zu spielen; in diesem Zug gelingen Eroberungswürfe dann mit 1 bis 3
tyranny-card-gains-3-cops = die Polizisten übernehmen das nächste Grundstück voraus, das ihnen nicht gehört
tyranny-card-gains-3-criminals = die Gauner übernehmen das nächste Grundstück voraus, das ihnen nicht gehört
tyranny-card-gains-4-cops = das nächste Grundstück der Gauner voraus wird neutral
tyranny-card-gains-4-criminals = das nächste Grundstück der Polizisten voraus wird neutral
tyranny-card-gains-5-cops = ein Gegner nach Wahl des Ziehenden wirft eine blind gezogene Karte aus seiner Hand ab
tyranny-card-gains-5-criminals = ein Gegner nach Wahl des Ziehenden wirft eine blind gezogene Karte aus seiner Hand ab
tyranny-card-gains-6-cops = nennt eine Augenzahl, die ein festgenommener Gauner würfeln muss, um auszubrechen; freikaufen darf er sich nicht mehr
tyranny-card-gains-6-criminals = in Gewahrsam zu spielen; die Figur bricht dann mit 2 bis 6 statt nur mit 6 aus
tyranny-card-gains-7-cops = öffnet einen beliebigen Tunnel oder lässt ihn einstürzen, kostenlos
tyranny-card-gains-7-criminals = öffnet einen beliebigen Tunnel oder lässt ihn einstürzen, kostenlos
tyranny-card-gains-8-cops = die Gauner verlieren 50 % ihres Einflusses
tyranny-card-gains-8-criminals = die Gauner gewinnen 50 % ihres Einflusses
tyranny-card-gains-9-cops = die Gauner verlieren 500 Einfluss
tyranny-card-gains-9-criminals = die Gauner gewinnen 500 Einfluss
tyranny-card-gains-10-cops = stiehlt zu Beginn eines Zuges eine blind gezogene Karte aus der Hand eines Gegners
tyranny-card-gains-10-criminals = stiehlt zu Beginn eines Zuges eine blind gezogene Karte aus der Hand eines Gegners
# A card with the half read: "Gains 8 (Gaunerhälfte): die Gauner gewinnen 50 % ihres Einflusses".
tyranny-card-with-text = { $card } ({ $faction ->
    [cops] Polizeihälfte
   *[criminals] Gaunerhälfte
}): { $text }

## Moves, as the seat that made them. $who: you | computer | person; $piece: a piece's
## label; $tile: a tile's label.

tyranny-go = { $who ->
    [you] Du würfelst
    [computer] Der Computer würfelt
   *[person] { $who-name } würfelt
}, um { $piece } zu ziehen.
tyranny-capture = { $who ->
    [you] Du würfelst
    [computer] Der Computer würfelt
   *[person] { $who-name } würfelt
}, damit { $piece } { $tile } erobert; nötig ist { $faces }.
tyranny-pass = { $who ->
    [you] Du passt
    [computer] Der Computer passt
   *[person] { $who-name } passt
} mit { $piece }.
tyranny-stay = { $piece } bleibt auf { $tile }.
tyranny-escape = { $who ->
    [you] Du würfelst
    [computer] Der Computer würfelt
   *[person] { $who-name } würfelt
}, damit { $piece } aus dem Gewahrsam ausbricht; nötig ist { $faces }.
tyranny-draw = { $who ->
    [you] Du ziehst
    [computer] Der Computer zieht
   *[person] { $who-name } zieht
} für { $piece } eine Karte vom { $deck ->
    [gamble] Gamble
   *[gains] Gains
}-Stapel.
tyranny-decline = { $who ->
    [you] Du ziehst
    [computer] Der Computer zieht
   *[person] { $who-name } zieht
} für { $piece } keine Karte.
tyranny-challenge = { $piece } fordert { $target } heraus, der mit { $faces } entkommt.
tyranny-advance = { $who ->
    [you] Du ziehst
    [computer] Der Computer zieht
   *[person] { $who-name } zieht
} { $piece } mit Gamble 6 { $count ->
    [one] ein Feld
   *[other] { $count } Felder
} vor.
tyranny-target = { $who ->
    [you] Du lässt
    [computer] Der Computer lässt
   *[person] { $who-name } lässt
} { $victim ->
    [you] dich
    [computer] den Computer
   *[person] { $victim-name }
} eine blind gezogene Karte abwerfen (Gains 5).
tyranny-play = { $who ->
    [you] Du spielst
    [computer] Der Computer spielt
   *[person] { $who-name } spielt
} { $card } für { $piece }: { $text }.
tyranny-play-fix-escape = { $who ->
    [you] Du spielst
    [computer] Der Computer spielt
   *[person] { $who-name } spielt
} Gains 6 gegen { $target }: er bricht nur noch mit einer { $number } aus und darf sich nicht mehr freikaufen.
tyranny-play-tunnel = { $who ->
    [you] Du spielst
    [computer] Der Computer spielt
   *[person] { $who-name } spielt
} Gains 7 auf Tunnel { $tunnel }.
tyranny-play-steal = { $who ->
    [you] Du spielst
    [computer] Der Computer spielt
   *[person] { $who-name } spielt
} Gains 10, um { $victim ->
    [you] dir
    [computer] dem Computer
   *[person] { $victim-name }
} eine Karte zu stehlen.

## What happened. $piece, $target, $by: pieces' labels.

# $purpose: move | card_move | capture | escape | challenge
tyranny-rolled = Der Würfel zeigt { $face }{ $purpose ->
    [move] {""}: { $piece } zieht.
    [card_move] {""} für Gamble 8: { $piece } zieht so viele Felder.
    [capture] {""} für die Eroberung von { $tile }; nötig ist { $faces }.
    [escape] {""} für den Ausbruch von { $piece }; nötig ist { $faces }.
   *[challenge] {""} für die Herausforderung von { $target }, der mit { $faces } entkommt.
}
tyranny-moved = { $piece } zieht { $count ->
    [one] ein Feld
   *[other] { $count } Felder
} von { $from } auf { $to }.
tyranny-relocated = { $card }: { $piece } geht auf { $to }.
tyranny-crossed = { $piece } wechselt auf { $to }.
tyranny-arrested = { $by } nimmt { $piece } fest; er wird auf der Polizeiwache festgehalten.
tyranny-kidnapped = { $by } entführt { $piece }; er wird im Versteck festgehalten.
tyranny-got-away = { $piece } entkommt { $by }.
tyranny-spared = { $by } lässt { $piece } unbehelligt.
tyranny-escaped-by-card = Gamble 3: { $piece } entkommt der Festnahme sofort und ist zurück auf { $tile }.
tyranny-sentenced = Gamble 3: { $piece } kann dieser Festnahme nicht entkommen und setzt { $count ->
    [one] einen Zug
   *[other] { $count } Züge
} aus.
tyranny-cards-cancelled = Bei der Festnahme von { $piece } wurden beide Gamble-3-Karten gespielt und heben sich auf: eine gewöhnliche Festnahme.
tyranny-released = { $how ->
    [paid] { $piece } kauft sich aus dem Gewahrsam frei und ist zurück auf { $tile }.
    [rolled] { $piece } bricht aus dem Gewahrsam aus und ist zurück auf { $tile }.
   *[served] { $piece } hat die Festnahme abgesessen und kommt auf { $tile } frei.
}
tyranny-still-in-custody = { $piece } bleibt in Gewahrsam.
tyranny-escape-changed = { $piece } bricht jetzt mit { $faces } aus{ $pay ->
    [yes] .
   *[no] {""} und darf sich nicht mehr freikaufen.
}
tyranny-taken = { $faction ->
    [cops] Die Polizisten übernehmen
   *[criminals] Die Gauner übernehmen
} { $tile }.
tyranny-neutral = { $tile } ist wieder neutral.
tyranny-capture-failed = Die Eroberung von { $tile } scheitert.
# $sign: + or −; $amount: the change; $cause: tyranny-cause-*
tyranny-influence = Einfluss { $before } → { $after } ({ $sign }{ $amount }): { $cause }.
tyranny-cause-landed = { $piece } landete auf { $tile }, einem Grundstück { $faction ->
    [cops] der Polizisten
   *[criminals] der Gauner
}
tyranny-cause-card = { $card }
tyranny-cause-tunnel = { $faction ->
    [cops] was die Polizisten für Tunnel { $tunnel } ausgeben, geht an die Gauner
   *[criminals] die Gauner bezahlen für Tunnel { $tunnel }
}
tyranny-cause-bail = { $faction ->
    [cops] die Kaution für { $piece } geht an die Gauner
   *[criminals] die Gauner zahlen die Kaution für { $piece }
}
# A card drawn. $card: tyranny-card-with-text.
tyranny-drew-now = { $who ->
    [you] Du ziehst
    [computer] Der Computer zieht
   *[person] { $who-name } zieht
} { $card }.
tyranny-drew-kept = { $who ->
    [you] Du ziehst und behältst
    [computer] Der Computer zieht und behält
   *[person] { $who-name } zieht und behält
} { $card }.
tyranny-drew-hidden = { $who ->
    [computer] Der Computer zieht
   *[person] { $who-name } zieht
} eine { $deck ->
    [gamble] Gamble
   *[gains] Gains
}-Karte und behält sie verdeckt.
tyranny-played-card = { $who ->
    [you] Du spielst
    [computer] Der Computer spielt
   *[person] { $who-name } spielt
} { $card }.
tyranny-discarded = { $who ->
    [you] Du wirfst
    [computer] Der Computer wirft
   *[person] { $who-name } wirft
} { $card } ab{ $why ->
    [limit] , um das Handlimit einzuhalten.
    [blind] ; sie wurde blind aus der Hand gezogen.
   *[other] .
}
tyranny-stolen-by-you = Du stiehlst { $victim ->
    [computer] dem Computer
   *[person] { $victim-name }
} { $card }.
tyranny-stolen-from-you = { $thief ->
    [computer] Der Computer stiehlt
   *[person] { $thief-name } stiehlt
} dir { $card }.
tyranny-stolen = { $thief ->
    [computer] Der Computer stiehlt
   *[person] { $thief-name } stiehlt
} { $victim ->
    [computer] dem Computer
   *[person] { $victim-name }
} ungesehen eine Karte.
tyranny-tunnel-opened = { $piece } öffnet Tunnel { $tunnel } ({ $ends }).
tyranny-tunnel-collapsed = { $piece } lässt Tunnel { $tunnel } einstürzen ({ $ends }).
tyranny-will-miss = { $piece } setzt den nächsten Zug aus.
tyranny-missed = { $piece } setzt diesen Zug aus.
tyranny-served = { $piece } setzt einen Zug in Gewahrsam aus; { $count ->
    [one] noch einer
   *[other] noch { $count }
}.
tyranny-reshuffled = Der { $deck ->
    [gamble] Gamble
   *[gains] Gains
}-Ablagestapel wird gemischt und wird zum neuen Stapel.
tyranny-nothing = { $card } bewirkt nichts.
tyranny-turn = { $who ->
    [you] Du bist dran
    [computer] Der Computer ist dran
   *[person] { $who-name } ist dran
} mit { $piece }.

## The end. $reason as the engine names it; $side: won | lost | none for the reader.

tyranny-end = { $reason ->
    [criminals_held_1000] Die Gauner gewinnen: Der Einfluss blieb drei Züge der Polizisten lang bei 1000 oder mehr.
    [cops_held_zero] Die Polizisten gewinnen: Der Einfluss blieb drei Züge der Gauner lang bei 0.
    [time_limit_criminals_ahead] Nach 50 Runden steht der Einfluss bei { $influence }, über 500: Die Gauner gewinnen.
    [time_limit_cops_ahead] Nach 50 Runden steht der Einfluss bei { $influence }, unter 500: Die Polizisten gewinnen.
   *[time_limit_draw] Nach 50 Runden steht der Einfluss wieder bei 500: Unentschieden.
}{ $side ->
    [won] {" "}Deine Seite gewinnt.
    [lost] {" "}Deine Seite verliert.
   *[none] {""}
}

## The board and the table.

tyranny-status-influence = Einfluss { $influence }: Die Gauner gewinnen, wenn sie ihn bei 1000 oder mehr halten, die Polizisten, wenn sie ihn bei 0 halten.
tyranny-status-high = Seit { $count } von 3 Zügen der Polizisten bei 1000 oder mehr.
tyranny-status-zero = Seit { $count } von 3 Zügen der Gauner bei 0.
tyranny-status-turn = Zug { $turn } von { $limit }, Runde { $round } von 50: { $who ->
    [you] Du bist dran
    [computer] Der Computer ist dran
   *[person] { $who-name } ist dran
} mit { $piece }{ $waiting ->
    [start] .
    [custody] , in Gewahrsam: freikaufen oder ausbrechen.
    [challenge] , der { $target } überholt hat: herausfordern oder verschonen.
    [draw] : eine Karte ziehen oder verzichten.
    [advance] : Gamble 6, 1 bis 6 Felder vorziehen.
    [target] : Gains 5, den Gegner wählen, der abwirft.
    [discard] : zu viele Karten, eine abwerfen.
    [cross] : in die andere Stadt wechseln oder bleiben.
   *[chance] .
}
# One seat's hand size in the status line.
tyranny-status-hand = { $who ->
    [you] du hast { $count ->
        [0] keine Karte
        [one] eine Karte
       *[other] { $count } Karten
    }
    [computer] der Computer hat { $count ->
        [0] keine Karte
        [one] eine Karte
       *[other] { $count } Karten
    }
   *[person] { $who-name } hat { $count ->
        [0] keine Karte
        [one] eine Karte
       *[other] { $count } Karten
    }
} auf der Hand
tyranny-status-hands = { $hands }.
tyranny-status-over = Die Partie ist nach { $turns ->
    [one] einem Zug
   *[other] { $turns } Zügen
} vorbei; der Einfluss steht bei { $influence }.
# A piece's line on the board. $seat: the commanding seat's role.
tyranny-piece-at = { $piece } ({ $seat ->
    [you] gehört dir
    [computer] gehört dem Computer
   *[person] gehört { $seat-name }
}, { $faction ->
    [cops] Polizisten
   *[criminals] Gauner
}) steht auf { $tile }, { $tier }{ $misses ->
    [0] .
   *[other] ; er setzt den nächsten Zug aus.
}
tyranny-piece-held = { $piece } ({ $seat ->
    [you] gehört dir
    [computer] gehört dem Computer
   *[person] gehört { $seat-name }
}, { $faction ->
    [cops] Polizisten
   *[criminals] Gauner
}) ist in Gewahrsam auf { $tile }: { $sentence ->
    [0] Er bricht mit { $faces } aus{ $pay ->
        [yes] {""} oder kauft sich für 200 frei.
       *[no] {""} und darf sich nicht freikaufen.
    }
   *[other] Er kann nicht entkommen und setzt noch { $sentence ->
        [one] einen Zug
       *[other] { $sentence } Züge
    } aus.
}
tyranny-loop = { $tier ->
    [outer] Die Außenstadt, { $count ->
        [one] ein Feld
       *[other] { $count } Felder
    } im Uhrzeigersinn:
   *[inner] Die Innenstadt, { $count ->
        [one] ein Feld
       *[other] { $count } Felder
    } im Uhrzeigersinn:
}
# A tile's line. $what: what the tile is; $owner and $pieces may be empty.
tyranny-tile-line = { $code } { $name }: { $what }{ $owner }{ $pieces }.
tyranny-tile-property = Grundstück mit Wert { $influence }, erobert mit { $faces }
tyranny-tile-owner = { $owner ->
    [cops] , gehört den Polizisten
    [criminals] , gehört den Gaunern
   *[none] , neutral
}
tyranny-tile-home = { $faction ->
    [cops] Heimatbasis der Polizisten: hier sind Polizisten sicher und wechseln nach { $other }
   *[criminals] Heimatbasis der Gauner: hier sind Gauner sicher und wechseln nach { $other }
}
tyranny-tile-safe = Schutzzone: hier wird niemand gefangen
tyranny-tile-deck = { $deck ->
    [gamble] wer hier landet, zieht eine Gamble-Karte
   *[gains] wer hier landet, zieht eine Gains-Karte
}
tyranny-tile-tunnel = Ende von Tunnel { $tunnel } nach { $other }, { $open ->
    [yes] offen
   *[no] eingestürzt
}
tyranny-tile-pieces = ; hier: { $pieces }
tyranny-tunnel-line = Tunnel { $tunnel } verbindet { $outer } und { $inner }: { $open ->
    [yes] offen; ihn einstürzen zu lassen kostet { $cost }.
   *[no] eingestürzt; ihn zu öffnen kostet { $cost }.
}
tyranny-cards-line = Nachziehstapel: { $gamble ->
    [one] eine Gamble-Karte
   *[other] { $gamble } Gamble-Karten
} und { $gains ->
    [one] eine Gains-Karte
   *[other] { $gains } Gains-Karten
}; abgeworfen: { $gamble-discards ->
    [one] eine Gamble-Karte
   *[other] { $gamble-discards } Gamble-Karten
} und { $gains-discards ->
    [one] eine Gains-Karte
   *[other] { $gains-discards } Gains-Karten
}.
tyranny-discards-line = Offen im Ablagestapel: { $cards }.
tyranny-hand-empty = Deine Hand ist leer.
tyranny-hand-none = Zuschauer haben keine Hand.
tyranny-hand-card = { $card }: { $text }.
tyranny-no-tile = „{ $code }“ ist kein Feld: die Außenstadt hat O0 bis O27, die Innenstadt I0 bis I13.

## The rules in brief.

tyranny-rules-1 = Tyranny: Polizisten gegen Gauner in einer Stadt aus zwei Ringen. Eine Zahl entscheidet das Spiel, der Einfluss der Gauner, der bei 500 beginnt.
tyranny-rules-2 = Die Gauner gewinnen, wenn der Einfluss nach drei Zügen der Polizisten noch bei 1000 oder mehr steht; die Polizisten, wenn er nach drei Zügen der Gauner noch bei 0 steht. Nach 50 Runden gewinnt die Seite, zu der der Einfluss neigt.
tyranny-rules-3 = In ihrem Zug darf eine Figur an ihrer Heimatbasis oder einem offenen Tunnel die Stadt wechseln, einen Tunnel öffnen oder einstürzen lassen und behaltene Karten spielen; dann zieht sie (ein Würfelwurf), würfelt um das Grundstück, auf dem sie steht, oder passt.
tyranny-rules-4 = Wer auf einem Grundstück der eigenen Seite landet, verschiebt den Einfluss um dessen Wert, nach oben für Gauner, nach unten für Polizisten. Wer auf einer gegnerischen Figur landet, fängt sie; wer eine überholt, darf sie herausfordern. Gamble- und Gains-Felder geben Karten.
tyranny-rules-5 = Züge sind englische Wörter: move, capture, pass, cross, stay, draw, decline, pay, escape, challenge crim1 2-4, spare crim1, open tunnel A, play gains 7 tunnel B, target seat 1, discard gains 7. Mit moves siehst du, was du jetzt spielen kannst, mit describe das Brett, mit describe O5 ein Feld.

# Short words drawn on the board picture. $kind: neutral | cops | criminals | police |
# hideout | safe | tunnel | open | closed | influence | streak-cops | streak-criminals
tyranny-mark = { $kind ->
    [neutral] neutral
    [cops] POLIZEI
    [criminals] GAUNER
    [police] WACHE
    [hideout] VERSTECK
    [safe] SICHER
    [tunnel] TUNNEL
    [open] offen
    [closed] zu
    [influence] Einfluss
    [streak-cops] Polizisten bei 0
    [streak-criminals] Gauner ab 1000
   *[other] { $kind }
}
