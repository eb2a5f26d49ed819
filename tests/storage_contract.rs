//! One contract for every storage: the same checks run against memory, sled and PostgreSQL
//! (the last when `MEEPLEBOT_TEST_POSTGRES` names a server; otherwise it prints that it was
//! skipped). Compare-and-swap, the index, archiving, summaries, pruning, moving a channel,
//! preferences, members' timed messages, due work with leases, two writers racing for one game (exactly one wins) and two
//! workers claiming due work at once (each game goes to one).

#[path = "support/postgres.rs"]
mod pg;

use meeplebot::service::storage::{frame, Held, MemoryStorage, Storage, StorageError};
use meeplebot::service::storage::{Key, Link, SummaryEntry};
use meeplebot::store::{PgStorage, SledStorage};
use std::sync::{Arc, Barrier};

const A: Key = Key {
    guild: 7,
    channel: 100,
};
const B: Key = Key {
    guild: 7,
    channel: 200,
};
const OTHER_GUILD: Key = Key {
    guild: 8,
    channel: 300,
};
/// A snowflake-sized key (Discord ids are near 2^60).
const BIG: Key = Key {
    guild: 1_234_567_890_123_456_789,
    channel: 987_654_321_098_765_432,
};

fn game(version: u64, text: &str) -> Vec<u8> {
    frame(version, format!("{{\"game\":\"{text}\"}}").as_bytes())
}

fn conflict(r: Result<(), StorageError>) -> (Option<u64>, Option<u64>) {
    match r {
        Err(StorageError::Conflict { expected, found }) => (expected, found),
        other => panic!("expected a conflict, got {other:?}"),
    }
}

fn compare_and_swap(s: &dyn Storage) {
    assert_eq!(s.get_game(A).unwrap(), None);
    s.put_game(A, None, &game(1, "one"), b"idx1", None).unwrap();
    assert_eq!(s.get_game(A).unwrap(), Some(game(1, "one")));
    // A second creation loses and writes nothing.
    assert_eq!(
        conflict(s.put_game(A, None, &game(1, "intruder"), b"bad", None)),
        (None, Some(1))
    );
    // A write that names a stale version loses and writes nothing.
    assert_eq!(
        conflict(s.put_game(A, Some(5), &game(6, "stale"), b"bad", None)),
        (Some(5), Some(1))
    );
    assert_eq!(s.get_game(A).unwrap(), Some(game(1, "one")));
    assert_eq!(s.index().unwrap(), vec![(A, b"idx1".to_vec())]);
    // The right version wins; the game and its index entry change together.
    s.put_game(A, Some(1), &game(2, "two"), b"idx2", None)
        .unwrap();
    assert_eq!(s.get_game(A).unwrap(), Some(game(2, "two")));
    assert_eq!(s.index().unwrap(), vec![(A, b"idx2".to_vec())]);
    // Writing to a missing game with a version is a conflict too.
    assert_eq!(
        conflict(s.put_game(B, Some(1), &game(2, "b"), b"b", None)),
        (Some(1), None)
    );
    assert_eq!(s.get_game(B).unwrap(), None);
    // Deleting: a stale version changes nothing; the right one removes game and index entry.
    assert_eq!(conflict(s.delete_game(A, Some(1))), (Some(1), Some(2)));
    assert_eq!(conflict(s.delete_game(A, None)), (None, Some(2)));
    assert!(s.get_game(A).unwrap().is_some());
    s.delete_game(A, Some(2)).unwrap();
    assert_eq!(s.get_game(A).unwrap(), None);
    assert!(s.index().unwrap().is_empty());
    // A damaged entry is removed by its bytes: other bytes change nothing, the same remove it.
    s.put_game(A, None, &game(1, "damaged"), b"idx", None)
        .unwrap();
    assert_eq!(
        conflict(s.delete_damaged(A, &game(1, "what was read before"))),
        (Some(1), Some(1))
    );
    assert!(s.get_game(A).unwrap().is_some());
    s.delete_damaged(A, &game(1, "damaged")).unwrap();
    assert_eq!(s.get_game(A).unwrap(), None);
    assert!(s.index().unwrap().is_empty());
}

