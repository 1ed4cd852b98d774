//! Certifying a level: what its par is (proven optimal or not, with the bound), that it
//! cannot be solved and why, or, for stacks, the turn the game ends in. One call per game,
//! bounded by [`Bounds`] and a cancel flag (Vexed and Sokoban look at it; the shubbles box
//! and stacks are bounded by states and turns): the backend of the editor's Certify (the
//! window runs it on another thread) and of `tumblebox certify`.
//!
//! One file per game (`vexed`, `shubbles`, `sokoban`, `stacks`) holds its `Certify`; this one
//! the bounds, the verdict and the trait. The games' folders depend on nothing here.
//!
//! A capability: depends on the games and the shared ground; no game depends on it, and it
//! never names the window (a test checks the layers).

#[cfg(test)]
mod lights;
mod shubbles;
mod sokoban;
mod stacks;
mod vexed;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How far a certification may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    pub time: Duration,
    pub max_states: usize,
    /// Stacks: the last turn simulated (Baekjoon's answer is -1 past 1000).
    pub max_turns: u32,
}

/// The defaults: 10 s, 2 million states, 1000 turns.
impl Default for Bounds {
    fn default() -> Self {
        Bounds { time: Duration::from_secs(10), max_states: 2_000_000, max_turns: 1000 }
    }
}

/// What a certification found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Solved in `par` (moves; Sokoban: pushes, its moves in `text`), proven the fewest or
    /// not; `bound` is the proven lower bound (equal to `par` when proven). `moves` is the
    /// solution's length in the moves a player makes (Sokoban: steps, pushes among them).
    Par { par: usize, proven: bool, bound: usize, text: String, moves: usize },
    /// No solution exists, and why.
    Unsolvable(String),
    /// Stacks: the turn the game ends in, or `None` when it runs past the last turn.
    Ends(Option<u32>),
    /// A bound (or the cancel flag) stopped it first: what was known then.
    Stopped(String),
}

impl Verdict {
    /// The verdict in words ("par 6 moves (proven optimal)"), `max_turns` being the last turn
    /// a stacks board was run to: what the window and `tumblebox certify` say.
    pub fn words(&self, max_turns: u32) -> String {
        match self {
            Verdict::Par { text, proven: true, .. } => format!("par {text} (proven optimal)"),
            Verdict::Par { text, bound, .. } => format!("par {text} (not proven; at least {bound})"),
            Verdict::Unsolvable(why) => format!("unsolvable: {why}"),
            Verdict::Ends(Some(t)) => format!("ends in turn {t}"),
            Verdict::Ends(None) => format!("does not end by turn {max_turns} (-1)"),
            Verdict::Stopped(why) => format!("not certified: {why}"),
        }
    }
}

/// A level that can be certified. `progress` counts the positions searched so far (Vexed
/// and Sokoban; the others finish too soon to need it), for a window to show.
pub trait Certify {
    fn certify(&self, bounds: Bounds, cancel: &AtomicBool, progress: &crate::meter::Meter) -> Verdict;
}

#[cfg(test)]
pub(crate) fn run<C: Certify>(c: &C) -> Verdict {
    c.certify(Bounds::default(), &AtomicBool::new(false), &crate::meter::Meter::new())
}
