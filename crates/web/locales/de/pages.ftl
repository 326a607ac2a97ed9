# Der Rahmen der Seite
skip-to-content = Zum Hauptinhalt springen
nav-label = Hauptmenü
nav-lobby = Lobby
nav-my-games = Meine Partien
nav-settings = Einstellungen
sign-in = Anmelden
sign-up = Registrieren
sign-out = Abmelden
signed-in-as = Angemeldet als { $name }
signed-in-guest = { $name } (Gast)
language = Sprache
language-apply = Sprache wechseln
footer-about = Agora: Tyrus, Tsuro und Tyranny, mit Freunden oder gegen den Computer. Keine Daten verlassen diese Website.
title-with-errors = Fehler: { $title }
you-tag = du
copy = Kopieren
back-home = Zurück zur Startseite

# Spiele
game-tyrus = Tyrus
game-tsuro = Tsuro
game-tyranny = Tyranny
game-tyrus-blurb = Zwei Parteien, neun Wahlen, verdeckte Spielsteine und Bluff.
game-tsuro-blurb = Lege Plättchen, folge den Wegen, bleib auf dem Brett.
game-tyranny-blurb = Polizisten gegen Gauner im Kampf um den Einfluss in der Stadt.
level-label = Stärke des Computers
level-beginner = Anfänger
level-easy = leicht
level-medium = mittel
level-hard = schwer

# Startseite
home-title = Brettspiele spielen
home-heading = Brettspiele mit Freunden oder gegen den Computer
home-intro = Agora ist ein Online-Spielsaal für Brettspiele. Spiel hier sofort Tyrus, Tsuro oder Tyranny gegen den Computer, eröffne einen Tisch für Freunde oder schau einer Partie zu.
play-against-computer = { $game } gegen den Computer spielen
home-guest-note = Kein Konto nötig: Du spielst als Gast und kannst dich später registrieren.
home-open-tables = Tische, die auf Mitspieler warten
home-watch = Laufende Partien
home-nothing-to-watch = Gerade läuft keine öffentliche Partie.

# Konten
sign-up-title = Konto anlegen
sign-up-intro = Mit einem Konto hast du deine Partien und Einstellungen auf jedem Gerät.
sign-in-title = Anmelden
field-name = Name
field-name-hint = 2 bis 24 Buchstaben, Ziffern, Leerzeichen, Bindestriche oder Unterstriche.
field-password = Passwort
field-password-hint = Mindestens 8 Zeichen.
have-account = Schon ein Konto?
no-account = Noch kein Konto?
guest-title = Als Gast spielen
guest-intro = Ein Gast spielt sofort, ohne Passwort, solange dieser Browser die Sitzung behält.
field-guest-name = Angezeigter Name (freiwillig)
# The name of a guest who gives none; $number is four digits.
guest-default-name = Gast { $number }
play-as-guest = Als Gast spielen
join-as-guest-hint = Du nimmst als Gast unter diesem Namen teil; lass das Feld leer, dann wählen wir einen Namen für dich.
error-summary-title = Es gibt ein Problem
error-prefix = Fehler:
error-name-missing = Gib einen Namen ein
error-password-missing = Gib ein Passwort ein
error-name-taken = Dieser Name ist vergeben oder sieht einem vergebenen zu ähnlich. Wähle einen anderen.
error-name-rules = Verwende 2 bis 24 Buchstaben, Ziffern, Leerzeichen, Bindestriche oder Unterstriche, ohne Leerzeichen am Anfang oder Ende.
error-password-rules = Verwende ein Passwort mit 8 bis 128 Zeichen.
error-bad-credentials = Name oder Passwort ist falsch.

# Einstellungen
settings-title = Einstellungen
settings-saved = Deine Einstellungen sind gespeichert.
theme = Farben
theme-system = Wie das System
theme-light = Hell
theme-dark = Dunkel
settings-play = Spielen
settings-confirm-moves = Jeden Zug vor dem Absenden bestätigen
settings-confirm-moves-hint = Ein versehentlicher Klick kostet dann nichts.
settings-text-first = Text zuerst
settings-text-first-hint = Spielbretter zuerst als Text und Tabellen, Bilder danach: am besten mit einem Screenreader.
settings-reduced-motion = Bewegung reduzieren
settings-save = Einstellungen speichern

