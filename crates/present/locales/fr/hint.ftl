## Conseils : le coup que l’ordinateur jouerait pour vous, et pourquoi.

hint-headline = { $verdict ->
    [only-move] Vous n’avez qu’un coup possible :
    [hardly-matters] Ici, votre choix compte à peine. L’ordinateur jouerait :
    [every-play-loses] Ici, tout coup perd. L’ordinateur jouerait :
   *[clear] L’ordinateur jouerait :
}
hint-others = { $verdict ->
    [hardly-matters] Aussi bons : { $moves }.
   *[other] Ensuite : { $moves }.
}

## Tsuro.

hint-tsuro-start = Placez votre pion sur le point de départ : { $mark }.
hint-tsuro-play = Posez la tuile { $number } de votre main sur { $square }, { $turns ->
    [0] telle qu’elle est dans votre main
    [1] pivotée une fois vers la droite (un quart de tour dans le sens horaire)
    [2] pivotée deux fois (un demi-tour)
   *[3] pivotée une fois vers la gauche (un quart de tour dans le sens antihoraire)
}.
hint-tsuro-ends = Votre pion { $tiles ->
    [one] traverse la nouvelle tuile
   *[other] suit { $tiles } tuiles
} et s’arrête { $position }.
hint-tsuro-out = Votre pion { $tiles ->
    [one] sort du plateau par la nouvelle tuile
   *[other] suit { $tiles } tuiles et sort du plateau
} : vous êtes éliminé.
hint-tsuro-sends-off = { $count ->
    [one] Ce coup élimine { $who }.
   *[other] Ce coup élimine { $who }.
}
hint-tsuro-safe = { $safe ->
    [one] Tout autre coup vous élimine.
   *[other] { $safe } de vos { $plays } coups vous gardent sur le plateau.
}
hint-tsuro-short = { $turns ->
    [0] la tuile { $number } (telle quelle)
    [1] la tuile { $number } (pivotée une fois vers la droite)
    [2] la tuile { $number } (pivotée deux fois)
   *[3] la tuile { $number } (pivotée une fois vers la gauche)
}

## Tyrus.

hint-tyrus-place = Placez { $tile } dans { $into }.
hint-tyrus-short = { $tile } dans { $into }
hint-tyrus-role = { $role ->
    [vote] C’est une voix pour l’élection { $office ->
        [general] du général
        [guildmaster] du chef des marchands
       *[high_priest] du grand prêtre
    }, dépouillée maintenant : vos voix y passent de { $before } à { $after }.
    [block] Elle contre les voix de votre adversaire pour l’élection { $office ->
        [general] du général
        [guildmaster] du chef des marchands
       *[high_priest] du grand prêtre
    }, dépouillée maintenant : vos contres y passent de { $before } à { $after }.
    [counter] C’est un contre de contre pour vos voix à l’élection { $office ->
        [general] du général
        [guildmaster] du chef des marchands
       *[high_priest] du grand prêtre
    }, dépouillée maintenant : vos contres de contre y passent de { $before } à { $after }.
    [bluff] Elle ne compte pour rien dans ce dépouillement : un bluff, pour laisser votre adversaire dans le doute.
   *[later] Ce bâtiment n’est pas dépouillé à cette élection : la tuile y attend un dépouillement plus tard.
}
hint-tyrus-risk = { $who ->
    [computer] L’ordinateur a
   *[other] { $who-name } a
} { $count ->
    [one] une tuile face cachée
   *[other] { $count } tuiles face cachée
} dans { $kind ->
    [citadel] votre citadelle
    [market] votre marché
   *[temple] votre temple
} : chacune peut être un contre.
hint-tyrus-keeps = Vous gardez { $tiles } pour plus tard.

## Tyranny.

hint-tyranny-choice = { $choice ->
    [move] Lancez le dé et avancez.
    [capture] Lancez le dé pour prendre la propriété où se trouve votre pion.
    [pass] Finissez votre tour sans avancer.
    [cross] Passez dans l’autre ville.
    [stay] Restez dans cette ville.
    [open] Ouvrez le tunnel où se trouve votre pion.
    [collapse] Faites s’effondrer le tunnel où se trouve votre pion.
    [pay] Payez pour sortir de garde à vue.
    [escape] Lancez le dé pour vous évader de la garde à vue.
    [draw] Piochez une carte du paquet de cette case.
    [decline] Ne piochez pas de carte.
    [challenge] Défiez le pion que vous avez dépassé par un jet de prise.
    [spare] Laissez passer le pion que vous avez dépassé.
    [advance] Avancez autant que la carte Gamble le permet.
    [target] Choisissez l’adversaire qui défausse.
    [discard] Défaussez une carte : vous en avez plus que la limite de main.
   *[play] Jouez une carte de votre main.
}
