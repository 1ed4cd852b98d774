//! What the judge's tie-break costs beside the exact search, on a World Finals input:
//! `cargo run --release --features tools --example tiebreak_cost -- par12.in` (see `android_to_judge`).
use std::time::Instant;
use tumblebox::vexed::format::parse_judge;
use tumblebox::vexed::solve::{Limits, solve, solve_first};

fn main() {
    let path = std::env::args().nth(1).expect("usage: tiebreak_cost FILE");
    let text = tumblebox::input::decode(&std::fs::read(path).expect("readable")).expect("text");
    let puzzles = parse_judge(&text).expect("a judge input");
    for round in 0..3 {
        let t = Instant::now();
        for p in &puzzles {
            solve(&p.board, Limits::default()).expect("solvable size");
        }
        let plain = t.elapsed();
        let t = Instant::now();
        for p in &puzzles {
            solve_first(&p.board, Limits::default()).expect("solvable size");
        }
        let first = t.elapsed();
        println!(
            "round {round}: {} puzzles: exact search {:.1} ms, with the tie-break {:.1} ms ({:.2}x)",
            puzzles.len(),
            plain.as_secs_f64() * 1e3,
            first.as_secs_f64() * 1e3,
            first.as_secs_f64() / plain.as_secs_f64()
        );
    }
}
