yes = oui
no = non
settings-title = **Réglages de ce serveur** (ceux qui peuvent gérer le serveur les changent avec `/carcassonne réglages`)
settings-language = Langue des messages publics : { $language }
settings-language-discord = la langue du serveur dans Discord
settings-sets = Extensions des nouvelles parties : { $sets }
settings-sets-none = aucune (le jeu de base)
settings-farms = Prés : { $farms }
farms-per-farm = 3 par ville, chaque pré
farms-per-city = 4 par ville, majorité sur tous les prés
farms-none = sans paysans
settings-small-city = Une ville de deux tuiles rapporte 2 : { $yes }
settings-reminders = Heures entre les rappels : { $hours } (0 = aucun)
settings-level = Joueurs ordinateur : { $level }
level-easy = facile
level-medium = moyen
level-hard = fort
settings-channels = Les parties peuvent s'ouvrir dans : { $channels }
settings-channels-any = n'importe quel salon
settings-threads = Les nouvelles parties ouvrent un fil : { $yes }
settings-web-links = Liens vers les pages web des parties : { $yes }
settings-starters = Qui peut ouvrir des parties : { $who }
settings-everyone = tout le monde
settings-moderators = Modérateurs : ceux qui peuvent gérer les messages, et le rôle { $role }
settings-saved = Enregistré.
settings-no-server = Les réglages appartiennent à un serveur ; il n'y en a pas ici.
settings-not-admin = Seuls ceux qui peuvent gérer ce serveur changent ses réglages ; tout le monde peut les voir avec `/carcassonne réglages`.
settings-bad-set = Il n'y a pas d'extension appelée { $set }.
settings-bad-hours = Les rappels peuvent être espacés de 336 heures (deux semaines) au plus.
new-channel-not-allowed = Sur ce serveur, les parties s'ouvrent dans { $channels }.
new-not-starter = Sur ce serveur, les membres ayant le rôle { $role } ouvrent les parties.

abort-not-allowed = Seuls celui qui a ouvert la partie, un modérateur ou qui peut gérer ce salon peuvent l'arrêter.
game-aborted = { $name } a arrêté la partie.
game-ended-by-moderator = { $name }, modérateur, a mis fin à la partie.
moderator-only = Seuls les modérateurs (qui peuvent gérer les messages, ou avec le rôle modérateur du serveur) peuvent faire cela.
link-not-allowed = Seul le créateur de la partie ou un modérateur peut renouveler son lien web.
link-none = Ce salon n'a pas de partie avec une page web.
link-renewed = 🔗 { $name } a donné un nouveau lien web à cette partie : l'ancien ne l'ouvre plus.
link-off = 🔗 { $name } a fermé la page web de la dernière partie terminée ici.
moderator-not-seated = { $user } n'a pas de place dans cette partie.
moderator-already-seated = { $user } a déjà une place dans cette partie.
moderator-removed = { $moderator }, modérateur, a retiré { $player } de la partie ; l'ordinateur joue à sa place.
moderator-last-person = Plus personne ne joue : la partie se termine.
moderator-handed = { $moderator }, modérateur, a donné la place de { $from } à { $to }.

lobbies-per-member = Tu as déjà { $n ->
    [one] une salle d'attente ouverte
   *[other] { $n } salles d'attente ouvertes
} sur ce serveur : lance-en une ou ferme-la (/carcassonne arrêter) avant d'en ouvrir une autre.
lobbies-per-server = Ce serveur a déjà { $n } salles d'attente ouvertes, le maximum permis : rejoins-en une, ou attends qu'une commence ou ferme.
