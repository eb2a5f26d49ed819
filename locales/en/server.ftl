# Server settings and moderators.

yes = yes
no = no
settings-title = **Settings of this server** (members who can manage the server change them with `/carcassonne settings`)
settings-language = Language of public messages: { $language }
settings-language-discord = the server's language in Discord
settings-sets = Expansions of new games: { $sets }
settings-sets-none = none (the base game)
settings-farms = Farms: { $farms }
farms-per-farm = 3 per city, each farm
farms-per-city = 4 per city, majority over all farms
farms-none = no farmers
settings-small-city = A two-tile city scores 2: { $yes }
settings-reminders = Hours between reminders: { $hours } (0 = none)
settings-level = Computer players: { $level }
level-easy = easy
level-medium = medium
level-hard = hard
settings-channels = Games may be opened in: { $channels }
settings-channels-any = any channel
settings-threads = New games open in a thread: { $yes }
settings-web-links = Links to games' web pages: { $yes }
settings-starters = Who may open games: { $who }
settings-everyone = everyone
settings-moderators = Moderators: members who can manage messages, and the role { $role }
settings-saved = Saved.
settings-no-server = Settings belong to a server; there is none here.
settings-not-admin = Only members who can manage this server change its settings; anyone may look at them with `/carcassonne settings`.
settings-bad-set = There is no tile set called { $set }.
settings-bad-hours = Reminders can be at most 336 hours (two weeks) apart.
new-channel-not-allowed = On this server, games are opened in { $channels }.
new-not-starter = On this server, members with the role { $role } open games.

abort-not-allowed = Only the game's creator, a moderator or someone who can manage this channel can abort it.
game-aborted = { $name } aborted the game.
game-ended-by-moderator = { $name }, a moderator, ended the game.
moderator-only = Only moderators (members who can manage messages, or with the server's moderator role) can do this.
link-not-allowed = Only the game's creator or a moderator can renew its web link.
link-none = This channel has no game with a web page.
link-renewed = 🔗 { $name } gave this game a new web link: the old one no longer opens it.
link-off = 🔗 { $name } closed the web page of the last finished game here.
moderator-not-seated = { $user } has no seat in this game.
moderator-already-seated = { $user } already has a seat in this game.
moderator-removed = { $moderator }, a moderator, took { $player } out of the game; the computer plays on for their seat.
moderator-last-person = Nobody is left to play: the game ends.
moderator-handed = { $moderator }, a moderator, handed { $from }'s seat to { $to }.

lobbies-per-member = You already have { $n ->
    [one] an open lobby
   *[other] { $n } open lobbies
} on this server: start or close one (/carcassonne abort) before opening another.
lobbies-per-server = This server already has { $n } open lobbies, the most it allows: join one, or wait until one starts or closes.
