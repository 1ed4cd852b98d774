//! The UVa 589 solver: a shortest-path search over (box cell, player cell) with the
//! lexicographic cost (pushes, moves). A box may pass a cell twice, since the state includes
//! the player. Answers are replayed through the rules before they are returned.
//!
//! Every move costs (0, 1) (a walk) or (1, 1) (a push), so Dijkstra's priority queue is not
//! needed: states are kept in buckets by cost, the current push count's buckets by moves and
//! the next push count's beside them, and taken in order, each bucket's states by state
//! number. That is exactly the order a binary-heap Dijkstra on (cost, state number) pops them
//! in, so the answers (ties included: the first cheapest parent found, directions tried in
//! the order n, s, e, w) are those of the plain Dijkstra, at a fraction of its cost.
//! The tables (cost, parent, and a stamp per state saying which search wrote it) are kept in a
//! [`Solver`] and reused from maze to maze, so a judge run allocates them once.

use super::format::Maze;
use super::rules::{Move, Step};
use crate::grid::{Dir, Pos};

/// An optimal answer: the moves and their counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    pub moves: Vec<Move>,
    pub pushes: usize,
}

const DIRS: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Right, Dir::Left];
const NONE: u32 = u32::MAX;

/// Reusable search tables (see the module documentation).
#[derive(Debug, Default)]
pub struct Solver {
    /// Which search last wrote each state's entries.
    stamp: Vec<u32>,
    search: u32,
    /// pushes << 32 | moves.
    cost: Vec<u64>,
    /// The state before, and the direction index, packed: parent << 2 | k.
    parent: Vec<u32>,
    /// Each cell's neighbour in each direction (NONE: wall or outside).
    next: Vec<[u32; 4]>,
    /// Buckets by moves for this push count (from `base`) and the next one (from `base + 1`).
    now: Vec<Vec<u32>>,
    later: Vec<Vec<u32>>,
}

impl Solver {
    /// Fewest pushes, then fewest moves; `None` when the box cannot reach the target.
    pub fn solve(&mut self, maze: &Maze) -> Option<Solution> {
        let level = &maze.level;
        let (rows, cols) = (level.walls.rows(), level.walls.cols());
        let n = rows * cols;
        let idx = |p: Pos| (p.row * cols + p.col) as u32;
        self.next.clear();
        for r in 0..rows {
            for c in 0..cols {
                let p = Pos::new(r, c);
                self.next
                    .push(DIRS.map(|d| level.walls.neighbour(p, d).filter(|&q| level.is_floor(q)).map_or(NONE, idx)));
            }
        }
        if self.stamp.len() < n * n {
            self.stamp.resize(n * n, 0);
            self.cost.resize(n * n, 0);
            self.parent.resize(n * n, 0);
        }
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            // Wrapped around: old stamps could look current.
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.search = 1;
        }
        let search = self.search;
        let target = idx(level.goals[0]);
        let s0 = idx(maze.start.boxes[0]) * n as u32 + idx(maze.start.player);
        self.stamp[s0 as usize] = search;
        self.cost[s0 as usize] = 0;
        self.parent[s0 as usize] = NONE;
        for b in self.now.iter_mut().chain(self.later.iter_mut()) {
            b.clear();
        }
        put(&mut self.now, 0, s0);
        // `base`: the moves of bucket 0 of `now`; `later`'s bucket 0 is at base + 1.
        let mut pushes: u64 = 0;
        let mut base: u64 = 0;
        let mut found = None;
        'search: loop {
            let mut i = 0;
            while i < self.now.len() {
                let mut bucket = std::mem::take(&mut self.now[i]);
                bucket.sort_unstable();
                let moves = base + i as u64;
                let here = (pushes << 32) | moves;
                let mut last = NONE;
                for &s in &bucket {
                    if s == last || self.cost[s as usize] != here {
                        continue; // a repeat, or reached more cheaply since
                    }
                    last = s;
                    let (b, p) = (s / n as u32, s % n as u32);
                    if b == target {
                        found = Some(s);
                        self.now[i] = bucket;
                        break 'search;
                    }
                    for k in 0..4 {
                        let np = self.next[p as usize][k];
                        if np == NONE {
                            continue;
                        }
                        let (ns, push) = if np == b {
                            match self.next[b as usize][k] {
                                NONE => continue,
                                nb => (nb * n as u32 + np, true),
                            }
                        } else {
                            (b * n as u32 + np, false)
                        };
                        let nc = here + (u64::from(push) << 32) + 1;
                        let e = ns as usize;
                        if self.stamp[e] != search || nc < self.cost[e] {
                            self.stamp[e] = search;
                            self.cost[e] = nc;
                            self.parent[e] = (s << 2) | k as u32;
                            if push {
                                // later's bucket j holds moves base + 1 + j.
                                put(&mut self.later, (moves - base) as usize, ns);
                            } else {
                                put(&mut self.now, i + 1, ns);
                            }
                        }
                    }
                }
                bucket.clear();
                self.now[i] = bucket;
                i += 1;
            }
            if self.later.iter().all(Vec::is_empty) {
                break;
            }
            std::mem::swap(&mut self.now, &mut self.later);
            for b in &mut self.later {
                b.clear();
            }
            pushes += 1;
            base += 1;
        }
        let end = found?;
        let mut dirs = Vec::new();
        let mut s = end;
        while s != s0 {
            let pk = self.parent[s as usize];
            dirs.push(DIRS[(pk & 3) as usize]);
            s = pk >> 2;
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
}

fn put(buckets: &mut Vec<Vec<u32>>, i: usize, s: u32) {
    if buckets.len() <= i {
        buckets.resize_with(i + 1, Vec::new);
    }
    buckets[i].push(s);
}

/// Fewest pushes, then fewest moves; `None` when the box cannot reach the target. (One maze;
/// a judge run reuses one [`Solver`] instead.)
pub fn solve(maze: &Maze) -> Option<Solution> {
    Solver::default().solve(maze)
}
