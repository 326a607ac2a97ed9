# Le cadre du site
skip-to-content = Aller au contenu principal
nav-label = Menu principal
nav-lobby = Salon
nav-my-games = Mes parties
nav-settings = Réglages
sign-in = Se connecter
sign-up = Créer un compte
sign-out = Se déconnecter
signed-in-as = Connecté en tant que { $name }
signed-in-guest = { $name } (invité)
language = Langue
language-apply = Changer de langue
footer-about = Agora : Tyrus, Tsuro et Tyranny, entre amis ou contre l’ordinateur. Aucune donnée ne quitte ce site.
title-with-errors = Erreur : { $title }
you-tag = vous
copy = Copier
back-home = Retour à l’accueil

# Jeux
game-tyrus = Tyrus
game-tsuro = Tsuro
game-tyranny = Tyranny
game-tyrus-blurb = Deux partis, neuf élections, des tuiles cachées et du bluff.
game-tsuro-blurb = Posez des tuiles, suivez les chemins, restez sur le plateau.
game-tyranny-blurb = Flics contre truands pour l’influence sur la ville.
level-label = Niveau de l’ordinateur
level-beginner = débutant
level-easy = facile
level-medium = moyen
level-hard = difficile

# Accueil
home-title = Jouer à des jeux de société
home-heading = Des jeux de société entre amis ou contre l’ordinateur
home-intro = Agora est une salle de jeux de société. Jouez ici tout de suite à Tyrus, à Tsuro ou à Tyranny contre l’ordinateur, ouvrez une table pour des amis, ou regardez une partie.
play-against-computer = Jouer à { $game } contre l’ordinateur
home-guest-note = Pas besoin de compte : vous jouez en invité et pourrez en créer un plus tard.
home-open-tables = Tables en attente de joueurs
home-watch = Parties en cours
home-nothing-to-watch = Aucune partie publique n’est en cours.

# Comptes
sign-up-title = Créer un compte
sign-up-intro = Un compte garde vos parties et vos réglages sur tous vos appareils.
sign-in-title = Se connecter
field-name = Nom
field-name-hint = De 2 à 24 lettres, chiffres, espaces, traits d’union ou tirets bas.
field-password = Mot de passe
field-password-hint = Au moins 8 caractères.
have-account = Vous avez déjà un compte ?
no-account = Pas encore de compte ?
guest-title = Jouer en invité
guest-intro = Un invité joue tout de suite, sans mot de passe, tant que ce navigateur garde la session.
field-guest-name = Nom affiché (facultatif)
# The name of a guest who gives none; $number is four digits.
guest-default-name = Invité { $number }
play-as-guest = Jouer en invité
join-as-guest-hint = Vous rejoindrez la table en invité sous ce nom ; laissez vide pour qu’un nom soit choisi pour vous.
error-summary-title = Il y a un problème
error-prefix = Erreur :
error-name-missing = Saisissez un nom
error-password-missing = Saisissez un mot de passe
error-name-taken = Ce nom est pris, ou ressemble trop à un nom pris. Choisissez-en un autre.
error-name-rules = Utilisez de 2 à 24 lettres, chiffres, espaces, traits d’union ou tirets bas, sans espace au début ni à la fin.
error-password-rules = Utilisez un mot de passe de 8 à 128 caractères.
error-bad-credentials = Nom ou mot de passe incorrect.

# Réglages
settings-title = Réglages
settings-saved = Vos réglages sont enregistrés.
theme = Couleurs
theme-system = Comme le système
theme-light = Clair
theme-dark = Sombre
settings-play = Jeu
settings-confirm-moves = Me demander de confirmer chaque coup avant de l’envoyer
settings-confirm-moves-hint = Un clic malheureux ne coûte alors rien.
settings-text-first = Le texte d’abord
settings-text-first-hint = Les plateaux en texte et en tableaux d’abord, les images ensuite : idéal avec un lecteur d’écran.
settings-reduced-motion = Réduire les animations
settings-save = Enregistrer les réglages

