# The server's events other than moves. $who: you | computer | person.
event-resign = { $who ->
    [you] Du hast aufgegeben.
    [computer] Der Computer hat aufgegeben.
   *[person] { $who-name } hat aufgegeben.
}
event-timeout = { $who ->
    [you] Deine Zeit ist abgelaufen.
    [computer] Die Zeit des Computers ist abgelaufen.
   *[person] Die Zeit von { $who-name } ist abgelaufen.
}
# After a resignation or a timeout at a table of more than two seats.
event-substituted = { $who ->
    [you] Ab jetzt übernimmt der Computer deinen Platz.
   *[other] Ab jetzt übernimmt der Computer diesen Platz.
}
event-draw-offer = { $who ->
    [you] Du hast ein Unentschieden angeboten.
    [computer] Der Computer hat ein Unentschieden angeboten.
   *[person] { $who-name } hat ein Unentschieden angeboten.
}
event-draw-decline = { $who ->
    [you] Du hast das Unentschieden abgelehnt.
    [computer] Der Computer hat das Unentschieden abgelehnt.
   *[person] { $who-name } hat das Unentschieden abgelehnt.
}
event-draw-agreed = Alle haben einem Unentschieden zugestimmt.
event-abort = { $who ->
    [you] Du hast die Partie abgebrochen.
    [computer] Der Computer hat die Partie abgebrochen.
   *[person] { $who-name } hat die Partie abgebrochen.
}
# Why the server ended a game.
outcome-resignation = Die Partie endete durch Aufgabe.
outcome-timeout = Die Partie endete durch Zeitüberschreitung.
outcome-agreement = Die Partie endete einvernehmlich unentschieden.
outcome-aborted = Die Partie wurde abgebrochen.
