# Ce que dit le bot pendant les parties.

tiles-left = { $n ->
    [one] { $n } tuile restante
   *[other] { $n } tuiles restantes
}
tiles-list = **{ tiles-left }** (celle piochée comprise) : { $tiles }
tiles-abbeys = Abbayes encore en main ({ $n }, en plus de la pioche) : { $names }
not-started = La partie n'a pas encore commencé.

no-game = Il n'y a pas de partie dans ce salon. Ouvres-en une avec /carcassonne nouvelle.
done-already = C'est déjà fait : la même commande est arrivée deux fois, et elle compte une fois.
internal-error = Un problème est survenu de notre côté avec la partie de ce salon. Regarde /carcassonne état avant de réessayer.
computer-stuck = Le joueur ordinateur ne peut pas choisir de coup pour l’instant (une erreur interne de notre côté) ; rien n’a changé. Il réessaiera dans une heure. En attendant, la modération peut donner sa place à une personne ou terminer la partie.
slow-down = Tu demandes plus vite que ce bot n'affiche : réessaie dans { $seconds } s.
game-over = La partie est terminée.
earlier-turn = Ce bouton appartient à un tour précédent.
not-your-turn = C'est le tour de { $player }, pas le tien.
bad-rotation = La rotation doit être 0, 90, 180 ou 270, pas { $rotation }.
off-board = [{ $x },{ $y }] est très loin du plateau.
cant-go = { $tile } ne peut pas aller en [{ $x },{ $y }] avec la rotation { $rotation } : { $reason }.

place-occupied = { $at } porte déjà une tuile
place-not-adjacent = { $at } ne touche aucune tuile posée par un bord
place-edge-mismatch = le bord { $side } ({ $ours }) rencontre { $theirs } en { $at }

side-n = nord
side-e = est
side-s = sud
side-w = ouest
edge-field = pré
edge-road = route
edge-city = ville
edge-river = rivière

notify-ping = Tu seras mentionné dans le salon de la partie quand ce sera ton tour.
notify-dm = Tu recevras un message privé quand ce sera ton tour (et pas de mention dans le salon).
notify-quiet = Tu ne seras pas mentionné : ton nom apparaît toujours dans le salon quand c'est ton tour.
prefs-not-saved = Ton choix n'a pas pu être enregistré (un problème de stockage de notre côté) ; réessaie.
language-set = Le bot te parle désormais en { $language }.
language-discord = Le bot te parle désormais dans ta langue Discord ({ $language }).

help = **Carcassonne ici, tour par tour.**
    • `/carcassonne nouvelle` ouvre une salle d'attente (prés, petites villes, rappels, temps par coup, `indices`) ; les autres appuient sur **Rejoindre**, celui qui l'a ouverte sur **Commencer**. **Ajouter un ordinateur** remplit une place.
    • À ton tour, le bot te mentionne avec une image du plateau autour des derniers coups et les cases vertes où ta tuile va. Appuie sur **Poser** : choisis une case, une rotation possible, ton partisan, **Confirmer**. Ou tape `/carcassonne poser x y rotation [pion]` — x et y sont sur les bords de l'image ; la rotation vaut 0, 90, 180 ou 270 ; le pion est un endroit comme `city:N`, `road:E`, `field:SSW`, `cloister` ou `none` ; avec les extensions aussi `large city:N`, `builder road:E`, `pig field:SSW`, `abbot garden`, `recall`, `tower 1,0 capture 2,0 city:N` ou `guard 1,0` ; `fairy 1,0`, `portal 1,0 road:E` ou `princess 0,-1 city:N` ; `rançon` rachète un partisan prisonnier (3 points) ; `dragon` déplace le dragon dans son voyage ; `mayor city:N`, `wagon road:E`, `barn corner:SE`, `shepherd field:S`. `/abbey`, `/wagon`, `/flock`, `/bridge`, `/castle` et `/bazaar` sont les coups propres à ces extensions. L'autocomplétion propose les coups permis.
    • `annuler` reprend ton dernier coup (tout de suite avant que le joueur suivant agisse, sinon les autres acceptent avec des boutons). Après des rappels sans réponse, les autres peuvent voter pour que l'ordinateur joue à la place d'un absent, qui reprend sa place avec `revenir`. `moi` regroupe tes réglages : `notification`, `langue`, `horaires` (fuseau, heures calmes), `absent`, `résumé` (un message par jour).
    • `plateau`, `état`, `règles` montrent la partie ; `mesparties` tes parties ici ; `abandonner` donne ta place à l'ordinateur ; `arrêter` l'arrête ; `exporter` donne le compte rendu ; `historique` et `revoir` montrent les parties passées (avec l'**Analyse** de l'ordinateur) ; `revanche` rejoue ; `classement` classe les joueurs du serveur.

