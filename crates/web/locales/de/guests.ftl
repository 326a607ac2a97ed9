# Gäste und die Lobby: was ein Gast behält, wenn er sich registriert, und die Wahl in der Lobby.

guest-sign-up-keeps = Du spielst als Gast: Wenn du dich registrierst, behältst du deine Partien, deine Plätze und deine Einstellungen. Behalte deinen Gastnamen oder wähle einen anderen.
lobby-create-as-guest = Tisch als Gast eröffnen
lobby-sign-in-then-create = Zuerst anmelden
