# Lo que dice el bot en las partidas.

tiles-left = { $n ->
    [one] { $n } loseta restante
   *[other] { $n } losetas restantes
}
tiles-list = **{ tiles-left }** (con la robada): { $tiles }
not-started = La partida aún no ha empezado.

no-game = No hay ninguna partida en este canal. Abre una con /carcassonne nueva.
done-already = Esto ya está hecho: el mismo comando llegó dos veces y cuenta una.
internal-error = Algo salió mal por nuestra parte con la partida de este canal. Mira /carcassonne estado antes de volver a intentarlo.
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
    • `/carcassonne nueva` abre una sala de espera (elige la puntuación de campos, ciudades pequeñas, recordatorios); los demás pulsan **Unirse** y quien la abrió pulsa **Empezar**. **Añadir ordenador** ocupa un asiento.
    • En tu turno el bot te menciona con una imagen del tablero alrededor de los últimos movimientos (numerados en los colores de sus jugadores) y las casillas verdes donde cabe tu loseta. Pulsa **Colocar**: elige una casilla, mira los giros que caben, elige uno, luego tu seguidor y luego **Confirmar**. O escribe `/carcassonne colocar x y giro [seguidor]` — x e y están en los bordes de la imagen; el giro es 0, 90, 180 o 270; el seguidor es un lugar como `city:N`, `road:E`, `field:SSW`, `cloister` o `none`; con las expansiones también `large city:N`, `builder road:E`, `pig field:SSW`, `abbot garden`, `recall`, `tower 1,0 capture 2,0 city:N` o `guard 1,0`; `fairy 1,0`, `portal 1,0 road:E` o `princess 0,-1 city:N`; `rescate` recupera un seguidor prisionero (3 puntos); `dragón` da tu paso del viaje del dragón (o pulsa sus botones). El autocompletado ofrece jugadas legales.
    • `deshacer` retira tu último movimiento (enseguida antes de que actúe el siguiente jugador; si no, los demás aceptan con botones). Tras recordatorios sin respuesta, los demás pueden votar que el ordenador juegue por un jugador ausente, que recupera su asiento con `volver`. `avisos` elige mención, mensaje directo o silencio (para todas las partidas, o `solo_aquí`); `idioma` el idioma en que el bot te habla.
    • `tablero`, `estado` (con las losetas que quedan), `reglas` muestran la partida; `mispartidas` lista tus partidas en este servidor; `rendirse` cede tu asiento al ordenador; `cancelar` la detiene (quien la creó o quien gestiona el canal); `exportar` da el registro de la partida; `historial` lista partidas pasadas con su tablero final; `repetición` recorre una partida terminada turno a turno; `revancha` vuelve a jugar con los mismos asientos; `clasificación` ordena a los jugadores de este servidor. Los jugadores de ordenador juegan solos y publican aquí sus movimientos.

notify-here = En las partidas de este canal:
mygames-title = **Tus partidas en este servidor** ({ $n }):
mygames-none = No juegas en ninguna partida de este servidor. Abre una con /carcassonne nueva.
mygames-lobby = sala de espera, aún sin empezar
mygames-your-turn = **te toca**
mygames-turn-of = le toca a { $player }
mygames-computer = juega un ordenador
