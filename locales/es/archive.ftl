# Historial, clasificación, repeticiones, exportar, zoom y las descripciones de las imágenes.

history-unreadable = No se puede leer el historial ahora mismo; inténtalo de nuevo.
history-none = Aún no ha terminado ninguna partida en este canal: abre una con /carcassonne new.
history-damaged = No se puede leer la última partida de aquí ({ $why }).
history-gone = La última partida de aquí ya no se conserva.
history-not-kept = ya no se conserva
history-empty = Aún no hay partidas terminadas en este canal.
history-title = **Partidas jugadas aquí** (la última al final)
history-line = { $n }. { $date }: { $scores } — gana { $winners }
history-line-early = { $n }. { $date }: terminó antes de tiempo tras { $tiles ->
    [one] { $tiles } loseta
   *[other] { $tiles } losetas
}{ $reason } ({ $seats })
history-line-unreadable = { $n }. (ilegible: { $why })
history-final-of = El tablero final de la partida { $n }:
button-final-of = Tablero final de la partida { $n }
button-replay-of = Repetir la partida { $n }
game-not-kept = Esa partida ya no se conserva.
game-damaged = No se puede leer esa partida ({ $why }).
game-unfinished = Esa partida no terminó: no tiene tablero final.
final-scores-of = Puntuación final ({ $date }): { $scores }.

rematch-earlier = Ese botón es de una partida anterior: solo se puede volver a jugar la última partida de aquí.
rematch-not-player = Solo los jugadores de la última partida pueden pedir la revancha.
rematch-not-finished = La última partida aquí no terminó (se anuló o acabó antes): no hay nada que volver a jugar. Abre una partida nueva con /carcassonne nueva.
rematch-not-host = Solo { $host } puede empezar la revancha (quien creó la última partida, o la primera persona que la terminó en su asiento).
rematch-too-few = Menos de dos asientos de la última partida la terminaron: abre mejor una partida nueva con /carcassonne nueva.
rematch-headline = **¡Revancha!** La pidió { $name }.

standings-none = Aún no hay partidas terminadas en este servidor: la clasificación aparece tras la primera.
standings-dm-title = **Tu historial en partidas por mensaje directo** (solo tú lo ves; puntuación: Elo desde { $start })
standings-dm-none = Aún no tienes partidas terminadas en mensajes directos.
standings-pace = ⏱ { $time } por jugada (mediana)
standings-hints = 💡 { $n } con pistas
standings-title = **Clasificación de este servidor** ({ $games ->
    [one] { $games } partida terminada
   *[other] { $games } partidas terminadas
}; puntuación: Elo desde { $start }, solo partidas entre personas)
standings-line = { $rank }. { $name } — puntuación { $rating } · { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
} · { $wins ->
    [one] { $wins } victoria
   *[other] { $wins } victorias
} · media { $average }

export-record = El registro de la partida (reprodúcelo con `meeplebot replay`).
export-taken-back = { $n ->
    [one] { $n } jugada deshecha durante la partida aparece en el segundo archivo.
   *[other] { $n } jugadas deshechas durante la partida aparecen en el segundo archivo.
}
export-none = No hay partida en este canal y aún no se ha jugado ninguna aquí.
export-last = El registro de la última partida jugada aquí (reprodúcelo con `meeplebot replay`).
export-not-started = La última partida de aquí terminó antes de empezar: no hay registro que exportar.
autocomplete-place = { $tile } en x={ $x } y={ $y } giro { $rotation }

zoom-west = Zoom oeste
zoom-east = Zoom este
zoom-north = Zoom norte
zoom-south = Zoom sur
zoom-north-west = Zoom noroeste
zoom-north-east = Zoom noreste
zoom-south-west = Zoom suroeste
zoom-south-east = Zoom sureste

alt-record = registro de la partida
alt-taken-back = jugadas deshechas durante la partida, con quién aceptó
alt-board-around = El tablero alrededor de [{ $x },{ $y }]
alt-board-whole = El tablero entero
alt-board-recent = El tablero alrededor de las últimas jugadas
alt-what-turn = { $what }, turno { $turn }.
alt-move = { $n } { $name } en [{ $x },{ $y }]
alt-moves = Jugadas marcadas: { $moves }.
alt-drawn-fits = La loseta robada { $tile } ({ $words }) encaja en { $cells }.
alt-arrow = { $n } (flecha al { $direction })
alt-outside = Fuera de la imagen, señaladas desde el borde: { $moves }.
alt-graph = puntos a lo largo de { $turns ->
    [one] { $turns } turno
   *[other] { $turns } turnos
} y el recuento final: { $scores }
alt-final = el tablero final y la puntuación final: { $scores }
alt-timelapse = la partida en cámara rápida: el tablero crece loseta a loseta a lo largo de { $turns ->
    [one] { $turns } turno
   *[other] { $turns } turnos
}, luego la puntuación final

replay-empty = Esa partida terminó antes de su primer turno: no hay nada que repetir.
replay-broken = Esa partida no se puede reproducir ({ $why }).
replay-title = **Repetición** de la partida { $n } ({ $date }) · turno { $turn } de { $total }
replay-back = ◀ Atrás
replay-next = Siguiente ▶
replay-none = Aún no ha terminado ninguna partida en este canal: no hay nada que repetir.
replay-no-such = No hay partida { $n } en el historial de este canal: /carcassonne history muestra las partidas 1 a { $last }.
replay-first = Es el primer turno: no hay nada antes.
replay-last = Es el último turno: la partida tiene { $total } turnos.
replay-begins = Empieza la partida.
replay-set-aside = **{ $name }** roba la loseta de dragón { $tile }, apartada
replay-fits-nowhere = **{ $name }** roba { $tile }, que no encaja en ninguna parte
replay-points = Puntos: { $gains }.
alt-replay = Repetición de la partida { $n }, el tablero tras el turno { $turn } de { $total }: { $line }
alt-rotations = loseta { $tile } en [{ $x },{ $y }] con sus vecinas, girada { $rotations }
alt-move-preview = el tablero alrededor de [{ $x },{ $y }] con { $tile } colocada con giro de { $rotation } grados y { $what }

# The computer's review of a finished game.
review-title = 🔎 El ordenador repasó la partida que terminó el { $date }: la jugada más cara de cada jugador (su estimación de la ventaja final, en puntos).
review-final-title = 🔎 **Momentos clave** (el repaso del ordenador: la jugada más cara de cada jugador, según su estimación de la ventaja final)
review-line = **{ $name }**, turno { $turn }: { $made }; { $better } valía unos +{ $gain }
review-clean = **{ $name }**: ninguna jugada regaló { $gain } puntos o más
review-placed = colocó { $tile } en [{ $x },{ $y }] rotación { $rotation }
review-instead = { $tile } en [{ $x },{ $y }] rotación { $rotation }
review-pass = pasó
button-review = Repaso
review-top-title = El repaso del ordenador de la partida que terminó el { $date }: las jugadas más caras de cada jugador.
review-how = La búsqueda difícil valoró cada jugada por la ventaja final que espera ({ $n } iteraciones por posición); uno o dos puntos son ruido.
review-no-people = En esa partida solo jugaron ordenadores: nada que repasar.
review-coming = El ordenador está repasando esa partida; el repaso se publicará en este canal cuando esté listo.
review-off = Este bot no repasa las partidas con el ordenador.
