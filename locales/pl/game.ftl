# Co bot mówi w grach.

tiles-left = { $n ->
    [one] { $n } płytka została
    [few] { $n } płytki zostały
   *[many] { $n } płytek zostało
}
tiles-list = **{ tiles-left }** (razem z wylosowaną): { $tiles }
tiles-abbeys = Opactwa wciąż w ręku ({ $n }, poza stosem): { $names }
not-started = Gra jeszcze się nie zaczęła.

no-game = Na tym kanale nie ma gry. Otwórz ją poleceniem /carcassonne nowa.
done-already = To już zrobione: to samo polecenie przyszło dwa razy i liczy się raz.
internal-error = Coś poszło nie tak po naszej stronie z grą na tym kanale. Zajrzyj do /carcassonne stan, zanim spróbujesz ponownie.
computer-stuck = Gracz komputerowy nie może teraz wybrać ruchu (wewnętrzny błąd po naszej stronie); nic nie zmieniono. Spróbuje ponownie za godzinę. W tym czasie moderacja może oddać jego miejsce osobie albo zakończyć grę.
slow-down = Prosisz szybciej, niż ten bot pokazuje: spróbuj ponownie za { $seconds } s.
game-over = Gra się skończyła.
earlier-turn = Ten przycisk należy do wcześniejszej tury.
not-your-turn = Teraz tura gracza { $player }, nie twoja.
bad-rotation = Obrót musi wynosić 0, 90, 180 lub 270, a nie { $rotation }.
off-board = [{ $x },{ $y }] leży daleko poza planszą.
cant-go = { $tile } nie pasuje na [{ $x },{ $y }] z obrotem { $rotation }: { $reason }.

place-occupied = na { $at } leży już płytka
place-not-adjacent = { $at } nie styka się krawędzią z żadną położoną płytką
place-edge-mismatch = krawędź { $side } ({ $ours }) styka się na { $at } z: { $theirs }

side-n = północna
side-e = wschodnia
side-s = południowa
side-w = zachodnia
edge-field = łąka
edge-road = droga
edge-city = miasto
edge-river = rzeka

notify-ping = Dostaniesz wzmiankę na kanale gry, gdy przyjdzie twoja tura.
notify-dm = Dostaniesz wiadomość prywatną, gdy przyjdzie twoja tura (bez wzmianki na kanale).
notify-quiet = Nie dostaniesz wzmianki: twoje imię nadal pojawi się na kanale, gdy przyjdzie twoja tura.
prefs-not-saved = Nie udało się zapisać twojego wyboru (problem z zapisem po naszej stronie); spróbuj ponownie.
language-set = Bot mówi teraz do ciebie w języku: { $language }.
language-discord = Bot mówi teraz do ciebie w twoim języku z Discorda ({ $language }).

help = **Carcassonne tutaj, tura po turze.**
    • `/carcassonne nowa` otwiera poczekalnię (łąki, małe miasta, przypomnienia, czas na ruch, `podpowiedzi`); inni naciskają **Dołącz**, twórca naciska **Start**. **Dodaj komputer** zajmuje miejsce.
    • W twojej turze bot wspomina cię z obrazem planszy wokół ostatnich ruchów i zielonymi polami, gdzie pasuje twoja płytka. Naciśnij **Połóż**: wybierz pole, pasujący obrót, podwładnego, **Potwierdź**. Albo wpisz `/carcassonne połóż x y obrót [pionek]` — x i y są na brzegach obrazu; obrót to 0, 90, 180 lub 270; pionek to miejsce jak `city:N`, `road:E`, `field:SSW`, `cloister` lub `none`; z rozszerzeniami także `large city:N`, `builder road:E`, `pig field:SSW`, `abbot garden`, `recall`, `tower 1,0 capture 2,0 city:N` lub `guard 1,0`; `fairy 1,0`, `portal 1,0 road:E` lub `princess 0,-1 city:N`; `okup` wykupuje uwięzionego podwładnego (3 punkty); `smok` przesuwa smoka w jego podróży; `mayor city:N`, `wagon road:E`, `barn corner:SE`, `shepherd field:S`. `/abbey`, `/wagon`, `/flock`, `/bridge`, `/castle` i `/bazaar` to własne ruchy tych rozszerzeń. Autouzupełnianie podpowiada dozwolone ruchy.
    • `cofnij` cofa twój ostatni ruch (od razu, zanim następny gracz coś zrobi, inaczej pozostali zgadzają się przyciskami). Po przypomnieniach bez odpowiedzi pozostali mogą zagłosować, by komputer grał za nieobecnego gracza, który odzyskuje miejsce poleceniem `wróć`. `ja` zbiera twoje ustawienia: `powiadomienia`, `język`, `godziny` (strefa, cisza), `nieobecny`, `podsumowanie` (raz dziennie).
    • `plansza`, `stan` (z pozostałymi płytkami), `zasady` pokazują grę; `mojegry` wymienia twoje gry na tym serwerze; `poddaj` oddaje twoje miejsce komputerowi; `przerwij` kończy grę (twórca lub zarządzający kanałem); `eksport` daje zapis gry; `historia` i `powtórka` pokazują dawne gry (z **Analizą** komputera); `rewanż` gra jeszcze raz z tymi samymi miejscami; `ranking` układa graczy tego serwera.

