## Discussion de table sur la page de partie (partials/chat.html) et ses réglages
## (settings_chat.html). Les messages rapides et « X dit : … » viennent d’agora-present.

chat-heading-players = Discussion des joueurs
chat-heading-spectators = Discussion des spectateurs
chat-heading-over = Discussion de la table
# Le nom d’un spectateur dans la discussion après la partie, quand les deux discussions sont visibles.
chat-spectator = { $name } (spectateur)
chat-empty = Aucun message pour l’instant.
chat-message-label = Message
chat-send = Envoyer
chat-quick-legend = Messages rapides
chat-guest-quick-only = En tant qu’invité, vous pouvez envoyer des messages rapides ; inscrivez-vous pour écrire les vôtres.
chat-sign-in = Connectez-vous, ou jouez en invité, pour discuter.
# Le bouton sur chaque ligne d’un autre.
chat-mute = Masquer { $name }
chat-report-summary = Signaler cette discussion
chat-report-reason = Motif (facultatif)
chat-report-send = Envoyer le signalement
chat-reported = Merci : un opérateur lira la discussion de cette table.
chat-error-guest = Les invités ne peuvent envoyer que des messages rapides : inscrivez-vous pour écrire les vôtres.
chat-error-empty = Écrivez d’abord quelque chose.
chat-error-long = Ce message est trop long : raccourcissez-le.
chat-error-rate = Vous envoyez des messages trop vite : attendez quelques secondes.

settings-chat-link = Discussion de table et joueurs masqués
settings-chat-title = Discussion de table
settings-chat-back = Retour aux réglages
settings-chat-on = Afficher la discussion de table
settings-chat-on-hint = Désactivée : pas de discussion à côté de vos parties, et aucun message ne vous est envoyé.
settings-chat-muted = Joueurs masqués
settings-chat-none-muted = Vous n’avez masqué personne.
settings-chat-unmute = Afficher de nouveau { $name }
