# What the bot says in games: replies, turn lines, help.
# A line of a multi-line value must not start with [, * or . (Fluent syntax).

tiles-left = { $n ->
    [one] { $n } tile left
   *[other] { $n } tiles left
}
tiles-list = **{ tiles-left }** (the drawn one included): { $tiles }
tiles-abbeys = Abbeys still in hand ({ $n }, besides the stack): { $names }
not-started = The game has not started yet.

no-game = There is no game in this channel. Open one with /carcassonne new.
done-already = This was done already: the same command arrived twice, and it counts once.
internal-error = Something went wrong on our side with this channel's game. Look at /carcassonne status before trying again.
computer-stuck = The computer player cannot choose a move right now (an internal error on our side); nothing was changed. It tries again in an hour. Meanwhile a moderator can hand its seat to a person or end the game.
slow-down = You're asking faster than this bot shows things: try again in { $seconds } s.
game-over = The game is over.
earlier-turn = That button belongs to an earlier turn.
not-your-turn = It's { $player }'s turn, not yours.
bad-rotation = Rotation must be 0, 90, 180 or 270, not { $rotation }.
off-board = [{ $x },{ $y }] is far off the board.
cant-go = { $tile } can't go at [{ $x },{ $y }] rotation { $rotation }: { $reason }.

place-occupied = { $at } already has a tile
place-not-adjacent = { $at } does not touch any placed tile edge to edge
place-edge-mismatch = the { $side } edge ({ $ours }) meets a { $theirs } at { $at }

side-n = north
side-e = east
side-s = south
side-w = west
edge-field = field
edge-road = road
edge-city = city
edge-river = river

notify-ping = You will be pinged in the game's channel when it is your turn.
notify-dm = You will get a direct message when it is your turn (and no ping in the channel).
notify-quiet = You will not be pinged: your name still shows in the channel when it is your turn.
prefs-not-saved = Your choice could not be saved (a storage problem on our side); please try again.
language-set = The bot now speaks { $language } with you.
language-discord = The bot now speaks your Discord language with you ({ $language }).

help = **Carcassonne here, in turns.**
    • `/carcassonne new` opens a lobby (farm rule, small cities, reminders, a time per move, `hints`); others press **Join**, the creator presses **Start**. **Add computer** fills a seat.
    • On your turn the bot pings you with a picture of the board around the last moves and the green cells where your tile fits. Press **Place**: choose a cell, a rotation that fits, your follower, **Confirm**. Or type `/carcassonne place x y rotation [follower]` — x and y are on the picture's edges; rotation is 0, 90, 180 or 270; follower is a place like `city:N`, `road:E`, `field:SSW`, `cloister` or `none`; with the expansions also `large city:N`, `builder road:E`, `pig field:SSW`, `abbot garden`, `recall`, `tower 1,0 capture 2,0 city:N` or `guard 1,0`; `fairy 1,0`, `portal 1,0 road:E` or `princess 0,-1 city:N`; `ransom` buys back a follower held prisoner (3 points); `dragon` moves the dragon on its journey; `mayor city:N`, `wagon road:E`, `barn corner:SE`, `shepherd field:S`. `/abbey`, `/wagon`, `/flock`, `/bridge`, `/castle` and `/bazaar` take those sets' own moves. Autocomplete offers legal moves.
    • `undo` takes back your last move (at once before the next player acts, otherwise the others agree with buttons). After unanswered reminders the others may vote to let the computer play for an absent player, who takes the seat back with `return`. `me` holds your settings: `notify` (ping, DM or quiet), `language`, `hours` (time zone, quiet hours), `away`, `digest` (one message a day).
    • `board`, `status` (with the tiles left), `rules` show the game; `mygames` lists your games on this server; `resign` hands your seat to the computer; `abort` stops it (creator or channel managers); `export` gives the game record; `history` lists past games with their final boards and the computer's **Review**; `replay` steps through a finished game turn by turn; `rematch` plays again with the same seats; `standings` ranks this server's players.

