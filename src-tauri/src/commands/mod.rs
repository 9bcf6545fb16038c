//! The commands the webview may call, by area. Each is a few lines: arguments → core → typed
//! error. They are `async` so none runs on the main (UI) thread; the history lock is taken and
//! released inside, never held across an `.await`.

pub mod app;
pub mod citadelles;
pub mod games;
pub mod history;
pub mod orleans;
pub mod plays;
pub mod rules;
pub mod valencia;
