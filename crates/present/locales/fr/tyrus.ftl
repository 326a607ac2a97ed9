## Game words, as labels.

tyrus-office = { $office ->
    [general] Général
    [guildmaster] Maître de guilde
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
tyrus-tile-in-sentence = le { $tile }

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
    [you] Vous
    [computer] L’ordinateur
   *[person] { $who-name }
} : { $sum }
tyrus-counted = { $kind ->
    [citadel] Dépouillement des citadelles.
    [market] Dépouillement des marchés.
   *[temple] Dépouillement des temples.
} { $count }.
tyrus-won-election = { $winner ->
    [you] Vous avez remporté
    [computer] L’ordinateur a remporté
   *[person] { $winner-name } a remporté
} l’élection { $number }, celle d’un { $office ->
    [general] Général
    [guildmaster] Maître de guilde
   *[high_priest] Grand prêtre
}, { $high } à { $low }.
tyrus-null-election = L’élection { $number } est nulle, { $score } à { $score } : pas de { $office ->
    [general] Général
    [guildmaster] Maître de guilde
   *[high_priest] Grand prêtre
} cette fois.
# Tiles revealed at the count and discarded, one seat's.
tyrus-revealed = Révélées et défaussées, { $who ->
    [you] les vôtres
    [computer] celles de l’ordinateur
   *[person] celles { $who-elide ->
        [yes] d’{ $who-name }
       *[no] de { $who-name }
    }
} : { $tiles }.
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
tyrus-piles-empty = Les deux pioches sont vides : la dernière élection se joue avec les tuiles en main.
tyrus-election-begins = Élection { $number } sur 9 : un { $office ->
    [general] Général, élu par les soldats dans les citadelles
    [guildmaster] Maître de guilde, élu par les marchands dans les marchés
   *[high_priest] Grand prêtre, élu par les prêtres dans les temples
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
tyrus-end-tiebreak = Égalité de représentants, { $score } à { $score }, les mains décident : { $winner ->
    [you] vous gagnez
    [computer] l’ordinateur gagne
   *[person] { $winner-name } gagne
} avec la main la plus forte, { $high } à { $low }.
tyrus-end-draw = Partie nulle : égalité de représentants, { $score } à { $score }, et mains de même force, { $hand } à { $hand }.
# One seat's hand shown at the end: "vous : Soldat 3, Marchand 4 et Prêtre 9 (16)".
tyrus-hand-shown = { $who ->
    [you] vous
    [computer] l’ordinateur
   *[person] { $who-name }
} : { $tiles } ({ $total })
tyrus-hands-shown = Mains — { $hands }.

## The status line.

tyrus-status-election = Élection { $number } sur 9, { $office ->
    [general] Général
    [guildmaster] Maître de guilde
   *[high_priest] Grand prêtre
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
} : tuile { $tile } sur 3.
tyrus-status-over = La partie est terminée après { $count ->
    [one] une élection
   *[other] { $count } élections
}.

## The rules in brief.

tyrus-rules-1 = Tyrus se joue en neuf élections. À chacune, les deux camps placent à tour de rôle trois tuiles de leur main dans l’un des six bâtiments : votre citadelle, votre marché et votre temple, ou ceux de l’adversaire.
tyrus-rules-2 = Les soldats élisent un Général dans les citadelles, les marchands un Maître de guilde dans les marchés, les prêtres un Grand prêtre dans les temples. Chaque camp ne compte que son propre bâtiment du type élu.
tyrus-rules-3 = Votre score est celui de vos voix moins ce qui les bloque : un marchand dans le bâtiment adverse bloque les soldats, un prêtre bloque les marchands, un soldat bloque les prêtres. Vos propres tuiles du type qui bloque les bloqueurs les contrent : voix − (blocages − contres).
tyrus-rules-4 = Le score le plus élevé remporte l’élection ; à égalité, l’élection est nulle. Les tuiles des bâtiments dépouillés sont alors révélées et défaussées, et chaque camp pioche trois tuiles tant que sa pioche le permet.
tyrus-rules-5 = Trois élections remportées d’affilée, ou cinq remportées, terminent aussitôt la partie. Sinon, après neuf élections, le plus de représentants l’emporte ; à égalité, la main de trois tuiles la plus forte.
