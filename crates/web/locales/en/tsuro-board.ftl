# Tsuro's board on the table page: each other player's last tile, and the preview on the
# square the reader's marker faces.
tsuro-seat-last-play = last tile laid on { $square }
tsuro-last-legend = A square outlined in a marker's colour, with its shape in the corner, holds the last tile that player laid.
tsuro-preview-hint = The tile in focus or under the pointer is drawn on the outlined square with the path your marker would take; click the square to lay it.
