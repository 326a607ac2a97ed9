# La page de partie pendant qu’une place jouée par le serveur cherche son coup (ticket 35),
# et, quand sa réponse attend derrière celles d’autres parties, combien de temps environ.
computer-thinking = L’ordinateur réfléchit.
computer-queued = L’ordinateur réfléchit. D’autres parties l’attendent aussi : sa réponse prendra environ { $seconds ->
    [one] { $seconds } seconde
   *[other] { $seconds } secondes
}.
