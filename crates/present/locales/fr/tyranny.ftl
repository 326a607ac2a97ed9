## Tyranny's words, as labels.

# $piece: cop1 | crim1 | cop2 | crim2
tyranny-piece = { $piece ->
    [cop1] Flic 1
    [cop2] Flic 2
    [crim1] Truand 1
   *[crim2] Truand 2
}
# A faction mid-sentence. $faction: cops | criminals
tyranny-faction = { $faction ->
    [cops] les flics
   *[criminals] les truands
}
# A tile's own name. $kind: police_station | hideout | gamble | gains | tunnel | a
# property's or safe zone's name made lowercase with dashes; $name: that name as the board
# file writes it, for names this file does not know; $tunnel: the tunnel's letter.
tyranny-place = { $kind ->
    [police_station] Commissariat
    [hideout] Planque
    [gamble] Gamble
    [gains] Gains
    [tunnel] Tunnel { $tunnel }
    [rail-yard] Gare de triage
    [fish-market] Marché aux poissons
    [pawn-shop] Mont-de-piété
    [tenements] Taudis
    [cathedral-square] Parvis de la cathédrale
    [laundromat] Laverie
    [scrapyard] Casse
    [night-market] Marché de nuit
    [dockside-warehouse] Entrepôt des docks
    [bus-depot] Dépôt de bus
    [soup-kitchen] Soupe populaire
    [print-shop] Imprimerie
    [free-clinic] Dispensaire
    [gasworks] Usine à gaz
    [arcade] Salle de jeux
    [junk-alley] Ruelle des ferrailleurs
    [city-hall] Hôtel de ville
    [central-bank] Banque centrale
    [broadcast-tower] Tour de radio
    [stock-exchange] Bourse
    [courthouse] Palais de justice
    [power-plant] Centrale électrique
   *[other] { $name }
}
# A tile in a sentence, after "la": its code and its name.
tyranny-tile = case { $code } ({ $name })
tyranny-tier = { $tier ->
    [outer] ville extérieure
   *[inner] ville intérieure
}
# A card's name; the deck names are the game's, as typed in moves.
tyranny-card = { $deck ->
    [gamble] Gamble { $number }
   *[gains] Gains { $number }
}
# Die faces: "6", "2 à 6", "1, 3 et 5" (the list is built before).
tyranny-faces-range = { $low } à { $high }
# The last two of several die faces, any of which will do.
tyranny-faces-or = { $init } ou { $last }

## What each card half does, in the third person so that it reads the same in a hand and in
## a story. The cops' half first.

