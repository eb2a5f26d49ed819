# Deshacer jugadas, jugadores ausentes, recordatorios y los momentos especiales de las expansiones.

undo-over = La partida ha terminado: ya no se pueden deshacer jugadas.
undo-not-player = Solo los jugadores de esta partida pueden deshacer una jugada.
undo-dragon = El dragón está de viaje: una jugada se puede deshacer cuando aterrice.
undo-ransom = En este turno se pagó un rescate: coloca primero la loseta y luego pide.
undo-limit = En esta partida ya se han deshecho { $n } jugadas, el máximo permitido: seguid desde aquí.
undo-no-move = Aún no has hecho ninguna jugada.
undo-pending = { $name } ya pidió deshacer una jugada; los demás están respondiendo.
undo-ask = { $who } pide deshacer su última jugada. { $voters }: ¿estáis de acuerdo? Todos deben aceptar; un solo rechazo mantiene la jugada.
undo-ask-more = { $who } pide deshacer su última jugada y { $later ->
    [one] la jugada siguiente
   *[other] las { $later } jugadas siguientes
}. { $voters }: ¿estáis de acuerdo? Todos deben aceptar; un solo rechazo mantiene la jugada.
undo-button-agree = De acuerdo, deshacer
undo-button-keep = Mantener la jugada
undo-none = Nadie está pidiendo deshacer una jugada ahora.
undo-lapsed = La partida ha avanzado desde esa petición: ha caducado.
undo-answer-not-player = Solo los jugadores de esta partida pueden responder.
undo-asker = Lo pediste tú: responden los demás jugadores.
undo-agreed-already = Ya aceptaste.
undo-refused = { $who } mantiene la jugada: se rechaza la petición de { $asker }.
undo-agrees = { $who } acepta. Falta: { $waiting }.
undo-set-aside = Desde esa jugada se apartó una loseta de dragón: ya no se puede deshacer.
undo-impossible = Esa jugada ya no se puede deshacer (las losetas robadas desde entonces no pueden volver a su sitio).
undo-tile = loseta { $tile }
undo-tile-at = loseta { $tile } en [{ $x },{ $y }]
undo-and-later = , y { $n ->
    [one] la jugada siguiente
   *[other] las { $n } jugadas siguientes
}
undo-done = ↩ Se deshace la jugada de { $who } ({ $what }). El registro conserva lo deshecho.

absent-button-turn = El ordenador juega este turno por { $name }
absent-button-seat = El ordenador ocupa el puesto de { $name }
absent-earlier = Esa votación es de un turno anterior: el jugador ya ha jugado.
absent-already = { $name } ya lo juega el ordenador.
absent-off = Las votaciones sobre jugadores ausentes están desactivadas en este bot.
absent-not-yet = Se puede votar tras { $n } recordatorios sin respuesta.
absent-not-player = Solo los jugadores de esta partida pueden votar.
absent-self = Esa votación es sobre ti: simplemente juega tu turno (el botón Colocar).
absent-vote-seat = { $who } vota que el ordenador ocupe el puesto de { $name }. Se necesitan { $need } votos; hay { $have }.
absent-vote-turn = { $who } vota que el ordenador juegue este turno por { $name }. Se necesitan { $need } votos; hay { $have }.
absent-voted-seat = Los jugadores han votado: el ordenador ocupa el puesto de { $name } hasta que vuelva con /carcassonne return. Su jugada sigue en un momento.
absent-voted-turn = Los jugadores han votado: el ordenador juega este turno por { $name }. Su jugada sigue en un momento.
return-no-seat = No tienes puesto en esta partida.
return-resigned = Abandonaste esta partida: el ordenador sigue jugando por ti.
return-playing = Ya estás jugando tu puesto.
return-welcome = Bienvenido de nuevo, { $name }: tu puesto vuelve a ser tuyo.
dm-you = tú
dm-line = Carcassonne en { $channel }: { $line }

reminder = { $mention } recordatorio: es tu turno en la partida de Carcassonne de aquí (loseta robada **{ $tile }**, juegas como { $seat }). Pulsa **Colocar** en el último mensaje del turno o usa /carcassonne place.
reminder-vote = { $n } recordatorios sin respuesta: los demás jugadores pueden votar que el ordenador juegue por { $name }.