# Salon
lobby-title = Salon
lobby-create = Ouvrir une table
lobby-sign-in-first = Connectez-vous, ou jouez en invité, pour ouvrir une table.
lobby-game = Jeu
lobby-opponent = Adversaire
seat-choice-open = N’importe qui (premier arrivé)
seat-choice-invite = Un ami, par un lien d’invitation
seat-choice-ai-beginner = L’ordinateur, débutant
seat-choice-ai-easy = L’ordinateur, facile
seat-choice-ai-medium = L’ordinateur, moyen
seat-choice-ai-hard = L’ordinateur, difficile
seat-choice-none = Personne
lobby-more-seats = Autres joueurs
lobby-more-seats-hint = Tsuro se joue de 2 à 8, Tyranny de 2 à 4, Tyrus à 2. Laissez une place sur « Personne » pour jouer à moins.
lobby-seat-number = Place { $number }
lobby-tsuro-bonus = Tsuro : bonus d’élimination
lobby-tsuro-bonus-hint = Qui élimine d’autres pions peut échanger des tuiles avec leur main (la règle avancée du livret).
error-seat-count-exact = { $game } se joue à { $min ->
    [one] { $min } joueur
   *[other] { $min } joueurs
} ; cette table en aurait { $count }.
error-seat-count-range = { $game } se joue de { $min } à { $max ->
    [one] { $max } joueur
   *[other] { $max } joueurs
} ; cette table en aurait { $count }.
lobby-clock = Pendule
lobby-clock-live = Temps réel
lobby-minutes = Minutes par joueur
lobby-increment = Secondes ajoutées par coup
lobby-clock-correspondence = Un coup par jour ou plus (par correspondance)
lobby-days = Jours par coup
lobby-listed = Afficher cette table dans le salon
lobby-listed-hint = Une table non affichée ne se trouve que par son lien.
lobby-create-button = Ouvrir la table
lobby-open-tables = Tables en attente de joueurs
lobby-no-tables = Aucune table n’attend de joueurs.
lobby-create-link = Ouvrez-en une dans le salon.
error-seat-choice = Choisissez qui occupe l’autre place.
error-clock-number = Saisissez les temps de la pendule en nombres entiers.
error-clock-live-range = Une partie en temps réel prend de 1 à 180 minutes et ajoute de 0 à 600 secondes par coup.
error-clock-days-range = Une partie par correspondance prend de 1 à 30 jours par coup.
seat-computer = l’ordinateur ({ $level })
seat-invited = une place réservée à un ami invité
seat-open = une place libre
clock-untimed = Sans pendule
clock-live = { $minutes } min + { $increment } s
clock-correspondence = { $count ->
    [one] { $count } jour par coup
   *[other] { $count } jours par coup
}
table-yours = votre table
table-open-yours = Aller à votre table
table-join-game = Rejoindre cette partie de { $game }
table-view = Voir

# Une table en attente de joueurs
table-title = Table de { $game }
table-waiting = En attente de joueurs. La partie commence dès que toutes les places sont prises.
table-cancelled = Cette table a été annulée.
table-clock = Pendule
table-visibility = Visibilité
table-listed = Affichée dans le salon
table-unlisted = Non affichée : seules les personnes qui ont le lien peuvent la trouver
table-seats = Places
invite-title = Inviter un ami
invite-hint = Envoyez ce lien à la personne avec qui vous voulez jouer. Il n’est affiché que maintenant : gardez-le jusqu’à ce qu’elle vous ait rejoint.
invite-link = Lien d’invitation
table-join = Prendre la place
table-sign-in-to-join = Se connecter pour rejoindre avec votre compte
table-leave = Quitter la table
table-cancel = Annuler la table
table-reload-hint = Rechargez cette page pour voir qui a rejoint la table.

