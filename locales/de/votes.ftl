# Züge zurücknehmen, abwesende Spieler, Erinnerungen und die besonderen Momente der Erweiterungen.

undo-over = Das Spiel ist vorbei: Züge lassen sich nicht mehr zurücknehmen.
undo-not-player = Nur Mitspielende können einen Zug zurücknehmen.
undo-dragon = Der Drache ist unterwegs: Ein Zug lässt sich zurücknehmen, sobald er gelandet ist.
undo-ransom = In diesem Zug wurde Lösegeld gezahlt: Lege erst das Plättchen, dann frage.
undo-limit = In diesem Spiel wurden schon { $n } Züge zurückgenommen, mehr geht nicht: Spielt von hier aus weiter.
undo-no-move = Du hast noch keinen Zug gemacht.
undo-pending = { $name } hat schon gebeten, einen Zug zurückzunehmen; die anderen antworten gerade.
undo-ask = { $who } möchte den letzten Zug zurücknehmen. { $voters }: Einverstanden? Alle müssen zustimmen; ein Nein lässt den Zug stehen.
undo-ask-more = { $who } möchte den letzten Zug und { $later ->
    [one] den Zug
   *[other] die { $later } Züge
} danach zurücknehmen. { $voters }: Einverstanden? Alle müssen zustimmen; ein Nein lässt den Zug stehen.
undo-button-agree = Zurücknehmen, einverstanden
undo-button-keep = Zug bleibt
undo-none = Gerade bittet niemand darum, einen Zug zurückzunehmen.
undo-lapsed = Das Spiel ist seit dieser Bitte weitergegangen: Sie ist verfallen.
undo-answer-not-player = Nur Mitspielende können antworten.
undo-asker = Du hast gefragt: Die anderen antworten.
undo-agreed-already = Du hast schon zugestimmt.
undo-refused = { $who } lässt den Zug stehen: Die Bitte von { $asker } ist abgelehnt.
undo-agrees = { $who } stimmt zu. Es fehlen noch: { $waiting }.
undo-set-aside = Seit diesem Zug wurde ein Drachenplättchen beiseitegelegt: Er lässt sich nicht mehr zurücknehmen.
undo-impossible = Dieser Zug lässt sich nicht mehr zurücknehmen (die seitdem gezogenen Plättchen können nicht so zurückgelegt werden, wie sie waren).
undo-tile = Plättchen { $tile }
undo-tile-at = Plättchen { $tile } bei [{ $x },{ $y }]
undo-and-later = , und { $n ->
    [one] der Zug
   *[other] { $n } Züge
} danach
undo-done = ↩ Der Zug von { $who } ist zurückgenommen ({ $what }). Das Protokoll behält, was zurückgenommen wurde.

absent-button-turn = Computer spielt diesen Zug für { $name }
absent-button-seat = Computer übernimmt den Platz von { $name }
absent-earlier = Diese Abstimmung betrifft einen früheren Zug: Der Spieler hat inzwischen gezogen.
absent-already = { $name } wird schon vom Computer gespielt.
absent-off = Abstimmungen über abwesende Spieler sind bei diesem Bot ausgeschaltet.
absent-not-yet = Abstimmen lässt sich nach { $n } unbeantworteten Erinnerungen.
absent-not-player = Nur Mitspielende können abstimmen.
absent-self = Diese Abstimmung betrifft dich: Spiel einfach deinen Zug (der Knopf Legen).
absent-vote-seat = { $who } stimmt dafür, dass der Computer den Platz von { $name } übernimmt. { $have } von { $need } Stimmen nötig.
absent-vote-turn = { $who } stimmt dafür, dass der Computer diesen Zug für { $name } spielt. { $have } von { $need } Stimmen nötig.
absent-voted-seat = Abgestimmt: Der Computer übernimmt den Platz von { $name }, bis { $name } mit /carcassonne return zurückkommt. Sein Zug folgt gleich.
absent-voted-turn = Abgestimmt: Der Computer spielt diesen Zug für { $name }. Sein Zug folgt gleich.
return-no-seat = Du hast in diesem Spiel keinen Platz.
return-resigned = Du hast dieses Spiel aufgegeben: Der Computer spielt für deinen Platz weiter.
return-playing = Du spielst deinen Platz bereits selbst.
return-welcome = Willkommen zurück, { $name }: Dein Platz gehört wieder dir.
dm-you = du
dm-line = Carcassonne in { $channel }: { $line }

