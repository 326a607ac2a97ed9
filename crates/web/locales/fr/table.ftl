# La table de jeu : la revanche une fois demandée, l’état de la connexion en direct.
table-rematch-accept = Accepter la revanche
table-reconnecting = Connexion perdue : reconnexion…
table-reconnected = De nouveau connecté.
# La fin d’une partie qu’aucun score n’a décidée : qui gagne, puis comment elle s’est terminée.
table-outcome-you-win = Vous gagnez. { $reason }
table-outcome-winners = { $count ->
    [one] { $names } gagne.
   *[other] { $names } gagnent.
} { $reason }
table-winner-tag = vainqueur
# Le titre de l’onglet tant qu’une partie attend votre coup.
table-tab-your-turn = ● À vous de jouer — { $title }
# À côté de « Mes parties » en tête de chaque page : combien de parties attendent votre coup.
table-games-waiting = { $count ->
    [1] une partie attend votre coup
    [one] { $count } partie attend votre coup
   *[other] { $count } parties attendent votre coup
}
# Tyranny : l’anneau dessiné plus grand, défilant à sa place, pour que ses plus petits mots soient lisibles.
table-zoom-board = Agrandir le plateau
