//! The pushing-boxes judge against a plain Dijkstra, in one run, on the same mazes:
//! `cargo bench --bench sokoban_judge`. The mazes are 20 x 20 (UVa 589's largest): random
//! ones at three rock densities and open rooms (rock only around the edge), generated from a
//! fixed seed. Both must give the same answers, byte for byte; the table gives the time of
//! each and the ratio (the median of several rounds, the two taking turns).

use std::time::Instant;
use tumblebox::generate::Rng;
use tumblebox::grid::{Grid, Pos};
use tumblebox::sokoban::format::Maze;
use tumblebox::sokoban::rules::{Level, Position};
use tumblebox::sokoban::solve::Solver;

#[path = "../tests/common/dijkstra.rs"]
mod dijkstra;
use dijkstra::plain_dijkstra as plain;

/// A 20 x 20 maze: rock around the edge, each inner cell rock with probability `rock`, and
/// S, B, T on three distinct floor cells (the box not against the edge).
fn maze(rng: &mut Rng, rock: f64) -> Maze {
    let side = 20;
    loop {
        let walls: Vec<bool> = (0..side * side)
            .map(|i| {
                let (r, c) = (i / side, i % side);
                r == 0 || c == 0 || r == side - 1 || c == side - 1 || rng.chance(rock)
            })
            .collect();
        let floor: Vec<usize> = (0..side * side).filter(|&i| !walls[i]).collect();
        if floor.len() < 3 {
            continue;
        }
        let pick = |rng: &mut Rng| floor[rng.below(floor.len())];
        let (s, b, t) = (pick(rng), pick(rng), pick(rng));
        if s == b || b == t || s == t {
            continue;
        }
        let pos = |i: usize| Pos::new(i / side, i % side);
        return Maze {
            level: Level {
                walls: Grid::from_cells(side, side, walls),
                goals: vec![pos(t)],
                outside: Grid::filled(side, side, false),
            },
            start: Position { player: pos(s), boxes: vec![pos(b)] },
        };
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut rng = Rng::new(589);
    let sets: Vec<(&str, Vec<Maze>)> = vec![
        ("random, 15% rock", (0..260).map(|_| maze(&mut rng, 0.15)).collect()),
        ("random, 25% rock", (0..260).map(|_| maze(&mut rng, 0.25)).collect()),
        ("random, 35% rock", (0..260).map(|_| maze(&mut rng, 0.35)).collect()),
        ("open rooms", (0..260).map(|_| maze(&mut rng, 0.0)).collect()),
    ];
    println!("{:<18} {:>6} {:>9} {:>12} {:>12} {:>7}", "set", "mazes", "solvable", "plain ms", "judge ms", "ratio");
    let mut solver = Solver::default();
    for (name, mazes) in &sets {
        // Same answers, ties included.
        let mut solvable = 0;
        for m in mazes {
            let want = plain(m);
            let got = solver.solve(m).map(|s| s.moves.iter().map(|mv| mv.dir).collect::<Vec<_>>());
            assert_eq!(got, want, "the judge and the plain Dijkstra disagree");
            solvable += want.is_some() as usize;
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..7 {
            let t = Instant::now();
            for m in mazes {
                std::hint::black_box(plain(m));
            }
            a.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            for m in mazes {
                std::hint::black_box(solver.solve(m));
            }
            b.push(t.elapsed().as_secs_f64() * 1e3);
        }
        let (a, b) = (median(a), median(b));
        println!("{name:<18} {:>6} {solvable:>9} {a:>12.1} {b:>12.1} {:>6.2}x", mazes.len(), a / b);
    }
}
