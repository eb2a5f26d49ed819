# Was der Bot in Spielen sagt.

tiles-left = { $n ->
    [one] { $n } Plättchen übrig
   *[other] { $n } Plättchen übrig
}
tiles-list = **{ tiles-left }** (das gezogene mitgezählt): { $tiles }
tiles-abbeys = Abteien noch auf der Hand ({ $n }, neben dem Stapel): { $names }
not-started = Das Spiel hat noch nicht begonnen.

no-game = In diesem Kanal läuft kein Spiel. Eröffne eines mit /carcassonne neu.
done-already = Das ist schon geschehen: derselbe Befehl kam zweimal an und zählt einmal.
internal-error = Bei uns ist mit dem Spiel dieses Kanals etwas schiefgegangen. Sieh in /carcassonne stand nach, bevor du es noch einmal versuchst.
computer-stuck = Der Computerspieler kann gerade keinen Zug wählen (ein interner Fehler bei uns); nichts wurde geändert. Er versucht es in einer Stunde erneut. Bis dahin kann eine Moderation seinen Platz einer Person geben oder das Spiel beenden.
slow-down = Du fragst schneller, als dieser Bot etwas zeigt: Versuch es in { $seconds } s noch einmal.
game-over = Das Spiel ist vorbei.
earlier-turn = Dieser Knopf gehört zu einem früheren Zug.
not-your-turn = { $player } ist am Zug, nicht du.
bad-rotation = Die Drehung muss 0, 90, 180 oder 270 sein, nicht { $rotation }.
off-board = [{ $x },{ $y }] liegt weit außerhalb der Landschaft.
cant-go = { $tile } passt nicht bei [{ $x },{ $y }] mit Drehung { $rotation }: { $reason }.

place-occupied = bei { $at } liegt schon ein Plättchen
place-not-adjacent = { $at } grenzt an kein gelegtes Plättchen
place-edge-mismatch = die Kante im { $side } ({ $ours }) trifft bei { $at } auf { $theirs }

side-n = Norden
side-e = Osten
side-s = Süden
side-w = Westen
edge-field = Wiese
edge-road = Straße
edge-city = Stadt
edge-river = Fluss

notify-ping = Du wirst im Kanal des Spiels erwähnt, wenn du am Zug bist.
notify-dm = Du bekommst eine Direktnachricht, wenn du am Zug bist (und keine Erwähnung im Kanal).
notify-quiet = Du wirst nicht erwähnt: dein Name steht weiter im Kanal, wenn du am Zug bist.
prefs-not-saved = Deine Wahl konnte nicht gespeichert werden (ein Speicherproblem bei uns); bitte versuche es noch einmal.
language-set = Der Bot spricht jetzt { $language } mit dir.
language-discord = Der Bot spricht jetzt deine Discord-Sprache mit dir ({ $language }).

help = **Carcassonne hier, Zug um Zug.**
    • `/carcassonne neu` eröffnet eine Runde (Wiesen, kleine Städte, Erinnerungen, Zugzeit, `tipps`); die anderen drücken **Mitspielen**, wer eröffnet hat, drückt **Starten**. **Computer hinzufügen** besetzt einen Platz.
    • Bist du am Zug, erwähnt dich der Bot mit einem Bild der Landschaft um die letzten Züge und den grünen Feldern, wo dein Plättchen passt. Drücke **Legen**: wähle ein Feld, eine passende Drehung, deinen Gefolgsmann, **Bestätigen**. Oder tippe `/carcassonne legen x y drehung [figur]` — x und y stehen an den Rändern des Bildes; die Drehung ist 0, 90, 180 oder 270; die Figur ist ein Ort wie `city:N`, `road:E`, `field:SSW`, `cloister` oder `none`; mit den Erweiterungen auch `large city:N`, `builder road:E`, `pig field:SSW`, `abbot garden`, `recall`, `tower 1,0 capture 2,0 city:N` oder `guard 1,0`; `fairy 1,0`, `portal 1,0 road:E` oder `princess 0,-1 city:N`; `lösegeld` kauft einen gefangenen Gefolgsmann frei (3 Punkte); `drache` bewegt den Drachen; `mayor city:N`, `wagon road:E`, `barn corner:SE`, `shepherd field:S`. `/abbey`, `/wagon`, `/flock`, `/bridge`, `/castle` und `/bazaar` sind die eigenen Züge dieser Erweiterungen. Die Autovervollständigung bietet erlaubte Züge an.
    • `zurücknehmen` nimmt deinen letzten Zug zurück (sofort, oder mit Zustimmung der anderen). Nach unbeantworteten Erinnerungen können die anderen abstimmen, dass der Computer für einen abwesenden Spieler spielt; der holt sich den Platz mit `zurückkehren` zurück. `ich` hält deine Einstellungen: `benachrichtigung`, `sprache`, `zeiten` (Zeitzone, Ruhezeit), `abwesend`, `übersicht` (eine Nachricht am Tag).
    • `landschaft`, `stand`, `regeln` zeigen das Spiel; `meinespiele` deine Spiele hier; `aufgeben` gibt deinen Platz dem Computer; `abbrechen` beendet es; `export` gibt das Protokoll; `verlauf` und `wiederholung` zeigen frühere Spiele (mit dem **Rückblick** des Computers); `revanche` spielt noch einmal; `rangliste` ordnet die Spieler des Servers.