notify-here = In this channel's games:
heads-up-on = You will be told privately when the player before you starts their turn.
heads-up-off = You will no longer be told when the player before you starts their turn.
heads-up-line = ⏭ You are next after **{ $name }** in { $channel }.
mygames-title = **Your games on this server** ({ $n }):
mygames-none = You sit in no game on this server. Open one with /carcassonne new.
mygames-lobby = lobby, not started yet
mygames-your-turn = **your turn**
mygames-turn-of = { $player } to play
mygames-computer = a computer is playing
mygames-web-links = { $n ->
    [one] one personal web link live
   *[other] { $n } personal web links live
}

lobby-opened = A new Carcassonne game is open.
lobby-text = **Lobby** ({ $n }/{ $max } players): { $seats }
    Rules: { $rules }.
    Press **Join** to take a seat; { $creator } starts with **Start** (2–6 players).
lobby-nobody = nobody yet
lobby-joined = { $name } joined.
lobby-left = { $name } left.
lobby-closed = { $name } left; with nobody left the lobby is closed.
lobby-computer-joined = A computer player joined.
lobby-full = The lobby is full.
join-seated = You already have a seat.
leave-not-seated = You are not in this lobby.
computer-not-seated = Only players in the lobby can add computer players.
seats-fixed = The game has already started; seats can no longer change (use /carcassonne resign to give up).
new-lobby-open = This channel already has an open lobby: press Join, or ask its creator to start or abort it.
new-game-running = This channel already has a game running. Finish or abort it first, or start a game in a thread.
rematch-lobby-open = This channel has an open lobby: press Join instead.
rematch-game-running = This channel's game is still running: a rematch comes after it ends.
button-join = Join
button-leave = Leave
button-add-computer = Add computer
button-start = Start
rules-farms-per-farm = farms score 3 per completed city (per farm)
rules-farms-per-city = farms score 4 per completed city (per city)
rules-farms-none = no farmers
rules-small-city = small cities score 2
rules-revision-old = the rules as read when this game began (revision { $revision }: a river tile may trap the river, an abbot may leave a feature its tile completed)
rules-no-reminders = no reminders
rules-reminders = reminders every { $hours } h
rules-computers = { $level } computer players
rules-reply = **This game's rules**: { $rules }.
    { $summary }
rules-summary = On your turn place the drawn tile touching the board, every edge matching (city to city, road to road, field to field); then you may put one follower on that tile, on a city, road, field or cloister nobody occupies yet. Completed roads score 1 per tile, cities 2 per tile and pennant, cloisters 9; followers then come back. At the end unfinished features score 1 per tile and pennant (cloister: 1 + neighbours), then farms score for the completed cities they border. Ties all score.

# Turn lines.
move-placed = **{ $name }** placed { $tile } at [{ $x },{ $y }] rotation { $rotation }
move-with = with a { $figure } on { $spot }
move-recall = and called the abbot back
move-tower = and added a tower piece at [{ $x },{ $y }]
move-guard = and put a follower on top of the tower at [{ $x },{ $y }], closing it
move-guard-large = and put a large follower on top of the tower at [{ $x },{ $y }], closing it
figure-knight = knight
figure-thief = thief
figure-farmer = farmer
figure-monk = monk
figure-abbot = abbot
figure-guard = tower guard
figure-large-knight = large knight
figure-large-thief = large thief
figure-large-farmer = large farmer
figure-large-monk = large monk
figure-large-abbot = large abbot
figure-large-guard = large tower guard
figure-builder = builder
figure-pig = pig
goods-wine = { $name } takes { $n } wine { $n ->
    [one] token
   *[other] tokens
} from the completed city.
goods-grain = { $name } takes { $n } grain { $n ->
    [one] token
   *[other] tokens
} from the completed city.
goods-cloth = { $name } takes { $n } cloth { $n ->
    [one] token
   *[other] tokens
} from the completed city.
tile-set-aside = (Tile { $tile } fits nowhere and was set aside.)
builder-extra = { $name } builds on: the builder gives a second tile this turn.
count-tiles = { $n ->
    [one] { $n } tile
   *[other] { $n } tiles
}
count-pennants = { $n ->
    [one] { $n } pennant
   *[other] { $n } pennants
}
count-tokens = { $n ->
    [one] { $n } token
   *[other] { $n } tokens
}
reason-city = city
reason-road = road
reason-cloister = cloister
reason-garden = garden
reason-farm = farm
reason-goods = goods
reason-fairy = fairy
score-line = { $who } +{ $points } for the { $what }.
score-line-detail = { $who } +{ $points } for the { $what } ({ $detail }).

