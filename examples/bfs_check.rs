//! Plain breadth-first search on the bitboard engine (no lower bound, only the one-block dead
//! rule) for one Android level: an independent check of the A* optimum.
//! Usage: cargo run --release --features tools --example bfs_check -- PACK.txt INDEX(1-based)
use std::collections::{HashSet, VecDeque};
use tumblebox::vexed::format::{latin1, parse_android};
use tumblebox::vexed::solve::Compiled;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = latin1(&std::fs::read(&args[1]).unwrap());
    let level = &parse_android(&text).unwrap()[args[2].parse::<usize>().unwrap() - 1];
    let (c, start) = Compiled::new(&level.board).unwrap();
    let mut seen = HashSet::new();
    seen.insert(c.pack(&start));
    let mut q = VecDeque::from([(start, 0u32)]);
    let mut moves = Vec::new();
    let mut depth = 0;
    while let Some((m, d)) = q.pop_front() {
        if d > depth {
            depth = d;
            eprintln!("depth {d}: {} states", seen.len());
        }
        if m.iter().all(|&k| k == 0) {
            println!("{}: BFS optimum {d} (par {:?}), {} states", level.title, level.par, seen.len());
            return;
        }
        c.moves(&m, &mut moves);
        for &(cell, side) in &moves.clone() {
            let n = c.apply(&m, cell, side);
            if n.iter().any(|k| k.count_ones() == 1) {
                continue;
            }
            if seen.insert(c.pack(&n)) {
                q.push_back((n, d + 1));
            }
        }
    }
    println!("{}: unsolvable ({} states)", level.title, seen.len());
}
