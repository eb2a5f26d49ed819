//! PostgreSQL for tests: `MEEPLEBOT_TEST_POSTGRES` names a server (a URL); each test gets its own
//! schema, dropped when the test ends. Without the variable, tests that need PostgreSQL print
//! that they were skipped.

#![allow(dead_code)]

use std::sync::atomic::{AtomicU32, Ordering};

/// The variable that names the test server.
pub const VAR: &str = "MEEPLEBOT_TEST_POSTGRES";

/// A schema of its own on the test server, dropped on drop.
pub struct TestSchema {
    /// The server's URL as given.
    base: String,
    /// The schema's name.
    pub name: String,
    /// A URL whose connections use the schema.
    pub url: String,
}

/// The test server's URL, or `None` after printing that `test` was skipped.
pub fn server(test: &str) -> Option<String> {
    match std::env::var(VAR) {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().to_string()),
        _ => {
            eprintln!("skipped {test}: set {VAR} to a PostgreSQL URL to run it");
            None
        }
    }
}

/// A fresh schema on the test server (`None`, printed as skipped, without the variable).
/// Panics if the variable is set but the server cannot be reached: CI sets it on purpose.
pub fn schema(test: &str) -> Option<TestSchema> {
    static N: AtomicU32 = AtomicU32::new(0);
    let base = server(test)?;
    let name = format!(
        "mbt_{}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    );
    let mut c = postgres::Client::connect(&base, postgres::NoTls)
        .unwrap_or_else(|e| panic!("{VAR}={base} is set but unreachable: {e}"));
    c.batch_execute(&format!("CREATE SCHEMA {name}")).unwrap();
    let sep = if base.contains('?') { '&' } else { '?' };
    let url = format!("{base}{sep}options=-csearch_path%3D{name}");
    Some(TestSchema { base, name, url })
}

impl TestSchema {
    /// A plain connection that uses the schema (to look at or damage tables directly).
    pub fn client(&self) -> postgres::Client {
        postgres::Client::connect(&self.url, postgres::NoTls).unwrap()
    }
}

impl Drop for TestSchema {
    fn drop(&mut self) {
        if let Ok(mut c) = postgres::Client::connect(&self.base, postgres::NoTls) {
            let _ = c.batch_execute(&format!("DROP SCHEMA IF EXISTS {} CASCADE", self.name));
        }
    }
}