fn index_lists_every_live_game(s: &dyn Storage) {
    for (i, k) in [BIG, OTHER_GUILD, B, A].into_iter().enumerate() {
        s.put_game(k, None, &game(1, &format!("g{i}")), &[i as u8], None)
            .unwrap();
    }
    let index = s.index().unwrap();
    let keys: Vec<Key> = index.iter().map(|(k, _)| *k).collect();
    assert_eq!(
        keys,
        vec![A, B, OTHER_GUILD, BIG],
        "sorted by guild, channel"
    );
    assert_eq!(index[3].1, vec![0u8]);
    assert_eq!(s.get_game(BIG).unwrap(), Some(game(1, "g0")));
    // One guild's entries alone.
    let of = |guild| -> Vec<Key> {
        s.guild_index(guild)
            .unwrap()
            .into_iter()
            .map(|(k, _)| k)
            .collect()
    };
    assert_eq!(of(A.guild), vec![A, B]);
    assert_eq!(of(OTHER_GUILD.guild), vec![OTHER_GUILD]);
    assert_eq!(of(BIG.guild), vec![BIG]);
    assert_eq!(s.guild_index(BIG.guild).unwrap()[0].1, vec![0u8]);
    assert!(of(12345).is_empty());
}

fn archive_and_summaries(s: &dyn Storage) {
    s.put_game(A, None, &game(1, "a"), b"i", None).unwrap();
    // A stale archive changes nothing.
    assert_eq!(
        conflict(
            s.archive(A, Some(9), &game(2, "a-end"), 1000, b"sum", None)
                .map(|_| ())
        ),
        (Some(9), Some(1))
    );
    assert!(s.summaries(A).unwrap().is_empty());
    assert!(s.get_game(A).unwrap().is_some());
    s.archive(A, Some(1), &game(2, "a-end"), 1000, b"first", None)
        .unwrap();
    assert_eq!(s.get_game(A).unwrap(), None);
    assert!(s.index().unwrap().is_empty(), "the index entry goes too");
    // A second game in the same channel, then one in another channel and another guild.
    s.put_game(A, None, &game(1, "a2"), b"i", None).unwrap();
    s.archive(A, Some(1), &game(3, "a2-end"), 2000, b"second", None)
        .unwrap();
    s.put_game(B, None, &game(1, "b"), b"i", None).unwrap();
    s.archive(B, Some(1), &game(4, "b-end"), 1500, b"bee", None)
        .unwrap();
    s.put_game(OTHER_GUILD, None, &game(1, "o"), b"i", None)
        .unwrap();
    s.archive(OTHER_GUILD, Some(1), &game(5, "o-end"), 1700, b"oh", None)
        .unwrap();

    let a = s.summaries(A).unwrap();
    assert_eq!(a.len(), 2);
    assert!(a[0].seq < a[1].seq, "oldest first");
    assert_eq!(
        (a[0].ended_at, a[0].bytes.as_slice()),
        (1000, &b"first"[..])
    );
    assert_eq!(
        (a[1].ended_at, a[1].bytes.as_slice()),
        (2000, &b"second"[..])
    );
    assert_eq!(s.archived(A, a[0].seq).unwrap(), Some(game(2, "a-end")));
    assert_eq!(s.archived(A, a[1].seq).unwrap(), Some(game(3, "a2-end")));
    assert_eq!(s.archived(B, a[0].seq).unwrap(), None, "another channel");

    // The guild's standings see both of its channels and not the other guild.
    let guild = s.guild_summaries(7).unwrap();
    let keys: Vec<Key> = guild.iter().map(|(k, _)| *k).collect();
    assert_eq!(keys, vec![A, A, B]);
    assert_eq!(guild[2].1.bytes, b"bee".to_vec());
    assert_eq!(s.guild_summaries(8).unwrap().len(), 1);
    assert!(s.guild_summaries(9).unwrap().is_empty());
    // Every finished game, by key and age (what `migrate` copies).
    let all: Vec<(Key, Vec<u8>)> = s
        .all_summaries()
        .unwrap()
        .into_iter()
        .map(|(k, e)| (k, e.bytes))
        .collect();
    assert_eq!(
        all,
        vec![
            (A, b"first".to_vec()),
            (A, b"second".to_vec()),
            (B, b"bee".to_vec()),
            (OTHER_GUILD, b"oh".to_vec())
        ]
    );

    // A summary can be replaced.
    s.put_summary(A, a[0].seq, 1100, b"rewritten").unwrap();
    assert_eq!(
        s.summaries(A).unwrap()[0],
        SummaryEntry {
            seq: a[0].seq,
            ended_at: 1100,
            bytes: b"rewritten".to_vec()
        }
    );
}

