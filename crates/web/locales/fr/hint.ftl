## Le conseil de la page de partie : le coup que l’ordinateur jouerait pour vous, et pourquoi.

hint-button = Conseil
hint-heading = Conseil
hint-not-played = Le coup est dans la case de saisie ; rien n’est joué tant que vous ne le jouez pas.
hint-not-seated = Les conseils sont réservés aux joueurs de cette partie.
hint-not-casual = Les conseils ne sont donnés que dans les parties contre l’ordinateur : une autre personne joue à cette table.
hint-not-your-turn = Les conseils ne sont donnés qu’à votre tour.
hint-failed = L’ordinateur n’a pas pu trouver de conseil pour l’instant. Réessayez dans un moment.
