## Pourquoi un coup est refusé ou illisible : une phrase par code des refus des jeux
## (crates/*/src/refusal.rs). $seat : you | computer | person, avec $seat-name et
## $seat-number (tel que tapé dans les coups) ; les autres arguments sont des nombres ou des mots
## tels que tapés, sauf les tuiles de Tyrus et les pions, cartes et cases de Tyranny, qui
## arrivent nommés. $faction : cops | criminals.

# Un texte qui n’est pas un coup. $text : tel que tapé ; $reason : une des phrases ci-dessous.
refusal-unreadable = « { $text } » n’est pas un coup valable. { $reason }
# Dans le terminal, après un coup illisible.
refusal-notation-help = Tapez help pour voir la notation.

## Tous les jeux

refusal-not-your-turn = Ce n’est pas à vous de jouer : { $seat ->
    [you] c’est à vous
    [computer] c’est à l’ordinateur
   *[person] c’est à { $seat-name }
}.
refusal-chance-moves-next = Ce n’est pas à vous de jouer : le hasard décide d’abord.
refusal-game-over = La partie est terminée.

## Tyrus

refusal-tyrus-not-in-hand = Vous n’avez pas la tuile { $tile } en main.
refusal-tyrus-shape = Un coup s’écrit tuile, own ou opp, puis bâtiment, par exemple S7 own citadel.
refusal-tyrus-unknown-tile = Il n’y a pas de tuile « { $word } » : les tuiles vont de S1 à S10, de M1 à M10 et de P1 à P10.
refusal-tyrus-side = Le deuxième mot est own (votre bâtiment) ou opp (celui de l’adversaire).
refusal-tyrus-building = Le troisième mot est citadel, market ou temple.

## Tsuro

refusal-tsuro-all-placed = Tous les pions sont déjà placés.
refusal-tsuro-not-start-mark = { $mark } n’est pas un point de départ : les points de départ sont les points du bord tournés vers l’extérieur du plateau.
refusal-tsuro-mark-taken = { $mark } est déjà occupé par { $seat ->
    [you] votre pion
    [computer] le pion de l’ordinateur
   *[person] le pion { $seat-elide ->
        [yes] d’{ $seat-name }
       *[no] de { $seat-name }
    }
}.
refusal-tsuro-place-markers-first = Tous les pions doivent être placés avant de poser une tuile.
refusal-tsuro-bonus-first = Gardez d’abord votre main ou échangez des tuiles avec les mains des joueurs éliminés.
refusal-tsuro-shuffle-first = Il faut d’abord mélanger la pioche.
refusal-tsuro-no-tile-now = Aucune tuile ne peut être posée maintenant.
refusal-tsuro-tile-not-in-hand = Vous n’avez pas la tuile { $tile } en main, dans aucune orientation.
refusal-tsuro-unsafe-play = Cette tuile élimine votre pion alors qu’une autre vous garde en jeu.
refusal-tsuro-nothing-to-swap = Il n’y a rien à échanger : le bonus d’élimination suit seulement un coup qui élimine d’autres joueurs.
refusal-tsuro-give-not-in-hand = Vous n’avez pas la tuile { $tile } en main.
refusal-tsuro-take-not-eliminated = La tuile { $tile } n’est dans la main d’aucun joueur que vous venez d’éliminer.
refusal-tsuro-nothing-to-shuffle = Il n’y a rien à mélanger maintenant.
refusal-tsuro-pile-tile-twice = La tuile { $tile } figure deux fois dans la pioche mélangée.
refusal-tsuro-pile-mismatch = La pioche mélangée doit contenir exactement la pioche et les mains des joueurs éliminés.
refusal-tsuro-empty = Un coup commence par start, play, keep, swap ou shuffle.
refusal-tsuro-unknown-move = Il n’y a pas de coup « { $word } » : un coup commence par start, play, keep, swap ou shuffle.
refusal-tsuro-start-shape = Écrivez start et un point de départ, par exemple start c1.0.
refusal-tsuro-play-shape = Écrivez play et la tuile telle que vous la posez, par exemple play 01-27-36-45.
refusal-tsuro-keep-alone = Rien ne suit keep.
refusal-tsuro-shuffle-shape = Écrivez shuffle et la nouvelle pioche, du dessus vers le dessous.
refusal-tsuro-pile-too-long = Une pioche compte au plus 35 tuiles.
refusal-tsuro-swap-shape = Écrivez swap, les tuiles que vous donnez, for, puis autant de tuiles que vous prenez, par exemple swap 01-23-45-67 for 02-13-46-57.
refusal-tsuro-swap-uneven = Un échange prend autant de tuiles qu’il en donne, pas { $give } contre { $take }.
refusal-tsuro-swap-too-many = Un échange donne au plus 3 tuiles.
refusal-tsuro-swap-tile-twice = La tuile { $tile } figure deux fois dans l’échange.
refusal-tsuro-tile-shape = « { $word } » n’est pas une tuile : une tuile s’écrit en quatre paires de points de 0 à 7, par exemple 01-27-36-45.
refusal-tsuro-point-twice = « { $word } » n’est pas une tuile : le point { $point } y figure deux fois.
refusal-tsuro-not-square = « { $word } » n’est pas une case : les cases vont de a1 à f6.
refusal-tsuro-position-shape = « { $word } » n’est pas une position : écrivez une case et un point, par exemple c1.0.
refusal-tsuro-not-point = « { $word } » n’est pas un point : les points vont de 0 à 7.

