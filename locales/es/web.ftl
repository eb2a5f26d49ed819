# El tablero web (la página de la partida en un navegador).
web-title = Carcassonne
web-to-play = Turno de { $who }
web-finished = Puntuación final: { $scores }
web-turn = Turno { $n } de { $total }
web-start = Inicio
web-tiles-left = Quedan { $n } losetas
web-kinds = Losetas restantes por tipo
web-prev = Turno anterior
web-next = Turno siguiente
web-zoom-in = Acercar
web-zoom-out = Alejar
web-fit = Tablero entero
web-language = Idioma
web-live = En directo
web-reconnecting = Conexión perdida; reconectando…
web-gone = La página de esta partida ya no está disponible.
web-tile = Loseta { $tile } en { $x },{ $y }, turno { $turn }
web-nothing = No hay nada sobre ella.
web-help = ◀ ▶ recorrer los turnos · arrastrar o pellizcar para mover y acercar · + − 0 zoom · flechas con Mayús para desplazar
web-board = Tablero
web-scores = Puntuación
web-link = Tablero web
web-no-script = Esta página necesita JavaScript para dibujar el tablero.

# Jugar en la página web con el enlace personal de un asiento.
button-web-play = Jugar en la web
web-play-link = Tu enlace para jugar esta partida en la página web. Quien lo tenga puede jugar por ti: guárdalo para ti. { $url }
web-play-none = Esta partida no tiene página web donde jugar.
web-play-not-seated = No tienes asiento en esta partida.
web-play-no-tile = Ninguna loseta espera ser colocada.
web-play-changed = La partida cambió entretanto; aquí está tal como queda.
web-play-slow = Demasiadas peticiones de esta página en un minuto: no se envió nada. Espera un momento e inténtalo de nuevo.
web-play-no-choice = Esa opción no está disponible ahora.
web-play-you = Tu turno: toca una casilla marcada para la loseta (teclado: flechas eligen, R gira, Intro confirma).
web-play-choose = Elige y luego confirma.
web-play-wait = No es tu turno: la página sigue la partida.
web-play-rotate = Girar
web-play-confirm = Confirmar
web-play-back = Atrás
web-play-sent = Enviado.
web-play-lost = Se perdió la conexión; nada se envió dos veces. Inténtalo de nuevo.
web-play-place = Colocar la loseta aquí
web-play-undo = Deshacer mi último movimiento
web-play-vote = { $name } pide deshacer un movimiento.
web-review = El repaso del ordenador: las jugadas más caras de cada jugador (marcadas en el deslizador de turnos). Elige una para ver en el tablero la jugada del ordenador.
web-review-move = La jugada del ordenador aquí: unos +{ $gain }
web-play-agree = De acuerdo
web-play-refuse = Mantenerlo
web-play-reset = { $n ->
    [one] Se detuvo uno de tus enlaces web personales. El botón Jugar en la web de un turno da uno nuevo.
   *[other] Se detuvieron { $n } de tus enlaces web personales. El botón Jugar en la web de un turno da uno nuevo.
}
me-web-links = Enlaces web personales: { $n } activos ({ $games ->
    [one] en una partida
   *[other] en { $games } partidas
}). /carcassonne me links los detiene; el botón Jugar en la web de un turno da uno nuevo.
me-web-links-none = Enlaces web personales: ninguno activo. El botón Jugar en la web de un turno te da uno.
button-activity = Actividad
activity-connecting = Conectando con Discord…
activity-no-game = En este canal no se juega ninguna partida con tablero web. Empieza una con /carcassonne new, o abre la Actividad donde haya una.
activity-refused = Discord no dijo quién eres, así que el tablero no puede sentarte. Cierra la Actividad y vuelve a abrirla.
activity-failed = La Actividad no pudo hablar con Discord. Ciérrala y vuelve a abrirla.
web-tournament = Torneo: { $name }
web-tournament-round = ronda { $round } de { $rounds } (clasificación: puntos · Buchholz · diferencia de puntuación; la mesa de esta partida en negrita)
web-tournament-winner = Ganador: { $name }
web-tournament-earlier = Ronda { $round }
web-tournament-bye = Descanso: { $names }