fn pruning(s: &dyn Storage) {
    for (k, end) in [(A, 0u64), (A, 100), (B, 500), (OTHER_GUILD, 900)] {
        s.put_game(k, None, &game(1, "x"), b"i", None).unwrap();
        s.archive(k, Some(1), &game(2, "x-end"), end, b"s", None)
            .unwrap();
    }
    // Ended before 600: the games of 100 and 500 go; unknown ends (0) stay.
    assert_eq!(s.prune_history(600).unwrap(), 2);
    let a = s.summaries(A).unwrap();
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].ended_at, 0);
    assert!(s.summaries(B).unwrap().is_empty());
    assert_eq!(s.summaries(OTHER_GUILD).unwrap().len(), 1);
    assert_eq!(s.prune_history(600).unwrap(), 0);
}

fn moving_a_channel(s: &dyn Storage) {
    let old = Key::new(0, 100);
    s.put_game(old, None, &game(1, "live"), b"idx", None)
        .unwrap();
    s.put_game(OTHER_GUILD, None, &game(1, "h"), b"i", None)
        .unwrap();
    s.archive(OTHER_GUILD, Some(1), &game(2, "h"), 10, b"s", None)
        .unwrap();
    s.put_game(old, Some(1), &game(2, "live"), b"idx", None)
        .unwrap();
    // Entries from before keys had a guild move to the real key: game, index and history.
    let hist_from = Key::new(0, 300);
    s.put_game(hist_from, None, &game(1, "old"), b"i", None)
        .unwrap();
    s.archive(hist_from, Some(1), &game(2, "old-end"), 10, b"old", None)
        .unwrap();
    assert!(s.move_channel(old, A).unwrap());
    assert_eq!(s.get_game(old).unwrap(), None);
    assert_eq!(s.get_game(A).unwrap(), Some(game(2, "live")));
    assert_eq!(s.index().unwrap(), vec![(A, b"idx".to_vec())]);
    assert!(s.move_channel(hist_from, B).unwrap());
    assert!(s.summaries(hist_from).unwrap().is_empty());
    let moved = s.summaries(B).unwrap();
    assert_eq!(moved.len(), 1);
    assert_eq!(
        s.archived(B, moved[0].seq).unwrap(),
        Some(game(2, "old-end"))
    );
    // Nothing left to move.
    assert!(!s.move_channel(old, A).unwrap());
    // A game never overwrites one already at the target.
    s.put_game(old, None, &game(1, "second"), b"x", None)
        .unwrap();
    assert!(!s.move_channel(old, A).unwrap());
    assert_eq!(s.get_game(A).unwrap(), Some(game(2, "live")));
    assert_eq!(s.get_game(old).unwrap(), Some(game(1, "second")));
}

fn web_links(s: &dyn Storage) {
    let (a, b) = ([7u8; 16], [0xA5u8; 16]);
    let (la, lb) = (
        Link::live(Key::new(1, 2), 99),
        Link::live(Key::new(u64::MAX >> 1, 3), u64::MAX >> 2),
    );
    assert_eq!(s.get_link(a).unwrap(), None);
    s.put_link(a, &la).unwrap();
    s.put_link(b, &lb).unwrap();
    assert_eq!(s.get_link(a).unwrap(), Some(la));
    assert_eq!(s.get_link(b).unwrap(), Some(lb));
    assert_eq!(s.get_link([8; 16]).unwrap(), None);
    let mut all = s.all_links().unwrap();
    all.sort();
    assert_eq!(all, vec![(a, la), (b, lb)]);
    s.delete_link(b).unwrap();
    assert_eq!(s.get_link(b).unwrap(), None);
    assert_eq!(s.all_links().unwrap(), vec![(a, la)]);
}

