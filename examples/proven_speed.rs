//! Compares the plain exact search with the app's beam-first exact search on chosen levels.
//! Usage: cargo run --release --features tools --example proven_speed -- PACK.txt N [N...]
use tumblebox::vexed::format::{latin1, parse_android};
use tumblebox::vexed::solve::{Limits, Outcome, solve, solve_proven_observed};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let levels = parse_android(&latin1(&std::fs::read(&args[1]).expect("a readable pack"))).expect("a valid pack");
    for n in &args[2..] {
        let l = &levels[n.parse::<usize>().expect("a level number") - 1];
        let b = l.board.settle().0;
        let len = |o: &Outcome| match o {
            Outcome::Solved { moves, proven } => format!("{}{}", moves.len(), if *proven { " proven" } else { "" }),
            o => format!("{o:?}"),
        };
        let plain = solve(&b, Limits::default()).expect("a board the solver takes");
        let head = solve_proven_observed(&b, Limits::default(), &mut |_| true).expect("a board the solver takes");
        println!(
            "{} #{n}: plain {} in {:.2} s, {} stored; beam first {} in {:.2} s, {} stored",
            l.title,
            len(&plain.outcome),
            plain.elapsed.as_secs_f64(),
            plain.stored,
            len(&head.outcome),
            head.elapsed.as_secs_f64(),
            head.stored
        );
    }
}
