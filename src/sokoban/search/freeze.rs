//! Freeze deadlocks: a box that can never move again (blocked on both axes by walls, dead
//! squares, or boxes blocked in turn), off its goal or freezing a neighbour off its goal.

use super::board::{Board, NONE, has};

/// Whether the box at `c` can never move again: blocked on both axes by walls, by dead
/// squares on both sides, or by boxes that are themselves blocked (the boxes on the way are
/// taken as walls while they are checked, which is what makes the test finite and sound).
pub(super) fn frozen(b: &Board, boxes: &[u64], c: u16, seen: &mut Vec<u16>) -> bool {
    seen.push(c);
    let axis = |k1: usize, k2: usize, seen: &mut Vec<u16>| {
        let (x, y) = (b.next[c as usize][k1], b.next[c as usize][k2]);
        if x == NONE || y == NONE {
            return true;
        }
        if b.dead[x as usize] && b.dead[y as usize] {
            return true;
        }
        for z in [x, y] {
            if has(boxes, z) && (seen.contains(&z) || frozen(b, boxes, z, seen)) {
                return true;
            }
        }
        false
    };
    axis(0, 2, seen) && axis(1, 3, seen)
}

/// A push onto `c` leaves a box frozen off a goal (the pushed box, or one it froze).
pub(super) fn freeze_deadlock(b: &Board, boxes: &[u64], c: u16, seen: &mut Vec<u16>) -> bool {
    seen.clear();
    if !frozen(b, boxes, c, seen) {
        return false;
    }
    if !b.goal[c as usize] {
        return true;
    }
    // On a goal itself: a neighbour it blocks may be frozen off its goal.
    let around: Vec<u16> = seen.iter().copied().filter(|&z| z != c && !b.goal[z as usize]).collect();
    around.into_iter().any(|z| {
        seen.clear();
        frozen(b, boxes, z, seen)
    })
}