notify-here = W grach na tym kanale:
heads-up-on = Dostaniesz prywatną wiadomość, gdy gracz przed tobą zacznie turę.
heads-up-off = Nie dostaniesz już wiadomości, gdy gracz przed tobą zacznie turę.
heads-up-line = ⏭ Grasz po **{ $name }** w { $channel }.
mygames-title = **Twoje gry na tym serwerze** ({ $n }):
mygames-none = Nie grasz w żadnej grze na tym serwerze. Otwórz ją poleceniem /carcassonne nowa.
mygames-lobby = poczekalnia, gra jeszcze się nie zaczęła
mygames-your-turn = **twoja tura**
mygames-turn-of = tura gracza { $player }
mygames-computer = gra komputer
mygames-web-links = { $n ->
    [one] jeden aktywny osobisty link
    [few] { $n } aktywne osobiste linki
   *[other] { $n } aktywnych osobistych linków
}

lobby-opened = Otwarto nową grę w Carcassonne.
lobby-text = **Poczekalnia** ({ $n }/{ $max } graczy): { $seats }
    Zasady: { $rules }.
    Naciśnij **Dołącz**, aby zająć miejsce; { $creator } rozpoczyna przyciskiem **Start** (2–6 graczy).
lobby-nobody = jeszcze nikt
lobby-joined = { $name } dołącza.
lobby-left = { $name } wychodzi.
lobby-closed = { $name } wychodzi; nikogo już nie ma, więc poczekalnia jest zamknięta.
lobby-computer-joined = Dołącza gracz komputerowy.
lobby-full = Poczekalnia jest pełna.
join-seated = Masz już miejsce.
leave-not-seated = Nie ma cię w tej poczekalni.
computer-not-seated = Tylko gracze z poczekalni mogą dodawać graczy komputerowych.
seats-fixed = Gra już się zaczęła; miejsca się nie zmieniają (poddaj się poleceniem /carcassonne poddaj).
new-lobby-open = Na tym kanale jest już otwarta poczekalnia: naciśnij Dołącz albo poproś jej twórcę, by ją rozpoczął lub przerwał.
new-game-running = Na tym kanale trwa już gra. Najpierw ją dokończ lub przerwij, albo zacznij grę w wątku.
rematch-lobby-open = Na tym kanale jest otwarta poczekalnia: naciśnij raczej Dołącz.
rematch-game-running = Gra na tym kanale wciąż trwa: rewanż przychodzi po jej końcu.
button-join = Dołącz
button-leave = Wyjdź
button-add-computer = Dodaj komputer
button-start = Start
rules-farms-per-farm = łąki dają 3 za ukończone miasto (za łąkę)
rules-farms-per-city = łąki dają 4 za ukończone miasto (za miasto)
rules-farms-none = bez rolników
rules-small-city = małe miasta dają 2
rules-revision-old = zasady w brzmieniu z początku tej gry (wersja { $revision }: kafelek rzeki może zamknąć rzekę, opat może opuścić obiekt ukończony jego kafelkiem)
rules-no-reminders = bez przypomnień
rules-reminders = przypomnienia co { $hours } h
rules-computers = gracze komputerowi: { $level }
rules-reply = **Zasady tej gry**: { $rules }.
    { $summary }
rules-summary = W swojej turze dołóż wylosowaną płytkę do planszy tak, by każda krawędź pasowała (miasto do miasta, droga do drogi, łąka do łąki); potem możesz postawić jednego podwładnego na tej płytce, w mieście, na drodze, łące lub w klasztorze, których nikt jeszcze nie zajął. Ukończone drogi dają 1 za płytkę, miasta 2 za płytkę i herb, klasztory 9; potem podwładni wracają. Na końcu nieukończone obszary dają 1 za płytkę i herb (klasztor: 1 + sąsiedzi), a potem łąki punktują za ukończone miasta, z którymi graniczą. Przy remisie punktują wszyscy.

