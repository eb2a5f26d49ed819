# Reprendre un coup, joueurs absents, rappels et les moments particuliers des extensions.

undo-over = La partie est terminée : on ne peut plus reprendre de coup.
undo-not-player = Seuls les joueurs de cette partie peuvent reprendre un coup.
undo-dragon = Le dragon est en vol : un coup pourra être repris une fois qu'il aura atterri.
undo-ransom = Une rançon a été payée ce tour-ci : pose d'abord la tuile, puis demande.
undo-limit = Cette partie a déjà repris { $n } coups, le maximum permis : continuez d'ici.
undo-no-move = Tu n'as encore joué aucun coup.
undo-pending = { $name } a déjà demandé à reprendre un coup ; les autres répondent.
undo-ask = { $who } demande à reprendre son dernier coup. { $voters } : d'accord ? Tout le monde doit accepter ; un seul refus maintient le coup.
undo-ask-more = { $who } demande à reprendre son dernier coup et { $later ->
    [one] le coup suivant
   *[other] les { $later } coups suivants
}. { $voters } : d'accord ? Tout le monde doit accepter ; un seul refus maintient le coup.
undo-button-agree = D'accord pour reprendre
undo-button-keep = Garder le coup
undo-none = Personne ne demande à reprendre un coup en ce moment.
undo-lapsed = La partie a avancé depuis cette demande : elle est caduque.
undo-answer-not-player = Seuls les joueurs de cette partie peuvent répondre.
undo-asker = C'est toi qui demandes : les autres joueurs répondent.
undo-agreed-already = Tu as déjà accepté.
undo-refused = { $who } garde le coup : la demande de { $asker } est refusée.
undo-agrees = { $who } accepte. On attend { $waiting }.
undo-set-aside = Une tuile dragon a été mise de côté depuis ce coup : il ne peut plus être repris.
undo-impossible = Ce coup ne peut plus être repris (les tuiles piochées depuis ne peuvent pas être remises telles quelles).
undo-tile = tuile { $tile }
undo-tile-at = tuile { $tile } en [{ $x },{ $y }]
undo-and-later = , et { $n ->
    [one] le coup suivant
   *[other] les { $n } coups suivants
}
undo-done = ↩ Le coup de { $who } est repris ({ $what }). L'historique garde ce qui a été repris.

absent-button-turn = L'ordinateur joue ce tour pour { $name }
absent-button-seat = L'ordinateur prend la place de { $name }
absent-earlier = Ce vote concerne un tour précédent : le joueur a joué depuis.
absent-already = { $name } est déjà joué par l'ordinateur.
absent-off = Les votes sur les joueurs absents sont désactivés sur ce bot.
absent-not-yet = Un vote est possible après { $n } rappels sans réponse.
absent-not-player = Seuls les joueurs de cette partie peuvent voter.
absent-self = Ce vote te concerne : joue simplement ton tour (le bouton Poser).
absent-vote-seat = { $who } vote pour que l'ordinateur prenne la place de { $name }. { $have } voix sur { $need } nécessaires.
absent-vote-turn = { $who } vote pour que l'ordinateur joue ce tour pour { $name }. { $have } voix sur { $need } nécessaires.
absent-voted-seat = Les joueurs ont voté : l'ordinateur prend la place de { $name } jusqu'à son retour avec /carcassonne return. Son coup suit dans un instant.
absent-voted-turn = Les joueurs ont voté : l'ordinateur joue ce tour pour { $name }. Son coup suit dans un instant.
return-no-seat = Tu n'as pas de place dans cette partie.
return-resigned = Tu as abandonné cette partie : l'ordinateur continue à ta place.
return-playing = Tu joues déjà ta place.
return-welcome = Bon retour, { $name } : ta place est de nouveau à toi.
dm-you = toi
dm-line = Carcassonne dans { $channel } : { $line }

reminder = { $mention } rappel : c'est ton tour dans la partie de Carcassonne ici (tuile piochée **{ $tile }**, tu joues { $seat }). Appuie sur **Poser** dans le dernier message du tour, ou utilise /carcassonne place.
reminder-vote = { $n } rappels sont restés sans réponse : les autres joueurs peuvent voter pour que l'ordinateur joue pour { $name }.