# The turn message.
direction-north = north
direction-north-east = north-east
direction-east = east
direction-south-east = south-east
direction-south = south
direction-south-west = south-west
direction-west = west
direction-north-west = north-west
off-picture = (off the picture: arrow { $direction })
since-last-turn = Since your last turn (numbered on the picture): { $moves }
next-computer = Next: { $seat } { $name } (computer) — drawn tile { $tile }; its move follows in a moment.
next-person = Next: { $seat } { $mention } — drawn tile { $tile }. Press **Place**, or type /carcassonne place.
ransom-possible = You may first pay 3 points to get back a follower held prisoner (/carcassonne ransom).
button-place = Place
button-ransom = Pay a ransom (3 points)
button-whole-board = Whole board
scores-line = Scores: { $scores }

# /carcassonne status.
status-lobby = Lobby: { $n } player(s).
status-to-play = ◀ to play
status-large = large
status-builder = builder
status-pig = pig
status-abbot = abbot
status-goods = goods: { $wine } wine, { $grain } grain, { $cloth } cloth
status-towers = { $n ->
    [one] { $n } tower piece
   *[other] { $n } tower pieces
}
status-prisoners = holds prisoner: { $held }
status-seat = **{ $points }** { $points ->
    [one] point
   *[other] points
}, { $followers ->
    [one] { $followers } follower
   *[other] { $followers } followers
} left
status-beside-board = beside the board
status-dragon = 🐉 Dragon: { $dragon } · 🧚 fairy: { $fairy }
status-set-aside = { $n ->
    [one] { $n } dragon tile
   *[other] { $n } dragon tiles
} set aside until a volcano
status-pace = ⏱ Median time to move in this game: { $list }
status-drawn = Drawn tile: { $tile } · { $n ->
    [one] { $n } tile
   *[other] { $n } tiles
} left after it

# The end of a game.
plural-city = cities
plural-road = roads
plural-cloister = cloisters
plural-garden = gardens
plural-farm = farms
plural-goods = goods
plural-fairy = fairy
final-title = **The last tile is placed: final scoring.**
final-pace = ⏱ The game took { $length }; the slowest move: { $name }, { $time }.
duration-d = { $n } d
duration-h = { $n } h
duration-min = { $n } min
duration-s = { $n } s
final-seat = **{ $name }**: { $total } (game { $game } + { $parts })
final-winners = 🏆 { $names } { $count ->
    [one] wins
   *[other] win
}!
final-rematch = Play again with the same seats: **Rematch**.
button-rematch = Rematch
button-standings = Standings
button-replay = Replay

# Starting a game.
start-not-creator = Only { $creator } (who opened the lobby) can start.
start-too-few = A game needs at least 2 players: invite someone or add a computer player.
start-headline = **The game is on!**
start-seats = Seats in turn order: { $seats }.
colour-red = red
colour-blue = blue
colour-green = green
colour-yellow = yellow
colour-black = black
colour-pink = pink

