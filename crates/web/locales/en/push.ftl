# Settings: Web Push, when the server offers it (page.js, push-worker.js).
settings-push-about = Agora can show a notification from this browser when it becomes your turn in a correspondence game, even when no Agora page is open. The button asks this browser for permission, and the server keeps this browser's subscription with your account until you stop the notifications here.
settings-push-now-on = Notifications are on in this browser, also when no Agora page is open.
settings-push-failed = Notifications are on in this browser while an Agora page is open. This browser could not sign up for notifications with no page open: it has no push service, or the service refused.