# Mes parties
games-title = Mes parties
games-waiting = { $count ->
    [one] { $count } partie vous attend
   *[other] { $count } parties vous attendent
}
games-none-waiting = Aucune partie n’attend votre coup.
games-playing = Autres parties en cours
games-open = Vos tables en attente de joueurs
games-finished = Parties terminées
games-none = Aucune.

# Erreurs
error-title = Un problème est survenu
error-internal = Un problème est survenu de notre côté. Réessayez dans un instant.
error-offline = Le serveur est injoignable. Vérifiez votre connexion ; la page se mettra à jour dès son retour.
error-not-found = Il n’y a rien à cette adresse.
error-form-expired = Ce formulaire a expiré ou ne vient pas de ce site. Revenez en arrière, rechargez la page et réessayez.
error-code-bad_request = La demande n’a pas été comprise.
error-code-too_large = C’est trop long.
error-code-rate_limited = Trop de demandes à la fois. Attendez quelques secondes et réessayez.
error-code-unauthorized = Connectez-vous d’abord.
error-code-bad_credentials = Nom ou mot de passe incorrect.
error-code-forbidden = Vous n’avez pas le droit de faire cela.
error-code-not_found = Cette table ou cette partie n’existe pas.
error-code-unknown_game = Ce jeu n’existe pas.
error-code-invalid_setup = Une table ne peut pas commencer avec ces réglages.
error-code-name_taken = Ce nom est pris.
error-code-seat_taken = Cette place vient d’être prise.
error-code-wrong_state = Ce n’est pas possible à cette table pour le moment.
error-code-not_your_turn = Ce n’est pas votre tour.
error-code-bad_notation = Ce n’est pas un coup.
error-code-illegal_move = Ce coup n’est pas permis.
error-code-stale_version = La partie a avancé avant que votre coup n’arrive. Regardez à nouveau le plateau.
error-code-game_over = La partie est terminée.
error-code-not_finished = La partie n’est pas encore terminée.
error-code-unavailable = La partie est injoignable pour le moment. Réessayez dans un instant.
error-code-unsupported_media_type = La demande n’a pas été envoyée sous la forme attendue par le serveur.
error-code-cross_site = Cette demande venait d’un autre site, elle a donc été refusée. Revenez sur Agora et réessayez depuis sa page.
error-code-limit_reached = Vous avez atteint le nombre maximal de tables ou de parties contre l’ordinateur en même temps. Terminez-en ou annulez-en une d’abord.

# La page d’une partie
game-title = { $game } : { $players }
game-over = La partie est terminée
game-aborted = La partie a été annulée avant d’avoir vraiment commencé.
game-record = Le relevé de la partie (JSON)
players-label = Joueurs
to-move = doit jouer
your-turn = À vous de jouer.
spectating = Vous regardez cette partie.
seat-stand-in = joué par l’ordinateur
clock-label = pendule :
clock-warning-minute = Plus qu’une minute à votre pendule.
clock-warning-seconds = { $count ->
    [one] Plus qu’une seconde à votre pendule.
   *[other] Plus que { $count } secondes à votre pendule.
}
history-title = Ce qui s’est passé
rules-title = Comment jouer
move-box-label = Ou tapez votre coup
move-box-play = Jouer
move-missing = Choisissez une tuile et un bâtiment, ou tapez un coup.
confirm-title = Confirmer
confirm-move = Oui, jouer ce coup
confirm-yes = Oui
confirm-no = Non, revenir
confirm-back = Non, revenir à la partie
confirm-resign = Abandonner cette partie ? Votre adversaire la gagne.
confirm-abort = Annuler cette partie ? Personne ne la gagne.
resign = Abandonner
abort = Annuler la partie
offer-draw = Proposer un match nul
accept-draw = Accepter le match nul
decline-draw = Refuser le match nul
draw-offered-by = { $names } propose un match nul.
draw-offered-you = Vous avez proposé un match nul.
rematch = Demander une revanche
rematch-asked = Vous avez demandé une revanche ; en attente des autres.
rematch-offered-by = { $names } demande une revanche.
rematch-go = Aller à la revanche