ransom-paid-already = Tu as déjà payé une rançon ce tour-ci.
ransom-other-player = Nomme un autre joueur.
ransom-holds-none = { $name } ne détient aucun de tes partisans.
ransom-no-prisoner = Personne ne détient l'un de tes partisans prisonnier.
ransom-too-poor = Une rançon coûte 3 points et tu en as { $score }.
ransom-impossible = Cette rançon n'est pas possible maintenant.
ransom-no-tower = Les rançons font partie de la Tour, que cette partie n'utilise pas.
ransom-not-your-turn = Seul le joueur dont c'est le tour peut payer une rançon ; c'est à { $player } de jouer.
ransom-after-placing = Une rançon se paie avant de poser la tuile.
ransom-button = Payer 3 points à { $name } pour ton partisan
ransom-button-large = Payer 3 points à { $name } pour ton grand partisan
ransom-button-figure = Payer 3 points à { $name } pour ta figurine : { $figure }
ransom-whom = À qui paies-tu 3 points, pour quel partisan ?
ransom-now-place = Pose maintenant ta tuile avec /carcassonne place.
prisoner-own = 🏰 { $who } reprend son propre { $kind ->
    [large] grand partisan
    [mayor] bourgmestre
    [wagon] chariot
   *[other] partisan
} de { $spot } en [{ $x },{ $y }].
prisoner-taken = 🏰 { $who } fait prisonnier { $kind ->
    [large] le grand partisan
    [mayor] le bourgmestre
    [wagon] le chariot
   *[other] le partisan
} de { $owner } ({ $spot } en [{ $x },{ $y }]).
prisoner-exchanged = 🔁 { $a } et { $b } détenaient chacun un partisan de l'autre : ils sont échangés ({ $aname } récupère { $akind ->
    [large] un grand partisan
    [mayor] un bourgmestre
    [wagon] un chariot
   *[other] un partisan
}, { $bname } { $bkind ->
    [large] un grand partisan
    [mayor] un bourgmestre
    [wagon] un chariot
   *[other] un partisan
}).
prisoner-ransomed = 💰 { $payer } paie 3 points à { $from } et récupère { $kind ->
    [large] un grand partisan
    [mayor] un bourgmestre
    [wagon] un chariot
   *[other] un partisan
}.

