//! The web board as the application's Discord Activity: the same page, inside Discord.
//!
//! - `/activity`: the Activity's entry point. Its script ([`ACTIVITY_JS`](super::assets)) runs
//!   Discord's Embedded App SDK (bundled into the binary, its licences beside it): the
//!   handshake with the Discord client, then `authorize`, which gives an OAuth2 code.
//! - `POST /activity/session` (`{"code", "guild", "channel"}`): the board exchanges the code
//!   with Discord ([`DiscordUsers`]), so Discord says who launched the Activity; the game of
//!   that channel and, if that user holds a seat, a new personal link for it
//!   ([`crate::service::Service::activity_seat`]). The secret goes back in the answer's body
//!   only, and the page keeps it in the tab's session storage: it is in no URL.
//! - `/activity/g/<token>`: the game's page, which moves for the seat when the session gave
//!   one (otherwise a spectator's page).
//!
//! Only these answers may be shown inside Discord's frames (their Content-Security-Policy
//! names Discord's origins as frame ancestors); every other answer of the board refuses to be
//! framed at all. Outside Discord (no `frame_id` in the address) the page runs the SDK's own
//! mock, for tests and developers: the code it hands over is exchanged with Discord all the
//! same, so only a code Discord made for a user moves that user's seat.

use super::{language, limits, not_found, too_many, unavailable, Peer, Web};
use crate::i18n::Langs;
use crate::service::storage::Key;
use crate::service::web_play::WebPlayError;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// What the board asks of Discord for the Activity: the user an OAuth2 authorization code was
/// given to (the code exchanged for an access token, then `GET /users/@me`). Made by the
/// Discord adapter ([`crate::bot`]); the board knows nothing of Discord's HTTP API.
pub trait DiscordUsers: Send + Sync + 'static {
    /// The user of `code`, or why Discord did not say (a bad or used code, Discord away).
    fn user_of_code(
        &self,
        code: String,
    ) -> Pin<Box<dyn Future<Output = Result<u64, String>> + Send>>;
}

/// The Activity, where the board runs as one.
#[derive(Clone)]
pub struct Activity {
    /// The application's client ID (the SDK's and the OAuth2 client's).
    pub client_id: String,
    /// Who launched it, as Discord says.
    pub users: Arc<dyn DiscordUsers>,
}

/// Marks an answer that Discord's frames may show ([`super::secure`]).
#[derive(Clone, Copy)]
pub(super) struct Framed;

/// An answer marked [`Framed`].
fn framed(mut res: Response) -> Response {
    res.extensions_mut().insert(Framed);
    res
}

/// The origin of the Activity's pages inside Discord (`https://<client id>.discordsays.com`).
pub(super) fn discord_origin(client_id: &str) -> String {
    format!("https://{client_id}.discordsays.com")
}

/// `/activity`: the entry point, in the language of the Discord client's browser.
pub(super) async fn entry(
    State(web): State<Web>,
    ConnectInfo(peer): Peer,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let Some(activity) = web.activity.clone() else {
        return not_found().await;
    };
    if let Err(wait) = web.limits.request(peer.ip(), limits::Kind::Request) {
        return too_many(wait);
    }
    let lang = language(&query, &headers);
    let html = super::assets::activity_html(&activity.client_id, lang);
    framed(
        (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            html,
        )
            .into_response(),
    )
}

/// `/activity/g/<token>`: the game's page inside the Activity.
pub(super) async fn page(
    State(web): State<Web>,
    ConnectInfo(peer): Peer,
    Path(token): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    if web.activity.is_none() {
        return not_found().await;
    }
    let g = match super::admitted(&web, peer, &token, limits::Kind::Request).await {
        Ok(g) => g,
        Err(r) => return r,
    };
    let lang = language(&query, &headers);
    // A seat's own page, as a personal link's: no cache keeps it.
    framed(super::game_page(
        &g,
        &token,
        lang,
        super::assets::Mode::Activity,
        "no-store",
    ))
}

/// What the entry point sends once the SDK gave it a code.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SessionAsk {
    code: String,
    guild: Option<String>,
    channel: Option<String>,
}

/// The longest code, guild or channel the session takes.
const MOST_FIELD: usize = 256;

/// `POST /activity/session`: who launched the Activity (Discord says), and their seat.
pub(super) async fn session(
    State(web): State<Web>,
    ConnectInfo(peer): Peer,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let Some(activity) = web.activity.clone() else {
        return not_found().await;
    };
    if let Err(r) = super::play::request_checks(&web, peer.ip(), &headers, &body) {
        return *r;
    }
    let Ok(ask) = serde_json::from_slice::<SessionAsk>(&body) else {
        return super::play::error(StatusCode::BAD_REQUEST, "expected {code, guild, channel}");
    };
    let id = |v: &Option<String>| v.as_deref().and_then(|s| s.parse::<u64>().ok());
    let (Some(guild), Some(channel)) = (id(&ask.guild), id(&ask.channel)) else {
        // Launched outside a server's channel (a direct message): no game there.
        return super::play::error(StatusCode::NOT_FOUND, "no game here");
    };
    if ask.code.is_empty() || ask.code.len() > MOST_FIELD {
        return super::play::error(StatusCode::BAD_REQUEST, "expected {code, guild, channel}");
    }
    let user = match activity.users.user_of_code(ask.code).await {
        Ok(u) => u,
        Err(e) => {
            tracing::info!("an Activity's code was not taken by Discord: {e}");
            return super::play::error(StatusCode::FORBIDDEN, "Discord did not say who you are");
        }
    };
    let lang = language(&query, &headers);
    let svc = web.service.clone();
    let key = Key::new(guild, channel);
    let langs = Langs {
        private: lang,
        public: lang,
    };
    let found = tokio::task::spawn_blocking(move || {
        crate::i18n::scope(langs, || svc.activity_seat(user, key))
    });
    match found.await {
        Ok(Ok(seat)) => super::play::json(StatusCode::OK, &seat),
        Ok(Err(WebPlayError::NotFound)) => {
            super::play::error(StatusCode::NOT_FOUND, "no game here")
        }
        Ok(Err(WebPlayError::Refused(why))) | Ok(Err(WebPlayError::Changed(why))) => {
            super::play::error(StatusCode::UNPROCESSABLE_ENTITY, &why)
        }
        Ok(Err(WebPlayError::Storage(e))) => {
            tracing::warn!("the web board cannot read an Activity's game: {e}");
            unavailable()
        }
        Err(_) => unavailable(),
    }
}
