## Tischchat: die Schnellnachrichten, die alle in ihrer eigenen Sprache lesen (Codes in
## agora_present::chat::QUICK), und eine Nachricht als Zeile.

chat-quick-hello = Hallo!
chat-quick-good-luck = Viel Glück!
chat-quick-your-turn = Du bist dran.
chat-quick-one-moment = Einen Moment bitte.
chat-quick-well-played = Gut gespielt!
chat-quick-thanks = Danke!
chat-quick-sorry = Entschuldigung!
chat-quick-oops = Hoppla!
chat-quick-good-game = Gutes Spiel!
# $name: wer es schrieb; $text: was geschrieben wurde, oder eine Schnellnachricht von oben.
chat-says = { $name } sagt: { $text }
