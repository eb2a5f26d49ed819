//! The web board: each game's page, served over HTTP by the bot itself (axum).
//!
//! - `/g/<token>`: the page (HTML; the language from `?lang=` or the browser's
//!   `Accept-Language`); `/g/<token>/game.json`: its data ([`crate::service::web`]);
//!   `/g/<token>/review.json`: a finished game's review by the computer, once made;
//!   `/g/<token>/events`: Server-Sent Events, one `rev` event at once and one each time the game
//!   is written (by this process, or by another one through the storage's notices), `gone` when
//!   the page has nothing more to show; `/g/<token>/layer/<rev>/<frame>.png`: the figures of a
//!   turn, drawn as on the pictures.
//! - `/assets/<version>/…`: the script and the style; `/art/<version>/…`: tile art and sprites.
//!   All built into the binary, cached by browsers for a year (the version is in the path).
//! - `/p/<secret>` and `/play/…`: a seat's personal page and its moves ([`play`]);
//!   `/activity…`: the board as the application's Discord Activity ([`activity`]).
//!
//! Every answer carries a strict Content-Security-Policy (nothing inline, nothing from
//! elsewhere; no frame may show it, but Discord's may show the Activity's pages). A wrong
//! token gets the same 404 as a page that never existed.
//!
//! The board shares the bot's process, so it is bounded against strangers: connections in all
//! and per client, header, stall and answer timeouts ([`conn`]); requests, layers and live pages
//! per client and minute ([`limits`]); and storage reads for pages a few at once (a request that
//! would wait too long for one is answered 503).

mod activity;
mod assets;
mod conn;
mod limits;
mod play;

use crate::i18n::{Lang, Langs};
use crate::service::storage::Key;
use crate::service::web::{parse_token, WebError, WebGame};
use crate::service::Service;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, watch};

pub use activity::{Activity, DiscordUsers};
pub use limits::WebLimits;

/// Storage look-ups for pages at once at most (each holds a database connection or a thread).
const LOOKUPS: usize = 4;
/// How long a request waits for a place among [`LOOKUPS`] before it is answered 503.
const LOOKUP_WAIT: Duration = Duration::from_secs(2);

/// The version in the paths of files browsers keep: a new build serves new ones.
const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The Content-Security-Policy of every answer.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
                   connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/// The Content-Security-Policy of the Activity's pages: the same, but Discord's clients may
/// frame them.
const ACTIVITY_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                            img-src 'self'; connect-src 'self'; base-uri 'none'; \
                            form-action 'none'; frame-ancestors https://discord.com \
                            https://*.discord.com https://*.discordsays.com";

/// The web board's server.
#[derive(Clone)]
struct Web {
    service: Arc<Service>,
    hub: Arc<Hub>,
    limits: Arc<limits::Limiter>,
    /// Figures layers drawn at once at most (each is a large picture in memory).
    drawing: Arc<tokio::sync::Semaphore>,
    /// Storage look-ups for pages at once at most.
    lookups: Arc<tokio::sync::Semaphore>,
    /// The Discord Activity, where the board runs as one.
    activity: Option<Arc<Activity>>,
}

/// Tells a game's open pages the revision to show (`None`: nothing more to show).
type Revision = watch::Sender<Option<String>>;

