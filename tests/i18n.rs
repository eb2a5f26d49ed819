//! Languages through the service: private replies in the user's language (their choice, else
//! Discord's), public messages in the server's, and a user's choice kept across a restart.

use meeplebot::i18n::Lang;
use meeplebot::render::Renderer;
use meeplebot::service::storage::Key;
use meeplebot::service::{
    Actor, Command, FollowerChoice, Locale, NewGame, Reply, Request, Service, Settings,
};
use meeplebot::store::SledStorage;
use std::sync::Arc;

const CH: Key = Key {
    guild: 7,
    channel: 70,
};

fn open(path: &std::path::Path) -> Service {
    let storage = Arc::new(SledStorage::open(path).unwrap());
    let settings = Settings {
        seed: Some(3),
        ..Settings::default()
    };
    Service::open(storage, Arc::new(Renderer::generated()), settings).unwrap()
}

fn user(id: u64, name: &str) -> Actor {
    Actor {
        id,
        name: name.into(),
        manager: false,
        rights: Default::default(),
    }
}

fn send(
    svc: &Service,
    who: &Actor,
    command: Command,
    user: Option<Lang>,
    server: Option<Lang>,
) -> Reply {
    svc.handle(Request {
        key: CH,
        actor: who.clone(),
        command,
        now: 1_700_000_000,
        game: None,
        interaction: None,
        locale: Locale { user, server },
    })
}

fn place_far(svc: &Service, who: &Actor, user: Option<Lang>) -> Reply {
    let place = Command::Place {
        x: 40,
        y: 40,
        rotation: 0,
        follower: FollowerChoice::Act(meeplebot::engine::Action::Pass),
    };
    send(svc, who, place, user, None)
}

#[test]
fn replies_follow_the_users_and_the_servers_language() {
    let dir = tempfile::tempdir().unwrap();
    let svc = open(&dir.path().join("db"));
    let (ana, ben) = (user(1, "Ana"), user(2, "Ben"));

    // No game yet: the refusal is private, in the sender's Discord language.
    let r = send(&svc, &ana, Command::Status, Some(Lang::De), None);
    assert!(r.ephemeral);
    assert!(r.text.contains("/carcassonne neu"), "{}", r.text);
    let r = send(&svc, &ana, Command::Status, Some(Lang::Fr), Some(Lang::De));
    assert!(r.text.contains("/carcassonne nouvelle"), "{}", r.text);
    // Without a language, English.
    let r = send(&svc, &ana, Command::Status, None, None);
    assert!(r.text.contains("/carcassonne new"), "{}", r.text);
    // A language without a catalog falls back to the server's.
    let r = send(&svc, &ana, Command::Help, None, Some(Lang::Es));
    assert!(r.text.starts_with("**Carcassonne aquí"), "{}", r.text);

    let new = NewGame {
        computers: 0,
        ..NewGame::default()
    };
    assert!(!send(&svc, &ana, Command::New(new), None, None).ephemeral);
    assert!(!send(&svc, &ben, Command::Join, None, None).ephemeral);
    let started = send(&svc, &ana, Command::Start, None, None);
    assert!(!started.ephemeral, "{}", started.text);

    // Public: the server's language, whatever the user's.
    let tiles = send(&svc, &ben, Command::Tiles, Some(Lang::Fr), Some(Lang::Pl));
    assert!(!tiles.ephemeral);
    assert!(tiles.text.contains("płyt"), "{}", tiles.text);
    let tiles = send(&svc, &ben, Command::Tiles, Some(Lang::Pl), Some(Lang::De));
    assert!(tiles.text.contains("Plättchen übrig"), "{}", tiles.text);

    // Whoever is not to play is told so in their language; the move is refused either way.
    let (mover, other) = if started.ping.contains(&ana.id) {
        (&ana, &ben)
    } else {
        assert!(started.ping.contains(&ben.id), "{:?}", started.ping);
        (&ben, &ana)
    };
    let r = place_far(&svc, other, Some(Lang::Es));
    assert!(r.ephemeral);
    assert_eq!(
        r.text,
        format!("Es el turno de {}, no el tuyo.", mover.name)
    );
    let r = place_far(&svc, mover, Some(Lang::Pl));
    assert!(r.text.contains("nie pasuje na [40,40]"), "{}", r.text);
    assert!(r.text.contains("nie styka się"), "{}", r.text);
}

#[test]
fn a_chosen_language_beats_discords_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let ana = user(1, "Ana");
    {
        let svc = open(&path);
        let r = send(
            &svc,
            &ana,
            Command::Language(Some(Lang::Pl)),
            Some(Lang::De),
            None,
        );
        assert!(r.ephemeral);
        assert_eq!(r.text, "Bot mówi teraz do ciebie w języku: Polski.");
        let r = send(&svc, &ana, Command::Status, Some(Lang::De), None);
        assert!(r.text.contains("Na tym kanale nie ma gry"), "{}", r.text);
    }
    let svc = open(&path);
    let r = send(&svc, &ana, Command::Status, Some(Lang::Fr), None);
    assert!(r.text.contains("Na tym kanale nie ma gry"), "{}", r.text);
    // The choice of notification keeps the language, and the language keeps the notification.
    let r = send(
        &svc,
        &ana,
        Command::Notify(meeplebot::service::NotifyMode::Dm),
        None,
        None,
    );
    assert!(
        r.text.starts_with("Dostaniesz wiadomość prywatną"),
        "{}",
        r.text
    );
    assert_eq!(svc.prefs(ana.id).notify, meeplebot::service::NotifyMode::Dm);
    // Back to Discord's language.
    let r = send(&svc, &ana, Command::Language(None), Some(Lang::Fr), None);
    assert_eq!(
        r.text,
        "Le bot te parle désormais dans ta langue Discord (Français)."
    );
    let r = send(&svc, &ana, Command::Status, Some(Lang::Fr), None);
    assert!(r.text.contains("Il n'y a pas de partie"), "{}", r.text);
    assert_eq!(svc.prefs(ana.id).notify, meeplebot::service::NotifyMode::Dm);
}

