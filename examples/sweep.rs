//! Compares A* (beam first, then the exact search below the beam's length) with the class
//! sweep below the same length, on chosen levels: the same answer, and memory held.
//! Usage: cargo run --release --features tools --example sweep -- PACK.txt N [N...]
use tumblebox::vexed::format::{latin1, parse_android};
use tumblebox::vexed::solve::{Limits, Outcome, solve_beam, solve_proven_observed};
use tumblebox::vexed::sweep::{SweepOutcome, sweep};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let levels = parse_android(&latin1(&std::fs::read(&args[1]).expect("a readable pack"))).expect("a valid pack");
    let skip_astar = std::env::var("NO_ASTAR").is_ok();
    for n in &args[2..] {
        let l = &levels[n.parse::<usize>().expect("a level number") - 1];
        let b = l.board.settle().0;
        let beam = solve_beam(&b, 1 << 12, Limits::default()).expect("a board the solver takes");
        let upper = match std::env::var("BELOW") {
            Ok(v) => Some(v.parse::<u32>().expect("BELOW: a length")),
            Err(_) => beam.moves.as_ref().map(|m| m.len() as u32),
        };
        let s = sweep(&b, upper, Limits::default(), &mut |p| {
            eprintln!("  {p:?}");
            true
        })
        .expect("a board the solver takes");
        let opt = match s.outcome {
            SweepOutcome::Optimum(k) => Some(k),
            SweepOutcome::NoneBelow => upper,
            SweepOutcome::Limit(_) => None,
        };
        println!(
            "{} #{n}: beam {upper:?}; sweep {:?} (optimum {opt:?}) in {:.2} s, {} expanded, {} stored, peak held {}, {} classes",
            l.title,
            s.outcome,
            s.elapsed.as_secs_f64(),
            s.expanded,
            s.stored,
            s.peak_held,
            s.classes
        );
        if !skip_astar {
            let a = solve_proven_observed(&b, Limits::default(), &mut |_| true).expect("a board the solver takes");
            let len = match &a.outcome {
                Outcome::Solved { moves, proven } => format!("{}{}", moves.len(), if *proven { " proven" } else { "" }),
                o => format!("{o:?}"),
            };
            println!("   A*: {len} in {:.2} s, {} expanded, {} stored", a.elapsed.as_secs_f64(), a.expanded, a.stored);
        }
    }
}
