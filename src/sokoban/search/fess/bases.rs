//! The packing order planned by a backward search from the solved position (after
//! Festival's "base" search): boxes are pulled off the goals by macro pulls, and a box
//! pulled onto a cell where some box starts (a *base*) leaves the level with that base. The
//! search is a relaxation (a base left is no obstacle after), so its path is no solution;
//! read forward it is a packing order (`Linear`): where each box goes, in turn, including
//! the cells where a box waits outside the goals (a *staging* cell) while others are put
//! in before it. A box pulled onto a base that is no sink stands there; the search ends
//! where every box left so stands (the start position), and those boxes stand from the
//! start until the step that takes them on.

use super::plan::Linear;
use super::plan::Plan;
use crate::sokoban::search::Instant;
use crate::sokoban::search::assign::Hungarian;
use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::NONE;
use crate::sokoban::search::board::cells;
use crate::sokoban::search::board::clear;
use crate::sokoban::search::board::has;
use crate::sokoban::search::board::next_stamp;
use crate::sokoban::search::board::set;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::HashSet;

/// The most positions the backward search expands.
pub(super) const BASE_EXPANSIONS: usize = 2000;

/// The most positions it holds (its memory: a large room makes thousands a step).
pub(super) const BASE_NODES: usize = 50_000;

/// A position of the backward search.
struct Node {
    boxes: Vec<u64>,
    /// The bases no box has left by yet.
    bases: Vec<u64>,
    /// A cell of the player's region.
    player: u16,
    parent: u32,
    /// The pull that made it: the box from, to, and whether it left by a base there.
    from: u16,
    to: u16,
    kill: bool,
}

/// A position's rank, smaller is better (Festival's pull-mode order): fewest boxes left
/// (none where every box left stands on a base and the player can walk back to its start:
/// that is the start position, where Festival's search ends too, the boxes on the bases
/// standing there from the start), then fewest floor regions, then whether the player is
/// shut out of the sink squares (with sink squares only: a box can leave from a position
/// only where the player reaches them, so the positions where it does come first), then
/// whether no box can leave by a sink square from it at all (with sink squares only: a pull
/// that lets the next box out before one that does not), then fewest boxes on goals, then
/// the boxes farthest from the goals (the sum of each box's fewest pushes to a goal).
///
/// The two sink-square keys come after the regions, as Festival's pull advisor prefers a
/// pull into its kill zone only among the pulls that leave the floor no more cut apart: they
/// look one pull ahead, the regions are what the position is. Put before the regions they
/// chose, on Box World #83 (a room of boxes that start on their goals), the one pull that
/// uncovers a base and cuts the floor more over the pulls that open the room, and the search
/// then took the boxes out one into another's place through a room still packed.
type Rank = (u16, u16, bool, bool, u16, Reverse<u32>);

/// The backward search's scratch and tables.
struct Search<'a> {
    b: &'a Board,
    /// Per base (a start cell), the cells a lone box pushed from it reaches: the cells from
    /// which a box can be pulled onto it.
    reach: &'a [(u16, Vec<u64>)],
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
    hungarian: Hungarian,
    /// Only Festival's sink squares take a box out (`sink_squares`), else every base.
    elim: bool,
    /// No pulls are made past it (so a step runs on past it by one box's pulls at most).
    deadline: Instant,
    /// The player's cell at the start (forward).
    start: u16,
}

