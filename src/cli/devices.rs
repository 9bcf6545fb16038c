//! `greffier devices`: the devices paired with this history (a tablet, a phone), each reaching
//! the whole app from the network with its own token.

use std::io::Write;

use clap::Subcommand;
use greffier::text::{Lang, Text};

use super::print::{print_json, write_line};
use super::{DbArg, Failure, open_api};

#[derive(Subcommand)]
pub(crate) enum DevicesCommand {
    /// The paired devices, with when each was paired and last used.
    List {
        #[arg(long)]
        json: bool,
    },
    /// A one-time pairing code (valid ten minutes) and, with --address, the URL and QR code a
    /// device scans.
    Pair {
        /// Where the device reaches `greffier serve` (`http://192.168.1.10:4180`).
        #[arg(long)]
        address: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Revoke a paired device (its id from `list`): its token is refused from its next request on.
    Revoke { device: u32 },
}

pub(crate) fn run_devices(
    command: DevicesCommand,
    db: &DbArg,
    lang: Lang,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let api = open_api(db)?;
    let failed = |error| Failure::Api { error, json: false };
    match command {
        DevicesCommand::List { json } => {
            let devices = api.list_paired_devices().map_err(failed)?;
            if json {
                return print_json(out, &devices);
            }
            if devices.is_empty() {
                let none = Text::new("Aucun appareil appairé.", "No device is paired.");
                return write_line(out, none.get(lang));
            }
            let never = Text::new("jamais", "never");
            for d in devices {
                let last = d.last_used_at.map_or_else(|| never.get(lang).to_owned(), |t| t.to_rfc3339());
                write_line(out, &format!("{}\t{}\t{}\t{last}", d.id, d.name, d.created_at.to_rfc3339()))?;
            }
            Ok(())
        }
        DevicesCommand::Pair { address, json } => {
            let code = api.pairing_code(Some(lang), address).map_err(failed)?;
            if json {
                return print_json(out, &code);
            }
            match code.url {
                Some(url) => {
                    if let Ok(qr) = greffier::api::qr::text(&url) {
                        write_line(out, &qr)?;
                    }
                    write_line(out, &url)
                }
                None => write_line(out, &code.pair_path),
            }
        }
        DevicesCommand::Revoke { device } => {
            api.revoke_paired_device(device).map_err(failed)?;
            Ok(())
        }
    }
}
