//! One-wide tunnels: the stops inside one that the forward macro moves leave out (a sound
//! form of Festival's `is_inefficient_position` corridor rule), and why no solution is lost.
//!
//! A *run* is a maximal straight line of two or more floor cells c1 … cm, each with walls on
//! both sides across the line, holding no goal and no cell of the search's packing plan; e0
//! and e1 are the cells beyond its two ends (floor or wall). A box in a run moves only along
//! it, and the floor next to a run cell is only the run's cells and its ends. A macro move
//! that leaves its box X at a run cell c, no other box in the run, is left out unless
//! (a) c is an end cell of the run and the player can stand on the floor beyond that end
//! (e0 for c1, e1 for cm, free and in the player's region: X has just been pushed in from
//! there, or the player can walk round to it), or (b) the player is shut in the run: it
//! stands in the part of the run between X and an end whose cell beyond is a wall or a box.
//! Moves are left out only where no PI-corral restricts them (there the corral's own
//! argument, that some fewest-push solution begins with one of its pushes, applies alone).
//!
//! Why the search stays complete (no solvable position loses all its solutions).
//! 1. Two boxes in a run with the player not between them are dead: neither can move out
//!    (out at e0 needs the player on its e1 side, inside the gap, and so on), and no goal is
//!    in the run. The player is between two boxes of a run only if it already was before
//!    the last push (a box comes into the run pushed from outside, the player behind it).
//!    So in a solution no box enters a run while another box is in it (unless the player
//!    was between two of its boxes from the start).
//! 2. With one box X in the run, and the player in the part between X and end e0, e0's cell
//!    beyond is free: the player came in over it, and a box reaches it only by a push made
//!    from outside the run.
//! 3. Hence, while X stays in the run, X's cell there matters to no other push: no box
//!    comes in (1), the player never stands on c1 to push a box off e0 (2), and a walk into
//!    the run comes out at the end it went in (X blocks the way through). Take a position S
//!    with X in the run, not shut in (region holds a floor cell outside the run), and a
//!    solution from it; skip X's pushes inside the run and, when the solution pushes X out
//!    at an end, push X from its cell in S straight out at that end. The player can: in the
//!    solution it stands then in the part of the run behind X, whose far end is free (2)
//!    and reached from the same floor outside the run, which X's cell does not change. This
//!    is a solution from S with no more pushes and strictly fewer *segments* (runs of pushes
//!    of one box) when the solution stopped X inside the run before pushing another box.
//! 4. Let S be solvable, with no PI-corral, and take among its fewest-push solutions one of
//!    the fewest segments. Its first segment moves some box X; if a prefix of that segment
//!    ends with X outside every run, or not alone in its run, or with the player shut in
//!    (rule (b)), or on a run's end cell just pushed in from beyond it (rule (a)), that
//!    prefix is a macro move the search keeps
//!    (the other rules prune only dead positions), and it lies on a fewest-push solution.
//!    Otherwise X started in a run and the whole segment stays in it, ending with X stopped
//!    there, the player not shut in (nor in S then: a push inside the run leaves a shut-in
//!    player shut in); then 3 gives a solution of as few pushes and fewer segments, a
//!    contradiction.
//!    (Out of a run, X stands on e0 or e1, which lie in no run: their cells across are not
//!    both walls, or along the run the run would go on.)
//! So every solvable position the search reaches has a kept move to a solvable position
//! nearer to solved by at least one push, and the search, expanding every kept move before
//! it says exhausted, reaches the solved position.

use super::dfs::Dfs;
use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::NONE;
use crate::sokoban::search::board::has;

/// A run (see the module's comment): its cells in order and the cells beyond its ends.
struct Run {
    cells: Vec<u16>,
    /// The side (a `DIRS` index) from each cell to the next along the run.
    along: usize,
    /// The cell beyond `cells[0]` and the one beyond the last (`NONE`: a wall).
    ends: [u16; 2],
}

/// A level's runs for one packing plan.
pub(super) struct Tunnels {
    /// Per cell, its run's number (`u32::MAX`: none).
    run_of: Vec<u32>,
    runs: Vec<Run>,
}

impl Tunnels {
    /// The runs of `b` holding no goal and no cell of `plan`.
    pub(super) fn new(b: &Board, plan: &[u16]) -> Tunnels {
        let n = b.pos.len();
        let mut t = Tunnels { run_of: vec![u32::MAX; n], runs: Vec::new() };
        // (the sides across the line, the side along it, the side back)
        for (across, along, back) in [([1, 3], 2, 0), ([0, 2], 3, 1)] {
            let walled = |c: u16| across.iter().all(|&k| b.next[c as usize][k] == NONE);
            for c in 0..n as u16 {
                let prev = b.next[c as usize][back];
                if !walled(c) || (prev != NONE && walled(prev)) {
                    continue;
                }
                let mut cells = vec![c];
                let mut x = b.next[c as usize][along];
                while x != NONE && walled(x) {
                    cells.push(x);
                    x = b.next[x as usize][along];
                }
                let plain = cells.iter().all(|&r| !b.goal[r as usize] && !plan.contains(&r));
                // A cell walled on all four sides is in no line of two.
                if cells.len() < 2 || !plain || cells.iter().any(|&r| t.run_of[r as usize] != u32::MAX) {
                    continue;
                }
                for &r in &cells {
                    t.run_of[r as usize] = t.runs.len() as u32;
                }
                t.runs.push(Run { cells, along, ends: [prev, x] });
            }
        }
        t
    }

    /// Whether the macro move that leaves its box at `c`, the other boxes at `others`, the
    /// player on side `k` of it (in the region `dfs` labels `lab`), is left out.
    pub(super) fn drops(&self, b: &Board, dfs: &Dfs, others: &[u64], c: u16, k: usize, lab: u8) -> bool {
        let r = self.run_of[c as usize];
        if r == u32::MAX {
            return false;
        }
        let run = &self.runs[r as usize];
        if run.cells.iter().any(|&x| has(others, x)) {
            return false;
        }
        let last = run.cells.len() - 1;
        // (a) On an end cell, the player able to stand beyond it.
        let back = (run.along + 2) % 4;
        for (end, beyond, side) in [(run.cells[0], run.ends[0], back), (run.cells[last], run.ends[1], run.along)] {
            if c == end && beyond != NONE && !has(others, beyond) && dfs.label(b, c, side) == lab {
                return false;
            }
        }
        // (b) The player shut in the part of the run on its side.
        let player = b.next[c as usize][k];
        if self.run_of[player as usize] != r {
            return false;
        }
        let beyond = if k == run.along { run.ends[1] } else { run.ends[0] };
        !(beyond == NONE || has(others, beyond))
    }
}

#[cfg(test)]
impl Tunnels {
    /// No runs: every stop kept.
    pub(super) fn none(n: usize) -> Tunnels {
        Tunnels { run_of: vec![u32::MAX; n], runs: Vec::new() }
    }
}