tyranny-card-gamble-1-cops = les truands perdent 100 d’influence
tyranny-card-gamble-1-criminals = les truands gagnent 100 d’influence
tyranny-card-gamble-2-cops = les truands gagnent 100 d’influence
tyranny-card-gamble-2-criminals = les truands perdent 100 d’influence
tyranny-card-gamble-3-cops = la prochaine arrestation faite par les flics de cette place est sans issue, ni caution ni évasion ; le truand reste 3 tours en garde à vue
tyranny-card-gamble-3-criminals = la prochaine fois qu’un truand de cette place est arrêté, il s’échappe aussitôt vers la Planque
tyranny-card-gamble-4-cops = le flic va au Commissariat de l’autre ville
tyranny-card-gamble-4-criminals = le truand va à la Planque de l’autre ville
tyranny-card-gamble-5-cops = le flic est enlevé, conduit à la Planque de cette ville, et passe un tour
tyranny-card-gamble-5-criminals = le truand est retenu au Commissariat de cette ville et passe un tour
tyranny-card-gamble-6-cops = le pion avance de 1 à 6 cases, au choix de son joueur
tyranny-card-gamble-6-criminals = le pion avance de 1 à 6 cases, au choix de son joueur
tyranny-card-gamble-7-cops = au début d’un tour, le pion passe sur la case d’en face dans l’autre ville
tyranny-card-gamble-7-criminals = au début d’un tour, le pion passe sur la case d’en face dans l’autre ville
tyranny-card-gamble-8-cops = on lance le dé et le pion avance d’autant de cases
tyranny-card-gamble-8-criminals = on lance le dé et le pion avance d’autant de cases
tyranny-card-gamble-9-cops = les truands gagnent 20 % de leur influence
tyranny-card-gamble-9-criminals = les truands perdent 20 % de leur influence
tyranny-card-gamble-10-cops = le pion passe son prochain tour
tyranny-card-gamble-10-criminals = le pion passe son prochain tour
tyranny-card-gains-1-cops = à jouer avant un jet de prise ; si le premier jet ne donne pas la propriété aux flics, un second jet est accordé
tyranny-card-gains-1-criminals = à jouer avant un jet de prise ; si le premier jet ne donne pas la propriété aux truands, un second jet est accordé
tyranny-card-gains-2-cops = à jouer avant un jet de prise ; les jets de prise de ce tour réussissent alors sur 1 à 3
tyranny-card-gains-2-criminals = à jouer avant un jet de prise ; les jets de prise de ce tour réussissent alors sur 1 à 3
tyranny-card-gains-3-cops = les flics s’emparent de la propriété la plus proche devant eux qui n’est pas à eux
tyranny-card-gains-3-criminals = les truands s’emparent de la propriété la plus proche devant eux qui n’est pas à eux
tyranny-card-gains-4-cops = la propriété des truands la plus proche devant le pion redevient neutre
tyranny-card-gains-4-criminals = la propriété des flics la plus proche devant le pion redevient neutre
tyranny-card-gains-5-cops = un adversaire choisi par celui qui pioche défausse une carte tirée à l’aveugle de sa main
tyranny-card-gains-5-criminals = un adversaire choisi par celui qui pioche défausse une carte tirée à l’aveugle de sa main
tyranny-card-gains-6-cops = désigne une face du dé qu’un truand arrêté doit obtenir pour s’évader ; il ne peut plus payer sa caution
tyranny-card-gains-6-criminals = à jouer en garde à vue ; le pion s’évade sur 2 à 6 au lieu de 6
tyranny-card-gains-7-cops = ouvre n’importe quel tunnel ou le fait s’effondrer, gratuitement
tyranny-card-gains-7-criminals = ouvre n’importe quel tunnel ou le fait s’effondrer, gratuitement
tyranny-card-gains-8-cops = les truands perdent 50 % de leur influence
tyranny-card-gains-8-criminals = les truands gagnent 50 % de leur influence
tyranny-card-gains-9-cops = les truands perdent 500 d’influence
tyranny-card-gains-9-criminals = les truands gagnent 500 d’influence
tyranny-card-gains-10-cops = au début d’un tour, vole une carte tirée à l’aveugle dans la main d’un adversaire
tyranny-card-gains-10-criminals = au début d’un tour, vole une carte tirée à l’aveugle dans la main d’un adversaire
# A card with the half read: "Gains 8, côté truands : les truands gagnent 50 % de leur influence".
tyranny-card-with-text = { $card }, { $faction ->
    [cops] côté flics
   *[criminals] côté truands
} : { $text }

## Moves, as the seat that made them. $who: you | computer | person; $piece: a piece's
## label; $tile: a tile's label (after "la").

