//! Festival's rule against parking a box where it "could just as well" stand elsewhere
//! (`is_inefficient_position`, `deadlock.cpp`, read for this): a box stopped inside a
//! straight corridor, or beside a one-cell gap in a wall in one of six shapes.
//!
//! It is no deadlock test: nothing proves that some solution avoids every such stop (a box
//! may have to wait in a corridor while the player walks round to push it back). So only
//! a search that is not asked to prove anything takes it (`Advice::parking`), and its
//! exhaustion is not taken as a proof (`super::super::run` starts that search again
//! without it).

use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::has;

/// Per cell, whether a box stopped there stands inside a straight corridor: a run of two or
/// more floor cells with walls on both long sides. The first cell (the top or left one) is
/// left out when the run holds no goal, as Festival leaves it.
pub(super) fn corridors(b: &Board) -> Vec<bool> {
    let rows = b.rows();
    let floor = |r: isize, c: isize| b.at(r, c).is_some();
    let mut out = vec![false; b.pos.len()];
    // Along rows (dr, dc) = (0, 1), the walls above and below; then along columns.
    for (dr, dc) in [(0isize, 1isize), (1, 0)] {
        let inside = |r: isize, c: isize| floor(r, c) && !floor(r - dc, c - dr) && !floor(r + dc, c + dr);
        for r in 0..rows as isize {
            for c in 0..b.cols as isize {
                if !inside(r, c) || inside(r - dr, c - dc) {
                    continue;
                }
                let mut run = Vec::new();
                let (mut y, mut x) = (r, c);
                while inside(y, x) {
                    run.push(b.at(y, x).expect("a floor cell"));
                    (y, x) = (y + dr, x + dc);
                }
                if run.len() < 2 {
                    continue;
                }
                let goal = run.iter().any(|&k| b.goal[k as usize]);
                for (i, &k) in run.iter().enumerate() {
                    out[k as usize] |= goal || i > 0;
                }
            }
        }
    }
    out
}

/// Whether the box just pushed to `c` (the boxes `boxes`, `reach` telling whether the player
/// can walk to a free cell) is parked where Festival's rule says it could just as well not
/// be: in a corridor (`corridor`, from `corridors`), or beside a one-cell gap in a wall in
/// one of six shapes. A goal is never such a place; the caller leaves out its plan's cells.
pub(super) fn wasteful(b: &Board, corridor: &[bool], boxes: &[u64], c: u16, reach: impl Fn(u16) -> bool) -> bool {
    if b.goal[c as usize] {
        return false;
    }
    if corridor[c as usize] {
        return true;
    }
    let (r0, c0) = (b.pos[c as usize].row as isize, b.pos[c as usize].col as isize);
    // The eight neighbours clockwise from above.
    const AROUND: [(isize, isize); 8] = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];
    let at = |i: usize| b.at(r0 + AROUND[i % 8].0, c0 + AROUND[i % 8].1);
    let wall = |i: usize| at(i).is_none();
    let a_box = |i: usize| at(i).is_some_and(|x| has(boxes, x));
    let player = |i: usize| at(i).is_some_and(|x| !has(boxes, x) && reach(x));
    for j in [0, 2, 4, 6] {
        // With j above: walls on the right, below right and below left, and the cell on the
        // left free of walls: the box came up or down into a nook beside a gap below (from
        // the left the player would stand there), or the player stands above it.
        if wall(j + 2) && wall(j + 3) && wall(j + 5) && !wall(j + 6) && (!player(j + 6) || player(j)) {
            return true;
        }
        // The same mirrored.
        if wall(j + 6) && wall(j + 3) && wall(j + 5) && !wall(j + 2) && (!player(j + 2) || player(j)) {
            return true;
        }
        // Walls below right and below left and a box beside it, the other side out of the
        // player's reach.
        if wall(j + 3) && wall(j + 5) && a_box(j + 2) && !player(j + 6) {
            return true;
        }
        if wall(j + 3) && wall(j + 5) && a_box(j + 6) && !player(j + 2) {
            return true;
        }
    }
    false
}
