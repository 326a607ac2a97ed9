# Der Wiederholungs-Betrachter, ergänzt: die Hand eines Platzes, wenn das Brett sie nicht zeigt.
# $name: der Name eines Spielers.
replay-own-hand = Die Hand von { $name } bei diesem Schritt