ransom-paid-already = Ya pagaste un rescate en este turno.
ransom-other-player = Indica a otro jugador.
ransom-holds-none = { $name } no retiene a ninguno de tus seguidores.
ransom-no-prisoner = Nadie retiene a ninguno de tus seguidores.
ransom-too-poor = Un rescate cuesta 3 puntos y tienes { $score }.
ransom-impossible = Ese rescate no es posible ahora.
ransom-no-tower = Los rescates son de La Torre, que esta partida no usa.
ransom-not-your-turn = Solo quien tiene el turno puede pagar un rescate; es el turno de { $player }.
ransom-after-placing = El rescate se paga antes de colocar la loseta.
ransom-button = Pagar 3 puntos a { $name } por tu seguidor
ransom-button-large = Pagar 3 puntos a { $name } por tu seguidor grande
ransom-button-figure = Pagar 3 puntos a { $name } por tu figura: { $figure }
ransom-whom = ¿A quién pagas 3 puntos y por qué seguidor?
ransom-now-place = Ahora coloca tu loseta con /carcassonne place.
prisoner-own = 🏰 { $who } recupera su propio { $kind ->
    [large] seguidor grande
    [mayor] alcalde
    [wagon] carreta
   *[other] seguidor
} de { $spot } en [{ $x },{ $y }].
prisoner-taken = 🏰 { $who } hace prisionero { $kind ->
    [large] al seguidor grande
    [mayor] al alcalde
    [wagon] a la carreta
   *[other] al seguidor
} de { $owner } ({ $spot } en [{ $x },{ $y }]).
prisoner-exchanged = 🔁 { $a } y { $b } retenían seguidores del otro: se intercambian ({ $aname } recupera { $akind ->
    [large] un seguidor grande
    [mayor] un alcalde
    [wagon] una carreta
   *[other] un seguidor
}, { $bname } { $bkind ->
    [large] un seguidor grande
    [mayor] un alcalde
    [wagon] una carreta
   *[other] un seguidor
}).
prisoner-ransomed = 💰 { $payer } paga 3 puntos a { $from } y recupera { $kind ->
    [large] un seguidor grande
    [mayor] un alcalde
    [wagon] una carreta
   *[other] un seguidor
}.

dragon-journey-wait = El dragón está de viaje: { $name } lo mueve ahora (los botones de dirección).
dragon-earlier = Ese botón es de un paso anterior del dragón.
dragon-not-journey = El dragón no está de viaje ahora.
dragon-not-yours = Este paso del dragón le toca a { $name }, no a ti.
dragon-cannot = El dragón no puede ir ahí: { $reason }.
dragon-moved = 🐉 { $who } mueve el dragón al { $direction }
dragon-moved-to = 🐉 { $who } mueve el dragón al { $direction }, a [{ $x },{ $y }]
dragon-overdue = { $name } no lo movió en { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}, así que el bot lo movió por él
dragon-sends-home = Devuelve a casa: { $figures }.
dragon-computer = { $who } (ordenador)
dragon-ask = 🐉 El viaje del dragón, paso { $step } de 6: { $who }, mueve el dragón
dragon-ask-from = 🐉 El viaje del dragón, paso { $step } de 6: { $who }, mueve el dragón desde [{ $x },{ $y }]
dragon-ask-computer = ; su paso sigue en un momento.
dragon-ask-hours = {" "}(pulsa una dirección; tras { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
} el bot lo mueve por ti).
dragon-ask-press = {" "}(pulsa una dirección).
dragon-button-to = { $arrow } { $direction } a [{ $x },{ $y }]
dragon-set-aside = (La loseta de dragón { $tile } se aparta hasta que salga un volcán; el mismo jugador vuelve a robar.)
dragon-flies = 🐉 El dragón vuela a { $path }.
dragon-eaten = Devueltos a casa: { $figures }.
back-to-supply = De vuelta a su reserva: { $figures }.
fairy-gives = 🧚 El hada da { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
} a { $who }.
figure-of = { $figure } de { $who }
figure-of-at = { $figure } de { $who } en [{ $x },{ $y }]
kind-follower = seguidor
kind-large = seguidor grande
kind-builder = constructor
kind-pig = cerdo
kind-abbot = abad
kind-mayor = alcalde
kind-wagon = carreta
kind-barn = granero
list-and = { $a } y { $b }
follower-ask = { $tile } encaja en [{ $x },{ $y }] con giro { $rotation }. ¿Colocar un seguidor? (La imagen nombra cada lugar.)
alt-preview = loseta { $tile } en sus cuatro giros con el nombre de cada lugar para seguidores

