//! What a Sokoban search is asked for and answers: its mode, its limits (and their
//! defaults), what it found and what ended it.

use crate::sokoban::Move;
use std::time::Duration;

/// Which search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Any solution, as fast as possible.
    Fast,
    /// Fewest pushes, then fewest moves among those.
    Optimal,
}

/// Bounds on a search.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub time: Duration,
    /// The most states held. Measured (peak memory over states, XSokoban #29 stopped at 2
    /// million): about 136 bytes a state in the fast search (a feature-space position holds
    /// its untried macro moves too), about 70 in the push-optimal A*.
    pub max_states: usize,
}

/// The most boxes a level may have for the solver (its assignment bound costs the cube of it).
pub const MAX_BOXES: usize = 400;

/// The default bounds of `tumblebox sokoban solve`: 10 s, 20 million states.
pub const DEFAULT_TIME: Duration = Duration::from_secs(10);
pub const DEFAULT_STATES: usize = 20_000_000;

impl Default for Limits {
    fn default() -> Self {
        Limits { time: DEFAULT_TIME, max_states: DEFAULT_STATES }
    }
}

/// A solution, replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub moves: Vec<Move>,
    pub pushes: usize,
    /// Proven to have the fewest pushes (and, from [`Mode::Optimal`], the fewest moves among
    /// those).
    pub proven: bool,
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Solved(Found),
    /// Every reachable position was searched: no solution exists.
    Unsolvable,
    /// The time limit stopped it.
    TimeLimit,
    /// The state limit stopped it.
    StateLimit,
    /// More boxes than the solver takes ([`MAX_BOXES`]).
    TooManyBoxes,
    Cancelled,
}

/// What a search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub outcome: Outcome,
    /// States created (held in the table).
    pub states: usize,
    /// States expanded.
    pub expanded: usize,
    pub elapsed: Duration,
    /// The lower bound on pushes at the start.
    pub bound: usize,
}
