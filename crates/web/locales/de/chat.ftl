## Tischchat auf der Spielseite (partials/chat.html) und seine Einstellungen
## (settings_chat.html). Die Schnellnachrichten und „X sagt: …“ kommen aus agora-present.

chat-heading-players = Chat der Spieler
chat-heading-spectators = Chat der Zuschauer
chat-heading-over = Tischchat
# Der Name eines Zuschauers im Tischchat nach der Partie, wenn beide Chats zu sehen sind.
chat-spectator = { $name } (Zuschauer)
chat-empty = Noch keine Nachrichten.
chat-message-label = Nachricht
chat-send = Senden
chat-quick-legend = Schnellnachrichten
chat-guest-quick-only = Als Gast kannst du Schnellnachrichten senden; registriere dich, um selbst zu schreiben.
chat-sign-in = Melde dich an oder spiel als Gast, um zu chatten.
# Der Knopf an jeder Zeile eines anderen.
chat-mute = { $name } stummschalten
chat-report-summary = Diesen Chat melden
chat-report-reason = Grund (freiwillig)
chat-report-send = Meldung senden
chat-reported = Danke: Jemand vom Betrieb liest den Chat dieses Tisches.
chat-error-guest = Gäste können nur Schnellnachrichten senden: Registriere dich, um selbst zu schreiben.
chat-error-empty = Schreib zuerst etwas.
chat-error-long = Diese Nachricht ist zu lang: Kürze sie.
chat-error-rate = Du sendest zu schnell: Warte ein paar Sekunden.

settings-chat-link = Tischchat und stummgeschaltete Spieler
settings-chat-title = Tischchat
settings-chat-back = Zurück zu den Einstellungen
settings-chat-on = Tischchat anzeigen
settings-chat-on-hint = Aus: kein Chat neben deinen Partien, und dir werden keine Nachrichten geschickt.
settings-chat-muted = Stummgeschaltete Spieler
settings-chat-none-muted = Du hast niemanden stummgeschaltet.
settings-chat-unmute = { $name } wieder anzeigen
