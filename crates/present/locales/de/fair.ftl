## Nachweislich faire Verteilung: agora verify und die Partieseite. $moves: nachgespielte Züge;
## $chance: wie viele davon Zufallszüge waren (Mischen, Würfeln, Ziehen).

fair-verified = Die Verteilung war fair: Startwert und Salz passen zur Festlegung vom Anfang der Partie, und die Verteilung und jeder Zufallszug folgen aus dem Startwert ({ $moves ->
    [one] ein Zug nachgespielt
   *[other] { $moves } Züge nachgespielt
}, { $chance ->
    [one] ein Zufallszug
   *[other] { $chance } Zufallszüge
}).
fair-failed = Die Verteilung lässt sich nicht als fair nachweisen: { $reason }.
fair-no-commitment = das Protokoll enthält keine Festlegung auf seinen Startwert
fair-not-revealed = das Protokoll nennt Startwert und Salz nicht (sie werden am Ende der Partie offengelegt)
fair-commitment-mismatch = Startwert und Salz ergeben den Hashwert { $computed }, nicht die Festlegung { $committed }
fair-unknown-game = es gibt kein Spiel namens { $game }
fair-bad-record = mit dem Protokoll lässt sich keine Partie beginnen ({ $detail })
fair-deal-differs = die Aufstellung im Protokoll ist nicht die Verteilung, die sein Startwert ergibt
fair-chance-differs = Zug { $number } lautet { $found }, doch der Startwert ergibt dort { $expected }
fair-move-rejected = Zug { $number }, { $text }, ist nicht spielbar: { $reason }
fair-unreadable = Die Datei ist kein Partieprotokoll: { $reason }.
