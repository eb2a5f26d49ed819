# The web board (the game's page in a browser).
web-title = Carcassonne
web-to-play = { $who } to play
web-finished = Final scores: { $scores }
web-turn = Turn { $n } of { $total }
web-start = Start
web-tiles-left = { $n } tiles left
web-kinds = Tiles left by kind
web-prev = Previous turn
web-next = Next turn
web-zoom-in = Zoom in
web-zoom-out = Zoom out
web-fit = Whole board
web-language = Language
web-live = Live
web-reconnecting = Connection lost; reconnecting…
web-gone = This game's page is no longer available.
web-tile = Tile { $tile } at { $x },{ $y }, turn { $turn }
web-nothing = Nothing stands on it.
web-help = ◀ ▶ step through the turns · drag or pinch to move and zoom · + − 0 zoom · arrows with Shift pan
web-board = Board
web-scores = Scores
web-link = Web board
web-no-script = This page needs JavaScript to draw the board.

# Playing on the web board through a seat's personal link.
button-web-play = Play on the web
web-play-link = Your own link to play this game on the web board. Anyone with it can move for you: keep it to yourself. { $url }
web-play-none = This game has no web board to play on.
web-play-not-seated = You have no seat in this game.
web-play-no-tile = No tile is waiting to be placed.
web-play-changed = The game changed meanwhile; here it is as it stands now.
web-play-slow = Too many requests from this page in a minute: nothing was sent. Wait a moment and try again.
web-play-no-choice = That choice is not on offer now.
web-play-you = Your turn: tap a marked cell for the tile (keyboard: arrows choose, R turns, Enter confirms).
web-play-choose = Choose, then confirm.
web-play-wait = Not your turn: the page follows the game.
web-play-rotate = Turn
web-play-confirm = Confirm
web-play-back = Back
web-play-sent = Sent.
web-play-lost = The connection was lost; nothing was sent twice. Try again.
web-play-place = Place the tile here
web-play-undo = Take back my last move
web-play-vote = { $name } asks to take back a move.
web-review = The computer's review: each player's costliest moves (marked on the turn slider). Pick one to see the computer's move on the board.
web-review-move = The computer's move here: about +{ $gain }
web-play-agree = Agree
web-play-refuse = Keep it
web-play-reset = { $n ->
    [one] One personal web link of yours stopped. A turn's Play on the web button gives a new one.
   *[other] { $n } personal web links of yours stopped. A turn's Play on the web button gives a new one.
}
me-web-links = Personal web links: { $n } live ({ $games ->
    [one] in one game
   *[other] in { $games } games
}). /carcassonne me links stops them; a turn's Play on the web button gives a new one.
me-web-links-none = Personal web links: none live. A turn's Play on the web button gives you one.
button-activity = Activity
activity-connecting = Connecting to Discord…
activity-no-game = No game is being played in this channel with a web board. Start one with /carcassonne new, or open the Activity where a game is on.
activity-refused = Discord did not say who you are, so the board cannot seat you. Close the Activity and launch it again.
activity-failed = The Activity could not talk to Discord. Close it and launch it again.
web-tournament = Tournament: { $name }
web-tournament-round = round { $round } of { $rounds } (standings: points · Buchholz · score difference; this game's table in bold)
web-tournament-winner = Winner: { $name }
web-tournament-earlier = Round { $round }
web-tournament-bye = Bye: { $names }
