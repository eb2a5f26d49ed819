# Slash-Befehle: Namen, Beschreibungen, Optionen und Auswahlen, wie Discord sie zeigt.

cmd-carcassonne = carcassonne
cmd-carcassonne-desc = Carcassonne in diesem Kanal spielen, Zug um Zug.

cmd-new = neu
cmd-new-desc = Ein neues Spiel in diesem Kanal eröffnen (die anderen drücken dann Mitspielen).
cmd-new-players = spieler
cmd-new-players-desc = Höchstens so viele Spieler (2-6, sonst 6)
cmd-new-expansions = erweiterungen
cmd-new-expansions-desc = Erweiterungen zum Grundspiel, durch Kommas getrennt: river, inns, traders, abbot, tower, princess
cmd-new-farms = wiesen
cmd-new-farms-desc = Wie die Wiesen am Ende zählen
cmd-new-farms-0 = je Wiese (3 je Stadt, jede Wiese)
cmd-new-farms-1 = je Stadt (4 je Stadt, Mehrheit über alle Wiesen)
cmd-new-farms-2 = keine (ohne Bauern)
cmd-new-small_city = kleine_stadt
cmd-new-small_city-desc = Eine fertige Stadt aus zwei Plättchen zählt 2 statt 4
cmd-new-reminder_hours = erinnerung_stunden
cmd-new-reminder_hours-desc = Stunden zwischen Erinnerungen an den Spieler am Zug (0 = keine)
cmd-new-computers = computer
cmd-new-computers-desc = Computerspieler, die gleich mitspielen
cmd-new-computer_level = computerstärke
cmd-new-computer_level-desc = Wie stark die Computerspieler sind (sonst: stark)
cmd-new-computer_level-0 = leicht (die meisten Punkte in diesem Zug)
cmd-new-computer_level-1 = mittel (ein kurzer Blick voraus)
cmd-new-computer_level-2 = stark (ein längerer Blick voraus)
cmd-new-thread = thread
cmd-new-thread-desc = Einen Thread für das Spiel eröffnen, statt in diesem Kanal zu spielen

cmd-join = mitspielen
cmd-join-desc = Einen Platz in der Runde dieses Kanals nehmen.
cmd-leave = verlassen
cmd-leave-desc = Die Runde dieses Kanals verlassen.
cmd-computer = computer
cmd-computer-desc = Einen Computerspieler in die Runde dieses Kanals setzen.
cmd-start = starten
cmd-start-desc = Das Spiel starten (wer die Runde eröffnet hat, 2-6 Spieler).

cmd-place = legen
cmd-place-desc = Dein gezogenes Plättchen bei x, y mit einer Drehung legen, wahlweise mit einer Figur.
cmd-place-x = x
cmd-place-x-desc = Spalte (die Zahlen am oberen Rand der Landschaft)
cmd-place-y = y
cmd-place-y-desc = Zeile (die Zahlen am linken Rand der Landschaft)
cmd-place-rotation = drehung
cmd-place-rotation-desc = Drehung des Plättchens im Uhrzeigersinn, wie in der Vorschau
cmd-place-rotation-0 = 0
cmd-place-rotation-1 = 90
cmd-place-rotation-2 = 180
cmd-place-rotation-3 = 270
cmd-place-follower = figur
cmd-place-follower-desc = Figur: city:N, large city:N, builder road:E, tower 1,0, fairy 1,0, portal 1,0 road:E, none

cmd-ransom = lösegeld
cmd-ransom-desc = Der Turm: 3 Punkte zahlen, um einen gefangenen Gefolgsmann zurückzuholen (vor dem Legen).
cmd-ransom-from = von
cmd-ransom-from-desc = Wem du zahlst (der Name im Spiel); ohne Angabe wird mit Knöpfen gefragt
cmd-ransom-large = groß
cmd-ransom-large-desc = Den großen Gefolgsmann statt eines normalen freikaufen

cmd-dragon = drache
cmd-dragon-desc = Burgfräulein & Drache: deinen Schritt auf der Reise des Drachen machen.
cmd-dragon-direction = richtung
cmd-dragon-direction-desc = Wohin der Drache zieht (Norden ist oben auf der Landschaft)
cmd-dragon-direction-0 = norden
cmd-dragon-direction-1 = osten
cmd-dragon-direction-2 = süden
cmd-dragon-direction-3 = westen

cmd-board = landschaft
cmd-board-desc = Die Landschaft zeigen (mit x und y hineinzoomen).
cmd-board-x = x
cmd-board-x-desc = Zoom: Spalte in der Mitte
cmd-board-y = y
cmd-board-y-desc = Zoom: Zeile in der Mitte
cmd-status = stand
cmd-status-desc = Wer am Zug ist, Punkte und übrige Gefolgsleute.
cmd-tiles = plättchen
cmd-tiles-desc = Die Plättchen, die noch gezogen werden.
cmd-rules = regeln
cmd-rules-desc = Die Regeln dieses Spiels und eine kurze Übersicht über Carcassonne.

cmd-undo = zurücknehmen
cmd-undo-desc = Deinen letzten Zug zurücknehmen (sofort, bevor der Nächste handelt, sonst stimmen die anderen ab).
cmd-resign = aufgeben
cmd-resign-desc = Aufgeben: der Computer spielt für deinen Platz weiter.
cmd-return = zurückkehren
cmd-return-desc = Deinen Platz vom Computer zurücknehmen, der für dich gespielt hat, während du weg warst.
cmd-notify = benachrichtigung
cmd-notify-desc = Wähle, wie du erfährst, dass du am Zug bist: Erwähnung, Direktnachricht oder still.
cmd-notify-how = wie
cmd-notify-how-desc = Erwähnung im Kanal, Direktnachricht oder still
cmd-notify-how-0 = Erwähnung im Kanal
cmd-notify-how-1 = Direktnachricht
cmd-notify-how-2 = still

cmd-rematch = revanche
cmd-rematch-desc = Nach einem Spiel: ein neues mit denselben Plätzen in neuer Reihenfolge.
cmd-standings = rangliste
cmd-standings-desc = Die Rangliste dieses Servers: Spiele, Siege, Durchschnitt und Wertung.
cmd-abort = abbrechen
cmd-abort-desc = Das Spiel dieses Kanals beenden (wer es eröffnet hat oder den Kanal verwalten darf).
cmd-export = export
cmd-export-desc = Das Spielprotokoll als JSON-Datei (für Wiederholungen und Fehlerberichte).
cmd-history = verlauf
cmd-history-desc = Die in diesem Kanal beendeten Spiele.
cmd-replay = wiederholung
cmd-replay-desc = Ein beendetes Spiel dieses Kanals Zug um Zug ansehen (nur du siehst es).
cmd-replay-game = spiel
cmd-replay-game-desc = Welches Spiel: seine Nummer in /carcassonne verlauf (sonst das letzte)
cmd-help = hilfe
cmd-help-desc = Wie man mit diesem Bot spielt.

cmd-language = sprache
cmd-language-desc = Wähle die Sprache, in der der Bot mit dir spricht (sonst deine Discord-Sprache).
cmd-language-language = sprache
cmd-language-language-desc = Eine Sprache, oder automatisch: deine Discord-Sprache
cmd-language-language-0 = automatisch (deine Discord-Sprache)
cmd-language-language-1 = English
cmd-language-language-2 = Deutsch
cmd-language-language-3 = Français
cmd-language-language-4 = Polski
cmd-language-language-5 = Español
