# Verlauf, Rangliste, Wiederholungen, Export, Zoom und die Bildbeschreibungen.

history-unreadable = Der Verlauf lässt sich gerade nicht lesen; bitte versuche es noch einmal.
history-none = In diesem Kanal ist noch kein Spiel zu Ende gegangen: Eröffne eines mit /carcassonne new.
history-damaged = Das letzte Spiel hier lässt sich nicht lesen ({ $why }).
history-gone = Das letzte Spiel hier wird nicht mehr aufbewahrt.
history-not-kept = es wird nicht mehr aufbewahrt
history-empty = In diesem Kanal gibt es noch keine beendeten Spiele.
history-title = **Hier gespielte Spiele** (das neueste zuletzt)
history-line = { $n }. { $date }: { $scores } — gewonnen von { $winners }
history-line-early = { $n }. { $date }: vorzeitig beendet nach { $tiles ->
    [one] { $tiles } Plättchen
   *[other] { $tiles } Plättchen
}{ $reason } ({ $seats })
history-line-unreadable = { $n }. (nicht lesbar: { $why })
history-final-of = Die Schlusslandschaft von Spiel { $n }:
button-final-of = Schlussbild von Spiel { $n }
button-replay-of = Spiel { $n } ansehen
game-not-kept = Dieses Spiel wird nicht mehr aufbewahrt.
game-damaged = Dieses Spiel lässt sich nicht lesen ({ $why }).
game-unfinished = Dieses Spiel wurde nicht zu Ende gespielt: Es hat kein Schlussbild.
final-scores-of = Endstand ({ $date }): { $scores }.

rematch-earlier = Dieser Knopf gehört zu einem früheren Spiel: Nur das letzte Spiel hier lässt sich neu spielen.
rematch-not-player = Nur wer im letzten Spiel mitgespielt hat, kann eine Revanche verlangen.
rematch-not-finished = Das letzte Spiel hier wurde nicht zu Ende gespielt (abgebrochen oder vorzeitig beendet): Es gibt nichts zu wiederholen. Eröffne ein neues Spiel mit /carcassonne neu.
rematch-not-host = Nur { $host } kann die Revanche starten (wer das letzte Spiel eröffnet hat, oder die erste Person, die es auf ihrem Platz beendet hat).
rematch-too-few = Weniger als zwei Plätze des letzten Spiels haben es beendet: Eröffne stattdessen ein neues Spiel mit /carcassonne neu.
rematch-headline = **Revanche!** { $name } hat sie verlangt.

standings-none = Auf diesem Server gibt es noch keine beendeten Spiele: Die Rangliste erscheint nach dem ersten.
standings-dm-title = **Deine Bilanz in Direktnachrichten-Spielen** (nur du siehst das; Wertung: Elo ab { $start })
standings-dm-none = Du hast noch keine beendeten Spiele in Direktnachrichten.
standings-pace = ⏱ { $time } pro Zug (Median)
standings-hints = 💡 { $n } mit Tipps
standings-title = **Rangliste dieses Servers** ({ $games ->
    [one] { $games } Spiel
   *[other] { $games } Spiele
} beendet; Wertung: Elo ab { $start }, nur Spiele zwischen Menschen)
standings-line = { $rank }. { $name } — Wertung { $rating } · { $games ->
    [one] { $games } Spiel
   *[other] { $games } Spiele
} · { $wins ->
    [one] { $wins } Sieg
   *[other] { $wins } Siege
} · Schnitt { $average }

export-record = Das Spielprotokoll (nachspielen mit `meeplebot replay`).
export-taken-back = { $n ->
    [one] { $n } im Spiel zurückgenommener Zug steht in der zweiten Datei.
   *[other] { $n } im Spiel zurückgenommene Züge stehen in der zweiten Datei.
}
export-none = In diesem Kanal läuft kein Spiel, und hier wurde auch noch keines gespielt.
export-last = Das Protokoll des letzten hier gespielten Spiels (nachspielen mit `meeplebot replay`).
export-not-started = Das letzte Spiel hier endete, bevor es begann: Es gibt kein Protokoll.
autocomplete-place = { $tile } bei x={ $x } y={ $y } Drehung { $rotation }

zoom-west = Zoom West
zoom-east = Zoom Ost
zoom-north = Zoom Nord
zoom-south = Zoom Süd
zoom-north-west = Zoom Nordwest
zoom-north-east = Zoom Nordost
zoom-south-west = Zoom Südwest
zoom-south-east = Zoom Südost

