# Polecenia z ukośnikiem: nazwy, opisy, opcje i wybory, tak jak pokazuje je Discord.

cmd-carcassonne = carcassonne
cmd-carcassonne-desc = Graj w Carcassonne na tym kanale, tura po turze.

cmd-new = nowa
cmd-new-desc = Otwórz nową grę na tym kanale (inni naciskają potem Dołącz).
cmd-new-players = gracze
cmd-new-players-desc = Najwyżej tylu graczy (2-6, domyślnie 6)
cmd-new-expansions = rozszerzenia
cmd-new-expansions-desc = Rozszerzenia oprócz gry podstawowej, po przecinku: river, inns, traders, abbot, tower, princess
cmd-new-farms = łąki
cmd-new-farms-desc = Jak łąki punktują na końcu
cmd-new-farms-0 = za łąkę (3 za miasto, każda łąka)
cmd-new-farms-1 = za miasto (4 za miasto, przewaga na wszystkich łąkach)
cmd-new-farms-2 = brak (bez rolników)
cmd-new-small_city = małe_miasto
cmd-new-small_city-desc = Ukończone miasto z dwóch płytek daje 2 zamiast 4
cmd-new-reminder_hours = przypomnienie_godziny
cmd-new-reminder_hours-desc = Godziny między przypomnieniami dla gracza, który ma turę (0 = bez)
cmd-new-computers = komputery
cmd-new-computers-desc = Gracze komputerowi dosadzeni od razu
cmd-new-computer_level = poziom_komputera
cmd-new-computer_level-desc = Jak silni są gracze komputerowi (domyślnie: trudny)
cmd-new-computer_level-0 = łatwy (najwięcej punktów w tej turze)
cmd-new-computer_level-1 = średni (krótkie spojrzenie naprzód)
cmd-new-computer_level-2 = trudny (dłuższe spojrzenie naprzód)
cmd-new-thread = wątek
cmd-new-thread-desc = Otwórz wątek dla gry zamiast grać na tym kanale

cmd-join = dołącz
cmd-join-desc = Zajmij miejsce w poczekalni tego kanału.
cmd-leave = opuść
cmd-leave-desc = Opuść poczekalnię tego kanału.
cmd-computer = komputer
cmd-computer-desc = Posadź gracza komputerowego w poczekalni tego kanału.
cmd-start = start
cmd-start-desc = Rozpocznij grę (twórca poczekalni, 2-6 graczy).

cmd-place = połóż
cmd-place-desc = Połóż wylosowaną płytkę na x, y z obrotem i opcjonalnie z pionkiem.
cmd-place-x = x
cmd-place-x-desc = Kolumna (liczby wzdłuż górnej krawędzi planszy)
cmd-place-y = y
cmd-place-y-desc = Wiersz (liczby wzdłuż lewej krawędzi planszy)
cmd-place-rotation = obrót
cmd-place-rotation-desc = Obrót płytki zgodnie z ruchem wskazówek zegara, jak na podglądzie
cmd-place-rotation-0 = 0
cmd-place-rotation-1 = 90
cmd-place-rotation-2 = 180
cmd-place-rotation-3 = 270
cmd-place-follower = pionek
cmd-place-follower-desc = Pionek: city:N, large city:N, builder road:E, tower 1,0, fairy 1,0, portal 1,0 road:E, none

cmd-ransom = okup
cmd-ransom-desc = Wieża: zapłać 3 punkty, aby odzyskać uwięzionego podwładnego (przed położeniem płytki).
cmd-ransom-from = od
cmd-ransom-from-desc = Komu płacisz (jego nazwa w grze); bez tego pytamy przyciskami
cmd-ransom-large = duży
cmd-ransom-large-desc = Uwolnij dużego podwładnego zamiast zwykłego

cmd-dragon = smok
cmd-dragon-desc = Księżniczka i Smok: wykonaj swój krok w podróży smoka.
cmd-dragon-direction = kierunek
cmd-dragon-direction-desc = Dokąd idzie smok (północ jest u góry planszy)
cmd-dragon-direction-0 = północ
cmd-dragon-direction-1 = wschód
cmd-dragon-direction-2 = południe
cmd-dragon-direction-3 = zachód

cmd-board = plansza
cmd-board-desc = Pokaż planszę (przybliż za pomocą x i y).
cmd-board-x = x
cmd-board-x-desc = Przybliżenie: kolumna w środku
cmd-board-y = y
cmd-board-y-desc = Przybliżenie: wiersz w środku
cmd-status = stan
cmd-status-desc = Czyja tura, wyniki i pozostali podwładni.
cmd-tiles = płytki
cmd-tiles-desc = Płytki, które zostały do wylosowania.
cmd-rules = zasady
cmd-rules-desc = Zasady tej gry i krótkie streszczenie Carcassonne.

cmd-undo = cofnij
cmd-undo-desc = Cofnij swój ostatni ruch (od razu przed ruchem następnego gracza, inaczej głosują pozostali).
cmd-resign = poddaj
cmd-resign-desc = Poddaj się: komputer gra dalej za twoje miejsce.
cmd-return = wróć
cmd-return-desc = Odbierz swoje miejsce komputerowi, który grał za ciebie pod twoją nieobecność.
cmd-notify = powiadomienia
cmd-notify-desc = Wybierz, jak dowiesz się o swojej turze: wzmianka, wiadomość prywatna lub cisza.
cmd-notify-how = jak
cmd-notify-how-desc = Wzmianka na kanale, wiadomość prywatna lub cisza
cmd-notify-how-0 = wzmianka na kanale
cmd-notify-how-1 = wiadomość prywatna
cmd-notify-how-2 = cisza

cmd-rematch = rewanż
cmd-rematch-desc = Po grze: nowa gra z tymi samymi miejscami w nowej kolejności.
cmd-standings = ranking
cmd-standings-desc = Ranking tego serwera: gry, zwycięstwa, średni wynik i ocena.
cmd-abort = przerwij
cmd-abort-desc = Przerwij grę na tym kanale (jej twórca lub ktoś, kto zarządza kanałem).
cmd-export = eksport
cmd-export-desc = Zapis gry jako plik JSON (do powtórek i zgłoszeń błędów).
cmd-history = historia
cmd-history-desc = Gry zakończone na tym kanale.
cmd-replay = powtórka
cmd-replay-desc = Przejrzyj zakończoną grę z tego kanału, tura po turze (widzisz ją tylko ty).
cmd-replay-game = gra
cmd-replay-game-desc = Która gra: jej numer w /carcassonne historia (domyślnie ostatnia)
cmd-help = pomoc
cmd-help-desc = Jak grać z tym botem.

cmd-language = język
cmd-language-desc = Wybierz język, w którym bot do ciebie mówi (domyślnie twój język z Discorda).
cmd-language-language = język
cmd-language-language-desc = Język albo automatycznie: twój język z Discorda
cmd-language-language-0 = automatycznie (twój język z Discorda)
cmd-language-language-1 = English
cmd-language-language-2 = Deutsch
cmd-language-language-3 = Français
cmd-language-language-4 = Polski
cmd-language-language-5 = Español
