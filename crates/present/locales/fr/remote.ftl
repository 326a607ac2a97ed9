## agora play --server URL : le terminal comme client d’un serveur. $who : you | computer |
## person, avec $who-name le nom de la personne.

remote-signed-in = Connecté à { $server } sous le nom { $name }.
remote-password = Mot de passe de { $name } :
remote-no-password = Aucun mot de passe : tapez-le à l’invite, ou définissez AGORA_PASSWORD.
remote-bad-credentials = Nom ou mot de passe incorrect.
remote-unreachable = Le serveur { $server } est injoignable : { $error }
remote-lobby-help = Commandes : tables (les tables ouvertes et les vôtres), open ID (jouer ou regarder une table), join LIEN (un lien d’invitation, ou l’identifiant d’une table ouverte), new JEU computer NIVEAU (contre l’ordinateur : beginner, easy, medium ou hard), new JEU people (une table ouverte à tous), players N (le nombre de joueurs de votre prochaine table), help, quit.
remote-tables-none = Aucune table n’attend de joueurs.
remote-tables = { $count ->
    [one] Une table attend des joueurs :
   *[other] { $count } tables attendent des joueurs :
}
remote-table-line = { $id } : { $game }, { $filled ->
    [one] { $filled } place prise
   *[other] { $filled } places prises
} sur { $seats } ({ $names }).
remote-mine-none = Vous n’êtes assis à aucune table.
remote-mine = Vos tables :
remote-mine-line = { $id } : { $game }, { $status ->
    [open] en attente de joueurs
    [playing] en cours
    [finished] terminée
   *[other] annulée
}.
remote-created = La table { $id } est prête.
remote-invite = Invitation pour la place { $seat } : { $link }
remote-waiting = En attente de joueurs : { $filled ->
    [one] { $filled } place prise
   *[other] { $filled } places prises
} sur { $seats }. Tapez quit pour ne plus attendre.
remote-joined = Vous êtes assis à la place { $seat } de la table { $id }.
remote-bad-link = Ni un lien d’invitation ni un identifiant de table : { $link }
remote-new-how = Tapez new, un jeu (tyrus, tsuro ou tyranny), puis computer et un niveau (beginner, easy, medium ou hard), ou people.
remote-players = Votre prochaine table sera pour { $count ->
    [one] un joueur
   *[other] { $count } joueurs
}.
remote-players-how = Tapez players et un nombre.
remote-unknown-command = Commande inconnue. Tapez help pour voir les commandes.
remote-cannot-play = Ce terminal ne sait pas encore jouer à { $game } sur un serveur : jouez-y dans le navigateur.
remote-spectator = Vous regardez cette partie en spectateur.
remote-connection-lost = Connexion perdue, reconnexion…
remote-reconnected = Reconnecté.
remote-gave-up = Le serveur est injoignable : abandon. La partie continue là-bas ; rouvrez-la plus tard avec --table { $id }.
remote-left = Vous avez quitté la partie ; elle continue sur le serveur. Rouvrez-la avec --table { $id }.
remote-commands = Commandes : help (aide), board (plateau), hand (votre main), status (situation), history (historique), moves (vos coups permis), hint (contre l’ordinateur seulement), say TEXTE (discuter), quick (les messages rapides), quick N (en envoyer un), resign (abandonner), quit (partir ; la partie continue).
remote-hint-people = Les conseils ne sont donnés que dans les parties contre l’ordinateur.
remote-chat = Discussion : { $says }
remote-quick-list = Messages rapides (tapez quick et le numéro) : { $list }
remote-quick-which = Tapez quick et un nombre de 1 à { $count }.
remote-say-what = Tapez say et votre message.
remote-chat-guest = Les invités ne peuvent envoyer que des messages rapides (tapez quick pour les voir) ; inscrivez-vous pour écrire.
remote-chat-bad = Un message compte de 1 à 300 caractères.
remote-rate-limited = Trop à la fois : attendez un instant, puis réessayez.
remote-not-your-turn = Ce n’est pas votre tour.
remote-stale = La partie a avancé avant que votre coup n’arrive : regardez à nouveau.
remote-game-over = La partie est terminée.
remote-forbidden = Seul un joueur de cette table peut faire cela.
remote-refused = Le serveur refuse : { $message }
remote-missed-move = { $who ->
    [you] Votre coup
    [computer] Coup de l’ordinateur
   *[person] Coup de { $who-name }
} : { $move }.
# The name of a guest the server numbers ("Guest 12").
remote-guest = Invité
