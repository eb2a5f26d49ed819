# Cofanie ruchów, nieobecni gracze, przypomnienia i szczególne chwile dodatków.

undo-over = Gra się skończyła: ruchów nie można już cofnąć.
undo-not-player = Tylko gracze tej gry mogą cofnąć ruch.
undo-dragon = Smok jest w podróży: ruch można cofnąć, gdy wyląduje.
undo-ransom = W tej turze zapłacono okup: najpierw połóż płytkę, potem poproś.
undo-limit = W tej grze cofnięto już ruchy: { $n }, więcej nie można: grajcie dalej od tego miejsca.
undo-no-move = Nie wykonałeś jeszcze żadnego ruchu.
undo-pending = { $name } już prosi o cofnięcie ruchu; pozostali odpowiadają.
undo-ask = { $who } prosi o cofnięcie swojego ostatniego ruchu. { $voters }: zgadzacie się? Wszyscy muszą się zgodzić; jedna odmowa zostawia ruch.
undo-ask-more = { $who } prosi o cofnięcie swojego ostatniego ruchu i { $later ->
    [one] ruchu
   *[other] { $later } ruchów
} po nim. { $voters }: zgadzacie się? Wszyscy muszą się zgodzić; jedna odmowa zostawia ruch.
undo-button-agree = Zgoda na cofnięcie
undo-button-keep = Zostaw ruch
undo-none = Nikt teraz nie prosi o cofnięcie ruchu.
undo-lapsed = Gra poszła dalej od tej prośby: wygasła.
undo-answer-not-player = Tylko gracze tej gry mogą odpowiedzieć.
undo-asker = To ty prosisz: odpowiadają pozostali gracze.
undo-agreed-already = Już się zgodziłeś.
undo-refused = { $who } zostawia ruch: prośba gracza { $asker } o cofnięcie jest odrzucona.
undo-agrees = { $who } się zgadza. Czekamy na: { $waiting }.
undo-set-aside = Od tego ruchu odłożono płytkę ze smokiem: nie można go już cofnąć.
undo-impossible = Tego ruchu nie można już cofnąć (płytek wylosowanych od tego czasu nie da się odłożyć tak, jak były).
undo-tile = płytka { $tile }
undo-tile-at = płytka { $tile } na [{ $x },{ $y }]
undo-and-later = , i { $n ->
    [one] ruch
    [few] { $n } ruchy
   *[many] { $n } ruchów
} po nim
undo-done = ↩ Ruch gracza { $who } jest cofnięty ({ $what }). Zapis gry zachowuje to, co cofnięto.

absent-button-turn = Komputer gra tę turę za: { $name }
absent-button-seat = Komputer przejmuje miejsce: { $name }
absent-earlier = To głosowanie dotyczy wcześniejszej tury: gracz już wykonał ruch.
absent-already = { $name } jest już prowadzony przez komputer.
absent-off = Głosowania o nieobecnych graczach są w tym bocie wyłączone.
absent-not-yet = Głosowanie jest możliwe po { $n } przypomnieniach bez odpowiedzi.
absent-not-player = Tylko gracze tej gry mogą głosować.
absent-self = To głosowanie dotyczy ciebie: po prostu zagraj swoją turę (przycisk Połóż).
absent-vote-seat = { $who } głosuje, by komputer przejął miejsce gracza { $name }. Potrzeba { $need } głosów, jest { $have }.
absent-vote-turn = { $who } głosuje, by komputer zagrał tę turę za gracza { $name }. Potrzeba { $need } głosów, jest { $have }.
absent-voted-seat = Gracze zagłosowali: komputer przejmuje miejsce gracza { $name }, dopóki nie wróci przez /carcassonne return. Jego ruch za chwilę.
absent-voted-turn = Gracze zagłosowali: komputer gra tę turę za gracza { $name }. Jego ruch za chwilę.
return-no-seat = Nie masz miejsca w tej grze.
return-resigned = Poddałeś tę grę: komputer gra dalej za ciebie.
return-playing = Już sam grasz na swoim miejscu.
return-welcome = Witaj z powrotem, { $name }: twoje miejsce znów jest twoje.
dm-you = ty
dm-line = Carcassonne na { $channel }: { $line }

