//! The play side of the web board: a seat's personal page and its requests.
//!
//! - `/p/<secret>`: the game's page for the seat the personal link moves (the same page as
//!   `/g/<token>`, whose data, events and layers it reads by the public token, so the secret
//!   is in no other URL).
//! - `POST /play/turn`, `/play/acts`, `/play/move`, `/play/undo`: what the seat may do now,
//!   what a placement allows, a move, a request to take one back (or an answer to one). The secret comes in the `X-Seat-Key` header, never in the URL; the body
//!   is JSON (`Content-Type: application/json`, which no other site's form can send without
//!   asking first, and such a question is not answered); an `Origin` other than the page's
//!   own is refused. Each link and each address is counted against its limit.
//!
//! A wrong or stale link gets the same 404 as an unknown game's page.

use super::{game_of, language, limits, not_found, too_many, unavailable, Peer, Web};
use crate::service::web::parse_token;
use crate::service::web_play::{WebMove, WebMoved, WebPlayError, WebUndo};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;

/// The header that carries a personal link's secret.
pub(super) const SEAT_KEY: &str = "x-seat-key";
/// The largest body a play request may have.
const MOST_BODY: usize = 2048;

/// `/p/<secret>`: the page of the game, marked for its seat.
pub(super) async fn page(
    State(web): State<Web>,
    ConnectInfo(addr): Peer,
    Path(secret): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    if let Err(wait) = web.limits.request(addr.ip(), limits::Kind::Request) {
        return too_many(wait);
    }
    let Some(bytes) = parse_token(&secret) else {
        return not_found().await;
    };
    if let Err(wait) = web.limits.link_request(bytes) {
        return too_many(wait);
    }
    let svc = web.service.clone();
    let found = tokio::task::spawn_blocking(move || {
        let at = svc.web_seat(&secret)?;
        svc.web_seat_token(&at).ok_or(WebPlayError::NotFound)
    })
    .await;
    let token = match found {
        Ok(Ok(t)) => t,
        Ok(Err(WebPlayError::NotFound)) => return not_found().await,
        _ => return unavailable(),
    };
    let g = match game_of(&web, &token).await {
        Ok(g) => g,
        Err(r) => return r,
    };
    let lang = language(&query, &headers);
    // A personal page is nobody else's: no cache keeps it.
    super::game_page(&g, &token, lang, super::assets::Mode::Play, "no-store")
}

/// A JSON answer.
pub(super) fn json(status: StatusCode, value: &impl serde::Serialize) -> Response {
    match serde_json::to_vec(value) {
        Ok(body) => (
            status,
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            body,
        )
            .into_response(),
        Err(_) => unavailable(),
    }
}

/// An answer that says why, as `{"error": …}`.
pub(super) fn error(status: StatusCode, why: &str) -> Response {
    json(status, &serde_json::json!({ "error": why }))
}

/// Whether the request's `Origin` (if any) is the page's own: the host it was sent to, or the
/// address the links name (`public`, `https://carcassonne.example`: behind a reverse proxy
/// that does not pass the host on).
fn same_origin(headers: &HeaderMap, public: Option<&str>) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let authority = |url: &str| {
        url.strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"))
            .map(|rest| rest.split('/').next().unwrap_or(""))
            .map(str::to_ascii_lowercase)
    };
    let Some(from) = authority(origin).filter(|a| !a.is_empty()) else {
        return false;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_ascii_lowercase);
    let scheme = |url: &str| url.split("://").next().map(str::to_ascii_lowercase);
    host.as_deref() == Some(from.as_str())
        || public
            .is_some_and(|p| authority(p).as_deref() == Some(&from) && scheme(p) == scheme(origin))
}

/// The checks of every request that changes something (a play request, the Activity's
/// session): its origin (the page's own, or the Activity's inside Discord), its type and size,
/// its address's limit.
pub(super) fn request_checks(
    web: &Web,
    addr: std::net::IpAddr,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(), Box<Response>> {
    let activity = web.activity.as_ref().is_some_and(|a| {
        headers
            .get(header::ORIGIN)
            .and_then(|o| o.to_str().ok())
            .is_some_and(|o| o.eq_ignore_ascii_case(&super::activity::discord_origin(&a.client_id)))
    });
    if !activity && !same_origin(headers, web.service.settings().web_base.as_deref()) {
        return Err(Box::new(error(
            StatusCode::FORBIDDEN,
            "another site's request",
        )));
    }
    let json_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(';').next() == Some("application/json"));
    if !json_type {
        return Err(Box::new(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "JSON only",
        )));
    }
    if body.len() > MOST_BODY {
        return Err(Box::new(error(StatusCode::PAYLOAD_TOO_LARGE, "too long")));
    }
    if let Err(wait) = web.limits.request(addr, limits::Kind::Request) {
        return Err(Box::new(too_many(wait)));
    }
    Ok(())
}

