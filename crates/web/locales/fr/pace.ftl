# Paramètres : ce que « réduire les animations » désactive.
settings-reduced-motion-hint = Désactive les animations du plateau : chaque coup apparaît aussitôt.
# Une table que personne n’a rejointe à temps : sa page et « Mes parties ».
table-expired = Cette table a expiré : personne n’a pris ses places libres à temps.
table-expired-at = Expirée
table-expired-on = Expirée le
