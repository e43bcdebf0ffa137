//! The hosts the server answers as. A browser sends the name it looked
//! up in `Host` (and, for a request from a page, the page's origin in
//! `Origin`); a page on a name of an attacker's that resolves to the
//! server's address (DNS rebinding) therefore names a host the server
//! does not know, and is refused.
//!
//! Accepted: an address written as an IP literal (a name nobody else can
//! make resolve to the server), `localhost` and its subdomains (which
//! browsers resolve to loopback themselves), each with the server's port;
//! and the names the server was told to answer as.

use std::net::IpAddr;

/// A host the server was told to answer as: a name, and a port or any.
#[derive(Clone, Debug)]
struct Named {
    name: String,
    port: Option<u16>,
}

/// The hosts a server answers as.
#[derive(Clone, Debug)]
pub(crate) struct Hosts {
    /// The port the server listens on.
    port: u16,
    /// Names besides IP literals and `localhost`.
    named: Vec<Named>,
}

/// Whether `host` is a host the server can be told to answer as:
/// `name` or `name:port` (an IPv6 address in brackets).
pub(crate) fn is_host(host: &str) -> bool {
    !host.contains(['/', ' ', '@']) && split(host).is_some()
}

/// `name[:port]` (an IPv6 address in brackets), the name lowercased.
fn split(authority: &str) -> Option<(String, Option<u16>)> {
    let (name, port) = if let Some(rest) = authority.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        let port = match after {
            "" => None,
            _ => Some(after.strip_prefix(':')?),
        };
        (format!("[{inside}]"), port)
    } else {
        match authority.rsplit_once(':') {
            Some((name, port)) => (name.to_string(), Some(port)),
            None => (authority.to_string(), None),
        }
    };
    let port = match port {
        Some(port) => Some(port.parse().ok()?),
        None => None,
    };
    if name.is_empty() {
        return None;
    }
    Some((name.to_ascii_lowercase(), port))
}

/// Whether `name` is an IP address written out.
fn is_ip_literal(name: &str) -> bool {
    let bare = name
        .strip_prefix('[')
        .and_then(|n| n.strip_suffix(']'))
        .unwrap_or(name);
    bare.parse::<IpAddr>().is_ok()
}

impl Hosts {
    /// The hosts of a server listening on `port`, answering as `names`
    /// besides (each `name` or `name:port`).
    pub(crate) fn new(port: u16, names: &[String]) -> Hosts {
        let named = names
            .iter()
            .filter_map(|n| split(n))
            .map(|(name, port)| Named { name, port })
            .collect();
        Hosts { port, named }
    }

    /// Whether the server answers as `authority` (a `Host` header's
    /// value, or an origin's host and port), where a missing port is
    /// `default_port`.
    pub(crate) fn accepts(&self, authority: &str, default_port: u16) -> bool {
        let Some((name, port)) = split(authority.trim()) else {
            return false;
        };
        let port = port.unwrap_or(default_port);
        let own = port == self.port
            && (is_ip_literal(&name) || name == "localhost" || name.ends_with(".localhost"));
        own || self
            .named
            .iter()
            .any(|n| n.name == name && n.port.is_none_or(|p| p == port))
    }

    /// Whether a request from a page at `origin` (`scheme://host[:port]`)
    /// comes from the server's own pages.
    pub(crate) fn accepts_origin(&self, origin: &str) -> bool {
        let (default_port, authority) = if let Some(a) = origin.strip_prefix("http://") {
            (80, a)
        } else if let Some(a) = origin.strip_prefix("https://") {
            (443, a)
        } else {
            // `null` (a sandboxed frame, a file) and every other scheme.
            return false;
        };
        !authority.contains('/') && self.accepts(authority, default_port)
    }
}

#[cfg(test)]
mod tests {
    use super::Hosts;

    #[test]
    fn the_servers_own_addresses_are_accepted_on_its_port() {
        let hosts = Hosts::new(8080, &[]);
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "app.localhost:8080",
            "[::1]:8080",
            "192.168.1.20:8080",
        ] {
            assert!(hosts.accepts(host, 80), "{host}");
        }
        for host in [
            "127.0.0.1:9000",
            "localhost",
            "evil.test:8080",
            "localhost.evil.test:8080",
            "127.0.0.1.nip.io:8080",
            "",
            ":8080",
            "[::1:8080",
            "127.0.0.1:x",
        ] {
            assert!(!hosts.accepts(host, 80), "{host}");
        }
    }

    #[test]
    fn configured_names_are_accepted_with_their_port_or_any() {
        let hosts = Hosts::new(8080, &["go.example.org".into(), "studio.local:9000".into()]);
        assert!(hosts.accepts("go.example.org", 80));
        assert!(hosts.accepts("Go.Example.Org:443", 80));
        assert!(hosts.accepts("studio.local:9000", 80));
        assert!(!hosts.accepts("studio.local:8080", 80));
        assert!(!hosts.accepts("example.org:8080", 80));
    }

    #[test]
    fn origins_are_judged_by_their_host() {
        let hosts = Hosts::new(8080, &[]);
        assert!(hosts.accepts_origin("http://127.0.0.1:8080"));
        assert!(hosts.accepts_origin("http://localhost:8080"));
        assert!(!hosts.accepts_origin("http://evil.test:8080"));
        assert!(!hosts.accepts_origin("http://127.0.0.1:9999"));
        assert!(!hosts.accepts_origin("null"));
        assert!(!hosts.accepts_origin("file://"));
        assert!(!hosts.accepts_origin("http://127.0.0.1:8080/x"));
    }
}
