//! Table mode's door in the app: the host opens a play's table to the players'
//! phones, and this process serves it on the local network with the core's table door
//! (`greffier::api::serve`, `Door::Table`) over the SAME `Arc<Api>` the window uses, on a thread
//! of its own. Nothing listens before the host opens the table; the server stops when the table
//! is closed, the play finished, abandoned or deleted (the core tells every listener), or the app
//! quits. The table itself (its phones and seats) is the core's, kept in the history: after a
//! restart, opening it again serves the same seats at the same address (when it is free) with
//! a new join token.
//!
//! The phones load the app's own UI: the window's embedded files, written once per run into
//! `phone-ui/` beside the history, which the door serves with its strict CSP.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use greffier::api::serve::{ServeOptions, lan_address, serve_until};
use greffier::api::{Api, ApiError, TableChange};
use greffier::history::Id;
use greffier::text::Lang;
use serde::Serialize;
use tauri::{AppHandle, Emitter, Manager, Runtime};

/// The window event told every change to a play whose table is open (payload: the core's
/// `TableChange`): the play screen fetches the play again.
pub const TABLE_CHANGED_EVENT: &str = "table-changed";

/// An address to serve the table on instead of the machine's LAN address (the E2E uses the
/// loopback).
pub const TABLE_ADDRESS_ENV: &str = "GREFFIER_TABLE_ADDRESS";

/// How long opening waits for the server to be listening.
const LISTEN_TIMEOUT: Duration = Duration::from_secs(10);

/// What the host's panel shows of a table this app serves: the join URL (the QR code's) and the
/// QR code itself as SVG.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct TableDoor {
    pub play_id: Id,
    /// `http://<ip>:<port>/table?play=<id>#<join token>`.
    pub url: String,
    /// `<ip>:<port>`, the address served.
    pub address: String,
    /// False when the machine has no network address (served on the loopback only: phones
    /// cannot reach it).
    pub lan: bool,
    /// The URL as a QR code (SVG, dark modules on a light background with its quiet zone).
    pub qr_svg: String,
}

/// The tables this process serves, by play.
pub struct TableDoors {
    /// Where the phones' copy of the UI is written (`<data dir>/phone-ui`).
    ui_dir: PathBuf,
    /// The address to serve on, when not the LAN's ([`TABLE_ADDRESS_ENV`], tests).
    bind: Mutex<Option<IpAddr>>,
    /// The UI's files, once written this run (`None` inside: the app has no embedded UI).
    ui: Mutex<Option<Option<PathBuf>>>,
    running: Mutex<HashMap<Id, Running>>,
    /// Servers told to stop, until their thread is joined.
    stopping: Mutex<Vec<JoinHandle<()>>>,
}

struct Running {
    door: TableDoor,
    /// Dropping it stops the server too.
    stop: tokio::sync::oneshot::Sender<()>,
    thread: JoinHandle<()>,
}

impl TableDoors {
    pub fn new(data_dir: &Path) -> Self {
        let bind = std::env::var(TABLE_ADDRESS_ENV).ok().and_then(|a| a.trim().parse().ok());
        TableDoors {
            ui_dir: data_dir.join("phone-ui"),
            bind: Mutex::new(bind),
            ui: Mutex::new(None),
            running: Mutex::new(HashMap::new()),
            stopping: Mutex::new(Vec::new()),
        }
    }

    /// Serves on `ip` instead of the LAN address (tests: the loopback).
    pub fn serve_on(&self, ip: IpAddr) {
        if let Ok(mut bind) = self.bind.lock() {
            *bind = Some(ip);
        }
    }

    /// The door of `play` if this process serves it now.
    pub fn door(&self, play: Id) -> Option<TableDoor> {
        let running = self.running.lock().ok()?;
        running.get(&play).filter(|r| !r.thread.is_finished()).map(|r| r.door.clone())
    }

    /// Tells `play`'s server to stop (the core closed its table); its calls under way finish.
    pub fn stop(&self, play: Id) {
        let taken = self.running.lock().ok().and_then(|mut running| running.remove(&play));
        if let Some(Running { stop, thread, .. }) = taken {
            let _ = stop.send(());
            if let Ok(mut stopping) = self.stopping.lock() {
                stopping.push(thread);
            }
        }
    }

    /// Stops every server and waits for each to end (the app quits; tests).
    pub fn stop_all(&self) {
        let plays: Vec<Id> = self.running.lock().map(|r| r.keys().copied().collect()).unwrap_or_default();
        for play in plays {
            self.stop(play);
        }
        self.join_stopped();
    }

    /// Waits for the servers told to stop.
    pub fn join_stopped(&self) {
        let threads = self.stopping.lock().map(|mut s| std::mem::take(&mut *s)).unwrap_or_default();
        for thread in threads {
            let _ = thread.join();
        }
    }