undo-wagon = Una carreta espera la decisión de su dueño: una jugada se puede deshacer cuando se haya movido.
abbey-not-in-game = Las abadías y las carretas son de La Abadía y el Alcalde, que esta partida no usa.
abbey-not-now = La abadía solo se coloca al comienzo de tu turno, en lugar de robar, mientras haya un hueco.
abbey-earlier = Ese botón es de un turno anterior. Usa el último mensaje de turno.
abbey-not-yours = Es el turno de { $name }: solo esa persona puede colocar su abadía ahora.
abbey-cannot = La abadía no puede ir ahí: { $reason }.
abbey-wait = { $name } elige primero entre la abadía y robar (los botones del mensaje del turno, o /abadía).
abbey-figure-ask = Tu abadía en [{ $x },{ $y }]. ¿Colocar una figura en ella?
abbey-ask = Siguiente: { $seat } { $mention } — puedes colocar tu abadía en un hueco en lugar de robar ({ $holes }). Pulsa **Robar una loseta** o un botón de abadía, o escribe /abadía.
abbey-ask-computer = Siguiente: { $who } (ordenador), que puede colocar su abadía en un hueco ({ $holes }); su jugada llega enseguida.
wagon-not-now = Ahora no hay ninguna carreta esperando para moverse.
wagon-earlier = Ese botón es del movimiento de una carreta anterior.
wagon-not-yours = Esta carreta la mueve { $name }, no tú.
wagon-cannot = La carreta no puede ir ahí: { $reason }.
wagon-wait = La zona de una carreta ha puntuado: { $name } la mueve primero (los botones de la carreta, o /carro).
wagon-overdue = { $name } no decidió en { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}, así que el bot decidió por él
wagon-moved = 🛒 La carreta de { $who } va a { $spot } en [{ $x },{ $y }]
wagon-home = 🛒 { $who } recupera su carreta
wagon-ask = 🛒 { $who }, tu carreta en { $at } ha puntuado: muévela a una zona sin terminar y sin figuras, en su loseta o en una de las ocho de alrededor, o recupérala
wagon-ask-linked = 🛒 { $who }, tu carreta en { $at } ha puntuado: muévela a una zona sin terminar y sin figuras enlazada con la que puntuó (el final de un camino en una ciudad, un monasterio o un cruce, el camino de la puerta de una ciudad, una abadía), o recupérala
step-ask-hours = {" "}(pulsa un botón; tras { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
} el bot decide por ti).
step-ask-press = {" "}(pulsa un botón).
abbey-ask-last = La última loseta está colocada: { $seat } { $mention }, aún puedes colocar tu abadía en un hueco ({ $holes }). Pulsa un botón de abadía o **Sin abadía**, o escribe /abadía.
reminder-abbey = { $mention } recordatorio: es tu turno en la partida de Carcassonne de aquí (juegas como { $seat }): coloca tu abadía en un hueco o roba una loseta, con los botones del último mensaje de turno o /abadía.
step-computer = { $who } (ordenador)
step-ask-computer = ; su elección llega enseguida.

# Colinas y ovejas
kind-shepherd = pastor
undo-flock = Un rebaño espera la decisión de su dueño: se puede deshacer una jugada cuando haya decidido.
flock-not-in-game = Los pastores y rebaños son de Colinas y ovejas, que esta partida no usa.
flock-not-now = Ahora ningún rebaño espera una decisión.
flock-earlier = Ese botón es de una decisión anterior sobre un rebaño.
flock-not-yours = Sobre este rebaño decide { $name }, no tú.
flock-cannot = El rebaño no puede hacer eso: { $reason }.
flock-wait = { $name } decide primero sobre su rebaño (sus botones, o /flock).
flock-overdue = { $name } no decidió en { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}, así que el bot decidió por él
flock-ask = 🐑 { $who }, tu loseta amplía el campo de tu pastor en { $at } (un rebaño de { $n }): deja que crezca sacando una ficha ({ $bag }), o llévalo a casa ahora por { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}
flock-home = 🐑 { $who } lleva el rebaño a casa
flock-grow = 🐑 { $who } deja crecer el rebaño
flock-wolf = 🐺 ¡Un lobo! El rebaño de { $name } huye: los pastores de su campo vuelven a casa.
flock-new = 🐑 El pastor de { $name } reúne un rebaño de { $n ->
    [one] { $n } oveja
   *[other] { $n } ovejas
}.
flock-grows = 🐑 El rebaño de { $name } crece en { $n ->
    [one] { $n } oveja
   *[other] { $n } ovejas
}: { $flock }.
replay-sheep = 🐑 +{ $n } { $n ->
    [one] oveja
   *[other] ovejas
}.
replay-wolf = 🐺 Un lobo: el rebaño huye.
replay-flock-home = 🐑 El rebaño vuelve a casa.