reminder = { $mention } Erinnerung: Du bist im Carcassonne-Spiel hier am Zug (gezogenes Plättchen **{ $tile }**, du spielst als { $seat }). Drücke **Legen** in der letzten Zugnachricht oder nutze /carcassonne place.
reminder-vote = { $n } Erinnerungen blieben unbeantwortet: Die anderen dürfen abstimmen, dass der Computer für { $name } spielt.

ransom-paid-already = Du hast in diesem Zug schon Lösegeld gezahlt.
ransom-other-player = Nenne einen anderen Spieler.
ransom-holds-none = { $name } hält keinen deiner Gefolgsleute gefangen.
ransom-no-prisoner = Niemand hält einen deiner Gefolgsleute gefangen.
ransom-too-poor = Lösegeld kostet 3 Punkte, und du hast { $score }.
ransom-impossible = Dieses Lösegeld ist jetzt nicht möglich.
ransom-no-tower = Lösegeld gehört zum Turm, und dieses Spiel spielt ohne ihn.
ransom-not-your-turn = Nur wer am Zug ist, darf Lösegeld zahlen; { $player } ist am Zug.
ransom-after-placing = Lösegeld wird vor dem Legen des Plättchens gezahlt.
ransom-button = { $name } 3 Punkte für deinen Gefolgsmann zahlen
ransom-button-large = { $name } 3 Punkte für deinen großen Gefolgsmann zahlen
ransom-button-figure = { $name } 3 Punkte für deine Figur zahlen: { $figure }
ransom-whom = Wem zahlst du 3 Punkte, für welchen Gefolgsmann?
ransom-now-place = Lege jetzt dein Plättchen mit /carcassonne place.
prisoner-own = 🏰 { $who } holt { $kind ->
    [large] den eigenen großen Gefolgsmann
    [mayor] den eigenen Bürgermeister
    [wagon] den eigenen Wagen
   *[other] den eigenen Gefolgsmann
} von { $spot } bei [{ $x },{ $y }] zurück.
prisoner-taken = 🏰 { $who } nimmt { $kind ->
    [large] den großen Gefolgsmann
    [mayor] den Bürgermeister
    [wagon] den Wagen
   *[other] den Gefolgsmann
} von { $owner } ({ $spot } bei [{ $x },{ $y }]) gefangen.
prisoner-exchanged = 🔁 { $a } und { $b } hielten Gefolgsleute des anderen gefangen: Sie werden ausgetauscht ({ $aname } bekommt { $akind ->
    [large] einen großen Gefolgsmann
    [mayor] einen Bürgermeister
    [wagon] einen Wagen
   *[other] einen Gefolgsmann
} zurück, { $bname } { $bkind ->
    [large] einen großen Gefolgsmann
    [mayor] einen Bürgermeister
    [wagon] einen Wagen
   *[other] einen Gefolgsmann
}).
prisoner-ransomed = 💰 { $payer } zahlt { $from } 3 Punkte und bekommt { $kind ->
    [large] einen großen Gefolgsmann
    [mayor] einen Bürgermeister
    [wagon] einen Wagen
   *[other] einen Gefolgsmann
} zurück.

