# La page de table de Tsuro. Les phrases du jeu lui-même (coups, aperçus, le plateau en mots)
# viennent du tsuro.ftl d’agora-present.
tsuro-markers = Pions
tsuro-seat-tiles = { $count ->
    [one] 1 tuile
   *[other] { $count } tuiles
}
tsuro-seat-out = éliminé
tsuro-seat-unplaced = pas encore placé
tsuro-seat-dragon = a la tuile dragon
tsuro-dragon-tag = dragon
tsuro-pile = { $count ->
    [0] La pioche est vide.
    [one] Il reste 1 tuile dans la pioche.
   *[other] Il reste { $count } tuiles dans la pioche.
}
tsuro-board-label = Le plateau, 6 cases sur 6
tsuro-board-hint = Les flèches passent d’une case à l’autre ; chaque case dit ce qui s’y trouve et quels pions lui font face.
tsuro-words = Description du plateau
tsuro-start-label = Où placer votre pion
tsuro-start-hint = Choisissez un point de départ libre au bord du plateau, ou cliquez-en un sur le plateau.
tsuro-start-button = Placer mon pion
tsuro-bonus-legend = Bonus d’élimination
tsuro-bonus-hint = Vous avez éliminé d’autres pions : avant que leurs tuiles retournent dans la pioche, vous pouvez en échanger avec les vôtres.
tsuro-keep = Garder mes tuiles
tsuro-hand = { $count ->
    [one] Votre tuile
   *[other] Vos { $count } tuiles
}
tsuro-hand-tile = Tuile { $number } sur { $count }
tsuro-hand-hint = Tournez une tuile jusqu’à ce que l’aperçu vous convienne, puis posez-la sur la case devant votre pion (entourée sur le plateau).
tsuro-keys-hint = Touches : R fait pivoter la tuile active vers la droite, Maj+R vers la gauche.
tsuro-turn-left = Pivoter vers la gauche
tsuro-turn-right = Pivoter vers la droite
tsuro-lay = Poser cette tuile
tsuro-move-box-hint = Les coups s’écrivent avec des mots anglais, par exemple start c1.0 (choisir un point de départ), play 01-27-36-45 (poser une tuile), keep (garder ses tuiles) ou swap 01-23-45-67 for 02-13-46-57 (échanger).
tsuro-confirm-play = Poser cette tuile ? { $preview }
tsuro-confirm-start = Placer votre pion au point de départ « { $mark } » ?
tsuro-confirm-keep = Garder vos tuiles ?
tsuro-confirm-swap = { $choice } ?
