# Le plateau web (la page de la partie dans un navigateur).
web-title = Carcassonne
web-to-play = À { $who } de jouer
web-finished = Scores finaux : { $scores }
web-turn = Tour { $n } sur { $total }
web-start = Début
web-tiles-left = { $n } tuiles restantes
web-kinds = Tuiles restantes par type
web-prev = Tour précédent
web-next = Tour suivant
web-zoom-in = Zoomer
web-zoom-out = Dézoomer
web-fit = Plateau entier
web-language = Langue
web-live = En direct
web-reconnecting = Connexion perdue ; reconnexion…
web-gone = La page de cette partie n'est plus disponible.
web-tile = Tuile { $tile } en { $x },{ $y }, tour { $turn }
web-nothing = Rien n'y est posé.
web-help = ◀ ▶ parcourir les tours · glisser ou pincer pour déplacer et zoomer · + − 0 zoom · flèches avec Maj pour déplacer
web-board = Plateau
web-scores = Scores
web-link = Plateau web
web-no-script = Cette page a besoin de JavaScript pour dessiner le plateau.

# Jouer sur la page web par le lien personnel d'une place.
button-web-play = Jouer sur le web
web-play-link = Votre lien pour jouer cette partie sur la page web. Qui l'a peut jouer à votre place : gardez-le pour vous. { $url }
web-play-none = Cette partie n'a pas de page web où jouer.
web-play-not-seated = Vous n'avez pas de place dans cette partie.
web-play-no-tile = Aucune tuile n'attend d'être posée.
web-play-changed = La partie a changé entre-temps ; la voici telle qu'elle est.
web-play-slow = Trop de requêtes de cette page en une minute : rien n'a été envoyé. Attendez un instant et réessayez.
web-play-no-choice = Ce choix n'est pas proposé maintenant.
web-play-you = À vous : touchez une case marquée pour la tuile (clavier : flèches pour choisir, R pour tourner, Entrée pour confirmer).
web-play-choose = Choisissez, puis confirmez.
web-play-wait = Ce n'est pas votre tour : la page suit la partie.
web-play-rotate = Tourner
web-play-confirm = Confirmer
web-play-back = Retour
web-play-sent = Envoyé.
web-play-lost = La connexion a été perdue ; rien n'a été envoyé deux fois. Réessayez.
web-play-place = Poser la tuile ici
web-play-undo = Reprendre mon dernier coup
web-play-vote = { $name } demande à reprendre un coup.
web-review = L'analyse de l'ordinateur : les coups les plus coûteux de chaque joueur (marqués sur le curseur des tours). Choisis-en un pour voir le coup de l'ordinateur sur le plateau.
web-review-move = Le coup de l'ordinateur ici : environ +{ $gain }
web-play-agree = D'accord
web-play-refuse = Le garder
web-play-reset = { $n ->
    [one] Un de tes liens web personnels est arrêté. Le bouton Jouer sur le web d'un tour en donne un neuf.
   *[other] { $n } de tes liens web personnels sont arrêtés. Le bouton Jouer sur le web d'un tour en donne un neuf.
}
me-web-links = Liens web personnels : { $n } actifs ({ $games ->
    [one] dans une partie
   *[other] dans { $games } parties
}). /carcassonne me links les arrête ; le bouton Jouer sur le web d'un tour en donne un nouveau.
me-web-links-none = Liens web personnels : aucun actif. Le bouton Jouer sur le web d'un tour vous en donne un.
button-activity = Activité
activity-connecting = Connexion à Discord…
activity-no-game = Aucune partie avec plateau web n'est en cours dans ce salon. Lancez-en une avec /carcassonne new, ou ouvrez l'Activité là où une partie est en cours.
activity-refused = Discord n'a pas dit qui vous êtes : le plateau ne peut pas vous placer. Fermez l'Activité et relancez-la.
activity-failed = L'Activité n'a pas pu parler à Discord. Fermez-la et relancez-la.
web-tournament = Tournoi : { $name }
web-tournament-round = ronde { $round } sur { $rounds } (classement : points · Buchholz · différence de score ; la table de cette partie en gras)
web-tournament-winner = Vainqueur : { $name }
web-tournament-earlier = Ronde { $round }
web-tournament-bye = Exempt : { $names }
