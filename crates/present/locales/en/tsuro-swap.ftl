# The elimination bonus's choices, for the page's buttons and its confirmation.
tsuro-swap-choice = Give { $give }, take { $take }
