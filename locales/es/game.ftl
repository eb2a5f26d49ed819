# Lo que dice el bot en las partidas.

tiles-left = { $n ->
    [one] { $n } loseta restante
   *[other] { $n } losetas restantes
}
tiles-list = **{ tiles-left }** (con la robada): { $tiles }
tiles-abbeys = Abadías aún en la mano ({ $n }, aparte del mazo): { $names }
not-started = La partida aún no ha empezado.

no-game = No hay ninguna partida en este canal. Abre una con /carcassonne nueva.
done-already = Esto ya está hecho: el mismo comando llegó dos veces y cuenta una.
internal-error = Algo salió mal por nuestra parte con la partida de este canal. Mira /carcassonne estado antes de volver a intentarlo.
computer-stuck = El jugador de la computadora no puede elegir una jugada ahora (un error interno nuestro); no se cambió nada. Lo intentará de nuevo en una hora. Mientras tanto, la moderación puede dar su asiento a una persona o terminar la partida.
slow-down = Pides cosas más rápido de lo que este bot las muestra: inténtalo de nuevo en { $seconds } s.
game-over = La partida ha terminado.
earlier-turn = Ese botón es de un turno anterior.
not-your-turn = Es el turno de { $player }, no el tuyo.
bad-rotation = El giro debe ser 0, 90, 180 o 270, no { $rotation }.
off-board = [{ $x },{ $y }] está muy lejos del tablero.
cant-go = { $tile } no cabe en [{ $x },{ $y }] con giro { $rotation }: { $reason }.

place-occupied = { $at } ya tiene una loseta
place-not-adjacent = { $at } no toca ninguna loseta colocada por un lado
place-edge-mismatch = el lado { $side } ({ $ours }) se junta con { $theirs } en { $at }

side-n = norte
side-e = este
side-s = sur
side-w = oeste
edge-field = campo
edge-road = camino
edge-city = ciudad
edge-river = río

notify-ping = Recibirás una mención en el canal de la partida cuando sea tu turno.
notify-dm = Recibirás un mensaje directo cuando sea tu turno (y ninguna mención en el canal).
notify-quiet = No recibirás menciones: tu nombre sigue apareciendo en el canal cuando es tu turno.
prefs-not-saved = No se pudo guardar tu elección (un problema de almacenamiento por nuestra parte); inténtalo de nuevo.
language-set = El bot ahora te habla en { $language }.
language-discord = El bot ahora te habla en tu idioma de Discord ({ $language }).

help = **Carcassonne aquí, por turnos.**
    • `/carcassonne nueva` abre una sala de espera (campos, ciudades pequeñas, recordatorios, tiempo por jugada, `pistas`); los demás pulsan **Unirse** y quien la abrió pulsa **Empezar**. **Añadir ordenador** ocupa un asiento.
    • En tu turno el bot te menciona con una imagen del tablero alrededor de los últimos movimientos y las casillas verdes donde cabe tu loseta. Pulsa **Colocar**: elige una casilla, un giro que quepa, tu seguidor y **Confirmar**. O escribe `/carcassonne colocar x y giro [seguidor]` — x e y están en los bordes de la imagen; el giro es 0, 90, 180 o 270; el seguidor es un lugar como `city:N`, `road:E`, `field:SSW`, `cloister` o `none`; con las expansiones también `large city:N`, `builder road:E`, `pig field:SSW`, `abbot garden`, `recall`, `tower 1,0 capture 2,0 city:N` o `guard 1,0`; `fairy 1,0`, `portal 1,0 road:E` o `princess 0,-1 city:N`; `rescate` recupera un seguidor prisionero (3 puntos); `dragón` mueve el dragón en su viaje; `mayor city:N`, `wagon road:E`, `barn corner:SE`, `shepherd field:S`. `/abbey`, `/wagon`, `/flock`, `/bridge`, `/castle` y `/bazaar` son las jugadas propias de esas expansiones. El autocompletado ofrece jugadas legales.
    • `deshacer` retira tu último movimiento (enseguida antes de que actúe el siguiente jugador; si no, los demás aceptan con botones). Tras recordatorios sin respuesta, los demás pueden votar que el ordenador juegue por un jugador ausente, que recupera su asiento con `volver`. `yo` reúne tus ajustes: `avisos`, `idioma`, `horario` (zona horaria, silencio), `ausente`, `resumen` (un mensaje al día).
    • `tablero`, `estado`, `reglas` muestran la partida; `mispartidas` tus partidas aquí; `rendirse` cede tu asiento al ordenador; `cancelar` la detiene; `exportar` da el registro; `historial` y `repetición` muestran partidas pasadas (con el **Repaso** del ordenador); `revancha` vuelve a jugar; `clasificación` ordena a los jugadores del servidor.

