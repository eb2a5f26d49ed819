# Plansza w przeglądarce (strona partii).
web-title = Carcassonne
web-to-play = Ruch: { $who }
web-finished = Wyniki końcowe: { $scores }
web-turn = Tura { $n } z { $total }
web-start = Początek
web-tiles-left = Pozostało płytek: { $n }
web-kinds = Pozostałe płytki według rodzaju
web-prev = Poprzednia tura
web-next = Następna tura
web-zoom-in = Powiększ
web-zoom-out = Pomniejsz
web-fit = Cała plansza
web-language = Język
web-live = Na żywo
web-reconnecting = Utracono połączenie; łączę ponownie…
web-gone = Strona tej partii nie jest już dostępna.
web-tile = Płytka { $tile } na { $x },{ $y }, tura { $turn }
web-nothing = Nic na niej nie stoi.
web-help = ◀ ▶ przeglądaj tury · przeciągnij lub uszczypnij, by przesuwać i powiększać · + − 0 powiększenie · strzałki z Shift przesuwają
web-board = Plansza
web-scores = Punkty
web-link = Plansza w przeglądarce
web-no-script = Ta strona potrzebuje JavaScriptu, by narysować planszę.

# Gra na stronie przez osobisty link miejsca.
button-web-play = Graj w przeglądarce
web-play-link = Twój link do gry w tę partię na stronie. Kto go ma, może grać za ciebie: zachowaj go dla siebie. { $url }
web-play-none = Ta gra nie ma strony, na której można grać.
web-play-not-seated = Nie masz miejsca w tej grze.
web-play-no-tile = Żaden kafelek nie czeka na położenie.
web-play-changed = Gra się w międzyczasie zmieniła; oto jej obecny stan.
web-play-slow = Zbyt wiele żądań z tej strony w ciągu minuty: nic nie wysłano. Poczekaj chwilę i spróbuj ponownie.
web-play-no-choice = Ten wybór nie jest teraz dostępny.
web-play-you = Twój ruch: dotknij zaznaczonego pola dla kafelka (klawiatura: strzałki wybierają, R obraca, Enter zatwierdza).
web-play-choose = Wybierz, a potem potwierdź.
web-play-wait = To nie twój ruch: strona śledzi grę.
web-play-rotate = Obróć
web-play-confirm = Potwierdź
web-play-back = Wstecz
web-play-sent = Wysłano.
web-play-lost = Połączenie zostało utracone; nic nie wysłano dwa razy. Spróbuj ponownie.
web-play-place = Połóż kafelek tutaj
web-play-undo = Cofnij mój ostatni ruch
web-play-vote = { $name } prosi o cofnięcie ruchu.
web-review = Analiza komputera: najdroższe ruchy każdego gracza (zaznaczone na suwaku tur). Wybierz jeden, aby zobaczyć ruch komputera na planszy.
web-review-move = Ruch komputera tutaj: około +{ $gain }
web-play-agree = Zgoda
web-play-refuse = Zostaw
web-play-reset = { $n ->
    [one] Wyłączono jeden twój osobisty link. Przycisk Graj w przeglądarce w turze da nowy.
    [few] Wyłączono { $n } twoje osobiste linki. Przycisk Graj w przeglądarce w turze da nowy.
   *[other] Wyłączono { $n } twoich osobistych linków. Przycisk Graj w przeglądarce w turze da nowy.
}
me-web-links = Osobiste linki: aktywne { $n } ({ $games ->
    [one] w jednej grze
   *[other] w grach: { $games }
}). /carcassonne me links je zatrzymuje; przycisk Graj w przeglądarce przy turze daje nowy.
me-web-links-none = Osobiste linki: brak aktywnych. Przycisk Graj w przeglądarce przy turze daje ci jeden.
button-activity = Aktywność
activity-connecting = Łączenie z Discordem…
activity-no-game = Na tym kanale nie toczy się gra z planszą w przeglądarce. Zacznij ją przez /carcassonne new albo otwórz Aktywność tam, gdzie trwa gra.
activity-refused = Discord nie podał, kim jesteś, więc plansza nie może cię posadzić. Zamknij Aktywność i uruchom ją ponownie.
activity-failed = Aktywność nie mogła połączyć się z Discordem. Zamknij ją i uruchom ponownie.
web-tournament = Turniej: { $name }
web-tournament-round = runda { $round } z { $rounds } (tabela: punkty · Buchholz · różnica wyników; stół tej partii pogrubiony)
web-tournament-winner = Zwycięzca: { $name }
web-tournament-earlier = Runda { $round }
web-tournament-bye = Wolny los: { $names }