reminder = { $mention } przypomnienie: twoja tura w grze Carcassonne tutaj (wylosowana płytka **{ $tile }**, grasz jako { $seat }). Naciśnij **Połóż** w ostatniej wiadomości tury albo użyj /carcassonne place.
reminder-vote = { $n } przypomnień bez odpowiedzi: pozostali gracze mogą zagłosować, by komputer grał za gracza { $name }.

ransom-paid-already = W tej turze już zapłaciłeś okup.
ransom-other-player = Wskaż innego gracza.
ransom-holds-none = { $name } nie więzi żadnego z twoich podwładnych.
ransom-no-prisoner = Nikt nie więzi żadnego z twoich podwładnych.
ransom-too-poor = Okup kosztuje 3 punkty, a masz { $score }.
ransom-impossible = Ten okup nie jest teraz możliwy.
ransom-no-tower = Okup należy do Wieży, której ta gra nie używa.
ransom-not-your-turn = Okup może zapłacić tylko gracz, którego jest tura; teraz gra { $player }.
ransom-after-placing = Okup płaci się przed położeniem płytki.
ransom-button = Zapłać { $name } 3 punkty za podwładnego
ransom-button-large = Zapłać { $name } 3 punkty za dużego podwładnego
ransom-button-figure = Zapłać { $name } 3 punkty za figurkę: { $figure }
ransom-whom = Komu płacisz 3 punkty i za którego podwładnego?
ransom-now-place = Teraz połóż płytkę przez /carcassonne place.
prisoner-own = 🏰 { $who } odbiera własnego { $kind ->
    [large] dużego podwładnego
    [mayor] burmistrza
    [wagon] wóz
   *[other] podwładnego
} z { $spot } na [{ $x },{ $y }].
prisoner-taken = 🏰 { $who } bierze do niewoli { $kind ->
    [large] dużego podwładnego
    [mayor] burmistrza
    [wagon] wóz
   *[other] podwładnego
} gracza { $owner } ({ $spot } na [{ $x },{ $y }]).
prisoner-exchanged = 🔁 { $a } i { $b } więzili nawzajem swoich podwładnych: wymiana ({ $aname } odzyskuje { $akind ->
    [large] dużego podwładnego
    [mayor] burmistrza
    [wagon] wóz
   *[other] podwładnego
}, { $bname } { $bkind ->
    [large] dużego podwładnego
    [mayor] burmistrza
    [wagon] wóz
   *[other] podwładnego
}).
prisoner-ransomed = 💰 { $payer } płaci { $from } 3 punkty i odzyskuje { $kind ->
    [large] dużego podwładnego
    [mayor] burmistrza
    [wagon] wóz
   *[other] podwładnego
}.