notify-here = En las partidas de este canal:
heads-up-on = Se te avisará en privado cuando el jugador anterior a ti empiece su turno.
heads-up-off = Ya no se te avisará cuando el jugador anterior a ti empiece su turno.
heads-up-line = ⏭ Juegas después de **{ $name }** en { $channel }.
mygames-title = **Tus partidas en este servidor** ({ $n }):
mygames-none = No juegas en ninguna partida de este servidor. Abre una con /carcassonne nueva.
mygames-lobby = sala de espera, aún sin empezar
mygames-your-turn = **te toca**
mygames-turn-of = le toca a { $player }
mygames-computer = juega un ordenador
mygames-web-links = { $n ->
    [one] un enlace web personal activo
   *[other] { $n } enlaces web personales activos
}

lobby-opened = Se ha abierto una nueva partida de Carcassonne.
lobby-text = **Sala de espera** ({ $n }/{ $max } jugadores): { $seats }
    Reglas: { $rules }.
    Pulsa **Unirse** para tomar asiento; { $creator } empieza con **Empezar** (2–6 jugadores).
lobby-nobody = nadie todavía
lobby-joined = { $name } se ha unido.
lobby-left = { $name } se ha ido.
lobby-closed = { $name } se ha ido; como no queda nadie, la sala de espera se cierra.
lobby-computer-joined = Se ha unido un jugador de ordenador.
lobby-full = La sala de espera está llena.
join-seated = Ya tienes asiento.
leave-not-seated = No estás en esta sala de espera.
computer-not-seated = Solo los jugadores de la sala de espera pueden añadir jugadores de ordenador.
seats-fixed = La partida ya ha empezado; los asientos ya no cambian (ríndete con /carcassonne rendirse).
new-lobby-open = Este canal ya tiene una sala de espera abierta: pulsa Unirse, o pide a quien la abrió que la empiece o la cancele.
new-game-running = Este canal ya tiene una partida en curso. Termínala o cancélala primero, o empieza una partida en un hilo.
rematch-lobby-open = Este canal tiene una sala de espera abierta: pulsa Unirse.
rematch-game-running = La partida de este canal sigue en curso: la revancha llega cuando termine.
button-join = Unirse
button-leave = Salir
button-add-computer = Añadir ordenador
button-start = Empezar
rules-farms-per-farm = los campos dan 3 por ciudad completa (por campo)
rules-farms-per-city = los campos dan 4 por ciudad completa (por ciudad)
rules-farms-none = sin granjeros
rules-small-city = las ciudades pequeñas valen 2
rules-revision-old = las reglas tal como se leían al empezar esta partida (revisión { $revision }: una loseta de río puede encerrar el río, un abad puede dejar un elemento que su loseta completó)
rules-no-reminders = sin recordatorios
rules-reminders = recordatorios cada { $hours } h
rules-computers = jugadores de ordenador: { $level }
rules-reply = **Las reglas de esta partida**: { $rules }.
    { $summary }
rules-summary = En tu turno coloca la loseta robada junto al tablero, con todos los lados coincidiendo (ciudad con ciudad, camino con camino, campo con campo); luego puedes poner un seguidor en esa loseta, en una ciudad, camino, campo o monasterio que nadie ocupe todavía. Los caminos completos dan 1 por loseta, las ciudades 2 por loseta y escudo, los monasterios 9; después los seguidores vuelven. Al final las construcciones incompletas dan 1 por loseta y escudo (monasterio: 1 + vecinas), y luego los campos puntúan por las ciudades completas que tocan. En caso de empate puntúan todos.

# Turn lines.
move-placed = **{ $name }** coloca { $tile } en [{ $x },{ $y }] con giro { $rotation }
move-with = con { $figure } en { $spot }
move-recall = y hace volver al abad
move-tower = y añade una pieza de torre en [{ $x },{ $y }]
move-guard = y pone un seguidor en lo alto de la torre en [{ $x },{ $y }], que queda terminada
move-guard-large = y pone el seguidor grande en lo alto de la torre en [{ $x },{ $y }], que queda terminada
figure-knight = un caballero
figure-thief = un ladrón
figure-farmer = un granjero
figure-monk = un monje
figure-abbot = el abad
figure-guard = un guardián de torre
figure-large-knight = el caballero grande
figure-large-thief = el ladrón grande
figure-large-farmer = el granjero grande
figure-large-monk = el monje grande
figure-large-abbot = el abad grande
figure-large-guard = el guardián de torre grande
figure-builder = el constructor
figure-pig = el cerdo
goods-wine = { $name } toma { $n } { $n ->
    [one] ficha
   *[other] fichas
} de vino de la ciudad completa.
goods-grain = { $name } toma { $n } { $n ->
    [one] ficha
   *[other] fichas
} de trigo de la ciudad completa.
goods-cloth = { $name } toma { $n } { $n ->
    [one] ficha
   *[other] fichas
} de tela de la ciudad completa.
tile-set-aside = (La loseta { $tile } no cabe en ningún sitio y se aparta.)
builder-extra = { $name } sigue construyendo: el constructor da una segunda loseta este turno.
count-tiles = { $n ->
    [one] { $n } loseta
   *[other] { $n } losetas
}
count-pennants = { $n ->
    [one] { $n } escudo
   *[other] { $n } escudos
}
count-tokens = { $n ->
    [one] { $n } ficha
   *[other] { $n } fichas
}
reason-city = ciudad
reason-road = camino
reason-cloister = monasterio
reason-garden = jardín
reason-farm = campo
reason-goods = mercancías
reason-fairy = hada
score-line = { $who } +{ $points } ({ $what }).
score-line-detail = { $who } +{ $points } ({ $what }: { $detail }).