tyranny-go = { $who ->
    [you] Vous lancez
    [computer] L’ordinateur lance
   *[person] { $who-name } lance
} le dé pour déplacer { $piece }.
tyranny-capture = { $who ->
    [you] Vous lancez
    [computer] L’ordinateur lance
   *[person] { $who-name } lance
} le dé pour que { $piece } prenne la { $tile }, qui demande { $faces }.
tyranny-pass = { $who ->
    [you] Vous passez
    [computer] L’ordinateur passe
   *[person] { $who-name } passe
} avec { $piece }.
tyranny-stay = { $piece } reste sur la { $tile }.
tyranny-escape = { $who ->
    [you] Vous lancez
    [computer] L’ordinateur lance
   *[person] { $who-name } lance
} le dé pour que { $piece } s’évade, ce qui demande { $faces }.
tyranny-draw = { $who ->
    [you] Vous piochez
    [computer] L’ordinateur pioche
   *[person] { $who-name } pioche
} une carte { $deck ->
    [gamble] Gamble
   *[gains] Gains
} pour { $piece }.
tyranny-decline = { $who ->
    [you] Vous ne piochez
    [computer] L’ordinateur ne pioche
   *[person] { $who-name } ne pioche
} pas de carte pour { $piece }.
tyranny-challenge = { $piece } défie { $target }, qui s’échappe sur { $faces }.
tyranny-advance = { $who ->
    [you] Vous avancez
    [computer] L’ordinateur avance
   *[person] { $who-name } avance
} { $piece } { $count ->
    [one] d’une case
   *[other] de { $count } cases
} avec Gamble 6.
tyranny-target = { $victim ->
    [you] { $who ->
        [computer] L’ordinateur vous fait
       *[person] { $who-name } vous fait
    } défausser une carte tirée à l’aveugle (Gains 5).
   *[other] { $who ->
        [you] Vous faites
        [computer] L’ordinateur fait
       *[person] { $who-name } fait
    } défausser une carte tirée à l’aveugle { $victim ->
        [computer] à l’ordinateur
       *[person] à { $victim-name }
    } (Gains 5).
}
tyranny-play = { $who ->
    [you] Vous jouez
    [computer] L’ordinateur joue
   *[person] { $who-name } joue
} { $card } pour { $piece } : { $text }.
tyranny-play-fix-escape = { $who ->
    [you] Vous jouez
    [computer] L’ordinateur joue
   *[person] { $who-name } joue
} Gains 6 contre { $target } : il ne s’évade plus que sur un { $number } et ne peut plus payer sa caution.
tyranny-play-tunnel = { $who ->
    [you] Vous jouez
    [computer] L’ordinateur joue
   *[person] { $who-name } joue
} Gains 7 sur le tunnel { $tunnel }.
tyranny-play-steal = { $who ->
    [you] Vous jouez
    [computer] L’ordinateur joue
   *[person] { $who-name } joue
} Gains 10 pour { $victim ->
    [you] vous voler une carte
    [computer] voler une carte à l’ordinateur
   *[person] voler une carte à { $victim-name }
}.

## What happened. $piece, $target, $by: pieces' labels.

