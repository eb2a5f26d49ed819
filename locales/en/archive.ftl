# History, standings, replays, export, zooms and the pictures' alt text.

history-unreadable = The history cannot be read right now; please try again.
history-none = No game has ended in this channel yet: open one with /carcassonne new.
history-damaged = The last game here cannot be read ({ $why }).
history-gone = The last game here is no longer kept.
history-not-kept = it is no longer kept
history-empty = No finished games in this channel yet.
history-title = **Games played here** (latest last)
history-line = { $n }. { $date }: { $scores } — won by { $winners }
history-line-early = { $n }. { $date }: ended early after { $tiles ->
    [one] { $tiles } tile
   *[other] { $tiles } tiles
}{ $reason } ({ $seats })
history-line-unreadable = { $n }. (unreadable: { $why })
history-final-of = The final board of game { $n }:
button-final-of = Final board of game { $n }
button-replay-of = Replay game { $n }
game-not-kept = That game is no longer kept.
game-damaged = That game cannot be read ({ $why }).
game-unfinished = That game did not finish: it has no final board.
final-scores-of = Final scores ({ $date }): { $scores }.

rematch-earlier = That button belongs to an earlier game: only the last game here can be played again.
rematch-not-player = Only the players of the last game can ask for a rematch.
rematch-not-finished = The last game here did not finish (it was aborted or ended early): there is nothing to play again. Open a new game with /carcassonne new.
rematch-not-host = Only { $host } can start the rematch (the last game's creator, or the first player who finished it in their seat).
rematch-too-few = Fewer than two of the last game's seats finished it: open a new game with /carcassonne new instead.
rematch-headline = **Rematch!** { $name } asked for it.

standings-none = No finished games on this server yet: standings appear after the first one.
standings-dm-title = **Your record in direct-message games** (only you see this; rating: Elo from { $start })
standings-dm-none = You have no finished games in direct messages yet.
standings-pace = ⏱ { $time } a move (median)
standings-hints = 💡 { $n } with hints
standings-title = **Standings on this server** ({ $games ->
    [one] { $games } game
   *[other] { $games } games
} finished; rating: Elo from { $start }, games between people only)
standings-line = { $rank }. { $name } — rating { $rating } · { $games ->
    [one] { $games } game
   *[other] { $games } games
} · { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} · average { $average }

export-record = The game record (replay it with `meeplebot replay`).
export-taken-back = { $n ->
    [one] { $n } move taken back during the game is listed in the second file.
   *[other] { $n } moves taken back during the game are listed in the second file.
}
export-none = There is no game in this channel and none has been played here yet.
export-last = The record of the last game played here (replay it with `meeplebot replay`).
export-not-started = The last game here ended before it started: there is no record to export.
autocomplete-place = { $tile } at x={ $x } y={ $y } rotation { $rotation }

zoom-west = Zoom west
zoom-east = Zoom east
zoom-north = Zoom north
zoom-south = Zoom south
zoom-north-west = Zoom north-west
zoom-north-east = Zoom north-east
zoom-south-west = Zoom south-west
zoom-south-east = Zoom south-east

alt-record = game record
alt-taken-back = moves taken back during the game, with who agreed
alt-board-around = The board around [{ $x },{ $y }]
alt-board-whole = The whole board
alt-board-recent = The board around the last moves
alt-what-turn = { $what }, turn { $turn }.
alt-move = { $n } { $name } at [{ $x },{ $y }]
alt-moves = Moves outlined: { $moves }.
alt-drawn-fits = Drawn tile { $tile } ({ $words }) fits at { $cells }.
alt-arrow = { $n } (arrow { $direction })
alt-outside = Outside the picture, pointed at from its edge: { $moves }.
alt-graph = scores over { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
} and the final scoring: { $scores }
alt-final = the final board and the final scores: { $scores }
alt-timelapse = timelapse of the game: the board growing tile by tile over { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}, then the final scores

replay-empty = That game ended before its first turn: there is nothing to replay.
replay-broken = That game cannot be replayed ({ $why }).
replay-title = **Replay** of game { $n } ({ $date }) · turn { $turn } of { $total }
replay-back = ◀ Back
replay-next = Next ▶
replay-none = No game has ended in this channel yet: there is nothing to replay.
replay-no-such = There is no game { $n } in this channel's history: /carcassonne history lists games 1 to { $last }.
replay-first = This is the first turn: there is nothing before it.
replay-last = This is the last turn: the game has { $total } turns.
replay-begins = The game begins.
replay-set-aside = **{ $name }** drew dragon tile { $tile }, set aside
replay-fits-nowhere = **{ $name }** drew { $tile }, which fits nowhere
replay-points = Points: { $gains }.
alt-replay = Replay of game { $n }, the board after turn { $turn } of { $total }: { $line }
alt-rotations = tile { $tile } at [{ $x },{ $y }] with its neighbours, turned { $rotations }
alt-move-preview = the board around [{ $x },{ $y }] with { $tile } placed turned { $rotation } degrees and { $what }

# The computer's review of a finished game.
review-title = 🔎 The computer looked back at the game that ended { $date }: each player's costliest move (its estimate of the final lead, in points).
review-final-title = 🔎 **Turning points** (the computer's look back: each player's costliest move, by its estimate of the final lead)
review-line = **{ $name }**, turn { $turn }: { $made }; the computer's move, { $better }, was worth about +{ $gain }
review-clean = **{ $name }**: no move gave away { $gain } points or more
review-placed = placed { $tile } at [{ $x },{ $y }] rotation { $rotation }
review-instead = { $tile } at [{ $x },{ $y }] rotation { $rotation }
review-pass = passed
button-review = Review
review-top-title = The computer's review of the game that ended { $date }: each player's costliest moves.
review-how = The hard search valued each move by the final lead it expects ({ $n } iterations a position); a point or two is noise.
review-no-people = Only computers played that game: nothing to review.
review-coming = That game is being reviewed by the computer; the review is posted in this channel when it is done.
review-off = The computer does not review games on this bot.