# Lobby
lobby-title = Lobby
lobby-create = Einen Tisch eröffnen
lobby-sign-in-first = Melde dich an oder spiele als Gast, um einen Tisch zu eröffnen.
lobby-game = Spiel
lobby-opponent = Gegner
seat-choice-open = Offen für alle
seat-choice-invite = Jemand mit Einladungslink
seat-choice-ai-beginner = Der Computer, Anfänger
seat-choice-ai-easy = Der Computer, leicht
seat-choice-ai-medium = Der Computer, mittel
seat-choice-ai-hard = Der Computer, schwer
seat-choice-none = Niemand
lobby-more-seats = Weitere Mitspieler
lobby-more-seats-hint = Tsuro ist für 2–8, Tyranny für 2–4, Tyrus für 2 Personen. Lass einen Platz auf „Niemand“, um zu weniger zu spielen.
lobby-seat-number = Platz { $number }
lobby-tsuro-bonus = Tsuro: Ausschaltbonus
lobby-tsuro-bonus-hint = Wer andere Figuren ausschaltet, darf Plättchen gegen die Plättchen der Ausgeschiedenen tauschen (die Profiregel der Anleitung).
error-seat-count-exact = { $game } ist für { $min ->
    [one] eine Person
   *[other] { $min } Personen
}; an diesem Tisch wären es { $count }.
error-seat-count-range = { $game } ist für { $min } bis { $max ->
    [one] { $max } Person
   *[other] { $max } Personen
}; an diesem Tisch wären es { $count }.
lobby-clock = Uhr
lobby-clock-live = Echtzeit mit Uhr
lobby-minutes = Minuten pro Person
lobby-increment = Sekunden Zuschlag pro Zug
lobby-clock-correspondence = Ein Zug pro Tag oder mehr (Fernpartie)
lobby-days = Tage pro Zug
lobby-listed = Diesen Tisch in der Lobby zeigen
lobby-listed-hint = Nicht gezeigte Tische findet man nur über ihren Link.
lobby-create-button = Tisch eröffnen
lobby-open-tables = Tische, die auf Mitspieler warten
lobby-no-tables = Kein Tisch wartet auf Mitspieler.
lobby-create-link = Eröffne einen in der Lobby.
error-seat-choice = Wähle, wer den anderen Platz spielt.
error-clock-number = Gib die Zeiten der Uhr als ganze Zahlen ein.
error-clock-live-range = Eine Partie in Echtzeit hat 1 bis 180 Minuten und gibt pro Zug 0 bis 600 Sekunden dazu.
error-clock-days-range = Eine Fernpartie hat 1 bis 30 Tage pro Zug.
seat-computer = der Computer ({ $level })
seat-invited = ein Platz für eine eingeladene Person
seat-open = ein freier Platz
clock-untimed = Ohne Uhr
clock-live = { $minutes } Min. + { $increment } s
clock-correspondence = { $count ->
    [one] { $count } Tag pro Zug
   *[other] { $count } Tage pro Zug
}
table-yours = dein Tisch
table-open-yours = Zu deinem Tisch
table-join-game = Bei dieser { $game }-Partie mitspielen
table-view = Ansehen

# Ein Tisch wartet auf Mitspieler
table-title = { $game }-Tisch
table-waiting = Warten auf Mitspieler … Die Partie beginnt, sobald jeder Platz besetzt ist.
table-cancelled = Dieser Tisch wurde aufgelöst.
table-clock = Uhr
table-visibility = Sichtbarkeit
table-listed = In der Lobby gezeigt
table-unlisted = Nicht gezeigt: Nur wer den Link hat, findet ihn
table-seats = Plätze
invite-title = Jemanden einladen
invite-hint = Schicke diesen Link der Person, mit der du spielen willst. Er wird nur jetzt gezeigt: Bewahre ihn auf, bis sie beigetreten ist.
invite-link = Einladungslink
table-join = Platz nehmen
table-sign-in-to-join = Anmelden, um mit deinem Konto beizutreten
table-leave = Tisch verlassen
table-cancel = Tisch auflösen
table-reload-hint = Lade diese Seite neu, um zu sehen, wer beigetreten ist.

