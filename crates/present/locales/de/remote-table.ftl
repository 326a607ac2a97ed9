## agora play --server URL: die Befehle des Tischs rund um eine Partie (Unentschieden,
## Abbruch, Revanche, Stummschalten, Melden). $who: you | computer | person, mit $who-name dem
## Namen der Person.

remote-table-commands = Am Tisch: offer draw (oder accept draw: ein Unentschieden anbieten oder das angebotene annehmen), decline draw (ablehnen), abort (die Partie vor deinem ersten Zug abbrechen), resign (aufgeben), rematch (Revanche, wenn die Partie vorbei ist), mute NAME und unmute NAME (den Chat dieses Spielers stummschalten oder wieder zeigen), mute (wen du stummgeschaltet hast), report GRUND (den Chat dieses Tischs dem Betrieb melden; der Grund ist freiwillig).
remote-draw-answer = Gib accept draw ein, um das Unentschieden anzunehmen, oder decline draw, um es abzulehnen.
remote-draw-computer = Der Computer nimmt nie ein Unentschieden an: An einem Tisch, an dem er spielt, gibt es keins.
remote-draw-again = Du hast schon ein Unentschieden angeboten: Warte auf die Antwort der anderen.
remote-decline-none = Es gibt kein Unentschieden, das du ablehnen könntest.
remote-abort-late = Zu spät zum Abbrechen: Du hast schon gezogen.
remote-rematch-early = Eine Revanche kannst du vorschlagen, wenn die Partie vorbei ist.
remote-rematch-asked = Du hast eine Revanche vorgeschlagen; warte auf die anderen.
remote-rematch-offer = { $who ->
    [you] Du hast eine Revanche vorgeschlagen.
    [computer] Der Computer schlägt eine Revanche vor.
   *[person] { $who-name } schlägt eine Revanche vor: Gib rematch ein, um anzunehmen.
}
remote-rematch-starts = Die Revanche beginnt.
remote-over-help = Die Partie ist vorbei: Gib rematch für eine Revanche ein oder quit, um zu gehen.
remote-mute-who = An diesem Tisch sitzt niemand namens { $name }.
remote-mute-computer = Der Computer chattet nicht: Da gibt es niemanden stummzuschalten.
remote-mute-self = Du kannst dich nicht selbst stummschalten.
remote-muted = Du hast { $name } stummgeschaltet: Du siehst die Nachrichten nicht mehr.
remote-unmuted = { $name } ist nicht mehr stummgeschaltet: Du siehst die Nachrichten wieder.
remote-unmute-not = { $name } war nicht stummgeschaltet.
remote-muted-list = { $count ->
    [0] Du hast niemanden stummgeschaltet.
    [one] Du hast { $names } stummgeschaltet.
   *[other] Du hast { $count } Spieler stummgeschaltet: { $names }.
}
remote-reported = Danke: Jemand vom Betrieb liest den Chat dieses Tischs.
remote-report-long = Ein Grund hat höchstens 300 Zeichen.
