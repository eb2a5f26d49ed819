# Taking back moves, absent players, reminders, and the expansions' special moments.

undo-over = The game is over: moves can no longer be taken back.
undo-not-player = Only players of this game can take back a move.
undo-dragon = The dragon is on its journey: a move can be taken back once it has landed.
undo-ransom = A ransom was paid this turn: place the tile first, then ask.
undo-limit = This game has taken back { $n } moves already, the most a game may: play on from here.
undo-no-move = You have not made a move yet.
undo-pending = { $name } already asked to take back a move; the others are answering.
undo-ask = { $who } asks to take back their last move. { $voters }: do you agree? Everyone must agree; one refusal keeps the move.
undo-ask-more = { $who } asks to take back their last move and the { $later ->
    [one] move
   *[other] { $later } moves
} after it. { $voters }: do you agree? Everyone must agree; one refusal keeps the move.
undo-button-agree = Agree to take it back
undo-button-keep = Keep the move
undo-none = Nobody is asking to take back a move now.
undo-lapsed = The game has moved on since that request: it lapsed.
undo-answer-not-player = Only players of this game can answer.
undo-asker = You asked: the other players answer.
undo-agreed-already = You already agreed.
undo-refused = { $who } keeps the move: { $asker }'s request to take it back is refused.
undo-agrees = { $who } agrees. Waiting for { $waiting }.
undo-set-aside = A dragon tile was set aside since that move: it can no longer be taken back.
undo-impossible = That move can no longer be taken back (the tiles drawn since cannot be put back as they were).
undo-tile = tile { $tile }
undo-tile-at = tile { $tile } at [{ $x },{ $y }]
undo-and-later = , and { $n ->
    [one] the move
   *[other] { $n } moves
} after it
undo-done = ↩ { $who }'s move is taken back ({ $what }). The record keeps what was taken back.

absent-button-turn = Computer plays this turn for { $name }
absent-button-seat = Computer takes { $name }'s seat
absent-earlier = That vote is about an earlier turn: the player has moved since.
absent-already = { $name } is already played by the computer.
absent-off = Votes on absent players are switched off on this bot.
absent-not-yet = A vote is possible after { $n } unanswered reminders.
absent-not-player = Only players of this game can vote.
absent-self = That vote is about you: just play your turn (the Place button).
absent-vote-seat = { $who } votes that the computer takes the seat of { $name }. { $have } of { $need } votes needed.
absent-vote-turn = { $who } votes that the computer plays this turn for { $name }. { $have } of { $need } votes needed.
absent-voted-seat = The players voted: the computer takes { $name }'s seat until they come back with /carcassonne return. Its move follows in a moment.
absent-voted-turn = The players voted: the computer plays this turn for { $name }. Its move follows in a moment.
return-no-seat = You have no seat in this game.
return-resigned = You resigned from this game: the computer plays on for your seat.
return-playing = You are already playing your seat.
return-welcome = Welcome back, { $name }: your seat is yours again.
dm-you = you
dm-line = Carcassonne in { $channel }: { $line }

reminder = { $mention } reminder: it's your turn in the Carcassonne game here (drawn tile **{ $tile }**, you play as { $seat }). Press **Place** on the last turn message, or use /carcassonne place.
reminder-vote = { $n } reminders went unanswered: the other players may vote to let the computer play for { $name }.

ransom-paid-already = You have already paid a ransom this turn.
ransom-other-player = Name another player.
ransom-holds-none = { $name } holds none of your followers.
ransom-no-prisoner = Nobody holds one of your followers prisoner.
ransom-too-poor = A ransom costs 3 points and you have { $score }.
ransom-impossible = That ransom is not possible now.
ransom-no-tower = Ransoms belong to the Tower, which this game does not use.
ransom-not-your-turn = Only the player to play may pay a ransom; it's { $player }'s turn.
ransom-after-placing = A ransom is paid before placing the tile.
ransom-button = Pay { $name } 3 points for your follower
ransom-button-large = Pay { $name } 3 points for your large follower
ransom-button-figure = Pay { $name } 3 points for your { $figure }
ransom-whom = Whom do you pay 3 points, for which follower?
ransom-now-place = Now place your tile with /carcassonne place.
prisoner-own = 🏰 { $who } takes back their own { $kind ->
    [large] large follower
    [mayor] mayor
    [wagon] wagon
   *[other] follower
} from { $spot } at [{ $x },{ $y }].
prisoner-taken = 🏰 { $who } takes { $owner }'s { $kind ->
    [large] large follower
    [mayor] mayor
    [wagon] wagon
   *[other] follower
} ({ $spot } at [{ $x },{ $y }]) prisoner.
prisoner-exchanged = 🔁 { $a } and { $b } held each other's followers: they are exchanged ({ $aname } gets { $akind ->
    [large] a large follower
    [mayor] a mayor
    [wagon] a wagon
   *[other] a follower
} back, { $bname } { $bkind ->
    [large] a large follower
    [mayor] a mayor
    [wagon] a wagon
   *[other] a follower
}).
prisoner-ransomed = 💰 { $payer } pays { $from } 3 points and gets { $kind ->
    [large] a large follower
    [mayor] a mayor
    [wagon] a wagon
   *[other] a follower
} back.

