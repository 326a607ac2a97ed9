# Paramètres : ce que « réduire les animations » désactive.
settings-reduced-motion-hint = Désactive les animations du plateau : chaque coup apparaît aussitôt.
