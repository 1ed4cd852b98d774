//! The textbook search for pushing boxes, for comparison with the judge's solver (a property
//! test checks they agree, ties included; `benches/sokoban_judge.rs` times them).
#![allow(dead_code)]

use tumblebox::grid::{Dir, Pos};
use tumblebox::sokoban;

/// Dijkstra on (pushes, moves) over (box, player) with a binary heap, directions n, s, e, w:
/// the textbook search, for comparison.
pub fn plain_dijkstra(maze: &sokoban::format::Maze) -> Option<Vec<Dir>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    const DIRS: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Right, Dir::Left];
    let level = &maze.level;
    let cols = level.walls.cols();
    let n = level.walls.rows() * cols;
    let idx = |p: Pos| p.row * cols + p.col;
    let at = |i: usize| Pos::new(i / cols, i % cols);
    let s0 = idx(maze.start.boxes[0]) * n + idx(maze.start.player);
    let mut dist = vec![u64::MAX; n * n];
    let mut parent = vec![(u32::MAX, 0u8); n * n];
    let mut heap = BinaryHeap::from([Reverse((0u64, s0 as u32))]);
    dist[s0] = 0;
    while let Some(Reverse((d, s))) = heap.pop() {
        let s = s as usize;
        if d > dist[s] {
            continue;
        }
        let (b, p) = (at(s / n), at(s % n));
        if b == level.goals[0] {
            let mut out = Vec::new();
            let mut s = s;
            while s != s0 {
                out.push(DIRS[parent[s].1 as usize]);
                s = parent[s].0 as usize;
            }
            out.reverse();
            return Some(out);
        }
        for (k, &dir) in DIRS.iter().enumerate() {
            let Some(np) = level.walls.neighbour(p, dir).filter(|&q| level.is_floor(q)) else { continue };
            let (nb, add) = if np == b {
                match level.walls.neighbour(b, dir).filter(|&q| level.is_floor(q)) {
                    Some(q) => (q, (1u64 << 32) + 1),
                    None => continue,
                }
            } else {
                (b, 1)
            };
            let ns = idx(nb) * n + idx(np);
            if d + add < dist[ns] {
                dist[ns] = d + add;
                parent[ns] = (s as u32, k as u8);
                heap.push(Reverse((d + add, ns as u32)));
            }
        }
    }
    None
}