# Puentes, castillos y bazares
undo-castle = La decisión de un castillo espera a su dueño: se puede deshacer una jugada cuando haya decidido.
undo-bazaar = La subasta del bazar está en curso: se puede deshacer una jugada cuando termine.
castle-not-in-game = Los castillos son de Puentes, castillos y bazares, que esta partida no usa.
castle-not-now = Ahora ninguna ciudad pequeña espera la decisión de un castillo.
castle-earlier = Ese botón es de una decisión anterior sobre un castillo.
castle-not-yours = Sobre este castillo decide { $name }, no tú.
castle-cannot = El castillo no puede hacer eso: { $reason }.
castle-wait = { $name } decide primero si su ciudad pequeña se convierte en castillo (sus botones, o /castle).
castle-overdue = { $name } no decidió en { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}, así que el bot decidió por él
castle-ask = 🏰 { $who }, la ciudad pequeña en { $at } está completa con tu seguidor solo en ella: construye allí un castillo (tu seguidor se queda como su señor y luego puntúa el primer camino, ciudad o monasterio completado a su lado; { $left } castillos en la mano), o puntúa la ciudad ahora por { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}
castle-built = 🏰 { $who } construye un castillo
castle-scored = 🏰 { $who } puntúa la ciudad en vez de construir un castillo
replay-castle = 🏰 Se construye un castillo.

bridge-not-in-game = Los puentes son de Puentes, castillos y bazares, que esta partida no usa.
bridge-not-now = Un puente se coloca con la loseta, cuando tu loseta robada espera ser colocada.
bridge-earlier = Ese botón es de un turno anterior.
bridge-not-yours = Es el turno de { $name }, no el tuyo.
bridge-cannot = La loseta y su puente no pueden ir ahí: { $reason }.
bridge-needed = 🌉 Tu loseta solo encaja con un puente: colócala con /puente, que muestra dónde encaja.

bazaar-not-in-game = Los bazares son de Puentes, Castillos y Bazares, que esta partida no usa.
bazaar-not-now = Ningún bazar te espera ahora.
bazaar-earlier = Ese botón es de un paso anterior del bazar.
bazaar-not-yours = El bazar espera a { $name }, no a ti.
bazaar-cannot = El bazar no acepta eso: { $reason }.
bazaar-wait = Primero se pregunta a { $name } en el bazar (sus botones, o /bazar).
bazaar-overdue = { $name } no respondió en { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}, así que el bot respondió por él
bazaar-offer = 🏪 Bazar: { $tiles }
bazaar-lot-taken = { $tile } → { $who }
bazaar-ask-choose = 🏪 { $who }, elige una loseta del bazar y puja por ella (tienes { $score } puntos; los demás pueden pujar más una vez; /bazar para cualquier puja)
bazaar-ask-free = 🏪 { $who }, elige una loseta del bazar (gratis en esta partida)
bazaar-ask-raise = 🏪 { $who }, { $bidder } puja { $bid } por la loseta { $tile }: puja más (tienes { $score } puntos) o pasa
bazaar-ask-deal = 🏪 { $who }, { $bidder } puja { $bid } por la loseta { $tile }: cómprala (pagas { $bid } a { $bidder }) o véndela ({ $bidder } te paga { $bid })
bazaar-chose = 🏪 { $who } elige la loseta { $tile } y puja { $bid }
bazaar-chose-free = 🏪 { $who } elige la loseta { $tile }
bazaar-raised = 🏪 { $who } puja { $bid }
bazaar-passed = 🏪 { $who } pasa
bazaar-bought = 🏪 { $who } compra
bazaar-sold = 🏪 { $who } vende
bazaar-took-paying = 🏪 { $who } toma la loseta { $tile } y paga { $points } a { $to }.
bazaar-took-bid = 🏪 { $who } toma la loseta { $tile } por { $points } (nadie pujó más; los puntos no van a nadie).
bazaar-took-free = 🏪 { $who } toma la loseta { $tile } gratis.
