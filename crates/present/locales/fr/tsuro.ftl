## Tsuro's words. $point: 0 to 7, clockwise from a square's top edge's left point.

tsuro-colour = { $colour ->
    [red] Rouge
    [blue] Bleu
    [green] Vert
    [yellow] Jaune
    [purple] Violet
    [orange] Orange
    [sky] Bleu ciel
   *[black] Noir
}
# A seat named with its marker, mid-sentence. $who: you | computer | person.
tsuro-who-marker = { $who ->
    [you] vous
    [computer] l’ordinateur
   *[person] { $who-name }
} ({ $colour })
# A start mark: the rim's edge, the square, the point.
tsuro-start-mark = { $point ->
    [0] bord supérieur, case { $square }, point de gauche
    [1] bord supérieur, case { $square }, point de droite
    [2] bord droit, case { $square }, point du haut
    [3] bord droit, case { $square }, point du bas
    [4] bord inférieur, case { $square }, point de droite
    [5] bord inférieur, case { $square }, point de gauche
    [6] bord gauche, case { $square }, point du bas
   *[7] bord gauche, case { $square }, point du haut
}
# Which side of the square a marker faces it from, and which point of that side.
tsuro-side-point = { $point ->
    [0] côté haut, point de gauche
    [1] côté haut, point de droite
    [2] côté droit, point du haut
    [3] côté droit, point du bas
    [4] côté bas, point de droite
    [5] côté bas, point de gauche
    [6] côté gauche, point du bas
   *[7] côté gauche, point du haut
}
tsuro-position = face à { $square } ({ tsuro-side-point })
# A point of a tile, for its paths.
tsuro-point = { $point ->
    [0] haut-gauche
    [1] haut-droite
    [2] droite-haut
    [3] droite-bas
    [4] bas-droite
    [5] bas-gauche
    [6] gauche-bas
   *[7] gauche-haut
}
tsuro-path = de { $from } à { $to }

## Moves. $who, $other: you | computer | person, with $who-name and $who-marker ("Ada (Bleu)").
## $you: yes when the reader is one of the two. $tiles: tiles a marker followed.

