# Einstellungen: Web Push, wenn der Server es anbietet (page.js, push-worker.js).
settings-push-about = Agora kann in diesem Browser eine Benachrichtigung zeigen, wenn du in einer Fernpartie am Zug bist, auch wenn keine Agora-Seite offen ist. Die Schaltfläche fragt diesen Browser um Erlaubnis, und der Server bewahrt die Anmeldung dieses Browsers bei deinem Konto auf, bis du die Benachrichtigungen hier beendest.
settings-push-now-on = Benachrichtigungen sind in diesem Browser an, auch wenn keine Agora-Seite offen ist.
settings-push-failed = Benachrichtigungen sind in diesem Browser an, solange eine Agora-Seite offen ist. Für Benachrichtigungen ohne offene Seite konnte sich dieser Browser nicht anmelden: Er hat keinen Push-Dienst, oder der Dienst hat abgelehnt.
