//! The app's door for paired devices: a tablet or a phone the host paired reaches
//! the whole app from the local network, as the host's own browser reaches `greffier serve`.
//! It is the core's host door (`greffier::api::serve`, `Door::Local` beyond the loopback:
//! `DoorPolicy::PAIRED`, every caller but this machine's own user shows a paired device's
//! token or may only pair) over the SAME `Arc<Api>` the window uses, on a thread of its own,
//! serving the phones' copy of the UI (`TableDoors::ui_files`).
//!
//! Nothing listens before the host asks to pair a device, or, at a later start, while no
//! device is paired; then the door serves until the app quits, at the address it had before
//! when it is free (a paired tablet's page, and the token its browser keeps for that address,
//! still work). The pairing codes, tokens and the list are the core's operations.

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use greffier::api::serve::{ServeOptions, lan_address};
use greffier::api::{Api, ApiError};
use serde::Serialize;
use tauri::{AppHandle, Manager, Runtime};

use crate::table::{DoorFailures, ServedDoor, TABLE_ADDRESS_ENV, TableDoors, serve_door};

/// Where paired devices reach this app.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct PairedDoorAddress {
    /// `http://<ip>:<port>`: a pairing code's URL starts with it.
    pub url: String,
    /// False when the machine has no network address (served on the loopback only: no tablet
    /// can reach it).
    pub lan: bool,
}

struct Running {
    address: PairedDoorAddress,
    stop: tokio::sync::oneshot::Sender<()>,
    thread: JoinHandle<()>,
}

/// The door for paired devices, once it serves.
#[derive(Default)]
pub struct PairedDoor {
    running: Mutex<Option<Running>>,
}

impl PairedDoor {
    /// Serves the door (or answers the one serving): where paired devices reach it.
    pub fn open<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        api: &Arc<Api>,
    ) -> Result<PairedDoorAddress, ApiError> {
        let mut running =
            self.running.lock().map_err(|_| ApiError::internal("the paired door is unavailable"))?;
        if let Some(door) = running.as_ref().filter(|r| !r.thread.is_finished()) {
            return Ok(door.address.clone());
        }
        let ui = match app.try_state::<TableDoors>() {
            Some(doors) => doors.ui_files(app)?,
            None => None,
        };
        let bind = std::env::var(TABLE_ADDRESS_ENV).ok().and_then(|a| a.trim().parse::<IpAddr>().ok());
        let ip = bind.unwrap_or_else(lan_address);
        let before =
            api.paired_door_served_at()?.and_then(|a| a.parse::<SocketAddr>().ok()).filter(|a| a.ip() == ip);
        let served = match before.map(|addr| serve(api, addr, ui.clone())) {
            Some(Ok(served)) => served,
            _ => serve(api, SocketAddr::new(ip, 0), ui)?,
        };
        let (addr, stop, thread) = served;
        api.set_paired_door_served_at(addr)?;
        let address = PairedDoorAddress { url: format!("http://{addr}"), lan: !addr.ip().is_loopback() };
        *running = Some(Running { address: address.clone(), stop, thread });
        Ok(address)
    }

    /// At start: serves the door when some device is paired (a failure only leaves the devices
    /// out until the host pairs one again).
    pub fn open_if_paired<R: Runtime>(&self, app: &AppHandle<R>, api: &Arc<Api>) {
        if api.list_paired_devices().is_ok_and(|devices| !devices.is_empty())
            && let Err(e) = self.open(app, api)
        {
            eprintln!("greffier: the paired devices' door could not open: {}", e.message);
        }
    }

    /// Stops the door and waits for it (the app quits; tests).
    pub fn stop(&self) {
        let taken = self.running.lock().ok().and_then(|mut r| r.take());
        if let Some(Running { stop, thread, .. }) = taken {
            let _ = stop.send(());
            let _ = thread.join();
        }
    }
}

/// Serves the host's door at `addr`.
fn serve(api: &Arc<Api>, addr: SocketAddr, ui: Option<std::path::PathBuf>) -> Result<ServedDoor, ApiError> {
    let options = ServeOptions { addr, ui, table: None, names: Vec::new() };
    let failures = DoorFailures {
        could_not_open: "the paired devices' door could not open",
        did_not_start: "the paired devices' door did not start",
    };
    serve_door(api, options, "paired-door".into(), &failures)
}
