## Tipps: der Zug, den der Computer für dich spielen würde, und warum.

hint-headline = { $verdict ->
    [only-move] Du hast nur einen Zug:
    [hardly-matters] Hier ist es fast gleich, was du spielst. Der Computer würde spielen:
    [every-play-loses] Hier verliert jeder Zug. Der Computer würde spielen:
   *[clear] Der Computer würde spielen:
}
hint-others = { $verdict ->
    [hardly-matters] Genauso gut: { $moves }.
   *[other] Danach am besten: { $moves }.
}

## Tsuro.

hint-tsuro-start = Setze deine Figur auf die Startmarke am { $mark }.
hint-tsuro-play = Lege Plättchen { $number } deiner Hand auf { $square }, { $turns ->
    [0] so, wie es in deiner Hand liegt
    [1] einmal nach rechts gedreht (eine Vierteldrehung im Uhrzeigersinn)
    [2] zweimal gedreht (eine halbe Drehung)
   *[3] einmal nach links gedreht (eine Vierteldrehung gegen den Uhrzeigersinn)
}.
hint-tsuro-ends = Deine Figur { $tiles ->
    [one] überquert das neue Plättchen
   *[other] folgt { $tiles } Plättchen
} und steht dann { $position }.
hint-tsuro-out = Deine Figur { $tiles ->
    [one] läuft über das neue Plättchen vom Brett
   *[other] folgt { $tiles } Plättchen und läuft vom Brett
}: Du scheidest aus.
hint-tsuro-sends-off = { $count ->
    [one] Damit schaltest du { $who } aus.
   *[other] Damit schaltest du { $who } aus.
}
hint-tsuro-safe = { $safe ->
    [one] Jeder andere Zug lässt dich ausscheiden.
   *[other] { $safe } deiner { $plays } Züge halten dich auf dem Brett.
}
hint-tsuro-short = { $turns ->
    [0] Plättchen { $number } (wie es liegt)
    [1] Plättchen { $number } (einmal nach rechts gedreht)
    [2] Plättchen { $number } (zweimal gedreht)
   *[3] Plättchen { $number } (einmal nach links gedreht)
}

## Tyrus.

hint-tyrus-place = Setze { $tile } in { $into }.
hint-tyrus-short = { $tile } in { $into }
hint-tyrus-role = { $role ->
    [vote] Das ist eine Stimme für die Wahl zum { $office ->
        [general] General
        [guildmaster] Kaufmann
       *[high_priest] Hohepriester
    }, die jetzt ausgezählt wird: Deine Stimmen dort steigen von { $before } auf { $after }.
    [block] Das kontert die Stimmen deines Gegners für die Wahl zum { $office ->
        [general] General
        [guildmaster] Kaufmann
       *[high_priest] Hohepriester
    }, die jetzt ausgezählt wird: Deine Konter dort steigen von { $before } auf { $after }.
    [counter] Das gegenkontert Konter gegen deine Stimmen für die Wahl zum { $office ->
        [general] General
        [guildmaster] Kaufmann
       *[high_priest] Hohepriester
    }, die jetzt ausgezählt wird: Deine Gegenkonter dort steigen von { $before } auf { $after }.
    [bluff] Bei dieser Auszählung zählt er nichts: ein Bluff, der deinen Gegner im Unklaren lässt.
   *[later] Dieses Gebäude wird bei dieser Wahl nicht ausgezählt: Der Spielstein wartet dort auf eine spätere Auszählung.
}
hint-tyrus-risk = { $who ->
    [computer] Der Computer hat
   *[other] { $who-name } hat
} { $count ->
    [one] einen verdeckten Spielstein
   *[other] { $count } verdeckte Spielsteine
} in { $kind ->
    [citadel] deiner Zitadelle
    [market] deinem Markt
   *[temple] deinem Tempel
}: Jeder davon kann ein Konter sein.
hint-tyrus-keeps = Du hältst { $tiles } für später zurück.

## Tyranny.

hint-tyranny-choice = { $choice ->
    [move] Würfle und zieh vorwärts.
    [capture] Würfle, um das Grundstück zu erobern, auf dem deine Figur steht.
    [pass] Beende deinen Zug, ohne zu ziehen.
    [cross] Wechsle in die andere Stadt.
    [stay] Bleib in dieser Stadt.
    [open] Öffne den Tunnel, auf dem deine Figur steht.
    [collapse] Lass den Tunnel, auf dem deine Figur steht, einstürzen.
    [pay] Zahle, um den Gewahrsam zu verlassen.
    [escape] Würfle, um aus dem Gewahrsam zu entkommen.
    [draw] Zieh eine Karte vom Stapel dieses Feldes.
    [decline] Zieh keine Karte.
    [challenge] Fordere die Figur, an der du vorbeigezogen bist, mit einem Eroberungswurf heraus.
    [spare] Lass die Figur, an der du vorbeigezogen bist, laufen.
    [advance] Zieh so weit vorwärts, wie die Gamble-Karte erlaubt.
    [target] Wähle den Gegner, der ablegt.
    [discard] Lege eine Karte ab, denn du hast mehr als das Handlimit.
   *[play] Spiel eine Karte aus deiner Hand.
}