notify-here = Dans les parties de ce salon :
heads-up-on = Vous serez prévenu en privé quand le joueur avant vous commence son tour.
heads-up-off = Vous ne serez plus prévenu quand le joueur avant vous commence son tour.
heads-up-line = ⏭ Vous jouez après **{ $name }** dans { $channel }.
mygames-title = **Tes parties sur ce serveur** ({ $n }) :
mygames-none = Tu ne joues dans aucune partie sur ce serveur. Ouvres-en une avec /carcassonne nouvelle.
mygames-lobby = salle d'attente, pas encore commencée
mygames-your-turn = **à toi de jouer**
mygames-turn-of = au tour de { $player }
mygames-computer = un ordinateur joue
mygames-web-links = { $n ->
    [one] un lien web personnel actif
   *[other] { $n } liens web personnels actifs
}

lobby-opened = Une nouvelle partie de Carcassonne est ouverte.
lobby-text = **Salle d'attente** ({ $n }/{ $max } joueurs) : { $seats }
    Règles : { $rules }.
    Appuie sur **Rejoindre** pour prendre une place ; { $creator } lance avec **Commencer** (2–6 joueurs).
lobby-nobody = personne pour l'instant
lobby-joined = { $name } a rejoint.
lobby-left = { $name } est parti.
lobby-closed = { $name } est parti ; comme il ne reste personne, la salle d'attente est fermée.
lobby-computer-joined = Un joueur ordinateur a rejoint.
lobby-full = La salle d'attente est pleine.
join-seated = Tu as déjà une place.
leave-not-seated = Tu n'es pas dans cette salle d'attente.
computer-not-seated = Seuls les joueurs de la salle d'attente peuvent ajouter des joueurs ordinateur.
seats-fixed = La partie a déjà commencé ; les places ne changent plus (abandonne avec /carcassonne abandonner).
new-lobby-open = Ce salon a déjà une salle d'attente ouverte : appuie sur Rejoindre, ou demande à celui qui l'a ouverte de la lancer ou de l'arrêter.
new-game-running = Une partie est déjà en cours dans ce salon. Termine-la ou arrête-la d'abord, ou lance une partie dans un fil.
rematch-lobby-open = Ce salon a une salle d'attente ouverte : appuie plutôt sur Rejoindre.
rematch-game-running = La partie de ce salon est encore en cours : la revanche vient après sa fin.
button-join = Rejoindre
button-leave = Quitter
button-add-computer = Ajouter un ordinateur
button-start = Commencer
rules-farms-per-farm = les prés rapportent 3 par ville achevée (par pré)
rules-farms-per-city = les prés rapportent 4 par ville achevée (par ville)
rules-farms-none = sans paysans
rules-small-city = les petites villes rapportent 2
rules-revision-old = les règles telles qu'on les lisait au début de cette partie (révision { $revision } : une tuile rivière peut enfermer la rivière, un abbé peut quitter un élément que sa tuile a complété)
rules-no-reminders = pas de rappels
rules-reminders = rappels toutes les { $hours } h
rules-computers = joueurs ordinateur : { $level }
rules-reply = **Les règles de cette partie** : { $rules }.
    { $summary }
rules-summary = À ton tour, pose la tuile piochée contre le plateau, chaque bord concordant (ville contre ville, route contre route, pré contre pré) ; puis tu peux poser un partisan sur cette tuile, dans une ville, sur une route, un pré ou une abbaye que personne n'occupe encore. Les routes achevées rapportent 1 par tuile, les villes 2 par tuile et blason, les abbayes 9 ; puis les partisans reviennent. À la fin, les éléments inachevés rapportent 1 par tuile et blason (abbaye : 1 + voisines), puis les prés rapportent pour les villes achevées qu'ils bordent. En cas d'égalité, tous marquent.

# Turn lines.
move-placed = **{ $name }** pose { $tile } en [{ $x },{ $y }] rotation { $rotation }
move-with = avec { $figure } sur { $spot }
move-recall = et rappelle l'abbé
move-tower = et ajoute un étage de tour en [{ $x },{ $y }]
move-guard = et place un partisan au sommet de la tour en [{ $x },{ $y }], qui est ainsi achevée
move-guard-large = et place le grand partisan au sommet de la tour en [{ $x },{ $y }], qui est ainsi achevée
figure-knight = un chevalier
figure-thief = un voleur
figure-farmer = un paysan
figure-monk = un moine
figure-abbot = l'abbé
figure-guard = un gardien de tour
figure-large-knight = le grand chevalier
figure-large-thief = le grand voleur
figure-large-farmer = le grand paysan
figure-large-monk = le grand moine
figure-large-abbot = le grand abbé
figure-large-guard = le grand gardien de tour
figure-builder = le bâtisseur
figure-pig = le cochon
goods-wine = { $name } prend { $n } { $n ->
    [one] jeton
   *[other] jetons
} de vin dans la ville achevée.
goods-grain = { $name } prend { $n } { $n ->
    [one] jeton
   *[other] jetons
} de blé dans la ville achevée.
goods-cloth = { $name } prend { $n } { $n ->
    [one] jeton
   *[other] jetons
} de tissu dans la ville achevée.
tile-set-aside = (La tuile { $tile } ne va nulle part et est mise de côté.)
builder-extra = { $name } continue : le bâtisseur donne une deuxième tuile ce tour-ci.
count-tiles = { $n ->
    [one] { $n } tuile
   *[other] { $n } tuiles
}
count-pennants = { $n ->
    [one] { $n } blason
   *[other] { $n } blasons
}
count-tokens = { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}
reason-city = ville
reason-road = route
reason-cloister = abbaye
reason-garden = jardin
reason-farm = pré
reason-goods = marchandises
reason-fairy = fée
score-line = { $who } +{ $points } ({ $what }).
score-line-detail = { $who } +{ $points } ({ $what } : { $detail }).

