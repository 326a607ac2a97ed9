## agora play in the terminal. $game: the game's name; $who: computer for a lone computer
## opponent, else person with $who-name the opponents' names.

cli-intro = { $game } : vous contre { $who ->
    [computer] l’ordinateur
   *[person] { $who-name }
}. Tapez help pour voir les commandes.
cli-commands = Commandes : help (aide), board (plateau), hand (votre main), status (situation), history (historique), moves (vos coups permis), hint (ce que jouerait l’IA et pourquoi), quit (quitter).
cli-abandoned = Partie abandonnée.
cli-record = Feuille de partie (à rejouer avec agora replay) : { $record }
cli-history-empty = Il ne s’est encore rien passé.
cli-legal-moves = { $count ->
    [one] Un coup permis
   *[other] { $count } coups permis
} : { $moves }
cli-hint-own-turn = Les conseils ne sont donnés qu’à votre tour.

## Tyrus in the terminal. $owner and $who: you | computer | person; $owner-elide and
## $who-elide: yes when the name begins with a vowel sound.

cli-tyrus-notation = Un coup s’écrit <tuile> <own|opp> <citadel|market|temple> : own pour vos bâtiments, opp pour ceux de l’adversaire ; citadel est la citadelle, market le marché, temple le temple. Par exemple : S7 own citadel, ou M3 opp citadel (S soldat, M marchand, P prêtre). Tapez hint pour voir ce que jouerait l’IA.
cli-tyrus-hand = Votre main : { $groups }.
cli-tyrus-hand-empty = Votre main est vide.
# One profession's tiles in a hand: "Soldats S2, S5".
cli-tyrus-hand-group = { $profession } { $tiles }
cli-tyrus-building = { $owner ->
    [you] { $kind ->
        [citadel] Votre citadelle
        [market] Votre marché
       *[temple] Votre temple
    }
    [computer] { $kind ->
        [citadel] Citadelle de l’ordinateur
        [market] Marché de l’ordinateur
       *[temple] Temple de l’ordinateur
    }
   *[person] { $kind ->
        [citadel] Citadelle
        [market] Marché
       *[temple] Temple
    } { $owner-elide ->
        [yes] d’{ $owner-name }
       *[no] de { $owner-name }
    }
} : { $contents }.
cli-tyrus-yours = { $count ->
    [one] la vôtre
   *[other] les vôtres
} { $tiles }
cli-tyrus-face-down = { $count ->
    [one] une tuile face cachée
   *[other] { $count } tuiles face cachée
} { $who ->
    [you] à vous
    [computer] de l’ordinateur
   *[person] { $who-elide ->
        [yes] d’{ $who-name }
       *[no] de { $who-name }
    }
}
cli-tyrus-empty = vide
cli-tyrus-chart = Résultats des élections : { $entries }.
cli-tyrus-chart-empty = Résultats des élections : aucune élection dépouillée pour l’instant.
cli-tyrus-chart-entry = { $number ->
    [1] 1re
   *[other] { $number }e
} élection ({ $office-key ->
    [general] général
    [guildmaster] chef des marchands
   *[high_priest] grand prêtre
}) : { $winner ->
    [you] vous
    [computer] l’ordinateur
    [none] nulle
   *[person] { $winner-name }
}

## Tsuro in the terminal.

cli-tsuro-notation = Coups : start c1.0 pose votre pion sur un point de départ (une case du bord et un point tourné vers l’extérieur ; marks énumère en toutes lettres ceux qui sont libres) ; play 01-27-36-45 pose une tuile de votre main, tournée comme écrit, sur la case devant votre pion ; keep, ou swap <tuiles> for <tuiles>, répond au bonus d’élimination. Une tuile s’écrit par ses quatre chemins entre les points d’une case, numérotés dans le sens horaire depuis le point gauche du bord supérieur : 0 haut-gauche, 1 haut-droite, 2 droite-haut, 3 droite-bas, 4 bas-droite, 5 bas-gauche, 6 gauche-bas, 7 gauche-haut ; un quart de tour dans le sens horaire ajoute 2 à chaque point. Autres commandes : preview [N] (ce que ferait chaque tuile de votre main, ou la tuile N, dans chaque orientation), describe [case] (le plateau, ou une case, en toutes lettres), marks, hint.
cli-tsuro-no-hand = Les spectateurs n’ont pas de main.
cli-tsuro-hand-empty = Votre main est vide.
cli-tsuro-hand = Votre main : { $tiles }.
# One tile of the hand, numbered as preview numbers them.
cli-tsuro-hand-tile = { $number }. { $tile } ({ $paths })
cli-tsuro-preview-not-now = L’aperçu n’est possible que lorsque c’est à vous de poser une tuile.
cli-tsuro-preview-which = { $count ->
    [one] Votre main compte une tuile : tapez preview, ou preview 1.
   *[other] Votre main compte { $count } tuiles : tapez preview, ou preview 1 à { $count }.
}
cli-tsuro-marks-not-now = Tous les pions sont déjà placés.
# A free start mark, as typed and in words.
cli-tsuro-mark = start { $mark } : { $words }
cli-tsuro-not-square = { $square } n’est pas une case (a1 à f6).
