//! `greffier serve` (every operation over local HTTP) and `greffier table` (one play opened to
//! the players' phones): the core's server, started from the command line.

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;

use greffier::api::Api;
use greffier::api::serve::ServeOptions;
use greffier::text::{Lang, Text};

use super::{DbArg, Failure, open_api};

/// How `greffier serve` serves.
pub(crate) struct ServeFlags {
    pub host: IpAddr,
    pub port: u16,
    pub ui: PathBuf,
    pub names: Vec<String>,
    /// Whether a shared history follows its folder while served.
    pub sharing: bool,
}

/// `greffier serve`: the history's day backup, then every operation at `POST /api/<operation>`
/// and the built UI at `/`, until stopped.
pub(crate) fn serve(db: &DbArg, flags: ServeFlags, lang: Lang) -> Result<(), Failure> {
    let ServeFlags { host, port, ui, names, sharing } = flags;
    let api = open_api(db)?;
    if let Err(e) = api.daily_backup() {
        eprintln!("greffier: daily backup failed: {e}");
    }
    let ui = ui.is_dir().then_some(ui);
    if ui.is_none() {
        eprintln!("greffier: no built UI found (npm run build --prefix ui): serving the API only");
    }
    let options = ServeOptions { addr: std::net::SocketAddr::new(host, port), ui, table: None, names };
    let api = std::sync::Arc::new(api);
    // A shared history follows the folder while it is served, as in the app's window (stopped
    // when the server stops).
    let _sharing = if sharing { api.start_sharing() } else { None };
    let pairing = api.clone();
    greffier::api::serve::serve(api, options, move |addr| {
        // The first line is the address, for scripts (and the tests) to read.
        println!("http://{addr}/");
        let _ = std::io::stdout().flush();
        if !addr.ip().is_loopback() {
            offer_pairing(&pairing, addr, lang);
        }
    })
    .map_err(|e| Failure::Other(format!("serve: {e}")))
}

/// `serve` beyond the loopback: says who gets in, and prints a pairing code's URL and QR code
/// (on standard error: the first line of standard output stays the address).
fn offer_pairing(api: &Api, addr: std::net::SocketAddr, lang: Lang) {
    let reached = if addr.ip().is_unspecified() {
        std::net::SocketAddr::new(greffier::api::serve::lan_address(), addr.port())
    } else {
        addr
    };
    let said = Text::new(
        "greffier : hors de cette machine, seuls les appareils appairés entrent (HTTP simple : un réseau de confiance seulement). Pour appairer une tablette, scannez ce code (valable 10 minutes, une fois) ; d'autres : greffier devices pair",
        "greffier: off this machine, only paired devices get in (plain HTTP: a trusted network only). To pair a tablet, scan this code (valid 10 minutes, once); more: greffier devices pair",
    );
    eprintln!("{}", said.get(lang));
    match api.pairing_code(Some(lang), Some(format!("http://{reached}"))) {
        Ok(code) => {
            let url = code.url.unwrap_or(code.pair_path);
            if let Ok(qr) = greffier::api::qr::text(&url) {
                eprintln!("{qr}");
            }
            eprintln!("{url}");
        }
        Err(e) => eprintln!("greffier: no pairing code: {}", e.message),
    }
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
    let options =
        ServeOptions { addr: std::net::SocketAddr::new(ip, port), ui, table: Some(play), names: Vec::new() };
    greffier::api::serve::serve(std::sync::Arc::new(api), options, |addr| {
        // The first line is the join URL (the QR code's), for scripts and the tests.
        println!("http://{addr}{}", ticket.join_path);
        let _ = std::io::stdout().flush();
        eprintln!("greffier: everyone must be on the same trusted network (plain HTTP)");
    })
    .map_err(|e| Failure::Other(format!("table: {e}")))
}
