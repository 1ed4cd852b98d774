//! The packing plan (`Plan`): the order to fill the goals in, planned backward from the
//! solved position one cluster of touching goals at a time, parking a box aside when none
//! can come off, and a small relaxed search when greedy parking leaves a cluster stuck.

use crate::sokoban::search::Instant;
use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::NONE;
use crate::sokoban::search::board::clear;
use crate::sokoban::search::board::has;
use crate::sokoban::search::board::set;
use crate::sokoban::search::fess::BinaryHeap;
use crate::sokoban::search::fess::Reverse;

/// The packing order: cells to fill (the goals, and cells where a box is parked), each one's
/// goal cluster and fill rank (0: filled first).
pub(super) struct Plan {
    pub(super) cells: Vec<u16>,
    /// For a parking cell, the goal its box moves on to (it counts as filled while either
    /// holds a box); `NONE` for a goal.
    pub(super) alt: Vec<u16>,
    pub(super) cluster: Vec<u16>,
    pub(super) rank: Vec<u16>,
    /// Per cluster, per rank: how many goals.
    pub(super) sizes: Vec<Vec<u16>>,
    /// A linear order (one cluster, one cell a rank) made by the backward search, if any.
    pub(super) linear: Option<Linear>,
}

/// A packing order as one sequence of box moves (Festival's parking order): `Plan::cells[i]`
/// is where the `i`th move leaves a box; `until[i]` the later move that takes that box on
/// (`NONE`: it stays); `init[i]` that a box stands there before the first move.
pub(super) struct Linear {
    pub(super) until: Vec<u16>,
    pub(super) init: Vec<bool>,
}

impl Plan {
    /// Boxes packed: per cluster, the goals filled rank by rank, a rank counting only when
    /// every earlier one is full (its own boxes count even when it is not).
    pub(super) fn packed(&self, bits: &[u64], filled: &mut Vec<Vec<u16>>) -> u16 {
        if let Some(lin) = &self.linear {
            let p = lin.packed(&self.cells, bits);
            filled.resize_with(1, Vec::new);
            filled[0].clear();
            filled[0].extend((0..self.cells.len()).map(|i| u16::from(i < p as usize)));
            return p;
        }
        filled.resize_with(self.sizes.len(), Vec::new);
        for (f, s) in filled.iter_mut().zip(&self.sizes) {
            f.clear();
            f.resize(s.len(), 0);
        }
        for (i, (&c, &alt)) in self.cells.iter().zip(&self.alt).enumerate() {
            if has(bits, c) || (alt != NONE && has(bits, alt)) {
                filled[self.cluster[i] as usize][self.rank[i] as usize] += 1;
            }
        }
        let mut total = 0;
        for (f, sizes) in filled.iter().zip(&self.sizes) {
            for (&got, &size) in f.iter().zip(sizes) {
                total += got;
                if got < size {
                    break;
                }
            }
        }
        total
    }

    /// [`Plan::packed`]'s count alone (`filled` left as it was, or used as scratch).
    pub(super) fn count(&self, bits: &[u64], filled: &mut Vec<Vec<u16>>) -> u16 {
        match &self.linear {
            Some(lin) => lin.packed(&self.cells, bits),
            None => self.packed(bits, filled),
        }
    }

    /// Per goal cluster, its first rank not yet full (`None`: all full), from `filled` as
    /// `packed` left it.
    pub(super) fn first_open(&self, filled: &[Vec<u16>]) -> Vec<Option<usize>> {
        self.sizes.iter().zip(filled).map(|(s, f)| (0..s.len()).find(|&r| f[r] < s[r])).collect()
    }
}