# Turn lines.
move-placed = **{ $name }**: { $tile } na [{ $x },{ $y }], obrót { $rotation }
move-with = z { $figure } na { $spot }
move-recall = i opat wraca
move-tower = i piętro wieży na [{ $x },{ $y }]
move-guard = i podwładny na szczycie wieży na [{ $x },{ $y }], która jest ukończona
move-guard-large = i duży podwładny na szczycie wieży na [{ $x },{ $y }], która jest ukończona
figure-knight = rycerzem
figure-thief = rozbójnikiem
figure-farmer = rolnikiem
figure-monk = mnichem
figure-abbot = opatem
figure-guard = strażnikiem wieży
figure-large-knight = dużym rycerzem
figure-large-thief = dużym rozbójnikiem
figure-large-farmer = dużym rolnikiem
figure-large-monk = dużym mnichem
figure-large-abbot = dużym opatem
figure-large-guard = dużym strażnikiem wieży
figure-builder = budowniczym
figure-pig = świnią
goods-wine = { $name } bierze { $n } { $n ->
    [one] żeton
    [few] żetony
   *[many] żetonów
} wina z ukończonego miasta.
goods-grain = { $name } bierze { $n } { $n ->
    [one] żeton
    [few] żetony
   *[many] żetonów
} zboża z ukończonego miasta.
goods-cloth = { $name } bierze { $n } { $n ->
    [one] żeton
    [few] żetony
   *[many] żetonów
} sukna z ukończonego miasta.
tile-set-aside = (Płytka { $tile } nigdzie nie pasuje i zostaje odłożona.)
builder-extra = { $name } buduje dalej: budowniczy daje drugą płytkę w tej turze.
count-tiles = { $n ->
    [one] { $n } płytka
    [few] { $n } płytki
   *[many] { $n } płytek
}
count-pennants = { $n ->
    [one] { $n } herb
    [few] { $n } herby
   *[many] { $n } herbów
}
count-tokens = { $n ->
    [one] { $n } żeton
    [few] { $n } żetony
   *[many] { $n } żetonów
}
reason-city = miasto
reason-road = droga
reason-cloister = klasztor
reason-garden = ogród
reason-farm = łąka
reason-goods = towary
reason-fairy = wróżka
score-line = { $who } +{ $points } ({ $what }).
score-line-detail = { $who } +{ $points } ({ $what }: { $detail }).

# The turn message.
direction-north = północ
direction-north-east = północny wschód
direction-east = wschód
direction-south-east = południowy wschód
direction-south = południe
direction-south-west = południowy zachód
direction-west = zachód
direction-north-west = północny zachód
off-picture = (poza obrazem: strzałka na { $direction })
since-last-turn = Od twojej ostatniej tury (numery na obrazie): { $moves }
next-computer = Następny: { $seat } { $name } (komputer) — wylosowana płytka { $tile }; jego ruch zaraz nastąpi.
next-person = Następny: { $seat } { $mention } — wylosowana płytka { $tile }. Naciśnij **Połóż** albo wpisz /carcassonne połóż.
ransom-possible = Możesz najpierw zapłacić 3 punkty, by odzyskać uwięzionego podwładnego (/carcassonne okup).
button-place = Połóż
button-ransom = Zapłać okup (3 punkty)
button-whole-board = Cała plansza
scores-line = Wyniki: { $scores }

status-lobby = Poczekalnia: graczy { $n }.
status-to-play = ◀ ma turę
status-large = duży podwładny
status-builder = budowniczy
status-pig = świnia
status-abbot = opat
status-goods = towary: wino { $wine }, zboże { $grain }, sukno { $cloth }
status-towers = { $n ->
    [one] { $n } piętro wieży
    [few] { $n } piętra wieży
   *[many] { $n } pięter wieży
}
status-prisoners = więzi: { $held }
status-seat = **{ $points }** { $points ->
    [one] punkt
    [few] punkty
   *[many] punktów
}, pozostali podwładni: { $followers }
status-beside-board = obok planszy
status-dragon = 🐉 Smok: { $dragon } · 🧚 wróżka: { $fairy }
status-set-aside = odłożone płytki smoka do wulkanu: { $n }
status-pace = ⏱ Mediana czasu ruchu w tej partii: { $list }
status-drawn = Wylosowana płytka: { $tile } · pozostało po niej: { $n }

# The end of a game.
plural-city = miasta
plural-road = drogi
plural-cloister = klasztory
plural-garden = ogrody
plural-farm = łąki
plural-goods = towary
plural-fairy = wróżka
final-title = **Ostatnia płytka położona: punktacja końcowa.**
final-pace = ⏱ Partia trwała { $length }; najwolniejszy ruch: { $name }, { $time }.
duration-d = { $n } d
duration-h = { $n } godz.
duration-min = { $n } min
duration-s = { $n } s
final-seat = **{ $name }**: { $total } (gra { $game } + { $parts })
final-winners = 🏆 { $count ->
    [one] Wygrywa { $names }
    [few] Wygrywają { $names }
   *[many] Wygrywają { $names }
}!
final-rematch = Zagraj jeszcze raz z tymi samymi miejscami: **Rewanż**.
button-rematch = Rewanż
button-standings = Ranking
button-replay = Powtórka

# Starting a game.
start-not-creator = Tylko { $creator } (twórca poczekalni) może rozpocząć grę.
start-too-few = Gra wymaga co najmniej 2 graczy: zaproś kogoś albo dodaj gracza komputerowego.
start-headline = **Gra się zaczyna!**
start-seats = Miejsca w kolejności tur: { $seats }.
colour-red = czerwony
colour-blue = niebieski
colour-green = zielony
colour-yellow = żółty
colour-black = czarny
colour-pink = różowy

