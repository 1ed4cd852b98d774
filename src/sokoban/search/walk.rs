//! From pushes to moves: a backward side's pulls as the pushes that undo them, and a
//! sequence of pushes as the full LURD move list (the shortest walk before each push).

use super::board::Board;
use super::board::DIRS;
use super::board::clear;
use super::board::set;
use super::work::Work;
use crate::sokoban::Move;
use crate::sokoban::Position;

/// A backward side's pulls, from the solved position to its state, as the pushes that undo
/// them, in the order they are made going forward.
pub(super) fn pulls_as_pushes(b: &Board, pulls: &[(u16, u8)]) -> Vec<(u16, u8)> {
    pulls
        .iter()
        .rev()
        .map(|&(bc, k)| {
            // The pull took the box from bc to bc+k; the push takes it back, direction -k.
            let at = b.next[bc as usize][k as usize];
            (at, ((k as usize + 2) % 4) as u8)
        })
        .collect()
}

/// The full move list of a sequence of pushes from the start: before each push, the
/// shortest walk to the cell behind the box.
pub(super) fn walk_pushes(b: &Board, start: &Position, pushes: &[(u16, u8)], w: &mut Work) -> Vec<Move> {
    let mut bits = vec![0u64; b.words];
    for &p in &start.boxes {
        set(&mut bits, b.cell(p));
    }
    let mut player = b.cell(start.player);
    let mut out = Vec::new();
    for &(bc, k) in pushes {
        let k = k as usize;
        let behind = b.next[bc as usize][(k + 2) % 4];
        w.reach(b, &bits, player);
        let mut path = Vec::new();
        let mut c = behind;
        while c != player {
            let f = w.from[c as usize];
            let dir = (0..4).find(|&d| b.next[f as usize][d] == c).expect("a step of the walk");
            path.push(Move { dir: DIRS[dir], push: false });
            c = f;
        }
        path.reverse();
        out.extend(path);
        out.push(Move { dir: DIRS[k], push: true });
        clear(&mut bits, bc);
        set(&mut bits, b.next[bc as usize][k]);
        player = bc;
    }
    out
}