/// The packing order from a backward search that takes at least one box out by a base
/// (`None`: none does within `BASE_EXPANSIONS` positions expanded, `BASE_NODES` held, or by
/// `deadline`, the level starts solved, or it has more goals than boxes). First with Festival's sink squares (a box
/// leaves only by the largest group of bases, and only while the player reaches all of
/// them), on half the time; when that leaves boxes in, with every base a sink, and the order
/// that leaves fewer boxes in (the first when as many).
pub(super) fn base_plan(b: &Board, starts: &[u16], player: u16, deadline: Instant) -> Option<Plan> {
    let now = Instant::now();
    let half = now + deadline.saturating_duration_since(now) / 2;
    let none = vec![0u64; b.words];
    let reach: Vec<(u16, Vec<u64>)> = starts.iter().map(|&c| (c, push_reach(b, c, &none))).collect();
    let strict = search(b, starts, player, &reach, half, true).0;
    if strict.as_ref().is_some_and(|(rank, _)| rank.0 == 0) {
        return strict.map(|(_, plan)| plan);
    }
    let loose = search(b, starts, player, &reach, deadline, false).0;
    match (strict, loose) {
        (Some(s), Some(l)) => Some(if l.0.0 < s.0.0 { l.1 } else { s.1 }),
        (s, l) => s.or(l).map(|(_, plan)| plan),
    }
}

/// The backward search with Festival's sink squares only, with no bound but its own sizes:
/// how many boxes its best position leaves in, its order, and how many positions it expanded.
#[cfg(test)]
pub(super) fn sink_search(b: &Board, starts: &[u16], player: u16) -> (Option<(u16, Plan)>, usize) {
    let none = vec![0u64; b.words];
    let reach: Vec<(u16, Vec<u64>)> = starts.iter().map(|&c| (c, push_reach(b, c, &none))).collect();
    let far = Instant::now() + std::time::Duration::from_secs(3600);
    let (best, expanded) = search(b, starts, player, &reach, far, true);
    (best.map(|(rank, plan)| (rank.0, plan)), expanded)
}

/// One backward search; `elim`: only Festival's sink squares take a box out. The best
/// position's rank and its order (`None`: no box left the level on its way), and how many
/// positions it expanded.
fn search(
    b: &Board,
    starts: &[u16],
    player: u16,
    reach: &[(u16, Vec<u64>)],
    deadline: Instant,
    elim: bool,
) -> (Option<(Rank, Plan)>, usize) {
    let n = b.pos.len();
    let mut s = Search {
        b,
        reach,
        mark: vec![0; n],
        stamp: 0,
        stack: Vec::new(),
        hungarian: Hungarian::default(),
        elim,
        deadline,
        start: player,
    };
    let mut solved = vec![0u64; b.words];
    for &g in &b.goals {
        set(&mut solved, g);
    }
    let mut bases = vec![0u64; b.words];
    for &c in starts {
        set(&mut bases, c);
    }
    // A box on every goal is where it starts backward: so as many goals as boxes.
    if solved == bases || b.goals.len() != starts.len() {
        return (None, 0);
    }
    let mut nodes: Vec<Node> = Vec::new();
    let mut seen: HashSet<(Vec<u64>, Vec<u64>, u16)> = HashSet::new();
    let mut open = BinaryHeap::new();
    // A root per part of the floor the goals cut it into (the player may start in any).
    for c in 0..n as u16 {
        if has(&solved, c) {
            continue;
        }
        let key = s.flood(&solved, c);
        if seen.insert((solved.clone(), bases.clone(), key)) {
            let rank = s.rank(&solved, &bases, c);
            nodes.push(Node {
                boxes: solved.clone(),
                bases: bases.clone(),
                player: c,
                parent: u32::MAX,
                from: NONE,
                to: NONE,
                kill: false,
            });
            open.push(Reverse((rank, 0u32, nodes.len() as u32 - 1)));
        }
    }
    let mut best: Option<(Rank, u32)> = None;
    let mut expanded = 0;
    while let Some(Reverse((rank, _, at))) = open.pop() {
        if best.is_none_or(|(r, _)| rank < r) {
            best = Some((rank, at));
        }
        if rank.0 == 0 || expanded >= BASE_EXPANSIONS || nodes.len() >= BASE_NODES || Instant::now() >= deadline {
            break;
        }
        expanded += 1;
        let depth = depth(&nodes, at);
        let (sinks, others) = s.pulls(&nodes[at as usize]);
        let mut added = 0;
        for (from, to, player, kill) in sinks.into_iter().chain(others) {
            // Where a box can leave by a base, only such pulls.
            if (added > 0 && !kill) || nodes.len() >= BASE_NODES {
                break;
            }
            let node = &nodes[at as usize];
            let mut boxes = node.boxes.clone();
            let mut bases = node.bases.clone();
            clear(&mut boxes, from);
            if kill {
                clear(&mut bases, to);
            } else {
                set(&mut boxes, to);
            }
            let key = s.flood(&boxes, player);
            if !seen.insert((boxes.clone(), bases.clone(), key)) || !s.matched(&boxes, &bases) {
                continue;
            }
            let rank = s.rank(&boxes, &bases, player);
            added += usize::from(kill);
            nodes.push(Node { boxes, bases, player, parent: at, from, to, kill });
            open.push(Reverse((rank, u32::MAX - depth - 1, nodes.len() as u32 - 1)));
        }
    }
    let best = best.and_then(|(rank, at)| Some((rank, order(b, &nodes, at)?)));
    (best, expanded)
}

