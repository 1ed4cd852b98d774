//! The exact Vexed solver: A* over a compact bitboard state with an admissible lower bound.
//!
//! The board is cropped to the bounding box of its non-wall cells (outside counts as wall) and
//! must then fit in 128 cells. A position is one `u128` mask per block kind; gravity moves every
//! unsupported block down one row per pass until nothing moves; matching is shifts and ANDs.
//! A stored state is the occupancy mask and each block's kind index packed in cell order: two
//! to four 64-bit words (three on most Android boards), kept flat beside an 8-byte record of
//! its move, parent and depth, and found again through a hash table of indices. The open list
//! is a bucket queue by f and g.
//!
//! Lower bound (never overestimates): every move moves one block one column, and nothing
//! else ever changes a block's column; blocks never rise. So the moves a block makes are at
//! least its sideways distance in a relaxed board where other blocks are ignored (left/right
//! cost one, down is free, walls stop it): `Compiled::distances`. Each block vanishes in exactly
//! one group of two or more same-kind blocks that touch at that moment, so a kind's moves are at
//! least the cheapest partition of its blocks into groups, a group costing no more than its
//! members' moves before it vanishes (pair distance for two; for three, the cheapest
//! centre-and-two-neighbours meeting; for more, the most of: the column steps needed to fit one
//! window of g columns, the worst member's nearest pair, the cheapest triple): `subset_bound`, an
//! exact subset dynamic program for kinds of up to 8 blocks; larger kinds use the column-only
//! partition bound (`partition_bound`). The sum over kinds is admissible. A kind with exactly
//! one block, or a block that no block of its kind can ever touch, is dead (the only pruning
//! rules). A* pops the goal only when no cheaper path can exist, so a solution found with the
//! search intact is proven optimal; states found again more cheaply are reopened.
//!
//! Beam search (`solve_beam`) finds short solutions fast without proof; `solve_anytime`
//! combines both and counts a beam solution as optimal only once the exact search has ruled
//! out everything shorter.
//!
//!
//! The folder, one job a file: `limits` (what a search is given and gives back), `bits` (the
//! bitboards), `bound` (the lower bound and the dead rules), `store` (the position store and
//! the open list), `exact` (A*, resumable), `beam`, `anytime` (the schedules combining them),
//! `first` (the judge's tie-break), `dead` (dead positions in words). Nothing here depends on
//! anything but the rules, the grid and the standard library.

mod anytime;
mod beam;
mod bits;
mod bound;
mod dead;
mod exact;
pub mod first;
mod limits;
mod store;

pub use anytime::{solve_anytime, solve_proven_observed};
pub use beam::{BeamReport, solve_beam};
pub use bits::{Compiled, FastHasher, FastMap, Key, Masks};
pub use bound::{DEAD, LowerBound, partition_bound, partition_bound_subsets};
pub use dead::dead_reason;
pub use first::solve_first;
pub(crate) use limits::stop_reason;
pub use limits::{LimitKind, Limits, Outcome, Report, SolveError};

use super::rules::{Board, Move};
use exact::search;

/// Solves a board exactly (minimum moves), within limits. A board that is not at rest is
/// settled first (as the game shows it); the moves apply to that settled board.
pub fn solve(board: &Board, limits: Limits) -> Result<Report, SolveError> {
    solve_observed(board, limits, &mut |_| true)
}

/// [`solve`], calling `observe(expanded)` every 4096 expansions; returning `false` cancels.
pub fn solve_observed(
    board: &Board,
    limits: Limits,
    observe: &mut dyn FnMut(usize) -> bool,
) -> Result<Report, SolveError> {
    search(board, limits, None, observe)
}

/// Replays a solution through the reference rules; a mismatch is a bug in the solver.
pub(crate) fn verify(board: &Board, moves: &[Move]) -> Vec<Move> {
    match board.replay(moves) {
        Ok(end) if end.is_solved() => moves.to_vec(),
        Ok(_) => panic!("solver bug: the solution does not clear the board"),
        Err((i, e)) => panic!("solver bug: move {} of the solution is illegal: {e}", i + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn contiguous_runs_are_exact(mut cols in proptest::collection::vec(0u8..10, 2..9)) {
            cols.sort();
            proptest::prop_assert_eq!(partition_bound(&cols), partition_bound_subsets(&cols));
        }
    }

    #[test]
    fn partition_bound_examples() {
        assert_eq!(partition_bound(&[0, 2, 4]), 2);
        assert_eq!(partition_bound(&[3, 3]), 0);
        assert_eq!(partition_bound(&[0, 5]), 4);
        assert_eq!(partition_bound(&[0, 0, 9, 9]), 0);
        assert_eq!(partition_bound(&[0, 1, 2, 9]), 6); // whole group: 9 - 3; {0,1}{2,9}: 0 + 6
    }
}
