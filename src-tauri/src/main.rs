// Hide the console window of release builds on Windows.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

#[global_allocator]
static ALLOCATOR: greffier::Allocator = greffier::Allocator;

fn main() {
    // Before any thread or GTK starts (see the function's doc).
    #[cfg(target_os = "linux")]
    greffier_app::rendering::before_gtk_starts();
    greffier_app::run();
}
