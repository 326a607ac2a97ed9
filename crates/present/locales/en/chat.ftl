## Table chat: the quick messages, which each reader sees in their own language (codes in
## agora_present::chat::QUICK), and a message told as a line.

chat-quick-hello = Hello!
chat-quick-good-luck = Good luck!
chat-quick-your-turn = Your turn.
chat-quick-one-moment = One moment, please.
chat-quick-well-played = Well played!
chat-quick-thanks = Thanks!
chat-quick-sorry = Sorry!
chat-quick-oops = Oops!
chat-quick-good-game = Good game!
# $name: who wrote it; $text: what they wrote, or a quick message above.
chat-says = { $name } says: { $text }