# Placing by buttons.
choice-follower = Podwładny na { $spot }
choice-large = Duży podwładny na { $spot }
choice-builder = Budowniczy na { $spot }
choice-pig = Świnia na { $spot }
choice-abbot = Opat na { $spot }
choice-recall = Przywołaj opata
choice-tower = Piętro wieży na { $at }
choice-tower-capture = Wieża na { $at }, pojmij { $spot } { $on }
choice-guard-large = Duży podwładny na wieży na { $at }
choice-guard = Podwładny na wieży na { $at }
choice-portal-large = Portal: duży podwładny na { $spot } na { $at }
choice-portal = Portal: podwładny na { $spot } na { $at }
choice-fairy = Wróżka na { $at }
choice-princess = Księżniczka: odeślij rycerza z { $at }
choice-none = Bez pionka
tap-earlier = Ten przycisk należy do wcześniejszej tury. Użyj najnowszej wiadomości tury.
tap-dragon = Smok jest w podróży: poczekaj na niego.
tap-earlier-cells = ◀ Wcześniejsze pola
tap-more-cells = Więcej pól ▶
tap-page = (strona { $page } z { $pages })
tap-step1 = Kładziesz { $tile }. Krok 1 z 4: wybierz pole — zielone pola na obrazie tury{ $more }.
tap-no-fit = { $tile } nie pasuje na [{ $x },{ $y }].
tap-step2 = Krok 2 z 4: **{ $tile }** pasuje na [{ $x },{ $y }] z obrotem { $rotations }. Wybierz obrót (obraz pokazuje każdy z sąsiadami).
tap-back = ◀ Wstecz
tap-step3 = Krok 3 z 4: **{ $tile }** na [{ $x },{ $y }], obrót { $rotation }°. Postawić pionek? (Obraz nazywa każde miejsce.)
tap-not-possible = { $choice } nie jest możliwe po tym położeniu.
tap-no-figure = bez pionka
tap-confirm = Potwierdź
tap-step4 = Krok 4 z 4: połóż **{ $tile }** na [{ $x },{ $y }], obrót { $rotation }°, { $what } (`{ $typed }`)? Naciśnij **Potwierdź**.
tap-other-cell = Inne pole
button-no-follower = Bez podwładnego

# Słowa na obrazkach.
pic-drawn = wylosowana: { $tile }
pic-drawn-left = wylosowana: { $tile } · { tiles-left }
pic-final-scores = Wyniki końcowe
pic-final-sub = gra { $game } · koniec { $end }
pic-final-sub-winner = gra { $game } · koniec { $end }  ★ wygrana
pic-end-points = punkty na koniec gry
pic-graph-title = Wyniki w trakcie gry
pic-graph-axis = tura
pic-replay-title = Powtórka · tura { $turn } z { $total }
pic-timelapse-tile = Płytka { $n } z { $total }
pic-timelapse-final = Koniec
pic-preview-rotation = { $tile } obrót { $degrees }
pic-col-city = miasto
pic-col-road = droga
pic-col-cloister = klasztor
pic-col-garden = ogród
pic-col-farm = łąka
pic-col-goods = towary
pic-col-fairy = wróżka
pic-board-title = Tura { $turn } · { tiles-left }
pic-move-preview = Twój ruch, jeszcze nie położony
move-fairy = i przenosi wróżkę na [{ $x },{ $y }]
move-portal = i przez magiczny portal z { $figure } na { $spot } na [{ $x },{ $y }]
move-princess = i księżniczka odsyła rycerza z [{ $x },{ $y }] do domu
cannot-do = Tak nie można: { $reason }.
no-such-set = Nie ma zestawu płytek o nazwie { $set }.
players-range = W grze bierze udział od 2 do 6 graczy.
reminders-max = Przypomnienia mogą być najwyżej co 336 godzin (dwa tygodnie).
resign-not-seated = Poddać się mogą tylko gracze przy stole.
lobby-expired = Poczekalnia tutaj została zamknięta: { $why }.
game-expired = Gra tutaj się skończyła: { $why }. Jest w /carcassonne history.
ending-lobby = nikt jej nie rozpoczął w ciągu { $hours ->
    [one] { $hours } godziny
   *[other] { $hours } godzin
}
ending-abandoned = nikt nie wykonał ruchu od { $days ->
    [one] { $days } dnia
   *[other] { $days } dni
}
ending-channel-gone = jej kanał już nie istnieje
ending-left-server = bot opuścił serwer
damaged-game = Zapisanej gry tego kanału nie można odczytać ({ $reason }). Zarządzający kanałem może ją usunąć przez /carcassonne abort.
damaged-not-manager = Uszkodzoną grę może usunąć tylko ktoś, kto zarządza tym kanałem.
damaged-removed = Uszkodzony wpis gry tego kanału został usunięty.
earlier-game = Ten przycisk należy do wcześniejszej gry na tym kanale.
storage-unreadable = Gry tego kanału nie można teraz odczytać (problem z zapisem po naszej stronie); nic nie zmieniono. Spróbuj ponownie za chwilę.
try-again = Spróbuj ponownie.
internal-nothing-changed = Coś poszło nie tak po naszej stronie; nic nie zmieniono. Spróbuj ponownie.
storage-conflict = Ktoś inny zmienił tę grę w tej samej chwili, więc twoje polecenie nie zostało wykonane. Zajrzyj do /carcassonne status i spróbuj ponownie.
storage-uncertain = Nie udało się na pewno zapisać gry (problem z zapisem po naszej stronie): twoje polecenie mogło zostać zapisane albo nie. Zajrzyj do /carcassonne status, zanim spróbujesz ponownie.
bot-failed = Coś poszło nie tak po naszej stronie. Zajrzyj do /carcassonne status, by zobaczyć stan gry, zanim spróbujesz ponownie.
bot-unreadable-argument = Nie mogłem tego odczytać: { $error }
bot-button-outdated = Ten przycisk jest nieaktualny. Użyj /carcassonne board, by zobaczyć grę teraz.
bot-thread-name = Carcassonne z { $name }
bot-game-open-in = Gra jest otwarta na { $channel }.
bot-thread-not-allowed = Otwarcie gry w nowym wątku wymaga tutaj uprawnień do tworzenia wątków publicznych i wysyłania wiadomości w wątkach, których nie masz. Otwórz ją na tym kanale (bez `wątek`).
bot-thread-required = Ten serwer otwiera każdą grę we własnym wątku: pomiń `wątek: false`.
typed-tower = { $typed }: wpisz piętro wieży jako „tower x,y” albo „tower x,y capture x,y miejsce”
typed-fairy = { $typed }: wpisz wróżkę jako „fairy x,y”
typed-princess = { $typed }: wpisz rycerza do odesłania jako „princess x,y city:N”
typed-portal = { $typed }: wpisz podwładnego przez portal jako „portal x,y road:E”
typed-guard = { $typed }: wpisz strażnika wieży jako „guard x,y”

