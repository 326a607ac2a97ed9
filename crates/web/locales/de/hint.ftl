## Der Tipp auf der Spielseite: der Zug, den der Computer für dich spielen würde, und warum.

hint-button = Tipp
hint-heading = Tipp
hint-not-played = Der Zug steht im Zugfeld; gespielt wird erst, wenn du ihn spielst.
hint-not-seated = Tipps gibt es nur für die Spieler dieser Partie.
hint-not-casual = Tipps gibt es nur in Partien gegen den Computer: An diesem Tisch spielt noch ein Mensch.
hint-not-your-turn = Tipps gibt es nur, wenn du dran bist.
hint-failed = Der Computer konnte gerade keinen Tipp ausrechnen. Versuch es gleich noch einmal.