dragon-journey-wait = Le dragon est en vol : { $name } le déplace ensuite (les boutons de direction).
dragon-earlier = Ce bouton appartient à une étape précédente du dragon.
dragon-not-journey = Le dragon n'est pas en vol en ce moment.
dragon-not-yours = Cette étape du dragon revient à { $name }, pas à toi.
dragon-cannot = Le dragon ne peut pas aller là : { $reason }.
dragon-moved = 🐉 { $who } déplace le dragon vers le { $direction }
dragon-moved-to = 🐉 { $who } déplace le dragon vers le { $direction } en [{ $x },{ $y }]
dragon-overdue = { $name } ne l'a pas déplacé en { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}, alors le bot l'a fait à sa place
dragon-sends-home = Il renvoie { $figures }.
dragon-computer = { $who } (ordinateur)
dragon-ask = 🐉 Le vol du dragon, étape { $step } sur 6 : { $who }, déplace le dragon
dragon-ask-from = 🐉 Le vol du dragon, étape { $step } sur 6 : { $who }, déplace le dragon depuis [{ $x },{ $y }]
dragon-ask-computer = ; son étape suit dans un instant.
dragon-ask-hours = {" "}(choisis une direction ; après { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
} le bot le déplace pour toi).
dragon-ask-press = {" "}(choisis une direction).
dragon-button-to = { $arrow } { $direction } vers [{ $x },{ $y }]
dragon-set-aside = (La tuile dragon { $tile } est mise de côté jusqu'à ce qu'un volcan soit posé ; le même joueur pioche à nouveau.)
dragon-flies = 🐉 Le dragon vole vers { $path }.
dragon-eaten = Renvoyés : { $figures }.
back-to-supply = De retour dans leur réserve : { $figures }.
fairy-gives = 🧚 La fée donne { $points ->
    [one] { $points } point
   *[other] { $points } points
} à { $who }.
figure-of = { $figure } de { $who }
figure-of-at = { $figure } de { $who } en [{ $x },{ $y }]
kind-follower = partisan
kind-large = grand partisan
kind-builder = bâtisseur
kind-pig = cochon
kind-abbot = abbé
kind-mayor = bourgmestre
kind-wagon = chariot
kind-barn = grange
list-and = { $a } et { $b }
follower-ask = { $tile } va en [{ $x },{ $y }] rotation { $rotation }. Poser un partisan ? (L'image nomme chaque emplacement.)
alt-preview = tuile { $tile } dans ses quatre rotations avec le nom de chaque emplacement de partisan

undo-wagon = Un chariot attend la décision de son propriétaire : un coup pourra être repris une fois qu'il aura bougé.
abbey-not-in-game = Les abbayes et les chariots viennent d'Abbaye & Bourgmestre, que cette partie n'utilise pas.
abbey-not-now = L'abbaye se pose seulement au début de ton tour, au lieu de piocher, tant qu'il existe un trou.
abbey-earlier = Ce bouton appartient à un tour précédent. Utilise le dernier message de tour.
abbey-not-yours = C'est le tour de { $name } : seule cette personne peut poser son abbaye maintenant.
abbey-cannot = L'abbaye ne peut pas aller là : { $reason }.
abbey-wait = { $name } choisit d'abord entre l'abbaye et la pioche (les boutons du message du tour, ou /abbaye).
abbey-figure-ask = Ton abbaye en [{ $x },{ $y }]. Y poser une figurine ?
abbey-ask = Ensuite : { $seat } { $mention } — tu peux poser ton abbaye dans un trou au lieu de piocher ({ $holes }). Appuie sur **Piocher une tuile** ou sur un bouton d'abbaye, ou tape /abbaye.
abbey-ask-computer = Ensuite : { $who } (ordinateur), qui peut poser son abbaye dans un trou ({ $holes }) ; son coup suit dans un instant.
wagon-not-now = Aucun chariot n'attend de se déplacer maintenant.
wagon-earlier = Ce bouton appartient au déplacement d'un chariot précédent.
wagon-not-yours = Ce chariot est à { $name } de le déplacer, pas à toi.
wagon-cannot = Le chariot ne peut pas aller là : { $reason }.
wagon-wait = La zone d'un chariot a été comptée : { $name } le déplace d'abord (les boutons du chariot, ou /chariot).
wagon-overdue = { $name } n'a pas décidé en { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}, alors le bot a décidé à sa place
wagon-moved = 🛒 Le chariot de { $who } va vers { $spot } en [{ $x },{ $y }]
wagon-home = 🛒 { $who } reprend son chariot
wagon-ask = 🛒 { $who }, ton chariot en { $at } a été compté : déplace-le vers une zone inachevée sans figurine, sur sa tuile ou l'une des huit autour, ou reprends-le
wagon-ask-linked = 🛒 { $who }, ton chariot en { $at } a été compté : déplace-le vers une zone inachevée sans pion reliée à celle comptée (le bout d'une route à une ville, une abbaye ou un carrefour, la route d'une porte de ville, une abbaye), ou reprends-le
step-ask-hours = {" "}(appuie sur un bouton ; après { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
} le bot décide pour toi).
step-ask-press = {" "}(appuie sur un bouton).
abbey-ask-last = La dernière tuile est posée : { $seat } { $mention }, tu peux encore poser ton abbaye dans un trou ({ $holes }). Appuie sur un bouton d'abbaye ou sur **Pas d'abbaye**, ou tape /abbaye.
reminder-abbey = { $mention } rappel : c'est ton tour dans la partie de Carcassonne ici (tu joues { $seat }) : pose ton abbaye dans un trou ou pioche une tuile, avec les boutons du dernier message de tour ou /abbaye.
step-computer = { $who } (ordinateur)
step-ask-computer = ; son choix suit dans un instant.

# Collines & Moutons
kind-shepherd = berger
undo-flock = Un troupeau attend le choix de son propriétaire : un coup peut être annulé une fois le choix fait.
flock-not-in-game = Les bergers et les troupeaux sont de Collines & Moutons, que cette partie n'utilise pas.
flock-not-now = Aucun troupeau n'attend de choix maintenant.
flock-earlier = Ce bouton est celui d'un choix précédent sur un troupeau.
flock-not-yours = C'est à { $name } de décider de ce troupeau, pas à toi.
flock-cannot = Le troupeau ne peut pas faire cela : { $reason }.
flock-wait = { $name } décide d'abord de son troupeau (ses boutons, ou /flock).
flock-overdue = { $name } n'a pas décidé en { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}, alors le bot a décidé à sa place
flock-ask = 🐑 { $who }, ta tuile agrandit le pré de ton berger en { $at } (un troupeau de { $n }) : laisse-le grandir en piochant un jeton ({ $bag }), ou rentre-le maintenant pour { $points ->
    [one] { $points } point
   *[other] { $points } points
}
flock-home = 🐑 { $who } rentre le troupeau
flock-grow = 🐑 { $who } laisse grandir le troupeau
flock-wolf = 🐺 Un loup ! Le troupeau de { $name } s'enfuit : les bergers de son pré rentrent.
flock-new = 🐑 Le berger de { $name } rassemble un troupeau de { $n ->
    [one] { $n } mouton
   *[other] { $n } moutons
}.
flock-grows = 🐑 Le troupeau de { $name } gagne { $n ->
    [one] { $n } mouton
   *[other] { $n } moutons
} : { $flock }.
replay-sheep = 🐑 +{ $n } { $n ->
    [one] mouton
   *[other] moutons
}.
replay-wolf = 🐺 Un loup : le troupeau s'enfuit.
replay-flock-home = 🐑 Le troupeau rentre.

# Ponts, Châteaux & Bazars
undo-castle = Le choix d'un château attend son propriétaire : un coup peut être annulé une fois le choix fait.
undo-bazaar = Les enchères du bazar sont en cours : un coup peut être annulé une fois terminées.
castle-not-in-game = Les châteaux sont de Ponts, Châteaux & Bazars, que cette partie n'utilise pas.
castle-not-now = Aucune petite ville n'attend le choix d'un château maintenant.
castle-earlier = Ce bouton est celui d'un choix précédent sur un château.
castle-not-yours = C'est à { $name } de décider de ce château, pas à toi.
castle-cannot = Le château ne peut pas faire cela : { $reason }.
castle-wait = { $name } décide d'abord si sa petite ville devient un château (ses boutons, ou /castle).
castle-overdue = { $name } n'a pas décidé en { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}, alors le bot a décidé à sa place
castle-ask = 🏰 { $who }, la petite ville en { $at } est achevée avec ton partisan seul dedans : bâtis-y un château (ton partisan reste comme seigneur et compte plus tard la première route, ville ou abbaye achevée à côté ; { $left } châteaux en main), ou compte la ville maintenant pour { $points ->
    [one] { $points } point
   *[other] { $points } points
}
castle-built = 🏰 { $who } bâtit un château
castle-scored = 🏰 { $who } compte la ville au lieu de bâtir un château
replay-castle = 🏰 Un château est bâti.

bridge-not-in-game = Les ponts sont de Ponts, Châteaux & Bazars, que cette partie n'utilise pas.
bridge-not-now = Un pont se pose avec la tuile, quand ta tuile piochée attend d'être posée.
bridge-earlier = Ce bouton est celui d'un tour précédent.
bridge-not-yours = C'est le tour de { $name }, pas le tien.
bridge-cannot = La tuile et son pont ne peuvent pas aller là : { $reason }.
bridge-needed = 🌉 Ta tuile ne va qu'avec un pont : pose-la avec /pont, qui montre où elle va.

bazaar-not-in-game = Les bazars font partie de Ponts, Châteaux & Bazars, que cette partie n'utilise pas.
bazaar-not-now = Aucun bazar ne t'attend maintenant.
bazaar-earlier = Ce bouton appartient à une étape précédente du bazar.
bazaar-not-yours = Le bazar attend { $name }, pas toi.
bazaar-cannot = Le bazar n'accepte pas cela : { $reason }.
bazaar-wait = { $name } est d'abord sollicité au bazar (ses boutons, ou /bazar).
bazaar-overdue = { $name } n'a pas répondu en { $hours ->
    [one] { $hours } heure
   *[other] { $hours } heures
}, le bot a donc répondu à sa place
bazaar-offer = 🏪 Bazar : { $tiles }
bazaar-lot-taken = { $tile } → { $who }
bazaar-ask-choose = 🏪 { $who }, choisis une tuile du bazar et fais une offre (tu as { $score } points ; les autres peuvent surenchérir une fois ; /bazar pour toute offre)
bazaar-ask-free = 🏪 { $who }, choisis une tuile du bazar (gratuite dans cette partie)
bazaar-ask-raise = 🏪 { $who }, { $bidder } offre { $bid } pour la tuile { $tile } : surenchéris (tu as { $score } points) ou passe
bazaar-ask-deal = 🏪 { $who }, { $bidder } offre { $bid } pour la tuile { $tile } : achète-la (tu paies { $bid } à { $bidder }) ou vends-la ({ $bidder } te paie { $bid })
bazaar-chose = 🏪 { $who } choisit la tuile { $tile } et offre { $bid }
bazaar-chose-free = 🏪 { $who } choisit la tuile { $tile }
bazaar-raised = 🏪 { $who } offre { $bid }
bazaar-passed = 🏪 { $who } passe
bazaar-bought = 🏪 { $who } achète
bazaar-sold = 🏪 { $who } vend
bazaar-took-paying = 🏪 { $who } prend la tuile { $tile } et paie { $points } à { $to }.
bazaar-took-bid = 🏪 { $who } prend la tuile { $tile } pour { $points } (personne n'a surenchéri ; les points ne vont à personne).
bazaar-took-free = 🏪 { $who } prend la tuile { $tile } gratuitement.
