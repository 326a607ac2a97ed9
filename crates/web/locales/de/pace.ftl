# Einstellungen: was „Bewegung reduzieren“ abschaltet.
settings-reduced-motion-hint = Schaltet die Animationen auf dem Brett ab: jeder Zug erscheint sofort.
# Ein Tisch, an den sich rechtzeitig niemand gesetzt hat: Seite des Tisches und „Meine Partien“.
table-expired = Dieser Tisch ist abgelaufen: Niemand hat die freien Plätze rechtzeitig besetzt.
table-expired-at = Abgelaufen
table-expired-on = Abgelaufen am
