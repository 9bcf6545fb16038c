//! orleans benchmarks (divan).

fn main() {
    divan::main();
}