# The turn message.
direction-north = norte
direction-north-east = noreste
direction-east = este
direction-south-east = sureste
direction-south = sur
direction-south-west = suroeste
direction-west = oeste
direction-north-west = noroeste
off-picture = (fuera de la imagen: flecha al { $direction })
since-last-turn = Desde tu último turno (numerados en la imagen): { $moves }
next-computer = Siguiente: { $seat } { $name } (ordenador) — loseta robada { $tile }; su movimiento llega enseguida.
next-person = Siguiente: { $seat } { $mention } — loseta robada { $tile }. Pulsa **Colocar** o escribe /carcassonne colocar.
ransom-possible = Primero puedes pagar 3 puntos para recuperar un seguidor prisionero (/carcassonne rescate).
button-place = Colocar
button-ransom = Pagar un rescate (3 puntos)
button-whole-board = Tablero entero
scores-line = Puntuaciones: { $scores }

status-lobby = Sala de espera: { $n } jugador(es).
status-to-play = ◀ le toca
status-large = seguidor grande
status-builder = constructor
status-pig = cerdo
status-abbot = abad
status-goods = mercancías: { $wine } vino, { $grain } trigo, { $cloth } tela
status-towers = { $n ->
    [one] { $n } pieza de torre
   *[other] { $n } piezas de torre
}
status-prisoners = tiene prisioneros: { $held }
status-seat = **{ $points }** { $points ->
    [one] punto
   *[other] puntos
}, { $followers ->
    [one] { $followers } seguidor restante
   *[other] { $followers } seguidores restantes
}
status-beside-board = junto al tablero
status-dragon = 🐉 Dragón: { $dragon } · 🧚 hada: { $fairy }
status-set-aside = { $n ->
    [one] { $n } loseta de dragón apartada
   *[other] { $n } losetas de dragón apartadas
} hasta un volcán
status-pace = ⏱ Tiempo mediano por jugada en esta partida: { $list }
status-drawn = Loseta robada: { $tile } · { $n ->
    [one] queda { $n } loseta
   *[other] quedan { $n } losetas
} después

# The end of a game.
plural-city = ciudades
plural-road = caminos
plural-cloister = monasterios
plural-garden = jardines
plural-farm = campos
plural-goods = mercancías
plural-fairy = hada
final-title = **Se ha colocado la última loseta: puntuación final.**
final-pace = ⏱ La partida duró { $length }; la jugada más lenta: { $name }, { $time }.
duration-d = { $n } d
duration-h = { $n } h
duration-min = { $n } min
duration-s = { $n } s
final-seat = **{ $name }**: { $total } (partida { $game } + { $parts })
final-winners = 🏆 ¡{ $count ->
    [one] Gana { $names }
   *[other] Ganan { $names }
}!
final-rematch = Juega otra vez con los mismos asientos: **Revancha**.
button-rematch = Revancha
button-standings = Clasificación
button-replay = Repetición

# Starting a game.
start-not-creator = Solo { $creator } (quien abrió la sala) puede empezar.
start-too-few = Una partida necesita al menos 2 jugadores: invita a alguien o añade un jugador de ordenador.
start-headline = **¡Empieza la partida!**
start-seats = Asientos en orden de turno: { $seats }.
colour-red = rojo
colour-blue = azul
colour-green = verde
colour-yellow = amarillo
colour-black = negro
colour-pink = rosa