# Płytka w słowach.
tile-cloister = klasztor
tile-city = { $n ->
    [one] miasto
   *[other] miasta: { $n }
}
tile-city-cap = { $n ->
    [one] brzeg miasta
   *[other] brzegi miasta: { $n }
}
tile-city-band = { $n ->
    [one] pas miasta
   *[other] pasy miasta: { $n }
}
tile-city-corner = { $n ->
    [one] narożnik miasta
   *[other] narożniki miasta: { $n }
}
tile-city-three = { $n ->
    [one] miasto z trzech stron
   *[other] miasta z trzech stron: { $n }
}
tile-city-four = { $n ->
    [one] miasto ze wszystkich stron
   *[other] miasta ze wszystkich stron: { $n }
}
tile-with-shield = { $what } z herbem
tile-with-cathedral = { $what } z katedrą
tile-road-end = { $n ->
    [one] koniec drogi
   *[other] dwa końce drogi
}
tile-road-straight = prosta droga
tile-road-curve = zakręt drogi
tile-crossroads = skrzyżowanie { $n } dróg
tile-roads = drogi: { $n }
tile-with-inn = { $what } z gospodą
tile-river-spring = źródło rzeki
tile-river-lake = jezioro rzeki
tile-river = rzeka
tile-volcano = wulkan
tile-dragon = smok
tile-portal = magiczny portal
tile-tower = fundament wieży
tile-princess = księżniczka
tile-field = łąka

