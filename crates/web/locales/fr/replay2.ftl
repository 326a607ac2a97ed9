# Le visionneur de parties, complété : la main d’une place quand le plateau ne la montre pas.
# $name : le nom d’un joueur.
replay-own-hand = La main de { $name } à cette étape
