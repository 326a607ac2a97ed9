## Game words, as labels.

tyrus-office = { $office ->
    [general] Général
    [guildmaster] Chef des marchands
   *[high_priest] Grand prêtre
}
tyrus-building = { $kind ->
    [citadel] Citadelle
    [market] Marché
   *[temple] Temple
}
tyrus-profession = { $profession ->
    [soldier] { $count ->
        [one] Soldat
       *[other] Soldats
    }
    [merchant] { $count ->
        [one] Marchand
       *[other] Marchands
    }
   *[priest] { $count ->
        [one] Prêtre
       *[other] Prêtres
    }
}
tyrus-tile = { $profession ->
    [soldier] Soldat { $value }
    [merchant] Marchand { $value }
   *[priest] Prêtre { $value }
}
tyrus-face-down = une tuile face cachée
# A tile named in a sentence.
tyrus-tile-in-sentence = la tuile { $tile }

## Placements. $mover and $owner: you | computer | person; $owner is own when the mover
## placed into its own building. $kind: citadel | market | temple. $tile: a tile's name or
## tyrus-face-down. $owner-elide: yes when the name begins with a vowel sound.

tyrus-into = { $owner ->
    [you] { $kind ->
        [citadel] votre citadelle
        [market] votre marché
       *[temple] votre temple
    }
    [own] { $kind ->
        [citadel] sa propre citadelle
        [market] son propre marché
       *[temple] son propre temple
    }
    [computer] { $kind ->
        [citadel] la citadelle de l’ordinateur
        [market] le marché de l’ordinateur
       *[temple] le temple de l’ordinateur
    }
   *[person] { $kind ->
        [citadel] la citadelle
        [market] le marché
       *[temple] le temple
    } { $owner-elide ->
        [yes] d’{ $owner-name }
       *[no] de { $owner-name }
    }
}
tyrus-placed = { $mover ->
    [you] Vous avez placé { $tile } dans { $into }.
    [computer] L’ordinateur a placé { $tile } dans { $into }.
   *[person] { $mover-name } a placé { $tile } dans { $into }.
}

## The count of an election.

# One side's count, a label and its arithmetic: "Vous : 18 − 7 = 11".
tyrus-count-side = { $who ->
    [you] vous
    [computer] l’ordinateur
   *[person] { $who-name }
} : { $sum }
tyrus-counted = { $kind ->
    [citadel] Dépouillement des citadelles.
    [market] Dépouillement des marchés.
   *[temple] Dépouillement des temples.
} { $count }.
tyrus-won-election = { $winner ->
    [you] Vous avez remporté
    [computer] L’ordinateur a remporté
   *[person] { $winner-name } a remporté
} la { $number ->
    [1] 1re
   *[other] { $number }e
} élection ({ $office ->
    [general] général
    [guildmaster] chef des marchands
   *[high_priest] grand prêtre
}), { $high } à { $low }.
tyrus-null-election = La { $number ->
    [1] 1re
   *[other] { $number }e
} élection est nulle ({ $score } à { $score }) : pas de { $office ->
    [general] général
    [guildmaster] chef des marchands
   *[high_priest] grand prêtre
} cette fois.
# Tiles revealed at the count and discarded, one seat's.
tyrus-revealed = { $count ->
    [one] Tuile révélée et défaussée
   *[other] Tuiles révélées et défaussées
}, { $who ->
    [you] { $count ->
        [one] la vôtre
       *[other] les vôtres
    }
    [computer] { $count ->
        [one] celle de l’ordinateur
       *[other] celles de l’ordinateur
    }
   *[person] { $count ->
        [one] celle
       *[other] celles
    } { $who-elide ->
        [yes] d’{ $who-name }
       *[no] de { $who-name }
    }
} : { $tiles }.
tyrus-revealed-none = Aucune tuile dans les { $kind ->
    [citadel] citadelles
    [market] marchés
   *[temple] temples
}.
tyrus-drew-tiles = Vous avez pioché { $count ->
    [one] la tuile
   *[other] les tuiles
} { $tiles }.
tyrus-drew-count = { $who ->
    [you] Vous avez pioché
    [computer] L’ordinateur a pioché
   *[person] { $who-name } a pioché
} { $count ->
    [one] une tuile
   *[other] { $count } tuiles
}.
tyrus-piles-empty = Les deux pioches sont vides : la dernière élection se joue avec les tuiles en main.
tyrus-election-begins = Élection { $number } sur 9 : un { $office ->
    [general] général, élu par les soldats dans les citadelles
    [guildmaster] chef des marchands, élu par les marchands dans les marchés
   *[high_priest] grand prêtre, élu par les prêtres dans les temples
}.

