//! The UVa 589 solver: Dijkstra over (box cell, player cell) with the lexicographic cost
//! (pushes, moves). A box may pass a cell twice, since the state includes the player. Ties are
//! broken by a fixed direction order (n, s, e, w) and first discovery, so answers are
//! deterministic. Answers are replayed through the rules before they are returned.

use super::format::Maze;
use super::rules::{Move, Step};
use crate::grid::{Dir, Pos};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// An optimal answer: the moves and their counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    pub moves: Vec<Move>,
    pub pushes: usize,
}

const DIRS: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Right, Dir::Left];

/// Fewest pushes, then fewest moves; `None` when the box cannot reach the target.
pub fn solve(maze: &Maze) -> Option<Solution> {
    let level = &maze.level;
    let rows = level.walls.rows();
    let cols = level.walls.cols();
    let n = rows * cols;
    let idx = |p: Pos| p.row * cols + p.col;
    let target = level.goals[0];
    let start = (maze.start.boxes[0], maze.start.player);
    let state = |b: Pos, p: Pos| idx(b) * n + idx(p);
    let mut dist = vec![u64::MAX; n * n];
    let mut parent: Vec<(u32, u8)> = vec![(u32::MAX, 0); n * n];
    let cost = |pushes: u64, moves: u64| (pushes << 32) | moves;
    let s0 = state(start.0, start.1);
    dist[s0] = 0;
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u64, s0 as u32)));
    let mut found = None;
    while let Some(Reverse((d, s))) = heap.pop() {
        let s = s as usize;
        if d > dist[s] {
            continue;
        }
        let (b, p) = (s / n, s % n);
        let (bpos, ppos) = (Pos::new(b / cols, b % cols), Pos::new(p / cols, p % cols));
        if bpos == target {
            found = Some(s);
            break;
        }
        for (k, &dir) in DIRS.iter().enumerate() {
            let Some(np) = level.walls.neighbour(ppos, dir).filter(|&q| level.is_floor(q)) else {
                continue;
            };
            let (nb, add) = if np == bpos {
                match level.walls.neighbour(bpos, dir).filter(|&q| level.is_floor(q)) {
                    Some(q) => (q, cost(1, 1)),
                    None => continue,
                }
            } else {
                (bpos, cost(0, 1))
            };
            let ns = state(nb, np);
            let nd = d + add;
            if nd < dist[ns] {
                dist[ns] = nd;
                parent[ns] = (s as u32, k as u8);
                heap.push(Reverse((nd, ns as u32)));
            }
        }
    }
    let end = found?;
    let mut dirs = Vec::new();
    let mut s = end;
    while s != s0 {
        let (prev, k) = parent[s];
        dirs.push(DIRS[k as usize]);
        s = prev as usize;
    }
    dirs.reverse();
    // Rebuild the text form by replaying, which also checks the answer.
    let mut pos = maze.start.clone();
    let mut moves = Vec::with_capacity(dirs.len());
    let mut pushes = 0;
    for dir in dirs {
        let (next, step) = level.step(&pos, dir).expect("solver bug: an illegal move in the answer");
        let push = matches!(step, Step::Push { .. });
        pushes += push as usize;
        moves.push(Move { dir, push });
        pos = next;
    }
    assert!(level.is_solved(&pos), "solver bug: the answer leaves the box off the target");
    Some(Solution { moves, pushes })
}