# Dlaczego zasady odrzucają ruch.
err-wrong-decision = gra nie czeka teraz na to
err-no-abbot = nie masz na planszy opata, którego można odwołać
err-abbot-completed = klasztor lub ogród twojego opata na { $at } jest ukończony: zdobywa 9 punktów na końcu tej tury, więc nie można go odwołać
err-not-drawn = wylosowana płytka to { $drawn }, nie { $asked }
err-tile-none-left = nie ma już płytki { $tile } do wylosowania
err-river-first = najpierw rzeka: { $tile } nie może być położona, dopóki zostały płytki rzeki
err-lake-early = jezioro kończy rzekę; pozostałe płytki rzeki idą przed nim
err-river-disconnected = płytka rzeki musi przedłużać rzekę na { $at }
err-river-u-turn = rzeka nie może skręcić dwa razy z rzędu w tę samą stronę (zawróciłaby)
err-river-trapped = tam rzeka wpadłaby sama na siebie: któryś z pozostałych kafelków rzeki nie znalazłby miejsca
err-cannot-discard = { $tile } pasuje na { $at }, więc nie można jej odrzucić
err-fits-nowhere = { $tile } nigdzie nie pasuje, więc zostaje odrzucona
err-garden-not-in-game = płytki z ogrodem są tylko z Opatem
err-no-garden-left = nie ma już płytki z ogrodem { $tile } do wylosowania
err-only-gardens = pozostałe płytki { $tile } to same płytki z ogrodem
err-spot = { $typed } to nie miejsce na figurę; wpisz city:N, road:E, field:SSW, field:inner, cloister, garden albo tower
err-no-such-place = płytka { $tile } obrócona o { $rotation }° nie ma { $spot }
err-occupied = { $spot } należy do obszaru zajętego już gdzie indziej
err-none-left = nie masz już { $kind ->
    [large] dużego podwładnego
    [builder] budowniczego
    [pig] świni
    [abbot] opata
   *[other] podwładnych
}
err-no-farmers = w tej grze nie ma rolników
err-corner-place = { $kind } stoi na obiekcie, nie w rogu płytki (tam stoi tylko stodoła)
err-closed-field = żaden rolnik nie może wejść na pole { $spot } płytki { $on }: stoi na nim stodoła
err-figure-not-in-game = w tej grze nie ma tej figury: { $figure }
err-garden-abbot = do ogrodu może iść tylko opat
err-abbot-place = opat idzie tylko do klasztoru albo ogrodu, nie na { $spot }
err-builder-place = budowniczy idzie tylko na drogę albo do miasta, nie na { $spot }
err-pig-place = świnia idzie tylko na łąkę, nie na { $spot }
err-needs-own-follower = { $kind ->
    [pig] świnia
   *[other] budowniczy
} potrzebuje twojego podwładnego już stojącego w tym obszarze ({ $spot })
err-princess-not-in-game = Księżniczki i Smoka nie ma w tej grze
err-volcano = na wulkan nie idzie żadna figura: tam ląduje smok
err-dragon-here = smok jest na { $at }: żadna figura nie może tam iść
err-no-princess = na właśnie położonej płytce nie ma księżniczki
err-princess-first = księżniczka dołącza do miasta z rycerzami: odeślij jednego do domu (w tej turze nic innego nie stawiasz)
err-not-a-knight = w mieście księżniczki nie ma rycerza na { $spot } płytki na { $on }
err-no-tile = na { $at } nie ma płytki
err-fairy-there = wróżka już stoi na { $at }
err-fairy-needs-follower = wróżka idzie tylko na płytkę z twoim podwładnym, a na { $at } go nie masz
err-dragon-empty = smok nie może iść na { $direction }, na { $to }: nie ma tam płytki
err-dragon-visited = smok nie może iść na { $direction }, na { $to }: był tam już w tej podróży
err-dragon-fairy = smok nie może iść na { $direction }, na { $to }: wróżka chroni tę płytkę
err-no-portal = na inną płytkę podwładny idzie tylko po położeniu magicznego portalu
err-portal-figure = przez magiczny portal przechodzi tylko podwładny (zwykły, duży, burmistrz albo wóz)
err-tile-has-no-place = płytka na { $on } nie ma { $spot }
err-occupied-at = { $spot } płytki na { $on } należy do obszaru już zajętego
err-complete-at = { $spot } płytki na { $on } należy do obszaru już ukończonego
err-tower-not-in-game = Wieży nie ma w tej grze
err-no-pieces = nie masz już pięter wieży
err-no-foundation = płytka na { $at } nie ma fundamentu wieży
err-guarded = wieża na { $at } jest zamknięta: na jej szczycie stoi podwładny
err-out-of-reach = { $on } jest poza zasięgiem wieży na { $at }: przy wysokości { $height } sięga ona na { $height ->
    [one] { $height } płytkę
    [few] { $height } płytki
   *[many] { $height } płytek
} prosto na północ, wschód, południe i zachód
err-no-follower = na { $spot } płytki na { $on } nie ma podwładnego
err-not-capturable = do niewoli można wziąć tylko podwładnych (zwykłych, dużych, burmistrza albo wóz)
err-castle-lord = pana zamku na { $at } nie można wziąć do niewoli
err-only-tower = na inną płytkę niż właśnie położona figura idzie tylko na szczyt wieży, nie na { $spot }
err-guard-figure = to może zrobić tylko zwykły albo duży podwładny
err-no-tower-yet = na { $at } nie ma jeszcze wieży, na której można stanąć (najpierw piętro wieży)
err-no-prisoner = miejsce { $seat } nie więzi żadnego z twoich podwładnych
computer-name = Komputer { $n }
pic-letter-builder = B
pic-letter-pig = Ś
pic-letter-dragon = S
pic-letter-fairy = W
ending-resigned = wszyscy gracze się poddali
ending-aborted = przerwana przez { $name }
ending-removed = gracza { $player } usunął { $moderator }
seat-resigned = { $name } (rezygnacja)

