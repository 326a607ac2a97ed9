turned2-ready = Der Computer hat fertig auf die Partie zurückgeblickt: Wo die Partie kippte, wird jetzt gezeigt.
