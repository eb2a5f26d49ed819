yes = ja
no = nein
settings-title = **Einstellungen dieses Servers** (wer den Server verwalten darf, ändert sie mit `/carcassonne einstellungen`)
settings-language = Sprache öffentlicher Nachrichten: { $language }
settings-language-discord = die Sprache des Servers in Discord
settings-sets = Erweiterungen neuer Spiele: { $sets }
settings-sets-none = keine (das Grundspiel)
settings-farms = Wiesen: { $farms }
farms-per-farm = 3 je Stadt, jede Wiese
farms-per-city = 4 je Stadt, Mehrheit über alle Wiesen
farms-none = ohne Bauern
settings-small-city = Eine Stadt aus zwei Plättchen zählt 2: { $yes }
settings-reminders = Stunden zwischen Erinnerungen: { $hours } (0 = keine)
settings-level = Computerspieler: { $level }
level-easy = leicht
level-medium = mittel
level-hard = stark
settings-channels = Spiele dürfen eröffnet werden in: { $channels }
settings-channels-any = jedem Kanal
settings-threads = Neue Spiele öffnen einen Thread: { $yes }
settings-web-links = Links zu den Webseiten der Partien: { $yes }
settings-starters = Wer Spiele eröffnen darf: { $who }
settings-everyone = alle
settings-moderators = Moderatoren: wer Nachrichten verwalten darf, und die Rolle { $role }
settings-saved = Gespeichert.
settings-no-server = Einstellungen gehören zu einem Server; hier gibt es keinen.
settings-not-admin = Nur wer diesen Server verwalten darf, ändert seine Einstellungen; ansehen kann sie jeder mit `/carcassonne einstellungen`.
settings-bad-set = Es gibt keine Erweiterung namens { $set }.
settings-bad-hours = Erinnerungen können höchstens 336 Stunden (zwei Wochen) auseinanderliegen.
new-channel-not-allowed = Auf diesem Server werden Spiele in { $channels } eröffnet.
new-not-starter = Auf diesem Server eröffnen Mitglieder mit der Rolle { $role } die Spiele.

abort-not-allowed = Nur wer das Spiel eröffnet hat, ein Moderator oder wer diesen Kanal verwalten darf, kann es abbrechen.
game-aborted = { $name } hat das Spiel abgebrochen.
game-ended-by-moderator = { $name } hat das Spiel als Moderator beendet.
moderator-only = Das dürfen nur Moderatoren (wer Nachrichten verwalten darf oder die Moderatorrolle des Servers hat).
link-not-allowed = Nur wer das Spiel eröffnet hat oder ein Moderator kann seinen Weblink erneuern.
link-none = In diesem Kanal gibt es kein Spiel mit Webseite.
link-renewed = 🔗 { $name } hat diesem Spiel einen neuen Weblink gegeben: der alte öffnet es nicht mehr.
link-off = 🔗 { $name } hat die Webseite des letzten beendeten Spiels hier geschlossen.
moderator-not-seated = { $user } hat keinen Platz in diesem Spiel.
moderator-already-seated = { $user } hat schon einen Platz in diesem Spiel.
moderator-removed = { $moderator } hat als Moderator { $player } aus dem Spiel genommen; der Computer spielt für den Platz weiter.
moderator-last-person = Niemand spielt mehr: das Spiel endet.
moderator-handed = { $moderator } hat als Moderator den Platz von { $from } an { $to } übergeben.

lobbies-per-member = Du hast auf diesem Server schon { $n ->
    [one] eine offene Runde
   *[other] { $n } offene Runden
}: Starte oder schließe eine (/carcassonne abbrechen), bevor du eine weitere eröffnest.
lobbies-per-server = Dieser Server hat schon { $n } offene Runden, so viele wie erlaubt: Tritt einer bei oder warte, bis eine startet oder schließt.
