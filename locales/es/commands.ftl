# Comandos de barra: nombres, descripciones, opciones y elecciones, tal como los muestra Discord.

cmd-carcassonne = carcassonne
cmd-carcassonne-desc = Juega a Carcassonne en este canal, turno a turno.

cmd-new = nueva
cmd-new-desc = Abre una partida nueva en este canal (los demás pulsan luego Unirse).
cmd-new-players = jugadores
cmd-new-players-desc = Máximo de jugadores (2-6, por defecto 6)
cmd-new-expansions = expansiones
cmd-new-expansions-desc = Expansiones, separadas por comas: river, inns, traders, abbot, tower, princess
cmd-new-farms = campos
cmd-new-farms-desc = Cómo puntúan los campos al final
cmd-new-farms-0 = por campo (3 por ciudad, cada campo)
cmd-new-farms-1 = por ciudad (4 por ciudad, mayoría en todos los campos)
cmd-new-farms-2 = ninguno (sin granjeros)
cmd-new-small_city = ciudad_pequeña
cmd-new-small_city-desc = Una ciudad completa de dos losetas vale 2 en vez de 4
cmd-new-reminder_hours = recordatorio_horas
cmd-new-reminder_hours-desc = Horas entre recordatorios al jugador que tiene el turno (0 = ninguno)
cmd-new-computers = ordenadores
cmd-new-computers-desc = Jugadores de ordenador que se sientan ya
cmd-new-computer_level = nivel_ordenador
cmd-new-computer_level-desc = Lo fuertes que son los jugadores de ordenador (por defecto: difícil)
cmd-new-computer_level-0 = fácil (más puntos en este turno)
cmd-new-computer_level-1 = medio (mira un poco por delante)
cmd-new-computer_level-2 = difícil (mira más por delante)
cmd-new-thread = hilo
cmd-new-thread-desc = Abrir un hilo para la partida en vez de jugar en este canal

cmd-join = unirse
cmd-join-desc = Toma un asiento en la sala de espera de este canal.
cmd-leave = salir
cmd-leave-desc = Sal de la sala de espera de este canal.
cmd-computer = ordenador
cmd-computer-desc = Sienta a un jugador de ordenador en la sala de espera de este canal.
cmd-start = empezar
cmd-start-desc = Empieza la partida (quien abrió la sala, 2-6 jugadores).

cmd-place = colocar
cmd-place-desc = Coloca tu loseta robada en x, y con un giro y, si quieres, un seguidor.
cmd-place-x = x
cmd-place-x-desc = Columna (los números de arriba del tablero)
cmd-place-y = y
cmd-place-y-desc = Fila (los números de la izquierda del tablero)
cmd-place-rotation = giro
cmd-place-rotation-desc = Giro de la loseta en el sentido del reloj, como en la vista previa
cmd-place-rotation-0 = 0
cmd-place-rotation-1 = 90
cmd-place-rotation-2 = 180
cmd-place-rotation-3 = 270
cmd-place-follower = seguidor
cmd-place-follower-desc = Figura: city:N, large city:N, builder road:E, tower 1,0, fairy 1,0, portal 1,0 road:E, none

cmd-ransom = rescate
cmd-ransom-desc = La Torre: paga 3 puntos para recuperar un seguidor prisionero (antes de colocar tu loseta).
cmd-ransom-from = a
cmd-ransom-from-desc = A quién pagas (su nombre en la partida); si lo omites se pregunta con botones
cmd-ransom-large = grande
cmd-ransom-large-desc = Libera al seguidor grande en vez de uno normal

cmd-dragon = dragón
cmd-dragon-desc = La Princesa y el Dragón: da tu paso del viaje del dragón.
cmd-dragon-direction = dirección
cmd-dragon-direction-desc = Adónde va el dragón (el norte está arriba en el tablero)
cmd-dragon-direction-0 = norte
cmd-dragon-direction-1 = este
cmd-dragon-direction-2 = sur
cmd-dragon-direction-3 = oeste

cmd-board = tablero
cmd-board-desc = Muestra el tablero (acerca la vista con x e y).
cmd-board-x = x
cmd-board-x-desc = Zoom: columna en el centro
cmd-board-y = y
cmd-board-y-desc = Zoom: fila en el centro
cmd-status = estado
cmd-status-desc = De quién es el turno, puntuaciones y seguidores que quedan.
cmd-tiles = losetas
cmd-tiles-desc = Las losetas que quedan por robar.
cmd-rules = reglas
cmd-rules-desc = Las reglas de esta partida y un breve resumen de Carcassonne.

cmd-undo = deshacer
cmd-undo-desc = Retira tu último movimiento (enseguida antes del siguiente jugador; si no, votan los demás).
cmd-resign = rendirse
cmd-resign-desc = Abandona: el ordenador sigue jugando en tu asiento.
cmd-return = volver
cmd-return-desc = Recupera tu asiento del ordenador que jugó por ti mientras no estabas.
cmd-notify = avisos
cmd-notify-desc = Elige cómo te enteras de que es tu turno: mención, mensaje directo o silencio.
cmd-notify-how = cómo
cmd-notify-how-desc = Mención en el canal, mensaje directo o silencio
cmd-notify-how-0 = mención en el canal
cmd-notify-how-1 = mensaje directo
cmd-notify-how-2 = silencio

cmd-rematch = revancha
cmd-rematch-desc = Tras una partida: otra con los mismos asientos en un orden nuevo.
cmd-standings = clasificación
cmd-standings-desc = La clasificación de este servidor: partidas, victorias, puntuación media y valoración.
cmd-abort = cancelar
cmd-abort-desc = Detén la partida de este canal (quien la creó, o quien puede gestionar el canal).
cmd-export = exportar
cmd-export-desc = El registro de la partida como archivo JSON (para repeticiones e informes de errores).
cmd-history = historial
cmd-history-desc = Partidas terminadas en este canal.
cmd-replay = repetición
cmd-replay-desc = Recorre una partida terminada de este canal, turno a turno (solo tú la ves).
cmd-replay-game = partida
cmd-replay-game-desc = Qué partida: su número en /carcassonne historial (por defecto la última)
cmd-help = ayuda
cmd-help-desc = Cómo jugar con este bot.

cmd-language = idioma
cmd-language-desc = Elige el idioma en que el bot te habla (si no, tu idioma de Discord).
cmd-language-language = idioma
cmd-language-language-desc = Un idioma, o automático: tu idioma de Discord
cmd-language-language-0 = automático (tu idioma de Discord)
cmd-language-language-1 = English
cmd-language-language-2 = Deutsch
cmd-language-language-3 = Français
cmd-language-language-4 = Polski
cmd-language-language-5 = Español
