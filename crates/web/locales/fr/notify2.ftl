# Réglages : notifications du navigateur quand une partie par correspondance attend votre coup (page.js).
settings-browser-notify = Notifications du navigateur
settings-browser-notify-about = Agora peut afficher une notification dans ce navigateur quand c’est votre tour dans une partie par correspondance. Cela fonctionne tant qu’une page d’Agora est ouverte dans un onglet, même en arrière-plan ; ce choix ne vaut que pour ce navigateur.
settings-browser-notify-on = Me notifier dans ce navigateur quand c’est mon tour dans une partie par correspondance
settings-browser-notify-off = Arrêter les notifications dans ce navigateur
settings-browser-notify-now-on = Les notifications sont activées dans ce navigateur.
settings-browser-notify-now-off = Les notifications sont désactivées dans ce navigateur.
settings-browser-notify-denied = Ce navigateur bloque les notifications d’Agora. Pour les autoriser, ouvrez les paramètres du site (l’icône à gauche de l’adresse), réglez Notifications sur « Autoriser » et rechargez cette page.
settings-browser-notify-unsupported = Ce navigateur ne peut pas afficher de notifications.
settings-browser-notify-needs-js = Les notifications du navigateur ont besoin de JavaScript, désactivé dans ce navigateur.
notify-browser-title = { $game } avec { $players }
notify-browser-body = C’est votre tour. Ouvrez la partie pour jouer votre coup.
