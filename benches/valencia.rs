//! valencia benchmarks (divan).

fn main() {
    divan::main();
}
