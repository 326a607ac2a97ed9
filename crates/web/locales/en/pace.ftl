# Settings: what "reduce motion" turns off.
settings-reduced-motion-hint = Turns off the board's animations: each move appears at once.
# A table nobody joined in time: the table page's lead, the date's label there, and "My games".
table-expired = This table expired: nobody took its free seats in time.
table-expired-at = Expired
table-expired-on = Expired on
