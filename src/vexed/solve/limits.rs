//! What every Vexed search is given and gives back: its limits, its outcome, its report, why
//! a board cannot be searched, and the check that stops a search at a limit. Depends on the
//! rules only.

use crate::clock::Instant;
use crate::vexed::rules::Move;
use std::time::Duration;

/// Limits on a search. `None` means unlimited.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Stop after this many stored states (a memory bound: about 50 bytes each).
    pub max_states: Option<usize>,
    /// Stop after this much wall-clock time.
    pub time: Option<Duration>,
}

/// What a search established.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A solution; `proven` when the search below its length was exhausted under the bound.
    Solved { moves: Vec<Move>, proven: bool },
    /// The whole reachable space was searched: no sequence of moves clears the board.
    Unsolvable,
    /// A limit was hit before anything was established.
    LimitReached(LimitKind),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitKind {
    States,
    Time,
    /// The caller's observer asked to stop.
    Cancelled,
}

impl LimitKind {
    /// The limit as messages name it: "the state limit", "the time limit".
    pub fn name(self) -> &'static str {
        match self {
            LimitKind::States => "state",
            LimitKind::Time => "time",
            LimitKind::Cancelled => "cancel",
        }
    }
}

/// The search's result with its statistics.
#[derive(Debug, Clone)]
pub struct Report {
    pub outcome: Outcome,
    /// A proven lower bound on the optimal length (the smallest f-value left open when an
    /// exact search stopped; the optimum itself when it finished).
    pub bound: u32,
    /// States expanded.
    pub expanded: usize,
    /// States stored.
    pub stored: usize,
    pub elapsed: Duration,
}

/// Why a board cannot be given to the solver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    TooLarge {
        cells: usize,
    },
    TooManyBlocks {
        blocks: usize,
        kinds: usize,
    },
    /// A file the search writes could not be written or read back.
    Io(String),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::TooLarge { cells } => write!(
                f,
                "the playable area (bounding box of non-wall cells) has {cells} cells; the solver handles at most 128"
            ),
            SolveError::TooManyBlocks { blocks, kinds } => {
                write!(f, "{blocks} blocks of {kinds} kinds do not fit the solver's 128-bit state")
            }
            SolveError::Io(e) => write!(f, "the search's work files: {e}"),
        }
    }
}

impl std::error::Error for SolveError {}
/// Why a search stops at a check: the observer asked to (`go_on` false), or the deadline
/// passed; `None` to go on.
pub(crate) fn stop_reason(go_on: bool, deadline: Option<Instant>) -> Option<LimitKind> {
    if !go_on {
        Some(LimitKind::Cancelled)
    } else if deadline.is_some_and(|d| Instant::now() >= d) {
        Some(LimitKind::Time)
    } else {
        None
    }
}