# Czas na ruch, nieobecności, godziny ciszy i podsumowania.
clock-off = brak
clock-max = Czas na ruch to najwyżej 168 godzin (tydzień).
while-away-wait = gra czeka
while-away-computer = gra za niego komputer
settings-clock = Czas na ruch: { $clock }
settings-while-away = Gdy gracza nie ma: { $what }
rules-clock = { $clock } na ruch
rules-clock-always = { $clock } na ruch (zegar nigdy nie staje)
rules-away-computer = za nieobecnych gra komputer
clock-warning = ⏳ { $mention }, na twoim zegarze zostało { $left } na **{ $tile }**.
clock-out = ⌛ Czas gracza { $name } na ten ruch minął: wykona go komputer.
clock-out-seat = { $name } przekroczył czas { $n } razy z rzędu: komputer zajmuje miejsce do jego powrotu (`/carcassonne return`).
status-clock = ⏳ { $name }: zostało { $left }
status-clock-stopped = ⏳ { $name }: zostało { $left } (zegar stoi)
status-away = 🏖️ { $name } jest nieobecny do { $until }
turn-away = 🏖️ { $name } jest nieobecny do { $until }; gra na niego czeka.
absent-is-away = { $name } zgłosił nieobecność: gra na niego czeka.
me-bad-zone = Nie znam strefy czasowej { $zone }. Wybierz jedną z listy (na przykład Europe/Warsaw albo America/New_York).
me-bad-time = { $time } to nie godzina: napisz ją jak 23:00 albo 8.
me-quiet-same = Godziny ciszy potrzebują różnego początku i końca (na przykład od 23:00 do 08:00).
me-quiet-long = Godziny ciszy mogą trwać najwyżej { $n } godzin dziennie (twoje gry czekają wtedy na ciebie).
me-away-max = Możesz być nieobecny najwyżej { $n } dni z rzędu.
me-not-away = Nie jesteś nieobecny.
me-zone = Strefa czasowa: { $zone } (jest tam { $time })
me-quiet = Godziny ciszy: { $from }–{ $to }: wtedy nic do ciebie nie dociera; czeka do ich końca.
me-quiet-none = Godziny ciszy: brak
me-away = Nieobecny do { $until }
me-here = Nieobecny: nie
me-digest = Codzienne podsumowanie o { $time } (bez wzmianki co turę)
me-digest-off = Codzienne podsumowanie: wyłączone
away-wait = 🏖️ { $name } jest nieobecny do { $until }: gra na niego czeka.
away-used-up = { $name } wykorzystał { $n } dni nieobecności, na które pozwala ta gra: toczy się dalej bez czekania.
away-computer = 🏖️ { $name } jest nieobecny do { $until }: do tego czasu gra za niego komputer.
away-back = 👋 { $name } wrócił.
away-over = 👋 Witaj z powrotem: twoja nieobecność się skończyła.
quiet-over = 🌅 Twoje godziny ciszy się skończyły. W międzyczasie:
digest-none = Żadna gra na ciebie nie czeka.
digest-title = 📬 { $n ->
    [one] Czeka na ciebie jedna gra:
    [few] Czekają na ciebie { $n } gry:
   *[other] Czeka na ciebie { $n } gier:
}
digest-line = • { $channel }: twoja tura od { $waited }
panel-away = { $name } (nieobecny)
me-quiet-both = Podaj oba końce godzin ciszy: cisza_od i cisza_do (na przykład 23:00 i 08:00).

# Opactwo i Burmistrz
figure-mayor = burmistrz
figure-wagon = wóz
figure-barn = stodoła
status-mayor = burmistrz
status-wagon = wóz
status-barn = stodoła
status-abbey = opactwo w ręce
choice-mayor = Burmistrz na { $spot }
choice-wagon = Wóz na { $spot }
choice-barn = Stodoła na { $spot }
move-abbey = **{ $name }** kładzie opactwo na [{ $x },{ $y }]
tap-abbey = Najpierw wybierz między opactwem a losowaniem: przyciski wiadomości tury.
tap-wagon = Wóz jest w drodze: poczekaj na jego właściciela.
button-draw = Wylosuj płytkę
button-abbey = Opactwo na { $at }
button-wagon = Wóz na { $spot } na { $at }
button-wagon-home = Zabierz wóz
err-no-abbey = twoje opactwo już leży na planszy
err-abbey-on-tile = na { $at } już leży płytka: opactwo kładzie się w dziurę
err-not-a-hole = opactwo kładzie się tylko w dziurę, puste miejsce z płytkami ze wszystkich czterech stron, a { $at } nią nie jest
err-mayor-place = burmistrz staje tylko w mieście, nie na { $spot }
err-wagon-place = wóz staje tylko na drodze, w mieście lub w klasztorze, nie na { $spot }
err-barn-place = stodoła staje w rogu płytki (corner:NW, corner:NE, corner:SE albo corner:SW), nie na { $spot }
err-no-barn-corner = stodoła potrzebuje czterech płytek stykających się w rogu { $corner }, każdej z polem w tym miejscu
err-barn-there = na polu w rogu { $corner } stoi już stodoła
err-barn-field = żaden rolnik nie może wejść na pole ze stodołą
err-wagon-far = wóz z { $from } jedzie tylko na swoją płytkę albo jedną z ośmiu wokół, nie na { $to }
err-wagon-unlinked = { $spot } na płytce { $on } nie łączy się z obszarem, który wóz opuszcza (zasada 1. edycji: koniec drogi przy mieście, klasztorze lub skrzyżowaniu, droga do bramy miasta, opactwo, które go zamknęło)
err-wagon-complete = { $spot } płytki { $on } jest ukończone: wóz jedzie tylko na nieukończony obszar
err-wagon-occupied = na { $spot } płytki { $on } stoi już figurka
err-wagon-blocked = żadna figurka nie może teraz wejść na { $at } (jest tam smok)
typed-abbey = { $typed }: wpisz opactwo jako „abbey x,y”, „abbey x,y cloister” (z figurką) albo „abbey draw”
typed-wagon = { $typed }: wpisz ruch wozu jako „wagon x,y road:E” albo „wagon home”, żeby go zabrać
button-abbey-pass = Bez opactwa
err-portal-place = { $figure }: nie na { $spot }
choice-portal-figure = Portal: { $figure } na { $spot } na { $at }