## Tyranny. $phase : start | custody | roll | challenge | may-draw | draw | advance | target |
## pick | discard | may-cross | over ; $piece : le pion qui joue, nommé.

# Ce qu’attend une phase, après un deux-points.
refusal-tyranny-waiting = { $phase ->
    [start] { $piece } commence son tour : avancer, prendre, passer, changer de ville, ouvrir un tunnel ou le faire s’effondrer, ou jouer une carte
    [custody] { $piece } est en garde à vue : payer, tenter de s’évader ou jouer Gains 6
    [roll] on lance le dé
    [challenge] { $piece } a dépassé un pion adverse : le défier ou le laisser passer
    [may-draw] { $piece } peut piocher une carte : piocher ou refuser
    [draw] on pioche une carte
    [advance] Gamble 6 : avancer de 1 à 6 cases
    [target] Gains 5 : choisir un adversaire qui défausse
    [pick] on tire une carte d’une main
    [discard] trop de cartes en main : en défausser une
    [may-cross] { $piece } peut changer de ville : changer ou rester
   *[over] la partie est terminée
}
refusal-tyranny-die-face = Un dé montre 1 à 6, pas { $n }.
refusal-tyranny-wrong-deck = On pioche une carte { $deck ->
    [gamble] Gamble
   *[gains] Gains
}, pas la carte { $card }.
refusal-tyranny-no-copy-left = Il ne reste plus de carte { $card } dans la pioche { $deck ->
    [gamble] Gamble
   *[gains] Gains
}.
refusal-tyranny-holds-no = { $seat ->
    [you] Vous n’avez pas la carte { $card } en main.
    [computer] L’ordinateur n’a pas la carte { $card } en main.
   *[person] { $seat-name } n’a pas la carte { $card } en main.
}
refusal-tyranny-cannot-come-up = « { $mv } » ne peut pas se produire maintenant : { refusal-tyranny-waiting }.
refusal-tyranny-no-tunnel = Il n’y a pas de tunnel numéro { $number }.
refusal-tyranny-no-seat-moves = Personne ne joue maintenant : { refusal-tyranny-waiting }.
refusal-tyranny-committed = Une carte de prise a été jouée : tentez la prise ou jouez une autre carte de prise.
refusal-tyranny-not-on-property = { $piece } n’est pas sur une propriété mais sur la { $tile }.
refusal-tyranny-already-own = La { $tile } appartient déjà aux { $faction ->
    [cops] flics
   *[criminals] truands
}.
refusal-tyranny-crossed-once = Un pion change de ville au plus une fois, au début de son tour.
refusal-tyranny-cannot-cross-here = { $piece } est sur la { $tile }, ni sur sa base (Commissariat ou Planque) ni dans un tunnel ouvert.
refusal-tyranny-not-on-tunnel-end = { $piece } n’est à aucune extrémité du tunnel { $tunnel }.
refusal-tyranny-tunnel-once = Un pion ouvre un tunnel ou le fait s’effondrer au plus une fois par tour.
refusal-tyranny-tunnel-already-open = Le tunnel { $tunnel } est déjà ouvert.
refusal-tyranny-tunnel-already-collapsed = Le tunnel { $tunnel } est déjà effondré.
refusal-tyranny-tunnel-cost = Il faut { $cost } d’influence aux truands pour cela, et ils en ont { $influence }.
refusal-tyranny-fix-number = Le nombre doit être une face du dé, de 1 à 6.
refusal-tyranny-fix-by-cops = Seul le côté flics de Gains 6 désigne un pion.
refusal-tyranny-not-criminal = { $target } n’est pas un truand.
refusal-tyranny-not-in-custody = { $target } n’est pas en garde à vue, ou purge une arrestation sans évasion possible.
refusal-tyranny-wide-escape = Le côté truands de Gains 6 se joue par un pion en garde à vue qui ne s’évade pas déjà sur 2 à 6.
refusal-tyranny-no-seat = Il n’y a pas de place { $seat-number }.
refusal-tyranny-not-opponent = La place { $seat-number } n’est pas celle d’un adversaire.
refusal-tyranny-seat-no-card = { $seat ->
    [you] Vous n’avez aucune carte en main.
    [computer] L’ordinateur n’a aucune carte en main.
   *[person] { $seat-name } n’a aucune carte en main.
}
refusal-tyranny-may-not-pay = { $piece } ne peut pas payer pour sortir (Gains 6).
refusal-tyranny-pay-cost = Sortir en payant coûte { $price } d’influence, et les truands en ont { $influence }.
refusal-tyranny-wrong-passed = Le pion dépassé sur lequel décider est { $passed }, pas { $piece }.
refusal-tyranny-advance-range = Gamble 6 fait avancer de 1 à 6 cases, pas { $n }.
refusal-tyranny-not-now = « { $mv } » n’est pas possible maintenant : { refusal-tyranny-waiting }.
refusal-tyranny-empty = Le coup est vide.
refusal-tyranny-number = Un nombre de 0 à 255 est attendu.
refusal-tyranny-card = Une carte s’écrit pioche et numéro, par exemple gains 7.
refusal-tyranny-deck-name = Les pioches s’appellent gamble et gains.
refusal-tyranny-card-number = Les cartes sont numérotées de 1 à 10.
refusal-tyranny-piece-name = Les pions s’appellent cop1, crim1, cop2 et crim2.
refusal-tyranny-seat-word = Écrivez seat et un numéro de place, par exemple seat 1.
refusal-tyranny-seat-number = Une place est un nombre de 0 à 3.
refusal-tyranny-tunnel-word = Écrivez tunnel et la lettre du tunnel, par exemple tunnel A.
refusal-tyranny-tunnel-name = Aucun tunnel ne porte cette lettre.
refusal-tyranny-range = Un jet de prise couvre trois faces : 1-3, 2-4, 3-5 ou 4-6.
refusal-tyranny-gains6-args = Gains 6 se joue seul (truands) ou avec un pion et un nombre (flics).
refusal-tyranny-gains7-args = Gains 7 se joue avec tunnel et une lettre.
refusal-tyranny-gains10-args = Gains 10 se joue avec seat et un numéro.
refusal-tyranny-card-takes-nothing = Rien ne suit cette carte.
refusal-tyranny-only-kept = Seules les cartes que l’on garde se jouent : gamble 7 et gains 1, 2, 6, 7 et 10.
refusal-tyranny-roll-shape = Écrivez roll et une face du dé.
refusal-tyranny-draw-shape = Écrivez draw seul, ou draw, une pioche et un numéro de carte.
refusal-tyranny-pick-shape = Écrivez pick, une pioche et un numéro de carte.
refusal-tyranny-challenge-shape = Écrivez un pion et trois faces, par exemple challenge crim1 1-3.
refusal-tyranny-spare-shape = Écrivez un pion, par exemple spare crim1.
refusal-tyranny-advance-shape = Écrivez un nombre de cases, par exemple advance 4.
refusal-tyranny-discard-shape = Écrivez une carte, par exemple discard gains 7.
refusal-tyranny-play-shape = Écrivez une carte, par exemple play gains 1.
refusal-tyranny-move-takes-nothing = Rien ne suit ce coup.
refusal-tyranny-unknown-move = Ce coup n’existe pas.
