# Die Spielsteine von Tyrus und die Markierungen auf der Partieseite.
# Der Anfangsbuchstabe einer Berufsgruppe auf ihren Spielsteinen, mit dem Wert: H3. Getippt
# werden Züge mit den englischen Buchstaben (S, M, P); die Überschrift in der Hand sagt es.
tyrus-tile-initial = { $profession ->
    [soldier] S
    [merchant] H
   *[priest] P
}
tyrus-hand-typed = { $profession } (tippe { $letter })
# Auf einem Gebäude, in das ein anderer Spieler seinen letzten Spielstein gesetzt hat.
tyrus-placed-mark = gerade gesetzt
# Dasselbe, wenn dieser Spielstein eine Wahl beendet hat und seither ausgezählt und abgelegt ist.
tyrus-placed-counted-mark = gerade gesetzt, dann ausgezählt
# Dasselbe im Namen des Gebäudes für Screenreader, nach seinem Inhalt: wessen Spielstein es war.
tyrus-last-tile-of = { $who ->
    [you] dein letzter Spielstein
    [computer] der letzte Spielstein des Computers
   *[person] der letzte Spielstein von { $who-name }
}
