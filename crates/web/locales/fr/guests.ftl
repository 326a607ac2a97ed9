# Les invités et le salon : ce qu’un invité garde en créant un compte, et les choix du salon.

guest-sign-up-keeps = Vous jouez en invité : en créant un compte, vous gardez vos parties, vos places et vos réglages. Gardez votre nom d’invité ou choisissez-en un autre.
lobby-create-as-guest = Ouvrir la table en invité
lobby-sign-in-then-create = Me connecter d’abord

# « Mes parties » : le temps qui reste pour un coup par correspondance.
games-left-days = { $count ->
    [one] { $count } jour restant
   *[other] { $count } jours restants
}
games-left-hours = { $count ->
    [one] { $count } heure restante
   *[other] { $count } heures restantes
}
games-left-minutes = { $count ->
    [one] { $count } minute restante
   *[other] { $count } minutes restantes
}
games-time-up = Le temps est écoulé

# Une table dont les places libres attendent des amis invités, vue par quelqu’un d’autre.
table-kept-for-friends = Ses places libres sont réservées à des amis invités : seul leur lien d’invitation permet de la rejoindre.