# Placing by buttons.
choice-follower = Follower on { $spot }
choice-large = Large follower on { $spot }
choice-builder = Builder on { $spot }
choice-pig = Pig on { $spot }
choice-abbot = Abbot on { $spot }
choice-recall = Call the abbot back
choice-tower = Tower piece at { $at }
choice-tower-capture = Tower at { $at }, take { $spot } { $on }
choice-guard-large = Large follower on the tower at { $at }
choice-guard = Follower on the tower at { $at }
choice-portal-large = Portal: large follower on { $spot } at { $at }
choice-portal = Portal: follower on { $spot } at { $at }
choice-fairy = Fairy to { $at }
choice-princess = Princess: send home the knight at { $at }
choice-none = No figure
tap-earlier = That button belongs to an earlier turn. Use the latest turn message.
tap-dragon = The dragon is on its journey: wait for it.
tap-earlier-cells = ◀ Earlier cells
tap-more-cells = More cells ▶
tap-page = (page { $page } of { $pages })
tap-step1 = Placing { $tile }. Step 1 of 4: choose a cell — the green cells of the turn picture{ $more }.
tap-no-fit = { $tile } does not fit at [{ $x },{ $y }].
tap-step2 = Step 2 of 4: **{ $tile }** at [{ $x },{ $y }] fits turned { $rotations }. Choose a rotation (the picture shows each with its neighbours).
tap-back = ◀ Back
tap-step3 = Step 3 of 4: **{ $tile }** at [{ $x },{ $y }] turned { $rotation }°. Place a figure? (The picture names each place.)
tap-not-possible = { $choice } is not possible after this placement.
tap-no-figure = no figure
tap-confirm = Confirm
tap-step4 = Step 4 of 4: place **{ $tile }** at [{ $x },{ $y }] turned { $rotation }° with { $what } (`{ $typed }`)? Press **Confirm**.
tap-other-cell = Other cell
button-no-follower = No follower

# Words on pictures (each must fit its box: a test measures them).
pic-drawn = drawn: { $tile }
pic-drawn-left = drawn: { $tile } · { tiles-left }
pic-final-scores = Final scores
pic-final-sub = game { $game } · end { $end }
pic-final-sub-winner = game { $game } · end { $end }  ★ winner
pic-end-points = end-game points
pic-graph-title = Scores over the game
pic-graph-axis = turn
pic-replay-title = Replay · turn { $turn } of { $total }
pic-timelapse-tile = Tile { $n } of { $total }
pic-timelapse-final = Final
pic-preview-rotation = { $tile } rotation { $degrees }
pic-col-city = city
pic-col-road = road
pic-col-cloister = cloister
pic-col-garden = garden
pic-col-farm = farm
pic-col-goods = goods
pic-col-fairy = fairy
pic-board-title = Turn { $turn } · { tiles-left }

# A tile in words (turn texts and alt text).
tile-cloister = cloister
tile-city = { $n ->
    [one] city
   *[other] { $n } cities
}
tile-city-cap = { $n ->
    [one] city cap
    [2] two city caps
    [3] three city caps
    [4] four city caps
   *[other] { $n } city caps
}
tile-city-band = { $n ->
    [one] city band
    [2] two city bands
   *[other] { $n } city bands
}
tile-city-corner = { $n ->
    [one] city corner
    [2] two city corners
   *[other] { $n } city corners
}
tile-city-three = { $n ->
    [one] three-sided city
   *[other] { $n } three-sided cities
}
tile-city-four = { $n ->
    [one] city on every side
   *[other] { $n } cities on every side
}
tile-with-shield = { $what } with a shield
tile-with-cathedral = { $what } with a cathedral
tile-road-end = { $n ->
    [one] road end
   *[other] two road ends
}
tile-road-straight = straight road
tile-road-curve = road curve
tile-crossroads = { $n }-way crossroads
tile-roads = { $n ->
    [2] two roads
    [3] three roads
    [4] four roads
   *[other] { $n } roads
}
tile-with-inn = { $what } with an inn
tile-river-spring = river spring
tile-river-lake = river lake
tile-river = river
tile-volcano = volcano
tile-dragon = dragon
tile-portal = magic portal
tile-tower = tower foundation
tile-princess = princess
tile-field = field
move-fairy = and moved the fairy to [{ $x },{ $y }]
move-portal = and through the magic portal put a { $figure } on { $spot } at [{ $x },{ $y }]
move-princess = and the princess sent the knight at [{ $x },{ $y }] home
cannot-do = That can't be done: { $reason }.
no-such-set = There is no tile set called { $set }.
players-range = A game has 2 to 6 players.
reminders-max = Reminders can be at most 336 hours (two weeks) apart.
resign-not-seated = Only seated players can resign.
lobby-expired = The lobby here was closed: { $why }.
game-expired = The game here ended: { $why }. It is in /carcassonne history.
ending-lobby = nobody started it within { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}
ending-abandoned = nobody moved for { $days ->
    [one] { $days } day
   *[other] { $days } days
}
ending-channel-gone = its channel is gone
ending-left-server = the bot left the server
pic-move-preview = Your move, not placed yet
damaged-game = This channel's saved game cannot be read ({ $reason }). A channel manager can remove it with /carcassonne abort.
damaged-not-manager = Only someone who can manage this channel can remove a damaged game.
damaged-removed = The damaged game entry of this channel was removed.
earlier-game = That button belongs to an earlier game in this channel.
storage-unreadable = This channel's game cannot be read right now (a storage problem on our side); nothing was changed. Please try again shortly.
try-again = Try again.
internal-nothing-changed = Something went wrong on our side; nothing was changed. Please try again.
storage-conflict = This game was changed by someone else at the same moment, so your command was not applied. Look at /carcassonne status and try again.
storage-uncertain = The game could not be saved for certain (a storage problem on our side): your command may or may not have been recorded. Look at /carcassonne status before trying again.
bot-failed = Something went wrong on our side. Look at /carcassonne status to see where the game stands before trying again.
bot-unreadable-argument = I could not read that: { $error }
bot-button-outdated = This button is out of date. Use /carcassonne board to see the game now.
bot-thread-name = Carcassonne with { $name }
bot-game-open-in = The game is open in { $channel }.
bot-thread-not-allowed = Opening the game in a new thread needs the permissions to create public threads and to send messages in threads here, which you don't have. Open it in this channel instead (without `thread`).
bot-thread-required = This server opens every game in a thread of its own: leave out `thread: false`.
typed-tower = { $typed }: write a tower piece as "tower x,y" or "tower x,y capture x,y place"
typed-fairy = { $typed }: write the fairy as "fairy x,y"
typed-princess = { $typed }: write the knight to send home as "princess x,y city:N"
typed-portal = { $typed }: write a follower through the portal as "portal x,y road:E"
typed-guard = { $typed }: write a tower guard as "guard x,y"