impl Linear {
    /// Boxes packed (Festival's count): the length of the order's prefix done, a move's
    /// cell excused when empty once the move that takes its box on is within the prefix;
    /// less the boxes that should stand from the start and do not.
    fn packed(&self, cells: &[u16], bits: &[u64]) -> u16 {
        let n = cells.len();
        let inits = self.init.iter().take_while(|&&x| x).count();
        let mandatory = (0..inits).filter(|&i| self.until[i] == NONE);
        if mandatory.clone().any(|i| !has(bits, cells[i])) {
            return mandatory.filter(|&i| has(bits, cells[i])).count() as u16;
        }
        let mut packed = n;
        for i in (inits..n).rev() {
            if has(bits, cells[i]) {
                continue;
            }
            if self.until[i] == NONE || self.until[i] as usize >= packed {
                packed = i;
            }
        }
        let good = (0..inits).filter(|&i| has(bits, cells[i]) || (self.until[i] as usize) < packed).count();
        (packed - (inits - good)) as u16
    }
}

/// The packing order (see the module's comment).
pub(super) fn packing_plan(b: &Board, starts: &[u16], deadline: Instant) -> Plan {
    let n = b.pos.len();
    let goals = b.goals.clone();
    let index_of = |c: u16| goals.iter().position(|&g| g == c);
    let mut cluster = vec![u16::MAX; goals.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..goals.len() {
        if cluster[i] != u16::MAX {
            continue;
        }
        let id = groups.len() as u16;
        let mut group = vec![i];
        cluster[i] = id;
        let mut j = 0;
        while j < group.len() {
            let g = goals[group[j]];
            j += 1;
            for &y in &b.next[g as usize] {
                if let Some(yi) = (y != NONE).then(|| index_of(y)).flatten()
                    && cluster[yi] == u16::MAX
                {
                    cluster[yi] = id;
                    group.push(yi);
                }
            }
        }
        groups.push(group);
    }
    let mut is_start = vec![false; n];
    for &s in starts {
        is_start[s as usize] = true;
    }
    let mut plan = Plan {
        cells: Vec::new(),
        alt: Vec::new(),
        cluster: Vec::new(),
        rank: Vec::new(),
        sizes: Vec::new(),
        linear: None,
    };
    for (id, group) in groups.iter().enumerate() {
        let cells: Vec<u16> = group.iter().map(|&i| goals[i]).collect();
        // Greedy parking first; when that leaves boxes that never come off, a small search.
        let greedy = unpack(b, &cells, &is_start, true, deadline);
        let stuck = greedy.as_ref().is_none_or(|(_, done)| !done);
        let layers = stuck
            .then(|| unpack_search(b, &cells, &is_start, deadline))
            .flatten()
            .or(greedy.map(|(l, _)| l))
            .unwrap_or_else(|| unpack(b, &cells, &is_start, false, deadline).map(|(l, _)| l).unwrap_or_default());
        // Removed first is filled last.
        let count = layers.len();
        let mut sizes = vec![0u16; count];
        for (l, layer) in layers.iter().enumerate() {
            for &(c, alt) in layer {
                plan.cells.push(c);
                plan.alt.push(alt);
                plan.cluster.push(id as u16);
                plan.rank.push((count - 1 - l) as u16);
                sizes[count - 1 - l] += 1;
            }
        }
        plan.sizes.push(sizes);
    }
    plan
}

/// A cluster's goals emptied backward from the solved position, layer by layer: each layer
/// the boxes that can be pulled out to a start cell, the rest still in place. When none can
/// and `park` allows, one box is pulled aside to a floor cell (the nearest that lets some
/// other box out), itself taken out later. The last layer is what never comes off. Each
/// entry is (cell, the goal a box parked there moves on to, or `NONE`); the flag says every
/// box came off. `None` when a parked box could never leave.
pub(super) fn unpack(
    b: &Board,
    cells: &[u16],
    is_start: &[bool],
    park: bool,
    deadline: Instant,
) -> Option<(Layers, bool)> {
    let mut full = vec![0u64; b.words];
    for &c in cells {
        set(&mut full, c);
    }
    // The boxes still in: (cell, the goal it was parked from or NONE).
    let mut left: Vec<(u16, u16)> = cells.iter().map(|&c| (c, NONE)).collect();
    let mut layers: Vec<Vec<(u16, u16)>> = Vec::new();
    let mut parks = 0;
    let leaves = |full: &[u64], c: u16| Instant::now() < deadline && leaves(b, full, c, is_start);
    while !left.is_empty() {
        let off: Vec<(u16, u16)> = left.iter().copied().filter(|&(c, _)| leaves(&full, c)).collect();
        if !off.is_empty() {
            for &(c, _) in &off {
                clear(&mut full, c);
            }
            left.retain(|e| !off.contains(e));
            layers.push(off);
            continue;
        }
        // Park one goal's box where it lets another out.
        let mut found = None;
        if park && parks < 2 * cells.len() {
            'search: for &(g, from) in &left {
                if from != NONE {
                    continue;
                }
                let mut obst = full.clone();
                clear(&mut obst, g);
                let mut near = Vec::new();
                pulls(b, &obst, g, |x| {
                    if !b.goal[x as usize] && !near.contains(&x) {
                        near.push(x);
                    }
                    near.len() >= PARK_CANDIDATES
                });
                for &p in &near {
                    let mut moved = obst.clone();
                    set(&mut moved, p);
                    if left.iter().any(|&(c, _)| c != g && leaves(&moved, c)) {
                        found = Some((g, p));
                        break 'search;
                    }
                }
            }
        }
        let Some((g, p)) = found else {
            if left.iter().any(|&(_, from)| from != NONE) {
                return None;
            }
            layers.push(left);
            return Some((layers, false));
        };
        parks += 1;
        clear(&mut full, g);
        set(&mut full, p);
        for e in left.iter_mut() {
            if e.0 == g {
                *e = (p, g);
            }
        }
        layers.push(vec![(g, NONE)]);
    }
    Some((layers, true))
}

