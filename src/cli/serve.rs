//! `greffier serve` (every operation over local HTTP) and `greffier table` (one play opened to
//! the players' phones): the core's server, started from the command line.

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;

use greffier::api::serve::ServeOptions;
use greffier::text::Lang;

use super::{DbArg, Failure, open_api};

/// `greffier serve`: the history's day backup, then every operation at `POST /api/<operation>`
/// and the built UI at `/`, until stopped.
pub(crate) fn serve(db: &DbArg, host: IpAddr, port: u16, ui: PathBuf) -> Result<(), Failure> {
    let api = open_api(db)?;
    if let Err(e) = api.daily_backup() {
        eprintln!("greffier: daily backup failed: {e}");
    }
    let ui = ui.is_dir().then_some(ui);
    if ui.is_none() {
        eprintln!("greffier: no built UI found (npm run build --prefix ui): serving the API only");
    }
    let options = ServeOptions { addr: std::net::SocketAddr::new(host, port), ui, table: None };
    greffier::api::serve::serve(std::sync::Arc::new(api), options, |addr| {
        // The first line is the address, for scripts (and the tests) to read.
        println!("http://{addr}/");
        let _ = std::io::stdout().flush();
    })
    .map_err(|e| Failure::Other(format!("serve: {e}")))
}

/// `greffier table --play N`: opens the play's table (`table_open`) and serves it to phones
/// only, printing the join URL first.
pub(crate) fn table(
    db: &DbArg,
    play: u32,
    seats: Vec<u8>,
    bind: Option<IpAddr>,
    port: u16,
    ui: PathBuf,
    lang: Lang,
) -> Result<(), Failure> {
    let api = open_api(db)?;
    let seats = (!seats.is_empty()).then_some(seats);
    let ticket =
        api.table_open(play, seats, Some(lang)).map_err(|error| Failure::Api { error, json: false })?;
    let ip = bind.filter(|ip| !ip.is_unspecified()).unwrap_or_else(greffier::api::serve::lan_address);
    let ui = ui.is_dir().then_some(ui);
    let options = ServeOptions { addr: std::net::SocketAddr::new(ip, port), ui, table: Some(play) };
    greffier::api::serve::serve(std::sync::Arc::new(api), options, |addr| {
        // The first line is the join URL (the QR code's), for scripts and the tests.
        println!("http://{addr}{}", ticket.join_path);
        let _ = std::io::stdout().flush();
        eprintln!("greffier: everyone must be on the same trusted network (plain HTTP)");
    })
    .map_err(|e| Failure::Other(format!("table: {e}")))
}
