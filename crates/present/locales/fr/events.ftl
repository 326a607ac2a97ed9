# The server's events other than moves. $who: you | computer | person; $who-elide: yes when
# the name begins with a vowel sound (d’Ada, de Bruno).
event-resign = { $who ->
    [you] Vous avez abandonné.
    [computer] L’ordinateur a abandonné.
   *[person] { $who-name } a abandonné.
}
event-timeout = { $who ->
    [you] Votre temps est écoulé.
    [computer] Le temps de l’ordinateur est écoulé.
   *[person] Le temps { $who-elide ->
        [yes] d’{ $who-name }
       *[no] de { $who-name }
    } est écoulé.
}
# After a resignation or a timeout at a table of more than two seats.
event-substituted = { $who ->
    [you] L’ordinateur joue désormais à votre place.
   *[other] L’ordinateur joue désormais à cette place.
}
event-draw-offer = { $who ->
    [you] Vous avez proposé un match nul.
    [computer] L’ordinateur a proposé un match nul.
   *[person] { $who-name } a proposé un match nul.
}
event-draw-decline = { $who ->
    [you] Vous avez refusé le match nul.
    [computer] L’ordinateur a refusé le match nul.
   *[person] { $who-name } a refusé le match nul.
}
event-draw-agreed = Tout le monde a accepté le match nul.
event-abort = { $who ->
    [you] Vous avez annulé la partie.
    [computer] L’ordinateur a annulé la partie.
   *[person] { $who-name } a annulé la partie.
}
# Why the server ended a game.
outcome-resignation = La partie s’est terminée par abandon.
outcome-timeout = La partie s’est terminée : temps écoulé.
outcome-agreement = La partie s’est terminée par un match nul d’un commun accord.
outcome-aborted = La partie a été annulée.
