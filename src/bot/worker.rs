//! The bot's background work: the computer players' threads, due reminders and other timed
//! jobs, each notice posted to its channel; and the signal that stops it all.

use super::deliver::post;
use super::*;

/// Background work: computer turns (one worker thread), reminders and upkeep, all posted as
/// notices. Returns when the service is stopped and the worker has finished its turn.
pub(super) async fn background(
    http: Arc<serenity::Http>,
    service: Arc<Service>,
    tick: Duration,
    threads: usize,
    pause: Duration,
) {
    use crate::service::computer::ComputerStep;
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Notice>(64);
    // A bounded pool of threads thinks for computers: each takes one game from the queue, so a
    // long search in one channel never holds up another.
    let workers: Vec<_> = (0..threads.max(1))
        .map(|_| {
            let service = service.clone();
            let tx = tx.clone();
            tokio::task::spawn_blocking(move || {
                while !service.stopping() {
                    let Some(key) = service.wait_for_computer(Duration::from_millis(500)) else {
                        continue;
                    };
                    // A moment's pause, so the reply to the move before is out first and moves
                    // read at a human pace.
                    std::thread::sleep(pause);
                    // `play_computer` contains a panic to its game; this catch keeps the
                    // worker alive whatever else happens in its turn.
                    let step = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        service.play_computer(key, now())
                    }))
                    .unwrap_or_else(|_| {
                        tracing::error!(%key, "a computer worker's turn panicked");
                        ComputerStep::Failed
                    });
                    match step {
                        ComputerStep::Played(n) => {
                            if tx.blocking_send(n).is_err() {
                                break;
                            }
                        }
                        ComputerStep::Failed => std::thread::sleep(Duration::from_secs(1)),
                        ComputerStep::Idle => {}
                    }
                }
            })
        })
        .collect();
    // One thread makes the reviews of finished games, waiting while computers are to play.
    let reviewer = {
        let service = service.clone();
        let tx = tx.clone();
        tokio::task::spawn_blocking(move || {
            while !service.stopping() {
                if let Some(n) = service.review_next(Duration::from_millis(500)) {
                    if tx.blocking_send(n).is_err() {
                        return;
                    }
                }
            }
        })
    };
    let timer = {
        let service = service.clone();
        let tx = tx.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(tick);
            let mut last_upkeep = 0u64;
            loop {
                every.tick().await;
                if service.stopping() {
                    break;
                }
                let svc = service.clone();
                let hour = svc.settings().seconds_per_hour.max(1);
                let upkeep = now() >= last_upkeep + hour;
                let due = tokio::task::spawn_blocking(move || {
                    // Work no process holds (left by one that died, or written by another):
                    // claimed and scheduled here first.
                    svc.claim_due_work(now());
                    let mut out = svc.due_reminders(now());
                    out.extend(svc.expire_due(now()));
                    out.extend(svc.due_held(now()));
                    out.extend(svc.take_outbox());
                    if upkeep {
                        out.extend(svc.maintain(now()));
                        // Members' timers lost to a failure between taking and acting.
                        let made = svc.restore_timers(now());
                        if made > 0 {
                            tracing::warn!("{made} members' timers were missing and made again");
                        }
                    }
                    out
                })
                .await;
                if upkeep {
                    last_upkeep = now();
                }
                match due {
                    Ok(notices) => {
                        for n in notices {
                            if tx.send(n).await.is_err() {
                                return;
                            }
                        }
                    }
                    Err(e) => tracing::error!("reminder task failed: {e}"),
                }
            }
        })
    };
    // What the service posts outside a command (a move made on the web board), at once.
    let outbox = {
        let service = service.clone();
        let tx = tx.clone();
        tokio::task::spawn_blocking(move || {
            while !service.stopping() {
                for n in service.wait_outbox(Duration::from_millis(500)) {
                    if tx.blocking_send(n).is_err() {
                        return;
                    }
                }
            }
        })
    };
    drop(tx);
    let poster = {
        let service = service.clone();
        tokio::spawn(async move {
            while let Some(n) = rx.recv().await {
                post(&http, &service, n).await;
            }
        })
    };
    for w in workers {
        let _ = w.await;
    }
    let _ = outbox.await;
    let _ = reviewer.await;
    timer.abort();
    let _ = timer.await;
    // The worker and the timer are done: the poster ends when their last notices are out.
    let _ = tokio::time::timeout(Duration::from_secs(10), poster).await;
}

/// Waits for SIGTERM (docker stop) or SIGINT (Ctrl-C).
pub(super) async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