notify-here = In den Spielen dieses Kanals:
heads-up-on = Du erfährst privat, wenn der Spieler vor dir am Zug ist.
heads-up-off = Du erfährst es nicht mehr, wenn der Spieler vor dir am Zug ist.
heads-up-line = ⏭ Du bist nach **{ $name }** dran, in { $channel }.
mygames-title = **Deine Spiele auf diesem Server** ({ $n }):
mygames-none = Du spielst in keinem Spiel auf diesem Server. Eröffne eines mit /carcassonne neu.
mygames-lobby = Runde, noch nicht gestartet
mygames-your-turn = **du bist am Zug**
mygames-turn-of = { $player } ist am Zug
mygames-computer = ein Computer ist am Zug
mygames-web-links = { $n ->
    [one] ein persönlicher Web-Link aktiv
   *[other] { $n } persönliche Web-Links aktiv
}

lobby-opened = Ein neues Carcassonne-Spiel ist eröffnet.
lobby-text = **Runde** ({ $n }/{ $max } Spieler): { $seats }
    Regeln: { $rules }.
    Drücke **Mitspielen**, um einen Platz zu nehmen; { $creator } startet mit **Starten** (2–6 Spieler).
lobby-nobody = noch niemand
lobby-joined = { $name } spielt mit.
lobby-left = { $name } ist gegangen.
lobby-closed = { $name } ist gegangen; da niemand mehr da ist, wird die Runde geschlossen.
lobby-computer-joined = Ein Computerspieler spielt mit.
lobby-full = Die Runde ist voll.
join-seated = Du hast schon einen Platz.
leave-not-seated = Du bist nicht in dieser Runde.
computer-not-seated = Nur Spieler der Runde können Computerspieler hinzufügen.
seats-fixed = Das Spiel hat schon begonnen; die Plätze ändern sich nicht mehr (mit /carcassonne aufgeben gibst du auf).
new-lobby-open = In diesem Kanal ist schon eine Runde offen: drücke Mitspielen, oder bitte die eröffnende Person, zu starten oder abzubrechen.
new-game-running = In diesem Kanal läuft schon ein Spiel. Beende oder brich es zuerst ab, oder starte ein Spiel in einem Thread.
rematch-lobby-open = In diesem Kanal ist eine Runde offen: drücke stattdessen Mitspielen.
rematch-game-running = Das Spiel dieses Kanals läuft noch: die Revanche kommt nach seinem Ende.
button-join = Mitspielen
button-leave = Verlassen
button-add-computer = Computer hinzufügen
button-start = Starten
rules-farms-per-farm = Wiesen zählen 3 je fertiger Stadt (je Wiese)
rules-farms-per-city = Wiesen zählen 4 je fertiger Stadt (je Stadt)
rules-farms-none = ohne Bauern
rules-small-city = kleine Städte zählen 2
rules-revision-old = die Regeln, wie sie bei Spielbeginn galten (Revision { $revision }: ein Flussplättchen darf den Fluss einsperren, ein Abt darf ein von seinem Plättchen fertiggestelltes Gebiet verlassen)
rules-no-reminders = keine Erinnerungen
rules-reminders = Erinnerung alle { $hours } h
rules-computers = Computerspieler: { $level }
rules-reply = **Die Regeln dieses Spiels**: { $rules }.
    { $summary }
rules-summary = Lege in deinem Zug das gezogene Plättchen an die Landschaft, jede Kante passend (Stadt an Stadt, Straße an Straße, Wiese an Wiese); dann darfst du einen Gefolgsmann auf dieses Plättchen setzen, in eine Stadt, auf eine Straße, eine Wiese oder ein Kloster, wo noch niemand steht. Fertige Straßen zählen 1 je Plättchen, Städte 2 je Plättchen und Wappen, Klöster 9; dann kommen die Gefolgsleute zurück. Am Ende zählen unfertige Gebiete 1 je Plättchen und Wappen (Kloster: 1 + Nachbarn), dann zählen die Wiesen für die fertigen Städte, an die sie grenzen. Bei Gleichstand punkten alle.

# Turn lines.
move-placed = **{ $name }** legt { $tile } bei [{ $x },{ $y }] mit Drehung { $rotation }
move-with = und setzt { $figure } auf { $spot }
move-recall = und ruft den Abt zurück
move-tower = und baut ein Turmteil bei [{ $x },{ $y }]
move-guard = und setzt einen Gefolgsmann oben auf den Turm bei [{ $x },{ $y }], der damit fertig ist
move-guard-large = und setzt den großen Gefolgsmann oben auf den Turm bei [{ $x },{ $y }], der damit fertig ist
figure-knight = einen Ritter
figure-thief = einen Wegelagerer
figure-farmer = einen Bauern
figure-monk = einen Mönch
figure-abbot = den Abt
figure-guard = einen Turmwächter
figure-large-knight = den großen Ritter
figure-large-thief = den großen Wegelagerer
figure-large-farmer = den großen Bauern
figure-large-monk = den großen Mönch
figure-large-abbot = den großen Abt
figure-large-guard = den großen Turmwächter
figure-builder = den Baumeister
figure-pig = das Schwein
goods-wine = { $name } nimmt { $n }× Wein aus der fertigen Stadt.
goods-grain = { $name } nimmt { $n }× Getreide aus der fertigen Stadt.
goods-cloth = { $name } nimmt { $n }× Stoff aus der fertigen Stadt.
tile-set-aside = (Plättchen { $tile } passt nirgends und wird beiseitegelegt.)
builder-extra = { $name } baut weiter: der Baumeister bringt in diesem Zug ein zweites Plättchen.
count-tiles = { $n ->
    [one] { $n } Plättchen
   *[other] { $n } Plättchen
}
count-pennants = { $n ->
    [one] { $n } Wappen
   *[other] { $n } Wappen
}
count-tokens = { $n ->
    [one] { $n } Ware
   *[other] { $n } Waren
}
reason-city = Stadt
reason-road = Straße
reason-cloister = Kloster
reason-garden = Garten
reason-farm = Wiese
reason-goods = Waren
reason-fairy = Fee
score-line = { $who } +{ $points } ({ $what }).
score-line-detail = { $who } +{ $points } ({ $what }: { $detail }).

