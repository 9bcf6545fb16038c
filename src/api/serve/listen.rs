//! The accept loop of both doors: hyper's HTTP/1 connections with a timer, so that a request's
//! head must arrive within the door's `header_timeout` (a half-sent request, or a connection
//! left idle between requests, is closed then: `axum::serve` sets no timer, and 1,000 such
//! connections once took every file descriptor); the door's connection caps, per client
//! address and in all; the client's address handed to the routes (`ConnectInfo`); and a
//! graceful stop that lets the calls under way finish.

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tower::Service;

use super::guard::{Connections, DoorPolicy};

/// Serves `router` on `listener` under `policy` until `stop` completes, then waits for the
/// connections under way to end (the live streams end on their own when told to stop).
pub(super) async fn serve_connections(
    listener: TcpListener,
    router: Router,
    policy: &DoorPolicy,
    stop: impl std::future::Future<Output = ()>,
) {
    let connections = Connections::new(policy);
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(policy.header_timeout);
    let mut stop = std::pin::pin!(stop);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors (or any other failure to accept): try again shortly
                    // rather than spin; a connection reset before it was accepted is nothing.
                    if !matches!(
                        e.kind(),
                        std::io::ErrorKind::ConnectionAborted | std::io::ErrorKind::ConnectionReset
                    ) {
                        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    }
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // One too many: closed at once, before anything is read.
        let Some(admitted) = connections.admit(remote.ip()) else { continue };
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(remote));
            let mut router = router.clone();
            async move { router.call(request.map(Body::new)).await }
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(admitted);
        });
    }
    drop(listener);
    graceful.shutdown().await;
}