/// Archiving a game gives its link the game's place in the history, in the same write; a
/// prune deletes the links of the games it deletes; a channel's move takes its links along.
fn web_links_follow_their_games(s: &dyn Storage) {
    let (old_link, live_link, other) = ([1u8; 16], [2u8; 16], [3u8; 16]);
    s.put_game(A, None, &game(1, "a"), b"i", None).unwrap();
    s.put_link(old_link, &Link::live(A, 10)).unwrap();
    // A link of another channel is not touched by this channel's archiving.
    s.put_link(other, &Link::live(B, 10)).unwrap();
    let seq = s
        .archive(A, Some(1), &game(2, "a-end"), 100, b"s", Some(old_link))
        .unwrap();
    assert_eq!(
        s.get_link(old_link).unwrap(),
        Some(Link {
            key: A,
            game: 10,
            seq: Some(seq)
        })
    );
    assert_eq!(s.archived(A, seq).unwrap(), Some(game(2, "a-end")));
    s.archive(B, None, &game(2, "b-end"), 100, b"s", Some(old_link))
        .unwrap();
    assert_eq!(
        s.get_link(old_link).unwrap().and_then(|l| l.seq),
        Some(seq),
        "a link of another channel is left alone"
    );
    // The next game of the channel, live, with its own link.
    s.put_game(A, None, &game(1, "a2"), b"i", None).unwrap();
    s.put_link(live_link, &Link::live(A, 11)).unwrap();
    // A later game, ended later: a prune before it deletes the first game and its link only.
    assert_eq!(s.prune_history(150).unwrap(), 2);
    assert_eq!(s.get_link(old_link).unwrap(), None);
    assert_eq!(s.get_link(live_link).unwrap(), Some(Link::live(A, 11)));
    // A move takes the live game's link along, with the game.
    let to = Key::new(9, 9);
    assert!(s.move_channel(A, to).unwrap());
    assert_eq!(s.get_link(live_link).unwrap(), Some(Link::live(to, 11)));
    assert_eq!(s.get_link(other).unwrap().map(|l| l.key), Some(B));
}

/// A member's timed message.
fn timed(user: u64, topic: Key, due: u64, text: &str) -> Held {
    Held {
        user,
        topic,
        due,
        bytes: text.as_bytes().to_vec(),
    }
}

fn held_messages(s: &dyn Storage) {
    assert_eq!(s.take_held(u64::MAX, 10).unwrap(), vec![]);
    s.hold(&timed(1, A, 500, "first")).unwrap();
    // One per member and topic: a later one replaces it.
    s.hold(&timed(1, A, 300, "second")).unwrap();
    s.hold(&timed(1, B, 400, "b")).unwrap();
    s.hold(&timed(2, A, 100, "other member")).unwrap();
    s.hold(&timed(9, BIG, 9_000, "later")).unwrap();
    let mut all = s.all_held().unwrap();
    all.sort_by_key(|h| (h.user, h.topic));
    assert_eq!(
        all,
        vec![
            timed(1, A, 300, "second"),
            timed(1, B, 400, "b"),
            timed(2, A, 100, "other member"),
            timed(9, BIG, 9_000, "later"),
        ]
    );
    // Nothing before its time; earliest first; at most the limit.
    assert_eq!(s.take_held(99, 10).unwrap(), vec![]);
    assert_eq!(
        s.take_held(1_000, 2).unwrap(),
        vec![timed(2, A, 100, "other member"), timed(1, A, 300, "second")]
    );
    // Taken once.
    assert_eq!(s.take_held(1_000, 10).unwrap(), vec![timed(1, B, 400, "b")]);
    assert_eq!(s.take_held(1_000, 10).unwrap(), vec![]);
    assert_eq!(s.all_held().unwrap(), vec![timed(9, BIG, 9_000, "later")]);
}

