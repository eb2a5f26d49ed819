//! Discord's OAuth2, for the board as the application's Activity: an authorization code that
//! the Activity's page got from the Discord client is exchanged for an access token
//! (`POST /oauth2/token`), and the token says whose it is (`GET /users/@me`). The token is
//! used for that one question and then dropped.

use crate::web::DiscordUsers;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// How long one question to Discord may take.
const TIMEOUT: Duration = Duration::from_secs(10);

/// The application's OAuth2 client, against Discord's API (or a stand-in's, in tests).
pub struct DiscordOAuth {
    http: reqwest::Client,
    /// `https://discord.com/api/v10`, or the stand-in's.
    api: String,
    client_id: String,
    client_secret: String,
}

impl DiscordOAuth {
    /// The client of application `client_id` with its `client_secret`; `api_base` replaces
    /// `https://discord.com` (the fake Discord of the tests).
    pub fn new(api_base: Option<&str>, client_id: String, client_secret: String) -> DiscordOAuth {
        let base = api_base
            .unwrap_or("https://discord.com")
            .trim_end_matches('/');
        DiscordOAuth {
            http: reqwest::Client::builder()
                .timeout(TIMEOUT)
                .build()
                .unwrap_or_default(),
            api: format!("{base}/api/v10"),
            client_id,
            client_secret,
        }
    }

    /// The user the authorization `code` was given to.
    pub async fn user_of(&self, code: &str) -> Result<u64, String> {
        let form = [
            ("client_id", self.client_id.as_str()),
            ("client_secret", self.client_secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let answer = self
            .http
            .post(format!("{}/oauth2/token", self.api))
            .form(&form)
            .send()
            .await
            .map_err(|e| format!("the token exchange failed: {e}"))?;
        let status = answer.status();
        let body = answer
            .bytes()
            .await
            .map_err(|e| format!("the token exchange's answer was cut: {e}"))?;
        let token: serde_json::Value = serde_json::from_slice(&body)
            .map_err(|_| format!("the token exchange answered {status} without JSON"))?;
        let Some(access) = token["access_token"]
            .as_str()
            .filter(|_| status.is_success())
        else {
            return Err(format!(
                "the token exchange answered {status}: {}",
                token["error"].as_str().unwrap_or("no error given")
            ));
        };
        let me = self
            .http
            .get(format!("{}/users/@me", self.api))
            .bearer_auth(access)
            .send()
            .await
            .map_err(|e| format!("the user lookup failed: {e}"))?;
        let status = me.status();
        let body = me
            .bytes()
            .await
            .map_err(|e| format!("the user lookup's answer was cut: {e}"))?;
        let user: serde_json::Value = serde_json::from_slice(&body)
            .map_err(|_| format!("the user lookup answered {status} without JSON"))?;
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
        let this = DiscordOAuth {
            http: self.http.clone(),
            api: self.api.clone(),
            client_id: self.client_id.clone(),
            client_secret: self.client_secret.clone(),
        };
        Box::pin(async move { this.user_of(&code).await })
    }
}