/// The checks of every play request ([`request_checks`]), then its link's limit. The link's
/// secret, or the answer that says why not.
fn checked(
    web: &Web,
    addr: std::net::IpAddr,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<String, Box<Response>> {
    request_checks(web, addr, headers, body)?;
    let secret = headers
        .get(SEAT_KEY)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let Some(bytes) = parse_token(&secret) else {
        return Err(Box::new(error(StatusCode::NOT_FOUND, "no such seat")));
    };
    if let Err(wait) = web.limits.link_request(bytes) {
        return Err(Box::new(too_many(wait)));
    }
    Ok(secret)
}

/// The answer to a request that failed.
fn failed(e: WebPlayError) -> Response {
    match e {
        WebPlayError::NotFound => error(StatusCode::NOT_FOUND, "no such seat"),
        WebPlayError::Changed(why) => error(StatusCode::CONFLICT, &why),
        WebPlayError::Refused(why) => error(StatusCode::UNPROCESSABLE_ENTITY, &why),
        WebPlayError::Storage(e) => {
            tracing::warn!("the web board cannot read a seat's game: {e}");
            unavailable()
        }
    }
}

/// A play request: its checks ([`checked`]), its JSON body read as `B` (refused as not
/// `shape` otherwise), then `work` with the service, the link's secret, the body, the page's language
/// and the time, off the async threads; its answer as JSON.
async fn answer<B, T>(
    web: Web,
    addr: std::net::IpAddr,
    query: HashMap<String, String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
    shape: &'static str,
    work: impl FnOnce(&crate::service::Service, &str, B, crate::i18n::Lang, u64) -> Result<T, WebPlayError>
        + Send
        + 'static,
) -> Response
where
    B: serde::de::DeserializeOwned + Send + 'static,
    T: serde::Serialize + Send + 'static,
{
    let secret = match checked(&web, addr, &headers, &body) {
        Ok(s) => s,
        Err(r) => return *r,
    };
    // (An empty body is an empty object.)
    let text: &[u8] = if body.is_empty() { b"{}" } else { &body };
    let Ok(asked) = serde_json::from_slice::<B>(text) else {
        return error(StatusCode::BAD_REQUEST, shape);
    };
    let lang = language(&query, &headers);
    let svc = web.service.clone();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    match tokio::task::spawn_blocking(move || work(&svc, &secret, asked, lang, now)).await {
        Ok(Ok(t)) => json(StatusCode::OK, &t),
        Ok(Err(e)) => failed(e),
        Err(_) => unavailable(),
    }
}

/// `POST /play/turn`: what the seat may do now.
pub(super) async fn turn(
    State(web): State<Web>,
    ConnectInfo(addr): Peer,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let shape = "a JSON object";
    answer(
        web,
        addr.ip(),
        query,
        headers,
        body,
        shape,
        |svc, secret, _: serde::de::IgnoredAny, lang, _| svc.web_turn(secret, lang),
    )
    .await
}

/// The body of `POST /play/acts`: a placement, and its way for a set's (a bridge).
#[derive(serde::Deserialize)]
struct Acts {
    place: (i64, i64, i64),
    #[serde(default)]
    way: Option<usize>,
}

/// `POST /play/acts`: what a placement of the drawn tile allows.
pub(super) async fn acts(
    State(web): State<Web>,
    ConnectInfo(addr): Peer,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let shape = "a placement: {\"place\": [x, y, degrees], \"way\": null or a number}";
    answer(
        web,
        addr.ip(),
        query,
        headers,
        body,
        shape,
        |svc, secret, a: Acts, lang, _| {
            svc.web_acts(secret, a.place, a.way, lang)
                .map(|c| serde_json::json!({ "choices": c }))
        },
    )
    .await
}

/// `POST /play/move`: a move.
pub(super) async fn play(
    State(web): State<Web>,
    ConnectInfo(addr): Peer,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let shape = "a move: {\"version\": …, \"id\": …, \"place\": [x, y, degrees] or null, \"way\": …, \"choice\": …}";
    answer(
        web,
        addr.ip(),
        query,
        headers,
        body,
        shape,
        |svc, secret, m: WebMove, lang, now| svc.web_move(secret, &m, lang, now).map(done),
    )
    .await
}

/// `POST /play/undo`: a request to take back the seat's last move, or an answer to another's.
pub(super) async fn undo(
    State(web): State<Web>,
    ConnectInfo(addr): Peer,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let shape = "a request: {\"id\": …, \"agree\": null, true or false, \"turns\": …}";
    answer(
        web,
        addr.ip(),
        query,
        headers,
        body,
        shape,
        |svc, secret, u: WebUndo, lang, now| svc.web_undo(secret, &u, lang, now).map(done),
    )
    .await
}

/// The answer to a move or a request that was taken: made now, or before.
fn done(d: WebMoved) -> serde_json::Value {
    let done = match d {
        WebMoved::Made => "made",
        WebMoved::Already => "already",
    };
    serde_json::json!({ "done": done })
}

#[cfg(test)]
mod tests {
    use super::same_origin;
    use axum::http::{header, HeaderMap, HeaderValue};

    fn headers(origin: Option<&'static str>, host: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static(host));
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_static(o));
        }
        h
    }

    #[test]
    fn only_the_pages_own_origin_may_move() {
        let public = Some("https://carcassonne.example");
        // The page's own host, or the links' address behind a proxy that rewrites the host.
        assert!(same_origin(
            &headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"),
            None
        ));
        assert!(same_origin(&headers(None, "127.0.0.1:8080"), None));
        assert!(same_origin(
            &headers(Some("https://carcassonne.example"), "127.0.0.1:8080"),
            public
        ));
        // Anyone else's.
        for other in [
            "https://evil.example",
            "http://carcassonne.example",
            "https://carcassonne.example.evil.example",
            "null",
            "",
        ] {
            assert!(
                !same_origin(&headers(Some(other), "127.0.0.1:8080"), public),
                "{other}"
            );
        }
        // Another port of the same host is another origin.
        assert!(!same_origin(
            &headers(Some("http://127.0.0.1:9999"), "127.0.0.1:8080"),
            None
        ));
    }
}