dragon-journey-wait = Der Drache ist unterwegs: { $name } zieht ihn als Nächstes (die Richtungsknöpfe).
dragon-earlier = Dieser Knopf gehört zu einem früheren Schritt des Drachen.
dragon-not-journey = Der Drache ist gerade nicht unterwegs.
dragon-not-yours = Diesen Schritt des Drachen macht { $name }, nicht du.
dragon-cannot = Dorthin kann der Drache nicht: { $reason }.
dragon-moved = 🐉 { $who } zieht den Drachen nach { $direction }
dragon-moved-to = 🐉 { $who } zieht den Drachen nach { $direction } auf [{ $x },{ $y }]
dragon-overdue = { $name } hat ihn nicht innerhalb von { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} gezogen, also hat der Bot das übernommen
dragon-sends-home = Er schickt nach Hause: { $figures }.
dragon-computer = { $who } (Computer)
dragon-ask = 🐉 Reise des Drachen, Schritt { $step } von 6: { $who }, zieh den Drachen
dragon-ask-from = 🐉 Reise des Drachen, Schritt { $step } von 6: { $who }, zieh den Drachen von [{ $x },{ $y }]
dragon-ask-computer = ; sein Schritt folgt gleich.
dragon-ask-hours = {" "}(drücke eine Richtung; nach { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} zieht der Bot für dich).
dragon-ask-press = {" "}(drücke eine Richtung).
dragon-button-to = { $arrow } { $direction } auf [{ $x },{ $y }]
dragon-set-aside = (Das Drachenplättchen { $tile } wird beiseitegelegt, bis ein Vulkan liegt; derselbe Spieler zieht noch einmal.)
dragon-flies = 🐉 Der Drache fliegt nach { $path }.
dragon-eaten = Nach Hause geschickt: { $figures }.
back-to-supply = Zurück in den Vorrat: { $figures }.
fairy-gives = 🧚 Die Fee gibt { $who } { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}.
figure-of = { $figure } von { $who }
figure-of-at = { $figure } von { $who } bei [{ $x },{ $y }]
kind-follower = Gefolgsmann
kind-large = großer Gefolgsmann
kind-builder = Baumeister
kind-pig = Schwein
kind-abbot = Abt
kind-mayor = Bürgermeister
kind-wagon = Wagen
kind-barn = Stall
list-and = { $a } und { $b }
follower-ask = { $tile } passt bei [{ $x },{ $y }] mit Drehung { $rotation }. Einen Gefolgsmann einsetzen? (Das Bild benennt jeden Platz.)
alt-preview = Plättchen { $tile } in allen vier Drehungen, mit dem Namen jedes Platzes für Gefolgsleute

undo-wagon = Ein Wagen wartet auf die Entscheidung seines Besitzers: ein Zug lässt sich zurücknehmen, sobald er gefahren ist.
abbey-not-in-game = Abteien und Wagen gehören zu Abtei & Bürgermeister, das in diesem Spiel nicht dabei ist.
abbey-not-now = Die Abtei kommt nur zu Beginn deines Zuges statt des Ziehens ins Spiel, solange es ein Loch gibt.
abbey-earlier = Dieser Knopf gehört zu einem früheren Zug. Nimm die neueste Zugnachricht.
abbey-not-yours = { $name } ist am Zug: nur sie oder er darf jetzt die Abtei legen.
abbey-cannot = Die Abtei kann dort nicht hin: { $reason }.
abbey-wait = { $name } entscheidet sich zuerst zwischen Abtei und Ziehen (die Knöpfe der Zugnachricht oder /abtei).
abbey-figure-ask = Deine Abtei auf [{ $x },{ $y }]. Eine Figur daraufstellen?
abbey-ask = Als Nächstes: { $seat } { $mention } — du darfst statt zu ziehen deine Abtei in ein Loch legen ({ $holes }). Drücke **Plättchen ziehen** oder einen Abtei-Knopf, oder tippe /abtei.
abbey-ask-computer = Als Nächstes: { $who } (Computer), der seine Abtei in ein Loch legen darf ({ $holes }); sein Zug folgt gleich.
wagon-not-now = Gerade wartet kein Wagen auf seine Fahrt.
wagon-earlier = Dieser Knopf gehört zu einer früheren Wagenfahrt.
wagon-not-yours = Diesen Wagen fährt { $name }, nicht du.
wagon-cannot = Der Wagen kann dort nicht hin: { $reason }.
wagon-wait = Das Gebiet eines Wagens wurde gewertet: { $name } fährt ihn zuerst (die Wagen-Knöpfe oder /wagen).
wagon-overdue = { $name } hat nicht innerhalb von { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} entschieden, also hat der Bot das übernommen
wagon-moved = 🛒 Der Wagen von { $who } fährt nach { $spot } auf [{ $x },{ $y }]
wagon-home = 🛒 { $who } nimmt den Wagen zurück
wagon-ask = 🛒 { $who }, dein Wagen auf { $at } wurde gewertet: fahre ihn zu einem unfertigen Gebiet ohne Figur auf seinem Plättchen oder einem der acht ringsum, oder nimm ihn zurück
wagon-ask-linked = 🛒 { $who }, dein Wagen auf { $at } wurde gewertet: fahre ihn zu einem unfertigen Gebiet ohne Figur, das mit dem gewerteten verbunden ist (Straßenende an Stadt, Kloster oder Kreuzung, Torstraße einer Stadt, Abtei), oder nimm ihn zurück
step-ask-hours = {" "}(drücke einen Knopf; nach { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} entscheidet der Bot für dich).
step-ask-press = {" "}(drücke einen Knopf).
abbey-ask-last = Das letzte Plättchen liegt: { $seat } { $mention }, du darfst deine Abtei noch in ein Loch legen ({ $holes }). Drücke einen Abtei-Knopf oder **Keine Abtei**, oder tippe /abtei.
reminder-abbey = { $mention } Erinnerung: Du bist im Carcassonne-Spiel hier am Zug (du spielst als { $seat }): lege deine Abtei in ein Loch oder ziehe ein Plättchen, mit den Knöpfen der letzten Zugnachricht oder /abtei.
step-computer = { $who } (Computer)
step-ask-computer = ; seine Wahl folgt gleich.