# $purpose: move | card_move | capture | escape | challenge
tyranny-rolled = Le dé indique { $face }{ $purpose ->
    [move] {"\u202F: "}{ $piece } avance.
    [card_move] {" "}pour Gamble 8 : { $piece } avance d’autant de cases.
    [capture] {" "}pour la prise de la { $tile }, qui demande { $faces }.
    [escape] {" "}pour l’évasion de { $piece }, qui demande { $faces }.
   *[challenge] {" "}pour le défi lancé à { $target }, qui s’échappe sur { $faces }.
}
tyranny-moved = { $piece } avance { $count ->
    [one] d’une case
   *[other] de { $count } cases
}, de la { $from } à la { $to }.
tyranny-relocated = { $card } : { $piece } va sur la { $to }.
tyranny-crossed = { $piece } change de ville et passe sur la { $to }.
tyranny-arrested = { $by } arrête { $piece }, gardé à vue au Commissariat.
tyranny-kidnapped = { $by } enlève { $piece }, retenu à la Planque.
tyranny-got-away = { $piece } échappe à { $by }.
tyranny-spared = { $by } laisse passer { $piece } sans le défier.
tyranny-escaped-by-card = Gamble 3 : { $piece } échappe aussitôt à l’arrestation et revient sur la { $tile }.
tyranny-sentenced = Gamble 3 : { $piece } ne peut pas échapper à cette arrestation et reste { $count ->
    [one] { $count } tour
   *[other] { $count } tours
} en garde à vue.
tyranny-cards-cancelled = Les deux cartes Gamble 3 ont été jouées à l’arrestation de { $piece } et s’annulent : une arrestation ordinaire.
tyranny-released = { $how ->
    [paid] { $piece } paie sa caution et revient sur la { $tile }.
    [rolled] { $piece } s’évade et revient sur la { $tile }.
   *[served] { $piece } a purgé sa garde à vue et est relâché sur la { $tile }.
}
tyranny-still-in-custody = { $piece } reste en garde à vue.
tyranny-escape-changed = { $piece } s’évade désormais sur { $faces }{ $pay ->
    [yes] .
   *[no] {""} et ne peut plus payer sa caution.
}
tyranny-taken = { $faction ->
    [cops] Les flics s’emparent
   *[criminals] Les truands s’emparent
} de la { $tile }.
tyranny-neutral = La { $tile } redevient neutre.
tyranny-capture-failed = La prise de la { $tile } échoue.
# $sign: + or −; $amount: the change; $cause: tyranny-cause-*
tyranny-influence = Influence { $before } → { $after } ({ $sign }{ $amount }) : { $cause }.
tyranny-cause-landed = { $piece } est arrivé sur la { $tile }, { $faction ->
    [cops] propriété des flics
   *[criminals] propriété des truands
}
tyranny-cause-card = { $card }
tyranny-cause-tunnel = { $faction ->
    [cops] ce que les flics dépensent pour le tunnel { $tunnel } revient aux truands
   *[criminals] les truands paient le tunnel { $tunnel }
}
tyranny-cause-bail = { $faction ->
    [cops] la caution de { $piece } revient aux truands
   *[criminals] les truands paient la caution de { $piece }
}
# A card drawn. $card: tyranny-card-with-text.
tyranny-drew-now = { $who ->
    [you] Vous piochez
    [computer] L’ordinateur pioche
   *[person] { $who-name } pioche
} { $card }.
tyranny-drew-kept = { $who ->
    [you] Vous piochez et gardez
    [computer] L’ordinateur pioche et garde
   *[person] { $who-name } pioche et garde
} { $card }.
tyranny-drew-hidden = { $who ->
    [computer] L’ordinateur pioche
   *[person] { $who-name } pioche
} une carte { $deck ->
    [gamble] Gamble
   *[gains] Gains
} et la garde face cachée.
tyranny-played-card = { $who ->
    [you] Vous jouez
    [computer] L’ordinateur joue
   *[person] { $who-name } joue
} { $card }.
tyranny-discarded = { $who ->
    [you] Vous défaussez
    [computer] L’ordinateur défausse
   *[person] { $who-name } défausse
} { $card }{ $why ->
    [limit] {""} pour respecter la limite de main.
    [blind] , tirée à l’aveugle de la main.
   *[other] .
}
tyranny-stolen-by-you = Vous volez { $card } { $victim ->
    [computer] à l’ordinateur
   *[person] à { $victim-name }
}.
tyranny-stolen-from-you = { $thief ->
    [computer] L’ordinateur vous vole
   *[person] { $thief-name } vous vole
} { $card }.
tyranny-stolen = { $thief ->
    [computer] L’ordinateur vole
   *[person] { $thief-name } vole
} une carte { $victim ->
    [computer] à l’ordinateur
   *[person] à { $victim-name }
}, sans qu’on la voie.
tyranny-tunnel-opened = { $piece } ouvre le tunnel { $tunnel } ({ $ends }).
tyranny-tunnel-collapsed = { $piece } fait s’effondrer le tunnel { $tunnel } ({ $ends }).
tyranny-will-miss = { $piece } passera son prochain tour.
tyranny-missed = { $piece } passe ce tour.
tyranny-served = { $piece } passe un tour en garde à vue ; { $count ->
    [one] encore un
   *[other] encore { $count }
}.
tyranny-reshuffled = La défausse { $deck ->
    [gamble] Gamble
   *[gains] Gains
} est mélangée pour refaire la pioche.
tyranny-nothing = { $card } n’a rien sur quoi agir.
tyranny-turn = { $who ->
    [you] À vous de jouer
    [computer] À l’ordinateur de jouer
   *[person] À { $who-name } de jouer
} avec { $piece }.

## The end. $reason as the engine names it; $side: won | lost | none for the reader.