# The turn message.
direction-north = Norden
direction-north-east = Nordosten
direction-east = Osten
direction-south-east = Südosten
direction-south = Süden
direction-south-west = Südwesten
direction-west = Westen
direction-north-west = Nordwesten
off-picture = (außerhalb des Bildes: Pfeil nach { $direction })
since-last-turn = Seit deinem letzten Zug (im Bild nummeriert): { $moves }
next-computer = Als Nächstes: { $seat } { $name } (Computer) — gezogenes Plättchen { $tile }; sein Zug folgt gleich.
next-person = Als Nächstes: { $seat } { $mention } — gezogenes Plättchen { $tile }. Drücke **Legen** oder tippe /carcassonne legen.
ransom-possible = Du kannst zuerst 3 Punkte zahlen, um einen gefangenen Gefolgsmann zurückzuholen (/carcassonne lösegeld).
button-place = Legen
button-ransom = Lösegeld zahlen (3 Punkte)
button-whole-board = Ganze Landschaft
scores-line = Punkte: { $scores }

status-lobby = Runde: { $n } Spieler.
status-to-play = ◀ am Zug
status-large = großer Gefolgsmann
status-builder = Baumeister
status-pig = Schwein
status-abbot = Abt
status-goods = Waren: { $wine } Wein, { $grain } Getreide, { $cloth } Stoff
status-towers = { $n } Turmteile
status-prisoners = hält gefangen: { $held }
status-seat = **{ $points }** { $points ->
    [one] Punkt
   *[other] Punkte
}, { $followers } Gefolgsleute übrig
status-beside-board = neben der Landschaft
status-dragon = 🐉 Drache: { $dragon } · 🧚 Fee: { $fairy }
status-set-aside = { $n } Drachenplättchen bis zu einem Vulkan beiseitegelegt
status-pace = ⏱ Mittlere Zeit pro Zug in dieser Partie: { $list }
status-drawn = Gezogenes Plättchen: { $tile } · danach noch { $n } Plättchen

# The end of a game.
plural-city = Städte
plural-road = Straßen
plural-cloister = Klöster
plural-garden = Gärten
plural-farm = Wiesen
plural-goods = Waren
plural-fairy = Fee
final-title = **Das letzte Plättchen liegt: Schlusswertung.**
final-pace = ⏱ Die Partie dauerte { $length }; der langsamste Zug: { $name }, { $time }.
duration-d = { $n } T
duration-h = { $n } Std
duration-min = { $n } Min
duration-s = { $n } s
final-seat = **{ $name }**: { $total } (Spiel { $game } + { $parts })
final-winners = 🏆 { $count ->
    [one] Es gewinnt { $names }
   *[other] Es gewinnen { $names }
}!
final-rematch = Noch einmal mit denselben Plätzen: **Revanche**.
button-rematch = Revanche
button-standings = Rangliste
button-replay = Wiederholung

# Starting a game.
start-not-creator = Nur { $creator } (hat die Runde eröffnet) kann starten.
start-too-few = Ein Spiel braucht mindestens 2 Spieler: lade jemanden ein oder füge einen Computerspieler hinzu.
start-headline = **Das Spiel beginnt!**
start-seats = Plätze in Zugreihenfolge: { $seats }.
colour-red = rot
colour-blue = blau
colour-green = grün
colour-yellow = gelb
colour-black = schwarz
colour-pink = rosa

# Placing by buttons.
choice-follower = Gefolgsmann auf { $spot }
choice-large = Großer Gefolgsmann auf { $spot }
choice-builder = Baumeister auf { $spot }
choice-pig = Schwein auf { $spot }
choice-abbot = Abt auf { $spot }
choice-recall = Den Abt zurückholen
choice-tower = Turmteil bei { $at }
choice-tower-capture = Turm bei { $at }, { $spot } bei { $on } gefangen nehmen
choice-guard-large = Großer Gefolgsmann auf den Turm bei { $at }
choice-guard = Gefolgsmann auf den Turm bei { $at }
choice-portal-large = Portal: großer Gefolgsmann auf { $spot } bei { $at }
choice-portal = Portal: Gefolgsmann auf { $spot } bei { $at }
choice-fairy = Fee nach { $at }
choice-princess = Burgfräulein: den Ritter bei { $at } heimschicken
choice-none = Keine Figur
tap-earlier = Dieser Knopf gehört zu einem früheren Zug. Nimm die neueste Zugnachricht.
tap-dragon = Der Drache ist auf seiner Reise: warte auf ihn.
tap-earlier-cells = ◀ Frühere Felder
tap-more-cells = Weitere Felder ▶
tap-page = (Seite { $page } von { $pages })
tap-step1 = { $tile } legen. Schritt 1 von 4: wähle ein Feld — die grünen Felder im Zugbild{ $more }.
tap-no-fit = { $tile } passt nicht bei [{ $x },{ $y }].
tap-step2 = Schritt 2 von 4: **{ $tile }** passt bei [{ $x },{ $y }] mit Drehung { $rotations }. Wähle eine Drehung (das Bild zeigt jede mit ihren Nachbarn).
tap-back = ◀ Zurück
tap-step3 = Schritt 3 von 4: **{ $tile }** bei [{ $x },{ $y }] mit Drehung { $rotation }°. Eine Figur einsetzen? (Das Bild benennt jeden Ort.)
tap-not-possible = { $choice } ist nach diesem Legen nicht möglich.
tap-no-figure = keiner Figur
tap-confirm = Bestätigen
tap-step4 = Schritt 4 von 4: **{ $tile }** bei [{ $x },{ $y }] mit Drehung { $rotation }° legen, mit { $what } (`{ $typed }`)? Drücke **Bestätigen**.
tap-other-cell = Anderes Feld
button-no-follower = Kein Gefolgsmann

