//! The hotspot table: which cells, holding a box, take goals away from a box elsewhere; and
//! how many boxes of a position are hotspots.

use crate::sokoban::search::Instant;
use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::INF;
use crate::sokoban::search::board::clear;
use crate::sokoban::search::board::goal_distances;
use crate::sokoban::search::board::set;

/// Which cells, holding a box, take goals away from a box elsewhere: `table[p]` has the
/// bit of every cell q (not a goal, not dead) such that a lone box at p reaches fewer goals
/// (by pulls from each goal) when q is a wall. Empty when that would take too long to
/// work out (more than `HOTSPOT_WORK` cells pulled through) or `deadline` passes.
pub(super) fn hotspot_table(b: &Board, deadline: Instant) -> Vec<Vec<u64>> {
    let n = b.pos.len();
    if n * n * b.goals.len() > HOTSPOT_WORK {
        return Vec::new();
    }
    let reach = |walls: &[u64]| -> Vec<u16> {
        let dist = goal_distances(&b.next, &b.goals, walls);
        (0..n).map(|c| dist.iter().filter(|d| d[c] != INF).count() as u16).collect()
    };
    let base = reach(&vec![0u64; b.words]);
    let mut table = vec![vec![0u64; b.words]; n];
    let mut walls = vec![0u64; b.words];
    for q in 0..n as u16 {
        if b.goal[q as usize] || b.dead[q as usize] {
            continue;
        }
        if Instant::now() >= deadline {
            return Vec::new();
        }
        set(&mut walls, q);
        let got = reach(&walls);
        clear(&mut walls, q);
        for p in 0..n {
            if p != q as usize && !b.dead[p] && got[p] < base[p] {
                set(&mut table[p], q);
            }
        }
    }
    table
}

pub(super) const HOTSPOT_WORK: usize = 20_000_000;

/// How many boxes take goals away from another box (see `hotspot_table`).
pub(super) fn hotspots(table: &[Vec<u64>], bits: &[u64], list: &[u16], scratch: &mut [u64]) -> u16 {
    if table.is_empty() {
        return 0;
    }
    scratch.iter_mut().for_each(|x| *x = 0);
    for &p in list {
        for ((s, &t), &x) in scratch.iter_mut().zip(&table[p as usize]).zip(bits) {
            *s |= t & x;
        }
    }
    scratch.iter().map(|x| x.count_ones() as u16).sum()
}