fn preferences(s: &dyn Storage) {
    assert_eq!(s.get_pref(42).unwrap(), None);
    s.put_pref(42, b"dm").unwrap();
    s.put_pref(43, b"none").unwrap();
    assert_eq!(s.get_pref(42).unwrap(), Some(b"dm".to_vec()));
    s.put_pref(42, b"mention").unwrap();
    assert_eq!(s.get_pref(42).unwrap(), Some(b"mention".to_vec()));
    assert_eq!(s.get_pref(43).unwrap(), Some(b"none".to_vec()));
    s.put_pref(u64::MAX >> 1, b"big").unwrap();
    assert_eq!(s.get_pref(u64::MAX >> 1).unwrap(), Some(b"big".to_vec()));
    assert_eq!(
        s.all_prefs().unwrap(),
        vec![
            (42, b"mention".to_vec()),
            (43, b"none".to_vec()),
            (u64::MAX >> 1, b"big".to_vec())
        ]
    );
    // Servers' settings are their own kind: the same id as a user's is another entry.
    assert_eq!(s.get_server(42).unwrap(), None);
    s.put_server(42, b"{\"lang\":\"de\"}").unwrap();
    s.put_server(7, b"{}").unwrap();
    s.put_server(7, b"{\"threads\":true}").unwrap();
    assert_eq!(
        s.get_server(42).unwrap(),
        Some(b"{\"lang\":\"de\"}".to_vec())
    );
    assert_eq!(s.get_pref(42).unwrap(), Some(b"mention".to_vec()));
    assert_eq!(
        s.all_servers().unwrap(),
        vec![
            (7, b"{\"threads\":true}".to_vec()),
            (42, b"{\"lang\":\"de\"}".to_vec())
        ]
    );
    // Settings are written with compare-and-swap: only over what the writer read.
    assert!(matches!(
        s.swap_server(9, Some(b"{}"), b"{\"lang\":\"fr\"}"),
        Err(StorageError::Conflict { .. })
    ));
    s.swap_server(9, None, b"{}").unwrap();
    assert!(matches!(
        s.swap_server(9, None, b"{\"lang\":\"fr\"}"),
        Err(StorageError::Conflict { .. })
    ));
    assert!(matches!(
        s.swap_server(9, Some(b"{\"lang\":\"pl\"}"), b"{\"lang\":\"fr\"}"),
        Err(StorageError::Conflict { .. })
    ));
    assert_eq!(s.get_server(9).unwrap(), Some(b"{}".to_vec()));
    s.swap_server(9, Some(b"{}"), b"{\"lang\":\"fr\"}").unwrap();
    assert_eq!(
        s.get_server(9).unwrap(),
        Some(b"{\"lang\":\"fr\"}".to_vec())
    );
}

/// A server's tournaments: written with compare-and-swap, listed by server and id.
fn tournaments(s: &dyn Storage) {
    assert_eq!(s.get_tournament(9, 1).unwrap(), None);
    assert!(s.tournaments(9).unwrap().is_empty());
    s.swap_tournament(9, 2, None, b"two").unwrap();
    s.swap_tournament(9, 1, None, b"one").unwrap();
    s.swap_tournament(8, 1, None, b"other server").unwrap();
    // Only over what the writer read: not over nothing, not over something else.
    assert!(matches!(
        s.swap_tournament(9, 1, None, b"again"),
        Err(StorageError::Conflict { .. })
    ));
    assert!(matches!(
        s.swap_tournament(9, 1, Some(b"stale"), b"again"),
        Err(StorageError::Conflict { .. })
    ));
    assert!(matches!(
        s.swap_tournament(9, 3, Some(b"one"), b"three"),
        Err(StorageError::Conflict { .. })
    ));
    assert_eq!(s.get_tournament(9, 1).unwrap(), Some(b"one".to_vec()));
    s.swap_tournament(9, 1, Some(b"one"), b"one, round 2")
        .unwrap();
    assert_eq!(
        s.tournaments(9).unwrap(),
        vec![(1, b"one, round 2".to_vec()), (2, b"two".to_vec())]
    );
    assert_eq!(
        s.all_tournaments().unwrap(),
        vec![
            (8, 1, b"other server".to_vec()),
            (9, 1, b"one, round 2".to_vec()),
            (9, 2, b"two".to_vec()),
        ]
    );
}

/// Two writers read the same version and both write: exactly one wins each round, and the
/// stored game is the winner's.
fn two_writers_one_wins(a: Arc<dyn Storage>, b: Arc<dyn Storage>, rounds: u64) {
    a.put_game(A, None, &game(1, "start"), b"i", None).unwrap();
    for round in 1..=rounds {
        let barrier = Arc::new(Barrier::new(2));
        let go = |s: Arc<dyn Storage>, who: &'static str| {
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                let mine = game(round + 1, &format!("{who}{round}"));
                barrier.wait();
                match s.put_game(A, Some(round), &mine, who.as_bytes(), None) {
                    Ok(()) => Some(mine),
                    Err(StorageError::Conflict { .. }) => None,
                    Err(e) => panic!("round {round}: {e}"),
                }
            })
        };
        let (x, y) = (go(a.clone(), "a"), go(b.clone(), "b"));
        let (x, y) = (x.join().unwrap(), y.join().unwrap());
        let winner = match (x, y) {
            (Some(w), None) | (None, Some(w)) => w,
            (x, y) => panic!(
                "round {round}: {} writers won",
                x.is_some() as u8 + y.is_some() as u8
            ),
        };
        assert_eq!(b.get_game(A).unwrap(), Some(winner.clone()));
        assert_eq!(a.get_game(A).unwrap(), Some(winner));
    }
}