/// The pages open live, by token: each one's channel and the revision it shows (`None`: the
/// page has nothing more to show).
#[derive(Default)]
struct Hub {
    pages: Mutex<HashMap<[u8; 16], (Key, Revision)>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The link of a game's page under `base` (`https://example.org`).
pub fn page_url(base: &str, token: &str) -> String {
    format!("{}/g/{token}", base.trim_end_matches('/'))
}

/// Serves the web board on `listener` until the process stops. The service's writes (and,
/// through its storage, other processes' writes) reach the open pages.
pub async fn serve(listener: tokio::net::TcpListener, service: Arc<Service>, limits: WebLimits) {
    serve_with(listener, service, limits, None).await
}

/// [`serve`], and where `activity` is given, the board as that Discord Activity too
/// (`/activity`, [`activity`]).
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    service: Arc<Service>,
    limits: WebLimits,
    activity: Option<Activity>,
) {
    // Links of finished games stored before links knew their place get it (once, off the
    // requests), so that no request reads a channel's history through.
    let svc = service.clone();
    match tokio::task::spawn_blocking(move || svc.web().settle_links()).await {
        Ok(Ok((0, 0))) => {}
        Ok(Ok((placed, removed))) => tracing::info!(
            "web links: {placed} of finished games placed in their history, {removed} of games gone removed"
        ),
        Ok(Err(e)) => tracing::warn!("the web links could not be settled: {e}"),
        Err(e) => tracing::warn!("the web links could not be settled: {e}"),
    }
    let (tx, rx) = broadcast::channel::<Key>(1024);
    let tell = tx.clone();
    // Listening to the storage opens a connection: blocking work, off the runtime.
    let svc = service.clone();
    let watched = tokio::task::spawn_blocking(move || {
        svc.web().watch(Arc::new(move |key| {
            let _ = tell.send(key);
        }))
    })
    .await;
    match watched {
        Ok(Ok(())) => {}
        Ok(Err(e)) => tracing::error!("the web board cannot follow other processes' moves: {e}"),
        Err(e) => tracing::error!("the web board cannot follow other processes' moves: {e}"),
    }
    let request_timeout = limits.request_timeout;
    let web = Web {
        service,
        hub: Arc::default(),
        limits: Arc::new(limits::Limiter::new(limits)),
        drawing: Arc::new(tokio::sync::Semaphore::new(2)),
        lookups: Arc::new(tokio::sync::Semaphore::new(LOOKUPS)),
        activity: activity.map(Arc::new),
    };
    tokio::spawn(follow(web.clone(), rx));
    let app = Router::new()
        .route("/g/:token", get(page))
        .route("/g/:token/game.json", get(data))
        .route("/g/:token/review.json", get(review))
        .route("/g/:token/tournament.json", get(tournament))
        .route("/g/:token/events", get(events))
        .route("/g/:token/layer/:rev/:frame", get(layer))
        .route("/p/:secret", get(play::page))
        .route("/play/turn", post(play::turn))
        .route("/play/acts", post(play::acts))
        .route("/play/move", post(play::play))
        .route("/play/undo", post(play::undo))
        .route("/activity", get(activity::entry))
        .route("/activity/session", post(activity::session))
        .route("/activity/g/:token", get(activity::page))
        .route("/assets/:version/:file", get(asset))
        .route("/art/:version/tile/:variant/:file", get(tile))
        .route("/art/:version/sprite/:file", get(sprite))
        .route("/favicon.ico", get(icon))
        .fallback(not_found)
        .layer(axum::middleware::from_fn(
            move |req: axum::extract::Request, next: axum::middleware::Next| async move {
                // An answer starts within the timeout, or the client is told to come back (a
                // live page's stream starts at once and then lasts).
                match tokio::time::timeout(request_timeout, next.run(req)).await {
                    Ok(res) => res,
                    Err(_) => unavailable(),
                }
            },
        ))
        .layer(axum::middleware::map_response(secure))
        .with_state(web.clone());
    // Told while connections are accepted: the loop runs for ever, and a panic or the task's
    // end says it stopped.
    struct Serving(Arc<Service>);
    impl Drop for Serving {
        fn drop(&mut self) {
            self.0.web().set_serving(false);
            tracing::error!("the web board stopped");
        }
    }
    web.service.web().set_serving(true);
    let _serving = Serving(web.service.clone());
    conn::accept(listener, app, web.limits.clone()).await;
}

/// Tells the open pages of each game written its new revision.
async fn follow(web: Web, mut rx: broadcast::Receiver<Key>) {
    loop {
        let key = match rx.recv().await {
            Ok(k) => k,
            // Notices were missed: every page looks again.
            Err(broadcast::error::RecvError::Lagged(_)) => Key::default(),
            Err(broadcast::error::RecvError::Closed) => return,
        };
        let tokens: Vec<[u8; 16]> = {
            let mut pages = lock(&web.hub.pages);
            pages.retain(|_, (_, tx)| tx.receiver_count() > 0);
            pages
                .iter()
                .filter(|(_, (k, _))| key == Key::default() || *k == key)
                .map(|(t, _)| *t)
                .collect()
        };
        for token in tokens {
            let svc = web.service.clone();
            let rev = tokio::task::spawn_blocking(move || current_rev(&svc, token)).await;
            let Ok(rev) = rev else { continue };
            if let Some((_, tx)) = lock(&web.hub.pages).get(&token) {
                tx.send_if_modified(|old| {
                    let changed = *old != rev;
                    *old = rev.clone();
                    changed
                });
            }
        }
    }
}

