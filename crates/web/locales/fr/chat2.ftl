## Discussion de la table, suite (pages/game/chat.rs, pages/replay/chat.rs) : le nom propre
## de la liste des messages, l’attente après trop de messages, le silence depuis la rangée des
## places et la discussion dans la relecture.

chat-log-label = Messages
chat-error-rate-wait = Vous envoyez des messages trop vite : réessayez dans { $seconds ->
    [one] { $seconds } seconde
   *[other] { $seconds } secondes
}.
replay-chat-heading = Discussion de la table jusqu’à cette étape
replay-chat-empty = Rien n’avait été dit à cette étape.
