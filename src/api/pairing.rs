//! Pairing a device: a tablet or a phone the host pairs reaches the whole app over
//! the network, as the host's own browser does, with a token of its own that the host can
//! revoke.
//!
//! The host asks for a **pairing code** (`pairing_code`: the desktop app's Settings, `greffier
//! serve` beyond the loopback, `greffier devices pair`) and shows it as a QR code of
//! `http://<address>` + [`PairingCode::pair_path`]. The device's page sends it with the name the
//! device gives itself (`pair_device`, the one operation a caller off the loopback may make
//! without a token: [`super::Capability::Pair`]) and receives its **device token**, shown once,
//! which its browser keeps and sends on every request (`Authorization: Bearer`). A code pairs
//! one device, once, within [`PAIRING_CODE_LIFETIME`].
//!
//! Tokens and codes have table mode's shape (`api::table`): `h<device>_<secret>` and
//! `p<code>_<secret>`, 160 random bits; only SHA-256 digests are stored (migration 0017), and
//! each request's token is checked against the history ([`Api::paired_access`]), so a revoked
//! device is refused from its next request on, in every process. The door decides who needs a
//! token (`serve/guard.rs`: `Callers`).

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::table::{digest_of, new_secret, parse_token, same_digest};
use super::{Api, ApiError, ErrorKind};
use crate::history::{Id, PairedDevice};
use crate::text::Lang;

/// How long a pairing code may wait to be used.
pub const PAIRING_CODE_LIFETIME: chrono::Duration = chrono::Duration::minutes(10);

/// A pairing code to show the device (as a QR code).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PairingCode {
    pub code: String,
    /// `/pair?lang=<host's language>#<code>` (`lang` only when the host said it), to put after
    /// `http://<address>:<port>`: the code rides in the fragment, which a browser never sends.
    pub pair_path: String,
    /// The whole URL and its QR code, when the door told where the device reaches it.
    pub url: Option<String>,
    pub qr_svg: Option<String>,
    pub expires_at: DateTime<Utc>,
}

/// A device just paired: its token, shown this once (the device keeps it).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct DevicePaired {
    pub device: PairedDevice,
    pub token: String,
}

fn code_refused() -> ApiError {
    ApiError::new(
        ErrorKind::Unauthorized,
        "this pairing code is not valid (used already, expired or mistyped): ask the host for a new one",
    )
}

fn token_refused() -> ApiError {
    ApiError::new(
        ErrorKind::Unauthorized,
        "this device is not paired (or no longer): pair it again from the host's Settings",
    )
}

impl Api {
    /// A new one-time pairing code, valid for [`PAIRING_CODE_LIFETIME`]; with `address`
    /// (`http://<ip>:<port>`, where the device reaches the door), its URL and QR code.
    pub(crate) fn new_pairing_code(
        &self,
        lang: Option<Lang>,
        address: Option<&str>,
    ) -> Result<PairingCode, ApiError> {
        let address = address.map(|a| a.trim().trim_end_matches('/')).filter(|a| !a.is_empty());
        if let Some(address) = address
            && !(address.starts_with("http://") || address.starts_with("https://"))
        {
            let mut problems = crate::games::Problems::new();
            problems.push(
                "address",
                "not_a_url",
                crate::text::Text::new(
                    "Une adresse commence par http:// (http://192.168.1.10:4180).",
                    "An address starts with http:// (http://192.168.1.10:4180).",
                ),
            );
            return Err(problems.into());
        }
        let (secret, digest) = new_secret()?;
        let (id, expires_at) = self.store()?.add_pairing_code(&digest, PAIRING_CODE_LIFETIME)?;
        let code = format!("p{id}_{secret}");
        let lang = lang.map(|l| format!("?lang={}", l.code())).unwrap_or_default();
        let pair_path = format!("/pair{lang}#{code}");
        let url = address.map(|a| format!("{a}{pair_path}"));
        let qr_svg = url.as_deref().map(super::qr::svg).transpose()?;
        Ok(PairingCode { pair_path, url, qr_svg, code, expires_at })
    }

    /// Pairs the device named `name` with `code`: its token, once.
    pub(crate) fn pair_with_code(&self, code: &str, name: &str) -> Result<DevicePaired, ApiError> {
        let (id, secret) = match parse_token(code.trim()) {
            Some(('p', id, secret)) => (id, secret),
            _ => return Err(code_refused()),
        };
        let given = digest_of(secret);
        let (token_secret, token_digest) = new_secret()?;
        let device = self
            .store()?
            .pair_device(id, |stored| same_digest(stored, &given), name, &token_digest)?
            .ok_or_else(code_refused)?;
        let token = format!("h{}_{token_secret}", device.id);
        Ok(DevicePaired { device, token })
    }

    /// The paired device a token names, checked against the history now (a revoked device is
    /// refused from its next request on), its use noted. Any failure is `unauthorized`, saying
    /// nothing of which part was wrong.
    pub fn paired_access(&self, token: &str) -> Result<Id, ApiError> {
        let Some(('h', id, secret)) = parse_token(token) else { return Err(token_refused()) };
        let store = self.store()?;
        let stored = store.paired_device_digest(id)?.ok_or_else(token_refused)?;
        if !same_digest(&stored, &digest_of(secret)) {
            return Err(token_refused());
        }
        // A use that could not be noted refuses nothing.
        let _ = store.note_paired_device_use(id);
        Ok(id)
    }

    /// Revokes a paired device; the devices still paired.
    pub(crate) fn revoke_device(&self, device: Id) -> Result<Vec<PairedDevice>, ApiError> {
        let store = self.store()?;
        store.revoke_paired_device(device)?;
        Ok(store.paired_devices()?)
    }

    /// Where the desktop app last served its door for paired devices (door plumbing).
    pub fn paired_door_served_at(&self) -> Result<Option<String>, ApiError> {
        Ok(self.store()?.paired_door_served_at()?)
    }

    /// A door notes where it serves paired devices: tried first next time.
    pub fn set_paired_door_served_at(&self, address: std::net::SocketAddr) -> Result<(), ApiError> {
        Ok(self.store()?.set_paired_door_served_at(&address.to_string())?)
    }
}
