//! Compares weighted searches on the levels a bench CSV left unproven above par.
//! Usage: cargo run --release --example weights -- android-dir bench.csv
use std::time::Duration;
use tumblebox::vexed::format::{latin1, parse_android};
use tumblebox::vexed::solve::{Limits, Outcome, solve_weighted};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let csv = std::fs::read_to_string(&args[2]).unwrap();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (pack, idx, par, len, proven) =
            (f[0], f[1].parse::<usize>().unwrap(), f[f.len() - 5], f[f.len() - 4], f[f.len() - 3]);
        if proven == "true" || len.is_empty() || len == par {
            continue;
        }
        let text = latin1(&std::fs::read(format!("{}/{pack}.txt", args[1])).unwrap());
        let b = parse_android(&text).unwrap()[idx - 1].board.settle().0;
        let mut out = format!("{pack} #{idx} par {par} bench {len}:");
        for w in [2, 3, 5] {
            let r = solve_weighted(&b, Limits { max_states: Some(20_000_000), time: Some(Duration::from_secs(2)) }, w)
                .unwrap();
            match r.outcome {
                Outcome::Solved { moves, .. } => out.push_str(&format!(" w{w}={}", moves.len())),
                _ => out.push_str(&format!(" w{w}=-")),
            }
        }
        println!("{out}");
    }
}
