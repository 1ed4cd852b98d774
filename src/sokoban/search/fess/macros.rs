//! Macro moves: every cell a box can be pushed to (the others staying put), pruned by the
//! push search's sound rules; and a macro move replayed as its fewest pushes.

use super::Fess;
use super::Macro;
use super::parking::wasteful;
use crate::sokoban::search::Instant;
use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::INF;
use crate::sokoban::search::board::NONE;
use crate::sokoban::search::board::cells;
use crate::sokoban::search::board::clear;
use crate::sokoban::search::board::has;
use crate::sokoban::search::board::set;
use crate::sokoban::search::freeze::closed_diagonal;
use crate::sokoban::search::freeze::freeze_deadlock;
use crate::sokoban::search::freeze::frozen;
use crate::sokoban::search::work::Work;

impl Fess {
    /// The macro moves of a position, after `w.reach` from its player and `Fess::regions` of
    /// its boxes (`all`, and each cell's region in `rid`): for each box, every (cell, player
    /// region) it can be pushed to, the other boxes fixed, none frozen.
    /// With `only` (a PI-corral's pushes, see `Work::pi_corral`), only the macro moves that
    /// begin with one of them: some solution does.
    pub(super) fn macros(
        &mut self,
        b: &Board,
        w: &Work,
        bits: &[u64],
        all: u16,
        only: Option<&[(u16, u8)]>,
        out: &mut Vec<Macro>,
    ) {
        let mut others = bits.to_vec();
        let mut child = bits.to_vec();
        let mut queue: Vec<(u16, u8)> = Vec::new();
        let mut forest = false;
        // The floor's regions with every box in place (`all`); lifting a box joins the
        // regions of its free neighbours into one.
        for bx in cells(bits) {
            if Instant::now() >= self.deadline {
                return;
            }
            if only.is_some_and(|o| !o.iter().any(|&(c, _)| c == bx)) {
                continue;
            }
            let starts: Vec<usize> =
                (0..4).filter(|&k| b.next[bx as usize][k] != NONE && w.reached(b.next[bx as usize][k])).collect();
            // A box with no first push (the cell beyond it a wall, a box or dead, or the push
            // not one the corral allows) has no moves: no floor search for it.
            let first = starts.iter().any(|&k| {
                let dir = (k + 2) % 4;
                let to = b.next[bx as usize][dir];
                to != NONE
                    && !has(bits, to)
                    && !b.dead[to as usize]
                    && only.is_none_or(|o| o.contains(&(bx, dir as u8)))
            });
            if !first {
                continue;
            }
            clear(&mut others, bx);
            // The floor's articulation data, once a position: each box's sides read from it.
            if !forest {
                self.dfs.forest(b, bits);
                forest = true;
            }
            // The box's free neighbours (`Dfs::sides`).
            let mut beside = [NONE; 4];
            let mut free = 0;
            for &y in &b.next[bx as usize] {
                if y != NONE && !has(bits, y) {
                    beside[free] = y;
                    free += 1;
                }
            }
            let beside = &beside[..free];
            // The floor's regions with the box lifted; a box put back at c takes c's region
            // away and leaves as many as c's neighbours have labels.
            let mut ids = [0u16; 4];
            let mut distinct = 0;
            for &y in &b.next[bx as usize] {
                if y != NONE && !has(bits, y) {
                    let id = self.rid[y as usize];
                    if !ids[..distinct].contains(&id) {
                        ids[distinct] = id;
                        distinct += 1;
                    }
                }
            }
            let lifted = all + 1 - distinct as u16;
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.queued.iter_mut().for_each(|q| *q = 0);
                self.done.iter_mut().for_each(|q| *q = 0);
                self.lab_stamp.iter_mut().for_each(|q| *q = 0);
                self.stamp = 1;
            }
            let st = self.stamp;
            let home = self.labels_at(b, bx, beside, bx, st)[starts[0]];
            queue.clear();
            for &k in &starts {
                self.queued[bx as usize * 4 + k] = st;
                queue.push((bx, k as u8));
            }
            let mut i = 0;
            while i < queue.len() {
                let (c, k) = queue[i];
                i += 1;
                if self.done[c as usize * 4 + k as usize] == st {
                    continue;
                }
                let l4 = self.labels_at(b, bx, beside, c, st);
                let lab = l4[k as usize];
                for (k2, &l) in l4.iter().enumerate() {
                    let x = b.next[c as usize][k2];
                    if x == NONE || has(&others, x) || l != lab {
                        continue;
                    }
                    self.done[c as usize * 4 + k2] = st;
                    // From side k2 the push goes the other way.
                    let dir = (k2 + 2) % 4;
                    let to = b.next[c as usize][dir];
                    if to == NONE || has(&others, to) || b.dead[to as usize] {
                        continue;
                    }
                    if c == bx && lab == home && only.is_some_and(|o| !o.contains(&(bx, dir as u8))) {
                        continue;
                    }
                    if self.queued[to as usize * 4 + k2] != st {
                        self.queued[to as usize * 4 + k2] = st;
                        queue.push((to, k2 as u8));
                    }
                }
                if c == bx && lab == home {
                    continue;
                }
                child.copy_from_slice(&others);
                set(&mut child, c);
                if c != bx && freeze_deadlock(b, &child, c, &mut self.seen) {
                    continue;
                }
                let player = b.next[c as usize][k as usize];
                // A pocket the player cannot reach, closed in one of the dead shapes.
                if self.prep.patterns.dead(b, &child, c, player, &mut self.pocket) {
                    continue;
                }
                let mut labels = 0u8;
                for (&x, &l) in b.next[c as usize].iter().zip(&l4) {
                    if x != NONE && !has(&others, x) {
                        labels |= 1 << l;
                    }
                }
                let regions = lifted - 1 + labels.count_ones() as u16;
                // Dead for the side the player is left on (a lone box there reaches no goal).
                if self.prep.sided0.as_ref().is_some_and(|sd| sd.dead(c, player)) {
                    continue;
                }
                // Boxes closed round a free cell (Festival's 3 × 3 test).
                if closed_diagonal(b, &child, c, player) {
                    continue;
                }
                // Parked where it could just as well not be (`Advice::parking`).
                if self.parked.get(c as usize).is_some_and(|&p| p)
                    && wasteful(b, &self.prep.corridor, &child, c, |x| {
                        (0..4).any(|k2| b.next[c as usize][k2] == x && l4[k2] == lab)
                    })
                {
                    continue;
                }
                let area = self.areas[c as usize][lab as usize];
                out.push(Macro { from: bx, to: c, player, weight: 1, regions, packed: 0, area });
            }
            set(&mut others, bx);
        }
    }
}

