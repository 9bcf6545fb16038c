//! The core's integration tests, in one binary (each `tests/*.rs` file would link the crate
//! again). Modules by area.

mod backup;
mod bgstats;
mod checkout;
mod citadelles;
mod citadelles_round;
mod citations;
mod cli;
mod crash;
mod csv_export;
mod doors;
mod helpers_refuse;
mod history;
mod limits;
mod orleans;
mod orleans_doors;
mod play_log;
mod read_only;
mod rules;
mod rules_corpus;
mod score_snapshots;
mod scoring;
mod serve;
mod setup;
mod splendor;
mod stats;
mod stats_summaries;
mod support;
mod sync;
mod syncthing;
mod table;
mod table_door;
mod texts;
mod unsafe_code;
mod valencia;
mod valencia_course;
