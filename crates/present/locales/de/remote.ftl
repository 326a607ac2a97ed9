## agora play --server URL: das Terminal als Client eines Servers. $who: you | computer |
## person, mit $who-name als Name der Person.

remote-signed-in = Auf { $server } angemeldet als { $name }.
remote-password = Passwort für { $name }:
remote-no-password = Kein Passwort angegeben: gib es bei der Abfrage ein oder setze AGORA_PASSWORD.
remote-bad-credentials = Name oder Passwort falsch.
remote-unreachable = Der Server { $server } ist nicht erreichbar: { $error }
remote-lobby-help = Befehle: tables (die offenen Tische und deine eigenen), open ID (einen Tisch spielen oder zuschauen), join LINK (ein Einladungslink oder die ID eines offenen Tischs), new SPIEL computer STUFE (gegen den Computer: beginner, easy, medium oder hard), new SPIEL people (ein Tisch, offen für alle), players N (die Spielerzahl deines nächsten neuen Tischs), help, quit.
remote-tables-none = Kein Tisch wartet auf Mitspieler.
remote-tables = { $count ->
    [one] Ein Tisch wartet auf Mitspieler:
   *[other] { $count } Tische warten auf Mitspieler:
}
remote-table-line = { $id }: { $game }, { $filled } von { $seats ->
    [one] einem Platz
   *[other] { $seats } Plätzen
} besetzt ({ $names }).
remote-mine-none = Du sitzt an keinem Tisch.
remote-mine = Deine Tische:
remote-mine-line = { $id }: { $game }, { $status ->
    [open] wartet auf Mitspieler
    [playing] wird gespielt
    [finished] beendet
   *[other] abgesagt
}.
remote-created = Tisch { $id } ist bereit.
remote-invite = Einladung für Platz { $seat }: { $link }
remote-waiting = Warte auf Mitspieler: { $filled } von { $seats ->
    [one] einem Platz
   *[other] { $seats } Plätzen
} besetzt. Gib quit ein, um nicht länger zu warten.
remote-joined = Du sitzt auf Platz { $seat } an Tisch { $id }.
remote-bad-link = Weder ein Einladungslink noch eine Tisch-ID: { $link }
remote-new-how = Gib new ein, dann ein Spiel (tyrus, tsuro oder tyranny), dann computer und eine Stufe (beginner, easy, medium oder hard) oder people.
remote-players = Dein nächster neuer Tisch ist für { $count ->
    [one] einen Spieler
   *[other] { $count } Spieler
}.
remote-players-how = Gib players und eine Zahl ein.
remote-unknown-command = Unbekannter Befehl. Gib help ein, um die Befehle zu sehen.
remote-cannot-play = Dieses Terminal kann { $game } noch nicht auf einem Server spielen: spiel es im Browser.
remote-spectator = Du schaust dieser Partie zu.
remote-connection-lost = Verbindung verloren, verbinde neu…
remote-reconnected = Wieder verbunden.
remote-gave-up = Der Server ist nicht erreichbar: ich gebe auf. Die Partie läuft dort weiter; öffne sie später wieder mit --table { $id }.
remote-left = Du hast die Partie verlassen; sie läuft auf dem Server weiter. Öffne sie wieder mit --table { $id }.
remote-commands = Befehle: help (Hilfe), board (Spielfeld), hand (deine Hand), status, history (Verlauf), moves (deine erlaubten Züge), hint (nur gegen den Computer), say TEXT (Chat), quick (die Schnellnachrichten), quick N (eine senden), resign (aufgeben), quit (gehen; die Partie läuft weiter).
remote-hint-people = Tipps gibt es nur in Partien gegen den Computer.
remote-chat = Chat: { $says }
remote-quick-list = Schnellnachrichten (gib quick und die Nummer ein): { $list }
remote-quick-which = Gib quick und eine Zahl von 1 bis { $count } ein.
remote-say-what = Gib say und deine Nachricht ein.
remote-chat-guest = Gäste können nur Schnellnachrichten senden (gib quick ein, um sie zu sehen); registriere dich, um zu schreiben.
remote-chat-bad = Eine Nachricht hat 1 bis 300 Zeichen.
remote-rate-limited = Zu viel auf einmal: warte kurz und versuche es dann noch einmal.
remote-not-your-turn = Du bist nicht am Zug.
remote-stale = Die Partie ging weiter, bevor dein Zug ankam: sieh noch einmal hin.
remote-game-over = Die Partie ist vorbei.
remote-forbidden = Das darf nur, wer an diesem Tisch spielt.
remote-refused = Der Server lehnt ab: { $message }
remote-missed-move = { $who ->
    [you] Dein Zug
    [computer] Zug des Computers
   *[person] Zug von { $who-name }
}: { $move }.
# The name of a guest the server numbers ("Guest 12").
remote-guest = Gast