tsuro-started = { $who ->
    [you] { $who-marker } avez pris le point de départ « { $mark } ».
   *[other] { $who-marker } a pris le point de départ « { $mark } ».
}
tsuro-laid = { $who ->
    [you] { $who-marker } avez posé une tuile sur { $square } ({ $tile }).
   *[other] { $who-marker } a posé une tuile sur { $square } ({ $tile }).
}
tsuro-moved = { $who ->
    [you] { $who-marker } avez { $tiles ->
        [one] traversé la nouvelle tuile
       *[other] suivi { $tiles } tuiles
    } et faites maintenant face à { $square } ({ $where }).
   *[other] { $who-marker } a { $tiles ->
        [one] traversé la nouvelle tuile
       *[other] suivi { $tiles } tuiles
    } et fait maintenant face à { $square } ({ $where }).
}
tsuro-left-board = { $who ->
    [you] { $who-marker } avez quitté le plateau { $tiles ->
        [one] en traversant la nouvelle tuile
       *[other] après { $tiles } tuiles
    } et êtes hors jeu.
   *[other] { $who-marker } a quitté le plateau { $tiles ->
        [one] en traversant la nouvelle tuile
       *[other] après { $tiles } tuiles
    } et est hors jeu.
}
tsuro-collided = Collision entre { $who-marker } et { $other-marker } : les deux pions sont hors jeu.
tsuro-ran-into = { $who ->
    [you] { $who-marker } avez percuté le pion { $other-colour } et êtes hors jeu.
   *[other] { $who-marker } a percuté le pion { $other-colour } et est hors jeu.
}
tsuro-bonus-yours = Bonus d’élimination : vous pouvez garder votre main, ou échanger des tuiles contre autant de tuiles des joueurs que vous venez d’éliminer : { $tiles }.
tsuro-bonus-theirs = { $who ->
    [you] Vous pouvez garder votre main ou échanger des tuiles avec celles des joueurs que vous venez d’éliminer (bonus d’élimination).
    [computer] L’ordinateur peut échanger des tuiles avec celles des joueurs qu’il vient d’éliminer (bonus d’élimination).
   *[person] { $who-name } peut échanger des tuiles avec celles des joueurs éliminés (bonus d’élimination).
}
tsuro-swapped-tiles = { $count ->
    [0] Vous avez gardé votre main.
   *[other] Vous avez donné { $given } contre { $taken }.
}
tsuro-swapped-count = { $who ->
    [computer] L’ordinateur
   *[person] { $who-name }
} { $count ->
    [0] a gardé sa main.
    [one] a échangé une tuile avec celles des joueurs éliminés.
   *[other] a échangé { $count } tuiles avec celles des joueurs éliminés.
}
tsuro-swapped-yours = { $who ->
    [computer] L’ordinateur
   *[person] { $who-name }
} vous a pris { $taken } et a mis { $given } à la place.
tsuro-shuffled = { $count ->
    [one] La tuile des joueurs éliminés a rejoint
   *[other] Les { $count } tuiles des joueurs éliminés ont rejoint
} la pioche, qui a été mélangée : elle compte { $pile ->
    [one] une tuile
   *[other] { $pile } tuiles
}.
tsuro-drew-tiles = Vous avez pioché { $tiles }.
tsuro-drew-count = { $who ->
    [you] Vous avez
    [computer] L’ordinateur a
   *[person] { $who-name } a
} pioché { $count ->
    [one] une tuile
   *[other] { $count } tuiles
}.
tsuro-dragon-taken = La pioche est vide : { $who ->
    [you] vous prenez le dragon et piocherez
    [computer] l’ordinateur prend le dragon et piochera
   *[person] { $who-name } prend le dragon et piochera
} en premier quand des tuiles reviendront.
tsuro-dragon-returned = { $who ->
    [you] Vous avez
    [computer] L’ordinateur a
   *[person] { $who-name } a
} pioché et rendu le dragon.
tsuro-dragon-unclaimed = { $who ->
    [you] Vous aviez
    [computer] L’ordinateur avait
   *[person] { $who-name } avait
} le dragon, et personne n’attend de tuile : personne ne le détient plus.
tsuro-dragon-passed = Le dragon passe { $from ->
    [you] de vous
    [computer] de l’ordinateur
   *[person] { $from-elide ->
        [yes] d’{ $from-name }
       *[no] de { $from-name }
    }
} { $to ->
    [you] à vous
    [computer] à l’ordinateur
   *[person] à { $to-name }
}.

## The end. $winners: the winners with their markers; $you: yes when the reader is one.

tsuro-end-last-marker = { $you ->
    [yes] { $winners } gagnez : votre pion est le dernier sur le plateau.
   *[no] { $winners } gagne : le dernier pion sur le plateau.
}
tsuro-end-together = { $you ->
    [yes] { $winners } avez quitté le jeu au même coup, derniers pions en lice, et partagez la victoire.
   *[no] { $winners } ont quitté le jeu au même coup, derniers pions en lice, et partagent la victoire.
}
tsuro-end-all-tiles = Toutes les tuiles sont posées : { $count ->
    [one] { $you ->
        [yes] { $winners } gagnez.
       *[no] { $winners } gagne.
    }
   *[other] { $you ->
        [yes] { $winners } partagez la victoire.
       *[no] { $winners } partagent la victoire.
    }
}

## The status line. $phase: start | play | bonus.

tsuro-status-turn = { $who ->
    [you] { $phase ->
        [start] À vous : choisissez un point de départ pour votre pion ({ $colour }) ; pions placés : { $placed } sur { $players }.
        [bonus] À vous : bonus d’élimination, gardez votre main, ou échangez des tuiles de votre main contre autant de celles-ci : { $tiles }.
       *[play] À vous : posez une tuile sur { $square }.
    }
   *[other] { $phase ->
        [start] { $who-marker } choisit un point de départ (pions placés : { $placed } sur { $players }).
        [bonus] { $who-marker } décide du bonus d’élimination.
       *[play] { $who-marker } doit poser une tuile sur { $square }.
    }
}
tsuro-status-shuffle = On mélange la pioche.
tsuro-status-markers = { $alive ->
    [one] Un pion
   *[other] { $alive } pions
} sur { $players } en jeu.
tsuro-status-pile = { $count ->
    [0] La pioche est vide.
    [one] Une tuile dans la pioche.
   *[other] { $count } tuiles dans la pioche.
}
tsuro-status-dragon = { $who ->
    [you] vous avez
    [computer] l’ordinateur a
   *[person] { $who-name } a
} le dragon.
tsuro-status-you-are-out = Votre pion est hors jeu ; vous regardez la partie.