dragon-journey-wait = Smok jest w podróży: następny ruch smokiem należy do gracza { $name } (przyciski kierunków).
dragon-earlier = Ten przycisk należy do wcześniejszego kroku smoka.
dragon-not-journey = Smok nie jest teraz w podróży.
dragon-not-yours = Ten krok smoka należy do gracza { $name }, nie do ciebie.
dragon-cannot = Smok nie może tam pójść: { $reason }.
dragon-moved = 🐉 { $who } przesuwa smoka na { $direction }
dragon-moved-to = 🐉 { $who } przesuwa smoka na { $direction }, na [{ $x },{ $y }]
dragon-overdue = { $name } nie ruszył go w ciągu { $hours ->
    [one] { $hours } godziny
   *[other] { $hours } godzin
}, więc bot zrobił to za niego
dragon-sends-home = Odsyła do domu: { $figures }.
dragon-computer = { $who } (komputer)
dragon-ask = 🐉 Podróż smoka, krok { $step } z 6: { $who }, przesuń smoka
dragon-ask-from = 🐉 Podróż smoka, krok { $step } z 6: { $who }, przesuń smoka z [{ $x },{ $y }]
dragon-ask-computer = ; jego krok za chwilę.
dragon-ask-hours = {" "}(wybierz kierunek; po { $hours ->
    [one] { $hours } godzinie
   *[other] { $hours } godzinach
} bot przesunie go za ciebie).
dragon-ask-press = {" "}(wybierz kierunek).
dragon-button-to = { $arrow } { $direction } na [{ $x },{ $y }]
dragon-set-aside = (Płytka ze smokiem { $tile } zostaje odłożona, aż pojawi się wulkan; ten sam gracz losuje ponownie.)
dragon-flies = 🐉 Smok leci na { $path }.
dragon-eaten = Odesłane do domu: { $figures }.
back-to-supply = Z powrotem w zapasie: { $figures }.
fairy-gives = 🧚 Wróżka daje { $who } { $points ->
    [one] { $points } punkt
    [few] { $points } punkty
   *[many] { $points } punktów
}.
figure-of = { $figure } gracza { $who }
figure-of-at = { $figure } gracza { $who } na [{ $x },{ $y }]
kind-follower = podwładny
kind-large = duży podwładny
kind-builder = budowniczy
kind-pig = świnia
kind-abbot = opat
kind-mayor = burmistrz
kind-wagon = wóz
kind-barn = stodoła
list-and = { $a } i { $b }
follower-ask = { $tile } pasuje na [{ $x },{ $y }] z obrotem { $rotation }. Postawić podwładnego? (Obraz nazywa każde miejsce.)
alt-preview = płytka { $tile } w czterech obrotach z nazwą każdego miejsca na podwładnego

undo-wagon = Wóz czeka na decyzję właściciela: ruch można cofnąć, gdy już pojedzie.
abbey-not-in-game = Opactwa i wozy należą do dodatku Opactwo i Burmistrz, którego ta gra nie używa.
abbey-not-now = Opactwo kładzie się tylko na początku twojej tury, zamiast losowania, póki jest jakaś dziura.
abbey-earlier = Ten przycisk należy do wcześniejszej tury. Użyj najnowszej wiadomości tury.
abbey-not-yours = Teraz tura gracza { $name }: tylko on może teraz położyć swoje opactwo.
abbey-cannot = Opactwo nie może tam trafić: { $reason }.
abbey-wait = { $name } najpierw wybiera między opactwem a losowaniem (przyciski wiadomości tury albo /opactwo).
abbey-figure-ask = Twoje opactwo na [{ $x },{ $y }]. Postawić na nim figurkę?
abbey-ask = Następny: { $seat } { $mention } — zamiast losować możesz położyć opactwo w dziurę ({ $holes }). Naciśnij **Wylosuj płytkę** albo przycisk opactwa, albo wpisz /opactwo.
abbey-ask-computer = Następny: { $who } (komputer), który może położyć opactwo w dziurę ({ $holes }); jego ruch zaraz nastąpi.
wagon-not-now = Żaden wóz nie czeka teraz na ruch.
wagon-earlier = Ten przycisk należy do wcześniejszego ruchu wozu.
wagon-not-yours = Tym wozem rusza { $name }, nie ty.
wagon-cannot = Wóz nie może tam pojechać: { $reason }.
wagon-wait = Obszar wozu został podliczony: najpierw { $name } nim rusza (przyciski wozu albo /wóz).
wagon-overdue = { $name } nie zdecydował w ciągu { $hours ->
    [one] { $hours } godziny
   *[other] { $hours } godzin
}, więc bot zdecydował za niego
wagon-moved = 🛒 Wóz gracza { $who } jedzie na { $spot } na [{ $x },{ $y }]
wagon-home = 🛒 { $who } zabiera swój wóz
wagon-ask = 🛒 { $who }, twój wóz na { $at } został podliczony: przesuń go na nieukończony obszar bez figurek, na jego płytce albo jednej z ośmiu wokół, albo go zabierz
wagon-ask-linked = 🛒 { $who }, twój wóz na { $at } został policzony: przesuń go na niedokończony obszar bez figur połączony z policzonym (koniec drogi przy mieście, klasztorze lub skrzyżowaniu, droga do bramy miasta, opactwo) albo weź go z powrotem
step-ask-hours = {" "}(naciśnij przycisk; po { $hours ->
    [one] { $hours } godzinie
   *[other] { $hours } godzinach
} bot zdecyduje za ciebie).
step-ask-press = {" "}(naciśnij przycisk).
abbey-ask-last = Ostatnia płytka leży: { $seat } { $mention }, możesz jeszcze położyć opactwo w dziurę ({ $holes }). Naciśnij przycisk opactwa albo **Bez opactwa**, albo wpisz /opactwo.
reminder-abbey = { $mention } przypomnienie: twoja tura w grze Carcassonne tutaj (grasz jako { $seat }): połóż opactwo w dziurę albo wylosuj płytkę, przyciskami ostatniej wiadomości tury albo /opactwo.
step-computer = { $who } (komputer)
step-ask-computer = ; jego wybór zaraz nastąpi.