# Wörter auf Bildern.
pic-drawn = gezogen: { $tile }
pic-drawn-left = gezogen: { $tile } · { tiles-left }
pic-final-scores = Endwertung
pic-final-sub = Spiel { $game } · Ende { $end }
pic-final-sub-winner = Spiel { $game } · Ende { $end }  ★ Sieg
pic-end-points = Punkte der Schlusswertung
pic-graph-title = Punkte im Lauf des Spiels
pic-graph-axis = Zug
pic-replay-title = Wiederholung · Zug { $turn } von { $total }
pic-timelapse-tile = Plättchen { $n } von { $total }
pic-timelapse-final = Endstand
pic-preview-rotation = { $tile } Drehung { $degrees }
pic-col-city = Stadt
pic-col-road = Straße
pic-col-cloister = Kloster
pic-col-garden = Garten
pic-col-farm = Wiese
pic-col-goods = Waren
pic-col-fairy = Fee
pic-board-title = Zug { $turn } · { tiles-left }
pic-move-preview = Dein Zug, noch nicht gelegt
move-fairy = und stellt die Fee auf [{ $x },{ $y }]
move-portal = und setzt durch das magische Portal { $figure } auf { $spot } bei [{ $x },{ $y }]
move-princess = und die Prinzessin schickt den Ritter bei [{ $x },{ $y }] nach Hause
cannot-do = Das geht nicht: { $reason }.
no-such-set = Es gibt keine Erweiterung namens { $set }.
players-range = Ein Spiel hat 2 bis 6 Spieler.
reminders-max = Erinnerungen können höchstens 336 Stunden (zwei Wochen) auseinanderliegen.
resign-not-seated = Nur wer mitspielt, kann aufgeben.
lobby-expired = Die Runde hier wurde geschlossen: { $why }.
game-expired = Das Spiel hier ist beendet: { $why }. Es steht in /carcassonne history.
ending-lobby = niemand hat sie innerhalb von { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} gestartet
ending-abandoned = niemand hat { $days ->
    [one] seit { $days } Tag
   *[other] seit { $days } Tagen
} gezogen
ending-channel-gone = sein Kanal ist weg
ending-left-server = der Bot hat den Server verlassen
damaged-game = Das gespeicherte Spiel dieses Kanals lässt sich nicht lesen ({ $reason }). Wer den Kanal verwaltet, kann es mit /carcassonne abort entfernen.
damaged-not-manager = Nur wer diesen Kanal verwalten kann, darf ein beschädigtes Spiel entfernen.
damaged-removed = Der beschädigte Spieleintrag dieses Kanals wurde entfernt.
earlier-game = Dieser Knopf gehört zu einem früheren Spiel in diesem Kanal.
storage-unreadable = Das Spiel dieses Kanals lässt sich gerade nicht lesen (ein Speicherproblem bei uns); nichts wurde geändert. Bitte versuche es gleich noch einmal.
try-again = Versuche es noch einmal.
internal-nothing-changed = Bei uns ist etwas schiefgegangen; nichts wurde geändert. Bitte versuche es noch einmal.
storage-conflict = Dieses Spiel wurde im selben Moment von jemand anderem geändert, daher wurde dein Befehl nicht ausgeführt. Sieh mit /carcassonne status nach und versuche es noch einmal.
storage-uncertain = Das Spiel ließ sich nicht sicher speichern (ein Speicherproblem bei uns): Dein Befehl wurde vielleicht gespeichert, vielleicht nicht. Sieh mit /carcassonne status nach, bevor du es noch einmal versuchst.
bot-failed = Bei uns ist etwas schiefgegangen. Sieh mit /carcassonne status nach, wo das Spiel steht, bevor du es noch einmal versuchst.
bot-unreadable-argument = Das konnte ich nicht lesen: { $error }
bot-button-outdated = Dieser Knopf ist veraltet. Mit /carcassonne board siehst du das Spiel, wie es jetzt ist.
bot-thread-name = Carcassonne mit { $name }
bot-game-open-in = Das Spiel ist eröffnet in { $channel }.
bot-thread-not-allowed = Für ein Spiel in einem neuen Thread brauchst du hier die Berechtigungen, öffentliche Threads zu erstellen und in Threads zu schreiben, und die hast du nicht. Eröffne es stattdessen in diesem Kanal (ohne `thread`).
bot-thread-required = Dieser Server eröffnet jedes Spiel in einem eigenen Thread: Lass `thread: false` weg.
typed-tower = { $typed }: schreibe ein Turmteil als „tower x,y“ oder „tower x,y capture x,y Platz“
typed-fairy = { $typed }: schreibe die Fee als „fairy x,y“
typed-princess = { $typed }: schreibe den Ritter, den die Prinzessin nach Hause schickt, als „princess x,y city:N“
typed-portal = { $typed }: schreibe einen Gefolgsmann durch das Portal als „portal x,y road:E“
typed-guard = { $typed }: schreibe eine Turmwache als „guard x,y“