# Meine Partien
games-title = Meine Partien
games-waiting = { $count ->
    [one] { $count } Partie wartet auf dich
   *[other] { $count } Partien warten auf dich
}
games-none-waiting = Keine Partie wartet auf deinen Zug.
games-playing = Andere laufende Partien
games-open = Deine Tische, die auf Mitspieler warten
games-finished = Beendete Partien
games-none = Keine.

# Fehler
error-title = Etwas ist schiefgegangen
error-internal = Bei uns ist etwas schiefgegangen. Versuche es gleich noch einmal.
error-offline = Der Server ist nicht erreichbar. Prüfe deine Verbindung; die Seite aktualisiert sich, sobald er wieder da ist.
error-not-found = Unter dieser Adresse gibt es nichts.
error-form-expired = Dieses Formular ist abgelaufen oder kam nicht von dieser Seite. Geh zurück, lade die Seite neu und versuche es noch einmal.
error-code-bad_request = Die Anfrage wurde nicht verstanden.
error-code-too_large = Das ist zu lang.
error-code-rate_limited = Zu viele Anfragen auf einmal. Warte ein paar Sekunden und versuche es noch einmal.
error-code-unauthorized = Melde dich zuerst an.
error-code-bad_credentials = Name oder Passwort ist falsch.
error-code-forbidden = Das darfst du nicht.
error-code-not_found = Diesen Tisch oder diese Partie gibt es nicht.
error-code-unknown_game = Dieses Spiel gibt es nicht.
error-code-invalid_setup = Mit diesen Einstellungen kann kein Tisch beginnen.
error-code-name_taken = Dieser Name ist vergeben.
error-code-seat_taken = Dieser Platz wurde gerade besetzt.
error-code-wrong_state = Das geht an diesem Tisch gerade nicht.
error-code-not_your_turn = Du bist nicht am Zug.
error-code-bad_notation = Das ist kein Zug.
error-code-illegal_move = Dieser Zug ist nicht erlaubt.
error-code-stale_version = Die Partie ging weiter, bevor dein Zug ankam. Sieh dir das Brett noch einmal an.
error-code-game_over = Die Partie ist vorbei.
error-code-not_finished = Die Partie ist noch nicht vorbei.
error-code-unavailable = Die Partie ist gerade nicht erreichbar. Versuche es gleich noch einmal.
error-code-unsupported_media_type = Die Anfrage kam nicht in der Form, die der Server erwartet.
error-code-cross_site = Diese Anfrage kam von einer anderen Website und wurde abgelehnt. Geh zurück zu Agora und versuche es dort noch einmal.
error-code-limit_reached = Du hast die Höchstzahl an Tischen oder Partien gegen den Computer erreicht. Beende zuerst eine Partie oder löse einen Tisch auf.

# Die Seite einer Partie
game-title = { $game }: { $players }
game-over = Die Partie ist vorbei
game-aborted = Die Partie wurde abgebrochen, bevor sie richtig begann.
game-record = Das Protokoll der Partie (JSON)
players-label = Mitspieler
to-move = am Zug
your-turn = Du bist am Zug.
spectating = Du schaust dieser Partie zu.
seat-stand-in = vom Computer gespielt
clock-label = Uhr:
clock-warning-minute = Noch eine Minute auf deiner Uhr.
clock-warning-seconds = { $count ->
    [one] Noch eine Sekunde auf deiner Uhr.
   *[other] Noch { $count } Sekunden auf deiner Uhr.
}
history-title = Was geschah
rules-title = So wird gespielt
move-box-label = Oder tippe deinen Zug
move-box-play = Spielen
move-missing = Wähle einen Spielstein und ein Gebäude, oder tippe einen Zug.
confirm-title = Bestätigen
confirm-move = Ja, so spielen
confirm-yes = Ja
confirm-no = Nein, zurück
confirm-back = Nein, zurück zur Partie
confirm-resign = Diese Partie aufgeben? Dein Gegner gewinnt sie.
confirm-abort = Diese Partie abbrechen? Niemand gewinnt sie.
resign = Aufgeben
abort = Partie abbrechen
offer-draw = Unentschieden anbieten
accept-draw = Unentschieden annehmen
decline-draw = Unentschieden ablehnen
draw-offered-by = { $names } bietet ein Unentschieden an.
draw-offered-you = Du hast ein Unentschieden angeboten.
rematch = Revanche vorschlagen
rematch-asked = Du hast eine Revanche vorgeschlagen; warte auf die anderen.
rematch-offered-by = { $names } schlägt eine Revanche vor.
rematch-go = Zur Revanche