# Placing by buttons.
choice-follower = Seguidor en { $spot }
choice-large = Seguidor grande en { $spot }
choice-builder = Constructor en { $spot }
choice-pig = Cerdo en { $spot }
choice-abbot = Abad en { $spot }
choice-recall = Hacer volver al abad
choice-tower = Pieza de torre en { $at }
choice-tower-capture = Torre en { $at }, capturar { $spot } { $on }
choice-guard-large = Seguidor grande en la torre de { $at }
choice-guard = Seguidor en la torre de { $at }
choice-portal-large = Portal: seguidor grande en { $spot } de { $at }
choice-portal = Portal: seguidor en { $spot } de { $at }
choice-fairy = Hada a { $at }
choice-princess = Princesa: enviar a casa al caballero de { $at }
choice-none = Sin figura
tap-earlier = Ese botón es de un turno anterior. Usa el último mensaje de turno.
tap-dragon = El dragón está de viaje: espéralo.
tap-earlier-cells = ◀ Casillas anteriores
tap-more-cells = Más casillas ▶
tap-page = (página { $page } de { $pages })
tap-step1 = Colocando { $tile }. Paso 1 de 4: elige una casilla — las casillas verdes de la imagen del turno{ $more }.
tap-no-fit = { $tile } no cabe en [{ $x },{ $y }].
tap-step2 = Paso 2 de 4: **{ $tile }** cabe en [{ $x },{ $y }] con giro { $rotations }. Elige un giro (la imagen muestra cada uno con sus vecinas).
tap-back = ◀ Atrás
tap-step3 = Paso 3 de 4: **{ $tile }** en [{ $x },{ $y }] con giro { $rotation }°. ¿Poner una figura? (La imagen nombra cada lugar.)
tap-not-possible = { $choice } no es posible tras esta colocación.
tap-no-figure = sin figura
tap-confirm = Confirmar
tap-step4 = Paso 4 de 4: ¿colocar **{ $tile }** en [{ $x },{ $y }] con giro { $rotation }° y { $what } (`{ $typed }`)? Pulsa **Confirmar**.
tap-other-cell = Otra casilla
button-no-follower = Sin seguidor

# Palabras en las imágenes.
pic-drawn = robada: { $tile }
pic-drawn-left = robada: { $tile } · { tiles-left }
pic-final-scores = Puntuación final
pic-final-sub = partida { $game } · final { $end }
pic-final-sub-winner = partida { $game } · final { $end }  ★ gana
pic-end-points = puntos del recuento final
pic-graph-title = Puntos a lo largo de la partida
pic-graph-axis = turno
pic-replay-title = Repetición · turno { $turn } de { $total }
pic-timelapse-tile = Loseta { $n } de { $total }
pic-timelapse-final = Final
pic-preview-rotation = { $tile } giro { $degrees }
pic-col-city = ciudad
pic-col-road = camino
pic-col-cloister = monast.
pic-col-garden = jardín
pic-col-farm = campo
pic-col-goods = mercanc.
pic-col-fairy = hada
pic-board-title = Turno { $turn } · { tiles-left }
pic-move-preview = Tu jugada, aún sin colocar
move-fairy = y mueve el hada a [{ $x },{ $y }]
move-portal = y, por el portal mágico, con { $figure } en { $spot } en [{ $x },{ $y }]
move-princess = y la princesa devuelve a casa al caballero de [{ $x },{ $y }]
cannot-do = No se puede: { $reason }.
no-such-set = No hay ninguna expansión llamada { $set }.
players-range = Una partida es de 2 a 6 jugadores.
reminders-max = Los recordatorios pueden estar separados como mucho 336 horas (dos semanas).
resign-not-seated = Solo los jugadores sentados pueden abandonar.
lobby-expired = La sala de aquí se ha cerrado: { $why }.
game-expired = La partida de aquí ha terminado: { $why }. Está en /carcassonne history.
ending-lobby = nadie la empezó en { $hours ->
    [one] { $hours } hora
   *[other] { $hours } horas
}
ending-abandoned = nadie ha jugado en { $days ->
    [one] { $days } día
   *[other] { $days } días
}
ending-channel-gone = su canal ya no existe
ending-left-server = el bot dejó el servidor
damaged-game = No se puede leer la partida guardada de este canal ({ $reason }). Quien gestione el canal puede eliminarla con /carcassonne abort.
damaged-not-manager = Solo quien puede gestionar este canal puede eliminar una partida dañada.
damaged-removed = Se eliminó la entrada dañada de la partida de este canal.
earlier-game = Ese botón es de una partida anterior de este canal.
storage-unreadable = No se puede leer ahora la partida de este canal (un problema de almacenamiento nuestro); no se ha cambiado nada. Inténtalo de nuevo en un momento.
try-again = Inténtalo de nuevo.
internal-nothing-changed = Algo falló por nuestra parte; no se ha cambiado nada. Inténtalo de nuevo.
storage-conflict = Otra persona cambió esta partida en el mismo momento, así que tu orden no se aplicó. Mira /carcassonne status e inténtalo de nuevo.
storage-uncertain = No se pudo guardar la partida con seguridad (un problema de almacenamiento nuestro): tu orden puede haberse guardado o no. Mira /carcassonne status antes de volver a intentarlo.
bot-failed = Algo falló por nuestra parte. Mira /carcassonne status para ver cómo va la partida antes de volver a intentarlo.
bot-unreadable-argument = No pude leer eso: { $error }
bot-button-outdated = Este botón está caducado. Usa /carcassonne board para ver la partida ahora.
bot-thread-name = Carcassonne con { $name }
bot-game-open-in = La partida está abierta en { $channel }.
bot-thread-not-allowed = Abrir la partida en un hilo nuevo requiere los permisos de crear hilos públicos y de enviar mensajes en hilos aquí, y no los tienes. Ábrela en este canal (sin `hilo`).
bot-thread-required = Este servidor abre cada partida en un hilo propio: quita `hilo: false`.
typed-tower = { $typed }: escribe una pieza de torre como «tower x,y» o «tower x,y capture x,y lugar»
typed-fairy = { $typed }: escribe el hada como «fairy x,y»
typed-princess = { $typed }: escribe el caballero que devuelve la princesa como «princess x,y city:N»
typed-portal = { $typed }: escribe un seguidor por el portal como «portal x,y road:E»
typed-guard = { $typed }: escribe un guardia de torre como «guard x,y»