/// A game's due work as compared here: key, due time, and the lease's holder and end.
type DueWork = (Key, u64, Option<(String, u64)>);

fn due(s: &dyn Storage) -> Vec<DueWork> {
    s.jobs()
        .unwrap()
        .into_iter()
        .map(|(k, j)| (k, j.due_at, j.lease.map(|l| (l.owner, l.until))))
        .collect()
}

fn held(owner: &str, until: u64) -> Option<(String, u64)> {
    Some((owner.to_string(), until))
}

fn jobs_and_leases(s: &dyn Storage) {
    // A reminder due at 100, a computer's move due at once, a game with nothing due.
    s.put_game(A, None, &game(1, "a"), b"i", Some(100)).unwrap();
    s.put_game(B, None, &game(1, "b"), b"i", Some(0)).unwrap();
    s.put_game(OTHER_GUILD, None, &game(1, "c"), b"i", None)
        .unwrap();
    assert_eq!(due(s), vec![(A, 100, None), (B, 0, None)]);
    // At 50 only the computer's move is due; worker 1 claims it for 60 s.
    assert_eq!(s.claim_due(50, "w1", 60, 10).unwrap(), vec![B]);
    assert_eq!(s.claim_due(50, "w2", 60, 10).unwrap(), vec![]);
    assert!(!s.claim(B, 50, "w2", 60).unwrap(), "held by w1");
    assert!(s.claim(B, 55, "w1", 60).unwrap(), "w1 extends its own");
    assert!(!s.claim(A, 50, "w1", 60).unwrap(), "not due yet");
    assert!(!s.claim(OTHER_GUILD, 50, "w1", 60).unwrap(), "nothing due");
    assert_eq!(due(s)[1], (B, 0, held("w1", 115)));
    // Worker 1 died: at 120 its lease is over and worker 2 takes both, earliest first.
    assert_eq!(s.claim_due(120, "w2", 60, 10).unwrap(), vec![B, A]);
    // Writing a game ends the lease and sets its next due time.
    s.put_game(B, Some(1), &game(2, "b"), b"i", Some(500))
        .unwrap();
    assert_eq!(due(s), vec![(A, 100, held("w2", 180)), (B, 500, None)]);
    // Only the holder releases.
    s.release(A, "w1", Some(900)).unwrap();
    assert_eq!(due(s)[0], (A, 100, held("w2", 180)));
    s.release(A, "w2", Some(900)).unwrap();
    assert_eq!(due(s)[0], (A, 900, None));
    // A limit takes the earliest.
    assert_eq!(s.claim_due(1000, "w3", 60, 1).unwrap(), vec![B]);
    // Deleting or archiving a game ends its work.
    s.delete_game(B, Some(2)).unwrap();
    s.archive(A, Some(1), &game(2, "a"), 5, b"s", None).unwrap();
    assert_eq!(due(s), vec![]);
    // A game stored before due times were kept gets one; one already set stays.
    s.restore_due(OTHER_GUILD, 5).unwrap();
    s.restore_due(OTHER_GUILD, 9).unwrap();
    s.restore_due(Key::new(1, 1), 5).unwrap();
    assert_eq!(due(s), vec![(OTHER_GUILD, 5, None)]);
    // Moving a channel moves its work.
    assert!(s.move_channel(OTHER_GUILD, BIG).unwrap());
    assert_eq!(due(s), vec![(BIG, 5, None)]);
    // release with nothing due removes the work.
    assert!(s.claim(BIG, 5, "w1", 60).unwrap());
    s.release(BIG, "w1", None).unwrap();
    assert_eq!(due(s), vec![]);
}

/// Two workers claim due work at once, round after round: every due game goes to exactly one.
fn two_claimers_split_the_work(a: Arc<dyn Storage>, b: Arc<dyn Storage>, rounds: u64) {
    for round in 1..=rounds {
        let now = round * 1000;
        for i in 0..6 {
            a.put_game(Key::new(round, i), None, &game(1, "j"), b"i", Some(now - i))
                .unwrap();
        }
        let barrier = Arc::new(Barrier::new(2));
        let go = |s: Arc<dyn Storage>, who: &'static str| {
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                s.claim_due(now, who, 60, 100).unwrap()
            })
        };
        let (x, y) = (go(a.clone(), "a"), go(b.clone(), "b"));
        let (mut x, y) = (x.join().unwrap(), y.join().unwrap());
        assert!(
            x.iter().all(|k| !y.contains(k)),
            "round {round}: claimed twice"
        );
        x.extend(y);
        x.sort();
        let all: Vec<Key> = (0..6).map(|i| Key::new(round, i)).collect();
        assert_eq!(x, all, "round {round}");
        for k in all {
            a.delete_game(k, Some(1)).unwrap();
        }
    }
}

