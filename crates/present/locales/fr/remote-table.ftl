## agora play --server URL : les commandes de la table autour d’une partie (match nul,
## annulation, revanche, masquer, signaler). $who : you | computer | person, avec $who-name le
## nom de la personne.

remote-table-commands = À la table : offer draw (ou accept draw : proposer un match nul, ou accepter celui qui est proposé), decline draw (le refuser), abort (annuler la partie avant votre premier coup), resign (abandonner), rematch (une revanche, une fois la partie terminée), mute NOM et unmute NOM (masquer la discussion de ce joueur, ou la montrer à nouveau), mute (qui vous avez masqué), report MOTIF (signaler la discussion de cette table aux opérateurs ; le motif est facultatif).
remote-draw-answer = Tapez accept draw pour accepter le match nul, ou decline draw pour le refuser.
remote-draw-computer = L’ordinateur n’accepte jamais de match nul : il n’y en a pas à une table où il joue.
remote-draw-again = Vous avez déjà proposé un match nul : attendez la réponse des autres.
remote-decline-none = Il n’y a aucune proposition de match nul à refuser.
remote-abort-late = Trop tard pour annuler la partie : vous avez déjà joué.
remote-rematch-early = Une revanche se demande une fois la partie terminée.
remote-rematch-asked = Vous avez demandé une revanche ; en attente des autres.
remote-rematch-offer = { $who ->
    [you] Vous avez demandé une revanche.
    [computer] L’ordinateur demande une revanche.
   *[person] { $who-name } demande une revanche : tapez rematch pour accepter.
}
remote-rematch-starts = La revanche commence.
remote-over-help = La partie est terminée : tapez rematch pour rejouer, ou quit pour partir.
remote-mute-who = Personne du nom de { $name } n’est assis à cette table.
remote-mute-computer = L’ordinateur ne discute pas : il n’y a personne à masquer.
remote-mute-self = Vous ne pouvez pas vous masquer vous-même.
remote-muted = Vous avez masqué { $name } : ses messages ne vous sont plus montrés.
remote-unmuted = Vous ne masquez plus { $name } : ses messages vous sont de nouveau montrés.
remote-unmute-not = { $name } n’était pas masqué.
remote-muted-list = { $count ->
    [0] Vous n’avez masqué personne.
    [one] Vous avez masqué { $names }.
   *[other] Vous avez masqué { $count } joueurs : { $names }.
}
remote-reported = Merci : un opérateur lira la discussion de cette table.
remote-report-long = Un motif compte 300 caractères au plus.
