# Einstellungen: was „Bewegung reduzieren“ abschaltet.
settings-reduced-motion-hint = Schaltet die Animationen auf dem Brett ab: jeder Zug erscheint sofort.
