# Où la partie a basculé, sur la page d’une partie terminée (pages/turned.rs).
turned-heading = Où la partie a basculé
turned-waiting = { $moves ->
    [one] L’ordinateur revient sur la partie… Il a examiné { $moves } coup jusqu’ici : rechargez la page pour voir où il en est.
   *[other] L’ordinateur revient sur la partie… Il a examiné { $moves } coups jusqu’ici : rechargez la page pour voir où il en est.
}
turned-failed = L’ordinateur n’a pas pu revenir sur cette partie.
turned-explain = À chaque coup, l’ordinateur a de nouveau étudié la position telle que le joueur au trait pouvait la voir alors (jamais ce qui était caché et n’a été révélé qu’à la fin). Les lignes montrent l’estimation de l’ordinateur des chances de gagner de ce joueur, d’abord avec le coup que l’ordinateur préférait, puis avec le coup joué. C’est la part des parties simulées par l’ordinateur que le joueur a gagnées : une estimation, pas une certitude.
turned-chart-label = L’estimation de l’ordinateur des chances de chaque joueur, coup par coup
turned-legend-label = Lignes des joueurs
turned-table-summary = Les estimations, coup par coup (tableau)
turned-column-move = Coup
turned-column-player = Joueur
turned-column-played = Coup joué
turned-column-preferred = Choix de l’ordinateur
turned-column-before = Estimation avec son choix
turned-column-after = Estimation avec le coup joué
turned-turning-tag = tournant { $number }
turned-percent = { $n } %
turned-no-estimate = aucune (seul coup)
turned-points-heading = { $count ->
    [one] Le coup qui a le plus changé une chance
   *[other] Les { $count } coups qui ont le plus changé une chance
}
turned-point-heading = Coup { $number } : { $name } a joué { $move }
turned-point-change = Estimation de l’ordinateur pour { $name } : de { $before } à { $after }.
turned-point-preferred = L’ordinateur préférait { $move }.
turned-point-said = Ce que l’indice aurait dit à { $name } :
