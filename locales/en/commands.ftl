# Slash commands: names, descriptions, options and choices, as Discord shows them.
# Keys: cmd-<subcommand>[-<option>][-desc|-<choice number>]. Names: lowercase, no spaces, at most
# 32 characters; descriptions at most 100 characters.

cmd-carcassonne = carcassonne
cmd-carcassonne-desc = Play Carcassonne in this channel, turn by turn.

cmd-new = new
cmd-new-desc = Open a new game in this channel (others then press Join).
cmd-new-players = players
cmd-new-players-desc = Most players (2-6, default 6)
cmd-new-expansions = expansions
cmd-new-expansions-desc = Expansions besides the base game, comma-separated: river, inns, traders, abbot, tower, princess
cmd-new-farms = farms
cmd-new-farms-desc = How farms score at the end
cmd-new-farms-0 = per-farm (3 per city, each farm)
cmd-new-farms-1 = per-city (4 per city, majority over all farms)
cmd-new-farms-2 = none (no farmers)
cmd-new-small_city = small_city
cmd-new-small_city-desc = A completed two-tile city scores 2 instead of 4
cmd-new-reminder_hours = reminder_hours
cmd-new-reminder_hours-desc = Hours between reminders to the player whose turn it is (0 = none)
cmd-new-computers = computers
cmd-new-computers-desc = Computer players to seat right away
cmd-new-computer_level = computer_level
cmd-new-computer_level-desc = How strong computer players are (default: hard)
cmd-new-computer_level-0 = easy (most points this turn)
cmd-new-computer_level-1 = medium (a short look ahead)
cmd-new-computer_level-2 = hard (a longer look ahead)
cmd-new-thread = thread
cmd-new-thread-desc = Open a thread for the game instead of playing in this channel