/// How many pulls lead from a root to `at`.
fn depth(nodes: &[Node], mut at: u32) -> u32 {
    let mut d = 0;
    while nodes[at as usize].parent != u32::MAX {
        d += 1;
        at = nodes[at as usize].parent;
    }
    d
}

/// The packing order read forward from the path to `at` (Festival's `get_parking_plan`):
/// the boxes still in the level at `at` stand from the start (their cells first), then each
/// pull undone as a push, a box's consecutive pushes joined into one. `None` when no box
/// left the level on the way.
fn order(b: &Board, nodes: &[Node], mut at: u32) -> Option<Plan> {
    // (from: NONE for a box from its start, to, stands from the start).
    let mut entries: Vec<(u16, u16, bool)> = cells(&nodes[at as usize].boxes).map(|c| (NONE, c, true)).collect();
    let mut killed = false;
    while nodes[at as usize].parent != u32::MAX {
        let node = &nodes[at as usize];
        killed |= node.kill;
        entries.push((if node.kill { NONE } else { node.to }, node.from, false));
        at = node.parent;
    }
    if !killed {
        return None;
    }
    // Join a box's consecutive moves.
    let mut i = 0;
    while i + 1 < entries.len() {
        if !entries[i].2 && entries[i].1 == entries[i + 1].0 {
            entries[i].1 = entries[i + 1].1;
            entries.remove(i + 1);
            if entries[i].0 == entries[i].1 {
                entries.remove(i);
            }
            i = 0;
            continue;
        }
        i += 1;
    }
    let until_of = |entries: &[(u16, u16, bool)], i: usize| {
        (i + 1..entries.len()).find(|&j| entries[j].0 == entries[i].1).map_or(NONE, |j| j as u16)
    };
    // The boxes that stand from the start to the end first.
    let (mut first, rest): (Vec<_>, Vec<_>) =
        (0..entries.len()).partition(|&i| entries[i].2 && until_of(&entries, i) == NONE);
    first.extend(rest);
    let entries: Vec<(u16, u16, bool)> = first.into_iter().map(|i| entries[i]).collect();
    let n = entries.len();
    let until = (0..n).map(|i| until_of(&entries, i)).collect();
    debug_assert!(entries.iter().all(|e| (e.1 as usize) < b.pos.len()));
    Some(Plan {
        cells: entries.iter().map(|e| e.1).collect(),
        alt: vec![NONE; n],
        cluster: vec![0; n],
        rank: (0..n as u16).collect(),
        sizes: vec![vec![1; n]],
        linear: Some(Linear { until, init: entries.iter().map(|e| e.2).collect() }),
    })
}

