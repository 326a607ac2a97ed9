## Les pages de règles (/rules, /rules/<jeu>) et les liens vers elles.

nav-rules = Règles
rules-index-title = Les règles
rules-index-intro = Les règles complètes de chaque jeu d’Agora, avec des figures et les arbitrages d’Agora.
# $game : le nom du jeu.
rules-page-title = Comment jouer à { $game }
rules-link = Règles de { $game }
rules-contents = Sommaire
rules-others = Les autres jeux :
rules-read-full = Lire les règles complètes
# Les camps de l’exemple chiffré de Tyrus, d’après la couleur des tuiles.
rules-tyrus-brown = Brun
rules-tyrus-beige = Beige
# Les places d’une table dans les figures des règles. $number : 1 à 4.
rules-player = Joueur { $number }
