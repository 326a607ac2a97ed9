# Les tuiles de Tyrus et les marques sur la page de partie.
# L’initiale d’une corporation sur ses tuiles, avec la valeur : M3. Les coups se tapent avec les
# initiales anglaises (S, M, P), les mêmes qu’en français.
tyrus-tile-initial = { $profession ->
    [soldier] S
    [merchant] M
   *[priest] P
}
tyrus-hand-typed = { $profession } (à taper : { $letter })
# Sur un bâtiment où un autre joueur a posé sa dernière tuile, jusqu’à ce qu’il rejoue.
tyrus-placed-mark = posée à l’instant
# La même chose quand cette tuile a clos une élection et a été dépouillée et défaussée depuis.
tyrus-placed-counted-mark = posée à l’instant, puis dépouillée
# La même chose dans le nom du bâtiment pour les lecteurs d’écran, après son contenu : à qui était la tuile.
tyrus-last-tile-of = { $who ->
    [you] votre dernière tuile
    [computer] la dernière tuile de l’ordinateur
   *[person] la dernière tuile { $who-elide ->
        [yes] d’{ $who-name }
       *[no] de { $who-name }
    }
}