/// The revision a page of `token` should show (`None`: nothing; a storage failure keeps the
/// page where it is, shown as the same revision).
fn current_rev(svc: &Service, token: [u8; 16]) -> Option<String> {
    let text = crate::service::web::token_text(token);
    match svc.web().page_game(&text) {
        Ok(g) => Some(format!("{:x}", g.rev)),
        Err(WebError::NotFound) => None,
        Err(WebError::Storage(e)) => {
            tracing::warn!("the web board cannot read a game: {e}");
            Some(String::new())
        }
    }
}

/// Every answer: the security headers (the Activity's pages may be framed by Discord only).
async fn secure(mut res: Response) -> Response {
    let framed = res.extensions().get::<activity::Framed>().is_some();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(if framed { ACTIVITY_CSP } else { CSP }),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if !framed {
        // (X-Frame-Options cannot name Discord; the CSP's frame-ancestors does.)
        h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    res
}

async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Not found\n",
    )
        .into_response()
}

fn too_many(wait: u64) -> Response {
    (
        StatusCode::TOO_MANY_REQUESTS,
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::RETRY_AFTER, wait.to_string()),
        ],
        "Too many requests; try again in a minute\n",
    )
        .into_response()
}

fn unavailable() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::RETRY_AFTER, "5"),
        ],
        "The game cannot be read now; try again in a moment\n",
    )
        .into_response()
}

/// A request of `peer` for the game of `token`, counted against its limit: the game, or the
/// answer that says why not.
async fn admitted(
    web: &Web,
    peer: SocketAddr,
    token: &str,
    kind: limits::Kind,
) -> Result<WebGame, Response> {
    if let Err(wait) = web.limits.request(peer.ip(), kind) {
        return Err(too_many(wait));
    }
    game_of(web, token).await
}

/// The game of a token, off the runtime, or the answer that says why not. What is known true
/// is answered at once; storage is read a few requests at a time.
async fn game_of(web: &Web, token: &str) -> Result<WebGame, Response> {
    if parse_token(token).is_none() {
        return Err(not_found().await);
    }
    let svc = web.service.clone();
    let token = token.to_string();
    let found = match web.service.web().cached_page_game(&token) {
        Some(known) => Ok(known),
        None => {
            let Ok(Ok(_place)) =
                tokio::time::timeout(LOOKUP_WAIT, web.lookups.clone().acquire_owned()).await
            else {
                return Err(unavailable());
            };
            tokio::task::spawn_blocking(move || svc.web().page_game(&token)).await
        }
    };
    match found {
        Ok(Ok(g)) => Ok(g),
        Ok(Err(WebError::NotFound)) => Err(not_found().await),
        Ok(Err(WebError::Storage(e))) => {
            tracing::warn!("the web board cannot read a game: {e}");
            Err(unavailable())
        }
        Err(_) => Err(unavailable()),
    }
}

/// The language of a request: `?lang=`, else the best of `Accept-Language`, else English.
fn language(query: &HashMap<String, String>, headers: &HeaderMap) -> Lang {
    if let Some(l) = query.get("lang").and_then(|l| Lang::from_locale(l)) {
        return l;
    }
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let mut best: Option<(f32, Lang)> = None;
    for part in accept.split(',') {
        let mut bits = part.split(';');
        let tag = bits.next().unwrap_or("").trim();
        let q = bits
            .find_map(|b| b.trim().strip_prefix("q="))
            .and_then(|q| q.parse::<f32>().ok())
            .unwrap_or(1.0);
        if let Some(l) = Lang::from_locale(tag) {
            if best.is_none_or(|(bq, _)| q > bq) {
                best = Some((q, l));
            }
        }
    }
    best.map_or(Lang::En, |(_, l)| l)
}

type Peer = ConnectInfo<SocketAddr>;

