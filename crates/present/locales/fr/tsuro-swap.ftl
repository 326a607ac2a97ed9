# Les choix du bonus d’élimination, pour les boutons de la page et sa confirmation.
tsuro-swap-choice = Donner { $give }, prendre { $take }
