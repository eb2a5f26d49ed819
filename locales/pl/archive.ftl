# Historia, ranking, powtórki, eksport, przybliżenia i opisy obrazów.

history-unreadable = Nie można teraz odczytać historii; spróbuj ponownie.
history-none = Na tym kanale nie skończyła się jeszcze żadna gra: załóż ją przez /carcassonne new.
history-damaged = Nie można odczytać ostatniej gry tutaj ({ $why }).
history-gone = Ostatnia gra tutaj nie jest już przechowywana.
history-not-kept = nie jest już przechowywana
history-empty = Na tym kanale nie ma jeszcze skończonych gier.
history-title = **Gry rozegrane tutaj** (najnowsza na końcu)
history-line = { $n }. { $date }: { $scores } — wygrywa { $winners }
history-line-early = { $n }. { $date }: zakończona wcześniej po { $tiles ->
    [one] { $tiles } płytce
   *[other] { $tiles } płytkach
}{ $reason } ({ $seats })
history-line-unreadable = { $n }. (nieczytelna: { $why })
history-final-of = Końcowa plansza gry { $n }:
button-final-of = Końcowa plansza gry { $n }
button-replay-of = Powtórka gry { $n }
game-not-kept = Ta gra nie jest już przechowywana.
game-damaged = Nie można odczytać tej gry ({ $why }).
game-unfinished = Ta gra się nie skończyła: nie ma końcowej planszy.
final-scores-of = Wyniki końcowe ({ $date }): { $scores }.

rematch-earlier = Ten przycisk należy do wcześniejszej gry: zagrać ponownie można tylko ostatnią grę tutaj.
rematch-not-player = O rewanż mogą prosić tylko gracze ostatniej gry.
rematch-not-finished = Ostatnia gra tutaj się nie skończyła (przerwana lub zakończona wcześniej): nie ma czego powtarzać. Otwórz nową grę przez /carcassonne nowa.
rematch-not-host = Tylko { $host } może rozpocząć rewanż (twórca ostatniej gry albo pierwsza osoba, która dokończyła ją na swoim miejscu).
rematch-too-few = Mniej niż dwa miejsca ostatniej gry dotrwały do końca: otwórz zamiast tego nową grę przez /carcassonne nowa.
rematch-headline = **Rewanż!** Poprosił o niego { $name }.

standings-none = Na tym serwerze nie ma jeszcze skończonych gier: ranking pojawi się po pierwszej.
standings-dm-title = **Twój wynik w grach w wiadomościach prywatnych** (widzisz to tylko ty; ranking: Elo od { $start })
standings-dm-none = Nie masz jeszcze skończonych gier w wiadomościach prywatnych.
standings-pace = ⏱ { $time } na ruch (mediana)
standings-hints = 💡 { $n } z podpowiedziami
standings-title = **Ranking tego serwera** (skończone gry: { $games }; ranking: Elo od { $start }, tylko gry między ludźmi)
standings-line = { $rank }. { $name } — ranking { $rating } · gry: { $games } · wygrane: { $wins } · średnio { $average }

export-record = Zapis gry (odtworzysz go przez `meeplebot replay`).
export-taken-back = Ruchy cofnięte w trakcie gry ({ $n }) są w drugim pliku.
export-none = Na tym kanale nie ma gry i jeszcze żadnej tu nie rozegrano.
export-last = Zapis ostatniej gry rozegranej tutaj (odtworzysz go przez `meeplebot replay`).
export-not-started = Ostatnia gra tutaj skończyła się, zanim się zaczęła: nie ma czego eksportować.
autocomplete-place = { $tile } na x={ $x } y={ $y } obrót { $rotation }

zoom-west = Przybliż zachód
zoom-east = Przybliż wschód
zoom-north = Przybliż północ
zoom-south = Przybliż południe
zoom-north-west = Przybliż północny zachód
zoom-north-east = Przybliż północny wschód
zoom-south-west = Przybliż południowy zachód
zoom-south-east = Przybliż południowy wschód

alt-record = zapis gry
alt-taken-back = ruchy cofnięte w trakcie gry, z tym, kto się zgodził
alt-board-around = Plansza wokół [{ $x },{ $y }]
alt-board-whole = Cała plansza
alt-board-recent = Plansza wokół ostatnich ruchów
alt-what-turn = { $what }, tura { $turn }.
alt-move = { $n } { $name } na [{ $x },{ $y }]
alt-moves = Obrysowane ruchy: { $moves }.
alt-drawn-fits = Wylosowana płytka { $tile } ({ $words }) pasuje na { $cells }.
alt-arrow = { $n } (strzałka na { $direction })
alt-outside = Poza obrazem, wskazane od krawędzi: { $moves }.
alt-graph = wyniki w { $turns } turach i końcowe liczenie: { $scores }
alt-final = końcowa plansza i wyniki końcowe: { $scores }
alt-timelapse = przyspieszony film gry: plansza rośnie płytka po płytce w { $turns } turach, potem wyniki końcowe

replay-empty = Ta gra skończyła się przed pierwszą turą: nie ma czego pokazać.
replay-broken = Tej gry nie da się odtworzyć ({ $why }).
replay-title = **Powtórka** gry { $n } ({ $date }) · tura { $turn } z { $total }
replay-back = ◀ Wstecz
replay-next = Dalej ▶
replay-none = Na tym kanale nie skończyła się jeszcze żadna gra: nie ma czego pokazać.
replay-no-such = W historii tego kanału nie ma gry { $n }: /carcassonne history pokazuje gry od 1 do { $last }.
replay-first = To pierwsza tura: przed nią nic nie ma.
replay-last = To ostatnia tura: gra ma { $total } tur.
replay-begins = Gra się zaczyna.
replay-set-aside = **{ $name }** losuje płytkę ze smokiem { $tile }, odłożona
replay-fits-nowhere = **{ $name }** losuje { $tile }, która nigdzie nie pasuje
replay-points = Punkty: { $gains }.
alt-replay = Powtórka gry { $n }, plansza po turze { $turn } z { $total }: { $line }
alt-rotations = płytka { $tile } na [{ $x },{ $y }] z sąsiadami, obrócona o { $rotations }
alt-move-preview = plansza wokół [{ $x },{ $y }] z płytką { $tile } obróconą o { $rotation } stopni i { $what }

# The computer's review of a finished game.
review-title = 🔎 Komputer przejrzał grę zakończoną { $date }: najdroższy ruch każdego gracza (jego ocena końcowej przewagi, w punktach).
review-final-title = 🔎 **Punkty zwrotne** (spojrzenie wstecz komputera: najdroższy ruch każdego gracza według jego oceny przewagi na końcu)
review-line = **{ $name }**, tura { $turn }: { $made }; { $better } było warte około +{ $gain }
review-clean = **{ $name }**: żaden ruch nie oddał { $gain } punktów lub więcej
review-placed = położył(a) { $tile } na [{ $x },{ $y }] obrót { $rotation }
review-instead = { $tile } na [{ $x },{ $y }] obrót { $rotation }
review-pass = spasował(a)
button-review = Analiza
review-top-title = Analiza komputera gry zakończonej { $date }: najdroższe ruchy każdego gracza.
review-how = Trudne przeszukiwanie oceniło każdy ruch według oczekiwanej końcowej przewagi ({ $n } iteracji na pozycję); punkt czy dwa to szum.
review-no-people = W tej grze grały tylko komputery: nie ma czego analizować.
review-coming = Komputer analizuje tę grę; analiza pojawi się na tym kanale, gdy będzie gotowa.
review-off = Ten bot nie analizuje gier komputerem.