# Una loseta en palabras.
tile-cloister = monasterio
tile-city = { $n ->
    [one] ciudad
   *[other] { $n } ciudades
}
tile-city-cap = { $n ->
    [one] borde de ciudad
   *[other] { $n } bordes de ciudad
}
tile-city-band = { $n ->
    [one] franja de ciudad
   *[other] { $n } franjas de ciudad
}
tile-city-corner = { $n ->
    [one] esquina de ciudad
   *[other] { $n } esquinas de ciudad
}
tile-city-three = { $n ->
    [one] ciudad de tres lados
   *[other] { $n } ciudades de tres lados
}
tile-city-four = { $n ->
    [one] ciudad por todos los lados
   *[other] { $n } ciudades por todos los lados
}
tile-with-shield = { $what } con escudo
tile-with-cathedral = { $what } con catedral
tile-road-end = { $n ->
    [one] final de camino
   *[other] dos finales de camino
}
tile-road-straight = camino recto
tile-road-curve = curva de camino
tile-crossroads = cruce de { $n } caminos
tile-roads = { $n } caminos
tile-with-inn = { $what } con posada
tile-river-spring = nacimiento del río
tile-river-lake = lago del río
tile-river = río
tile-volcano = volcán
tile-dragon = dragón
tile-portal = portal mágico
tile-tower = base de torre
tile-princess = princesa
tile-field = campo

