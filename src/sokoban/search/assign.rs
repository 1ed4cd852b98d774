//! The assignment bound: a minimum-cost matching of boxes to goals by push distance (the
//! Hungarian algorithm, O(k²m), with an incremental `reassign` for a child that moved one
//! box); whether any matching exists (`assignable_with`); the bound of a box set.

use super::board::{Board, INF, next_stamp};
use crate::sokoban::rules::Position;

impl Board {
    /// The assignment bound: at least this many pushes are left (`None`: no assignment).
    pub fn lower_bound(&self, pos: &Position) -> Option<usize> {
        let boxes: Vec<u16> = pos.boxes.iter().map(|&p| self.cell(p)).collect();
        let h = self.bound(&boxes, &mut Hungarian::default());
        (h != INF).then_some(h as usize)
    }

    /// The assignment bound of a set of boxes (INF: no assignment, the position is dead).
    pub(super) fn bound(&self, boxes: &[u16], scratch: &mut Hungarian) -> u16 {
        bound_with(&self.dist, boxes, scratch)
    }
}

/// The assignment bound of `boxes` against goals whose pull distances are `dist`.
pub(super) fn bound_with(dist: &[Vec<u16>], boxes: &[u16], scratch: &mut Hungarian) -> u16 {
    let k = boxes.len();
    let m = dist.len();
    scratch.cost.clear();
    for &b in boxes {
        for d in dist {
            scratch.cost.push(d[b as usize]);
        }
    }
    scratch.solve(k, m)
}

/// One augmenting path from row `i` over the edges (depth first), for `Hungarian::matching`.
pub(super) fn augment_finite(
    mate: &mut [usize],
    tried: &mut [u32],
    stamp: u32,
    i: usize,
    m: usize,
    edge: &impl Fn(usize, usize) -> bool,
) -> bool {
    for j in 0..m {
        if tried[j] == stamp || !edge(i, j) {
            continue;
        }
        tried[j] = stamp;
        let other = mate[j];
        if other == usize::MAX || augment_finite(mate, tried, stamp, other, m, edge) {
            mate[j] = i;
            return true;
        }
    }
    false
}

/// Whether `bound_with` is finite (every box given a goal it reaches, each goal once), by a
/// matching only.
pub(super) fn assignable_with(dist: &[Vec<u16>], boxes: &[u16], scratch: &mut Hungarian) -> bool {
    scratch.cost.clear();
    for &b in boxes {
        for d in dist {
            scratch.cost.push(d[b as usize]);
        }
    }
    scratch.feasible(boxes.len(), dist.len())
}

/// A minimum-cost assignment of rows (boxes) to columns (goals), rows ≤ columns, O(k²m).
#[derive(Default)]
pub(super) struct Hungarian {
    pub(super) cost: Vec<u16>,
    pub(super) u: Vec<i64>,
    pub(super) v: Vec<i64>,
    pub(super) p: Vec<usize>,
    pub(super) way: Vec<usize>,
    pub(super) minv: Vec<i64>,
    pub(super) used: Vec<bool>,
    /// For `feasible`: each column's row (`usize::MAX`: none) and when it was last tried.
    pub(super) mate: Vec<usize>,
    pub(super) tried: Vec<u32>,
    pub(super) stamp: u32,
}

pub(super) const BIG: i64 = 1 << 40;

impl Hungarian {
    pub(super) fn c(&self, m: usize, i: usize, j: usize) -> i64 {
        let c = self.cost[i * m + j];
        if c == INF { BIG } else { c as i64 }
    }

    /// Whether every row can be given a column of finite cost, each column once: the same
    /// as `solve` returning less than `INF`, at the cost of a matching only (augmenting paths
    /// over the finite edges where a row finds no free column), not of an optimal assignment.
    pub(super) fn feasible(&mut self, k: usize, m: usize) -> bool {
        let cost = std::mem::take(&mut self.cost);
        let ok = self.matching(k, m, |i, j| cost[i * m + j] != INF);
        self.cost = cost;
        ok
    }