# Why the rules refuse a move (after "That can't be done: ").
err-wrong-decision = that is not what the game waits for now
err-no-abbot = you have no abbot on the board to call back
err-abbot-completed = your abbot's cloister or garden at { $at } is complete: it scores 9 at the end of this turn, so it cannot be called back
err-not-drawn = the drawn tile is { $drawn }, not { $asked }
err-tile-none-left = no { $tile } tile is left to draw
err-river-first = the river comes first: { $tile } cannot be placed while river tiles remain
err-lake-early = the lake ends the river; the other river tiles come before it
err-river-disconnected = a river tile must continue the river at { $at }
err-river-u-turn = the river cannot turn the same way twice in a row (it would make a U-turn)
err-river-trapped = the river would run into itself there: a river tile still to come could find no place
err-cannot-discard = { $tile } fits at { $at }, so it cannot be discarded
err-fits-nowhere = { $tile } fits nowhere on the board, so it is discarded
err-garden-not-in-game = garden copies of tiles are only used with the Abbot
err-no-garden-left = no garden copy of { $tile } is left to draw
err-only-gardens = the { $tile } tiles left are all garden copies
err-spot = { $typed } is not a follower place; write city:N, road:E, field:SSW, field:inner, cloister, garden or tower
err-no-such-place = tile { $tile } turned { $rotation }° has no { $spot }
err-occupied = { $spot } belongs to a feature already occupied elsewhere
err-none-left = you have no { $kind ->
    [large] large followers
    [builder] builder
    [pig] pig
    [abbot] abbot
   *[other] followers
} left
err-no-farmers = farmers are not used in this game
err-corner-place = the { $kind } goes on a feature, not on a corner of the tile (only a barn stands there)
err-closed-field = no farmer may go into the field at { $spot } of the tile at { $on }: a barn stands in it
err-figure-not-in-game = this game has no { $figure }
err-garden-abbot = only the abbot may stand on a garden
err-abbot-place = the abbot goes only on a cloister or a garden, not on { $spot }
err-builder-place = the builder goes only on a road or a city, not on { $spot }
err-pig-place = the pig goes only on a field, not on { $spot }
err-needs-own-follower = the { $kind ->
    [pig] pig
   *[other] builder
} needs one of your followers already on that feature ({ $spot })
err-princess-not-in-game = the Princess & the Dragon is not part of this game
err-volcano = no figure goes on a volcano tile: the dragon lands there
err-dragon-here = the dragon is at { $at }: no figure may go there
err-no-princess = the tile just placed has no princess
err-princess-first = the princess joins a city with knights: send one of them home (nothing else is placed this turn)
err-not-a-knight = there is no knight of the city the princess joins at { $spot } of the tile at { $on }
err-no-tile = there is no tile at { $at }
err-fairy-there = the fairy already stands at { $at }
err-fairy-needs-follower = the fairy goes only to a tile where you have a follower, and you have none at { $at }
err-dragon-empty = the dragon cannot go { $direction } to { $to }: there is no tile there
err-dragon-visited = the dragon cannot go { $direction } to { $to }: it was already there on this journey
err-dragon-fairy = the dragon cannot go { $direction } to { $to }: the fairy protects that tile
err-no-portal = a follower goes onto another tile only after placing a magic portal tile
err-portal-figure = only a follower (normal, large, a mayor or a wagon) goes through a magic portal
err-tile-has-no-place = the tile at { $on } has no { $spot }
err-occupied-at = { $spot } of the tile at { $on } belongs to a feature already occupied
err-complete-at = { $spot } of the tile at { $on } belongs to a feature already complete
err-tower-not-in-game = the Tower is not part of this game
err-no-pieces = you have no tower pieces left
err-no-foundation = the tile at { $at } has no tower foundation
err-guarded = the tower at { $at } is closed: a follower stands on top of it
err-out-of-reach = { $on } is out of reach of the tower at { $at }: at height { $height } it reaches { $height ->
    [one] { $height } tile
   *[other] { $height } tiles
} straight north, east, south and west
err-no-follower = there is no follower at { $spot } of the tile at { $on }
err-not-capturable = only followers (normal, large, a mayor or a wagon) can be taken prisoner
err-castle-lord = the lord of the castle at { $at } cannot be taken prisoner
err-only-tower = a figure goes onto another tile than the one just placed only on top of a tower, not on { $spot }
err-guard-figure = only a normal or large follower can do that
err-no-tower-yet = there is no tower at { $at } yet to stand on (it needs a tower piece first)
err-no-prisoner = seat { $seat } holds none of your followers prisoner
computer-name = Computer { $n }
pic-letter-builder = B
pic-letter-pig = P
pic-letter-dragon = D
pic-letter-fairy = F
ending-resigned = every player resigned
ending-aborted = aborted by { $name }
ending-removed = { $player } removed by { $moderator }
seat-resigned = { $name } (resigned)

