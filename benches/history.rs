//! history benchmarks (divan).

fn main() {
    divan::main();
}