    /// The UI's files for the phones: the app's embedded files, written into `phone-ui/` the
    /// first time a table opens in this run. `None` when the app embeds none (a dev build
    /// loading its dev server, the mock runtime): the door then serves the API only.
    pub(crate) fn ui_files<R: Runtime>(&self, app: &AppHandle<R>) -> Result<Option<PathBuf>, ApiError> {
        let mut ui = self.ui.lock().map_err(|_| ApiError::internal("the phones' UI is unavailable"))?;
        if let Some(done) = &*ui {
            return Ok(done.clone());
        }
        let resolver = app.asset_resolver();
        let keys: Vec<String> = resolver.iter().map(|(key, _)| key.into_owned()).collect();
        let written = if keys.iter().any(|k| k.trim_start_matches('/') == "index.html") {
            if self.ui_dir.exists() {
                std::fs::remove_dir_all(&self.ui_dir).map_err(ApiError::internal)?;
            }
            for key in keys {
                let relative: PathBuf = Path::new(key.trim_start_matches('/')).components().collect();
                // Only plain relative names are written, inside the folder.
                if relative.components().any(|c| !matches!(c, Component::Normal(_))) {
                    continue;
                }
                let Some(asset) = resolver.get(key.clone()) else { continue };
                let path = self.ui_dir.join(relative);
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent).map_err(ApiError::internal)?;
                }
                std::fs::write(&path, asset.bytes()).map_err(ApiError::internal)?;
            }
            Some(self.ui_dir.clone())
        } else {
            None
        };
        *ui = Some(written.clone());
        Ok(written)
    }

    /// Opens `play`'s table (the core's `table_open`, with the host's `lang` for the phones) and
    /// serves it, or answers the door of the table served already.
    pub fn open<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        api: &Arc<Api>,
        play: Id,
        lang: Option<Lang>,
    ) -> Result<TableDoor, ApiError> {
        if let Some(door) = self.door(play) {
            return Ok(door);
        }
        // A server whose thread ended (it could not go on) is forgotten.
        self.stop(play);
        let ticket = api.table_open(play, None, lang)?;
        let ui = self.ui_files(app)?;
        let bind = self.bind.lock().ok().and_then(|b| *b);
        let ip = bind.unwrap_or_else(lan_address);
        // Where it was served before (this run, or before a restart): the phones' pages reload
        // there and find the tokens their browsers keep for that address. Taken meanwhile by
        // another program, or on another network: any free port.
        let before = ticket.status.session.as_ref().and_then(|s| s.served_at.as_deref());
        let before = before.and_then(|a| a.parse::<SocketAddr>().ok()).filter(|a| a.ip() == ip);
        let served = match before.map(|addr| serve_table(api, play, addr, ui.clone())) {
            Some(Ok(served)) => served,
            _ => serve_table(api, play, SocketAddr::new(ip, 0), ui)?,
        };
        let (addr, stop, thread) = served;
        api.table_served_at(play, addr)?;
        let url = format!("http://{addr}{}", ticket.join_path);
        let door = TableDoor {
            play_id: play,
            qr_svg: greffier::api::qr::svg(&url)?,
            url,
            address: addr.to_string(),
            lan: !addr.ip().is_loopback(),
        };
        if let Ok(mut running) = self.running.lock() {
            running.insert(play, Running { door: door.clone(), stop, thread });
        }
        Ok(door)
    }
}

/// A door serving on a thread of its own: the address bound, the sender that stops it
/// (dropping it too), the thread.
pub(crate) type ServedDoor = (SocketAddr, tokio::sync::oneshot::Sender<()>, JoinHandle<()>);

/// What a door that fails to start says: that it could not open (with the reason), or did not
/// start in time.
pub(crate) struct DoorFailures {
    pub could_not_open: &'static str,
    pub did_not_start: &'static str,
}

/// Serves a door of the core (`options`) on a thread named `thread`, once it listens.
pub(crate) fn serve_door(
    api: &Arc<Api>,
    options: ServeOptions,
    thread: String,
    failures: &DoorFailures,
) -> Result<ServedDoor, ApiError> {
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let (listening, bound) = std::sync::mpsc::channel::<std::io::Result<SocketAddr>>();
    let served = api.clone();
    let thread = std::thread::Builder::new()
        .name(thread)
        .spawn(move || {
            let told = listening.clone();
            let result = serve_until(
                served,
                options,
                move |addr| {
                    let _ = told.send(Ok(addr));
                },
                async move {
                    // Told to stop, or the sender dropped (the app forgot this server).
                    let _ = stopped.await;
                },
            );
            if let Err(e) = result {
                let _ = listening.send(Err(e));
            }
        })
        .map_err(ApiError::internal)?;
    match bound.recv_timeout(LISTEN_TIMEOUT) {
        Ok(Ok(addr)) => Ok((addr, stop, thread)),
        Ok(Err(e)) => {
            let _ = thread.join();
            Err(ApiError::internal(format!("{}: {e}", failures.could_not_open)))
        }
        Err(_) => {
            drop(stop);
            Err(ApiError::internal(failures.did_not_start))
        }
    }
}

/// Serves `play`'s table door at `addr`.
fn serve_table(
    api: &Arc<Api>,
    play: Id,
    addr: SocketAddr,
    ui: Option<PathBuf>,
) -> Result<ServedDoor, ApiError> {
    let options = ServeOptions { addr, ui, table: Some(play), names: Vec::new() };
    let failures = DoorFailures {
        could_not_open: "the table could not be served",
        did_not_start: "the table's server did not start",
    };
    serve_door(api, options, format!("table-{play}"), &failures)
}

/// Tells the window every change to a play whose table is open, and stops a table's server
/// when the core closes the table (closed, play finished, abandoned or deleted).
pub fn watch_tables<R: Runtime>(app: &AppHandle<R>, api: &Api) {
    let app = app.clone();
    api.on_table_change(move |change: &TableChange| {
        if change.closed
            && let Some(doors) = app.try_state::<TableDoors>()
        {
            doors.stop(change.play_id);
        }
        let _ = app.emit(TABLE_CHANGED_EVENT, change);
    });
}