## What a tile in hand would do. $verdict: stays | out-anyway | refused.

tsuro-preview-tile = Tuile { $number } sur { $count } de votre main, posée en { $tile } sur { $square }.
tsuro-would-move = { $who ->
    [you] { $who-marker } { $tiles ->
        [one] traverseriez la nouvelle tuile
       *[other] suivriez { $tiles } tuiles
    } et feriez face à { $square } ({ $where }).
   *[other] { $who-marker } { $tiles ->
        [one] traverserait la nouvelle tuile
       *[other] suivrait { $tiles } tuiles
    } et ferait face à { $square } ({ $where }).
}
tsuro-would-leave = { $who ->
    [you] { $who-marker } quitteriez le plateau { $tiles ->
        [one] en traversant la nouvelle tuile
       *[other] après { $tiles } tuiles
    } et seriez hors jeu.
   *[other] { $who-marker } quitterait le plateau { $tiles ->
        [one] en traversant la nouvelle tuile
       *[other] après { $tiles } tuiles
    } et serait hors jeu.
}
tsuro-would-collide = { $who ->
    [you] { $who-marker } percuteriez le pion { $other-colour } et seriez hors jeu.
   *[other] { $who-marker } percuterait le pion { $other-colour } et serait hors jeu.
}
tsuro-preview-verdict = { $verdict ->
    [stays] { $who ->
        [you] Vous resteriez sur le plateau.
       *[other] Le pion resterait sur le plateau.
    }
    [out-anyway] Tous vos coups vous éliminent : celui-ci est donc permis.
   *[refused] Interdit : vous seriez hors jeu alors que vous avez un coup sûr.
}

## The board in words. $around: what borders a square on each side.

tsuro-around = en haut : { $above ->
    [rim] le bord
    [tile] une tuile
   *[empty] vide
} ; à droite : { $right ->
    [rim] le bord
    [tile] une tuile
   *[empty] vide
} ; en bas : { $below ->
    [rim] le bord
    [tile] une tuile
   *[empty] vide
} ; à gauche : { $left ->
    [rim] le bord
    [tile] une tuile
   *[empty] vide
}
tsuro-square-tile = { $square } : { $tile }, chemins { $paths }.
tsuro-square-empty = { $square } est vide ({ $around }).
tsuro-square-faced = { $who ->
    [you] { $who-marker } lui faites face ({ $where }) : votre prochaine tuile ira ici.
   *[other] { $who-marker } lui fait face ({ $where }).
}
# $state: placed | unplaced | out.
tsuro-board-marker = { $state ->
    [placed] { $who-marker } : { $position } ; autour de { $square } : { $around }.
    [unplaced] { $who-marker } : pas encore sur le plateau.
   *[out] { $who-marker } : hors jeu.
}
tsuro-board-tiles = { $count ->
    [0] Aucune tuile n’est encore posée.
    [one] Une tuile sur le plateau :
   *[other] { $count } tuiles sur le plateau :
}

## The rules in brief.

tsuro-rules-1 = Tsuro se joue sur un plateau de 6 cases sur 6, de a1 à f6, la rangée 1 en haut. Chaque joueur a un pion au bord du plateau et trois tuiles chemin ; une tuile relie deux à deux, par quatre chemins, les huit points de ses bords.
tsuro-rules-2 = D’abord, chacun pose son pion sur un point de départ libre au bord du plateau. Ensuite, à votre tour, vous tournez une tuile de votre main comme vous voulez et la posez sur la case vide devant votre pion.
tsuro-rules-3 = Chaque pion devant cette case suit son chemin, à travers toutes les tuiles où il mène, jusqu’à faire de nouveau face à une case vide. Un pion conduit hors du plateau est hors jeu ; deux pions qui se rencontrent de front sont tous deux hors jeu. Vous ne pouvez pas vous éliminer tant que vous avez un coup sûr.
tsuro-rules-4 = Après chaque coup, les mains sont complétées depuis la pioche (à trois joueurs ou plus, qui la trouve vide prend le dragon et piochera en premier plus tard). Le dernier pion sur le plateau gagne ; les pions éliminés ensemble, ou ceux qui restent quand toutes les tuiles sont posées, partagent la victoire.
