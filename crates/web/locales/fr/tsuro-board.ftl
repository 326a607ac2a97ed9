# Le plateau de Tsuro sur la page de la table : la dernière tuile de chaque autre joueur, et
# l’aperçu sur la case devant le pion du lecteur.
tsuro-seat-last-play = dernière tuile posée en { $square }
tsuro-last-legend = Une case bordée de la couleur d’un pion, avec sa forme dans le coin, porte la dernière tuile posée par ce joueur.
tsuro-preview-hint = La tuile active ou sous le pointeur apparaît sur la case entourée, avec le chemin que suivrait votre pion ; cliquez sur la case pour la poser.
