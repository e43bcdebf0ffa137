//! Accepting connections, each bounded: at most a set number open at
//! once (the next is accepted only when one closes, so a crowd of slow
//! clients waits in the system's queue rather than taking the server's
//! memory), and each must send a request's headers within the header
//! timeout, the first request's and every kept-alive one's.

use crate::Config;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Serves `router` to every connection `listener` accepts, until the
/// process ends.
pub(crate) async fn accept(
    listener: TcpListener,
    router: axum::Router,
    config: &Config,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(config.max_connections));
    let header_timeout = config.header_timeout;
    loop {
        let Ok(slot) = Arc::clone(&open).acquire_owned().await else {
            // The semaphore is never closed.
            return Ok(());
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it
            // was accepted: wait a moment and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        stream.set_nodelay(true).ok();
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service);
            // A connection's end, however it came, is the client's
            // business; the slot is given back.
            connection.await.ok();
            drop(slot);
        });
    }
}