alt-record = Spielprotokoll
alt-taken-back = im Spiel zurückgenommene Züge, mit wer zugestimmt hat
alt-board-around = Die Landschaft um [{ $x },{ $y }]
alt-board-whole = Die ganze Landschaft
alt-board-recent = Die Landschaft um die letzten Züge
alt-what-turn = { $what }, Zug { $turn }.
alt-move = { $n } { $name } bei [{ $x },{ $y }]
alt-moves = Umrandete Züge: { $moves }.
alt-drawn-fits = Das gezogene Plättchen { $tile } ({ $words }) passt bei { $cells }.
alt-arrow = { $n } (Pfeil nach { $direction })
alt-outside = Außerhalb des Bildes, vom Rand aus angezeigt: { $moves }.
alt-graph = Punkte über { $turns ->
    [one] { $turns } Zug
   *[other] { $turns } Züge
} und die Schlusswertung: { $scores }
alt-final = die Schlusslandschaft und der Endstand: { $scores }
alt-timelapse = Zeitraffer des Spiels: Die Landschaft wächst Plättchen für Plättchen über { $turns ->
    [one] { $turns } Zug
   *[other] { $turns } Züge
}, dann der Endstand

replay-empty = Dieses Spiel endete vor seinem ersten Zug: Es gibt nichts zu zeigen.
replay-broken = Dieses Spiel lässt sich nicht nachspielen ({ $why }).
replay-title = **Wiederholung** von Spiel { $n } ({ $date }) · Zug { $turn } von { $total }
replay-back = ◀ Zurück
replay-next = Weiter ▶
replay-none = In diesem Kanal ist noch kein Spiel zu Ende gegangen: Es gibt nichts zu zeigen.
replay-no-such = Im Verlauf dieses Kanals gibt es kein Spiel { $n }: /carcassonne history zeigt die Spiele 1 bis { $last }.
replay-first = Das ist der erste Zug: Davor gibt es nichts.
replay-last = Das ist der letzte Zug: Das Spiel hat { $total } Züge.
replay-begins = Das Spiel beginnt.
replay-set-aside = **{ $name }** zieht das Drachenplättchen { $tile }, beiseitegelegt
replay-fits-nowhere = **{ $name }** zieht { $tile }, das nirgends passt
replay-points = Punkte: { $gains }.
alt-replay = Wiederholung von Spiel { $n }, die Landschaft nach Zug { $turn } von { $total }: { $line }
alt-rotations = Plättchen { $tile } bei [{ $x },{ $y }] mit seinen Nachbarn, gedreht um { $rotations }
alt-move-preview = die Landschaft um [{ $x },{ $y }] mit { $tile } gedreht um { $rotation } Grad und { $what }

# The computer's review of a finished game.
review-title = 🔎 Der Computer hat auf das Spiel vom { $date } zurückgeschaut: der teuerste Zug jedes Spielers (seine Schätzung des Vorsprungs am Ende, in Punkten).
review-final-title = 🔎 **Wendepunkte** (der Rückblick des Computers: der teuerste Zug jedes Spielers, nach seiner Schätzung des Vorsprungs am Ende)
review-line = **{ $name }**, Zug { $turn }: { $made }; { $better } wäre etwa +{ $gain } wert gewesen
review-clean = **{ $name }**: kein Zug hat { $gain } Punkte oder mehr verschenkt
review-placed = legte { $tile } auf [{ $x },{ $y }] Drehung { $rotation }
review-instead = { $tile } auf [{ $x },{ $y }] Drehung { $rotation }
review-pass = passte
button-review = Rückblick
review-top-title = Der Rückblick des Computers auf das Spiel vom { $date }: die teuersten Züge jedes Spielers.
review-how = Die starke Suche hat jeden Zug nach dem erwarteten Vorsprung am Ende bewertet ({ $n } Durchläufe je Stellung); ein, zwei Punkte sind Rauschen.
review-no-people = In diesem Spiel spielten nur Computer: nichts zu bewerten.
review-coming = Der Computer sieht sich dieses Spiel gerade an; der Rückblick erscheint in diesem Kanal, sobald er fertig ist.
review-off = Dieser Bot lässt Spiele nicht vom Computer bewerten.
