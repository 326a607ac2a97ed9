## L’engagement sur la donne, sur la page de la partie (docs/security.md).
## $fingerprint : les premiers chiffres hexadécimaux de l’engagement.

deal-commitment-summary = Engagement sur la donne : { $fingerprint }
deal-commitment-explain = Avant toute distribution, le serveur a fixé la graine secrète de cette partie, d’où découlent la donne et chaque coup du hasard, et en a publié ici l’empreinte SHA-256. La graine reste secrète jusqu’à la fin de la partie ; elle est alors révélée avec son sel, pour que chacun puisse vérifier que le serveur n’a rien changé.
deal-commitment-label = Engagement (SHA-256)
deal-seed-label = Graine
deal-salt-label = Sel
deal-check-by-hand = Pour vérifier soi-même : l’empreinte SHA-256 de la graine, de deux-points et du sel doit être l’engagement.
deal-check-record = Ou téléchargez la feuille de partie et lancez : agora verify FEUILLE
deal-reveal-later = La graine et son sel sont révélés à la fin de la partie.
