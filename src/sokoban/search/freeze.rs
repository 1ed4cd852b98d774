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

/// A push onto `c` (the player left on `player`) closes a diagonal round a free cell that is
/// not a goal (after Festival's 3 × 3 test): the cell's four neighbours walls or boxes, one a
/// box off its goal, the player not in it, and either two opposite corners filled, or one
/// neighbour a wall and the two corners across from it filled, one of them a wall. Then each
/// box round it can move only into the cell (every other push needs a box or wall beside it
/// gone, or the player inside), and a box pushed in is frozen there off a goal: a 2 × 2 block
/// with the corner across, or, beside a wall, held by the boxes beside it. So the boxes round
/// it never move, and one is off its goal.
pub(super) fn closed_diagonal(b: &Board, boxes: &[u64], c: u16, player: u16) -> bool {
    let at = |r: isize, col: isize| b.at(r, col);
    let occupied = |x: Option<u16>| x.is_none_or(|x| has(boxes, x));
    let (r0, c0) = (b.pos[c as usize].row as isize, b.pos[c as usize].col as isize);
    for (dr, dc) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
        let (r, col) = (r0 + dr, c0 + dc);
        let Some(e) = at(r, col) else { continue };
        if has(boxes, e) || b.goal[e as usize] || e == player {
            continue;
        }
        // Up, right, down, left, then the corners up-right, down-right, down-left, up-left.
        let side = [at(r - 1, col), at(r, col + 1), at(r + 1, col), at(r, col - 1)];
        if !side.iter().all(|&x| occupied(x)) {
            continue;
        }
        if !side.iter().any(|&x| x.is_some_and(|x| !b.goal[x as usize])) {
            continue;
        }
        let corner = [at(r - 1, col + 1), at(r + 1, col + 1), at(r + 1, col - 1), at(r - 1, col - 1)];
        if (occupied(corner[0]) && occupied(corner[2])) || (occupied(corner[1]) && occupied(corner[3])) {
            return true;
        }
        // Side i a wall; the corners across from it are i + 1 and i + 2 (mod 4).
        for i in 0..4 {
            let (p, q) = (corner[(i + 1) % 4], corner[(i + 2) % 4]);
            if side[i].is_none() && occupied(p) && occupied(q) && (p.is_none() || q.is_none()) {
                return true;
            }
        }
    }
    false
}
