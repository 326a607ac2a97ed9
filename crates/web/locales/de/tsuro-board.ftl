# Tsuros Brett auf der Tischseite: das zuletzt gelegte Plättchen jeder anderen Person und die
# Vorschau auf dem Feld vor der eigenen Figur.
tsuro-seat-last-play = zuletzt ein Plättchen auf { $square } gelegt
tsuro-last-legend = Ein Feld mit einem Rahmen in der Farbe einer Figur und ihrer Form in der Ecke trägt das Plättchen, das diese Person zuletzt gelegt hat.
tsuro-preview-hint = Das Plättchen im Fokus oder unter dem Zeiger erscheint auf dem umrandeten Feld, mit dem Weg, den deine Figur nehmen würde; ein Klick auf das Feld legt es.