async fn page(
    State(web): State<Web>,
    ConnectInfo(peer): Peer,
    Path(token): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let g = match admitted(&web, peer, &token, limits::Kind::Request).await {
        Ok(g) => g,
        Err(r) => return r,
    };
    let lang = language(&query, &headers);
    game_page(&g, &token, lang, assets::Mode::View, "no-cache")
}

/// The page of game `g` (public token `token`) as `mode` shows it, in `lang`: an HTML answer
/// that caches keep as `cache` says.
fn game_page(
    g: &WebGame,
    token: &str,
    lang: Lang,
    mode: assets::Mode,
    cache: &'static str,
) -> Response {
    let html = crate::i18n::scope(
        Langs {
            private: lang,
            public: lang,
        },
        || assets::page_html(g, token, lang, mode),
    );
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, cache),
        ],
        html,
    )
        .into_response()
}

async fn data(
    State(web): State<Web>,
    ConnectInfo(peer): Peer,
    Path(token): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    // The data made once, sent to every page without a copy.
    let view = |svc: &Service, g: &WebGame, lang: Lang| {
        svc.web().view(g, lang).map(bytes::Bytes::from_owner)
    };
    game_json(web, peer, &token, language(&query, &headers), view).await
}

/// A finished game's review ([`crate::service::web::Web::review`]).
async fn review(
    State(web): State<Web>,
    ConnectInfo(peer): Peer,
    Path(token): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let review =
        |svc: &Service, g: &WebGame, lang: Lang| svc.web().review(g, lang).map(bytes::Bytes::from);
    game_json(web, peer, &token, language(&query, &headers), review).await
}

/// `/g/<token>/tournament.json`: the tournament a table's game belongs to
/// ([`crate::service::web::Web::tournament`]).
async fn tournament(
    State(web): State<Web>,
    ConnectInfo(peer): Peer,
    Path(token): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let make = |svc: &Service, g: &WebGame, lang: Lang| {
        svc.web().tournament(g, lang).map(bytes::Bytes::from)
    };
    game_json(web, peer, &token, language(&query, &headers), make).await
}

/// A game's JSON as `make` makes it, for an admitted request (off the async threads): 404 for
/// a game that is not there, 503 when storage fails.
async fn game_json(
    web: Web,
    peer: SocketAddr,
    token: &str,
    lang: Lang,
    make: fn(&Service, &WebGame, Lang) -> Result<bytes::Bytes, WebError>,
) -> Response {
    let g = match admitted(&web, peer, token, limits::Kind::Request).await {
        Ok(g) => g,
        Err(r) => return r,
    };
    let svc = web.service.clone();
    match tokio::task::spawn_blocking(move || make(&svc, &g, lang)).await {
        Ok(Ok(json)) => (
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            axum::body::Body::from(json),
        )
            .into_response(),
        Ok(Err(WebError::NotFound)) => not_found().await,
        _ => unavailable(),
    }
}

async fn layer(
    State(web): State<Web>,
    ConnectInfo(peer): Peer,
    Path((token, rev, frame)): Path<(String, String, String)>,
) -> Response {
    let g = match admitted(&web, peer, &token, limits::Kind::Layer).await {
        Ok(g) => g,
        Err(r) => return r,
    };
    let Some(frame) = frame
        .strip_suffix(".png")
        .and_then(|f| f.parse::<usize>().ok())
    else {
        return not_found().await;
    };
    // A page a revision behind (the game moved on while it asked) gets the frame as it is
    // now: the same turn, unless a move was taken back since (the page then reads the game
    // again). Only the current revision's frame may be kept by the browser: a URL's content
    // never changes in a cache, and no shared cache keeps a game's figures.
    let current = rev == format!("{:x}", g.rev);
    let Ok(_place) = web.drawing.acquire().await else {
        return unavailable();
    };
    let svc = web.service.clone();
    match tokio::task::spawn_blocking(move || svc.web().layer(&g, frame)).await {
        Ok(Ok(Some(l))) if current => png(l.png.clone(), "private, max-age=86400, immutable"),
        Ok(Ok(Some(l))) => png(l.png.clone(), "no-store"),
        Ok(Ok(None)) | Ok(Err(WebError::NotFound)) => not_found().await,
        _ => unavailable(),
    }
}

/// What anyone may keep for a year: art whose path names what it shows.
const KEEP: &str = "public, max-age=31536000, immutable";

