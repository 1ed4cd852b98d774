//! The fewest presses: a breadth-first search over the 512 positions from the level's, each
//! press an edge. The first time it reaches the dark position it has the fewest presses (every
//! press costs one); when the search exhausts every position it can reach without reaching
//! it, the level is unsolvable (on 3×3 that never happens: every position can be solved, the
//! presses' masks being independent). Bounded by positions, time and a flag, and it counts
//! what it has seen for whoever shows it.

use super::{Lights, STATES, cells, mask};
use crate::grid::Pos;
use std::time::Duration;

/// How far a search may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most positions it may reach (the start counts).
    pub max_states: usize,
    pub time: Option<Duration>,
}

/// The defaults: every position (512), no time limit.
impl Default for Limits {
    fn default() -> Self {
        Limits { max_states: STATES, time: None }
    }
}

/// What stopped a search before it answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    States,
    Time,
    Cancelled,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The fewest presses that put every light off.
    Solved(Vec<Pos>),
    /// Every position reachable was seen, none dark.
    Unsolvable,
    /// A limit stopped it; no solution has fewer presses than `bound`.
    Stopped { why: Stop, bound: usize },
}

/// Searches from `start`. `observe` gets the number of positions reached so far, now and then
/// (every position, there being so few), and returns false to stop the search.
pub fn solve(start: &Lights, limits: Limits, observe: &mut dyn FnMut(usize) -> bool) -> Outcome {
    let began = crate::clock::Instant::now();
    // How each position was first reached: the position before and the cell pressed.
    let mut from: Vec<Option<(u16, Pos)>> = vec![None; STATES];
    let mut seen = vec![false; STATES];
    seen[start.on as usize] = true;
    let mut reached = 1;
    let mut layer = vec![start.on];
    let mut depth = 0;
    loop {
        if let Some(moves) = layer.contains(&0).then(|| path(&from, start.on)) {
            return Outcome::Solved(moves);
        }
        if layer.is_empty() {
            return Outcome::Unsolvable;
        }
        // This layer holds no dark position: a solution has more presses than `depth`.
        let bound = depth + 1;
        let mut next = Vec::new();
        for &here in &layer {
            if !observe(reached) {
                return Outcome::Stopped { why: Stop::Cancelled, bound };
            }
            if limits.time.is_some_and(|t| began.elapsed() >= t) {
                return Outcome::Stopped { why: Stop::Time, bound };
            }
            for cell in cells() {
                let there = here ^ mask(cell);
                if seen[there as usize] {
                    continue;
                }
                if reached >= limits.max_states {
                    return Outcome::Stopped { why: Stop::States, bound };
                }
                seen[there as usize] = true;
                reached += 1;
                from[there as usize] = Some((here, cell));
                next.push(there);
            }
        }
        layer = next;
        depth += 1;
    }
}

/// The presses from `start` to the dark position, read back through `from`.
fn path(from: &[Option<(u16, Pos)>], start: u16) -> Vec<Pos> {
    let mut moves = Vec::new();
    let mut here = 0u16;
    while here != start {
        let (before, cell) = from[here as usize].expect("every position reached was reached from another");
        moves.push(cell);
        here = before;
    }
    moves.reverse();
    moves
}