# Tyrus auf der Seite
tyrus-board-label = Die sechs Gebäude
tyrus-board-hint = Wähle einen Spielstein aus deiner Hand, dann ein Gebäude. Mit den Pfeiltasten wechselst du zwischen den Gebäuden.
tyrus-building-label = { $owner ->
    [you] { $kind ->
        [citadel] Deine Zitadelle
        [market] Dein Markt
       *[temple] Dein Tempel
    }
    [computer] { $kind ->
        [citadel] Die Zitadelle des Computers
        [market] Der Markt des Computers
       *[temple] Der Tempel des Computers
    }
   *[person] { $kind ->
        [citadel] Zitadelle von { $owner-name }
        [market] Markt von { $owner-name }
       *[temple] Tempel von { $owner-name }
    }
}
tyrus-row-caption = { $owner ->
    [you] Deine Gebäude
    [computer] Die Gebäude des Computers
   *[person] Gebäude von { $owner-name }
}
tyrus-cell-empty = leer
tyrus-cell-face-up = { $who ->
    [you] deine Spielsteine
    [computer] Spielsteine des Computers
   *[person] Spielsteine von { $who-name }
}: { $tiles }
tyrus-cell-face-down = { $count ->
    [one] ein verdeckter Spielstein
   *[other] { $count } verdeckte Spielsteine
} { $who ->
    [you] von dir
    [computer] des Computers
   *[person] von { $who-name }
}
tyrus-elected-mark = zählt jetzt
tyrus-no-election = Keine Wahl mehr: Die Partie ist vorbei
tyrus-election-card = Wahl { $number } von 9: { $office } ({ $profession } in den { $kind ->
    [citadel] Zitadellen
    [market] Märkten
   *[temple] Tempeln
})
tyrus-cards-left = { $count ->
    [one] Noch eine verdeckte Wahlkarte
   *[other] Noch { $count } verdeckte Wahlkarten
}: { $general ->
    [one] { $general } General
   *[other] { $general } Generäle
}, { $guildmaster ->
    [one] { $guildmaster } Kaufmann
   *[other] { $guildmaster } Kaufleute
}, { $highpriest ->
    [one] { $highpriest } Hohepriester
   *[other] { $highpriest } Hohepriester
}.
tyrus-hand = { $count ->
    [one] Deine Hand: ein Spielstein
   *[other] Deine Hand: { $count } Spielsteine
}
tyrus-hand-empty = Deine Hand ist leer.
tyrus-choose-tile-first = Wähle zuerst einen Spielstein aus deiner Hand.
tyrus-confirm-place = { $tile } in { $building } setzen?
tyrus-move-box-hint = Ein Spielstein, own (eigenes) oder opp (gegnerisches) und ein Gebäude (citadel, market, temple): zum Beispiel S7 own citadel.
tyrus-chart = Wahlen
tyrus-chart-number = Nr.
tyrus-chart-office = Amt
tyrus-chart-winner = Gewonnen von
tyrus-chart-count = Auszählung: Stimmen − (Konter − Gegenkonter)
tyrus-card-face-down = verdeckt
tyrus-null = ungültige Wahl
tyrus-in-progress = läuft
tyrus-counts = Noch nicht gesehene Spielsteine
tyrus-unseen = { $who ->
    [you] Dein Nachziehstapel
    [computer] Noch unbekannte Spielsteine des Computers
   *[person] Noch unbekannte Spielsteine von { $who-name }
}, { $profession } ({ $count })
tyrus-none = keine
tyrus-hand-shown = { $who ->
    [you] Deine Hand
    [computer] Die Hand des Computers
   *[person] Die Hand von { $who-name }
}: { $tiles } ({ $total }).