type Check = fn(&dyn Storage);

const CHECKS: &[(&str, Check)] = &[
    ("compare_and_swap", compare_and_swap),
    ("index_lists_every_live_game", index_lists_every_live_game),
    ("archive_and_summaries", archive_and_summaries),
    ("pruning", pruning),
    ("moving_a_channel", moving_a_channel),
    ("preferences", preferences),
    ("jobs_and_leases", jobs_and_leases),
    ("web_links", web_links),
    ("web_links_follow_their_games", web_links_follow_their_games),
    ("held_messages", held_messages),
    ("tournaments", tournaments),
];

#[test]
fn memory_keeps_the_contract() {
    for (name, check) in CHECKS {
        eprintln!("memory: {name}");
        check(&MemoryStorage::new());
    }
    let s: Arc<dyn Storage> = Arc::new(MemoryStorage::new());
    two_writers_one_wins(s.clone(), s.clone(), 100);
    two_claimers_split_the_work(s.clone(), s, 50);
}

#[test]
fn sled_keeps_the_contract() {
    for (name, check) in CHECKS {
        eprintln!("sled: {name}");
        let dir = tempfile::tempdir().unwrap();
        check(&SledStorage::open(dir.path()).unwrap());
    }
    let dir = tempfile::tempdir().unwrap();
    let s: Arc<dyn Storage> = Arc::new(SledStorage::open(dir.path()).unwrap());
    two_writers_one_wins(s.clone(), s.clone(), 100);
    two_claimers_split_the_work(s.clone(), s, 20);
}

#[test]
fn postgres_keeps_the_contract() {
    for (name, check) in CHECKS {
        let Some(schema) = pg::schema("postgres_keeps_the_contract") else {
            return;
        };
        eprintln!("postgres: {name}");
        check(&PgStorage::open(&schema.url).unwrap());
    }
}

#[test]
fn postgres_tells_another_connection_of_each_write() {
    let Some(schema) = pg::schema("postgres_tells_another_connection_of_each_write") else {
        return;
    };
    // Two storages with their own connections, as two processes would have: a write through
    // one is told to the other's watcher (other tests' writes in the same database are too).
    let a = PgStorage::open(&schema.url).unwrap();
    let b = PgStorage::open(&schema.url).unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    a.watch(Arc::new(move |k| {
        let _ = tx.lock().unwrap().send(k);
    }))
    .unwrap();
    let key = Key::new(5, 0x5EED_0000 + std::process::id() as u64);
    let heard = |what: &str| {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            match rx.recv_timeout(left) {
                Ok(k) if k == key => return,
                Ok(_) => continue,
                Err(_) => panic!("no notice of {what} within 5 s"),
            }
        }
    };
    b.put_game(key, None, &game(1, "one"), b"entry", None)
        .unwrap();
    heard("the first write");
    b.put_game(key, Some(1), &game(2, "two"), b"entry", None)
        .unwrap();
    heard("the second write");
    b.archive(key, Some(2), &game(3, "end"), 10, b"summary", None)
        .unwrap();
    heard("the archiving");
}

#[test]
fn postgres_two_writers_on_two_connections_one_wins() {
    let Some(schema) = pg::schema("postgres_two_writers_on_two_connections_one_wins") else {
        return;
    };
    // Two storages with their own connections, as two processes would have.
    let a: Arc<dyn Storage> = Arc::new(PgStorage::open(&schema.url).unwrap());
    let b: Arc<dyn Storage> = Arc::new(PgStorage::open(&schema.url).unwrap());
    two_writers_one_wins(a, b, 300);
}

#[test]
fn postgres_two_claimers_on_two_connections_split_the_work() {
    let Some(schema) = pg::schema("postgres_two_claimers_on_two_connections_split_the_work") else {
        return;
    };
    let a: Arc<dyn Storage> = Arc::new(PgStorage::open(&schema.url).unwrap());
    let b: Arc<dyn Storage> = Arc::new(PgStorage::open(&schema.url).unwrap());
    two_claimers_split_the_work(a, b, 200);
}

