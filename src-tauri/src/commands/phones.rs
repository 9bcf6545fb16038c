//! The doors to other devices: table mode's (the host opens a play's table to the phones, and finds
//! the door again; `crate::table` serves it) and the paired devices' (`crate::paired`).

use std::sync::Arc;

use greffier::api::{Api, ApiError};
use greffier::history::Id;
use greffier::text::Lang;
use tauri::{AppHandle, Runtime, State};

use crate::paired::{PairedDoor, PairedDoorAddress};
use crate::table::{TableDoor, TableDoors};

/// Opens `play`'s table to the phones (the core's `table_open`: the same seats as before if it
/// was open) and serves it on the local network: the join URL and its QR code. `lang`: the
/// window's language, which the phones speak until their players pick one. A table this app
/// serves already answers its door as it is.
#[tauri::command]
#[specta::specta]
pub async fn open_table_to_phones<R: Runtime>(
    app: AppHandle<R>,
    api: State<'_, Arc<Api>>,
    doors: State<'_, TableDoors>,
    play_id: Id,
    lang: Option<Lang>,
) -> Result<TableDoor, ApiError> {
    doors.open(&app, api.inner(), play_id, lang)
}

/// The door of `play_id`'s table if this app serves it now (`null`: not served, even if the
/// core keeps the table open from before a restart).
#[tauri::command]
#[specta::specta]
pub async fn table_door(doors: State<'_, TableDoors>, play_id: Id) -> Result<Option<TableDoor>, ApiError> {
    Ok(doors.door(play_id))
}

/// Serves the door for paired devices on the local network, or answers the one
/// serving: where a device reaches it, for the core's `pairing_code` to make its URL and QR code.
#[tauri::command]
#[specta::specta]
pub async fn open_paired_door<R: Runtime>(
    app: AppHandle<R>,
    api: State<'_, Arc<Api>>,
    door: State<'_, PairedDoor>,
) -> Result<PairedDoorAddress, ApiError> {
    door.open(&app, api.inner())
}
