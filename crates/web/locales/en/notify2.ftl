# Settings: browser notifications when a correspondence game waits for your move (page.js).
settings-browser-notify = Browser notifications
settings-browser-notify-about = Agora can show a notification from this browser when it becomes your turn in a correspondence game. It works while an Agora page is open in a tab, even in the background; it is kept in this browser only.
settings-browser-notify-on = Notify me in this browser when it is my turn in a correspondence game
settings-browser-notify-off = Stop notifications in this browser
settings-browser-notify-now-on = Notifications are on in this browser.
settings-browser-notify-now-off = Notifications are off in this browser.
settings-browser-notify-denied = This browser blocks Agora's notifications. To allow them, open the site settings (the icon left of the address), set Notifications to Allow, and reload this page.
settings-browser-notify-unsupported = This browser cannot show notifications.
settings-browser-notify-needs-js = Browser notifications need JavaScript, which is off in this browser.
# The notification itself: its title, then what it says.
notify-browser-title = { $game } with { $players }
notify-browser-body = It is your turn. Open the game to play your move.
