## Die Sitzreihe: ein Spieler, den der Leser stummgeschaltet hat (seine Chatnachrichten erreichen ihn nicht mehr).
seat-chat-muted = stummgeschaltet

## Der Tag des Monats in einem Datum (Fristen, Daten der Wertungskurve). $day: 1 bis 31.
date-day = { $day }