# Ein Plättchen in Worten.
tile-cloister = Kloster
tile-city = { $n ->
    [one] Stadt
   *[other] { $n } Städte
}
tile-city-cap = { $n ->
    [one] Stadtrand
   *[other] { $n } Stadtränder
}
tile-city-band = { $n ->
    [one] Stadtband
   *[other] { $n } Stadtbänder
}
tile-city-corner = { $n ->
    [one] Stadtecke
   *[other] { $n } Stadtecken
}
tile-city-three = { $n ->
    [one] dreiseitige Stadt
   *[other] { $n } dreiseitige Städte
}
tile-city-four = { $n ->
    [one] Stadt an allen Seiten
   *[other] { $n } Städte an allen Seiten
}
tile-with-shield = { $what } mit Wappen
tile-with-cathedral = { $what } mit Kathedrale
tile-road-end = { $n ->
    [one] Straßenende
   *[other] zwei Straßenenden
}
tile-road-straight = gerade Straße
tile-road-curve = Straßenkurve
tile-crossroads = Kreuzung mit { $n } Straßen
tile-roads = { $n } Straßen
tile-with-inn = { $what } mit Gasthaus
tile-river-spring = Flussquelle
tile-river-lake = Flusssee
tile-river = Fluss
tile-volcano = Vulkan
tile-dragon = Drache
tile-portal = Zauberportal
tile-tower = Turmfundament
tile-princess = Prinzessin
tile-field = Wiese