    /// `feasible` with the edges given by `edge(row, column)`, asked only as needed.
    pub(super) fn matching(&mut self, k: usize, m: usize, edge: impl Fn(usize, usize) -> bool) -> bool {
        self.mate.clear();
        self.mate.resize(m, usize::MAX);
        if self.tried.len() < m {
            self.tried.resize(m, 0);
        }
        for i in 0..k {
            // A free goal first; otherwise an augmenting path.
            if let Some(j) = (0..m).find(|&j| self.mate[j] == usize::MAX && edge(i, j)) {
                self.mate[j] = i;
                continue;
            }
            next_stamp(&mut self.stamp, &mut self.tried);
            if !augment_finite(&mut self.mate, &mut self.tried, self.stamp, i, m, &edge) {
                return false;
            }
        }
        true
    }

    /// The optimal assignment from scratch: every row augmented in turn.
    pub(super) fn solve(&mut self, k: usize, m: usize) -> u16 {
        self.u.clear();
        self.u.resize(k + 1, 0);
        self.v.clear();
        self.v.resize(m + 1, 0);
        self.p.clear();
        self.p.resize(m + 1, 0);
        self.way.clear();
        self.way.resize(m + 1, 0);
        // A start most rows need no path for: each row's potential its cheapest cost, and
        // the row takes that column when it is free (every edge stays non-negative, the
        // taken ones tight).
        let mut open = Vec::new();
        for i in 1..=k {
            let (mut best, mut at) = (i64::MAX, 0);
            for j in 1..=m {
                let c = self.c(m, i - 1, j - 1);
                if c < best || (c == best && self.p[at] != 0 && self.p[j] == 0) {
                    (best, at) = (c, j);
                }
            }
            self.u[i] = best;
            if self.p[at] == 0 {
                self.p[at] = i;
            } else {
                open.push(i);
            }
        }
        for i in open {
            self.augment(i, m);
        }
        self.total(m)
    }

    /// The assignment after row `row` (from 0) of `base`'s optimal one takes new costs: the
    /// row is unassigned, its potential lowered to keep every reduced cost non-negative, and
    /// one shortest augmenting path from it restores optimality. Only for square problems
    /// (as many goals as boxes), where the columns' potentials are free.
    pub(super) fn reassign(&mut self, base: &Hungarian, k: usize, row: usize, costs: impl Iterator<Item = u16>) -> u16 {
        let m = k;
        self.cost.clone_from(&base.cost);
        self.u.clone_from(&base.u);
        self.v.clone_from(&base.v);
        self.p.clone_from(&base.p);
        self.way.clone_from(&base.way);
        for (j, c) in costs.enumerate() {
            self.cost[row * m + j] = c;
        }
        let i = row + 1;
        if let Some(j) = (1..=m).find(|&j| self.p[j] == i) {
            self.p[j] = 0;
        }
        self.u[i] = (1..=m).map(|j| self.c(m, row, j - 1) - self.v[j]).min().unwrap_or(0);
        self.augment(i, m);
        self.total(m)
    }

    /// One shortest augmenting path from row `i` (e-maxx's form of the Hungarian method).
    pub(super) fn augment(&mut self, i: usize, m: usize) {
        self.p[0] = i;
        let mut j0 = 0;
        self.minv.clear();
        self.minv.resize(m + 1, i64::MAX);
        self.used.clear();
        self.used.resize(m + 1, false);
        loop {
            self.used[j0] = true;
            let i0 = self.p[j0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            // Row i0's costs and the columns' arrays, as slices of one length (no bounds
            // checks in the loop).
            let row = &self.cost[(i0 - 1) * m..i0 * m];
            let ui = self.u[i0];
            let (used, minv, way, v) = (&self.used[1..=m], &mut self.minv[1..=m], &mut self.way[1..=m], &self.v[1..=m]);
            for (j, &c) in row.iter().enumerate() {
                if !used[j] {
                    let c = if c == INF { BIG } else { c as i64 };
                    let cur = c - ui - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j + 1;
                    }
                }
            }
            for j in 0..=m {
                if self.used[j] {
                    self.u[self.p[j]] += delta;
                    self.v[j] -= delta;
                } else {
                    self.minv[j] -= delta;
                }
            }
            j0 = j1;
            if self.p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = self.way[j0];
            self.p[j0] = self.p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }

    pub(super) fn total(&self, m: usize) -> u16 {
        let total: i64 = (1..=m).filter(|&j| self.p[j] != 0).map(|j| self.c(m, self.p[j] - 1, j - 1)).sum();
        if total >= BIG { INF } else { total.min(INF as i64 - 1) as u16 }
    }
}