cmd-join = join
cmd-join-desc = Take a seat in this channel's lobby.
cmd-leave = leave
cmd-leave-desc = Leave this channel's lobby.
cmd-start = start
cmd-start-desc = Start the game (the lobby's creator, 2-6 players).

cmd-place = place
cmd-place-desc = Place your drawn tile at x, y with a rotation, and optionally a follower.
cmd-place-x = x
cmd-place-x-desc = Column (the numbers along the top of the board)
cmd-place-y = y
cmd-place-y-desc = Row (the numbers down the left of the board)
cmd-place-rotation = rotation
cmd-place-rotation-desc = Clockwise turn of the tile as shown in the preview
cmd-place-rotation-0 = 0
cmd-place-rotation-1 = 90
cmd-place-rotation-2 = 180
cmd-place-rotation-3 = 270
cmd-place-follower = follower
cmd-place-follower-desc = Figure: city:N, large city:N, builder road:E, tower 1,0, fairy 1,0, portal 1,0 road:E, none

cmd-ransom = ransom
cmd-ransom-desc = The Tower: pay 3 points to get back a follower held prisoner (before placing your tile).
cmd-ransom-from = from
cmd-ransom-from-desc = Whom to pay (their name in the game); asks with buttons if left out
cmd-ransom-large = large
cmd-ransom-large-desc = Free the large follower instead of a normal one

cmd-dragon = dragon
cmd-dragon-desc = The Princess & the Dragon: take your step of the dragon's journey.
cmd-dragon-direction = direction
cmd-dragon-direction-desc = Where the dragon goes (north is up on the board)
cmd-dragon-direction-0 = north
cmd-dragon-direction-1 = east
cmd-dragon-direction-2 = south
cmd-dragon-direction-3 = west

cmd-board = board
cmd-board-desc = Show the board (zoom in with x and y).
cmd-board-x = x
cmd-board-x-desc = Zoom: column to centre on
cmd-board-y = y
cmd-board-y-desc = Zoom: row to centre on
cmd-status = status
cmd-status-desc = Whose turn it is, scores, followers and tiles left.
cmd-rules = rules
cmd-rules-desc = This game's rules and a short summary of Carcassonne.

cmd-undo = undo
cmd-undo-desc = Take back your last move (at once before the next player acts, otherwise the others vote).
cmd-resign = resign
cmd-resign-desc = Give up: the computer plays on for your seat.
cmd-return = return
cmd-return-desc = Take your seat back from the computer that played for you while you were away.
cmd-notify = notify
cmd-notify-desc = Choose how you are told that it is your turn: ping, direct message or quiet.
cmd-notify-how = how
cmd-notify-how-desc = Ping in the channel, a direct message, or quiet
cmd-notify-how-0 = ping in the channel
cmd-notify-how-1 = direct message
cmd-notify-how-2 = quiet

cmd-rematch = rematch
cmd-rematch-desc = After a game: a new one with the same seats in a new order.
cmd-standings = standings
cmd-standings-desc = This server's standings: games, wins, average score and rating.
cmd-abort = abort
cmd-abort-desc = Stop this channel's game (its creator, or someone who can manage the channel).
cmd-export = export
cmd-export-desc = The game record as a JSON file (for replays and bug reports).
cmd-history = history
cmd-history-desc = Games finished in this channel.
cmd-replay = replay
cmd-replay-desc = Step through a finished game of this channel, turn by turn (only you see it).
cmd-replay-game = game
cmd-replay-game-desc = Which game: its number in /carcassonne history (default: the last one)
cmd-help = help
cmd-help-desc = How to play with this bot.

cmd-language = language
cmd-language-desc = Choose the language the bot speaks with you (your Discord language unless you choose).
cmd-language-language = language
cmd-language-language-desc = A language, or automatic: your Discord language
cmd-language-language-0 = automatic (your Discord language)
cmd-language-language-1 = English
cmd-language-language-2 = Deutsch
cmd-language-language-3 = Français
cmd-language-language-4 = Polski
cmd-language-language-5 = Español

cmd-settings = settings
cmd-settings-desc = This server's settings: defaults of new games, channels, threads, who opens games, moderators.
cmd-settings-language = language
cmd-settings-language-desc = Language of the bot's public messages on this server
cmd-settings-language-0 = automatic (your Discord language)
cmd-settings-language-1 = English
cmd-settings-language-2 = Deutsch
cmd-settings-language-3 = Français
cmd-settings-language-4 = Polski
cmd-settings-language-5 = Español
cmd-settings-expansions = expansions
cmd-settings-expansions-desc = Expansions of new games, comma-separated (none: the base game)
cmd-settings-farms = farms
cmd-settings-farms-desc = How farms score in new games
cmd-settings-farms-0 = per-farm (3 per city, each farm)
cmd-settings-farms-1 = per-city (4 per city, majority over all farms)
cmd-settings-farms-2 = none (no farmers)
cmd-settings-small_city = small_city
cmd-settings-small_city-desc = A completed two-tile city scores 2 in new games
cmd-settings-reminder_hours = reminder_hours
cmd-settings-reminder_hours-desc = Hours between reminders in new games (0 = none)
cmd-settings-computer_level = computer_level
cmd-settings-computer_level-desc = How strong computer players are in new games
cmd-settings-computer_level-0 = easy (most points this turn)
cmd-settings-computer_level-1 = medium (a short look ahead)
cmd-settings-computer_level-2 = hard (a longer look ahead)
cmd-settings-channel = channel
cmd-settings-channel-desc = Whether games may be opened in this channel
cmd-settings-channel-0 = games may be opened in this channel
cmd-settings-channel-1 = no more games in this channel
cmd-settings-channel-2 = games in any channel
cmd-settings-threads = threads
cmd-settings-threads-desc = Open a thread for each new game
cmd-settings-web_links = web_links
cmd-settings-web_links-desc = Links to games' web pages under board pictures
cmd-settings-start_role = start_role
cmd-settings-start_role-desc = Only members with this role open games
cmd-settings-everyone_starts = everyone_starts
cmd-settings-everyone_starts-desc = Everyone may open games again
cmd-settings-moderator_role = moderator_role
cmd-settings-moderator_role-desc = Members with this role moderate games
cmd-settings-no_moderator_role = no_moderator_role
cmd-settings-no_moderator_role-desc = No moderator role (Manage Messages still moderates)

cmd-remove = remove
cmd-remove-desc = A moderator takes a player out of this game: the computer plays on for their seat.
cmd-remove-player = player
cmd-remove-player-desc = The player to take out
cmd-handover = handover
cmd-handover-desc = A moderator hands a player's seat to another member.
cmd-handover-player = player
cmd-handover-player-desc = The player whose seat changes hands
cmd-handover-to = to
cmd-handover-to-desc = The member who takes the seat
cmd-moderate = moderate
cmd-moderate-desc = Moderators: take a player out of this game, or hand their seat to another member.

cmd-notify-only_here = only_here
cmd-notify-only_here-desc = Only for this channel's games (otherwise: every game)
cmd-notify-heads_up = heads_up
cmd-notify-heads_up-desc = Also tell me privately when the player before me starts their turn
cmd-mygames = mygames
cmd-mygames-desc = Your games on this server, with links and whose turn it is.
