//! The operators' HTTP endpoint (`[ops] listen`): `/health` says whether storage answers,
//! every gateway shard of this process is connected, and the web board's server and the
//! database listener (where this process has them) are up (200, or 503 with what is wrong), and
//! `/metrics` gives the service's metrics in the Prometheus text format.

use crate::service::Service;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use poise::serenity_prelude as serenity;
use std::sync::Arc;

#[derive(Clone)]
struct Ops {
    service: Arc<Service>,
    shards: Arc<serenity::ShardManager>,
    /// The shards this process is to run (listed by `/health` even before they start).
    expected: Vec<u32>,
}

/// Serves `/health` and `/metrics` on `listener` until the process stops. `expected`: the
/// gateway shards this process is to run.
pub async fn serve(
    listener: tokio::net::TcpListener,
    service: Arc<Service>,
    shards: Arc<serenity::ShardManager>,
    expected: Vec<u32>,
) {
    let app = Router::new()
        .route("/health", get(health))
        .route("/metrics", get(metrics))
        .with_state(Ops {
            service,
            shards,
            expected,
        });
    if let Err(e) = axum::serve(listener, app).await {
        tracing::error!("the ops endpoint stopped: {e}");
    }
}

async fn health(State(ops): State<Ops>) -> impl IntoResponse {
    let svc = ops.service.clone();
    let storage = tokio::task::spawn_blocking(move || svc.health()).await;
    let (storage_ok, storage_error) = match storage {
        Ok(h) => (h.storage_ok, h.storage_error),
        Err(e) => (false, Some(e.to_string())),
    };
    let mut shards: Vec<(u32, String)> = ops
        .shards
        .runners
        .lock()
        .await
        .iter()
        .map(|(id, info)| (id.0, info.stage.to_string()))
        .collect();
    // A shard that has not started yet (Discord unreachable, or still queued) is not connected.
    for &id in &ops.expected {
        if !shards.iter().any(|(s, _)| *s == id) {
            shards.push((id, "not started".into()));
        }
    }
    shards.sort();
    let connected = !shards.is_empty()
        && shards
            .iter()
            .all(|(_, stage)| stage == &serenity::ConnectionStage::Connected.to_string());
    // The web board's server, and the database's notices the board and the cluster follow
    // (each absent when this process has none).
    let web = ops.service.web().serving();
    let listener = ops.service.web().listening();
    let word = |up: Option<bool>| up.map(|u| if u { "ok" } else { "down" });
    let ok = storage_ok && connected && web != Some(false) && listener != Some(false);
    let body = serde_json::json!({
        "ok": ok,
        "storage": if storage_ok { "ok".to_string() } else { storage_error.unwrap_or_default() },
        "web": word(web),
        "listener": word(listener),
        "shards": shards
            .iter()
            .map(|(id, stage)| serde_json::json!({"shard": id, "stage": stage}))
            .collect::<Vec<_>>(),
    });
    let status = if ok {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
}

async fn metrics(State(ops): State<Ops>) -> impl IntoResponse {
    let svc = ops.service.clone();
    match tokio::task::spawn_blocking(move || svc.metrics_text(super::now())).await {
        Ok(text) => (
            StatusCode::OK,
            [(
                header::CONTENT_TYPE,
                "application/openmetrics-text; version=1.0.0; charset=utf-8",
            )],
            text,
        ),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            [(header::CONTENT_TYPE, "text/plain")],
            format!("cannot read the metrics: {e}"),
        ),
    }
}