impl Fess {
    /// `Dfs::sides` of the box lifted from `bx` (its free neighbours `beside`) put at `c`,
    /// kept per cell for the stamp `st` (each side's cells in `areas`).
    fn labels_at(&mut self, b: &Board, bx: u16, beside: &[u16], c: u16, st: u32) -> [u8; 4] {
        if self.lab_stamp[c as usize] != st {
            self.lab_stamp[c as usize] = st;
            (self.labs[c as usize], self.areas[c as usize]) = self.dfs.sides(b, c, bx, beside);
        }
        self.labs[c as usize]
    }
}

/// Each cell's walking distance from the nearest of `from` over the floor, `walls` in the
/// way and boxes ignored (`INF`: apart).
pub(super) fn walk_distances(b: &Board, from: &[u16], walls: &[u64]) -> Vec<u16> {
    let mut d = vec![INF; b.pos.len()];
    let mut queue = std::collections::VecDeque::new();
    for &c in from {
        d[c as usize] = 0;
        queue.push_back(c);
    }
    while let Some(c) = queue.pop_front() {
        for &x in &b.next[c as usize] {
            if x != NONE && !has(walls, x) && d[x as usize] == INF {
                d[x as usize] = d[c as usize] + 1;
                queue.push_back(x);
            }
        }
    }
    d
}

/// The boxes of `list` (all of `bits`) frozen on goals: they never move again.
pub(super) fn frozen_on_goals(b: &Board, bits: &[u64], list: &[u16], seen: &mut Vec<u16>) -> Vec<u64> {
    let mut fixed = vec![0u64; b.words];
    for &c in list {
        seen.clear();
        if b.goal[c as usize] && frozen(b, bits, c, seen) {
            set(&mut fixed, c);
        }
    }
    fixed
}

/// The fewest pushes that take the box at `m.from` to `m.to`, ending with the player at
/// `m.player`, the player starting at `player` (a breadth-first search over (box cell,
/// player side), the walks by flood).
pub(super) fn macro_pushes(b: &Board, w: &mut Work, bits: &[u64], player: u16, m: Macro) -> Vec<(u16, u8)> {
    let n = b.pos.len();
    let mut others = bits.to_vec();
    clear(&mut others, m.from);
    let mut prev: Vec<u32> = vec![u32::MAX; 4 * n];
    let mut queue = std::collections::VecDeque::new();
    let mut walls = others.clone();
    set(&mut walls, m.from);
    w.reach(b, &walls, player);
    for k in 0..4 {
        let x = b.next[m.from as usize][k];
        if x != NONE && w.reached(x) {
            prev[m.from as usize * 4 + k] = u32::MAX - 1;
            queue.push_back((m.from, k));
        }
    }
    while let Some((c, k)) = queue.pop_front() {
        if c == m.to && b.next[c as usize][k] == m.player && !(c == m.from && prev[c as usize * 4 + k] == u32::MAX - 1)
        {
            let mut out = Vec::new();
            let mut at = (c as usize) * 4 + k;
            while prev[at] != u32::MAX - 1 {
                let p = prev[at] as usize;
                // The push that arrived with the player on side k went towards k + 2, from
                // the previous state's cell.
                let dir = (at % 4 + 2) % 4;
                out.push(((p / 4) as u16, dir as u8));
                at = p;
            }
            out.reverse();
            return out;
        }
        walls.copy_from_slice(&others);
        set(&mut walls, c);
        w.reach(b, &walls, b.next[c as usize][k]);
        for k2 in 0..4 {
            let x = b.next[c as usize][k2];
            if x == NONE || !w.reached(x) {
                continue;
            }
            let to = b.next[c as usize][(k2 + 2) % 4];
            if to == NONE || has(&others, to) {
                continue;
            }
            if prev[to as usize * 4 + k2] == u32::MAX {
                prev[to as usize * 4 + k2] = (c as usize * 4 + k) as u32;
                queue.push_back((to, k2));
            }
        }
    }
    panic!("solver bug: a macro move with no pushes");
}