# Hügel & Schafe
kind-shepherd = Schäfer
undo-flock = Eine Herde wartet auf die Wahl ihres Besitzers: ein Zug kann zurückgenommen werden, sobald gewählt ist.
flock-not-in-game = Schäfer und Herden gehören zu Hügel & Schafe, das dieses Spiel nicht verwendet.
flock-not-now = Gerade wartet keine Herde auf eine Wahl.
flock-earlier = Dieser Knopf gehört zu einer früheren Wahl über eine Herde.
flock-not-yours = Über diese Herde entscheidet { $name }, nicht du.
flock-cannot = Das geht mit der Herde nicht: { $reason }.
flock-wait = { $name } entscheidet zuerst über die eigene Herde (ihre Knöpfe oder /flock).
flock-overdue = { $name } hat nicht innerhalb von { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} entschieden, also hat der Bot das übernommen
flock-ask = 🐑 { $who }, dein Plättchen erweitert die Wiese deines Schäfers auf { $at } (eine Herde von { $n }): lass sie wachsen und ziehe ein Plättchen ({ $bag }) oder treibe sie jetzt heim für { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}
flock-home = 🐑 { $who } treibt die Herde heim
flock-grow = 🐑 { $who } lässt die Herde wachsen
flock-wolf = 🐺 Ein Wolf! Die Herde von { $name } läuft davon: die Schäfer ihrer Wiese gehen heim.
flock-new = 🐑 Der Schäfer von { $name } sammelt eine Herde: { $n ->
    [one] ein Schaf
   *[other] { $n } Schafe
}.
flock-grows = 🐑 Die Herde von { $name } wächst um { $n ->
    [one] ein Schaf
   *[other] { $n } Schafe
}: { $flock }.
replay-sheep = 🐑 +{ $n } { $n ->
    [one] Schaf
   *[other] Schafe
}.
replay-wolf = 🐺 Ein Wolf: die Herde läuft davon.
replay-flock-home = 🐑 Die Herde geht heim.

