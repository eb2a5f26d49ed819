//! TLS for PostgreSQL connections, chosen by the URL as libpq does it: `sslmode=disable` never
//! encrypts, `prefer` (the default) encrypts when the server offers it, `require` insists on
//! encryption without checking who answers, and `verify-full` (or `verify-ca`) also checks the
//! server's certificate and name against the public roots and `sslrootcert=<PEM file>`. rustls
//! does the work (no OpenSSL to install).

use crate::service::storage::StorageError;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{verify_tls12_signature, verify_tls13_signature, CryptoProvider};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use std::path::PathBuf;
use std::sync::Arc;
use tokio_postgres_rustls::MakeRustlsConnect;

/// How a connection is secured, read from the URL.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TlsChoice {
    /// Check the server's certificate and name (`verify-full`, `verify-ca`).
    pub verify: bool,
    /// Certificates to trust besides the public roots (`sslrootcert`).
    pub root_cert: Option<PathBuf>,
}

/// Splits the TLS choices the PostgreSQL client does not read itself (`sslmode=verify-full`,
/// `verify-ca` and `sslrootcert`) off a `postgres://` URL: returns the URL the client reads
/// (`sslmode=require` in their place) and the choice.
pub fn split_url(url: &str) -> Result<(String, TlsChoice), StorageError> {
    let Some((base, query)) = url.split_once('?') else {
        return Ok((url.to_string(), TlsChoice::default()));
    };
    let mut choice = TlsChoice::default();
    let mut kept = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "sslmode" if matches!(value, "verify-full" | "verify-ca") => {
                choice.verify = true;
                kept.push("sslmode=require".to_string());
            }
            "sslrootcert" => {
                let path = percent_decode(value).ok_or_else(|| {
                    StorageError::Io(format!(
                        "the database URL's sslrootcert is not valid: {value:?}"
                    ))
                })?;
                choice.root_cert = Some(PathBuf::from(path));
            }
            _ => kept.push(pair.to_string()),
        }
    }
    if choice.root_cert.is_some() && !choice.verify {
        return Err(StorageError::Io(
            "the database URL names sslrootcert without sslmode=verify-full: the certificate would not be checked"
                .into(),
        ));
    }
    let url = if kept.is_empty() {
        base.to_string()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    Ok((url, choice))
}

/// `%2F` and the like decoded (a path in a URL).
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The connector for a choice: rustls with the ring provider.
pub fn connector(choice: &TlsChoice) -> Result<MakeRustlsConnect, StorageError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| StorageError::Io(format!("cannot set up TLS: {e}")))?;
    let config = if choice.verify {
        let mut roots = RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        if let Some(path) = &choice.root_cert {
            let unreadable = |e: &dyn std::fmt::Display| {
                StorageError::Io(format!(
                    "cannot read the database's root certificate {}: {e}",
                    path.display()
                ))
            };
            let certs = CertificateDer::pem_file_iter(path)
                .map_err(|e| unreadable(&e))?
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| unreadable(&e))?;
            if certs.is_empty() {
                return Err(unreadable(&"it holds no certificate"));
            }
            for cert in certs {
                roots.add(cert).map_err(|e| unreadable(&e))?;
            }
        }
        config.with_root_certificates(roots).with_no_client_auth()
    } else {
        config
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(EncryptOnly(provider)))
            .with_no_client_auth()
    };
    Ok(MakeRustlsConnect::new(config))
}

/// `sslmode=require` and `prefer`: the connection is encrypted, and the server's certificate
/// is not checked (libpq's meaning; `verify-full` checks it). Its signatures still are.
#[derive(Debug)]
struct EncryptOnly(Arc<CryptoProvider>);

impl ServerCertVerifier for EncryptOnly {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libpq_tls_choices_are_read_off_the_url() {
        let (url, c) = split_url("postgres://u@h/db").unwrap();
        assert_eq!(
            (url.as_str(), c),
            ("postgres://u@h/db", TlsChoice::default())
        );
        let (url, c) = split_url("postgres://u@h/db?sslmode=require&options=x").unwrap();
        assert_eq!(url, "postgres://u@h/db?sslmode=require&options=x");
        assert!(!c.verify);
        let (url, c) =
            split_url("postgres://u@h/db?sslmode=verify-full&sslrootcert=%2Fetc%2Fca.pem").unwrap();
        assert_eq!(url, "postgres://u@h/db?sslmode=require");
        assert!(c.verify);
        assert_eq!(c.root_cert, Some(PathBuf::from("/etc/ca.pem")));
        // A root certificate that would be ignored is refused rather than silently unused.
        assert!(split_url("postgres://u@h/db?sslrootcert=/ca.pem").is_err());
        assert!(split_url("postgres://u@h/db?sslmode=verify-ca&sslrootcert=%zz").is_err());
    }

    #[test]
    fn a_missing_root_certificate_is_named() {
        let choice = TlsChoice {
            verify: true,
            root_cert: Some("/nonexistent/ca.pem".into()),
        };
        let Err(StorageError::Io(e)) = connector(&choice) else {
            panic!("a missing file must be refused");
        };
        assert!(e.contains("/nonexistent/ca.pem"), "{e}");
    }
}