/// A PNG with how caches may keep it.
fn png(bytes: Vec<u8>, cache: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, cache),
        ],
        bytes,
    )
        .into_response()
}

async fn events(
    State(web): State<Web>,
    ConnectInfo(peer): Peer,
    Path(token): Path<String>,
) -> Response {
    let Some(stream_slot) = web.limits.stream(peer.ip()) else {
        return too_many(60);
    };
    let g = match admitted(&web, peer, &token, limits::Kind::Request).await {
        Ok(g) => g,
        Err(r) => return r,
    };
    let rev = Some(format!("{:x}", g.rev));
    let mut rx = {
        let mut pages = lock(&web.hub.pages);
        let (_, tx) = pages
            .entry(g.token)
            .or_insert_with(|| (g.key, watch::channel(rev.clone()).0));
        tx.send_if_modified(|old| {
            // A page opened now knows the game as it is: better than a value left over from a
            // failed read, or from a moment the game could not be shown.
            let newer = |o: &str, n: &str| {
                let hex = |t: &str| u64::from_str_radix(t, 16).ok();
                o.is_empty() || matches!((hex(o), hex(n)), (Some(o), Some(n)) if n > o)
            };
            let changed = match (old.as_deref(), rev.as_deref()) {
                (None, Some(_)) => true,
                (Some(o), Some(n)) => newer(o, n),
                _ => false,
            };
            if changed {
                *old = rev.clone();
            }
            changed
        });
        tx.subscribe()
    };
    rx.mark_changed();
    let stream = futures_util::stream::unfold((rx, stream_slot), |(mut rx, slot)| async move {
        rx.changed().await.ok()?;
        let rev = rx.borrow_and_update().clone();
        let event = match rev {
            Some(r) => Event::default().event("rev").data(r),
            None => Event::default().event("gone").data(""),
        };
        Some((Ok::<_, std::convert::Infallible>(event), (rx, slot)))
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
        .into_response()
}

async fn asset(Path((version, file)): Path<(String, String)>) -> Response {
    if version != VERSION {
        return not_found().await;
    }
    match assets::file(&file) {
        Some((kind, body)) => (
            [(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, KEEP)],
            body,
        )
            .into_response(),
        None => not_found().await,
    }
}

/// Pixels across of the tile art the page gets.
const TILE_PIXELS: u32 = 128;

async fn tile(
    State(web): State<Web>,
    Path((version, variant, file)): Path<(String, String, String)>,
) -> Response {
    // `p/D.png`, or `g/D.png` for the other copy (the Abbot's garden).
    let other = match variant.as_str() {
        "p" => false,
        "g" => true,
        _ => return not_found().await,
    };
    let tile = file
        .strip_suffix(".png")
        .and_then(crate::render::web::tile_named);
    let (Some(tile), true) = (tile, version == VERSION) else {
        return not_found().await;
    };
    let svc = web.service.clone();
    match tokio::task::spawn_blocking(move || {
        svc.web().renderer().tile_file(tile, other, TILE_PIXELS)
    })
    .await
    {
        Ok(bytes) => png(bytes, KEEP),
        Err(_) => unavailable(),
    }
}

async fn sprite(State(web): State<Web>, Path((version, file)): Path<(String, String)>) -> Response {
    let key = file
        .strip_suffix(".png")
        .and_then(crate::render::sprite_named);
    // Only the sprites some page's data named: the sizes a URL could ask for are many.
    let named = web
        .service
        .web()
        .sprite_shown(file.trim_end_matches(".png"));
    let (Some(key), true, true) = (key, version == VERSION, named) else {
        return not_found().await;
    };
    let svc = web.service.clone();
    match tokio::task::spawn_blocking(move || svc.web().renderer().sprite_file(key)).await {
        Ok(bytes) => png(bytes, KEEP),
        Err(_) => unavailable(),
    }
}

/// The first seat's meeple, as the site's icon.
async fn icon(State(web): State<Web>) -> Response {
    let key = crate::render::sprite_key::SpriteKey::Meeple { seat: 0, h: 32 };
    let svc = web.service.clone();
    match tokio::task::spawn_blocking(move || svc.web().renderer().sprite_file(key)).await {
        Ok(bytes) => png(bytes, KEEP),
        Err(_) => unavailable(),
    }
}