/// Festival's sink squares: the largest group of `bases` that a lone box can be pushed
/// between both ways, `boxes` as walls (all the largest when several; a group is a base
/// and those after it it reaches both ways, as Festival groups them); `None` when the
/// player (on the cells `here`) cannot reach every one of them.
pub(super) fn sink_squares(b: &Board, boxes: &[u64], bases: &[u64], here: &[bool]) -> Option<Vec<u64>> {
    let list: Vec<u16> = cells(bases).collect();
    let reach: Vec<Vec<u64>> = list.iter().map(|&c| push_reach(b, c, boxes)).collect();
    let m = list.len();
    let mut group = vec![usize::MAX; m];
    let mut sizes = Vec::new();
    for i in 0..m {
        if group[i] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        group[i] = id;
        let mut size = 1;
        for j in i + 1..m {
            if group[j] == usize::MAX && has(&reach[i], list[j]) && has(&reach[j], list[i]) {
                group[j] = id;
                size += 1;
            }
        }
        sizes.push(size);
    }
    let big = *sizes.iter().max()?;
    let mut out = vec![0u64; b.words];
    for i in (0..m).filter(|&i| sizes[group[i]] == big) {
        if !here[list[i] as usize] {
            return None;
        }
        set(&mut out, list[i]);
    }
    Some(out)
}

/// The cells a lone box pushed from `c` reaches around `walls` (the player anywhere it can
/// stand).
fn push_reach(b: &Board, c: u16, walls: &[u64]) -> Vec<u64> {
    let mut seen = vec![0u64; b.words];
    set(&mut seen, c);
    let mut stack = vec![c];
    while let Some(x) = stack.pop() {
        for k in 0..4 {
            let to = b.next[x as usize][k];
            let behind = b.next[x as usize][(k + 2) % 4];
            if to != NONE && behind != NONE && !has(&seen, to) && !has(walls, to) && !has(walls, behind) {
                set(&mut seen, to);
                stack.push(to);
            }
        }
    }
    seen
}

