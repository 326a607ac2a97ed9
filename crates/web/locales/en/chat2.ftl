## Table chat, continued (pages/game/chat.rs, pages/replay/chat.rs): the log's own name, the
## wait after too many messages, muting from the seat row, and the chat in a replay.

# The scrolling list of messages, inside the chat's region (which the heading names).
chat-log-label = Messages
chat-error-rate-wait = You are sending messages too fast: try again in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
# The replay's chat: what had been said by the step shown.
replay-chat-heading = Table chat until this step
replay-chat-empty = Nothing was said by this step.
