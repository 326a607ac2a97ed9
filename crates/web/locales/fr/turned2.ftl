turned2-ready = L’ordinateur a fini de revenir sur la partie : où la partie a basculé est maintenant affiché.