# Tyrus sur la page
tyrus-board-label = Les six bâtiments
tyrus-board-hint = Choisissez une tuile de votre main, puis un bâtiment. Les flèches passent d’un bâtiment à l’autre.
tyrus-building-label = { $owner ->
    [you] { $kind ->
        [citadel] Votre citadelle
        [market] Votre marché
       *[temple] Votre temple
    }
    [computer] { $kind ->
        [citadel] La citadelle de l’ordinateur
        [market] Le marché de l’ordinateur
       *[temple] Le temple de l’ordinateur
    }
   *[person] { $kind ->
        [citadel] Citadelle { $owner-elide ->
            [yes] d’{ $owner-name }
           *[no] de { $owner-name }
        }
        [market] Marché { $owner-elide ->
            [yes] d’{ $owner-name }
           *[no] de { $owner-name }
        }
       *[temple] Temple { $owner-elide ->
            [yes] d’{ $owner-name }
           *[no] de { $owner-name }
        }
    }
}
tyrus-row-caption = { $owner ->
    [you] Vos bâtiments
    [computer] Les bâtiments de l’ordinateur
   *[person] Bâtiments { $owner-elide ->
        [yes] d’{ $owner-name }
       *[no] de { $owner-name }
    }
}
tyrus-cell-empty = vide
tyrus-cell-face-up = { $who ->
    [you] vos tuiles
    [computer] tuiles de l’ordinateur
   *[person] tuiles { $who-elide ->
        [yes] d’{ $who-name }
       *[no] de { $who-name }
    }
} : { $tiles }
tyrus-cell-face-down = { $count ->
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
tyrus-elected-mark = en cours
tyrus-no-election = Plus d’élection : la partie est terminée
tyrus-election-card = Élection { $number } sur 9 : { $kind ->
    [citadel] général (soldats dans les citadelles)
    [market] chef des marchands (marchands dans les marchés)
   *[temple] grand prêtre (prêtres dans les temples)
}
tyrus-cards-left = { $count ->
    [one] Une carte élection face cachée
   *[other] { $count } cartes élection face cachée
} : { $general ->
    [one] { $general } général
   *[other] { $general } généraux
}, { $guildmaster ->
    [one] { $guildmaster } chef des marchands
   *[other] { $guildmaster } chefs des marchands
}, { $highpriest ->
    [one] { $highpriest } grand prêtre
   *[other] { $highpriest } grands prêtres
}.
tyrus-hand = { $count ->
    [one] Votre main : une tuile
   *[other] Votre main : { $count } tuiles
}
tyrus-hand-empty = Votre main est vide.
tyrus-choose-tile-first = Choisissez d’abord une tuile de votre main.
tyrus-confirm-place = Poser la tuile { $tile } dans { $building } ?
tyrus-move-box-hint = Une tuile, own (le vôtre) ou opp (celui de l’adversaire), et un bâtiment (citadel, market, temple) : par exemple S7 own citadel.
tyrus-chart = Élections
tyrus-chart-number = N°
tyrus-chart-office = Charge
tyrus-chart-winner = Remportée par
tyrus-chart-count = Dépouillement : voix − (contres − contres de contre)
tyrus-card-face-down = face cachée
tyrus-null = élection nulle
tyrus-in-progress = en cours
tyrus-counts = Tuiles pas encore vues
tyrus-unseen = { $who ->
    [you] Votre pioche
    [computer] Tuiles de l’ordinateur pas encore vues
   *[person] Tuiles { $who-elide ->
        [yes] d’{ $who-name }
       *[no] de { $who-name }
    } pas encore vues
}, { $profession } ({ $count })
tyrus-none = aucune
tyrus-hand-shown = { $who ->
    [you] Votre main
    [computer] La main de l’ordinateur
   *[person] La main { $who-elide ->
        [yes] d’{ $who-name }
       *[no] de { $who-name }
    }
} : { $tiles } ({ $total }).
