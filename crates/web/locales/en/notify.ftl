# Settings: email when a correspondence game waits for your move (shown only when the server
# sends email, `agora serve --smtp`, and only to signed-up accounts).
settings-email = Email
settings-email-address = Email address
settings-email-address-hint = Used only for the emails you turn on here; nobody else sees it. Leave it empty to have it forgotten.
settings-email-turn = Email me when it is my turn in a correspondence game
settings-email-turn-hint = At most one email per game and turn, each with a link that turns them off.
settings-email-save = Save email settings
settings-email-saved = Your email settings are saved.
settings-email-error-missing = Enter an email address to get emails, or untick the box
settings-email-error-too-long = An email address has at most 254 characters
settings-email-error-invalid = Enter an email address like name@example.org
# The email itself, in the account's language.
mail-turn-subject = Your turn in { $game }
mail-turn-intro = It is your turn in your correspondence game of { $game } on Agora.
mail-turn-play = Play your move: { $link }
mail-turn-off = To get no more of these emails, open this link (no sign-in needed): { $off }
# The page an email's off-link opens.
mail-off-title = Stop turn emails
mail-off-question = Stop the emails that say when it is your turn in a correspondence game?
mail-off-button = Stop turn emails
mail-off-done = Turn emails are off. You can turn them on again in Settings.
mail-off-unknown = This link does not work. Check that it was copied whole, or turn the emails off in Settings.
# Settings: a tone when a game becomes your turn (page.js, no sound file).
settings-turn-sound = Play a short tone when it is my turn
settings-turn-sound-hint = Soft and short, on any Agora page that is open, when a game starts waiting for your move. Your browser plays it only after your first click or key press on the page.
