//! The optimiser measured: for each level of a `sokoban bench` CSV (its solutions), the
//! vicinity search at SECONDS a level, and the pushes before and after against a CSV of
//! proven optima (a bench `--optimal` CSV: `proven` true).
//!
//! `cargo run --release --features tools --example optimise -- LEVELS.xsb FAST.csv OPTIMAL.csv SECONDS`

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

fn csv_rows(path: &str) -> Vec<HashMap<String, String>> {
    let text = std::fs::read_to_string(path).expect("a CSV");
    let mut lines = text.lines();
    let head: Vec<String> = lines.next().unwrap().split(',').map(str::to_string).collect();
    lines.map(|l| head.iter().cloned().zip(l.split(',').map(str::to_string)).collect()).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, levels, fast, optimal, secs] = args.as_slice() else {
        eprintln!("usage: optimise LEVELS.xsb FAST.csv OPTIMAL.csv SECONDS");
        std::process::exit(2);
    };
    let levels = tumblebox::sokoban::xsb::parse_any(&std::fs::read_to_string(levels).unwrap()).unwrap();
    let secs: f64 = secs.parse().unwrap();
    let best: HashMap<usize, usize> = csv_rows(optimal)
        .into_iter()
        .filter(|r| r["proven"] == "true")
        .map(|r| (r["index"].parse().unwrap(), r["pushes"].parse().unwrap()))
        .collect();
    let (mut before, mut after, mut n, mut better, mut reached) = (0.0, 0.0, 0, 0, 0);
    let began = std::time::Instant::now();
    for r in csv_rows(fast) {
        let i: usize = r["index"].parse().unwrap();
        let (Some(&opt), Some(line)) = (best.get(&i), r.get("solution").filter(|s| !s.is_empty())) else { continue };
        let moves = tumblebox::sokoban::xsb::parse_lurd(line, 1).unwrap();
        let l = &levels[i - 1].maze;
        let o = tumblebox::sokoban::search::optimise(
            &l.level,
            &l.start,
            &moves,
            std::time::Duration::from_secs_f64(secs),
            tumblebox::sokoban::search::DEFAULT_STATES / 10,
            &AtomicBool::new(false),
            &tumblebox::meter::Meter::new(),
        )
        .unwrap();
        let given: usize = r["pushes"].parse().unwrap();
        assert!(o.pushes <= given && o.pushes >= opt, "level {i}: {} pushes, optimum {opt}", o.pushes);
        before += given as f64 / opt as f64;
        after += o.pushes as f64 / opt as f64;
        n += 1;
        better += o.better as usize;
        reached += (o.pushes == opt) as usize;
    }
    println!(
        "{n} levels: pushes / optimum {:.3} -> {:.3} on average; {better} improved, {reached} at the optimum; {:.1} s",
        before / n as f64,
        after / n as f64,
        began.elapsed().as_secs_f64()
    );
}