## The end.

tyrus-end-three-in-a-row = { $winner ->
    [you] Vous gagnez
    [computer] L’ordinateur gagne
   *[person] { $winner-name } gagne
} avec trois élections remportées d’affilée.
tyrus-end-five-elections = { $winner ->
    [you] Vous gagnez
    [computer] L’ordinateur gagne
   *[person] { $winner-name } gagne
} avec cinq élections remportées.
tyrus-end-majority = { $winner ->
    [you] Vous gagnez
    [computer] L’ordinateur gagne
   *[person] { $winner-name } gagne
} avec plus de représentants après neuf élections, { $high } à { $low }.
tyrus-end-tiebreak = Égalité de représentants ({ $score } à { $score }) : les trois tuiles restantes départagent. { $winner ->
    [you] Vous gagnez
    [computer] L’ordinateur gagne
   *[person] { $winner-name } gagne
}, { $high } à { $low }.
tyrus-end-draw = Match nul : égalité de représentants ({ $score } à { $score }) et des trois tuiles restantes ({ $hand } à { $hand }).
# One seat's hand shown at the end: "vous : Soldat 3, Marchand 4 et Prêtre 9 (16)".
tyrus-hand-shown = { $who ->
    [you] vous
    [computer] l’ordinateur
   *[person] { $who-name }
} : { $tiles } ({ $total })
tyrus-hands-shown = Tuiles restantes — { $hands }.

## The status line.

tyrus-status-election = Élection { $number } sur 9 : { $office ->
    [general] général
    [guildmaster] chef des marchands
   *[high_priest] grand prêtre
}.
tyrus-status-lead = { $leader ->
    [you] Vous menez
    [computer] L’ordinateur mène
   *[person] { $leader-name } mène
} { $high } à { $low }.
tyrus-status-tied = Égalité, { $score } à { $score }.
tyrus-status-no-representative = Aucun représentant élu pour l’instant.
tyrus-status-turn = { $mover ->
    [you] À vous de jouer
    [computer] À l’ordinateur de jouer
   *[person] À { $mover-name } de jouer
} : tuile { $tile } sur 3.
tyrus-status-over = La partie est terminée après { $count ->
    [one] une élection
   *[other] { $count } élections
}.

## The rules in brief.

tyrus-rules-1 = Tyrus se joue en neuf élections. À chacune, les deux camps placent à tour de rôle trois tuiles de leur main dans l’un des six bâtiments : votre citadelle, votre marché et votre temple, ou ceux de l’adversaire.
tyrus-rules-2 = Les soldats élisent un général dans les citadelles, les marchands un chef des marchands dans les marchés, les prêtres un grand prêtre dans les temples. Chaque camp ne compte que les voix de son propre bâtiment concerné.
tyrus-rules-3 = Votre score est celui de vos voix moins les contres de l’adversaire : un marchand qu’il pose dans votre citadelle neutralise un de vos soldats, un prêtre dans votre marché un marchand, un soldat dans votre temple un prêtre. Vos propres tuiles posées dans le même bâtiment neutralisent ses contres selon la même règle (contre de contre) : voix − (contres − contres de contre).
tyrus-rules-4 = Le score le plus élevé remporte l’élection ; à égalité, l’élection est nulle. Les tuiles des bâtiments dépouillés sont alors révélées et défaussées, et chaque camp pioche trois tuiles tant que sa pioche le permet.
tyrus-rules-5 = Trois élections remportées d’affilée, ou cinq remportées, terminent aussitôt la partie. Sinon, après neuf élections, celui qui a le plus de représentants l’emporte ; en cas d’égalité, celui dont les trois tuiles restantes valent le plus.
