//! The admissible lower bound (`LowerBound`): per kind, the cheapest partition of its blocks
//! into groups that can vanish, each group costing no more than its members' moves before it
//! does (exact subset DP for kinds of up to 8 blocks, the column-only partition bound above);
//! and the two dead-position rules (one block of a kind left; a block no twin can ever touch).
//! See the folder's comment for why it never overestimates.

use super::bits::{Compiled, FAR, FastMap};

/// The admissible lower bound, memoised per kind: by the kind's cells (subset bound) and by
/// its column pattern (column bound, for large kinds).
#[derive(Default)]
pub struct LowerBound {
    pub(super) memo: FastMap<u128, u32>,
    pub(super) column_memo: FastMap<u128, u32>,
    /// Use only the column partition bound (for comparisons).
    pub columns_only: bool,
}

/// Returned by the bound for a dead position (a kind with one block left).
pub const DEAD: u32 = u32::MAX;

impl LowerBound {
    /// Lower bound on the moves still needed; [`DEAD`] when no solution can exist.
    pub fn estimate(&mut self, c: &Compiled, m: &[u128]) -> u32 {
        let mut total = 0;
        for &k in m {
            let part = self.kind_bound(c, k);
            if part == DEAD {
                return DEAD;
            }
            total += part;
        }
        total
    }

    /// Each kind's share of the bound (for [`LowerBound::estimate_from`]); `None` if dead.
    pub fn parts(&mut self, c: &Compiled, m: &[u128], out: &mut Vec<u32>) -> Option<()> {
        out.clear();
        for &k in m {
            let part = self.kind_bound(c, k);
            if part == DEAD {
                return None;
            }
            out.push(part);
        }
        Some(())
    }

    /// The bound of a child position, reusing the parent's share for every kind whose blocks
    /// did not move (a kind's share depends only on its own mask).
    pub fn estimate_from(&mut self, c: &Compiled, parent: &[u128], parent_parts: &[u32], child: &[u128]) -> u32 {
        let mut total = 0;
        for ((&k, &p), &part) in child.iter().zip(parent).zip(parent_parts) {
            let part = if k == p { part } else { self.kind_bound(c, k) };
            if part == DEAD {
                return DEAD;
            }
            total += part;
        }
        total
    }

    /// A child's shares (into `out`) and their sum, reusing the parent's for kinds whose
    /// blocks did not move; `None` if the child is dead.
    pub fn parts_from(
        &mut self,
        c: &Compiled,
        parent: &[u128],
        parent_parts: &[u32],
        child: &[u128],
        out: &mut Vec<u32>,
    ) -> Option<u32> {
        out.clear();
        let mut total = 0;
        for ((&k, &p), &part) in child.iter().zip(parent).zip(parent_parts) {
            let part = if k == p { part } else { self.kind_bound(c, k) };
            if part == DEAD {
                return None;
            }
            total += part;
            out.push(part);
        }
        Some(total)
    }

    /// One kind's share: [`DEAD`] if it can never all vanish, else its partition bound.
    pub(super) fn kind_bound(&mut self, c: &Compiled, k: u128) -> u32 {
        let n = k.count_ones() as usize;
        if n == 0 {
            return 0;
        }
        if n == 1 {
            return DEAD;
        }
        if !self.columns_only
            && n <= SUBSET_LIMIT
            && let Some(&v) = self.memo.get(&k)
        {
            return v;
        }
        let mut cells = [0u8; 128];
        let mut rest = k;
        let mut i = 0;
        let mut dead = false;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            // A block that no block of its kind can ever touch.
            dead |= c.partners[cell] & k == 0;
            cells[i] = cell as u8;
            i += 1;
            rest &= rest - 1;
        }
        let cells = &cells[..n];
        if !self.columns_only && n <= SUBSET_LIMIT {
            let v = if dead { DEAD } else { subset_bound(c, cells) };
            if self.memo.len() >= MEMO_CAP {
                self.memo.clear();
            }
            self.memo.insert(k, v);
            return v;
        }
        if dead {
            return DEAD;
        }
        let mut cols = [0u8; 128];
        for (x, &cell) in cols.iter_mut().zip(cells) {
            *x = c.col_of[cell as usize];
        }
        let cols = &mut cols[..n];
        cols.sort_unstable();
        if n <= 15 {
            // Memoised by the column pattern relative to the leftmost column.
            let base = cols[0];
            let key = cols.iter().fold(n as u128, |a, &x| (a << 8) | (x - base) as u128);
            if let Some(&v) = self.column_memo.get(&key) {
                return v;
            }
            let v = partition_bound(cols);
            self.column_memo.insert(key, v);
            v
        } else {
            partition_bound(cols)
        }
    }
}

