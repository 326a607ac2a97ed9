# Die Tsuro-Tischseite. Die Sätze des Spiels selbst (Züge, Vorschauen, das Brett in Worten)
# kommen aus tsuro.ftl in agora-present.
tsuro-markers = Spielfiguren
tsuro-seat-tiles = { $count ->
    [one] 1 Plättchen
   *[other] { $count } Plättchen
}
tsuro-seat-out = ausgeschieden
tsuro-seat-unplaced = noch nicht aufgestellt
tsuro-seat-dragon = hat das Drachenplättchen
tsuro-dragon-tag = Drache
tsuro-pile = { $count ->
    [0] Der Nachziehstapel ist leer.
    [one] Noch 1 Plättchen im Nachziehstapel.
   *[other] Noch { $count } Plättchen im Nachziehstapel.
}
tsuro-board-label = Das Brett, 6 mal 6 Felder
tsuro-board-hint = Mit den Pfeiltasten geht es von Feld zu Feld; jedes Feld sagt, was darauf liegt und welche Figuren davor stehen.
tsuro-words = Das Brett in Worten
tsuro-start-label = Wo du deine Figur aufstellst
tsuro-start-hint = Wähle eine freie Startmarke am Rand des Bretts oder klicke eine auf dem Brett an.
tsuro-start-button = Figur aufstellen
tsuro-bonus-legend = Ausschaltbonus
tsuro-bonus-hint = Du hast andere Figuren ausgeschaltet: Bevor ihre Plättchen zurück in den Nachziehstapel gehen, darfst du mit ihnen tauschen.
tsuro-keep = Meine Plättchen behalten
tsuro-hand = { $count ->
    [one] Dein Plättchen
   *[other] Deine { $count } Plättchen
}
tsuro-hand-tile = Plättchen { $number } von { $count }
tsuro-hand-hint = Dreh ein Plättchen, bis dir die Vorschau gefällt, und lege es dann auf das Feld vor deiner Figur (auf dem Brett umrandet).
tsuro-keys-hint = Tasten: R dreht das Plättchen im Fokus nach rechts, Umschalt+R nach links.
tsuro-turn-left = Nach links drehen
tsuro-turn-right = Nach rechts drehen
tsuro-lay = Dieses Plättchen legen
tsuro-move-box-hint = Züge werden mit englischen Wörtern geschrieben, zum Beispiel start c1.0 (Startmarke wählen), play 01-27-36-45 (Plättchen legen), keep (Plättchen behalten) oder swap 01-23-45-67 for 02-13-46-57 (tauschen).
tsuro-confirm-play = Dieses Plättchen legen? { $preview }
tsuro-confirm-start = Deine Figur auf die Startmarke „{ $mark }“ stellen?
tsuro-confirm-keep = Deine Plättchen behalten?
tsuro-confirm-swap = { $choice }?