# Warum die Regeln einen Zug ablehnen.
err-wrong-decision = darauf wartet das Spiel gerade nicht
err-no-abbot = du hast keinen Abt auf dem Spielfeld, den du zurückrufen könntest
err-abbot-completed = das Kloster oder der Garten deines Abts bei { $at } ist fertig: er zählt am Ende dieses Zuges 9 Punkte und kann nicht zurückgerufen werden
err-not-drawn = gezogen ist { $drawn }, nicht { $asked }
err-tile-none-left = es ist kein Plättchen { $tile } mehr zu ziehen
err-river-first = zuerst kommt der Fluss: { $tile } kann nicht gelegt werden, solange Flussplättchen übrig sind
err-lake-early = der See beendet den Fluss; die anderen Flussplättchen kommen vorher
err-river-disconnected = ein Flussplättchen muss den Fluss bei { $at } fortsetzen
err-river-u-turn = der Fluss darf nicht zweimal hintereinander in dieselbe Richtung abbiegen (das wäre eine Kehre)
err-river-trapped = dort würde der Fluss in sich selbst laufen: ein noch kommendes Flussplättchen fände keinen Platz
err-cannot-discard = { $tile } passt bei { $at }, also kann es nicht abgelegt werden
err-fits-nowhere = { $tile } passt nirgends in die Landschaft und wird abgelegt
err-garden-not-in-game = Gartenplättchen gibt es nur mit dem Abt
err-no-garden-left = kein Gartenplättchen { $tile } ist mehr zu ziehen
err-only-gardens = die übrigen Plättchen { $tile } sind alle Gartenplättchen
err-spot = { $typed } ist kein Platz für eine Figur; schreibe city:N, road:E, field:SSW, field:inner, cloister, garden oder tower
err-no-such-place = Plättchen { $tile } mit Drehung { $rotation }° hat kein { $spot }
err-occupied = { $spot } gehört zu einem Gebiet, das anderswo schon besetzt ist
err-none-left = du hast { $kind ->
    [large] keinen großen Gefolgsmann
    [builder] keinen Baumeister
    [pig] kein Schwein
    [abbot] keinen Abt
   *[other] keine Gefolgsleute
} mehr
err-no-farmers = Bauern sind in diesem Spiel nicht dabei
err-corner-place = { $kind } kommt auf ein Gebiet, nicht auf eine Ecke des Plättchens (dort steht nur ein Stall)
err-closed-field = in die Wiese bei { $spot } des Plättchens bei { $on } darf kein Bauer: dort steht ein Stall
err-figure-not-in-game = diese Figur ist in diesem Spiel nicht dabei: { $figure }
err-garden-abbot = nur der Abt darf in einen Garten
err-abbot-place = der Abt kommt nur in ein Kloster oder einen Garten, nicht auf { $spot }
err-builder-place = der Baumeister kommt nur auf eine Straße oder in eine Stadt, nicht auf { $spot }
err-pig-place = das Schwein kommt nur auf eine Wiese, nicht auf { $spot }
err-needs-own-follower = { $kind ->
    [pig] das Schwein
   *[other] der Baumeister
} braucht einen deiner Gefolgsleute, der schon in diesem Gebiet steht ({ $spot })
err-princess-not-in-game = Burgfräulein und Drache sind in diesem Spiel nicht dabei
err-volcano = auf ein Vulkanplättchen kommt keine Figur: dort landet der Drache
err-dragon-here = der Drache steht bei { $at }: dorthin darf keine Figur
err-no-princess = auf dem gerade gelegten Plättchen ist keine Prinzessin
err-princess-first = die Prinzessin kommt in eine Stadt mit Rittern: Schicke einen davon nach Hause (sonst wird in diesem Zug nichts eingesetzt)
err-not-a-knight = in der Stadt der Prinzessin steht kein Ritter auf { $spot } des Plättchens bei { $on }
err-no-tile = bei { $at } liegt kein Plättchen
err-fairy-there = die Fee steht schon bei { $at }
err-fairy-needs-follower = die Fee geht nur auf ein Plättchen mit einem deiner Gefolgsleute, und bei { $at } hast du keinen
err-dragon-empty = der Drache kann nicht nach { $direction } auf { $to }: dort liegt kein Plättchen
err-dragon-visited = der Drache kann nicht nach { $direction } auf { $to }: dort war er auf dieser Reise schon
err-dragon-fairy = der Drache kann nicht nach { $direction } auf { $to }: die Fee schützt dieses Plättchen
err-no-portal = auf ein anderes Plättchen kommt ein Gefolgsmann nur nach dem Legen eines Zauberportals
err-portal-figure = nur ein Gefolgsmann (normal, groß, ein Bürgermeister oder ein Wagen) geht durch ein Zauberportal
err-tile-has-no-place = das Plättchen bei { $on } hat kein { $spot }
err-occupied-at = { $spot } des Plättchens bei { $on } gehört zu einem schon besetzten Gebiet
err-complete-at = { $spot } des Plättchens bei { $on } gehört zu einem schon fertigen Gebiet
err-tower-not-in-game = der Turm ist in diesem Spiel nicht dabei
err-no-pieces = du hast keine Turmteile mehr
err-no-foundation = das Plättchen bei { $at } hat kein Turmfundament
err-guarded = der Turm bei { $at } ist geschlossen: oben steht ein Gefolgsmann
err-out-of-reach = { $on } ist außer Reichweite des Turms bei { $at }: mit Höhe { $height } reicht er { $height ->
    [one] { $height } Plättchen
   *[other] { $height } Plättchen
} gerade nach Norden, Osten, Süden und Westen
err-no-follower = auf { $spot } des Plättchens bei { $on } steht kein Gefolgsmann
err-not-capturable = nur Gefolgsleute (normale, große, ein Bürgermeister oder ein Wagen) können gefangen genommen werden
err-castle-lord = der Burgherr der Burg bei { $at } kann nicht gefangen genommen werden
err-only-tower = auf ein anderes als das gerade gelegte Plättchen kommt eine Figur nur oben auf einen Turm, nicht auf { $spot }
err-guard-figure = das kann nur ein normaler oder großer Gefolgsmann
err-no-tower-yet = bei { $at } steht noch kein Turm, auf den man sich stellen könnte (zuerst ein Turmteil)
err-no-prisoner = Platz { $seat } hält keinen deiner Gefolgsleute gefangen
computer-name = Computer { $n }
pic-letter-builder = B
pic-letter-pig = S
pic-letter-dragon = D
pic-letter-fairy = F
ending-resigned = alle Spieler haben aufgegeben
ending-aborted = abgebrochen von { $name }
ending-removed = { $player } entfernt von { $moderator }
seat-resigned = { $name } (aufgegeben)

# Zugzeit, Abwesenheit, Ruhezeit und Übersicht.
clock-off = aus
clock-max = Eine Zugzeit ist höchstens 168 Stunden (eine Woche).
while-away-wait = das Spiel wartet
while-away-computer = der Computer spielt für sie
settings-clock = Zeit pro Zug: { $clock }
settings-while-away = Ist ein Spieler weg: { $what }
rules-clock = { $clock } pro Zug
rules-clock-always = { $clock } pro Zug (die Uhr steht nie)
rules-away-computer = der Computer spielt für Abwesende
clock-warning = ⏳ { $mention }, noch { $left } auf deiner Uhr für **{ $tile }**.
clock-out = ⌛ Die Zeit von { $name } für diesen Zug ist um: der Computer spielt ihn.
clock-out-seat = { $name } hat { $n }-mal nacheinander die Zeit überschritten: der Computer übernimmt den Platz, bis { $name } zurückkommt (`/carcassonne return`).
status-clock = ⏳ { $name }: noch { $left }
status-clock-stopped = ⏳ { $name }: noch { $left } (die Uhr steht)
status-away = 🏖️ { $name } ist weg bis { $until }
turn-away = 🏖️ { $name } ist weg bis { $until }; das Spiel wartet.
absent-is-away = { $name } hat gesagt, dass er oder sie weg ist: das Spiel wartet.
me-bad-zone = Die Zeitzone { $zone } kenne ich nicht. Wähle eine aus der Liste (etwa Europe/Berlin oder America/New_York).
me-bad-time = { $time } ist keine Uhrzeit: schreib sie wie 23:00 oder 8.
me-quiet-same = Eine Ruhezeit braucht verschiedene Anfangs- und Endzeiten (etwa 23:00 bis 08:00).
me-quiet-long = Eine Ruhezeit darf höchstens { $n } Stunden am Tag dauern (deine Spiele warten in ihr auf dich).
me-away-max = Du kannst höchstens { $n } Tage am Stück weg sein.
me-not-away = Du bist nicht als abwesend gemeldet.
me-zone = Zeitzone: { $zone } (dort ist es { $time })
me-quiet = Ruhezeit: { $from }–{ $to }: dann erreicht dich nichts; es wartet bis zu ihrem Ende.
me-quiet-none = Ruhezeit: keine
me-away = Weg bis { $until }
me-here = Abwesend: nein
me-digest = Tägliche Übersicht um { $time } (keine Erwähnung pro Zug)
me-digest-off = Tägliche Übersicht: aus
away-wait = 🏖️ { $name } ist weg bis { $until }: das Spiel wartet.
away-used-up = { $name } hat die { $n } Tage Abwesenheit, die dieses Spiel gewährt, aufgebraucht: Es geht weiter, ohne zu warten.
away-computer = 🏖️ { $name } ist weg bis { $until }: bis dahin spielt der Computer für { $name }.
away-back = 👋 { $name } ist zurück.
away-over = 👋 Willkommen zurück: deine Abwesenheit ist vorbei.
quiet-over = 🌅 Deine Ruhezeit ist vorbei. Inzwischen:
digest-none = Kein Spiel wartet auf dich.
digest-title = 📬 { $n ->
    [one] Ein Spiel wartet auf dich:
   *[other] { $n } Spiele warten auf dich:
}
digest-line = • { $channel }: du bist seit { $waited } am Zug
panel-away = { $name } (weg)
me-quiet-both = Gib beide Enden deiner Ruhezeit an: ruhe_ab und ruhe_bis (etwa 23:00 und 08:00).