/// Kinds with at most this many blocks get the exact subset bound; more use the column bound.
pub(super) const SUBSET_LIMIT: usize = 8;
/// The bound's memo is cleared when it reaches this many entries (a memory cap).
pub(super) const MEMO_CAP: usize = 1 << 22;

/// The least total cost over partitions of one kind's blocks (at `cells`) into groups of two
/// or more, where a group's cost never exceeds the moves its blocks make before they vanish
/// together:
/// - two blocks: their pair distance (they must end up touching);
/// - g >= 3 blocks: the largest of (a) the least number of column steps that bring all their
///   columns into one window of g columns (a connected group of g cells spans at most g
///   columns, and a block's column changes only by its own moves, one per move), (b) for
///   each block, the cheapest pair distance to another member (each member touches another),
///   (c) for three, [`triple_cost`]; for four or more, the cheapest triple among them.
///
/// Every block vanishes in exactly one group and its moves count in that group only, so the
/// sum is admissible. Exact minimum over all partitions (a subset dynamic program).
pub(super) fn subset_bound(c: &Compiled, cells: &[u8]) -> u32 {
    let n = cells.len();
    let cn = c.rows * c.cols;
    let full = (1usize << n) - 1;
    let pair = |i: usize, j: usize| c.pair[cells[i] as usize * cn + cells[j] as usize] as u32;
    let inf = u32::MAX / 2;
    let mut cost = [inf; 1 << SUBSET_LIMIT];
    for (g, slot) in cost.iter_mut().enumerate().take(full + 1) {
        let size = g.count_ones() as usize;
        if size < 2 {
            continue;
        }
        if size == 2 {
            let i = g.trailing_zeros() as usize;
            let j = (usize::BITS - 1 - g.leading_zeros()) as usize;
            let p = pair(i, j).min(pair(j, i));
            *slot = if p == FAR as u32 { inf } else { p };
            continue;
        }
        let mut cols = [0u8; SUBSET_LIMIT];
        let mut m = 0;
        let mut worst = 0;
        let mut dead = false;
        for (i, &cell) in cells.iter().enumerate() {
            if g >> i & 1 == 0 {
                continue;
            }
            cols[m] = c.col_of[cell as usize];
            m += 1;
            let mut near = FAR as u32;
            for j in 0..n {
                if j != i && g >> j & 1 == 1 {
                    near = near.min(pair(i, j));
                }
            }
            if near == FAR as u32 {
                dead = true;
            }
            worst = worst.max(near);
        }
        if dead {
            continue;
        }
        let cols = &mut cols[..m];
        cols.sort_unstable();
        *slot = window_cost(cols).max(worst);
        if size == 3 {
            *slot = (*slot).max(triple_cost(c, cells, g).min(inf));
        }
    }
    // A connected group of four or more contains a connected three (drop a leaf of a spanning
    // tree), and the rest move at least zero times: it costs at least its cheapest triple.
    for g in 1..=full {
        if g.count_ones() < 4 || cost[g] >= inf {
            continue;
        }
        let mut cheapest = inf;
        let mut sub = g;
        while sub != 0 {
            if sub.count_ones() == 3 {
                cheapest = cheapest.min(cost[sub]);
            }
            sub = (sub - 1) & g;
        }
        cost[g] = cost[g].max(cheapest.min(inf));
    }
    let mut f = [inf; 1 << SUBSET_LIMIT];
    f[0] = 0;
    for mask in 1..=full {
        let low = mask & mask.wrapping_neg();
        let rest = mask ^ low;
        let mut sub = rest;
        while sub != 0 {
            let g = sub | low;
            let v = cost[g] + f[mask ^ g];
            if v < f[mask] {
                f[mask] = v;
            }
            sub = (sub - 1) & rest;
        }
    }
    if f[full] >= inf { DEAD } else { f[full] }
}