# Por qué las reglas rechazan una jugada.
err-wrong-decision = eso no es lo que la partida espera ahora
err-no-abbot = no tienes ningún abad en el tablero que hacer volver
err-abbot-completed = el monasterio o el jardín de tu abad en { $at } está completo: puntúa 9 al final de este turno, así que no puede volver
err-not-drawn = la loseta robada es { $drawn }, no { $asked }
err-tile-none-left = no queda ninguna loseta { $tile } por robar
err-river-first = primero el río: { $tile } no se puede colocar mientras queden losetas de río
err-lake-early = el lago termina el río; las demás losetas de río van antes
err-river-disconnected = una loseta de río debe continuar el río en { $at }
err-river-u-turn = el río no puede girar dos veces seguidas hacia el mismo lado (daría media vuelta)
err-river-trapped = ahí el río se encerraría sobre sí mismo: alguna loseta de río que queda no encontraría sitio
err-cannot-discard = { $tile } encaja en { $at }, así que no se puede descartar
err-fits-nowhere = { $tile } no encaja en ninguna parte del tablero, así que se descarta
err-garden-not-in-game = las losetas con jardín solo se usan con el Abad
err-no-garden-left = no queda ninguna loseta con jardín { $tile } por robar
err-only-gardens = las losetas { $tile } que quedan son todas con jardín
err-spot = { $typed } no es un lugar para una figura; escribe city:N, road:E, field:SSW, field:inner, cloister, garden o tower
err-no-such-place = la loseta { $tile } con giro { $rotation }° no tiene { $spot }
err-occupied = { $spot } pertenece a una zona ya ocupada en otra parte
err-none-left = no te { $kind ->
    [large] queda ningún seguidor grande
    [builder] queda el constructor
    [pig] queda el cerdo
    [abbot] queda el abad
   *[other] quedan seguidores
}
err-no-farmers = en esta partida no se usan granjeros
err-corner-place = { $kind } va en un elemento, no en una esquina de la loseta (allí solo va un granero)
err-closed-field = ningún granjero puede entrar en el campo de { $spot } de la loseta en { $on }: hay un granero
err-figure-not-in-game = esta partida no tiene esa figura: { $figure }
err-garden-abbot = solo el abad puede ir a un jardín
err-abbot-place = el abad solo va a un monasterio o un jardín, no a { $spot }
err-builder-place = el constructor solo va a un camino o una ciudad, no a { $spot }
err-pig-place = el cerdo solo va a un campo, no a { $spot }
err-needs-own-follower = { $kind ->
    [pig] el cerdo
   *[other] el constructor
} necesita que uno de tus seguidores ya esté en esa zona ({ $spot })
err-princess-not-in-game = La Princesa y el Dragón no forma parte de esta partida
err-volcano = ninguna figura va a un volcán: allí aterriza el dragón
err-dragon-here = el dragón está en { $at }: ninguna figura puede ir allí
err-no-princess = la loseta recién colocada no tiene princesa
err-princess-first = la princesa se une a una ciudad con caballeros: devuelve a uno a casa (este turno no se coloca nada más)
err-not-a-knight = no hay ningún caballero de la ciudad de la princesa en { $spot } de la loseta en { $on }
err-no-tile = no hay loseta en { $at }
err-fairy-there = el hada ya está en { $at }
err-fairy-needs-follower = el hada solo va a una loseta donde tengas un seguidor, y en { $at } no tienes ninguno
err-dragon-empty = el dragón no puede ir al { $direction } a { $to }: no hay loseta allí
err-dragon-visited = el dragón no puede ir al { $direction } a { $to }: ya estuvo allí en este viaje
err-dragon-fairy = el dragón no puede ir al { $direction } a { $to }: el hada protege esa loseta
err-no-portal = un seguidor va a otra loseta solo tras colocar un portal mágico
err-portal-figure = solo un seguidor (normal, grande, un alcalde o una carreta) pasa por un portal mágico
err-tile-has-no-place = la loseta en { $on } no tiene { $spot }
err-occupied-at = { $spot } de la loseta en { $on } pertenece a una zona ya ocupada
err-complete-at = { $spot } de la loseta en { $on } pertenece a una zona ya terminada
err-tower-not-in-game = La Torre no forma parte de esta partida
err-no-pieces = no te quedan piezas de torre
err-no-foundation = la loseta en { $at } no tiene base de torre
err-guarded = la torre en { $at } está cerrada: un seguidor está en lo alto
err-out-of-reach = { $on } está fuera del alcance de la torre en { $at }: con altura { $height } alcanza { $height ->
    [one] { $height } loseta
   *[other] { $height } losetas
} en línea recta al norte, este, sur y oeste
err-no-follower = no hay ningún seguidor en { $spot } de la loseta en { $on }
err-not-capturable = solo los seguidores (normales, grandes, un alcalde o una carreta) pueden ser hechos prisioneros
err-castle-lord = el señor del castillo en { $at } no puede ser hecho prisionero
err-only-tower = una figura va a otra loseta distinta de la recién colocada solo en lo alto de una torre, no a { $spot }
err-guard-figure = solo un seguidor normal o grande puede hacer eso
err-no-tower-yet = aún no hay torre en { $at } donde ponerse (primero hace falta una pieza de torre)
err-no-prisoner = el puesto { $seat } no retiene a ninguno de tus seguidores
computer-name = Ordenador { $n }
pic-letter-builder = C
pic-letter-pig = C
pic-letter-dragon = D
pic-letter-fairy = H
ending-resigned = todos los jugadores abandonaron
ending-aborted = interrumpida por { $name }
ending-removed = { $moderator } retiró a { $player }
seat-resigned = { $name } (abandonó)

