## Die Festlegung auf die Verteilung auf der Partieseite (docs/security.md).
## $fingerprint: die ersten Hexadezimalziffern der Festlegung.

deal-commitment-summary = Verteilung vorab festgelegt: { $fingerprint }
deal-commitment-explain = Bevor etwas verteilt wurde, hat der Server den geheimen Startwert dieser Partie festgelegt, aus dem die Verteilung und jeder Zufallszug folgen, und hier seinen SHA-256-Fingerabdruck veröffentlicht. Der Startwert bleibt bis zum Ende der Partie geheim; dann wird er mit seinem Salz offengelegt, damit alle prüfen können, dass der Server nichts verändert hat.
deal-commitment-label = Festlegung (SHA-256)
deal-seed-label = Startwert
deal-salt-label = Salz
deal-check-by-hand = Selbst nachprüfen: Der SHA-256-Hashwert aus Startwert, Doppelpunkt und Salz muss genau die Festlegung ergeben.
deal-check-record = Oder das Partieprotokoll herunterladen und ausführen: agora verify PROTOKOLL
deal-reveal-later = Startwert und Salz werden am Ende der Partie offengelegt.
