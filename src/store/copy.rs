//! Copying every game between two storages (`meeplebot migrate`): live games with their index
//! entries and due work, finished games with their summaries, users' preferences, servers'
//! settings, servers' tournaments, games' web links and members' timed messages (held pings,
//! digests, absences), then reading each back.
//!
//! Finished games are copied oldest first per channel, so their order (the numbers players
//! use in `/carcassonne replay`) is kept; their internal sequence numbers are the target's.

use crate::service::storage::{version_of, Key, Link, Storage, StorageError};
use std::collections::BTreeMap;

/// What was copied, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Live games (lobbies and running games), each with its index entry.
    pub games: usize,
    /// Finished games, each with its summary.
    pub archives: usize,
    /// Users' preferences.
    pub prefs: usize,
    /// Servers' settings.
    pub servers: usize,
    /// Servers' tournaments.
    pub tournaments: usize,
    /// Games' web links.
    pub links: usize,
    /// Members' timed messages (pings held in quiet hours, digests, the ends of absences).
    pub held: usize,
    /// Live games with work due (a computer's move, a reminder, an expiry), copied with them.
    pub jobs: usize,
    /// Finished games already in the target (an earlier copy with `--force`), left alone.
    pub skipped: usize,
}

/// Why a copy stopped.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// The target holds games already and `force` was not given.
    #[error(
        "the target is not empty (it holds {0}); copy into an empty database, or pass --force to add to it (live games of the same channel are replaced)"
    )]
    NotEmpty(String),
    /// Reading the source or writing the target failed.
    #[error("{0}")]
    Storage(#[from] StorageError),
    /// Reading back found something else than what was written.
    #[error("the copy does not read back as written: {0}")]
    Mismatch(String),
}

/// When each game's work is due (leases are not copied: the bot is stopped).
fn due_times(s: &dyn Storage) -> Result<BTreeMap<Key, u64>, StorageError> {
    Ok(s.jobs()?.into_iter().map(|(k, j)| (k, j.due_at)).collect())
}

fn what_is_in(s: &dyn Storage) -> Result<Option<String>, StorageError> {
    let games = s.index()?.len();
    let archives = s.all_summaries()?.len();
    let prefs = s.all_prefs()?.len();
    let servers = s.all_servers()?.len();
    let tournaments = s.all_tournaments()?.len();
    if games + archives + prefs + servers + tournaments == 0 {
        return Ok(None);
    }
    Ok(Some(format!(
        "{games} live games, {archives} finished games, {prefs} users' preferences, {servers} servers' settings, {tournaments} tournaments"
    )))
}

/// A finished game already in the target: its end, summary, record and place.
type Present = (u64, Vec<u8>, Option<Vec<u8>>, u64);

