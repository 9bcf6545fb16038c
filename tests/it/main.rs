//! The core's integration tests, in one binary (each `tests/*.rs` file would link the crate
//! again). Modules by area.

mod backup;
mod citadelles;
mod cli;
mod crash;
mod history;
mod orleans;
mod rules;
mod scoring;
mod setup;
mod splendor;
mod stats;
mod support;
mod valencia;
