# Les invités et le salon : ce qu’un invité garde en créant un compte, et les choix du salon.

guest-sign-up-keeps = Vous jouez en invité : en créant un compte, vous gardez vos parties, vos places et vos réglages. Gardez votre nom d’invité ou choisissez-en un autre.
lobby-create-as-guest = Ouvrir la table en invité
lobby-sign-in-then-create = Me connecter d’abord
