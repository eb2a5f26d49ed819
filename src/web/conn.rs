//! The web board's connections: accepted one by one, each served over HTTP/1.1 by hyper with a
//! timer, so that a client that never finishes its request head, or lets a kept-alive
//! connection sit, is closed after the header timeout; a connection that makes no progress at
//! all (a client that stopped reading) is closed after the stall timeout. Connections are
//! bounded in all and per client address; one past a bound is closed at once, so the file
//! descriptors the bot shares with the board never run out.

use super::limits::Limiter;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tower_service::Service as _;

/// How often a connection's progress is looked at.
const LOOK_EVERY: Duration = Duration::from_secs(5);

/// Accepts and serves connections on `listener` for ever.
pub(super) async fn accept(listener: tokio::net::TcpListener, app: Router, limiter: Arc<Limiter>) {
    let places = Arc::new(tokio::sync::Semaphore::new(
        limiter.limits().connections_in_all(),
    ));
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(s) => s,
            Err(e) => {
                // Out of file descriptors, or a connection reset before it was taken: wait a
                // moment (the condition passes as connections close), and go on.
                tracing::warn!("the web board cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Ok(place) = places.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let Some(slot) = limiter.connection(peer.ip()) else {
            drop(stream);
            continue;
        };
        let (app, limiter) = (app.clone(), limiter.clone());
        tokio::spawn(async move {
            serve_one(stream, peer, app, &limiter).await;
            drop((place, slot));
        });
    }
}

/// Serves one connection until it ends, times out or stalls.
async fn serve_one(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    app: Router,
    limiter: &Limiter,
) {
    let limits = limiter.limits();
    let io = Watched::new(stream);
    let last = io.last.clone();
    let trusted = limits.trusts(peer.ip());
    let proxied = limits.clone();
    let service =
        hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
            // The client: the peer, or who a trusted proxy says it is.
            let client = if trusted {
                let forwarded = req
                    .headers()
                    .get("x-forwarded-for")
                    .and_then(|v| v.to_str().ok());
                SocketAddr::new(proxied.client(peer.ip(), forwarded), peer.port())
            } else {
                peer
            };
            req.extensions_mut().insert(ConnectInfo(client));
            app.clone().call(req)
        });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let conn = http.serve_connection(TokioIo::new(io), service);
    tokio::pin!(conn);
    let start = Instant::now();
    loop {
        tokio::select! {
            _ = conn.as_mut() => return,
            _ = tokio::time::sleep(LOOK_EVERY) => {
                let now = start.elapsed().as_millis() as u64;
                let idle = now.saturating_sub(last.load(Ordering::Relaxed));
                if idle > limits.stall_timeout.as_millis() as u64 {
                    return;
                }
            }
        }
    }
}

/// A connection that notes when it last read or wrote anything (milliseconds since it was
/// opened).
struct Watched {
    stream: tokio::net::TcpStream,
    opened: Instant,
    last: Arc<AtomicU64>,
}

impl Watched {
    fn new(stream: tokio::net::TcpStream) -> Watched {
        Watched {
            stream,
            opened: Instant::now(),
            last: Arc::default(),
        }
    }

    fn progressed(&self) {
        self.last
            .store(self.opened.elapsed().as_millis() as u64, Ordering::Relaxed);
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let out = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(out, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.progressed();
        }
        out
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let out = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(out, Poll::Ready(Ok(n)) if n > 0) {
            self.progressed();
        }
        out
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let out = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(out, Poll::Ready(Ok(n)) if n > 0) {
            self.progressed();
        }
        out
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