/// The most positions `unpack_search` looks at for one cluster.
pub(super) const UNPACK_STATES: usize = 2000;

/// A cluster's goals emptied backward by a small best-first search, fewest boxes left
/// first: a step pulls one box to one of the nearest cells it reaches (the others fixed),
/// then every box that can leave to a start cell leaves. Layers as `unpack`'s, each step
/// and each round of leaving one layer; `None` when no way out is found within
/// `UNPACK_STATES` positions.
pub(super) fn unpack_search(b: &Board, cells: &[u16], is_start: &[bool], deadline: Instant) -> Option<Layers> {
    type Boxes = Vec<(u16, u16)>;
    let bits_of = |bx: &Boxes| {
        let mut full = vec![0u64; b.words];
        for &(c, _) in bx {
            set(&mut full, c);
        }
        full
    };
    // Every box that can leave does, round by round: the rounds' layers.
    let settle = |bx: &mut Boxes| {
        let mut layers = Vec::new();
        loop {
            let full = bits_of(bx);
            let off: Boxes = bx.iter().copied().filter(|&(c, _)| leaves(b, &full, c, is_start)).collect();
            if off.is_empty() {
                return layers;
            }
            bx.retain(|e| !off.contains(e));
            layers.push(off);
        }
    };
    // Each box: (cell, the goal it came off, NONE while it is still there), which is also
    // its entry in a layer.
    let mut first: Boxes = cells.iter().map(|&c| (c, NONE)).collect();
    let first_layers = settle(&mut first);
    // Positions: boxes, parent, the layers from the parent.
    let mut nodes: Vec<(Boxes, usize, Layers)> = vec![(first.clone(), usize::MAX, first_layers)];
    let key = |bx: &Boxes| {
        let mut k: Vec<u16> = bx.iter().map(|e| e.0).collect();
        k.sort_unstable();
        k
    };
    let mut seen = std::collections::HashSet::new();
    seen.insert(key(&first));
    let mut open = BinaryHeap::new();
    open.push(Reverse((first.len(), 0usize)));
    let mut found = first.is_empty().then_some(0);
    while found.is_none()
        && let Some(Reverse((_, at))) = open.pop()
    {
        if nodes.len() >= UNPACK_STATES || Instant::now() >= deadline {
            return None;
        }
        let bx = nodes[at].0.clone();
        let full = bits_of(&bx);
        for (i, &(c, g)) in bx.iter().enumerate() {
            let mut obst = full.clone();
            clear(&mut obst, c);
            let mut near = Vec::new();
            pulls(b, &obst, c, |x| {
                if x != c && !near.contains(&x) {
                    near.push(x);
                }
                near.len() >= PARK_CANDIDATES
            });
            for &x in &near {
                let mut child = bx.clone();
                child[i] = (x, if g == NONE { c } else { g });
                let mut layers = vec![vec![(c, g)]];
                layers.extend(settle(&mut child));
                if !seen.insert(key(&child)) {
                    continue;
                }
                let left = child.len();
                nodes.push((child, at, layers));
                if left == 0 {
                    found = Some(nodes.len() - 1);
                    break;
                }
                open.push(Reverse((left, nodes.len() - 1)));
            }
            if found.is_some() {
                break;
            }
        }
    }
    let mut at = found?;
    let mut chain = Vec::new();
    while at != usize::MAX {
        chain.push(std::mem::take(&mut nodes[at].2));
        at = nodes[at].1;
    }
    Some(chain.into_iter().rev().flatten().collect())
}

