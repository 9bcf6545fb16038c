//! `greffier`, the command line: see `cli/mod.rs`.

mod cli;

#[global_allocator]
static ALLOCATOR: greffier::Allocator = greffier::Allocator;

fn main() -> std::process::ExitCode {
    cli::main()
}