# Wzgórza i owce
kind-shepherd = pasterz
undo-flock = Stado czeka na decyzję właściciela: ruch można cofnąć, gdy już zdecyduje.
flock-not-in-game = Pasterze i stada należą do dodatku Wzgórza i owce, którego ta gra nie używa.
flock-not-now = Żadne stado nie czeka teraz na decyzję.
flock-earlier = Ten przycisk należy do wcześniejszej decyzji o stadzie.
flock-not-yours = O tym stadzie decyduje { $name }, nie ty.
flock-cannot = Stado nie może tego zrobić: { $reason }.
flock-wait = { $name } najpierw decyduje o swoim stadzie (jego przyciski albo /flock).
flock-overdue = { $name } nie zdecydował w ciągu { $hours ->
    [one] { $hours } godziny
   *[other] { $hours } godzin
}, więc bot zdecydował za niego
flock-ask = 🐑 { $who }, twoja płytka powiększa łąkę twojego pasterza na { $at } (stado: { $n }): niech rośnie, dobierając żeton ({ $bag }), albo spędź je teraz do domu za { $points } pkt
flock-home = 🐑 { $who } spędza stado do domu
flock-grow = 🐑 { $who } pozwala stadu rosnąć
flock-wolf = 🐺 Wilk! Stado gracza { $name } ucieka: pasterze z jego łąki wracają do domu.
flock-new = 🐑 Pasterz gracza { $name } zbiera stado: { $n ->
    [one] { $n } owca
    [few] { $n } owce
   *[many] { $n } owiec
}.
flock-grows = 🐑 Stado gracza { $name } rośnie o { $n ->
    [one] { $n } owcę
    [few] { $n } owce
   *[many] { $n } owiec
}: { $flock }.
replay-sheep = 🐑 +{ $n } { $n ->
    [one] owca
    [few] owce
   *[many] owiec
}.
replay-wolf = 🐺 Wilk: stado ucieka.
replay-flock-home = 🐑 Stado wraca do domu.