# Wzgórza i owce
reason-flock = stado
reason-castle = zamek
figure-shepherd = pasterz
status-shepherd = pasterz
choice-shepherd = Pasterz na { $spot }
count-sheep = { $n ->
    [one] { $n } owca
    [few] { $n } owce
   *[many] { $n } owiec
}
tiles-buried = { $n ->
    [one] 1 płytka leży
    [few] { $n } płytki leżą
   *[many] { $n } płytek leży
} pod wzgórzami, poza grą i nieodkryte.
tile-hill = wzgórze
tile-vineyard = winnica
status-flock = 🐑 stado: { $n }
status-sheep-bag = 🐑 Worek owiec: żetonów { $tokens } — wilki: { $wolves }, { $one }×1, { $two }×2, { $three }×3, { $four }×4 owce
token-wolf = wilk
err-shepherd-place = pasterz stoi tylko na łące, nie na { $spot }
err-shepherd-there = na łące { $spot } już stoi pasterz
err-not-in-bag = w worku owiec nie ma teraz żetonu „{ $token }”
err-no-such-token = żeton pokazuje od 1 do 4 owiec albo wilka, nie { $n }
typed-flock = { $typed }: napisz „flock grow”, aby dobrać żeton dla stada, albo „flock home”, aby spędzić je do domu i podliczyć
button-flock-grow = Niech stado rośnie (dobierz)
button-flock-home = Spędź do domu (+{ $points })
tap-flock = Najpierw właściciel pasterza decyduje o swoim stadzie: poczekaj na niego.
flock-bag = żetonów w worku: { $tokens }, w tym wilków: { $wolves }, owiec razem: { $sheep }

# Mosty, zamki i bazary
tile-bazaar = bazar
status-castles = 🏰 zamki w zapasie: { $n }
typed-castle = { $typed }: napisz „castle build”, aby zbudować zamek na małym mieście, albo „castle score”, aby podliczyć je jako miasto
button-castle-build = Zbuduj zamek
button-castle-score = Podlicz miasto (+{ $points })
tap-castle = Najpierw właściciel podwładnego decyduje, czy jego małe miasto stanie się zamkiem: poczekaj na niego.

status-bridges = 🌉 mosty w zapasie: { $n }
typed-bridge = { $typed }: napisz „bridge x,y obrót x,y N-S|W-E”: pole i obrót płytki, potem płytka mostu (położona albo sąsiednia) i jego linia, np. „bridge 1,1 90 0,1 W-E”
bridge-figure-ask = Twoja płytka trafia tam z mostem. Gdzie stanie twoja figura?
bridge-choice = płytka na { $at }, obrót { $rotation }°, most na { $on } { $axis }
axis-ns = z północy na południe
axis-we = z zachodu na wschód
move-bridge-here = z mostem na niej ({ $axis })
move-bridge-beside = z mostem na płytce na { $at } ({ $axis })
err-bridge-none-left = nie masz już mostów
err-bridge-too-far = most kładzie się na kładzionej płytce albo na sąsiedniej, nie na { $at }
err-bridge-no-tile = na { $at } nie ma płytki na most
err-bridge-has-one = płytka na { $at } ma już most
err-bridge-not-fields = most łączy dwie krawędzie łąki, a płytka na { $at } nie ma łąk { $axis }
err-bridge-end-meets = koniec mostu ({ $side }) na płytce na { $at } trafiłby na: { $theirs }, nie na drogę
err-bazaar-not-on-offer = bazar oferuje płytki od 1 do { $count }, nie { $tile }
err-bazaar-taken = płytka { $tile } z bazaru jest już zajęta
err-bazaar-no-auction = bazar w tej grze nie ma licytacji: wybierz płytkę, bez oferty
err-bazaar-too-poor = nie możesz zaoferować { $bid }: masz { $score } pkt
err-bazaar-not-higher = przebicie musi być wyższe niż { $current }
err-bazaar-cannot-pay = nie możesz zapłacić { $bid } mając { $score } pkt: sprzedaj płytkę
err-bazaar-not-taken = ta tura zaczyna się od płytki wziętej z bazaru
typed-bazaar = { $typed }: napisz "bazaar 2 3", aby wybrać płytkę 2 z bazaru i zaoferować 3, "bazaar raise 4", aby zaoferować 4, "bazaar pass", "bazaar buy" albo "bazaar sell"
tap-bazaar = Najpierw licytacja na bazarze: poczekaj na gracza, o którego pyta.
button-bazaar-tile = Płytka { $tile }, oferta { $bid }
button-bazaar-pass = Pasuj
button-bazaar-raise = Zaoferuj { $bid }
button-bazaar-buy = Kup (zapłać { $bid })
button-bazaar-sell = Sprzedaj (dostań { $bid })
status-bazaar-bid = 🏪 Płytka { $tile }: { $who } oferuje { $bid }

# Hints (the computer's suggestion for a turn, in games that allow them).
rules-hints = podpowiedzi włączone
button-hint = Podpowiedź
hints-off = Ta gra została otwarta bez podpowiedzi: kto otwiera grę, może je włączyć opcją `podpowiedzi: True` w `/carcassonne new`.
hint-move = 💡 Komputer zagrałby: { $moves }. Widzisz to tylko ty; ruch należy do ciebie.
hint-none = 💡 Komputer nie znajduje tu ruchu do podpowiedzenia.