dragon-journey-wait = The dragon is on its journey: { $name } moves it next (the direction buttons).
dragon-earlier = That button belongs to an earlier step of the dragon.
dragon-not-journey = The dragon is not on a journey now.
dragon-not-yours = This step of the dragon is { $name }'s to take, not yours.
dragon-cannot = The dragon can't go there: { $reason }.
dragon-moved = 🐉 { $who } moves the dragon { $direction }
dragon-moved-to = 🐉 { $who } moves the dragon { $direction } to [{ $x },{ $y }]
dragon-overdue = { $name } did not move it within { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}, so the bot moved it for them
dragon-sends-home = It sends home { $figures }.
dragon-computer = { $who } (computer)
dragon-ask = 🐉 The dragon's journey, step { $step } of 6: { $who }, move the dragon
dragon-ask-from = 🐉 The dragon's journey, step { $step } of 6: { $who }, move the dragon from [{ $x },{ $y }]
dragon-ask-computer = ; its step follows in a moment.
dragon-ask-hours = {" "}(press a direction; after { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} the bot moves it for you).
dragon-ask-press = {" "}(press a direction).
dragon-button-to = { $arrow } { $direction } to [{ $x },{ $y }]
dragon-set-aside = (Dragon tile { $tile } is set aside until a volcano is out; the same player draws again.)
dragon-flies = 🐉 The dragon flies to { $path }.
dragon-eaten = Sent home: { $figures }.
back-to-supply = Back to their supply: { $figures }.
fairy-gives = 🧚 The fairy gives { $who } { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
figure-of = { $who }'s { $figure }
figure-of-at = { $who }'s { $figure } at [{ $x },{ $y }]
kind-follower = follower
kind-large = large follower
kind-builder = builder
kind-pig = pig
kind-abbot = abbot
kind-mayor = mayor
kind-wagon = wagon
kind-barn = barn
list-and = { $a } and { $b }
follower-ask = { $tile } fits at [{ $x },{ $y }] rotation { $rotation }. Place a follower? (The picture names each place.)
alt-preview = tile { $tile } in its four rotations with the name of each follower place

undo-wagon = A wagon waits for its owner's move: a move can be taken back once it has moved.
abbey-not-in-game = Abbeys and wagons belong to Abbey & Mayor, which this game does not use.
abbey-not-now = The abbey goes down only at the start of your turn, instead of drawing, while a hole exists.
abbey-earlier = That button belongs to an earlier turn. Use the latest turn message.
abbey-not-yours = It's { $name }'s turn: only they may place their abbey now.
abbey-cannot = The abbey can't go there: { $reason }.
abbey-wait = { $name } first chooses between the abbey and a draw (the buttons of the turn's message, or /abbey).
abbey-figure-ask = Your abbey at [{ $x },{ $y }]. Place a figure on it?
abbey-ask = Next: { $seat } { $mention } — you may put your abbey into a hole instead of drawing ({ $holes }). Press **Draw a tile** or an abbey button, or type /abbey.
abbey-ask-computer = Next: { $who } (computer), who may put its abbey into a hole ({ $holes }); its move follows in a moment.
wagon-not-now = No wagon waits to move now.
wagon-earlier = That button belongs to an earlier wagon's move.
wagon-not-yours = This wagon is { $name }'s to move, not yours.
wagon-cannot = The wagon can't go there: { $reason }.
wagon-wait = A wagon's feature scored: { $name } moves it first (the wagon buttons, or /wagon).
wagon-overdue = { $name } did not decide within { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}, so the bot decided for them
wagon-moved = 🛒 { $who }'s wagon moves to { $spot } at [{ $x },{ $y }]
wagon-home = 🛒 { $who } takes the wagon back
wagon-ask = 🛒 { $who }, your wagon at { $at } has scored: move it to an unfinished feature with no figure, on its tile or one of the eight around it, or take it back
wagon-ask-linked = 🛒 { $who }, your wagon at { $at } has scored: move it to an unfinished feature with no figure linked to the one that scored (a road's end at a city, cloister or crossing, a city's gate road, an abbey), or take it back
step-ask-hours = {" "}(press a button; after { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
} the bot decides for you).
step-ask-press = {" "}(press a button).
abbey-ask-last = The last tile is down: { $seat } { $mention }, you may still put your abbey into a hole ({ $holes }). Press an abbey button or **No abbey**, or type /abbey.
reminder-abbey = { $mention } reminder: it's your turn in the Carcassonne game here (you play as { $seat }): put your abbey into a hole or draw a tile, with the buttons of the last turn message or /abbey.
step-computer = { $who } (computer)
step-ask-computer = ; its choice follows in a moment.

# Hills & Sheep
kind-shepherd = shepherd
undo-flock = A flock waits for its owner's choice: a move can be taken back once the choice is made.
flock-not-in-game = Shepherds and flocks belong to Hills & Sheep, which this game does not use.
flock-not-now = No flock waits for a choice now.
flock-earlier = That button belongs to an earlier choice about a flock.
flock-not-yours = This flock is { $name }'s to decide, not yours.
flock-cannot = The flock can't do that: { $reason }.
flock-wait = { $name } first decides about their flock (its buttons, or /flock).
flock-overdue = { $name } did not decide within { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}, so the bot decided for them
flock-ask = 🐑 { $who }, your tile extends the field of your shepherd at { $at } (a flock of { $n }): let it grow by drawing a token ({ $bag }), or drive it home now for { $points ->
    [one] { $points } point
   *[other] { $points } points
}
flock-home = 🐑 { $who } drives the flock home
flock-grow = 🐑 { $who } lets the flock grow
flock-wolf = 🐺 A wolf! { $name }'s flock runs off: the shepherds of its field go home.
flock-new = 🐑 { $name }'s shepherd gathers a flock of { $n } sheep.
flock-grows = 🐑 { $name }'s flock grows by { $n } sheep: { $flock }.
replay-sheep = 🐑 +{ $n } sheep.
replay-wolf = 🐺 A wolf: the flock runs off.
replay-flock-home = 🐑 The flock goes home.

# Bridges, Castles & Bazaars
undo-castle = A castle's choice waits for its owner: a move can be taken back once the choice is made.
undo-bazaar = The bazaar's auction is under way: a move can be taken back once it is over.
castle-not-in-game = Castles belong to Bridges, Castles & Bazaars, which this game does not use.
castle-not-now = No small city waits for a castle's choice now.
castle-earlier = That button belongs to an earlier castle's choice.
castle-not-yours = This castle's choice is { $name }'s, not yours.
castle-cannot = The castle can't do that: { $reason }.
castle-wait = { $name } first decides whether their small city becomes a castle (its buttons, or /castle).
castle-overdue = { $name } did not decide within { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}, so the bot decided for them
castle-ask = 🏰 { $who }, the small city at { $at } is complete with your follower alone in it: build a castle there (your follower stays as its lord and later scores the first road, city or cloister completed beside it; { $left } castles in hand), or score the city now for { $points ->
    [one] { $points } point
   *[other] { $points } points
}
castle-built = 🏰 { $who } builds a castle
castle-scored = 🏰 { $who } scores the city instead of building a castle
replay-castle = 🏰 A castle is built.

bridge-not-in-game = Bridges belong to Bridges, Castles & Bazaars, which this game does not use.
bridge-not-now = A bridge is laid with the tile you place, when your drawn tile waits to be placed.
bridge-earlier = That button belongs to an earlier turn.
bridge-not-yours = It is { $name }'s turn, not yours.
bridge-cannot = The tile and its bridge can't go there: { $reason }.
bridge-needed = 🌉 Your tile fits only with a bridge: place it with /bridge, which lists where it fits.

bazaar-not-in-game = Bazaars belong to Bridges, Castles & Bazaars, which this game does not use.
bazaar-not-now = No bazaar waits for you now.
bazaar-earlier = That button belongs to an earlier step of the bazaar.
bazaar-not-yours = The bazaar waits for { $name }, not you.
bazaar-cannot = The bazaar can't take that: { $reason }.
bazaar-wait = { $name } is asked at the bazaar first (its buttons, or /bazaar).
bazaar-overdue = { $name } did not answer within { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}, so the bot answered for them
bazaar-offer = 🏪 Bazaar: { $tiles }
bazaar-lot-taken = { $tile } → { $who }
bazaar-ask-choose = 🏪 { $who }, choose a tile of the bazaar and bid for it (you have { $score } points; the others may bid higher once; /bazaar for any bid)
bazaar-ask-free = 🏪 { $who }, choose a tile of the bazaar (free in this game)
bazaar-ask-raise = 🏪 { $who }, { $bidder } bids { $bid } for tile { $tile }: bid higher (you have { $score } points) or pass
bazaar-ask-deal = 🏪 { $who }, { $bidder } bids { $bid } for tile { $tile }: buy it (you pay { $bid } to { $bidder }) or sell it ({ $bidder } pays you { $bid })
bazaar-chose = 🏪 { $who } chooses tile { $tile } and bids { $bid }
bazaar-chose-free = 🏪 { $who } chooses tile { $tile }
bazaar-raised = 🏪 { $who } bids { $bid }
bazaar-passed = 🏪 { $who } passes
bazaar-bought = 🏪 { $who } buys
bazaar-sold = 🏪 { $who } sells
bazaar-took-paying = 🏪 { $who } takes tile { $tile }, paying { $points } to { $to }.
bazaar-took-bid = 🏪 { $who } takes tile { $tile } for { $points } (nobody bid higher; the points go to nobody).
bazaar-took-free = 🏪 { $who } takes tile { $tile } for free.