# Brücken, Burgen & Basare
undo-castle = Die Wahl einer Burg wartet auf ihren Besitzer: ein Zug kann zurückgenommen werden, sobald gewählt ist.
undo-bazaar = Die Versteigerung des Basars läuft: ein Zug kann zurückgenommen werden, sobald sie vorbei ist.
castle-not-in-game = Burgen gehören zu Brücken, Burgen & Basare, das dieses Spiel nicht verwendet.
castle-not-now = Gerade wartet keine kleine Stadt auf die Wahl einer Burg.
castle-earlier = Dieser Knopf gehört zu einer früheren Wahl einer Burg.
castle-not-yours = Über diese Burg entscheidet { $name }, nicht du.
castle-cannot = Das geht mit der Burg nicht: { $reason }.
castle-wait = { $name } entscheidet zuerst, ob die eigene kleine Stadt eine Burg wird (ihre Knöpfe oder /castle).
castle-overdue = { $name } hat nicht innerhalb von { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} entschieden, also hat der Bot das übernommen
castle-ask = 🏰 { $who }, die kleine Stadt auf { $at } ist fertig, mit deinem Gefolgsmann allein darin: baue dort eine Burg (dein Gefolgsmann bleibt als Burgherr und wertet später die erste Straße, Stadt oder das erste Kloster, das daneben fertig wird; { $left } Burgen im Vorrat) oder werte die Stadt jetzt für { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}
castle-built = 🏰 { $who } baut eine Burg
castle-scored = 🏰 { $who } wertet die Stadt, statt eine Burg zu bauen
replay-castle = 🏰 Eine Burg wird gebaut.

bridge-not-in-game = Brücken gehören zu Brücken, Burgen & Basare, das dieses Spiel nicht verwendet.
bridge-not-now = Eine Brücke wird mit dem Plättchen gelegt, wenn dein gezogenes Plättchen darauf wartet, gelegt zu werden.
bridge-earlier = Dieser Knopf gehört zu einem früheren Zug.
bridge-not-yours = { $name } ist am Zug, nicht du.
bridge-cannot = Plättchen und Brücke passen dort nicht: { $reason }.
bridge-needed = 🌉 Dein Plättchen passt nur mit einer Brücke: lege es mit /bruecke, das zeigt, wo es passt.

bazaar-not-in-game = Basare gehören zu Brücken, Burgen & Basare, das dieses Spiel nicht verwendet.
bazaar-not-now = Kein Basar wartet gerade auf dich.
bazaar-earlier = Dieser Knopf gehört zu einem früheren Schritt des Basars.
bazaar-not-yours = Der Basar wartet auf { $name }, nicht auf dich.
bazaar-cannot = Das nimmt der Basar nicht an: { $reason }.
bazaar-wait = { $name } ist zuerst auf dem Basar gefragt (seine Knöpfe oder /basar).
bazaar-overdue = { $name } hat nicht innerhalb von { $hours ->
    [one] { $hours } Stunde
   *[other] { $hours } Stunden
} geantwortet, also hat der Bot für sie geantwortet
bazaar-offer = 🏪 Basar: { $tiles }
bazaar-lot-taken = { $tile } → { $who }
bazaar-ask-choose = 🏪 { $who }, wähle ein Plättchen des Basars und biete dafür (du hast { $score } Punkte; die anderen dürfen einmal höher bieten; /basar für jedes Gebot)
bazaar-ask-free = 🏪 { $who }, wähle ein Plättchen des Basars (in diesem Spiel kostenlos)
bazaar-ask-raise = 🏪 { $who }, { $bidder } bietet { $bid } für Plättchen { $tile }: biete höher (du hast { $score } Punkte) oder passe
bazaar-ask-deal = 🏪 { $who }, { $bidder } bietet { $bid } für Plättchen { $tile }: kaufe es (du zahlst { $bid } an { $bidder }) oder verkaufe es ({ $bidder } zahlt dir { $bid })
bazaar-chose = 🏪 { $who } wählt Plättchen { $tile } und bietet { $bid }
bazaar-chose-free = 🏪 { $who } wählt Plättchen { $tile }
bazaar-raised = 🏪 { $who } bietet { $bid }
bazaar-passed = 🏪 { $who } passt
bazaar-bought = 🏪 { $who } kauft
bazaar-sold = 🏪 { $who } verkauft
bazaar-took-paying = 🏪 { $who } nimmt Plättchen { $tile } und zahlt { $points } an { $to }.
bazaar-took-bid = 🏪 { $who } nimmt Plättchen { $tile } für { $points } (niemand bot mehr; die Punkte gehen an niemanden).
bazaar-took-free = 🏪 { $who } nimmt Plättchen { $tile } kostenlos.