/// A cluster's unpacking, backward: layers of (cell, the goal its box came off or `NONE`).
pub(super) type Layers = Vec<Vec<(u16, u16)>>;

/// Whether the box at `c` of `full` (the boxes there) can be pulled out to a start cell,
/// the others in place.
pub(super) fn leaves(b: &Board, full: &[u64], c: u16, is_start: &[bool]) -> bool {
    let mut obst = full.to_vec();
    clear(&mut obst, c);
    pulls(b, &obst, c, |x| is_start[x as usize])
}

/// How many floor cells a parking is chosen among, nearest first.
pub(super) const PARK_CANDIDATES: usize = 8;

/// Pulls a lone box from `g` around `obst`, breadth first, and calls `visit` on each cell it
/// reaches (more than once for some); true as soon as `visit` does.
pub(super) fn pulls(b: &Board, obst: &[u64], g: u16, visit: impl FnMut(u16) -> bool) -> bool {
    pulls_from(b, obst, &[g], visit)
}

/// [`pulls`] from several goals at once.
pub(super) fn pulls_from(b: &Board, obst: &[u64], goals: &[u16], mut visit: impl FnMut(u16) -> bool) -> bool {
    let n = b.pos.len();
    let mut seen = vec![false; 4 * n];
    let mut queue = Vec::new();
    for &g in goals {
        for k in 0..4 {
            let x = b.next[g as usize][k];
            if x != NONE && !has(obst, x) && !seen[g as usize * 4 + k] {
                seen[g as usize * 4 + k] = true;
                queue.push((g, k));
            }
        }
    }
    let mut walls = obst.to_vec();
    let mut mark = vec![false; n];
    let mut stack = Vec::new();
    let mut i = 0;
    while i < queue.len() {
        let (c, k) = queue[i];
        i += 1;
        walls.copy_from_slice(obst);
        set(&mut walls, c);
        mark.iter_mut().for_each(|m| *m = false);
        let p = b.next[c as usize][k];
        mark[p as usize] = true;
        stack.clear();
        stack.push(p);
        while let Some(x) = stack.pop() {
            for &y in &b.next[x as usize] {
                if y != NONE && !mark[y as usize] && !has(&walls, y) {
                    mark[y as usize] = true;
                    stack.push(y);
                }
            }
        }
        for k2 in 0..4 {
            let x = b.next[c as usize][k2];
            if x == NONE || !mark[x as usize] {
                continue;
            }
            // Pull towards k2: the box to x, the player on to beyond it.
            let y = b.next[x as usize][k2];
            if y == NONE || has(obst, y) {
                continue;
            }
            if visit(x) {
                return true;
            }
            if !seen[x as usize * 4 + k2] {
                seen[x as usize * 4 + k2] = true;
                queue.push((x, k2));
            }
        }
    }
    false
}