# The turn message.
direction-north = nord
direction-north-east = nord-est
direction-east = est
direction-south-east = sud-est
direction-south = sud
direction-south-west = sud-ouest
direction-west = ouest
direction-north-west = nord-ouest
off-picture = (hors de l'image : flèche vers le { $direction })
since-last-turn = Depuis ton dernier tour (numérotés sur l'image) : { $moves }
next-computer = Ensuite : { $seat } { $name } (ordinateur) — tuile piochée { $tile } ; son coup suit dans un instant.
next-person = Ensuite : { $seat } { $mention } — tuile piochée { $tile }. Appuie sur **Poser**, ou tape /carcassonne poser.
ransom-possible = Tu peux d'abord payer 3 points pour récupérer un partisan prisonnier (/carcassonne rançon).
button-place = Poser
button-ransom = Payer une rançon (3 points)
button-whole-board = Plateau entier
scores-line = Scores : { $scores }

status-lobby = Salle d'attente : { $n } joueur(s).
status-to-play = ◀ à jouer
status-large = grand partisan
status-builder = bâtisseur
status-pig = cochon
status-abbot = abbé
status-goods = marchandises : { $wine } vin, { $grain } blé, { $cloth } tissu
status-towers = { $n ->
    [one] { $n } étage de tour
   *[other] { $n } étages de tour
}
status-prisoners = retient prisonnier : { $held }
status-seat = **{ $points }** { $points ->
    [one] point
   *[other] points
}, { $followers ->
    [one] { $followers } partisan restant
   *[other] { $followers } partisans restants
}
status-beside-board = à côté du plateau
status-dragon = 🐉 Dragon : { $dragon } · 🧚 fée : { $fairy }
status-set-aside = { $n ->
    [one] { $n } tuile dragon mise de côté
   *[other] { $n } tuiles dragon mises de côté
} jusqu'à un volcan
status-pace = ⏱ Temps médian pour jouer dans cette partie : { $list }
status-drawn = Tuile piochée : { $tile } · { $n ->
    [one] { $n } tuile restante
   *[other] { $n } tuiles restantes
} après elle

# The end of a game.
plural-city = villes
plural-road = routes
plural-cloister = abbayes
plural-garden = jardins
plural-farm = prés
plural-goods = marchandises
plural-fairy = fée
final-title = **La dernière tuile est posée : décompte final.**
final-pace = ⏱ La partie a duré { $length } ; le coup le plus lent : { $name }, { $time }.
duration-d = { $n } j
duration-h = { $n } h
duration-min = { $n } min
duration-s = { $n } s
final-seat = **{ $name }** : { $total } (partie { $game } + { $parts })
final-winners = 🏆 { $count ->
    [one] { $names } gagne
   *[other] { $names } gagnent
} !
final-rematch = Rejouer avec les mêmes places : **Revanche**.
button-rematch = Revanche
button-standings = Classement
button-replay = Revoir

# Starting a game.
start-not-creator = Seul { $creator } (qui a ouvert la salle d'attente) peut lancer la partie.
start-too-few = Une partie demande au moins 2 joueurs : invite quelqu'un ou ajoute un joueur ordinateur.
start-headline = **La partie commence !**
start-seats = Places dans l'ordre du jeu : { $seats }.
colour-red = rouge
colour-blue = bleu
colour-green = vert
colour-yellow = jaune
colour-black = noir
colour-pink = rose

# Placing by buttons.
choice-follower = Partisan sur { $spot }
choice-large = Grand partisan sur { $spot }
choice-builder = Bâtisseur sur { $spot }
choice-pig = Cochon sur { $spot }
choice-abbot = Abbé sur { $spot }
choice-recall = Rappeler l'abbé
choice-tower = Étage de tour en { $at }
choice-tower-capture = Tour en { $at }, capturer { $spot } { $on }
choice-guard-large = Grand partisan sur la tour en { $at }
choice-guard = Partisan sur la tour en { $at }
choice-portal-large = Portail : grand partisan sur { $spot } en { $at }
choice-portal = Portail : partisan sur { $spot } en { $at }
choice-fairy = Fée vers { $at }
choice-princess = Princesse : renvoyer le chevalier en { $at }
choice-none = Aucun pion
tap-earlier = Ce bouton appartient à un tour précédent. Utilise le dernier message de tour.
tap-dragon = Le dragon est en voyage : attends-le.
tap-earlier-cells = ◀ Cases précédentes
tap-more-cells = Autres cases ▶
tap-page = (page { $page } sur { $pages })
tap-step1 = Pose de { $tile }. Étape 1 sur 4 : choisis une case — les cases vertes de l'image du tour{ $more }.
tap-no-fit = { $tile } ne va pas en [{ $x },{ $y }].
tap-step2 = Étape 2 sur 4 : **{ $tile }** en [{ $x },{ $y }] va tournée de { $rotations }. Choisis une rotation (l'image montre chacune avec ses voisines).
tap-back = ◀ Retour
tap-step3 = Étape 3 sur 4 : **{ $tile }** en [{ $x },{ $y }] tournée de { $rotation }°. Poser un pion ? (L'image nomme chaque endroit.)
tap-not-possible = { $choice } n'est pas possible après cette pose.
tap-no-figure = aucun pion
tap-confirm = Confirmer
tap-step4 = Étape 4 sur 4 : poser **{ $tile }** en [{ $x },{ $y }] tournée de { $rotation }° avec { $what } (`{ $typed }`) ? Appuie sur **Confirmer**.
tap-other-cell = Autre case
button-no-follower = Aucun partisan

# Mots sur les images.
pic-drawn = tirée : { $tile }
pic-drawn-left = tirée : { $tile } · { tiles-left }
pic-final-scores = Scores finaux
pic-final-sub = partie { $game } · fin { $end }
pic-final-sub-winner = partie { $game } · fin { $end }  ★ gagnant
pic-end-points = points du décompte final
pic-graph-title = Les scores au fil de la partie
pic-graph-axis = tour
pic-replay-title = Rejouer · tour { $turn } sur { $total }
pic-timelapse-tile = Tuile { $n } sur { $total }
pic-timelapse-final = Fin
pic-preview-rotation = { $tile } rotation { $degrees }
pic-col-city = ville
pic-col-road = route
pic-col-cloister = abbaye
pic-col-garden = jardin
pic-col-farm = pré
pic-col-goods = march.
pic-col-fairy = fée
pic-board-title = Tour { $turn } · { tiles-left }
pic-move-preview = Ton coup, pas encore posé
move-fairy = et déplace la fée en [{ $x },{ $y }]
move-portal = et, par le portail magique, avec { $figure } sur { $spot } en [{ $x },{ $y }]
move-princess = et la princesse renvoie le chevalier en [{ $x },{ $y }]
cannot-do = Impossible : { $reason }.
no-such-set = Il n'y a pas d'extension appelée { $set }.
players-range = Une partie se joue à 2 à 6 joueurs.
reminders-max = Les rappels peuvent être espacés de 336 heures (deux semaines) au plus.
resign-not-seated = Seuls les joueurs assis peuvent abandonner.
lobby-expired = Le salon d'attente ici a été fermé : { $why }.
game-expired = La partie ici est terminée : { $why }. Elle figure dans /carcassonne history.
ending-lobby = personne ne l'a lancée en { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}
ending-abandoned = personne n'a joué depuis { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}
ending-channel-gone = son salon n'existe plus
ending-left-server = le bot a quitté le serveur
damaged-game = La partie enregistrée de ce salon ne peut pas être lue ({ $reason }). Un gestionnaire du salon peut la supprimer avec /carcassonne abort.
damaged-not-manager = Seul quelqu'un qui peut gérer ce salon peut supprimer une partie endommagée.
damaged-removed = L'entrée de partie endommagée de ce salon a été supprimée.
earlier-game = Ce bouton appartient à une partie précédente de ce salon.
storage-unreadable = La partie de ce salon ne peut pas être lue pour le moment (un problème de stockage de notre côté) ; rien n'a été modifié. Réessaie dans un instant.
try-again = Réessaie.
internal-nothing-changed = Un problème est survenu de notre côté ; rien n'a été modifié. Réessaie.
storage-conflict = Quelqu'un d'autre a modifié cette partie au même moment, ta commande n'a donc pas été appliquée. Regarde /carcassonne status et réessaie.
storage-uncertain = La partie n'a pas pu être enregistrée avec certitude (un problème de stockage de notre côté) : ta commande a peut-être été enregistrée, peut-être pas. Regarde /carcassonne status avant de réessayer.
bot-failed = Un problème est survenu de notre côté. Regarde /carcassonne status pour voir où en est la partie avant de réessayer.
bot-unreadable-argument = Je n'ai pas pu lire cela : { $error }
bot-button-outdated = Ce bouton est périmé. Utilise /carcassonne board pour voir la partie maintenant.
bot-thread-name = Carcassonne avec { $name }
bot-game-open-in = La partie est ouverte dans { $channel }.
bot-thread-not-allowed = Ouvrir la partie dans un nouveau fil demande ici les permissions de créer des fils publics et d'envoyer des messages dans les fils, que tu n'as pas. Ouvre-la plutôt dans ce salon (sans `fil`).
bot-thread-required = Ce serveur ouvre chaque partie dans un fil à elle : enlève `fil: false`.
typed-tower = { $typed } : écris un étage de tour « tower x,y » ou « tower x,y capture x,y emplacement »
typed-fairy = { $typed } : écris la fée « fairy x,y »
typed-princess = { $typed } : écris le chevalier à renvoyer « princess x,y city:N »
typed-portal = { $typed } : écris un partisan passant par le portail « portal x,y road:E »
typed-guard = { $typed } : écris un garde de tour « guard x,y »

# Une tuile en mots.
tile-cloister = abbaye
tile-city = { $n ->
    [one] ville
   *[other] { $n } villes
}
tile-city-cap = { $n ->
    [one] bord de ville
   *[other] { $n } bords de ville
}
tile-city-band = { $n ->
    [one] bande de ville
   *[other] { $n } bandes de ville
}
tile-city-corner = { $n ->
    [one] coin de ville
   *[other] { $n } coins de ville
}
tile-city-three = { $n ->
    [one] ville sur trois côtés
   *[other] { $n } villes sur trois côtés
}
tile-city-four = { $n ->
    [one] ville sur tous les côtés
   *[other] { $n } villes sur tous les côtés
}
tile-with-shield = { $what } avec blason
tile-with-cathedral = { $what } avec cathédrale
tile-road-end = { $n ->
    [one] fin de route
   *[other] deux fins de route
}
tile-road-straight = route droite
tile-road-curve = virage
tile-crossroads = carrefour à { $n } routes
tile-roads = { $n } routes
tile-with-inn = { $what } avec auberge
tile-river-spring = source de la rivière
tile-river-lake = lac de la rivière
tile-river = rivière
tile-volcano = volcan
tile-dragon = dragon
tile-portal = portail magique
tile-tower = base de tour
tile-princess = princesse
tile-field = pré

# Pourquoi les règles refusent un coup.
err-wrong-decision = ce n'est pas ce que la partie attend maintenant
err-no-abbot = tu n'as pas d'abbé sur le plateau à rappeler
err-abbot-completed = l'abbaye ou le jardin de ton abbé en { $at } est complet : il rapporte 9 à la fin de ce tour et ne peut donc pas être rappelé
err-not-drawn = la tuile piochée est { $drawn }, pas { $asked }
err-tile-none-left = il ne reste aucune tuile { $tile } à piocher
err-river-first = la rivière d'abord : { $tile } ne peut pas être posée tant qu'il reste des tuiles rivière
err-lake-early = le lac termine la rivière ; les autres tuiles rivière passent avant
err-river-disconnected = une tuile rivière doit prolonger la rivière en { $at }
err-river-u-turn = la rivière ne peut pas tourner deux fois de suite du même côté (elle ferait demi-tour)
err-river-trapped = là, la rivière se refermerait sur elle-même : une tuile rivière encore à venir ne trouverait pas de place
err-cannot-discard = { $tile } va en { $at }, elle ne peut donc pas être défaussée
err-fits-nowhere = { $tile } ne va nulle part sur le plateau, elle est donc défaussée
err-garden-not-in-game = les tuiles jardin ne servent qu'avec l'Abbé
err-no-garden-left = il ne reste aucune tuile jardin { $tile } à piocher
err-only-gardens = les tuiles { $tile } restantes sont toutes des tuiles jardin
err-spot = { $typed } n'est pas un emplacement ; écris city:N, road:E, field:SSW, field:inner, cloister, garden ou tower
err-no-such-place = la tuile { $tile } tournée de { $rotation }° n'a pas de { $spot }
err-occupied = { $spot } fait partie d'une zone déjà occupée ailleurs
err-none-left = tu n'as plus { $kind ->
    [large] de grand partisan
    [builder] de bâtisseur
    [pig] de cochon
    [abbot] d'abbé
   *[other] de partisans
}
err-no-farmers = les paysans ne sont pas utilisés dans cette partie
err-corner-place = { $kind } va sur un élément, pas sur un coin de la tuile (seule une grange s’y place)
err-closed-field = aucun paysan ne peut entrer dans le pré en { $spot } de la tuile en { $on } : une grange s’y trouve
err-figure-not-in-game = cette partie n'a pas ce pion : { $figure }
err-garden-abbot = seul l'abbé peut aller dans un jardin
err-abbot-place = l'abbé ne va que dans une abbaye ou un jardin, pas sur { $spot }
err-builder-place = le bâtisseur ne va que sur une route ou une ville, pas sur { $spot }
err-pig-place = le cochon ne va que dans un pré, pas sur { $spot }
err-needs-own-follower = { $kind ->
    [pig] le cochon
   *[other] le bâtisseur
} a besoin d'un de tes partisans déjà dans cette zone ({ $spot })
err-princess-not-in-game = Princesse & Dragon ne fait pas partie de cette partie
err-volcano = aucun pion ne va sur un volcan : le dragon s'y pose
err-dragon-here = le dragon est en { $at } : aucun pion ne peut y aller
err-no-princess = la tuile qui vient d'être posée n'a pas de princesse
err-princess-first = la princesse rejoint une ville avec des chevaliers : renvoie l'un d'eux (rien d'autre n'est posé ce tour)
err-not-a-knight = il n'y a pas de chevalier de la ville de la princesse en { $spot } de la tuile en { $on }
err-no-tile = il n'y a pas de tuile en { $at }
err-fairy-there = la fée est déjà en { $at }
err-fairy-needs-follower = la fée ne va que sur une tuile où tu as un partisan, et tu n'en as pas en { $at }
err-dragon-empty = le dragon ne peut pas aller vers le { $direction } en { $to } : il n'y a pas de tuile
err-dragon-visited = le dragon ne peut pas aller vers le { $direction } en { $to } : il y est déjà passé pendant ce vol
err-dragon-fairy = le dragon ne peut pas aller vers le { $direction } en { $to } : la fée protège cette tuile
err-no-portal = un partisan ne va sur une autre tuile qu'après la pose d'un portail magique
err-portal-figure = seul un partisan (normal, grand, un bourgmestre ou un chariot) passe par un portail magique
err-tile-has-no-place = la tuile en { $on } n'a pas de { $spot }
err-occupied-at = { $spot } de la tuile en { $on } fait partie d'une zone déjà occupée
err-complete-at = { $spot } de la tuile en { $on } fait partie d'une zone déjà achevée
err-tower-not-in-game = la Tour ne fait pas partie de cette partie
err-no-pieces = tu n'as plus d'étages de tour
err-no-foundation = la tuile en { $at } n'a pas de base de tour
err-guarded = la tour en { $at } est fermée : un partisan se tient au sommet
err-out-of-reach = { $on } est hors de portée de la tour en { $at } : à la hauteur { $height }, elle porte à { $height ->
    [one] { $height } tuile
   *[other] { $height } tuiles
} en ligne droite au nord, à l'est, au sud et à l'ouest
err-no-follower = il n'y a pas de partisan en { $spot } de la tuile en { $on }
err-not-capturable = seuls les partisans (normaux, grands, un bourgmestre ou un chariot) peuvent être faits prisonniers
err-castle-lord = le seigneur du château en { $at } ne peut pas être fait prisonnier
err-only-tower = un pion ne va sur une autre tuile que celle qui vient d'être posée qu'au sommet d'une tour, pas sur { $spot }
err-guard-figure = seul un partisan normal ou grand peut faire cela
err-no-tower-yet = il n'y a pas encore de tour en { $at } où se tenir (il faut d'abord un étage)
err-no-prisoner = la place { $seat } ne détient aucun de tes partisans
computer-name = Ordinateur { $n }
pic-letter-builder = B
pic-letter-pig = C
pic-letter-dragon = D
pic-letter-fairy = F
ending-resigned = tous les joueurs ont abandonné
ending-aborted = arrêtée par { $name }
ending-removed = { $player } retiré par { $moderator }
seat-resigned = { $name } (abandon)

# Temps par coup, absences, heures calmes et résumés.
clock-off = aucun
clock-max = Le temps par coup est de 168 heures au plus (une semaine).
while-away-wait = la partie attend
while-away-computer = l'ordinateur joue pour lui
settings-clock = Temps par coup : { $clock }
settings-while-away = Quand un joueur est absent : { $what }
rules-clock = { $clock } par coup
rules-clock-always = { $clock } par coup (l'horloge ne s'arrête jamais)
rules-away-computer = l'ordinateur joue pour les absents
clock-warning = ⏳ { $mention }, il te reste { $left } pour **{ $tile }**.
clock-out = ⌛ Le temps de { $name } pour ce coup est écoulé : l'ordinateur le joue.
clock-out-seat = { $name } a dépassé son temps { $n } fois de suite : l'ordinateur prend sa place jusqu'à son retour (`/carcassonne return`).
status-clock = ⏳ { $name } : { $left } restant
status-clock-stopped = ⏳ { $name } : { $left } restant (l'horloge est arrêtée)
status-away = 🏖️ { $name } est absent jusqu'au { $until }
turn-away = 🏖️ { $name } est absent jusqu'au { $until } ; la partie l'attend.
absent-is-away = { $name } a dit être absent : la partie l'attend.
me-bad-zone = Je ne connais pas le fuseau { $zone }. Choisis-en un dans la liste (par exemple Europe/Paris ou America/New_York).
me-bad-time = { $time } n'est pas une heure : écris-la comme 23:00 ou 8.
me-quiet-same = Les heures calmes ont besoin d'un début et d'une fin différents (par exemple de 23:00 à 08:00).
me-quiet-long = Les heures calmes durent au plus { $n } heures par jour (tes parties t'attendent pendant ce temps).
me-away-max = Tu peux être absent au plus { $n } jours d'affilée.
me-not-away = Tu n'es pas absent.
me-zone = Fuseau horaire : { $zone } (il y est { $time })
me-quiet = Heures calmes : { $from }–{ $to } : rien ne t'atteint alors ; tout attend leur fin.
me-quiet-none = Heures calmes : aucune
me-away = Absent jusqu'au { $until }
me-here = Absent : non
me-digest = Résumé quotidien à { $time } (pas de mention à chaque tour)
me-digest-off = Résumé quotidien : non
away-wait = 🏖️ { $name } est absent jusqu'au { $until } : la partie l'attend.
away-used-up = { $name } a épuisé les { $n } jours d'absence que cette partie accorde : elle continue sans l'attendre.
away-computer = 🏖️ { $name } est absent jusqu'au { $until } : l'ordinateur joue pour lui en attendant.
away-back = 👋 { $name } est de retour.
away-over = 👋 Bon retour : ton absence est terminée.
quiet-over = 🌅 Tes heures calmes sont finies. Entre-temps :
digest-none = Aucune partie ne t'attend.
digest-title = 📬 { $n ->
    [one] Une partie t'attend :
   *[other] { $n } parties t'attendent :
}
digest-line = • { $channel } : à toi de jouer depuis { $waited }
panel-away = { $name } (absent)
me-quiet-both = Donne les deux bouts de tes heures calmes : calme_de et calme_a (par exemple 23:00 et 08:00).

# Abbaye & Bourgmestre
figure-mayor = bourgmestre
figure-wagon = chariot
figure-barn = grange
status-mayor = bourgmestre
status-wagon = chariot
status-barn = grange
status-abbey = abbaye en main
choice-mayor = Bourgmestre sur { $spot }
choice-wagon = Chariot sur { $spot }
choice-barn = Grange sur { $spot }
move-abbey = **{ $name }** a posé l'abbaye en [{ $x },{ $y }]
tap-abbey = Choisis d'abord entre ton abbaye et la pioche : les boutons du message du tour.
tap-wagon = Un chariot se déplace : attends son propriétaire.
button-draw = Piocher une tuile
button-abbey = Abbaye en { $at }
button-wagon = Chariot vers { $spot } en { $at }
button-wagon-home = Reprendre le chariot
err-no-abbey = tu as déjà posé ton abbaye
err-abbey-on-tile = { $at } a déjà une tuile : l'abbaye va dans un trou
err-not-a-hole = l'abbaye va seulement dans un trou, une case vide entourée de tuiles sur ses quatre côtés, et { $at } n'en est pas un
err-mayor-place = le bourgmestre va seulement dans une ville, pas sur { $spot }
err-wagon-place = le chariot va seulement sur une route, une ville ou une abbaye, pas sur { $spot }
err-barn-place = la grange va sur un coin de la tuile (corner:NW, corner:NE, corner:SE ou corner:SW), pas sur { $spot }
err-no-barn-corner = la grange demande quatre tuiles qui se rejoignent au coin { $corner }, chacune avec du pré à cet endroit
err-barn-there = le pré du coin { $corner } a déjà une grange
err-barn-field = aucun paysan ne peut entrer dans un pré avec une grange
err-wagon-far = le chariot en { $from } va seulement sur sa propre tuile ou l'une des huit autour, pas en { $to }
err-wagon-unlinked = { $spot } de la tuile en { $on } n'est pas relié à la zone que quitte le chariot (règle de la 1re édition : le bout d'une route à une ville, une abbaye ou un carrefour, la route d'une porte de ville, une abbaye qui l'a fermée)
err-wagon-complete = { $spot } de la tuile en { $on } est achevé : le chariot va seulement vers une zone inachevée
err-wagon-occupied = { $spot } de la tuile en { $on } a déjà une figurine
err-wagon-blocked = aucune figurine ne peut aller en { $at } maintenant (le dragon y est)
typed-abbey = { $typed } : écris l'abbaye « abbey x,y », « abbey x,y cloister » (avec une figurine) ou « abbey draw »
typed-wagon = { $typed } : écris le déplacement du chariot « wagon x,y road:E », ou « wagon home » pour le reprendre
button-abbey-pass = Pas d'abbaye
err-portal-place = { $figure } : pas sur { $spot }
choice-portal-figure = Portail : { $figure } sur { $spot } en { $at }

# Collines & Moutons
reason-flock = troupeau
reason-castle = château
figure-shepherd = berger
status-shepherd = berger
choice-shepherd = Berger sur { $spot }
count-sheep = { $n ->
    [one] { $n } mouton
   *[other] { $n } moutons
}
tiles-buried = { $n ->
    [one] 1 tuile est
   *[other] { $n } tuiles sont
} sous des collines, hors du jeu et jamais vues.
tile-hill = colline
tile-vineyard = vignoble
status-flock = 🐑 troupeau de { $n }
status-sheep-bag = 🐑 Sac de moutons : { $tokens } jetons — { $wolves } loups, { $one }×1, { $two }×2, { $three }×3, { $four }×4 moutons
token-wolf = loup
err-shepherd-place = le berger va seulement sur un pré, pas sur { $spot }
err-shepherd-there = le pré de { $spot } a déjà un berger
err-not-in-bag = le sac de moutons ne contient plus de jeton { $token }
err-no-such-token = un jeton montre 1 à 4 moutons ou un loup, pas { $n } moutons
typed-flock = { $typed } : écris « flock grow » pour piocher un jeton pour ton troupeau, ou « flock home » pour le rentrer et le compter
button-flock-grow = Agrandir le troupeau (piocher)
button-flock-home = Le rentrer (+{ $points })
tap-flock = Le propriétaire d'un berger décide d'abord de son troupeau : attends-le.
flock-bag = { $tokens } jetons dans le sac, dont { $wolves } loups, { $sheep } moutons en tout

# Ponts, Châteaux & Bazars
tile-bazaar = bazar
status-castles = 🏰 { $n ->
    [one] { $n } château
   *[other] { $n } châteaux
} en main
typed-castle = { $typed } : écris « castle build » pour bâtir un château sur la petite ville, ou « castle score » pour la compter comme ville
button-castle-build = Bâtir un château
button-castle-score = Compter la ville (+{ $points })
tap-castle = Le propriétaire d'un partisan décide d'abord si sa petite ville devient un château : attends-le.

status-bridges = 🌉 { $n ->
    [one] { $n } pont
   *[other] { $n } ponts
} en main
typed-bridge = { $typed } : écris « bridge x,y rotation x,y N-S|W-E » : la case et la rotation de la tuile, puis la tuile du pont (celle posée ou une voisine) et sa ligne, par ex. « bridge 1,1 90 0,1 W-E »
bridge-figure-ask = Ta tuile va là avec le pont. Où va ta figure ?
bridge-choice = tuile en { $at } tournée de { $rotation }°, pont sur { $on } { $axis }
axis-ns = du nord au sud
axis-we = d'ouest en est
move-bridge-here = avec un pont dessus ({ $axis })
move-bridge-beside = avec un pont sur la tuile en { $at } ({ $axis })
err-bridge-none-left = tu n'as plus de pont
err-bridge-too-far = un pont va sur la tuile que tu poses ou sur une voisine, pas en { $at }
err-bridge-no-tile = il n'y a pas de tuile en { $at } pour un pont
err-bridge-has-one = la tuile en { $at } a déjà un pont
err-bridge-not-fields = un pont enjambe deux bords de pré, et la tuile en { $at } n'a pas de prés { $axis }
err-bridge-end-meets = le bout { $side } du pont sur la tuile en { $at } rencontrerait { $theirs }, pas une route
err-bazaar-not-on-offer = le bazar propose les tuiles 1 à { $count }, pas { $tile }
err-bazaar-taken = la tuile { $tile } du bazar est déjà prise
err-bazaar-no-auction = le bazar de cette partie n'a pas d'enchères : choisis une tuile, sans offre
err-bazaar-too-poor = tu ne peux pas offrir { $bid } : tu as { $score } points
err-bazaar-not-higher = une surenchère doit dépasser { $current }
err-bazaar-cannot-pay = tu ne peux pas payer { $bid } avec tes { $score } points : vends la tuile
err-bazaar-not-taken = ce tour commence par la tuile que tu as prise au bazar
typed-bazaar = { $typed } : écris "bazaar 2 3" pour choisir la tuile 2 du bazar et offrir 3, "bazaar raise 4" pour offrir 4, "bazaar pass", "bazaar buy" ou "bazaar sell"
tap-bazaar = Les enchères du bazar passent d'abord : attends le joueur sollicité.
button-bazaar-tile = Tuile { $tile }, offre { $bid }
button-bazaar-pass = Passer
button-bazaar-raise = Offrir { $bid }
button-bazaar-buy = Acheter (payer { $bid })
button-bazaar-sell = Vendre (recevoir { $bid })
status-bazaar-bid = 🏪 Tuile { $tile } : { $who } offre { $bid }

# Hints (the computer's suggestion for a turn, in games that allow them).
rules-hints = indices activés
button-hint = Indice
hints-off = Cette partie a été ouverte sans indices : qui ouvre une partie peut les autoriser avec `indices: True` dans `/carcassonne new`.
hint-move = 💡 L'ordinateur jouerait { $moves }. Toi seul le vois ; à toi de jouer le coup.
hint-none = 💡 L'ordinateur ne trouve aucun coup à suggérer ici.