# Move clocks, absences, quiet hours and digests.
clock-off = off
clock-max = A move clock is at most 168 hours (a week).
while-away-wait = the game waits
while-away-computer = the computer plays for them
settings-clock = Time per move: { $clock }
settings-while-away = While a player is away: { $what }
rules-clock = { $clock } per move
rules-clock-always = { $clock } per move (the clock never stops)
rules-away-computer = the computer plays for absent players
clock-warning = ⏳ { $mention }, { $left } left on your clock for **{ $tile }**.
clock-out = ⌛ { $name }'s time for this move ran out: the computer plays it.
clock-out-seat = { $name } ran out of time { $n } times in a row: the computer takes the seat until they come back (`/carcassonne return`).
status-clock = ⏳ { $name }: { $left } left
status-clock-stopped = ⏳ { $name }: { $left } left (the clock stands still)
status-away = 🏖️ { $name } is away until { $until }
turn-away = 🏖️ { $name } is away until { $until }; the game waits for them.
absent-is-away = { $name } said they are away: the game waits for them.
me-bad-zone = I do not know the time zone { $zone }. Pick one from the list (for example Europe/Berlin or America/New_York).
me-bad-time = { $time } is not a time of day: write it like 23:00 or 8.
me-quiet-same = Quiet hours need a start and an end that differ (for example 23:00 to 08:00).
me-quiet-long = Quiet hours can last at most { $n } hours a day (your games wait for you through them).
me-away-max = You can be away for at most { $n } days at a time.
me-not-away = You are not away.
me-zone = Time zone: { $zone } (it is { $time } there)
me-quiet = Quiet hours: { $from }–{ $to }: nothing reaches you then; it waits until they end.
me-quiet-none = Quiet hours: none
me-away = Away until { $until }
me-here = Away: no
me-digest = Daily digest at { $time } (no ping per turn)
me-digest-off = Daily digest: off
away-wait = 🏖️ { $name } is away until { $until }: the game waits for them.
away-used-up = { $name } has used up the { $n } days of absence this game grants: it goes on without waiting for them.
away-computer = 🏖️ { $name } is away until { $until }: the computer plays for them meanwhile.
away-back = 👋 { $name } is back.
away-over = 👋 Welcome back: your absence is over.
quiet-over = 🌅 Your quiet hours are over. Meanwhile:
digest-none = No game is waiting for you.
digest-title = 📬 { $n ->
    [one] One game is waiting for you:
   *[other] { $n } games are waiting for you:
}
digest-line = • { $channel }: your turn for { $waited }
panel-away = { $name } (away)
me-quiet-both = Give both ends of your quiet hours: quiet_from and quiet_to (for example 23:00 and 08:00).

