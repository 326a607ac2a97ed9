turned2-ready = The computer has finished looking back over the game: where the game turned is now shown.