# Mosty, zamki i bazary
undo-castle = Decyzja o zamku czeka na właściciela: ruch można cofnąć, gdy już zdecyduje.
undo-bazaar = Licytacja na bazarze trwa: ruch można cofnąć, gdy się skończy.
castle-not-in-game = Zamki należą do dodatku Mosty, zamki i bazary, którego ta gra nie używa.
castle-not-now = Żadne małe miasto nie czeka teraz na decyzję o zamku.
castle-earlier = Ten przycisk należy do wcześniejszej decyzji o zamku.
castle-not-yours = O tym zamku decyduje { $name }, nie ty.
castle-cannot = Zamek nie może tego zrobić: { $reason }.
castle-wait = { $name } najpierw decyduje, czy jego małe miasto stanie się zamkiem (jego przyciski albo /castle).
castle-overdue = { $name } nie zdecydował w ciągu { $hours ->
    [one] { $hours } godziny
   *[other] { $hours } godzin
}, więc bot zdecydował za niego
castle-ask = 🏰 { $who }, małe miasto na { $at } jest ukończone z twoim podwładnym samym w środku: zbuduj tam zamek (podwładny zostaje jego panem i później podlicza pierwszą drogę, miasto lub klasztor ukończone obok; zamki w zapasie: { $left }), albo podlicz miasto teraz za { $points } pkt
castle-built = 🏰 { $who } buduje zamek
castle-scored = 🏰 { $who } podlicza miasto zamiast budować zamek
replay-castle = 🏰 Powstaje zamek.

bridge-not-in-game = Mosty należą do dodatku Mosty, zamki i bazary, którego ta gra nie używa.
bridge-not-now = Most kładzie się z płytką, gdy wylosowana płytka czeka na położenie.
bridge-earlier = Ten przycisk należy do wcześniejszej tury.
bridge-not-yours = Teraz tura gracza { $name }, nie twoja.
bridge-cannot = Płytka z mostem nie może tam trafić: { $reason }.
bridge-needed = 🌉 Twoja płytka pasuje tylko z mostem: połóż ją przez /most, który pokazuje, gdzie pasuje.

bazaar-not-in-game = Bazary należą do dodatku Mosty, zamki i bazary, którego ta gra nie używa.
bazaar-not-now = Żaden bazar teraz na ciebie nie czeka.
bazaar-earlier = Ten przycisk należy do wcześniejszego kroku bazaru.
bazaar-not-yours = Bazar czeka na { $name }, nie na ciebie.
bazaar-cannot = Bazar tego nie przyjmie: { $reason }.
bazaar-wait = Najpierw na bazarze decyduje { $name } (przyciski albo /bazar).
bazaar-overdue = { $name } nie odpowiedział(a) w ciągu { $hours ->
    [one] { $hours } godziny
   *[other] { $hours } godzin
}, więc bot odpowiedział za niego
bazaar-offer = 🏪 Bazar: { $tiles }
bazaar-lot-taken = { $tile } → { $who }
bazaar-ask-choose = 🏪 { $who }, wybierz płytkę z bazaru i zaoferuj za nią punkty (masz { $score } pkt; pozostali mogą raz przebić; /bazar na dowolną ofertę)
bazaar-ask-free = 🏪 { $who }, wybierz płytkę z bazaru (w tej grze za darmo)
bazaar-ask-raise = 🏪 { $who }, { $bidder } oferuje { $bid } za płytkę { $tile }: przebij (masz { $score } pkt) albo pasuj
bazaar-ask-deal = 🏪 { $who }, { $bidder } oferuje { $bid } za płytkę { $tile }: kup ją (płacisz { $bid } graczowi { $bidder }) albo sprzedaj ({ $bidder } płaci ci { $bid })
bazaar-chose = 🏪 { $who } wybiera płytkę { $tile } i oferuje { $bid }
bazaar-chose-free = 🏪 { $who } wybiera płytkę { $tile }
bazaar-raised = 🏪 { $who } oferuje { $bid }
bazaar-passed = 🏪 { $who } pasuje
bazaar-bought = 🏪 { $who } kupuje
bazaar-sold = 🏪 { $who } sprzedaje
bazaar-took-paying = 🏪 { $who } bierze płytkę { $tile }, płacąc { $points } graczowi { $to }.
bazaar-took-bid = 🏪 { $who } bierze płytkę { $tile } za { $points } (nikt nie przebił; punkty nie trafiają do nikogo).
bazaar-took-free = 🏪 { $who } bierze płytkę { $tile } za darmo.