# Tiempo por jugada, ausencias, horas de silencio y resúmenes.
clock-off = no
clock-max = El tiempo por jugada es de 168 horas como mucho (una semana).
while-away-wait = la partida espera
while-away-computer = el ordenador juega por él
settings-clock = Tiempo por jugada: { $clock }
settings-while-away = Si un jugador está fuera: { $what }
rules-clock = { $clock } por jugada
rules-clock-always = { $clock } por jugada (el reloj nunca se para)
rules-away-computer = el ordenador juega por los ausentes
clock-warning = ⏳ { $mention }, te quedan { $left } en el reloj para **{ $tile }**.
clock-out = ⌛ Se acabó el tiempo de { $name } para esta jugada: la hace el ordenador.
clock-out-seat = A { $name } se le acabó el tiempo { $n } veces seguidas: el ordenador ocupa su sitio hasta que vuelva (`/carcassonne return`).
status-clock = ⏳ { $name }: quedan { $left }
status-clock-stopped = ⏳ { $name }: quedan { $left } (el reloj está parado)
status-away = 🏖️ { $name } está fuera hasta el { $until }
turn-away = 🏖️ { $name } está fuera hasta el { $until }; la partida le espera.
absent-is-away = { $name } dijo que está fuera: la partida le espera.
me-bad-zone = No conozco la zona horaria { $zone }. Elige una de la lista (por ejemplo Europe/Madrid o America/Mexico_City).
me-bad-time = { $time } no es una hora: escríbela como 23:00 u 8.
me-quiet-same = Las horas de silencio necesitan un inicio y un fin distintos (por ejemplo de 23:00 a 08:00).
me-quiet-long = Las horas de silencio duran como mucho { $n } horas al día (tus partidas te esperan durante ellas).
me-away-max = Puedes estar fuera como mucho { $n } días seguidos.
me-not-away = No estás ausente.
me-zone = Zona horaria: { $zone } (allí son las { $time })
me-quiet = Horas de silencio: { $from }–{ $to }: entonces no te llega nada; espera a que terminen.
me-quiet-none = Horas de silencio: ninguna
me-away = Fuera hasta el { $until }
me-here = Ausente: no
me-digest = Resumen diario a las { $time } (sin mención por turno)
me-digest-off = Resumen diario: no
away-wait = 🏖️ { $name } está fuera hasta el { $until }: la partida le espera.
away-used-up = { $name } ha agotado los { $n } días de ausencia que concede esta partida: sigue sin esperarle.
away-computer = 🏖️ { $name } está fuera hasta el { $until }: mientras tanto juega el ordenador por él.
away-back = 👋 { $name } ha vuelto.
away-over = 👋 Bienvenido de nuevo: tu ausencia ha terminado.
quiet-over = 🌅 Tus horas de silencio han terminado. Mientras tanto:
digest-none = Ninguna partida te espera.
digest-title = 📬 { $n ->
    [one] Una partida te espera:
   *[other] { $n } partidas te esperan:
}
digest-line = • { $channel }: te toca desde hace { $waited }
panel-away = { $name } (fuera)
me-quiet-both = Da los dos extremos de tus horas de silencio: silencio_desde y silencio_hasta (por ejemplo 23:00 y 08:00).

# La Abadía y el Alcalde
figure-mayor = alcalde
figure-wagon = carreta
figure-barn = granero
status-mayor = alcalde
status-wagon = carreta
status-barn = granero
status-abbey = abadía en mano
choice-mayor = Alcalde en { $spot }
choice-wagon = Carreta en { $spot }
choice-barn = Granero en { $spot }
move-abbey = **{ $name }** colocó la abadía en [{ $x },{ $y }]
tap-abbey = Elige primero entre tu abadía y robar: los botones del mensaje del turno.
tap-wagon = Una carreta se está moviendo: espera a su dueño.
button-draw = Robar una loseta
button-abbey = Abadía en { $at }
button-wagon = Carreta a { $spot } en { $at }
button-wagon-home = Recuperar la carreta
err-no-abbey = ya has colocado tu abadía
err-abbey-on-tile = { $at } ya tiene una loseta: la abadía va en un hueco
err-not-a-hole = la abadía solo va en un hueco, un espacio vacío con losetas en sus cuatro lados, y { $at } no lo es
err-mayor-place = el alcalde solo va en una ciudad, no en { $spot }
err-wagon-place = la carreta solo va en un camino, una ciudad o un monasterio, no en { $spot }
err-barn-place = el granero va en una esquina de la loseta (corner:NW, corner:NE, corner:SE o corner:SW), no en { $spot }
err-no-barn-corner = el granero necesita cuatro losetas que se junten en la esquina { $corner }, cada una con campo ahí
err-barn-there = el campo de la esquina { $corner } ya tiene un granero
err-barn-field = ningún granjero puede entrar en un campo con granero
err-wagon-far = la carreta en { $from } solo va a su propia loseta o a una de las ocho de alrededor, no a { $to }
err-wagon-unlinked = { $spot } de la loseta en { $on } no está enlazado con la zona que deja la carreta (regla de la 1.ª edición: el final de un camino en una ciudad, un monasterio o un cruce, el camino de la puerta de una ciudad, una abadía que la cerró)
err-wagon-complete = { $spot } de la loseta en { $on } está completo: la carreta solo va a una zona sin terminar
err-wagon-occupied = { $spot } de la loseta en { $on } ya tiene una figura
err-wagon-blocked = ninguna figura puede ir a { $at } ahora (el dragón está ahí)
typed-abbey = { $typed }: escribe la abadía como «abbey x,y», «abbey x,y cloister» (con una figura) o «abbey draw»
typed-wagon = { $typed }: escribe el movimiento de la carreta como «wagon x,y road:E», o «wagon home» para recuperarla
button-abbey-pass = Sin abadía
err-portal-place = { $figure }: no en { $spot }
choice-portal-figure = Portal: { $figure } en { $spot } en { $at }

