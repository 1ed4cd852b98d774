//! Compares beam widths on the levels a bench CSV left above par or unsolved.
//! Usage: cargo run --release --features tools --example beam -- android-dir bench.csv
use std::time::{Duration, Instant};
use tumblebox::vexed::format::{latin1, parse_android};
use tumblebox::vexed::solve::{Limits, solve_beam};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let csv = std::fs::read_to_string(&args[2]).expect("a bench CSV");
    let widths: Vec<usize> = args[3..].iter().map(|w| w.parse().expect("a width")).collect();
    let mut totals = vec![0usize; widths.len()];
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (pack, idx, par, len, proven) =
            (f[0], f[1].parse::<usize>().unwrap(), f[f.len() - 5], f[f.len() - 4], f[f.len() - 3]);
        if proven == "true" || len == par {
            continue;
        }
        let text = latin1(&std::fs::read(format!("{}/{pack}.txt", args[1])).unwrap());
        let b = parse_android(&text).unwrap()[idx - 1].board.settle().0;
        let mut out = format!("{pack} #{idx} par {par} bench {len}:");
        for (i, &w) in widths.iter().enumerate() {
            let t = Instant::now();
            let r = solve_beam(&b, w, Limits { max_states: None, time: Some(Duration::from_secs(20)) }).unwrap().moves;
            match r {
                Some(moves) => {
                    out.push_str(&format!(" b{w}={} ({:.1}s)", moves.len(), t.elapsed().as_secs_f64()));
                    if moves.len() <= par.parse().unwrap() {
                        totals[i] += 1;
                    }
                }
                None => out.push_str(&format!(" b{w}=- ({:.1}s)", t.elapsed().as_secs_f64())),
            }
        }
        println!("{out}");
    }
    println!("at or below par: {totals:?}");
}