# Abtei & Bürgermeister
figure-mayor = Bürgermeister
figure-wagon = Wagen
figure-barn = Stall
status-mayor = Bürgermeister
status-wagon = Wagen
status-barn = Stall
status-abbey = Abtei auf der Hand
choice-mayor = Bürgermeister auf { $spot }
choice-wagon = Wagen auf { $spot }
choice-barn = Stall auf { $spot }
move-abbey = **{ $name }** hat die Abtei auf [{ $x },{ $y }] gelegt
tap-abbey = Entscheide dich zuerst zwischen deiner Abtei und dem Ziehen: die Knöpfe der Zugnachricht.
tap-wagon = Ein Wagen fährt weiter: warte auf seinen Besitzer.
button-draw = Plättchen ziehen
button-abbey = Abtei auf { $at }
button-wagon = Wagen nach { $spot } auf { $at }
button-wagon-home = Wagen zurücknehmen
err-no-abbey = du hast deine Abtei schon gelegt
err-abbey-on-tile = auf { $at } liegt schon ein Plättchen: die Abtei kommt in ein Loch
err-not-a-hole = die Abtei kommt nur in ein Loch, einen leeren Platz mit Plättchen an allen vier Seiten, und { $at } ist keins
err-mayor-place = der Bürgermeister kommt nur in eine Stadt, nicht auf { $spot }
err-wagon-place = der Wagen kommt nur auf eine Straße, eine Stadt oder ein Kloster, nicht auf { $spot }
err-barn-place = der Stall kommt auf eine Ecke des Plättchens (corner:NW, corner:NE, corner:SE oder corner:SW), nicht auf { $spot }
err-no-barn-corner = der Stall braucht vier Plättchen, die an der Ecke { $corner } zusammenstoßen, jedes mit Wiese dort
err-barn-there = in der Wiese an der Ecke { $corner } steht schon ein Stall
err-barn-field = in eine Wiese mit Stall darf kein Bauer
err-wagon-far = der Wagen auf { $from } fährt nur auf sein eigenes Plättchen oder eines der acht ringsum, nicht nach { $to }
err-wagon-unlinked = { $spot } auf dem Plättchen bei { $on } ist nicht mit dem Gebiet verbunden, das der Wagen verlässt (Regel der 1. Edition: das Ende einer Straße an Stadt, Kloster oder Kreuzung, die Torstraße einer Stadt, eine Abtei, die es abschloss)
err-wagon-complete = { $spot } des Plättchens auf { $on } ist fertig: der Wagen fährt nur zu einem unfertigen Gebiet
err-wagon-occupied = auf { $spot } des Plättchens auf { $on } steht schon eine Figur
err-wagon-blocked = auf { $at } darf jetzt keine Figur (dort ist der Drache)
typed-abbey = { $typed }: schreibe die Abtei als „abbey x,y“, „abbey x,y cloister“ (mit Figur) oder „abbey draw“
typed-wagon = { $typed }: schreibe die Fahrt des Wagens als „wagon x,y road:E“ oder „wagon home“, um ihn zurückzunehmen
button-abbey-pass = Keine Abtei
err-portal-place = { $figure }: nicht auf { $spot }
choice-portal-figure = Portal: { $figure } auf { $spot } bei { $at }

