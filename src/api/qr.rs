//! The QR codes a door shows: a table's join URL for the phones, a pairing URL for a tablet
//! (medium error correction: a phone reads it off a screen).

use super::ApiError;

fn code(url: &str) -> Result<qrcode::QrCode, ApiError> {
    qrcode::QrCode::with_error_correction_level(url.as_bytes(), qrcode::EcLevel::M)
        .map_err(|e| ApiError::internal(format!("no QR code for this address: {e}")))
}

/// `url` as an SVG QR code: dark modules on a light background, with its quiet zone.
pub fn svg(url: &str) -> Result<String, ApiError> {
    Ok(code(url)?
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(240, 240)
        .quiet_zone(true)
        .dark_color(qrcode::render::svg::Color("#000000"))
        .light_color(qrcode::render::svg::Color("#ffffff"))
        .build())
}

/// `url` as a QR code in a terminal (two modules per character, light on dark or dark on
/// light as the terminal draws them: phones read both).
pub fn text(url: &str) -> Result<String, ApiError> {
    Ok(code(url)?
        .render::<qrcode::render::unicode::Dense1x2>()
        .dark_color(qrcode::render::unicode::Dense1x2::Light)
        .light_color(qrcode::render::unicode::Dense1x2::Dark)
        .quiet_zone(true)
        .build())
}
