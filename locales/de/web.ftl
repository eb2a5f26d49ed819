# Das Web-Spielbrett (die Seite der Partie im Browser).
web-title = Carcassonne
web-to-play = { $who } ist am Zug
web-finished = Endstand: { $scores }
web-turn = Zug { $n } von { $total }
web-start = Start
web-tiles-left = noch { $n } Plättchen
web-kinds = Verbleibende Plättchen nach Art
web-prev = Voriger Zug
web-next = Nächster Zug
web-zoom-in = Vergrößern
web-zoom-out = Verkleinern
web-fit = Ganzes Spielbrett
web-language = Sprache
web-live = Live
web-reconnecting = Verbindung verloren; verbinde neu…
web-gone = Die Seite dieser Partie gibt es nicht mehr.
web-tile = Plättchen { $tile } auf { $x },{ $y }, Zug { $turn }
web-nothing = Darauf steht nichts.
web-help = ◀ ▶ durch die Züge blättern · ziehen oder mit zwei Fingern bewegen und zoomen · + − 0 zoomen · Pfeiltasten mit Umschalt verschieben
web-board = Spielbrett
web-scores = Punkte
web-link = Web-Spielbrett
web-no-script = Diese Seite braucht JavaScript, um das Spielbrett zu zeichnen.

# Auf der Webseite spielen, über den persönlichen Link eines Platzes.
button-web-play = Im Web spielen
web-play-link = Dein Link, um diese Partie auf der Webseite zu spielen. Wer ihn hat, kann für dich ziehen: behalte ihn für dich. { $url }
web-play-none = Diese Partie hat keine Webseite zum Spielen.
web-play-not-seated = Du hast in dieser Partie keinen Platz.
web-play-no-tile = Kein Plättchen wartet darauf, gelegt zu werden.
web-play-changed = Die Partie hat sich inzwischen geändert; hier ist sie, wie sie jetzt steht.
web-play-slow = Zu viele Anfragen von dieser Seite in einer Minute: nichts wurde gesendet. Warte einen Moment und versuch es noch einmal.
web-play-no-choice = Diese Wahl steht jetzt nicht zur Verfügung.
web-play-you = Du bist dran: tippe auf ein markiertes Feld für das Plättchen (Tastatur: Pfeile wählen, R dreht, Enter bestätigt).
web-play-choose = Wähle, dann bestätige.
web-play-wait = Du bist nicht dran: die Seite folgt der Partie.
web-play-rotate = Drehen
web-play-confirm = Bestätigen
web-play-back = Zurück
web-play-sent = Gesendet.
web-play-lost = Die Verbindung ging verloren; nichts wurde doppelt gesendet. Versuch es noch einmal.
web-play-place = Plättchen hier legen
web-play-undo = Meinen letzten Zug zurücknehmen
web-play-vote = { $name } möchte einen Zug zurücknehmen.
web-review = Der Rückblick des Computers: die teuersten Züge jedes Spielers (auf dem Zugregler markiert). Wähle einen, um den Zug des Computers auf dem Brett zu sehen.
web-review-move = Der Zug des Computers hier: etwa +{ $gain }
web-play-agree = Einverstanden
web-play-refuse = Beibehalten
web-play-reset = { $n ->
    [one] Einer deiner persönlichen Web-Links ist gestoppt. Der Knopf Im Web spielen eines Zugs gibt einen neuen.
   *[other] { $n } deiner persönlichen Web-Links sind gestoppt. Der Knopf Im Web spielen eines Zugs gibt einen neuen.
}
me-web-links = Persönliche Web-Links: { $n } aktiv ({ $games ->
    [one] in einer Partie
   *[other] in { $games } Partien
}). /carcassonne me links beendet sie; der Knopf Im Web spielen eines Zuges gibt einen neuen.
me-web-links-none = Persönliche Web-Links: keiner aktiv. Der Knopf Im Web spielen eines Zuges gibt dir einen.
button-activity = Activity
activity-connecting = Verbindung mit Discord …
activity-no-game = In diesem Kanal läuft keine Partie mit Web-Brett. Starte eine mit /carcassonne new oder öffne die Activity, wo eine läuft.
activity-refused = Discord hat nicht gesagt, wer du bist, daher kann das Brett dich nicht setzen. Schließe die Activity und starte sie neu.
activity-failed = Die Activity konnte nicht mit Discord sprechen. Schließe sie und starte sie neu.
web-tournament = Turnier: { $name }
web-tournament-round = Runde { $round } von { $rounds } (Tabelle: Punkte · Buchholz · Punktdifferenz; der Tisch dieser Partie fett)
web-tournament-winner = Sieger: { $name }
web-tournament-earlier = Runde { $round }
web-tournament-bye = Freilos: { $names }
