# Die Spielseite, während ein Sitz des Servers seinen Zug sucht (Issue 35), und, wenn seine
# Antwort hinter denen anderer Partien auf einen freien Thread wartet, wie lange etwa.
computer-thinking = Der Computer denkt nach.
computer-queued = Der Computer denkt nach. Auch andere Partien warten auf ihn: Seine Antwort dauert etwa { $seconds ->
    [one] { $seconds } Sekunde
   *[other] { $seconds } Sekunden
}.
