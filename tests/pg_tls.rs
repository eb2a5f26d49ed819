//! TLS to PostgreSQL as libpq's `sslmode` asks: `require` encrypts, `disable` does not, and
//! `verify-full` checks the server's certificate (refused without a root that signs it, accepted
//! with `sslrootcert`). Each connection is looked up in `pg_stat_ssl` by its application name.
//! Needs `MEEPLEBOT_TEST_POSTGRES` and a server with `ssl = on` (prints that it was skipped
//! otherwise).

#[path = "support/postgres.rs"]
mod pg;

use meeplebot::service::storage::{Storage, StorageError};
use meeplebot::store::PgStorage;

/// The server's own certificate on Debian's PostgreSQL (self-signed, for `localhost`).
const SNAKEOIL: &str = "/etc/ssl/certs/ssl-cert-snakeoil.pem";

/// Whether the pooled connection named `app` is encrypted, as the server sees it.
fn encrypted(schema: &pg::TestSchema, app: &str) -> bool {
    let mut c = schema.client();
    let rows = c
        .query(
            "SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) \
             WHERE a.application_name = $1",
            &[&app],
        )
        .unwrap();
    assert_eq!(rows.len(), 1, "one pooled connection named {app}");
    rows[0].get(0)
}

fn with(url: &str, params: &str) -> String {
    format!("{url}&{params}")
}

#[test]
fn sslmode_chooses_encryption_and_verify_full_checks_the_certificate() {
    let Some(schema) =
        pg::schema("sslmode_chooses_encryption_and_verify_full_checks_the_certificate")
    else {
        return;
    };
    let on: String = schema.client().query_one("SHOW ssl", &[]).unwrap().get(0);
    if on != "on" {
        eprintln!("skipped: the test server has ssl = {on}");
        return;
    }
    let app = format!("{}_require", schema.name);
    let s = PgStorage::open(&with(
        &schema.url,
        &format!("sslmode=require&application_name={app}"),
    ))
    .unwrap();
    s.put_pref(1, b"tls").unwrap();
    assert_eq!(s.get_pref(1).unwrap(), Some(b"tls".to_vec()));
    assert!(encrypted(&schema, &app), "sslmode=require must encrypt");

    // The check can fail: a connection with TLS switched off is seen as plain.
    let app = format!("{}_disable", schema.name);
    let plain = PgStorage::open(&with(
        &schema.url,
        &format!("sslmode=disable&application_name={app}"),
    ))
    .unwrap();
    assert_eq!(plain.get_pref(1).unwrap(), Some(b"tls".to_vec()));
    assert!(
        !encrypted(&schema, &app),
        "sslmode=disable must not encrypt"
    );

    // verify-full against a self-signed certificate no public root signs: refused, in words.
    match PgStorage::open(&with(&schema.url, "sslmode=verify-full")) {
        Err(StorageError::Io(e)) => assert!(
            e.contains("cannot reach the database") && e.to_lowercase().contains("certificate"),
            "{e}"
        ),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("an unknown certificate must be refused with verify-full"),
    }

    // With the server's certificate as the root and its name in the URL, verify-full connects.
    if !std::path::Path::new(SNAKEOIL).exists() || !schema.url.contains("127.0.0.1") {
        eprintln!("skipped the verify-full success case: no {SNAKEOIL} or not a local server");
        return;
    }
    let app = format!("{}_verify", schema.name);
    let url = schema.url.replacen("127.0.0.1", "localhost", 1);
    let verified = PgStorage::open(&with(
        &url,
        &format!("sslmode=verify-full&sslrootcert={SNAKEOIL}&application_name={app}"),
    ))
    .unwrap();
    assert_eq!(verified.get_pref(1).unwrap(), Some(b"tls".to_vec()));
    assert!(encrypted(&schema, &app));
}