tyranny-end = { $reason ->
    [criminals_held_1000] Les truands gagnent : l’influence est restée à 1 000 ou plus pendant trois tours des flics.
    [cops_held_zero] Les flics gagnent : l’influence est restée à 0 pendant trois tours des truands.
    [time_limit_criminals_ahead] Après 50 manches, l’influence est à { $influence }, au-dessus de 500 : les truands gagnent.
    [time_limit_cops_ahead] Après 50 manches, l’influence est à { $influence }, au-dessous de 500 : les flics gagnent.
   *[time_limit_draw] Après 50 manches, l’influence est revenue à 500 : match nul.
}{ $side ->
    [won] {" "}Votre camp gagne.
    [lost] {" "}Votre camp perd.
   *[none] {""}
}

## The board and the table.

tyranny-status-influence = Influence { $influence } : les truands gagnent s’ils la maintiennent à 1 000 ou plus, les flics s’ils la maintiennent à 0.
tyranny-status-high = À 1 000 ou plus depuis { $count ->
    [one] { $count } tour
   *[other] { $count } tours
} des flics sur 3.
tyranny-status-zero = À 0 depuis { $count } des 3 tours des truands.
tyranny-status-turn = Tour { $turn } sur { $limit }, manche { $round } sur 50 : { $who ->
    [you] à vous de jouer
    [computer] à l’ordinateur de jouer
   *[person] à { $who-name } de jouer
} avec { $piece }{ $waiting ->
    [start] .
    [custody] , en garde à vue : payer ou s’évader.
    [challenge] , qui a dépassé { $target } : le défier ou l’épargner.
    [draw] {""} : piocher une carte ou refuser.
    [advance] {""} : Gamble 6, avancer de 1 à 6 cases.
    [target] {""} : Gains 5, choisir l’adversaire qui défausse.
    [discard] {""} : trop de cartes, en défausser une.
    [cross] {""} : passer dans l’autre ville ou rester.
   *[chance] .
}
# One seat's hand size in the status line.
tyranny-status-hand = { $who ->
    [you] vous { $count ->
        [0] n’avez aucune carte
        [one] avez une carte
       *[other] avez { $count } cartes
    }
    [computer] l’ordinateur { $count ->
        [0] n’a aucune carte
        [one] a une carte
       *[other] a { $count } cartes
    }
   *[person] { $who-name } { $count ->
        [0] n’a aucune carte
        [one] a une carte
       *[other] a { $count } cartes
    }
} en main
tyranny-status-hands = { $hands }.
tyranny-status-over = La partie est finie après { $turns ->
    [one] { $turns } tour
   *[other] { $turns } tours
} ; l’influence est à { $influence }.
# A piece's line on the board. $seat: the commanding seat's role.
tyranny-piece-at = { $piece } ({ $seat ->
    [you] à vous
    [computer] à l’ordinateur
   *[person] à { $seat-name }
}, { $faction ->
    [cops] flics
   *[criminals] truands
}) est sur la { $tile }, { $tier }{ $misses ->
    [0] .
   *[other] {""} ; il passera son prochain tour.
}
tyranny-piece-held = { $piece } ({ $seat ->
    [you] à vous
    [computer] à l’ordinateur
   *[person] à { $seat-name }
}, { $faction ->
    [cops] flics
   *[criminals] truands
}) est en garde à vue sur la { $tile } : { $sentence ->
    [0] il s’évade sur { $faces }{ $pay ->
        [yes] {""} ou en payant 200.
       *[no] {""} et ne peut pas payer.
    }
   *[other] il ne peut pas s’échapper et reste encore { $sentence ->
        [one] { $sentence } tour
       *[other] { $sentence } tours
    }.
}
tyranny-loop = { $tier ->
    [outer] La ville extérieure, { $count ->
        [one] { $count } case
       *[other] { $count } cases
    } dans le sens horaire :
   *[inner] La ville intérieure, { $count ->
        [one] { $count } case
       *[other] { $count } cases
    } dans le sens horaire :
}
# A tile's line. $what: what the tile is; $owner and $pieces may be empty.
tyranny-tile-line = { $code } { $name } : { $what }{ $owner }{ $pieces }.
tyranny-tile-property = propriété de valeur { $influence }, prise sur { $faces }
tyranny-tile-owner = { $owner ->
    [cops] , aux flics
    [criminals] , aux truands
   *[none] , neutre
}
tyranny-tile-home = { $faction ->
    [cops] base des flics : ils y sont à l’abri et passent d’ici à { $other }
   *[criminals] base des truands : ils y sont à l’abri et passent d’ici à { $other }
}
tyranny-tile-safe = zone sûre : personne n’y est arrêté
tyranny-tile-deck = { $deck ->
    [gamble] qui s’arrête ici pioche une carte Gamble
   *[gains] qui s’arrête ici pioche une carte Gains
}
tyranny-tile-tunnel = entrée du tunnel { $tunnel } vers { $other }, { $open ->
    [yes] ouvert
   *[no] effondré
}
tyranny-tile-pieces = {"\u202F; "}ici : { $pieces }
tyranny-tunnel-line = Le tunnel { $tunnel } relie { $outer } et { $inner } : { $open ->
    [yes] ouvert ; le faire s’effondrer coûte { $cost }.
   *[no] effondré ; l’ouvrir coûte { $cost }.
}
tyranny-cards-line = Pioches : { $gamble ->
    [one] { $gamble } carte Gamble
   *[other] { $gamble } cartes Gamble
} et { $gains ->
    [one] { $gains } carte Gains
   *[other] { $gains } cartes Gains
} ; défaussées : { $gamble-discards ->
    [one] { $gamble-discards } carte Gamble
   *[other] { $gamble-discards } cartes Gamble
} et { $gains-discards ->
    [one] { $gains-discards } carte Gains
   *[other] { $gains-discards } cartes Gains
}.
tyranny-discards-line = Face visible dans la défausse : { $cards }.
tyranny-hand-empty = Votre main est vide.
tyranny-hand-none = Les spectateurs n’ont pas de main.
tyranny-hand-card = { $card } : { $text }.
tyranny-no-tile = « { $code } » n’est pas une case : la ville extérieure va de O0 à O27, la ville intérieure de I0 à I13.