/// Three blocks that vanish together touch as a path or an L: one of them (the centre, at y)
/// touches the other two. So between them they move at least
/// min over centres and y of dist[centre][y] + near[other1][y] + near[other2][y] (the two
/// others may even be allowed the same cell: that only lowers the minimum).
pub(super) fn triple_cost(c: &Compiled, cells: &[u8], g: usize) -> u32 {
    let n = c.rows * c.cols;
    let mut t = [0usize; 3];
    let mut k = 0;
    for (i, &cell) in cells.iter().enumerate() {
        if g >> i & 1 == 1 {
            t[k] = cell as usize;
            k += 1;
        }
    }
    let mut best = u32::MAX;
    for centre in 0..3 {
        let (j, a, b) = (t[centre], t[(centre + 1) % 3], t[(centre + 2) % 3]);
        for y in 0..n {
            let (dj, na, nb) = (c.dist[j * n + y], c.near[a * n + y], c.near[b * n + y]);
            if dj != FAR && na != FAR && nb != FAR {
                best = best.min(dj as u32 + na as u32 + nb as u32);
            }
        }
    }
    best
}

/// The fewest column steps that bring sorted `cols` into one window of `cols.len()` columns.
pub(super) fn window_cost(cols: &[u8]) -> u32 {
    let w = cols.len() as i32 - 1;
    let (lo, hi) = (cols[0] as i32, cols[cols.len() - 1] as i32);
    (lo..=hi.max(lo))
        .map(|x| {
            cols.iter()
                .map(|&c| {
                    let c = c as i32;
                    if c < x {
                        x - c
                    } else if c > x + w {
                        c - x - w
                    } else {
                        0
                    }
                })
                .sum::<i32>() as u32
        })
        .min()
        .unwrap_or(0)
}

/// Minimum over partitions of sorted `cols` into groups of size >= 2 of
/// sum(max(0, span - (size - 1))).
///
/// Some optimal partition uses groups that are contiguous in sorted order: two groups whose
/// column ranges overlap (or touch) can be merged without raising the cost, because
/// span(A + B) <= span(A) + span(B) when the ranges meet, and
/// max(0, x + y - 1) <= max(0, x) + max(0, y). Merging until no ranges meet leaves disjoint
/// ranges, i.e. contiguous runs. So an O(n^2) dynamic program over contiguous runs is exact
/// (checked against [`partition_bound_subsets`] by a property test).
pub fn partition_bound(cols: &[u8]) -> u32 {
    let n = cols.len();
    let mut f = vec_or_array(n + 1);
    let f = f.as_mut_slice();
    f[0] = 0;
    for j in 2..=n {
        for i in 0..=j - 2 {
            if f[i] == u32::MAX {
                continue;
            }
            let span = (cols[j - 1] - cols[i]) as u32;
            let cost = span.saturating_sub((j - i - 1) as u32);
            f[j] = f[j].min(f[i] + cost);
        }
    }
    f[n]
}

/// Scratch space for the dynamic program: on the stack for the usual sizes.
pub(super) enum Scratch {
    Small([u32; 40], usize),
    Large(Vec<u32>),
}

impl Scratch {
    pub(super) fn as_mut_slice(&mut self) -> &mut [u32] {
        match self {
            Scratch::Small(a, n) => &mut a[..*n],
            Scratch::Large(v) => v,
        }
    }
}

pub(super) fn vec_or_array(n: usize) -> Scratch {
    if n <= 40 { Scratch::Small([u32::MAX; 40], n) } else { Scratch::Large(vec![u32::MAX; n]) }
}

/// The same minimum by brute force over every partition (exponential; the test oracle).
pub fn partition_bound_subsets(cols: &[u8]) -> u32 {
    let n = cols.len();
    let full = (1usize << n) - 1;
    let cost = |s: usize| -> u32 {
        let size = s.count_ones();
        let lo = cols[s.trailing_zeros() as usize] as u32;
        let hi = cols[(usize::BITS - 1 - s.leading_zeros()) as usize] as u32;
        (hi - lo).saturating_sub(size - 1)
    };
    let mut dp = vec![u32::MAX; full + 1];
    dp[0] = 0;
    for mask in 1..=full {
        let low = mask & mask.wrapping_neg();
        let rest = mask ^ low;
        // Submasks of `rest`, each joined with `low`, as the group containing the lowest block.
        let mut sub = rest;
        loop {
            if sub != 0 {
                let g = sub | low;
                let other = mask ^ g;
                if dp[other] != u32::MAX {
                    dp[mask] = dp[mask].min(dp[other] + cost(g));
                }
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & rest;
        }
    }
    dp[full]
}
