// Hide the console window of release builds on Windows.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

#[global_allocator]
static ALLOCATOR: greffier::Allocator = greffier::Allocator;

fn main() {
    greffier_app::run();
}
