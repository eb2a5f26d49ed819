//! Processes and ports for tests and benches that start `meeplebot` or a browser driver.

#![allow(dead_code)]

use std::process::Child;

/// A free port on 127.0.0.1 (free when asked; a test binds it soon after).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A child process, killed and reaped when dropped.
pub struct Kill(pub Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