/// Copies everything from `from` into `to` and reads it back. Refuses a target that holds
/// anything unless `force`.
pub fn copy(from: &dyn Storage, to: &dyn Storage, force: bool) -> Result<Counts, CopyError> {
    if !force {
        if let Some(held) = what_is_in(to)? {
            return Err(CopyError::NotEmpty(held));
        }
    }
    let mut counts = Counts::default();
    let target_index: BTreeMap<Key, Vec<u8>> = to.index()?.into_iter().collect();
    let target_jobs: BTreeMap<Key, u64> = due_times(to)?;

    // Finished games first: archiving into a channel needs it to have no live game yet.
    // Where each finished game lands in the target's history (its links follow it there).
    let mut places: BTreeMap<(Key, u64), u64> = BTreeMap::new();
    let mut by_channel: BTreeMap<Key, Vec<_>> = BTreeMap::new();
    for (key, e) in from.all_summaries()? {
        by_channel.entry(key).or_default().push(e);
    }
    for (key, mut entries) in by_channel {
        entries.sort_by_key(|e| e.seq);
        let present: Vec<Present> = to
            .summaries(key)?
            .into_iter()
            .map(|e| Ok((e.ended_at, e.bytes, to.archived(key, e.seq)?, e.seq)))
            .collect::<Result<_, StorageError>>()?;
        for e in entries {
            let framed = from.archived(key, e.seq)?.ok_or_else(|| {
                CopyError::Mismatch(format!(
                    "{key}: finished game {} has a summary but no record",
                    e.seq
                ))
            })?;
            let same = |p: &&Present| {
                p.0 == e.ended_at && p.1 == e.bytes && p.2.as_deref() == Some(&framed[..])
            };
            if let Some(p) = present.iter().find(same) {
                places.insert((key, e.seq), p.3);
                counts.skipped += 1;
                continue;
            }
            // Archiving needs the channel free of a live game; one in the target (only under
            // --force) steps aside and comes back. The bot is stopped while copying.
            let live = to.get_game(key)?;
            if let Some(g) = &live {
                to.delete_game(key, version_of(g))?;
            }
            let seq = to.archive(key, None, &framed, e.ended_at, &e.bytes, None)?;
            places.insert((key, e.seq), seq);
            if let Some(g) = &live {
                let entry = target_index.get(&key).cloned().unwrap_or_default();
                let due = target_jobs.get(&key).copied();
                to.put_game(key, None, g, &entry, due)?;
            }
            counts.archives += 1;
        }
    }

    let index: BTreeMap<Key, Vec<u8>> = from.index()?.into_iter().collect();
    let source_jobs = due_times(from)?;
    for (key, entry) in &index {
        let Some(framed) = from.get_game(*key)? else {
            continue; // ended between the index and the read
        };
        let held = to.get_game(*key)?;
        let due = source_jobs.get(key).copied();
        to.put_game(
            *key,
            held.as_deref().and_then(version_of),
            &framed,
            entry,
            due,
        )?;
        counts.games += 1;
        counts.jobs += usize::from(due.is_some());
    }

    let prefs = from.all_prefs()?;
    for (user, bytes) in &prefs {
        to.put_pref(*user, bytes)?;
        counts.prefs += 1;
    }

    let servers = from.all_servers()?;
    for (guild, bytes) in &servers {
        to.put_server(*guild, bytes)?;
        counts.servers += 1;
    }

    // A tournament already in the target (an earlier copy with `force`) is replaced.
    let tournaments = from.all_tournaments()?;
    for (guild, id, bytes) in &tournaments {
        let there = to.get_tournament(*guild, *id)?;
        to.swap_tournament(*guild, *id, there.as_deref(), bytes)?;
        counts.tournaments += 1;
    }

    // A link of a finished game names its place in the target's history; one whose game
    // is not there names none (and leads nowhere, as in the source).
    let links: Vec<([u8; 16], Link)> = from
        .all_links()?
        .into_iter()
        .map(|(token, l)| {
            let seq = l.seq.and_then(|s| places.get(&(l.key, s)).copied());
            (token, Link { seq, ..l })
        })
        .collect();
    for (token, link) in &links {
        to.put_link(*token, link)?;
        counts.links += 1;
    }

    let held = from.all_held()?;
    for h in &held {
        to.hold(h)?;
        counts.held += 1;
    }

    verify(from, to, &index, &prefs)?;
    let mut copied_held = to.all_held()?;
    copied_held.sort_by_key(|h| (h.user, h.topic));
    let mut source_held = held;
    source_held.sort_by_key(|h| (h.user, h.topic));
    if copied_held != source_held {
        return Err(CopyError::Mismatch(
            "the members' timed messages differ".into(),
        ));
    }
    for (token, link) in &links {
        if to.get_link(*token)?.as_ref() != Some(link) {
            return Err(CopyError::Mismatch(format!(
                "{}: a web link differs",
                link.key
            )));
        }
    }
    for (guild, bytes) in &servers {
        if to.get_server(*guild)?.as_ref() != Some(bytes) {
            return Err(CopyError::Mismatch(format!(
                "server {guild}: the settings differ"
            )));
        }
    }
    for (guild, id, bytes) in &tournaments {
        if to.get_tournament(*guild, *id)?.as_ref() != Some(bytes) {
            return Err(CopyError::Mismatch(format!(
                "tournament {id} of server {guild} differs"
            )));
        }
    }
    let copied = due_times(to)?;
    for (key, due) in &source_jobs {
        if index.contains_key(key) && copied.get(key) != Some(due) {
            return Err(CopyError::Mismatch(format!("{key}: the due work differs")));
        }
    }
    Ok(counts)
}

/// Reads everything back from the target and compares it with the source.
fn verify(
    from: &dyn Storage,
    to: &dyn Storage,
    index: &BTreeMap<Key, Vec<u8>>,
    prefs: &[(u64, Vec<u8>)],
) -> Result<(), CopyError> {
    let target_index: BTreeMap<Key, Vec<u8>> = to.index()?.into_iter().collect();
    for (key, entry) in index {
        let (Some(a), b) = (from.get_game(*key)?, to.get_game(*key)?) else {
            continue;
        };
        if Some(&a) != b.as_ref() {
            return Err(CopyError::Mismatch(format!("{key}: the live game differs")));
        }
        if target_index.get(key) != Some(entry) {
            return Err(CopyError::Mismatch(format!(
                "{key}: the index entry differs"
            )));
        }
    }
    for (key, e) in from.all_summaries()? {
        let framed = from.archived(key, e.seq)?;
        let mut found = false;
        for t in to.summaries(key)? {
            if t.ended_at == e.ended_at && t.bytes == e.bytes && to.archived(key, t.seq)? == framed
            {
                found = true;
                break;
            }
        }
        if !found {
            return Err(CopyError::Mismatch(format!(
                "{key}: finished game {} is missing",
                e.seq
            )));
        }
    }
    for (user, bytes) in prefs {
        if to.get_pref(*user)?.as_ref() != Some(bytes) {
            return Err(CopyError::Mismatch(format!(
                "user {user}: the preferences differ"
            )));
        }
    }
    Ok(())
}