# Hügel & Schafe
reason-flock = Herde
reason-castle = Burg
figure-shepherd = Schäfer
status-shepherd = Schäfer
choice-shepherd = Schäfer auf { $spot }
count-sheep = { $n ->
    [one] { $n } Schaf
   *[other] { $n } Schafe
}
tiles-buried = { $n ->
    [one] 1 Plättchen liegt
   *[other] { $n } Plättchen liegen
} unter Hügeln, aus dem Spiel und ungesehen.
tile-hill = Hügel
tile-vineyard = Weinberg
status-flock = 🐑 Herde von { $n }
status-sheep-bag = 🐑 Schafbeutel: { $tokens } Plättchen — { $wolves } Wölfe, { $one }×1, { $two }×2, { $three }×3, { $four }×4 Schafe
token-wolf = Wolf
err-shepherd-place = der Schäfer kommt nur auf eine Wiese, nicht auf { $spot }
err-shepherd-there = auf der Wiese von { $spot } steht schon ein Schäfer
err-not-in-bag = im Schafbeutel liegt jetzt kein Plättchen „{ $token }“
err-no-such-token = ein Plättchen zeigt 1 bis 4 Schafe oder einen Wolf, nicht { $n } Schafe
typed-flock = { $typed }: schreibe „flock grow“, um für deine Herde ein Plättchen zu ziehen, oder „flock home“, um sie heimzutreiben und zu werten
button-flock-grow = Herde wachsen lassen (ziehen)
button-flock-home = Heimtreiben (+{ $points })
tap-flock = Zuerst entscheidet der Besitzer eines Schäfers über seine Herde: warte auf ihn.
flock-bag = { $tokens } Plättchen im Beutel, davon { $wolves } Wölfe, zusammen { $sheep } Schafe

# Brücken, Burgen & Basare
tile-bazaar = Basar
status-castles = 🏰 { $n ->
    [one] { $n } Burg
   *[other] { $n } Burgen
} im Vorrat
typed-castle = { $typed }: schreibe „castle build“, um auf der kleinen Stadt eine Burg zu bauen, oder „castle score“, um sie als Stadt zu werten
button-castle-build = Burg bauen
button-castle-score = Stadt werten (+{ $points })
tap-castle = Zuerst entscheidet der Besitzer eines Gefolgsmanns, ob seine kleine Stadt eine Burg wird: warte auf ihn.

status-bridges = 🌉 { $n ->
    [one] { $n } Brücke
   *[other] { $n } Brücken
} im Vorrat
typed-bridge = { $typed }: schreibe „bridge x,y Drehung x,y N-S|W-E“: Feld und Drehung des Plättchens, dann das Plättchen für die Brücke (das gelegte oder eines daneben) und ihre Linie, z. B. „bridge 1,1 90 0,1 W-E“
bridge-figure-ask = Dein Plättchen kommt mit der Brücke dorthin. Wohin kommt deine Figur?
bridge-choice = Plättchen bei { $at } mit Drehung { $rotation }°, Brücke auf { $on } { $axis }
axis-ns = von Nord nach Süd
axis-we = von West nach Ost
move-bridge-here = mit einer Brücke darauf ({ $axis })
move-bridge-beside = mit einer Brücke auf dem Plättchen bei { $at } ({ $axis })
err-bridge-none-left = du hast keine Brücke mehr
err-bridge-too-far = eine Brücke kommt auf das gelegte Plättchen oder eines daneben, nicht auf { $at }
err-bridge-no-tile = bei { $at } liegt kein Plättchen für eine Brücke
err-bridge-has-one = das Plättchen bei { $at } hat schon eine Brücke
err-bridge-not-fields = eine Brücke überspannt zwei Wiesenkanten, und das Plättchen bei { $at } hat { $axis } keine Wiesen
err-bridge-end-meets = das Ende der Brücke im { $side } auf dem Plättchen bei { $at } träfe auf { $theirs }, nicht auf eine Straße
err-bazaar-not-on-offer = der Basar bietet die Plättchen 1 bis { $count }, nicht { $tile }
err-bazaar-taken = Plättchen { $tile } des Basars ist schon vergeben
err-bazaar-no-auction = der Basar dieses Spiels hat keine Versteigerung: wähle ein Plättchen, ohne Gebot
err-bazaar-too-poor = du kannst nicht { $bid } bieten: du hast { $score } Punkte
err-bazaar-not-higher = ein Gebot muss höher sein als { $current }
err-bazaar-cannot-pay = du kannst { $bid } mit deinen { $score } Punkten nicht zahlen: verkaufe das Plättchen
err-bazaar-not-taken = dieser Zug beginnt mit dem Plättchen, das du auf dem Basar bekommen hast
typed-bazaar = { $typed }: schreibe "bazaar 2 3", um Plättchen 2 des Basars zu wählen und 3 zu bieten, "bazaar raise 4", um 4 zu bieten, "bazaar pass", "bazaar buy" oder "bazaar sell"
tap-bazaar = Zuerst kommt die Versteigerung des Basars: warte auf den Spieler, den sie fragt.
button-bazaar-tile = Plättchen { $tile }, Gebot { $bid }
button-bazaar-pass = Passen
button-bazaar-raise = { $bid } bieten
button-bazaar-buy = Kaufen (zahle { $bid })
button-bazaar-sell = Verkaufen (erhalte { $bid })
status-bazaar-bid = 🏪 Plättchen { $tile }: { $who } bietet { $bid }

# Hints (the computer's suggestion for a turn, in games that allow them).
rules-hints = Tipps an
button-hint = Tipp
hints-off = Dieses Spiel wurde ohne Tipps eröffnet: Wer ein Spiel eröffnet, kann sie mit `tipps: True` in `/carcassonne new` erlauben.
hint-move = 💡 Der Computer würde { $moves } spielen. Nur du siehst das; den Zug machst du selbst.
hint-none = 💡 Der Computer findet hier keinen Zug zum Vorschlagen.
