## Warum ein Zug abgelehnt wird oder nicht gelesen werden kann: ein Satz je Code der
## Ablehnungen der Spiele (crates/*/src/refusal.rs). $seat: you | computer | person, dazu
## $seat-name und $seat-number (wie in Zügen getippt); andere Argumente sind Zahlen oder Wörter
## wie getippt, außer Tyrus-Spielsteinen und Tyranny-Figuren, -Karten und -Feldern, die mit
## Namen kommen. $faction: cops | criminals.

# Text, der kein Zug ist. $text: wie getippt; $reason: einer der Sätze unten.
refusal-unreadable = „{ $text }“ ist kein gültiger Zug. { $reason }
# Im Terminal nach einem unlesbaren Zug.
refusal-notation-help = Gib help ein, um die Notation zu sehen.

## Alle Spiele

refusal-not-your-turn = Du bist nicht dran: { $seat ->
    [you] du bist am Zug
    [computer] der Computer ist am Zug
   *[person] { $seat-name } ist am Zug
}.
refusal-chance-moves-next = Du bist nicht dran: Als Nächstes entscheidet der Zufall.
refusal-game-over = Die Partie ist vorbei.

## Tyrus

refusal-tyrus-not-in-hand = { $tile } hast du nicht auf der Hand.
refusal-tyrus-shape = Ein Zug besteht aus Spielstein, own oder opp und Gebäude, etwa S7 own citadel.
refusal-tyrus-unknown-tile = Einen Spielstein „{ $word }“ gibt es nicht: Die Spielsteine heißen S1 bis S10, M1 bis M10 und P1 bis P10.
refusal-tyrus-side = Das zweite Wort ist own (eigenes Gebäude) oder opp (Gebäude des Gegners).
refusal-tyrus-building = Das dritte Wort ist citadel, market oder temple.

## Tsuro

refusal-tsuro-all-placed = Alle Figuren stehen schon.
refusal-tsuro-not-start-mark = { $mark } ist keine Startmarke: Startmarken sind die Randpunkte, die vom Brett weg zeigen.
refusal-tsuro-mark-taken = Auf { $mark } steht schon { $seat ->
    [you] deine Figur
    [computer] die Figur des Computers
   *[person] die Figur von { $seat-name }
}.
refusal-tsuro-place-markers-first = Erst müssen alle Figuren stehen, dann wird ein Plättchen gelegt.
refusal-tsuro-bonus-first = Behalte erst deine Plättchen oder tausche mit den Plättchen der Ausgeschiedenen.
refusal-tsuro-shuffle-first = Erst muss der Nachziehstapel gemischt werden.
refusal-tsuro-no-tile-now = Jetzt kann kein Plättchen gelegt werden.
refusal-tsuro-tile-not-in-hand = { $tile } hast du in keiner Drehung auf der Hand.
refusal-tsuro-unsafe-play = Damit scheidest du aus, obwohl du ein Plättchen hast, mit dem du im Spiel bleibst.
refusal-tsuro-nothing-to-swap = Es gibt nichts zu tauschen: Der Ausschaltbonus folgt nur direkt auf einen Zug, der andere ausschaltet.
refusal-tsuro-give-not-in-hand = { $tile } hast du nicht auf der Hand.
refusal-tsuro-take-not-eliminated = { $tile } hat niemand auf der Hand, den du gerade ausgeschaltet hast.
refusal-tsuro-nothing-to-shuffle = Jetzt gibt es nichts zu mischen.
refusal-tsuro-pile-tile-twice = Das Plättchen { $tile } kommt im gemischten Stapel doppelt vor.
refusal-tsuro-pile-mismatch = Der gemischte Stapel muss genau den Nachziehstapel und die Plättchen der Ausgeschiedenen enthalten.
refusal-tsuro-empty = Ein Zug beginnt mit start, play, keep, swap oder shuffle.
refusal-tsuro-unknown-move = Einen Zug „{ $word }“ gibt es nicht: Ein Zug beginnt mit start, play, keep, swap oder shuffle.
refusal-tsuro-start-shape = Schreib start und eine Startmarke, etwa start c1.0.
refusal-tsuro-play-shape = Schreib play und das Plättchen so, wie du es legst, etwa play 01-27-36-45.
refusal-tsuro-keep-alone = Nach keep kommt nichts mehr.
refusal-tsuro-shuffle-shape = Schreib shuffle und den neuen Nachziehstapel, oberstes Plättchen zuerst.
refusal-tsuro-pile-too-long = Ein Stapel hat höchstens 35 Plättchen.
refusal-tsuro-swap-shape = Schreib swap, die Plättchen, die du abgibst, dann for und gleich viele Plättchen, die du nimmst, etwa swap 01-23-45-67 for 02-13-46-57.
refusal-tsuro-swap-uneven = Beim Tauschen nimmst du so viele Plättchen, wie du abgibst, nicht { $give } gegen { $take }.
refusal-tsuro-swap-too-many = Du tauschst höchstens 3 Plättchen.
refusal-tsuro-swap-tile-twice = Das Plättchen { $tile } kommt im Tausch doppelt vor.
refusal-tsuro-tile-shape = „{ $word }“ ist kein Plättchen: Ein Plättchen sind vier Paare der Punkte 0 bis 7, etwa 01-27-36-45.
refusal-tsuro-point-twice = „{ $word }“ ist kein Plättchen: Punkt { $point } kommt doppelt vor.
refusal-tsuro-not-square = „{ $word }“ ist kein Feld: Die Felder heißen a1 bis f6.
refusal-tsuro-position-shape = „{ $word }“ ist keine Position: Schreib ein Feld und einen Punkt, etwa c1.0.
refusal-tsuro-not-point = „{ $word }“ ist kein Punkt: Die Punkte heißen 0 bis 7.

