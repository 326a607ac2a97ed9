## Tischchat, Fortsetzung (pages/game/chat.rs, pages/replay/chat.rs): der eigene Name der
## Nachrichtenliste, die Wartezeit nach zu vielen Nachrichten, Stummschalten aus der
## Sitzreihe und der Chat in der Wiederholung.

chat-log-label = Nachrichten
chat-error-rate-wait = Du sendest zu schnell: Versuch es in { $seconds ->
    [one] { $seconds } Sekunde
   *[other] { $seconds } Sekunden
} noch einmal.
replay-chat-heading = Tischchat bis zu diesem Schritt
replay-chat-empty = Bis zu diesem Schritt wurde nichts gesagt.
