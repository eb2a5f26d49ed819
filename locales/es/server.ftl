yes = sí
no = no
settings-title = **Ajustes de este servidor** (quienes pueden gestionar el servidor los cambian con `/carcassonne ajustes`)
settings-language = Idioma de los mensajes públicos: { $language }
settings-language-discord = el idioma del servidor en Discord
settings-sets = Expansiones de las partidas nuevas: { $sets }
settings-sets-none = ninguna (el juego básico)
settings-farms = Campos: { $farms }
farms-per-farm = 3 por ciudad, cada campo
farms-per-city = 4 por ciudad, mayoría en todos los campos
farms-none = sin granjeros
settings-small-city = Una ciudad de dos losetas vale 2: { $yes }
settings-reminders = Horas entre recordatorios: { $hours } (0 = ninguno)
settings-level = Jugadores de ordenador: { $level }
level-easy = fácil
level-medium = medio
level-hard = difícil
settings-channels = Se pueden abrir partidas en: { $channels }
settings-channels-any = cualquier canal
settings-threads = Las partidas nuevas abren un hilo: { $yes }
settings-web-links = Enlaces a las páginas web de las partidas: { $yes }
settings-starters = Quién puede abrir partidas: { $who }
settings-everyone = todos
settings-moderators = Moderadores: quienes pueden gestionar mensajes, y el rol { $role }
settings-saved = Guardado.
settings-no-server = Los ajustes son de un servidor; aquí no hay ninguno.
settings-not-admin = Solo quienes pueden gestionar este servidor cambian sus ajustes; cualquiera puede verlos con `/carcassonne ajustes`.
settings-bad-set = No hay ninguna expansión llamada { $set }.
settings-bad-hours = Los recordatorios pueden estar como mucho a 336 horas (dos semanas).
new-channel-not-allowed = En este servidor las partidas se abren en { $channels }.
new-not-starter = En este servidor abren partidas los miembros con el rol { $role }.

abort-not-allowed = Solo quien creó la partida, un moderador o quien puede gestionar este canal puede cancelarla.
game-aborted = { $name } canceló la partida.
game-ended-by-moderator = { $name }, moderador, terminó la partida.
moderator-only = Solo los moderadores (quienes pueden gestionar mensajes o tienen el rol de moderador del servidor) pueden hacer esto.
link-not-allowed = Solo quien creó la partida o un moderador puede renovar su enlace web.
link-none = Este canal no tiene ninguna partida con página web.
link-renewed = 🔗 { $name } ha dado a esta partida un enlace web nuevo: el antiguo ya no la abre.
link-off = 🔗 { $name } ha cerrado la página web de la última partida terminada aquí.
moderator-not-seated = { $user } no tiene asiento en esta partida.
moderator-already-seated = { $user } ya tiene asiento en esta partida.
moderator-removed = { $moderator }, moderador, sacó a { $player } de la partida; el ordenador sigue jugando en su asiento.
moderator-last-person = No queda nadie para jugar: la partida termina.
moderator-handed = { $moderator }, moderador, pasó el asiento de { $from } a { $to }.

lobbies-per-member = Ya tienes { $n ->
    [one] una sala de espera abierta
   *[other] { $n } salas de espera abiertas
} en este servidor: empieza o cierra una (/carcassonne cancelar) antes de abrir otra.
lobbies-per-server = Este servidor ya tiene { $n } salas de espera abiertas, el máximo que permite: únete a una o espera a que una empiece o se cierre.