# Colinas y ovejas
reason-flock = rebaño
reason-castle = castillo
figure-shepherd = pastor
status-shepherd = pastor
choice-shepherd = Pastor en { $spot }
count-sheep = { $n ->
    [one] { $n } oveja
   *[other] { $n } ovejas
}
tiles-buried = { $n ->
    [one] 1 loseta está
   *[other] { $n } losetas están
} bajo colinas, fuera del juego y sin ver.
tile-hill = colina
tile-vineyard = viñedo
status-flock = 🐑 rebaño de { $n }
status-sheep-bag = 🐑 Bolsa de ovejas: { $tokens } fichas — { $wolves } lobos, { $one }×1, { $two }×2, { $three }×3, { $four }×4 ovejas
token-wolf = lobo
err-shepherd-place = el pastor va solo en un campo, no en { $spot }
err-shepherd-there = el campo de { $spot } ya tiene un pastor
err-not-in-bag = la bolsa de ovejas no tiene ahora ninguna ficha de { $token }
err-no-such-token = una ficha muestra de 1 a 4 ovejas o un lobo, no { $n } ovejas
typed-flock = { $typed }: escribe "flock grow" para sacar una ficha para tu rebaño, o "flock home" para llevarlo a casa y puntuarlo
button-flock-grow = Que crezca el rebaño (sacar)
button-flock-home = Llevarlo a casa (+{ $points })
tap-flock = Primero el dueño de un pastor decide sobre su rebaño: espéralo.
flock-bag = { $tokens } fichas en la bolsa, { $wolves } de ellas lobos, { $sheep } ovejas en total

# Puentes, castillos y bazares
tile-bazaar = bazar
status-castles = 🏰 { $n ->
    [one] { $n } castillo
   *[other] { $n } castillos
} en la mano
typed-castle = { $typed }: escribe "castle build" para construir un castillo en la ciudad pequeña, o "castle score" para puntuarla como ciudad
button-castle-build = Construir un castillo
button-castle-score = Puntuar la ciudad (+{ $points })
tap-castle = Primero el dueño de un seguidor decide si su ciudad pequeña se convierte en castillo: espéralo.

status-bridges = 🌉 { $n ->
    [one] { $n } puente
   *[other] { $n } puentes
} en la mano
typed-bridge = { $typed }: escribe «bridge x,y giro x,y N-S|W-E»: la casilla y el giro de la loseta, luego la loseta del puente (la colocada o una vecina) y su línea, p. ej. «bridge 1,1 90 0,1 W-E»
bridge-figure-ask = Tu loseta va ahí con el puente. ¿Dónde va tu figura?
bridge-choice = loseta en { $at } con giro { $rotation }°, puente en { $on } { $axis }
axis-ns = de norte a sur
axis-we = de oeste a este
move-bridge-here = con un puente encima ({ $axis })
move-bridge-beside = con un puente en la loseta de { $at } ({ $axis })
err-bridge-none-left = no te quedan puentes
err-bridge-too-far = un puente va en la loseta que colocas o en una vecina, no en { $at }
err-bridge-no-tile = no hay loseta en { $at } para un puente
err-bridge-has-one = la loseta de { $at } ya tiene un puente
err-bridge-not-fields = un puente cruza dos lados de campo, y la loseta de { $at } no tiene campos { $axis }
err-bridge-end-meets = el extremo { $side } del puente en la loseta de { $at } daría con { $theirs }, no con un camino
err-bazaar-not-on-offer = el bazar ofrece las losetas 1 a { $count }, no { $tile }
err-bazaar-taken = la loseta { $tile } del bazar ya está tomada
err-bazaar-no-auction = el bazar de esta partida no tiene subasta: elige una loseta, sin puja
err-bazaar-too-poor = no puedes pujar { $bid }: tienes { $score } puntos
err-bazaar-not-higher = una puja debe superar { $current }
err-bazaar-cannot-pay = no puedes pagar { $bid } con tus { $score } puntos: vende la loseta
err-bazaar-not-taken = este turno empieza con la loseta que tomaste en el bazar
typed-bazaar = { $typed }: escribe "bazaar 2 3" para elegir la loseta 2 del bazar y pujar 3, "bazaar raise 4" para pujar 4, "bazaar pass", "bazaar buy" o "bazaar sell"
tap-bazaar = Primero va la subasta del bazar: espera al jugador al que pregunta.
button-bazaar-tile = Loseta { $tile }, puja { $bid }
button-bazaar-pass = Pasar
button-bazaar-raise = Pujar { $bid }
button-bazaar-buy = Comprar (pagar { $bid })
button-bazaar-sell = Vender (recibir { $bid })
status-bazaar-bid = 🏪 Loseta { $tile }: { $who } puja { $bid }

# Hints (the computer's suggestion for a turn, in games that allow them).
rules-hints = pistas activadas
button-hint = Pista
hints-off = Esta partida se abrió sin pistas: quien abre una partida puede permitirlas con `pistas: True` en `/carcassonne new`.
hint-move = 💡 El ordenador jugaría { $moves }. Solo tú lo ves; la jugada la haces tú.
hint-none = 💡 El ordenador no encuentra ninguna jugada que sugerir aquí.
