//! Discord's OAuth2, for the board as the application's Activity: an authorization code that
//! the Activity's page got from the Discord client is exchanged for an access token
//! (`POST /oauth2/token`), and the token says whose it is (`GET /users/@me`). The token is
//! used for that one question and then dropped.

use crate::web::DiscordUsers;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// How long one question to Discord may take.
const TIMEOUT: Duration = Duration::from_secs(10);

/// The application's OAuth2 client, against Discord's API (or a stand-in's, in tests); cheap to
/// clone (one client inside).
#[derive(Clone)]
pub struct DiscordOAuth(Arc<Client>);

struct Client {
    http: reqwest::Client,
    /// `https://discord.com/api/v10`, or the stand-in's.
    api: String,
    client_id: String,
    client_secret: String,
}

/// The status and JSON body of a request to Discord (`what` names it in errors).
async fn answer_of(
    request: reqwest::RequestBuilder,
    what: &str,
) -> Result<(reqwest::StatusCode, serde_json::Value), String> {
    let answer = request
        .send()
        .await
        .map_err(|e| format!("the {what} failed: {e}"))?;
    let status = answer.status();
    let body = answer
        .bytes()
        .await
        .map_err(|e| format!("the {what}'s answer was cut: {e}"))?;
    let json = serde_json::from_slice(&body)
        .map_err(|_| format!("the {what} answered {status} without JSON"))?;
    Ok((status, json))
}

impl DiscordOAuth {
    /// The client of application `client_id` with its `client_secret`; `api_base` replaces
    /// `https://discord.com` (the fake Discord of the tests).
    pub fn new(api_base: Option<&str>, client_id: String, client_secret: String) -> DiscordOAuth {
        let base = api_base
            .unwrap_or("https://discord.com")
            .trim_end_matches('/');
        DiscordOAuth(Arc::new(Client {
            http: reqwest::Client::builder()
                .timeout(TIMEOUT)
                .build()
                .unwrap_or_default(),
            api: format!("{base}/api/v10"),
            client_id,
            client_secret,
        }))
    }

    /// The user the authorization `code` was given to.
    pub async fn user_of(&self, code: &str) -> Result<u64, String> {
        let c = &self.0;
        let form = [
            ("client_id", c.client_id.as_str()),
            ("client_secret", c.client_secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let exchange = c.http.post(format!("{}/oauth2/token", c.api)).form(&form);
        let (status, token) = answer_of(exchange, "token exchange").await?;
        let Some(access) = token["access_token"]
            .as_str()
            .filter(|_| status.is_success())
        else {
            return Err(format!(
                "the token exchange answered {status}: {}",
                token["error"].as_str().unwrap_or("no error given")
            ));
        };
        let lookup = c
            .http
            .get(format!("{}/users/@me", c.api))
            .bearer_auth(access);
        let (status, user) = answer_of(lookup, "user lookup").await?;
        if !status.is_success() {
            return Err(format!("the user lookup answered {status}"));
        }
        user["id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .ok_or_else(|| "the user lookup named no user".to_string())
    }
}

impl DiscordUsers for DiscordOAuth {
    fn user_of_code(
        &self,
        code: String,
    ) -> Pin<Box<dyn Future<Output = Result<u64, String>> + Send>> {
        let this = self.clone();
        Box::pin(async move { this.user_of(&code).await })
    }
}
