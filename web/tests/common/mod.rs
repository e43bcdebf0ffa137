//! A server on a free loopback port for the tests, and a small HTTP client.

// Each test binary includes this module and uses only part of it.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;
use tengen_web::Config;

/// Starts a server with `config` (its address replaced by 127.0.0.1 on a
/// free port) on a thread of its own; its address.
pub(crate) fn start(config: Config) -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let config = Config {
            address: SocketAddr::from(([127, 0, 0, 1], 0)),
            ..config
        };
        tengen_web::serve(config, |address| {
            tx.send(address).expect("the test waits for the address");
        })
        .expect("the server runs");
    });
    rx.recv_timeout(Duration::from_secs(30))
        .expect("the server starts")
}

/// A response: its status and body.
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) headers: String,
    pub(crate) body: String,
}

impl Reply {
    /// The body as JSON.
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }
}

/// Sends `head` (the request line and headers, without the blank line
/// that ends them) and `body`, and reads the whole reply.
pub(crate) fn raw(address: SocketAddr, head: &str, body: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(address).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .expect("a timeout");
    let head = format!(
        "{head}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("writes");
    stream.write_all(body).expect("writes the body");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("reads the reply");
    parse(&raw)
}

/// A reply read whole.
fn parse(raw: &[u8]) -> Reply {
    let text = String::from_utf8_lossy(raw);
    let (headers, body) = text.split_once("\r\n\r\n").expect("headers and a body");
    let status = headers
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    Reply {
        status,
        headers: headers.to_string(),
        body: body.to_string(),
    }
}

/// Sends `method path` with `body` (raw bytes, as JSON) and reads the
/// whole reply.
pub(crate) fn request(address: SocketAddr, method: &str, path: &str, body: &[u8]) -> Reply {
    raw(
        address,
        &format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json"),
        body,
    )
}

/// `GET path`.
pub(crate) fn get(address: SocketAddr, path: &str) -> Reply {
    request(address, "GET", path, b"")
}

/// `POST path` with a JSON body.
pub(crate) fn post(address: SocketAddr, path: &str, body: &Value) -> Reply {
    request(address, "POST", path, body.to_string().as_bytes())
}
