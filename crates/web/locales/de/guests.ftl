# Gäste und die Lobby: was ein Gast behält, wenn er sich registriert, und die Wahl in der Lobby.

guest-sign-up-keeps = Du spielst als Gast: Wenn du dich registrierst, behältst du deine Partien, deine Plätze und deine Einstellungen. Behalte deinen Gastnamen oder wähle einen anderen.
lobby-create-as-guest = Tisch als Gast eröffnen
lobby-sign-in-then-create = Zuerst anmelden

# „Meine Partien“: die verbleibende Zeit für einen Fernpartie-Zug.
games-left-days = { $count ->
    [one] Noch 1 Tag
   *[other] Noch { $count } Tage
}
games-left-hours = { $count ->
    [one] Noch 1 Stunde
   *[other] Noch { $count } Stunden
}
games-left-minutes = { $count ->
    [one] Noch 1 Minute
   *[other] Noch { $count } Minuten
}
games-time-up = Die Zeit ist abgelaufen

# Ein Tisch, dessen freie Plätze für eingeladene Personen bleiben, von jemand anderem gesehen.
table-kept-for-friends = Die freien Plätze bleiben eingeladenen Personen vorbehalten: Nur mit ihrem Einladungslink kannst du dich setzen.