# Abbey & Mayor
figure-mayor = mayor
figure-wagon = wagon
figure-barn = barn
status-mayor = mayor
status-wagon = wagon
status-barn = barn
status-abbey = abbey in hand
choice-mayor = Mayor on { $spot }
choice-wagon = Wagon on { $spot }
choice-barn = Barn on { $spot }
move-abbey = **{ $name }** placed the abbey at [{ $x },{ $y }]
tap-abbey = First choose between your abbey and a draw: the buttons of the turn's message.
tap-wagon = A wagon is moving: wait for its owner.
button-draw = Draw a tile
button-abbey = Abbey at { $at }
button-wagon = Wagon to { $spot } at { $at }
button-wagon-home = Take the wagon back
err-no-abbey = you have placed your abbey already
err-abbey-on-tile = { $at } already has a tile: the abbey goes into a hole
err-not-a-hole = the abbey goes only into a hole, an empty space with tiles on all four sides, and { $at } is not one
err-mayor-place = the mayor goes only on a city, not on { $spot }
err-wagon-place = the wagon goes only on a road, a city or a cloister, not on { $spot }
err-barn-place = the barn goes on a corner of the tile (corner:NW, corner:NE, corner:SE or corner:SW), not on { $spot }
err-no-barn-corner = the barn needs four tiles meeting at the { $corner } corner, each with field there
err-barn-there = the field at the { $corner } corner already has a barn
err-barn-field = no farmer may go into a field with a barn
err-wagon-far = the wagon at { $from } moves only to its own tile or one of the eight around it, not to { $to }
err-wagon-unlinked = { $spot } of the tile at { $on } is not linked to the feature the wagon leaves (1st-edition rule: a road's end at a city, cloister or crossing, a city's gate road, an abbey that closed it)
err-wagon-complete = { $spot } of the tile at { $on } is complete: the wagon moves only to an unfinished feature
err-wagon-occupied = { $spot } of the tile at { $on } already has a figure
err-wagon-blocked = no figure may go to { $at } now (the dragon is there)
typed-abbey = { $typed }: write the abbey as "abbey x,y", "abbey x,y cloister" (with a figure) or "abbey draw"
typed-wagon = { $typed }: write the wagon's move as "wagon x,y road:E", or "wagon home" to take it back
button-abbey-pass = No abbey
err-portal-place = the { $figure } cannot stand on { $spot }
choice-portal-figure = Portal: { $figure } on { $spot } at { $at }

