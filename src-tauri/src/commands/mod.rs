//! The commands the webview may call: one per operation of the core's table
//! (`greffier::for_each_operation!`, generated in [`operations`]), the window's own
//! (preferences, closing) in [`app`], table mode's door in [`phones`], and the file an import
//! reads, sent in blocks, in [`upload`]. They are `async` so
//! none runs on the main (UI) thread; the history lock is taken and released inside the core,
//! never held across an `.await`.

pub mod app;
pub mod operations;
pub mod phones;
pub mod upload;