## The rules in brief.

tyranny-rules-1 = Tyranny : les flics contre les truands, dans une ville de deux anneaux. Un seul nombre décide de la partie, l’influence des truands, qui commence à 500.
tyranny-rules-2 = Les truands gagnent si l’influence est encore à 1 000 ou plus après trois tours des flics ; les flics si elle est encore à 0 après trois tours des truands. Après 50 manches, le camp vers lequel penche l’influence gagne.
tyranny-rules-3 = À son tour, un pion peut changer de ville à sa base ou à un tunnel ouvert, ouvrir un tunnel ou le faire s’effondrer et jouer des cartes gardées ; puis il avance (un jet de dé), tente de prendre la propriété où il se trouve, ou passe.
tyranny-rules-4 = S’arrêter sur une propriété de son camp déplace l’influence de sa valeur, vers le haut pour les truands, vers le bas pour les flics. S’arrêter sur un pion adverse le capture ; en dépasser un permet de le défier. Les cases Gamble et Gains font piocher.
tyranny-rules-5 = Les coups s’écrivent en anglais : move, capture, pass, cross, stay, draw, decline, pay, escape, challenge crim1 2-4, spare crim1, open tunnel A, play gains 7 tunnel B, target seat 1, discard gains 7. Tapez moves pour vos coups permis, describe pour le plateau, describe O5 pour une case.

# Short words drawn on the board picture. $kind: neutral | cops | criminals | police |
# hideout | safe | tunnel | open | closed | influence | streak-cops | streak-criminals
tyranny-mark = { $kind ->
    [neutral] neutre
    [cops] FLICS
    [criminals] TRUANDS
    [police] POLICE
    [hideout] PLANQUE
    [safe] ABRI
    [tunnel] TUNNEL
    [open] ouvert
    [closed] fermé
    [influence] Influence
    [streak-cops] Flics à 0
    [streak-criminals] Truands à 1 000
   *[other] { $kind }
}
