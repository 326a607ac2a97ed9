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
# Dasselbe im Namen des Gebäudes für Screenreader: beginnt mit tyrus-placed-mark.
tyrus-placed-by = gerade gesetzt { $who ->
    [you] (von dir)
    [computer] (vom Computer)
   *[person] (von { $who-name })
}
