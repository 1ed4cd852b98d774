//! Distances for a lone box that know which side of it the player stands on (`Sided`): only
//! whether an assignment exists, so a matching decides it.

use crate::sokoban::search::assign::Hungarian;
use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::INF;
use crate::sokoban::search::board::NONE;
use crate::sokoban::search::board::has;

/// Distances for a lone box that know which side of it the player is on. With a box at c,
/// the floor without c falls into up to four parts, each touching a neighbour of c; `part`
/// names each cell's part by the first direction whose neighbour is in it. `dist[g]` holds,
/// for each (c, part), the fewest pushes that take a lone box at c to goal g with the
/// player in that part (INF: never). A lower bound on one box's pushes whatever the other
/// boxes do: they only take room from the player, never give it.
pub(super) struct Sided {
    pub(super) n: usize,
    pub(super) goals: Vec<u16>,
    pub(super) part: Vec<u8>,
    pub(super) dist: Vec<Vec<u16>>,
}

impl Sided {
    /// `walls` (cells) taken as walls, and their goals left out. `None` when the tables
    /// would be too large (more than `SIDED_CELLS` cells).
    pub(super) fn new(b: &Board, walls: &[u64]) -> Option<Sided> {
        let n = b.pos.len();
        if n > SIDED_CELLS {
            return None;
        }
        let mut part = vec![u8::MAX; n * n];
        let mut stack = Vec::new();
        let open = |x: u16| x != NONE && !has(walls, x);
        for c in 0..n {
            if has(walls, c as u16) {
                continue;
            }
            let row = &mut part[c * n..(c + 1) * n];
            for k in 0..4 {
                let x = b.next[c][k];
                if !open(x) || row[x as usize] != u8::MAX {
                    continue;
                }
                row[x as usize] = k as u8;
                stack.push(x);
                while let Some(y) = stack.pop() {
                    for &z in &b.next[y as usize] {
                        if open(z) && z as usize != c && row[z as usize] == u8::MAX {
                            row[z as usize] = k as u8;
                            stack.push(z);
                        }
                    }
                }
            }
        }
        let mut dist = Vec::with_capacity(b.goals.len());
        let mut queue = std::collections::VecDeque::new();
        for &g in b.goals.iter().filter(|&&g| !has(walls, g)) {
            let mut d = vec![INF; n * 4];
            queue.clear();
            for k in 0..4 {
                let x = b.next[g as usize][k];
                if open(x) {
                    let at = g as usize * 4 + part[g as usize * n + x as usize] as usize;
                    if d[at] == INF {
                        d[at] = 0;
                        queue.push_back(at);
                    }
                }
            }
            while let Some(at) = queue.pop_front() {
                let (c, r) = (at / 4, at % 4);
                for k in 0..4 {
                    // The player at x (in part r) pulls the box from c to x, stepping on to y.
                    let x = b.next[c][k];
                    if !open(x) || part[c * n + x as usize] as usize != r {
                        continue;
                    }
                    let y = b.next[x as usize][k];
                    if !open(y) {
                        continue;
                    }
                    let to = x as usize * 4 + part[x as usize * n + y as usize] as usize;
                    if d[to] == INF {
                        d[to] = d[at] + 1;
                        queue.push_back(to);
                    }
                }
            }
            dist.push(d);
        }
        let goals = b.goals.iter().copied().filter(|&g| !has(walls, g)).collect();
        Some(Sided { n, goals, part, dist })
    }

    /// The column of a box at `c` with the player at `p` (not `c`).
    pub(super) fn at(&self, c: u16, p: u16) -> Option<usize> {
        let r = self.part[c as usize * self.n + p as usize];
        (r != u8::MAX).then_some(c as usize * 4 + r as usize)
    }

    /// The pushes that take a box at `c` to the `j`th goal, the player at `p`; a box the
    /// player can never reach again stays where it is.
    pub(super) fn cost(&self, c: u16, p: u16, j: usize) -> u16 {
        match self.at(c, p) {
            Some(at) => self.dist[j][at],
            None if self.goals[j] == c => 0,
            None => INF,
        }
    }

    /// Whether the assignment bound with these distances, the player at `p`, is finite: a
    /// matching of the boxes to goals they reach, each box's column looked up once.
    pub(super) fn feasible(&self, list: &[u16], p: u16, h: &mut Hungarian, at: &mut Vec<Option<usize>>) -> bool {
        at.clear();
        at.extend(list.iter().map(|&c| self.at(c, p)));
        h.matching(list.len(), self.goals.len(), |i, j| match at[i] {
            Some(x) => self.dist[j][x] != INF,
            None => self.goals[j] == list[i],
        })
    }

    /// Whether a box at `c`, the player at `p`, reaches no goal.
    pub(super) fn dead(&self, c: u16, p: u16) -> bool {
        (0..self.goals.len()).all(|j| self.cost(c, p, j) == INF)
    }
}

/// The most cells for which `Sided` tables are made (a byte per pair of cells).
pub(super) const SIDED_CELLS: usize = 2048;
