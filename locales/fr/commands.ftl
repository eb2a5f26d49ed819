# Commandes slash : noms, descriptions, options et choix, tels que Discord les montre.

cmd-carcassonne = carcassonne
cmd-carcassonne-desc = Jouer à Carcassonne dans ce salon, tour par tour.

cmd-new = nouvelle
cmd-new-desc = Ouvrir une nouvelle partie dans ce salon (les autres appuient ensuite sur Rejoindre).
cmd-new-players = joueurs
cmd-new-players-desc = Nombre maximal de joueurs (2-6, 6 par défaut)
cmd-new-expansions = extensions
cmd-new-expansions-desc = Extensions, séparées par des virgules : river, inns, traders, abbot, tower, princess
cmd-new-farms = prés
cmd-new-farms-desc = Comment les prés comptent à la fin
cmd-new-farms-0 = par pré (3 par ville, chaque pré)
cmd-new-farms-1 = par ville (4 par ville, majorité sur tous les prés)
cmd-new-farms-2 = aucun (sans paysans)
cmd-new-small_city = petite_ville
cmd-new-small_city-desc = Une ville achevée de deux tuiles rapporte 2 au lieu de 4
cmd-new-reminder_hours = rappel_heures
cmd-new-reminder_hours-desc = Heures entre les rappels au joueur dont c'est le tour (0 = aucun)
cmd-new-computers = ordinateurs
cmd-new-computers-desc = Joueurs ordinateur à installer tout de suite
cmd-new-computer_level = niveau_ordinateur
cmd-new-computer_level-desc = La force des joueurs ordinateur (par défaut : fort)
cmd-new-computer_level-0 = facile (le plus de points ce tour-ci)
cmd-new-computer_level-1 = moyen (un court regard en avant)
cmd-new-computer_level-2 = fort (un regard plus long en avant)
cmd-new-thread = fil
cmd-new-thread-desc = Ouvrir un fil pour la partie au lieu de jouer dans ce salon

cmd-join = rejoindre
cmd-join-desc = Prendre une place dans la salle d'attente de ce salon.
cmd-leave = quitter
cmd-leave-desc = Quitter la salle d'attente de ce salon.
cmd-computer = ordinateur
cmd-computer-desc = Installer un joueur ordinateur dans la salle d'attente de ce salon.
cmd-start = commencer
cmd-start-desc = Commencer la partie (celui qui l'a ouverte, 2-6 joueurs).

cmd-place = poser
cmd-place-desc = Poser ta tuile piochée en x, y avec une rotation, et si tu veux un pion.
cmd-place-x = x
cmd-place-x-desc = Colonne (les nombres en haut du plateau)
cmd-place-y = y
cmd-place-y-desc = Ligne (les nombres à gauche du plateau)
cmd-place-rotation = rotation
cmd-place-rotation-desc = Rotation de la tuile dans le sens horaire, comme dans l'aperçu
cmd-place-rotation-0 = 0
cmd-place-rotation-1 = 90
cmd-place-rotation-2 = 180
cmd-place-rotation-3 = 270
cmd-place-follower = pion
cmd-place-follower-desc = Pion : city:N, large city:N, builder road:E, tower 1,0, fairy 1,0, portal 1,0 road:E, none

cmd-ransom = rançon
cmd-ransom-desc = La Tour : payer 3 points pour récupérer un partisan prisonnier (avant de poser ta tuile).
cmd-ransom-from = à
cmd-ransom-from-desc = Qui tu paies (son nom dans la partie) ; sinon on te demande avec des boutons
cmd-ransom-large = grand
cmd-ransom-large-desc = Libérer le grand partisan plutôt qu'un partisan normal

cmd-dragon = dragon
cmd-dragon-desc = La Princesse & le Dragon : faire ton pas du voyage du dragon.
cmd-dragon-direction = direction
cmd-dragon-direction-desc = Où va le dragon (le nord est en haut du plateau)
cmd-dragon-direction-0 = nord
cmd-dragon-direction-1 = est
cmd-dragon-direction-2 = sud
cmd-dragon-direction-3 = ouest

cmd-board = plateau
cmd-board-desc = Montrer le plateau (zoomer avec x et y).
cmd-board-x = x
cmd-board-x-desc = Zoom : colonne au centre
cmd-board-y = y
cmd-board-y-desc = Zoom : ligne au centre
cmd-status = état
cmd-status-desc = À qui c'est le tour, les scores et les partisans restants.
cmd-tiles = tuiles
cmd-tiles-desc = Les tuiles qui restent à piocher.
cmd-rules = règles
cmd-rules-desc = Les règles de cette partie et un bref résumé de Carcassonne.

cmd-undo = annuler
cmd-undo-desc = Reprendre ton dernier coup (tout de suite avant le joueur suivant, sinon les autres votent).
cmd-resign = abandonner
cmd-resign-desc = Abandonner : l'ordinateur joue à ta place.
cmd-return = revenir
cmd-return-desc = Reprendre ta place à l'ordinateur qui a joué pour toi pendant ton absence.
cmd-notify = notification
cmd-notify-desc = Choisir comment tu apprends que c'est ton tour : mention, message privé ou silence.
cmd-notify-how = comment
cmd-notify-how-desc = Mention dans le salon, message privé ou silence
cmd-notify-how-0 = mention dans le salon
cmd-notify-how-1 = message privé
cmd-notify-how-2 = silence

cmd-rematch = revanche
cmd-rematch-desc = Après une partie : une nouvelle avec les mêmes places dans un nouvel ordre.
cmd-standings = classement
cmd-standings-desc = Le classement de ce serveur : parties, victoires, score moyen et cote.
cmd-abort = arrêter
cmd-abort-desc = Arrêter la partie de ce salon (celui qui l'a ouverte, ou qui peut gérer le salon).
cmd-export = exporter
cmd-export-desc = Le compte rendu de la partie en fichier JSON (pour les rediffusions et les rapports de bug).
cmd-history = historique
cmd-history-desc = Les parties terminées dans ce salon.
cmd-replay = revoir
cmd-replay-desc = Revoir une partie terminée de ce salon, tour par tour (toi seul la vois).
cmd-replay-game = partie
cmd-replay-game-desc = Quelle partie : son numéro dans /carcassonne historique (par défaut la dernière)
cmd-help = aide
cmd-help-desc = Comment jouer avec ce bot.

cmd-language = langue
cmd-language-desc = Choisir la langue dans laquelle le bot te parle (sinon ta langue Discord).
cmd-language-language = langue
cmd-language-language-desc = Une langue, ou automatique : ta langue Discord
cmd-language-language-0 = automatique (ta langue Discord)
cmd-language-language-1 = English
cmd-language-language-2 = Deutsch
cmd-language-language-3 = Français
cmd-language-language-4 = Polski
cmd-language-language-5 = Español
