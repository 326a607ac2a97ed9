## Donne équitable vérifiable : agora verify et la page de la partie. $moves : coups rejoués ;
## $chance : combien étaient des coups du hasard (mélange, lancer, pioche).

fair-verified = La donne était équitable : la graine et le sel révélés correspondent à l’engagement pris au début, et la donne comme chaque coup du hasard découlent de la graine ({ $moves ->
    [one] { $moves } coup rejoué
   *[other] { $moves } coups rejoués
}, { $chance ->
    [one] { $chance } coup du hasard
   *[other] { $chance } coups du hasard
}).
fair-failed = Impossible de montrer que la donne était équitable : { $reason }.
fair-no-commitment = la feuille de partie ne contient aucun engagement sur sa graine
fair-not-revealed = la feuille de partie ne révèle ni sa graine ni son sel (ils le sont à la fin de la partie)
fair-commitment-mismatch = la graine et le sel donnent l’empreinte { $computed }, et non l’engagement { $committed }
fair-unknown-game = aucun jeu ne s’appelle { $game }
fair-bad-record = la feuille de partie ne permet pas de commencer une partie ({ $detail })
fair-deal-differs = la mise en place de la feuille de partie n’est pas la donne qui découle de sa graine
fair-chance-differs = le coup { $number } est { $found }, mais la graine donne { $expected } à cet endroit
fair-move-rejected = le coup { $number }, { $text }, ne peut pas être joué : { $reason }
fair-unreadable = Ce fichier n’est pas une feuille de partie : { $reason }.
