# Historique, classement, revoir une partie, export, zooms et les descriptions des images.

history-unreadable = L'historique ne peut pas être lu pour le moment ; réessaie.
history-none = Aucune partie ne s'est encore terminée dans ce salon : ouvre-en une avec /carcassonne new.
history-damaged = La dernière partie ici ne peut pas être lue ({ $why }).
history-gone = La dernière partie ici n'est plus conservée.
history-not-kept = elle n'est plus conservée
history-empty = Aucune partie terminée dans ce salon pour l'instant.
history-title = **Parties jouées ici** (la plus récente en dernier)
history-line = { $n }. { $date } : { $scores } — gagnée par { $winners }
history-line-early = { $n }. { $date } : terminée tôt après { $tiles ->
    [one] { $tiles } tuile
   *[other] { $tiles } tuiles
}{ $reason } ({ $seats })
history-line-unreadable = { $n }. (illisible : { $why })
history-final-of = Le plateau final de la partie { $n } :
button-final-of = Plateau final de la partie { $n }
button-replay-of = Revoir la partie { $n }
game-not-kept = Cette partie n'est plus conservée.
game-damaged = Cette partie ne peut pas être lue ({ $why }).
game-unfinished = Cette partie ne s'est pas terminée : elle n'a pas de plateau final.
final-scores-of = Scores finaux ({ $date }) : { $scores }.

rematch-earlier = Ce bouton appartient à une partie précédente : seule la dernière partie ici peut être rejouée.
rematch-not-player = Seuls les joueurs de la dernière partie peuvent demander une revanche.
rematch-not-finished = La dernière partie ici ne s'est pas terminée (annulée ou arrêtée avant la fin) : il n'y a rien à rejouer. Ouvre une nouvelle partie avec /carcassonne nouvelle.
rematch-not-host = Seul { $host } peut lancer la revanche (qui a créé la dernière partie, ou la première personne qui l'a finie à sa place).
rematch-too-few = Moins de deux places de la dernière partie l'ont finie : ouvre plutôt une nouvelle partie avec /carcassonne nouvelle.
rematch-headline = **Revanche !** { $name } l'a demandée.

standings-none = Aucune partie terminée sur ce serveur pour l'instant : le classement apparaît après la première.
standings-dm-title = **Ton bilan dans les parties en message privé** (toi seul le vois ; cote : Elo à partir de { $start })
standings-dm-none = Tu n'as encore aucune partie terminée en message privé.
standings-pace = ⏱ { $time } par coup (médiane)
standings-hints = 💡 { $n } avec indices
standings-title = **Classement de ce serveur** ({ $games ->
    [one] { $games } partie terminée
   *[other] { $games } parties terminées
} ; cote : Elo à partir de { $start }, parties entre humains seulement)
standings-line = { $rank }. { $name } — cote { $rating } · { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} · { $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
} · moyenne { $average }

export-record = L'enregistrement de la partie (à rejouer avec `meeplebot replay`).
export-taken-back = { $n ->
    [one] { $n } coup repris pendant la partie figure dans le second fichier.
   *[other] { $n } coups repris pendant la partie figurent dans le second fichier.
}
export-none = Il n'y a pas de partie dans ce salon et aucune n'y a encore été jouée.
export-last = L'enregistrement de la dernière partie jouée ici (à rejouer avec `meeplebot replay`).
export-not-started = La dernière partie ici s'est terminée avant de commencer : il n'y a rien à exporter.
autocomplete-place = { $tile } en x={ $x } y={ $y } rotation { $rotation }

zoom-west = Zoom ouest
zoom-east = Zoom est
zoom-north = Zoom nord
zoom-south = Zoom sud
zoom-north-west = Zoom nord-ouest
zoom-north-east = Zoom nord-est
zoom-south-west = Zoom sud-ouest
zoom-south-east = Zoom sud-est

alt-record = enregistrement de la partie
alt-taken-back = coups repris pendant la partie, avec qui a accepté
alt-board-around = Le plateau autour de [{ $x },{ $y }]
alt-board-whole = Le plateau entier
alt-board-recent = Le plateau autour des derniers coups
alt-what-turn = { $what }, tour { $turn }.
alt-move = { $n } { $name } en [{ $x },{ $y }]
alt-moves = Coups entourés : { $moves }.
alt-drawn-fits = La tuile piochée { $tile } ({ $words }) va en { $cells }.
alt-arrow = { $n } (flèche vers le { $direction })
alt-outside = Hors de l'image, signalés depuis le bord : { $moves }.
alt-graph = scores sur { $turns ->
    [one] { $turns } tour
   *[other] { $turns } tours
} et le décompte final : { $scores }
alt-final = le plateau final et les scores finaux : { $scores }
alt-timelapse = accéléré de la partie : le plateau grandit tuile après tuile sur { $turns ->
    [one] { $turns } tour
   *[other] { $turns } tours
}, puis les scores finaux

replay-empty = Cette partie s'est terminée avant son premier tour : il n'y a rien à revoir.
replay-broken = Cette partie ne peut pas être rejouée ({ $why }).
replay-title = **Revoir** la partie { $n } ({ $date }) · tour { $turn } sur { $total }
replay-back = ◀ Précédent
replay-next = Suivant ▶
replay-none = Aucune partie ne s'est encore terminée dans ce salon : il n'y a rien à revoir.
replay-no-such = Il n'y a pas de partie { $n } dans l'historique de ce salon : /carcassonne history liste les parties 1 à { $last }.
replay-first = C'est le premier tour : il n'y a rien avant.
replay-last = C'est le dernier tour : la partie a { $total } tours.
replay-begins = La partie commence.
replay-set-aside = **{ $name }** pioche la tuile dragon { $tile }, mise de côté
replay-fits-nowhere = **{ $name }** pioche { $tile }, qui ne va nulle part
replay-points = Points : { $gains }.
alt-replay = Revoir la partie { $n }, le plateau après le tour { $turn } sur { $total } : { $line }
alt-rotations = tuile { $tile } en [{ $x },{ $y }] avec ses voisines, tournée de { $rotations }
alt-move-preview = le plateau autour de [{ $x },{ $y }] avec { $tile } posée tournée de { $rotation } degrés et { $what }

# The computer's review of a finished game.
review-title = 🔎 L'ordinateur a revu la partie terminée le { $date } : le coup le plus coûteux de chaque joueur (son estimation de l'avance finale, en points).
review-final-title = 🔎 **Tournants** (le regard en arrière de l'ordinateur : le coup le plus coûteux de chaque joueur, selon son estimation de l'avance finale)
review-line = **{ $name }**, tour { $turn } : { $made } ; { $better } valait environ +{ $gain }
review-clean = **{ $name }** : aucun coup n'a cédé { $gain } points ou plus
review-placed = a posé { $tile } en [{ $x },{ $y }] rotation { $rotation }
review-instead = { $tile } en [{ $x },{ $y }] rotation { $rotation }
review-pass = a passé
button-review = Analyse
review-top-title = L'analyse par l'ordinateur de la partie terminée le { $date } : les coups les plus coûteux de chaque joueur.
review-how = La recherche difficile a évalué chaque coup par l'avance finale qu'elle attend ({ $n } itérations par position) ; un ou deux points relèvent du bruit.
review-no-people = Seuls des ordinateurs ont joué cette partie : rien à analyser.
review-coming = L'ordinateur analyse cette partie ; l'analyse sera publiée dans ce salon une fois prête.
review-off = Ce bot ne fait pas analyser les parties par l'ordinateur.