#[test]
fn postgres_processes_starting_together_migrate_once() {
    let Some(schema) = pg::schema("postgres_processes_starting_together_migrate_once") else {
        return;
    };
    let url = Arc::new(schema.url.clone());
    let barrier = Arc::new(Barrier::new(4));
    let opened: Vec<_> = (0..4)
        .map(|_| {
            let (url, barrier) = (url.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                PgStorage::open(&url).map(|_| ())
            })
        })
        .collect();
    for t in opened {
        t.join().unwrap().unwrap();
    }
    let mut c = schema.client();
    let rows = c
        .query("SELECT version FROM meeplebot_schema ORDER BY version", &[])
        .unwrap();
    let versions: Vec<i32> = rows.iter().map(|r| r.get(0)).collect();
    assert_eq!(versions, (1..=versions.len() as i32).collect::<Vec<_>>());
    assert!(!versions.is_empty());
}

#[test]
fn postgres_refuses_a_newer_schema() {
    let Some(schema) = pg::schema("postgres_refuses_a_newer_schema") else {
        return;
    };
    drop(PgStorage::open(&schema.url).unwrap());
    schema
        .client()
        .execute(
            "INSERT INTO meeplebot_schema (version, applied_at) VALUES (999, 0)",
            &[],
        )
        .unwrap();
    let e = PgStorage::open(&schema.url)
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("newer meeplebot") && e.contains("999"), "{e}");
}

#[test]
fn an_unreachable_database_is_named_in_plain_words() {
    // Port 9 (discard) has no PostgreSQL on it; the password never shows.
    let e = PgStorage::open("postgres://meeple:secret@127.0.0.1:9/games?connect_timeout=2")
        .err()
        .expect("refused")
        .to_string();
    assert!(
        e.contains("cannot reach the database at postgres://127.0.0.1:9/games"),
        "{e}"
    );
    assert!(!e.contains("secret"), "{e}");
    let e = PgStorage::open("postgres://127.0.0.1:notaport/x")
        .err()
        .expect("refused")
        .to_string();
    assert!(e.contains("the database URL is not valid"), "{e}");
}

#[test]
fn postgres_listener_comes_back_after_its_connection_dies_and_after_a_panic() {
    let Some(schema) = pg::schema("postgres_listener_comes_back_after_a_failure") else {
        return;
    };
    let a = PgStorage::open(&schema.url).unwrap();
    let b = PgStorage::open(&schema.url).unwrap();
    assert_eq!(a.listening(), None, "nothing listens before a watch");
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    a.watch(Arc::new(move |k| {
        let _ = tx.lock().unwrap().send(k);
    }))
    .unwrap();
    assert_eq!(a.listening(), Some(true));
    let key = Key::new(6, 0x1157_0000 + std::process::id() as u64);
    let wait_for = |want: Key, what: &str| {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(15);
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            match rx.recv_timeout(left) {
                Ok(k) if k == want => return,
                Ok(_) => continue,
                Err(_) => panic!("no notice of {what} within 15 s"),
            }
        }
    };
    // The listening connection dies, and its next two connection attempts panic inside the
    // client library (as when the process is out of file descriptors): the listener is down,
    // then comes back, says that notices may have been missed, and hears writes again.
    a.fail_listener_connects(2);
    assert!(a.drop_listener_connection().unwrap());
    let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while a.listening() != Some(false) {
        assert!(
            std::time::Instant::now() < until,
            "the lost listener is not reported"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    wait_for(Key::default(), "the listener's return");
    assert_eq!(a.listening(), Some(true));
    b.put_game(key, None, &game(1, "one"), b"entry", None)
        .unwrap();
    wait_for(key, "a write after the listener came back");
}

#[test]
fn postgres_after_a_restart_one_call_fails_not_one_per_pooled_connection() {
    let Some(schema) = pg::schema("postgres_after_a_restart_one_call_fails") else {
        return;
    };
    let s = PgStorage::open(&schema.url).unwrap();
    // Eight idle connections, ended by the database (as a restart or a failover does).
    s.break_idle_connections(8).unwrap();
    let failed = (0..10).filter(|_| s.game_version(A).is_err()).count();
    assert!(
        failed <= 1,
        "{failed} calls failed after the database ended its sessions"
    );
}
