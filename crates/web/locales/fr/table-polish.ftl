## La rangée des places : un joueur masqué par le lecteur (ses messages ne lui parviennent plus).
seat-chat-muted = messages masqués

## Le jour du mois dans une date (échéances, dates du graphique du classement). $day : de 1 à 31. Le premier du mois s’écrit « 1er ».
date-day = { $day ->
    [1] 1er
   *[other] { $day }
}