#[test]
fn the_lobby_speaks_the_servers_language() {
    let dir = tempfile::tempdir().unwrap();
    let svc = open(&dir.path().join("db"));
    let ana = user(1, "Ana");
    let r = send(
        &svc,
        &ana,
        Command::New(NewGame::default()),
        Some(Lang::En),
        Some(Lang::De),
    );
    assert!(!r.ephemeral);
    assert!(
        r.text
            .starts_with("Ein neues Carcassonne-Spiel ist eröffnet.\n**Runde** (1/6 Spieler): "),
        "{}",
        r.text
    );
    assert!(
        r.text.contains("Wiesen zählen 3 je fertiger Stadt"),
        "{}",
        r.text
    );
    let labels: Vec<&str> = r.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(
        labels,
        ["Mitspielen", "Verlassen", "Computer hinzufügen", "Starten"]
    );
    // A refusal goes to the user in theirs.
    let r = send(&svc, &ana, Command::Join, Some(Lang::Es), Some(Lang::De));
    assert_eq!(r.text, "Ya tienes asiento.");
    // No language of the user's own: the server's (the rules come once the game runs).
    let r = send(&svc, &ana, Command::Rules, None, Some(Lang::Fr));
    assert_eq!(r.text, "La partie n'a pas encore commencé.");
}

#[test]
fn turn_lines_speak_the_servers_language() {
    let dir = tempfile::tempdir().unwrap();
    let svc = open(&dir.path().join("db"));
    let (ana, ben) = (user(1, "Ana"), user(2, "Ben"));
    let de = Some(Lang::De);
    assert!(!send(&svc, &ana, Command::New(NewGame::default()), None, de).ephemeral);
    assert!(!send(&svc, &ben, Command::Join, None, de).ephemeral);
    let started = send(&svc, &ana, Command::Start, None, de);
    let mover = if started.ping.contains(&ana.id) {
        &ana
    } else {
        &ben
    };
    // Placing by buttons, privately, in the player's French.
    let step1 = send(
        &svc,
        mover,
        Command::PlaceStart { turn: 0, page: 0 },
        Some(Lang::Fr),
        de,
    );
    assert!(step1.ephemeral);
    assert!(step1.text.starts_with("Pose de **"), "{}", step1.text);
    assert!(
        step1.text.contains(". Étape 1 sur 4 : choisis une case"),
        "{}",
        step1.text
    );
    assert!(
        step1
            .buttons
            .iter()
            .any(|b| b.label == "Autre case" || b.label.starts_with('[')),
        "{:?}",
        step1.buttons.iter().map(|b| &b.label).collect::<Vec<_>>()
    );
    let p = svc
        .placement_choices(CH, mover.id, 1)
        .into_iter()
        .next()
        .expect("a legal placement");
    let place = Command::Place {
        x: p.x,
        y: p.y,
        rotation: p.rotation,
        follower: FollowerChoice::Act(meeplebot::engine::Action::Pass),
    };
    let r = send(&svc, mover, place, Some(Lang::Fr), de);
    assert!(!r.ephemeral, "{}", r.text);
    let placed = format!("**{}** legt ", mover.name);
    let at = format!(" bei [{},{}] mit Drehung {}.", p.x, p.y, p.rotation);
    assert!(
        r.text.contains(&placed) && r.text.contains(&at),
        "{}",
        r.text
    );
}

/// `meeplebot demo --locale de`: the whole offline game speaks German, computers' moves and the
/// end included; an unknown language is refused.
#[test]
fn the_demo_plays_in_german() {
    let dir = tempfile::tempdir().unwrap();
    let run = |locale: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_meeplebot"))
            .args(["demo", "--players", "2", "--seed", "7", "--level", "easy"])
            .args(["--locale", locale, "--out"])
            .arg(dir.path())
            .output()
            .unwrap()
    };
    let out = run("de");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.starts_with("**Das Spiel beginnt!** Plätze in Zugreihenfolge: 🔴 Computer 1 🤖 (rot)"),
        "{text}"
    );
    assert!(text.contains(" mit Drehung "), "{text}");
    assert!(text.contains("Als Nächstes: "), "{text}");
    assert!(
        text.contains("**Das letzte Plättchen liegt: Schlusswertung.**"),
        "{text}"
    );
    // Nothing of the English catalog leaks in: moves, tile descriptions, counts.
    for english in [
        " placed ",
        "city cap",
        "straight road",
        "road curve",
        "tiles left",
        " points",
        "Next:",
    ] {
        assert!(!text.contains(english), "{english:?} in {text}");
    }
    // The drawn tile is described in German words.
    assert!(
        [
            "Stadtrand",
            "Straßenkurve",
            "gerade Straße",
            "Kloster",
            "Stadtecke"
        ]
        .iter()
        .any(|w| text.contains(w)),
        "{text}"
    );
    let bad = run("xx");
    assert!(!bad.status.success());
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("no catalog for \"xx\""),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}