impl Search<'_> {
    fn bump(&mut self) -> u32 {
        next_stamp(&mut self.stamp, &mut self.mark)
    }

    /// Floods the free cells from `from` around `walls`; the region's smallest cell.
    fn flood(&mut self, walls: &[u64], from: u16) -> u16 {
        let st = self.bump();
        self.mark[from as usize] = st;
        self.stack.clear();
        self.stack.push(from);
        let mut min = from;
        while let Some(x) = self.stack.pop() {
            min = min.min(x);
            for &y in &self.b.next[x as usize] {
                if y != NONE && self.mark[y as usize] != st && !has(walls, y) {
                    self.mark[y as usize] = st;
                    self.stack.push(y);
                }
            }
        }
        min
    }

    /// The rank of the position of `boxes`, `bases` and the player at `player`.
    fn rank(&mut self, boxes: &[u64], bases: &[u64], player: u16) -> Rank {
        let n = self.b.pos.len();
        let list: Vec<u16> = cells(boxes).collect();
        let on_bases = !list.is_empty() && list.iter().all(|&c| has(bases, c));
        // The player's region, flooded once: for the sink squares it reaches, and for
        // whether it can walk back to where it starts.
        let (shut, home) = if self.elim || on_bases {
            self.flood(boxes, player);
            let st = self.stamp;
            let home = self.mark[self.start as usize] == st;
            let shut = self.elim && {
                let here: Vec<bool> = (0..n).map(|x| self.mark[x] == st).collect();
                sink_squares(self.b, boxes, bases, &here).is_none_or(|q| q.iter().all(|&w| w == 0))
            };
            (shut, home)
        } else {
            (false, false)
        };
        // Boxes standing on bases are where they start: with the player able to get back to
        // where it starts, that is the start position.
        let left = if on_bases && home { 0 } else { list.len() as u16 };
        let mut regions = 0;
        let mut done = vec![false; n];
        for c in 0..n as u16 {
            if done[c as usize] || has(boxes, c) {
                continue;
            }
            regions += 1;
            self.flood(boxes, c);
            let st = self.stamp;
            for (x, d) in done.iter_mut().enumerate() {
                if self.mark[x] == st {
                    *d = true;
                }
            }
        }
        let on = list.iter().filter(|&&c| self.b.goal[c as usize]).count();
        let far: u32 =
            list.iter().map(|&c| self.b.dist.iter().map(|d| d[c as usize]).min().unwrap_or(0).min(1000) as u32).sum();
        let stuck = self.elim && !shut && left > 0 && {
            let node = Node {
                boxes: boxes.to_vec(),
                bases: bases.to_vec(),
                player,
                parent: 0,
                from: NONE,
                to: NONE,
                kill: false,
            };
            self.pulls(&node).0.is_empty()
        };
        (left, regions, shut, stuck, on as u16, Reverse(far))
    }

    /// Whether every box left can still be pulled onto a base of its own (each alone).
    fn matched(&mut self, boxes: &[u64], bases: &[u64]) -> bool {
        let list: Vec<u16> = cells(boxes).collect();
        let cols: Vec<usize> = (0..self.reach.len()).filter(|&j| has(bases, self.reach[j].0)).collect();
        let reach = &self.reach;
        self.hungarian.matching(list.len(), cols.len(), |i, j| has(&reach[cols[j]].1, list[i]))
    }

    /// The macro pulls from `node`: (box from, to, a cell of the player's region after,
    /// whether the box leaves by a base there): those by which a box leaves by a base (the
    /// nearest base for each box: Festival's sink moves), and the others.
    #[allow(clippy::type_complexity)]
    fn pulls(&mut self, node: &Node) -> (Vec<(u16, u16, u16, bool)>, Vec<(u16, u16, u16, bool)>) {
        let b = self.b;
        let n = b.pos.len();
        let list: Vec<u16> = cells(&node.boxes).collect();
        let mut out = Vec::new();
        let mut sinks = Vec::new();
        // The player's region now.
        self.flood(&node.boxes, node.player);
        let st = self.stamp;
        let here: Vec<bool> = (0..n).map(|x| self.mark[x] == st).collect();
        // Where a box may leave (none when the player cannot reach all of them).
        let sinks_at =
            if self.elim { sink_squares(b, &node.boxes, &node.bases, &here) } else { Some(node.bases.clone()) };
        let sinks_at = sinks_at.unwrap_or_else(|| vec![0u64; b.words]);
        let mut obst = node.boxes.clone();
        let mut seen = vec![false; 4 * n];
        // (box cell, the player's side).
        let mut queue: Vec<(u16, usize)> = Vec::new();
        for &c in &list {
            if Instant::now() >= self.deadline {
                break;
            }
            clear(&mut obst, c);
            seen.iter_mut().for_each(|s| *s = false);
            queue.clear();
            for k in 0..4 {
                let x = b.next[c as usize][k];
                if x != NONE && here[x as usize] {
                    seen[c as usize * 4 + k] = true;
                    queue.push((c, k));
                }
            }
            let mut sunk = false;
            let mut i = 0;
            while i < queue.len() {
                let (at, k) = queue[i];
                i += 1;
                let mut walls = obst.clone();
                set(&mut walls, at);
                self.flood(&walls, b.next[at as usize][k]);
                let st = self.stamp;
                for k2 in 0..4 {
                    let x = b.next[at as usize][k2];
                    if x == NONE || self.mark[x as usize] != st {
                        continue;
                    }
                    let y = b.next[x as usize][k2];
                    if y == NONE || has(&obst, y) || seen[x as usize * 4 + k2] {
                        continue;
                    }
                    seen[x as usize * 4 + k2] = true;
                    queue.push((x, k2));
                    if has(&sinks_at, x) && !sunk {
                        sunk = true;
                        sinks.push((c, x, y, true));
                    }
                    if self.reach.iter().any(|(base, r)| has(&node.bases, *base) && has(r, x)) {
                        out.push((c, x, y, false));
                    }
                }
            }
            set(&mut obst, c);
        }
        (sinks, out)
    }
}