# Hills & Sheep
reason-flock = flock
reason-castle = castle
figure-shepherd = shepherd
status-shepherd = shepherd
choice-shepherd = Shepherd on { $spot }
count-sheep = { $n ->
    [one] { $n } sheep
   *[other] { $n } sheep
}
tiles-buried = { $n ->
    [one] 1 tile lies
   *[other] { $n } tiles lie
} under hills, out of the game and unseen.
tile-hill = hill
tile-vineyard = vineyard
status-flock = 🐑 flock of { $n }
status-sheep-bag = 🐑 Bag of sheep: { $tokens } tokens — { $wolves } wolves, { $one }×1, { $two }×2, { $three }×3, { $four }×4 sheep
token-wolf = wolf
err-shepherd-place = the shepherd goes only on a field, not on { $spot }
err-shepherd-there = the field of { $spot } already has a shepherd
err-not-in-bag = the bag of sheep holds no { $token } token now
err-no-such-token = a token shows 1 to 4 sheep or a wolf, not { $n } sheep
typed-flock = { $typed }: write "flock grow" to draw a token for your flock, or "flock home" to drive it home and score it
button-flock-grow = Let the flock grow (draw)
button-flock-home = Drive it home (+{ $points })
tap-flock = A shepherd's owner first decides about the flock: wait for them.
flock-bag = { $tokens } tokens in the bag, { $wolves } of them wolves, { $sheep } sheep in all

# Bridges, Castles & Bazaars
tile-bazaar = bazaar
status-castles = 🏰 { $n ->
    [one] { $n } castle
   *[other] { $n } castles
} in hand
typed-castle = { $typed }: write "castle build" to build a castle on the small city, or "castle score" to score it as a city
button-castle-build = Build a castle
button-castle-score = Score the city (+{ $points })
tap-castle = A follower's owner first decides whether their small city becomes a castle: wait for them.

status-bridges = 🌉 { $n ->
    [one] { $n } bridge
   *[other] { $n } bridges
} in hand
typed-bridge = { $typed }: write "bridge x,y rotation x,y N-S|W-E": the tile's cell and rotation, then the tile the bridge goes on (the one placed, or one beside it) and its line, e.g. "bridge 1,1 90 0,1 W-E"
bridge-figure-ask = Your tile goes there with the bridge. Where does your figure go?
bridge-choice = tile at { $at } turned { $rotation }°, bridge on { $on } { $axis }
axis-ns = north to south
axis-we = west to east
move-bridge-here = with a bridge on it ({ $axis })
move-bridge-beside = with a bridge on the tile at { $at } ({ $axis })
err-bridge-none-left = you have no bridge left
err-bridge-too-far = a bridge goes on the tile you place or on a tile beside it, not at { $at }
err-bridge-no-tile = there is no tile at { $at } to lay a bridge on
err-bridge-has-one = the tile at { $at } has a bridge already
err-bridge-not-fields = a bridge spans two field edges, and the tile at { $at } has no fields from { $axis }
err-bridge-end-meets = the bridge's { $side } end on the tile at { $at } would meet a { $theirs }, not a road
err-bazaar-not-on-offer = the bazaar offers tiles 1 to { $count }, not { $tile }
err-bazaar-taken = tile { $tile } of the bazaar is taken already
err-bazaar-no-auction = this game's bazaar has no auction: choose a tile, with no bid
err-bazaar-too-poor = you cannot bid { $bid }: you have { $score } points
err-bazaar-not-higher = a raise must be higher than { $current }
err-bazaar-cannot-pay = you cannot pay { $bid } with your { $score } points: sell the tile instead
err-bazaar-not-taken = this turn begins with the tile you took at the bazaar
typed-bazaar = { $typed }: write "bazaar 2 3" to choose tile 2 of the bazaar and bid 3, "bazaar raise 4" to bid 4, "bazaar pass", "bazaar buy" or "bazaar sell"
tap-bazaar = The bazaar's auction comes first: wait for the player it asks.
button-bazaar-tile = Tile { $tile }, bid { $bid }
button-bazaar-pass = Pass
button-bazaar-raise = Bid { $bid }
button-bazaar-buy = Buy (pay { $bid })
button-bazaar-sell = Sell (get { $bid })
status-bazaar-bid = 🏪 Tile { $tile }: { $who } bids { $bid }

# Hints (the computer's suggestion for a turn, in games that allow them).
rules-hints = hints on
button-hint = Hint
hints-off = This game was opened without hints: whoever opens a game can allow them with `hints: True` in `/carcassonne new`.
hint-move = 💡 The computer would play { $moves }. Only you see this; the move is yours to make.
hint-none = 💡 The computer finds no move to suggest here.
