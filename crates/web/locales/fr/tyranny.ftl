# The Tyranny table page. The game's own sentences (moves, rolls, the board in words) come
# from agora-present's tyranny.ftl.
tyranny-last-roll = Dernier lancer :
tyranny-stolen-label = On vous a volé :
tyranny-choices = Vos choix
tyranny-group-cards = Cartes à jouer d’abord
tyranny-group-move = Avancer, prendre une case ou passer
tyranny-group-challenge = Un pion dépassé : le défier ou le laisser filer
tyranny-group-custody = En garde à vue : payer ou lancer le dé pour sortir
tyranny-group-tunnels = Tunnels à ouvrir ou à faire s’effondrer
tyranny-group-draw = Piocher une carte ?
tyranny-group-target = Qui défausse une carte
tyranny-group-discard = Au-delà de votre limite de main : défaussez une carte
tyranny-group-other = Autres coups
tyranny-choice-go = Lancer le dé et avancer
tyranny-choice-capture = Lancer le dé pour prendre la { $tile } (réussit sur { $faces })
tyranny-choice-pass = Passer : finir le tour sans avancer
tyranny-choice-cross = Passer de l’autre côté, sur la { $tile }
tyranny-choice-stay = Rester sur la { $tile }
tyranny-choice-advance = { $count ->
    [one] Avancer d’une case
   *[other] Avancer de { $count } cases
}
tyranny-choice-tunnel = { $action ->
    [open] Ouvrir le tunnel { $tunnel } (coûte { $cost } d’influence)
   *[collapse] Faire s’effondrer le tunnel { $tunnel } (coûte { $cost } d’influence)
}
tyranny-choice-pay = Payer { $amount } d’influence pour sortir de garde à vue
tyranny-choice-escape = Lancer le dé pour s’évader (sort sur { $faces })
tyranny-choice-draw = { $deck ->
    [gamble] Piocher une carte Gamble
   *[gains] Piocher une carte Gains
}
tyranny-choice-decline = Ne pas piocher
tyranny-choice-challenge = Défier { $target } : s’échappe sur { $faces }
tyranny-choice-spare = Laisser filer { $target }
tyranny-choice-target = Faire défausser à { $who } une carte tirée à l’aveugle
tyranny-choice-discard = Défausser { $card } ({ $text })
tyranny-choice-play = Jouer { $card } : { $text }
tyranny-choice-fix = { $target } doit faire { $number } pour s’évader et ne peut plus payer
tyranny-choice-free-tunnel = { $action ->
    [open] ouvrir le tunnel { $tunnel } gratuitement
   *[collapse] faire s’effondrer le tunnel { $tunnel } gratuitement
}
tyranny-choice-steal = voler une carte tirée à l’aveugle chez { $who }
tyranny-hand-title = { $faction ->
    [cops] { $count ->
        [0] Vos cartes (flics) : aucune
        [one] Votre carte (flics)
       *[other] Vos { $count } cartes (flics)
    }
   *[criminals] { $count ->
        [0] Vos cartes (truands) : aucune
        [one] Votre carte (truands)
       *[other] Vos { $count } cartes (truands)
    }
}
tyranny-no-cards = Vous n’avez aucune carte. Arrêtez-vous sur une case Gamble ou Gains pour en piocher une.
tyranny-seats = Joueurs et camps
tyranny-seat-details = { $faction ->
    [cops] les flics : { $pieces }
   *[criminals] les truands : { $pieces }
} · { $count ->
    [one] 1 carte
   *[other] { $count } cartes
}
# The reader's own cards that a seat stole and has not shown since (Gains 10).
tyranny-seat-known = détient { $count ->
    [one] votre carte { $cards }
   *[other] vos cartes { $cards }
}
tyranny-decks = Pioches : encore { $gamble ->
    [one] { $gamble } carte Gamble
   *[other] { $gamble } cartes Gamble
} et { $gains ->
    [one] { $gains } carte Gains
   *[other] { $gains } cartes Gains
}.
tyranny-key = Légende du plateau
tyranny-key-cops = aux flics (bleu, rayé)
tyranny-key-criminals = aux truands (rouge, à pois)
tyranny-key-cop-piece = un flic (rond)
tyranny-key-criminal-piece = un truand (losange)
tyranny-key-custody = un pion en garde à vue (anneau en pointillés)
tyranny-key-open = un tunnel ouvert
tyranny-key-closed = un tunnel effondré (barré)
tyranny-key-active = la case du pion qui joue
tyranny-tier-label = { $tier ->
    [outer] Ville extérieure
   *[inner] Ville intérieure
}
tyranny-grid-label = Toutes les cases des deux villes, dans le sens de la marche
tyranny-board-hint = Les flèches passent d’une case à l’autre ; chaque case dit ce qu’elle est, sa valeur et ses faces de prise, à qui elle appartient et qui s’y trouve.
tyranny-words = Description du plateau
tyranny-move-box-hint = Les coups s’écrivent avec des mots anglais, par exemple move, capture, pass, cross, stay, draw, decline, pay, escape, challenge crim1 2-4, open tunnel A ou play gains 1.
tyranny-refused-chance = Le dé et les pioches ne sont pas à vous : c’est la table qui lance et qui pioche.
tyranny-confirm = { $choice } ?
