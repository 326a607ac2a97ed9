# Settings: what "reduce motion" turns off.
settings-reduced-motion-hint = Turns off the board's animations: each move appears at once.