## Tyranny. $phase: start | custody | roll | challenge | may-draw | draw | advance | target |
## pick | discard | may-cross | over; $piece: die Figur am Zug, mit Namen.

# Worauf eine Phase wartet, nach einem Doppelpunkt.
refusal-tyranny-waiting = { $phase ->
    [start] { $piece } beginnt den Zug: würfeln und ziehen, erobern, passen, die Stadt wechseln, einen Tunnel öffnen oder einstürzen lassen oder eine Karte spielen
    [custody] { $piece } ist in Gewahrsam: zahlen, einen Fluchtwurf machen oder Gains 6 spielen
    [roll] Jetzt wird gewürfelt
    [challenge] { $piece } hat eine gegnerische Figur überholt: herausfordern oder laufen lassen
    [may-draw] { $piece } darf eine Karte ziehen: ziehen oder verzichten
    [draw] Jetzt wird eine Karte gezogen
    [advance] Gamble 6: 1 bis 6 Felder vorrücken
    [target] Gains 5: einen Gegner wählen, der eine Karte ablegt
    [pick] Jetzt wird eine Karte aus einer Hand gezogen
    [discard] Zu viele Karten auf der Hand: eine ablegen
    [may-cross] { $piece } darf in die andere Stadt wechseln: wechseln oder bleiben
   *[over] Die Partie ist vorbei
}
refusal-tyranny-die-face = Ein Würfel zeigt 1 bis 6, nicht { $n }.
refusal-tyranny-wrong-deck = Gezogen wird eine { $deck ->
    [gamble] Gamble-Karte
   *[gains] Gains-Karte
}, nicht { $card }.
refusal-tyranny-no-copy-left = Die Karte { $card } liegt nicht mehr im { $deck ->
    [gamble] Gamble-Stapel
   *[gains] Gains-Stapel
}.
refusal-tyranny-holds-no = { $seat ->
    [you] Die Karte { $card } hast du nicht auf der Hand.
    [computer] Die Karte { $card } hat der Computer nicht auf der Hand.
   *[person] Die Karte { $card } hat { $seat-name } nicht auf der Hand.
}
refusal-tyranny-cannot-come-up = „{ $mv }“ kann jetzt nicht eintreten: { refusal-tyranny-waiting }.
refusal-tyranny-no-tunnel = Einen Tunnel Nummer { $number } gibt es nicht.
refusal-tyranny-no-seat-moves = Gerade ist niemand dran: { refusal-tyranny-waiting }.
refusal-tyranny-committed = Es wurde eine Eroberungskarte gespielt: Erobere oder spiele eine weitere Eroberungskarte.
refusal-tyranny-not-on-property = { $piece } steht auf keinem Grundstück, sondern auf { $tile }.
refusal-tyranny-already-own = { $tile } gehört schon den { $faction ->
    [cops] Polizisten
   *[criminals] Gaunern
}.
refusal-tyranny-crossed-once = Eine Figur wechselt die Stadt höchstens einmal, zu Beginn ihres Zuges.
refusal-tyranny-cannot-cross-here = { $piece } steht auf { $tile }, weder in der eigenen Basis (Polizeiwache oder Versteck) noch in einem offenen Tunnel.
refusal-tyranny-not-on-tunnel-end = { $piece } steht an keinem Ende von Tunnel { $tunnel }.
refusal-tyranny-tunnel-once = Eine Figur öffnet einen Tunnel oder lässt ihn einstürzen höchstens einmal pro Zug.
refusal-tyranny-tunnel-already-open = Tunnel { $tunnel } ist schon offen.
refusal-tyranny-tunnel-already-collapsed = Tunnel { $tunnel } ist schon eingestürzt.
refusal-tyranny-tunnel-cost = Die Gauner brauchen dafür { $cost } Einfluss und haben { $influence }.
refusal-tyranny-fix-number = Die Zahl muss eine Würfelzahl sein, 1 bis 6.
refusal-tyranny-fix-by-cops = Nur die Polizeihälfte von Gains 6 nennt eine Figur.
refusal-tyranny-not-criminal = { $target } ist kein Gauner.
refusal-tyranny-not-in-custody = { $target } ist nicht in Gewahrsam oder sitzt eine Festnahme ohne Fluchtwurf ab.
refusal-tyranny-wide-escape = Die Gaunerhälfte von Gains 6 spielt eine Figur in Gewahrsam, die nicht schon mit 2 bis 6 entkommt.
refusal-tyranny-no-seat = Einen Platz { $seat-number } gibt es nicht.
refusal-tyranny-not-opponent = Platz { $seat-number } gehört keinem Gegner.
refusal-tyranny-seat-no-card = { $seat ->
    [you] Du hast keine Karte auf der Hand.
    [computer] Der Computer hat keine Karte auf der Hand.
   *[person] { $seat-name } hat keine Karte auf der Hand.
}
refusal-tyranny-may-not-pay = { $piece } darf sich nicht freikaufen (Gains 6).
refusal-tyranny-pay-cost = Freikaufen kostet { $price } Einfluss, und die Gauner haben { $influence }.
refusal-tyranny-wrong-passed = Zu entscheiden ist über die überholte Figur { $passed }, nicht über { $piece }.
refusal-tyranny-advance-range = Mit Gamble 6 rückst du 1 bis 6 Felder vor, nicht { $n }.
refusal-tyranny-not-now = „{ $mv }“ geht jetzt nicht: { refusal-tyranny-waiting }.
refusal-tyranny-empty = Der Zug ist leer.
refusal-tyranny-number = Erwartet wird eine Zahl von 0 bis 255.
refusal-tyranny-card = Eine Karte ist ein Stapel und eine Zahl, etwa gains 7.
refusal-tyranny-deck-name = Die Stapel heißen gamble und gains.
refusal-tyranny-card-number = Die Karten sind von 1 bis 10 nummeriert.
refusal-tyranny-piece-name = Die Figuren heißen cop1, crim1, cop2 und crim2.
refusal-tyranny-seat-word = Schreib seat und eine Platznummer, etwa seat 1.
refusal-tyranny-seat-number = Ein Platz ist eine Zahl von 0 bis 3.
refusal-tyranny-tunnel-word = Schreib tunnel und den Buchstaben des Tunnels, etwa tunnel A.
refusal-tyranny-tunnel-name = Einen Tunnel mit diesem Buchstaben gibt es nicht.
refusal-tyranny-range = Ein Eroberungswurf gilt für drei Augenzahlen: 1-3, 2-4, 3-5 oder 4-6.
refusal-tyranny-gains6-args = Nach Gains 6 kommt nichts (Gauner) oder eine Figur und eine Zahl (Polizisten).
refusal-tyranny-gains7-args = Nach Gains 7 kommen tunnel und ein Buchstabe.
refusal-tyranny-gains10-args = Nach Gains 10 kommen seat und eine Zahl.
refusal-tyranny-card-takes-nothing = Nach dieser Karte kommt nichts mehr.
refusal-tyranny-only-kept = Gespielt werden nur Karten, die man behält: gamble 7 und gains 1, 2, 6, 7 und 10.
refusal-tyranny-roll-shape = Schreib roll und eine Augenzahl.
refusal-tyranny-draw-shape = Schreib draw allein oder draw, einen Stapel und eine Kartennummer.
refusal-tyranny-pick-shape = Schreib pick, einen Stapel und eine Kartennummer.
refusal-tyranny-challenge-shape = Schreib eine Figur und drei Augenzahlen, etwa challenge crim1 1-3.
refusal-tyranny-spare-shape = Schreib eine Figur, etwa spare crim1.
refusal-tyranny-advance-shape = Schreib eine Anzahl Felder, etwa advance 4.
refusal-tyranny-discard-shape = Schreib eine Karte, etwa discard gains 7.
refusal-tyranny-play-shape = Schreib eine Karte, etwa play gains 1.
refusal-tyranny-move-takes-nothing = Nach diesem Zug kommt nichts mehr.
refusal-tyranny-unknown-move = Diesen Zug gibt es nicht.
