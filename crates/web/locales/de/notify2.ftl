# Einstellungen: Browser-Benachrichtigungen, wenn eine Fernpartie auf deinen Zug wartet (page.js).
settings-browser-notify = Browser-Benachrichtigungen
settings-browser-notify-about = Agora kann in diesem Browser eine Benachrichtigung zeigen, wenn du in einer Fernpartie am Zug bist. Das geht, solange eine Agora-Seite in einem Tab offen ist, auch im Hintergrund; die Wahl gilt nur für diesen Browser.
settings-browser-notify-on = In diesem Browser benachrichtigen, wenn ich in einer Fernpartie am Zug bin
settings-browser-notify-off = Benachrichtigungen in diesem Browser beenden
settings-browser-notify-now-on = Benachrichtigungen sind in diesem Browser an.
settings-browser-notify-now-off = Benachrichtigungen sind in diesem Browser aus.
settings-browser-notify-denied = Dieser Browser blockiert die Benachrichtigungen von Agora. Um sie zu erlauben, öffne die Website-Einstellungen (das Symbol links neben der Adresse), stelle Benachrichtigungen auf „Zulassen“ und lade diese Seite neu.
settings-browser-notify-unsupported = Dieser Browser kann keine Benachrichtigungen zeigen.
settings-browser-notify-needs-js = Browser-Benachrichtigungen brauchen JavaScript, das in diesem Browser aus ist.
notify-browser-title = { $game } mit { $players }
notify-browser-body = Du bist am Zug. Öffne die Partie, um deinen Zug zu spielen.
