## Discussion de table : les messages rapides, que chacun lit dans sa langue (codes dans
## agora_present::chat::QUICK), et un message dit en une ligne.

chat-quick-hello = Bonjour !
chat-quick-good-luck = Bonne chance !
chat-quick-your-turn = À vous de jouer.
chat-quick-one-moment = Un instant, s’il vous plaît.
chat-quick-well-played = Bien joué !
chat-quick-thanks = Merci !
chat-quick-sorry = Pardon !
chat-quick-oops = Oups !
chat-quick-good-game = Belle partie !
# $name : qui l’a écrit ; $text : ce qui a été écrit, ou un message rapide ci-dessus.
chat-says = { $name } dit : { $text }
