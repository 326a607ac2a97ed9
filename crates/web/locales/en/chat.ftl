## Table chat on the game page (partials/chat.html) and its settings (settings_chat.html).
## The quick messages' own words and "X says: …" are agora-present's (chat.ftl there).

chat-heading-players = Players' chat
chat-heading-spectators = Spectators' chat
chat-heading-over = Table chat
# A spectator's name in the table chat after the game, when both chats show.
chat-spectator = { $name } (spectator)
chat-empty = No messages yet.
chat-message-label = Message
chat-send = Send
chat-quick-legend = Quick messages
chat-guest-quick-only = As a guest you can send quick messages; sign up to write your own.
chat-sign-in = Sign in, or play as a guest, to chat.
# The button on each line of someone else's.
chat-mute = Mute { $name }
chat-report-summary = Report this chat
chat-report-reason = Reason (optional)
chat-report-send = Send the report
chat-reported = Thank you: an operator will read this table's chat.
chat-error-guest = Guests can send quick messages only: sign up to write your own.
chat-error-empty = Write something first.
chat-error-long = This message is too long: shorten it.
chat-error-rate = You are sending messages too fast: wait a few seconds.

settings-chat-link = Table chat and muted players
settings-chat-title = Table chat
settings-chat-back = Back to the settings
settings-chat-on = Show the table chat
settings-chat-on-hint = Off: no chat beside your games, and no messages sent to you.
settings-chat-muted = Muted players
settings-chat-none-muted = You have muted nobody.
settings-chat-unmute = Unmute { $name }
