# Guests and the lobby: what carries over when a guest signs up, and the lobby's choices.

guest-sign-up-keeps = You are playing as a guest: signing up keeps your games, your seats and your settings. Keep your guest name or choose another.
lobby-create-as-guest = Open the table as a guest
lobby-sign-in-then-create = Sign in first
