//! The Sokoban solver for levels of many boxes: a search over pushes. A state is the set of
//! box cells and where the player is; a step is one push, and the walk to it is found
//! afterwards (a breadth-first path), so the solution is a full LURD move list, replayed
//! through the rules before it is returned.
//!
//! What prunes (each is sound: it only removes positions from which no solution exists):
//! - dead squares: cells from which a lone box can reach no goal (pulls from every goal);
//! - freeze deadlocks: a box pushed where it can never move again, on neither axis (walls,
//!   dead squares on both sides, or boxes frozen in turn), and not on a goal, or freezing
//!   a neighbour off its goal;
//! - the assignment bound: a minimum-cost matching of boxes to goals by push distance
//!   (Hungarian algorithm). When no matching exists the position is dead; its cost is a
//!   lower bound on the pushes left, consistent (one push changes it by at most one);
//! - corral deadlocks: boxes closing off cells the player cannot reach, with something
//!   unfinished there (a box off a goal, or an empty goal when none is spare), that no push
//!   the player can ever make opens, the boxes in their way counted with them (see
//!   `Work::pi_corral`).
//!
//! Two searches use them:
//! - [`Mode::Fast`]: feature-space searches over macro moves (one box pushed any number of
//!   times; `fess.rs`, after Shoham's FESS) forward from the start, a portfolio of two modes
//!   that differ in which advisors' picks weigh nothing (`fess::PORTFOLIO`: Festival's
//!   choice 60 % of the forward time, an eager one 40 %; each turn goes to the one furthest
//!   behind its share), raced in one thread against a greedy best-first search backward
//!   (pulling boxes out of the goals towards the start; one queue per bound value, first in
//!   first out), the forward side given 85 % of the time (`FORWARD_SHARE`; a twentieth once
//!   it has spent half a second without packing a box, a whole second when its moves are
//!   cheap: see `fess_stalled`). All hold a state as its boxes and the player's region (its
//!   first cell). It ends when a side reaches the other's root or a forward search and the
//!   backward side hold a state in common; any search run to exhaustion proves there is no
//!   solution. Any solution, soon: proven push-optimal only
//!   when its pushes equal the start's bound.
//! - [`Mode::Optimal`]: A* forward on (pushes, moves) with the bound for pushes and the
//!   player's exact cell: the first solved state taken from the queue has the fewest pushes
//!   and, among those, the fewest moves (UVa 589's order).
//!
//! A child held already gets no bound; a new one gets it from the parent's assignment by
//! one augmenting path (`Hungarian::reassign`). Both searches stop at a time limit (the
//! clock is read after every expansion), at a number of states held, and at more than
//! [`MAX_BOXES`] boxes, and say which stopped them.

mod endgame;
mod fess;
mod learn;

use super::rules::{Level, Move, Position};
use crate::grid::{Dir, Pos};
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Which search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Any solution, as fast as possible.
    Fast,
    /// Fewest pushes, then fewest moves among those.
    Optimal,
}

/// Bounds on a search.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub time: Duration,
    /// The most states held. Measured (peak memory over states, XSokoban #29 stopped at 2
    /// million): about 136 bytes a state in the fast search (a feature-space position holds
    /// its untried macro moves too), about 70 in the push-optimal A*.
    pub max_states: usize,
}

/// The most boxes a level may have for the solver (its assignment bound costs the cube of it).
pub const MAX_BOXES: usize = 400;

/// The default bounds of `tumblebox sokoban solve`: 10 s, 20 million states.
pub const DEFAULT_TIME: Duration = Duration::from_secs(10);
pub const DEFAULT_STATES: usize = 20_000_000;

impl Default for Limits {
    fn default() -> Self {
        Limits { time: DEFAULT_TIME, max_states: DEFAULT_STATES }
    }
}

/// A solution, replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub moves: Vec<Move>,
    pub pushes: usize,
    /// Proven to have the fewest pushes (and, from [`Mode::Optimal`], the fewest moves among
    /// those).
    pub proven: bool,
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Solved(Found),
    /// Every reachable position was searched: no solution exists.
    Unsolvable,
    /// The time limit stopped it.
    TimeLimit,
    /// The state limit stopped it.
    StateLimit,
    /// More boxes than the solver takes ([`MAX_BOXES`]).
    TooManyBoxes,
    Cancelled,
}

/// What a search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub outcome: Outcome,
    /// States created (held in the table).
    pub states: usize,
    /// States expanded.
    pub expanded: usize,
    pub elapsed: Duration,
    /// The lower bound on pushes at the start.
    pub bound: usize,
}

const NONE: u16 = u16::MAX;
const INF: u16 = u16::MAX;
const DIRS: [Dir; 4] = [Dir::Left, Dir::Up, Dir::Right, Dir::Down];

/// Why a position is dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deadlock {
    /// A box where no push can bring it to any goal.
    DeadSquare(Pos),
    /// A box that can never move again, off a goal (or freezing one off its goal).
    Frozen(Pos),
    /// No way to give every box a goal it can reach.
    NoAssignment,
    /// Boxes closing off cells the player cannot reach, where something is unfinished, and
    /// that no pushes the player can ever make open: none can be made, or a search of those
    /// boxes alone finds none that opens the corral or puts them all on goals (`learn`).
    Corral(Pos),
}

impl std::fmt::Display for Deadlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Deadlock::DeadSquare(p) => {
                write!(f, "the box at row {}, column {} can reach no goal", p.row + 1, p.col + 1)
            }
            Deadlock::Frozen(p) => write!(f, "the box at row {}, column {} can never move again", p.row + 1, p.col + 1),
            Deadlock::NoAssignment => f.write_str("the boxes cannot all reach goals of their own"),
            Deadlock::Corral(p) => write!(
                f,
                "the boxes around row {}, column {} close off an area that can never be opened",
                p.row + 1,
                p.col + 1
            ),
        }
    }
}

/// A level prepared for search: cells numbered, neighbours, distances, dead squares.
pub struct Board {
    cols: usize,
    /// The grid position of each cell.
    pos: Vec<Pos>,
    /// Each cell's neighbour in each of [`DIRS`] (NONE: wall).
    next: Vec<[u16; 4]>,
    goal: Vec<bool>,
    goals: Vec<u16>,
    /// dist[g][c]: pushes that bring a lone box from cell c to goal g (INF: never).
    dist: Vec<Vec<u16>>,
    dead: Vec<bool>,
    zobrist: Vec<u64>,
    player_key: Vec<u64>,
    words: usize,
    /// The grid cell → cell number (NONE: wall).
    index: Vec<u16>,
}

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Board {
    pub fn new(level: &Level) -> Board {
        let (rows, cols) = (level.walls.rows(), level.walls.cols());
        let mut index = vec![NONE; rows * cols];
        let mut pos = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let p = Pos::new(r, c);
                if level.is_floor(p) {
                    index[r * cols + c] = pos.len() as u16;
                    pos.push(p);
                }
            }
        }
        let n = pos.len();
        let next: Vec<[u16; 4]> = pos
            .iter()
            .map(|&p| {
                DIRS.map(|d| {
                    level
                        .walls
                        .neighbour(p, d)
                        .filter(|&q| level.is_floor(q))
                        .map_or(NONE, |q| index[q.row * cols + q.col])
                })
            })
            .collect();
        let mut goal = vec![false; n];
        let goals: Vec<u16> = level.goals.iter().map(|g| index[g.row * cols + g.col]).collect();
        for &g in &goals {
            goal[g as usize] = true;
        }
        let dist = goal_distances(&next, &goals, &vec![0; n.div_ceil(64).max(1)]);
        let dead = (0..n).map(|c| dist.iter().all(|d| d[c] == INF)).collect();
        let mut seed = 0x5eed_u64 ^ n as u64;
        let zobrist = (0..n).map(|_| splitmix(&mut seed)).collect();
        let player_key = (0..n).map(|_| splitmix(&mut seed)).collect();
        Board { cols, pos, next, goal, goals, dist, dead, zobrist, player_key, words: n.div_ceil(64).max(1), index }
    }

    fn cell(&self, p: Pos) -> u16 {
        self.index[p.row * self.cols + p.col]
    }

    /// Why a position can never be solved, by the rules the search prunes with (`None`: none
    /// of them applies; the position may still be unsolvable).
    pub fn deadlock(&self, pos: &Position) -> Option<Deadlock> {
        let boxes: Vec<u16> = pos.boxes.iter().map(|&p| self.cell(p)).collect();
        if let Some(&c) = boxes.iter().find(|&&c| self.dead[c as usize] && !self.goal[c as usize]) {
            return Some(Deadlock::DeadSquare(self.pos[c as usize]));
        }
        let mut bits = vec![0u64; self.words];
        for &c in &boxes {
            set(&mut bits, c);
        }
        let mut seen = Vec::new();
        if let Some(&c) = boxes.iter().find(|&&c| freeze_deadlock(self, &bits, c, &mut seen)) {
            return Some(Deadlock::Frozen(self.pos[c as usize]));
        }
        if self.bound(&boxes, &mut Hungarian::default()) == INF {
            return Some(Deadlock::NoAssignment);
        }
        let mut w = Work::new(self.pos.len());
        w.reach(self, &bits, self.cell(pos.player));
        let mut pushes = Vec::new();
        if w.pi_corral(self, &bits, &mut pushes) {
            let first = w.corral_boxes.first().copied().unwrap_or(0);
            let (boxes, cells) = (w.corral_boxes.clone(), w.corral_cells.clone());
            let player = self.cell(pos.player);
            if pushes.is_empty()
                || learn::Learned::new(self.pos.len()).corral_dead(self, &mut w, &boxes, &cells, player)
            {
                return Some(Deadlock::Corral(self.pos[first as usize]));
            }
        }
        None
    }

    /// The assignment bound: at least this many pushes are left (`None`: no assignment).
    pub fn lower_bound(&self, pos: &Position) -> Option<usize> {
        let boxes: Vec<u16> = pos.boxes.iter().map(|&p| self.cell(p)).collect();
        let h = self.bound(&boxes, &mut Hungarian::default());
        (h != INF).then_some(h as usize)
    }

    /// The cells from which a lone box can never reach a goal (what the window can show).
    pub fn dead_squares(&self) -> Vec<Pos> {
        (0..self.pos.len()).filter(|&c| self.dead[c]).map(|c| self.pos[c]).collect()
    }

    /// The assignment bound of a set of boxes (INF: no assignment, the position is dead).
    fn bound(&self, boxes: &[u16], scratch: &mut Hungarian) -> u16 {
        bound_with(&self.dist, boxes, scratch)
    }
}

/// The assignment bound of `boxes` against goals whose pull distances are `dist`.
fn bound_with(dist: &[Vec<u16>], boxes: &[u16], scratch: &mut Hungarian) -> u16 {
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
fn augment_finite(
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
fn assignable_with(dist: &[Vec<u16>], boxes: &[u16], scratch: &mut Hungarian) -> bool {
    scratch.cost.clear();
    for &b in boxes {
        for d in dist {
            scratch.cost.push(d[b as usize]);
        }
    }
    scratch.feasible(boxes.len(), dist.len())
}

/// Pulls from each goal, `walls` (cells) taken as walls: a box at c reaches g in d pushes
/// when it can be pulled from g to c in d pulls, the player standing beyond it at each.
fn goal_distances(next: &[[u16; 4]], goals: &[u16], walls: &[u64]) -> Vec<Vec<u16>> {
    let n = next.len();
    let mut queue = std::collections::VecDeque::new();
    goals
        .iter()
        .map(|&g| {
            let mut d = vec![INF; n];
            d[g as usize] = 0;
            queue.clear();
            queue.push_back(g);
            while let Some(c) = queue.pop_front() {
                for (k, &b) in next[c as usize].iter().enumerate() {
                    // Pull the box from c one cell in direction k: the player stands at c+k
                    // and steps to c+2k.
                    if b == NONE || has(walls, b) {
                        continue;
                    }
                    let p = next[b as usize][k];
                    if p == NONE || has(walls, p) || d[b as usize] != INF {
                        continue;
                    }
                    d[b as usize] = d[c as usize] + 1;
                    queue.push_back(b);
                }
            }
            d
        })
        .collect()
}

/// The forward side's share of the fast search's time (the backward side has the rest).
/// It solves most levels it solves at all within a few seconds, and those the backward side
/// solves alone within the rest mostly take it well under a second.
const FORWARD_SHARE: f64 = 0.85;

/// Whether the forward side of the fast search has gone on too long without packing a box
/// (`best`), after `expanded` moves in `seconds` of its own time: half a second, or, when it
/// expands more than 100 000 moves a second (small levels, where the first box may take a
/// hundred thousand or more), a whole second. The backward side then gets nineteen turns in
/// twenty.
fn fess_stalled(best: u16, expanded: usize, seconds: f64) -> bool {
    best == 0 && seconds > 0.5 && (seconds > 1.0 || (expanded as f64) < 100_000.0 * seconds)
}

/// A minimum-cost assignment of rows (boxes) to columns (goals), rows ≤ columns, O(k²m).
#[derive(Default)]
struct Hungarian {
    cost: Vec<u16>,
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i64>,
    used: Vec<bool>,
    /// For `feasible`: each column's row (`usize::MAX`: none) and when it was last tried.
    mate: Vec<usize>,
    tried: Vec<u32>,
    stamp: u32,
}

const BIG: i64 = 1 << 40;

impl Hungarian {
    fn c(&self, m: usize, i: usize, j: usize) -> i64 {
        let c = self.cost[i * m + j];
        if c == INF { BIG } else { c as i64 }
    }

    /// Whether every row can be given a column of finite cost, each column once: the same
    /// as `solve` returning less than `INF`, at the cost of a matching only (augmenting paths
    /// over the finite edges where a row finds no free column), not of an optimal assignment.
    fn feasible(&mut self, k: usize, m: usize) -> bool {
        let cost = std::mem::take(&mut self.cost);
        let ok = self.matching(k, m, |i, j| cost[i * m + j] != INF);
        self.cost = cost;
        ok
    }

    /// `feasible` with the edges given by `edge(row, column)`, asked only as needed.
    fn matching(&mut self, k: usize, m: usize, edge: impl Fn(usize, usize) -> bool) -> bool {
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
            self.stamp = self.stamp.wrapping_add(1);
            if self.stamp == 0 {
                self.tried.iter_mut().for_each(|t| *t = 0);
                self.stamp = 1;
            }
            if !augment_finite(&mut self.mate, &mut self.tried, self.stamp, i, m, &edge) {
                return false;
            }
        }
        true
    }

    /// The optimal assignment from scratch: every row augmented in turn.
    fn solve(&mut self, k: usize, m: usize) -> u16 {
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
    fn reassign(&mut self, base: &Hungarian, k: usize, row: usize, costs: impl Iterator<Item = u16>) -> u16 {
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
    fn augment(&mut self, i: usize, m: usize) {
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
            for j in 1..=m {
                if !self.used[j] {
                    let cur = self.c(m, i0 - 1, j - 1) - self.u[i0] - self.v[j];
                    if cur < self.minv[j] {
                        self.minv[j] = cur;
                        self.way[j] = j0;
                    }
                    if self.minv[j] < delta {
                        delta = self.minv[j];
                        j1 = j;
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

    fn total(&self, m: usize) -> u16 {
        let total: i64 = (1..=m).filter(|&j| self.p[j] != 0).map(|j| self.c(m, self.p[j] - 1, j - 1)).sum();
        if total >= BIG { INF } else { total.min(INF as i64 - 1) as u16 }
    }
}

/// The states: box bit sets and players in one arena, an open-addressing table over them.
struct States {
    words: usize,
    /// Per state: `words` words of boxes.
    boxes: Vec<u64>,
    player: Vec<u16>,
    hash: Vec<u64>,
    /// The state before and the push that led here (box cell, direction).
    parent: Vec<u32>,
    push: Vec<(u16, u8)>,
    pushes: Vec<u16>,
    moves: Vec<u32>,
    /// Slots: the hash's high 32 bits and the state's number.
    table: Vec<u64>,
}

const EMPTY: u32 = u32::MAX;
const SLOT_EMPTY: u64 = u64::MAX;
const TAG: u64 = 0xffff_ffff_0000_0000;

impl States {
    fn new(words: usize) -> States {
        States {
            words,
            boxes: Vec::new(),
            player: Vec::new(),
            hash: Vec::new(),
            parent: Vec::new(),
            push: Vec::new(),
            pushes: Vec::new(),
            moves: Vec::new(),
            table: vec![SLOT_EMPTY; 1 << 12],
        }
    }

    fn len(&self) -> usize {
        self.player.len()
    }

    fn boxes_of(&self, s: u32) -> &[u64] {
        let w = self.words;
        &self.boxes[s as usize * w..(s as usize + 1) * w]
    }

    /// Asks for the table slot of `hash` to be brought into the cache.
    fn prefetch(&self, hash: u64) {
        let i = hash as usize & (self.table.len() - 1);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint; it reads nothing and faults on nothing (and the
        // address is inside the table).
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.table.as_ptr().add(i) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// The state with these boxes and player, if held.
    fn find(&self, boxes: &[u64], player: u16, hash: u64) -> Option<u32> {
        let mask = self.table.len() - 1;
        let tag = hash & TAG;
        let mut i = hash as usize & mask;
        loop {
            let slot = self.table[i];
            if slot == SLOT_EMPTY {
                return None;
            }
            // The hash's high half is in the slot: most other states are told apart without
            // reading them.
            let s = slot as u32;
            if slot & TAG == tag && self.player[s as usize] == player && self.boxes_of(s) == boxes {
                return Some(s);
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, boxes: &[u64], player: u16, hash: u64, parent: u32, push: (u16, u8), cost: (u16, u32)) -> u32 {
        if (self.len() + 1) * 2 > self.table.len() {
            let mut bigger = vec![SLOT_EMPTY; self.table.len() * 2];
            let mask = bigger.len() - 1;
            for s in 0..self.len() as u32 {
                let h = self.hash[s as usize];
                let mut i = h as usize & mask;
                while bigger[i] != SLOT_EMPTY {
                    i = (i + 1) & mask;
                }
                bigger[i] = (h & TAG) | s as u64;
            }
            self.table = bigger;
        }
        let s = self.len() as u32;
        self.boxes.extend_from_slice(boxes);
        self.player.push(player);
        self.hash.push(hash);
        self.parent.push(parent);
        self.push.push(push);
        self.pushes.push(cost.0);
        self.moves.push(cost.1);
        let mask = self.table.len() - 1;
        let mut i = hash as usize & mask;
        while self.table[i] != SLOT_EMPTY {
            i = (i + 1) & mask;
        }
        self.table[i] = (hash & TAG) | s as u64;
        s
    }
}

/// A small search's position: the boxes' cells sorted into an array of `N` (`NONE` past the
/// last) and the player's region (its least cell).
fn box_key<const N: usize>(boxes: &[u16], region: u16) -> ([u16; N], u16) {
    let mut k = [NONE; N];
    k[..boxes.len()].copy_from_slice(boxes);
    k[..boxes.len()].sort_unstable();
    (k, region)
}

fn has(bits: &[u64], c: u16) -> bool {
    bits[c as usize / 64] >> (c % 64) & 1 == 1
}

fn set(bits: &mut [u64], c: u16) {
    bits[c as usize / 64] |= 1 << (c % 64);
}

fn clear(bits: &mut [u64], c: u16) {
    bits[c as usize / 64] &= !(1 << (c % 64));
}

fn cells(bits: &[u64]) -> impl Iterator<Item = u16> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut x = word;
        std::iter::from_fn(move || {
            if x == 0 {
                return None;
            }
            let b = x.trailing_zeros();
            x &= x - 1;
            Some((w * 64) as u16 + b as u16)
        })
    })
}

/// A push found legal and not frozen, waiting for its table lookup.
#[derive(Clone, Copy)]
struct Child {
    /// The box's place in the parent's list, its cell, the direction, its new cell.
    bi: u16,
    bc: u16,
    k: u8,
    to: u16,
    key: u16,
    hash: u64,
    cost: (u16, u32),
}

/// Scratch space for one search.
struct Work {
    children: Vec<Child>,
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<u16>,
    from: Vec<u16>,
    depth: Vec<u32>,
    hungarian: Hungarian,
    /// The children's assignments.
    h2: Hungarian,
    frozen_seen: Vec<u16>,
    /// A second marking for the children's regions (the parent's stays in `seen`).
    seen2: Vec<u32>,
    stamp2: u32,
    stack: Vec<u16>,
    /// Corrals: each unreachable cell's component (0: none), the components' cells, and a
    /// marking of the barrier boxes of the corral being checked.
    comp: Vec<u32>,
    comp_cells: Vec<u16>,
    barrier: Vec<u32>,
    barrier_stamp: u32,
    barrier_boxes: Vec<u16>,
    /// The PI-corral `pi_corral` chose last: its cells and its barrier.
    corral_cells: Vec<u16>,
    corral_boxes: Vec<u16>,
}

impl Work {
    fn new(n: usize) -> Work {
        Work {
            children: Vec::new(),
            seen: vec![0; n],
            stamp: 0,
            queue: Vec::with_capacity(n),
            from: vec![NONE; n],
            depth: vec![0; n],
            hungarian: Hungarian::default(),
            h2: Hungarian::default(),
            frozen_seen: Vec::new(),
            seen2: vec![0; n],
            stamp2: 0,
            stack: Vec::with_capacity(n),
            comp: vec![0; n],
            comp_cells: Vec::with_capacity(n),
            barrier: vec![0; n],
            barrier_stamp: 0,
            barrier_boxes: Vec::new(),
            corral_cells: Vec::new(),
            corral_boxes: Vec::new(),
        }
    }

    /// The smallest cell the player reaches from `from` around `boxes`.
    fn region_min(&mut self, b: &Board, boxes: &[u64], from: u16) -> u16 {
        self.stamp2 = self.stamp2.wrapping_add(1);
        if self.stamp2 == 0 {
            self.seen2.iter_mut().for_each(|s| *s = 0);
            self.stamp2 = 1;
        }
        self.stack.clear();
        self.stack.push(from);
        self.seen2[from as usize] = self.stamp2;
        let mut best = from;
        while let Some(c) = self.stack.pop() {
            best = best.min(c);
            for k in 0..4 {
                let nc = b.next[c as usize][k];
                if nc != NONE && self.seen2[nc as usize] != self.stamp2 && !has(boxes, nc) {
                    self.seen2[nc as usize] = self.stamp2;
                    self.stack.push(nc);
                }
            }
        }
        best
    }

    /// Breadth-first over the cells the player reaches from `start` around the boxes:
    /// afterwards `seen[c] == stamp` marks them and `depth` holds their walking distance.
    fn reach(&mut self, b: &Board, boxes: &[u64], start: u16) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.queue.clear();
        self.queue.push(start);
        self.seen[start as usize] = self.stamp;
        self.depth[start as usize] = 0;
        self.from[start as usize] = NONE;
        let mut i = 0;
        while i < self.queue.len() {
            let c = self.queue[i];
            i += 1;
            for k in 0..4 {
                let nc = b.next[c as usize][k];
                if nc != NONE && self.seen[nc as usize] != self.stamp && !has(boxes, nc) {
                    self.seen[nc as usize] = self.stamp;
                    self.depth[nc as usize] = self.depth[c as usize] + 1;
                    self.from[nc as usize] = c;
                    self.queue.push(nc);
                }
            }
        }
    }

    fn reached(&self, c: u16) -> bool {
        self.seen[c as usize] == self.stamp
    }

    /// How many cells the last [`Work::reach`] reached.
    fn reached_count(&self) -> usize {
        self.queue.len()
    }

    /// PI-corral pruning, after [`Work::reach`] from the state's player. A corral is a set of
    /// free cells the player cannot reach (whole components); its barrier is every box next
    /// to one of them, and every box in a barrier box's way (see `corral_pushes`). It is a
    /// PI-corral when it is unfinished (a barrier box off a goal, or a goal inside when every
    /// goal needs a box), when no barrier box can ever be pushed anywhere but into it before
    /// a barrier box moves (I), and when every push into it is one the player can make now
    /// (P). Then some solution (with no more pushes, if one exists) begins with one of those
    /// pushes: the first push of a barrier box in any solution is one of them, and it can be
    /// made first, the pushes before it (away from the corral) following unchanged. So only
    /// they need searching. Fills `out` with them for the corral with the fewest; `false`
    /// when there is no PI-corral. An empty `out` with `true`: the position is dead (the
    /// corral can never be opened).
    fn pi_corral(&mut self, b: &Board, boxes: &[u64], out: &mut Vec<(u16, u8)>) -> bool {
        let n = b.pos.len();
        self.comp.iter_mut().for_each(|c| *c = 0);
        self.comp_cells.clear();
        // Each component's cells, one after another: starts[i]..starts[i + 1].
        let mut starts = Vec::new();
        for c in 0..n as u16 {
            if self.comp[c as usize] != 0 || self.reached(c) || has(boxes, c) {
                continue;
            }
            starts.push(self.comp_cells.len());
            let id = starts.len() as u32;
            self.comp[c as usize] = id;
            self.comp_cells.push(c);
            let mut i = self.comp_cells.len() - 1;
            while i < self.comp_cells.len() {
                let x = self.comp_cells[i];
                i += 1;
                for &y in &b.next[x as usize] {
                    if y != NONE && self.comp[y as usize] == 0 && !has(boxes, y) {
                        self.comp[y as usize] = id;
                        self.comp_cells.push(y);
                    }
                }
            }
        }
        if starts.is_empty() {
            return false;
        }
        starts.push(self.comp_cells.len());
        let count = starts.len() - 1;
        let mut best: Option<Vec<(u16, u8)>> = None;
        let mut pushes = Vec::new();
        // Each component alone, then (when there are several) all of them as one corral.
        for which in 0..count + usize::from(count > 1) {
            let range = if which < count { starts[which]..starts[which + 1] } else { 0..self.comp_cells.len() };
            let id = (which < count).then_some(which as u32 + 1);
            if self.corral_pushes(b, boxes, range.clone(), id, &mut pushes)
                && best.as_ref().is_none_or(|b| pushes.len() < b.len())
            {
                best = Some(pushes.clone());
                self.corral_cells.clear();
                self.corral_cells.extend_from_slice(&self.comp_cells[range]);
                self.corral_boxes.clone_from(&self.barrier_boxes);
                if pushes.is_empty() {
                    break;
                }
            }
        }
        match best {
            Some(list) => {
                *out = list;
                true
            }
            None => false,
        }
    }

    /// Whether the cells `comp_cells[range]` (component `id`, or every component) are a
    /// PI-corral; if so `out` holds the pushes into it.
    fn corral_pushes(
        &mut self,
        b: &Board,
        boxes: &[u64],
        range: std::ops::Range<usize>,
        id: Option<u32>,
        out: &mut Vec<(u16, u8)>,
    ) -> bool {
        out.clear();
        self.barrier_stamp = self.barrier_stamp.wrapping_add(1);
        if self.barrier_stamp == 0 {
            self.barrier.iter_mut().for_each(|s| *s = 0);
            self.barrier_stamp = 1;
        }
        let stamp = self.barrier_stamp;
        self.barrier_boxes.clear();
        // An empty goal inside needs a box only when there are no goals to spare.
        let every_goal = b.goals.len() == boxes.iter().map(|w| w.count_ones() as usize).sum::<usize>();
        let mut unfinished = false;
        for &c in &self.comp_cells[range] {
            unfinished |= every_goal && b.goal[c as usize];
            for &y in &b.next[c as usize] {
                if y != NONE && has(boxes, y) && self.barrier[y as usize] != stamp {
                    self.barrier[y as usize] = stamp;
                    self.barrier_boxes.push(y);
                    unfinished |= !b.goal[y as usize];
                }
            }
        }
        let comp = &self.comp;
        let inside = |x: u16| x != NONE && comp[x as usize] != 0 && id.is_none_or(|id| comp[x as usize] == id);
        // The barrier grows by every box standing where a barrier box would go, or where the
        // player would stand to push it (a push neither onto a dead square nor from inside):
        // that push waits for the box to move, so the box joins the set whose first push is
        // asked about. The barrier boxes still close the corral off, so the argument below
        // holds for the larger set, and a box joining it off a goal is unfinished too.
        let mut i = 0;
        while i < self.barrier_boxes.len() {
            let bc = self.barrier_boxes[i];
            i += 1;
            for k in 0..4 {
                let to = b.next[bc as usize][k];
                let behind = b.next[bc as usize][(k + 2) % 4];
                if to == NONE || behind == NONE || inside(behind) || b.dead[to as usize] {
                    continue;
                }
                for y in [to, behind] {
                    if has(boxes, y) && self.barrier[y as usize] != stamp {
                        self.barrier[y as usize] = stamp;
                        self.barrier_boxes.push(y);
                        unfinished |= !b.goal[y as usize];
                    }
                }
            }
        }
        if !unfinished {
            return false;
        }
        let barrier = |x: u16| x != NONE && self.barrier[x as usize] == stamp;
        for &bc in &self.barrier_boxes {
            for k in 0..4 {
                let to = b.next[bc as usize][k];
                let behind = b.next[bc as usize][(k + 2) % 4];
                // Never possible before a barrier box moves: a wall either side, the player's
                // cell inside the corral or under a barrier box, the way blocked by one; and
                // never part of a solution: onto a dead square.
                if to == NONE || behind == NONE || inside(behind) || barrier(behind) || barrier(to) {
                    continue;
                }
                if b.dead[to as usize] {
                    continue;
                }
                if !inside(to) || !self.reached(behind) {
                    // A push out of or along the corral, or into it from where the player
                    // cannot stand now: it may come first.
                    return false;
                }
                out.push((bc, k as u8));
            }
        }
        true
    }
}

/// Whether the box at `c` can never move again: blocked on both axes by walls, by dead
/// squares on both sides, or by boxes that are themselves blocked (the boxes on the way are
/// taken as walls while they are checked, which is what makes the test finite and sound).
fn frozen(b: &Board, boxes: &[u64], c: u16, seen: &mut Vec<u16>) -> bool {
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
fn freeze_deadlock(b: &Board, boxes: &[u64], c: u16, seen: &mut Vec<u16>) -> bool {
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

/// A queue entry: smaller first.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Entry(std::cmp::Reverse<(u32, u32, u32)>);

/// The open states, smallest priority first, the first queued first among equals.
enum Queue {
    /// Any priorities.
    Heap(BinaryHeap<Entry>),
    /// The greedy searches' priority is the bound first (small numbers): one list for each
    /// bound, first in first out (the second key, the depth, is left to that order).
    Buckets { lists: Vec<std::collections::VecDeque<u32>>, low: usize },
}

impl Queue {
    fn new(exact: bool) -> Queue {
        if exact { Queue::Heap(BinaryHeap::new()) } else { Queue::Buckets { lists: Vec::new(), low: 0 } }
    }

    fn push(&mut self, key: (u32, u32), s: u32) {
        match self {
            Queue::Heap(heap) => heap.push(Entry(std::cmp::Reverse((key.0, key.1, s)))),
            Queue::Buckets { lists, low } => {
                let k = key.0 as usize;
                if lists.len() <= k {
                    lists.resize_with(k + 1, Default::default);
                }
                lists[k].push_back(s);
                *low = (*low).min(k);
            }
        }
    }

    fn pop(&mut self) -> Option<u32> {
        match self {
            Queue::Heap(heap) => heap.pop().map(|Entry(std::cmp::Reverse((_, _, s)))| s),
            Queue::Buckets { lists, low } => {
                while *low < lists.len() {
                    if let Some(s) = lists[*low].pop_front() {
                        return Some(s);
                    }
                    *low += 1;
                }
                None
            }
        }
    }
}

/// One direction of the search: pushes from the start, or pulls from the solved position.
struct Side {
    /// Pulls from the goals (the backward search).
    backward: bool,
    /// The player's exact cell is part of the state (the optimal search), not its region.
    exact: bool,
    states: States,
    heap: Queue,
    closed: Vec<bool>,
    expanded: usize,
    /// Pull distances for the backward side: dist[i][c], pushes from start box i to c.
    dist: Vec<Vec<u16>>,
    dead: Vec<bool>,
    /// The boxes the side is heading for (forward: unused; backward: the start's).
    target: Vec<u64>,
    /// The player's region key at the start (what the backward side must reach).
    target_key: u16,
    done: bool,
}

/// A state about to be held: its player key, the hash of its boxes, how it was reached, its
/// cost and its bound.
struct NewState {
    key: u16,
    box_hash: u64,
    player_key: u64,
    parent: u32,
    step: (u16, u8),
    cost: (u16, u32),
    h: u16,
}

/// Push distances from each of `from` (cells) to every cell, for a lone box.
fn push_distances(b: &Board, from: &[u16]) -> Vec<Vec<u16>> {
    let n = b.pos.len();
    from.iter()
        .map(|&s| {
            let mut d = vec![INF; n];
            d[s as usize] = 0;
            let mut queue = std::collections::VecDeque::from([s]);
            while let Some(c) = queue.pop_front() {
                for k in 0..4 {
                    let to = b.next[c as usize][k];
                    let behind = b.next[c as usize][(k + 2) % 4];
                    if to != NONE && behind != NONE && d[to as usize] == INF {
                        d[to as usize] = d[c as usize] + 1;
                        queue.push_back(to);
                    }
                }
            }
            d
        })
        .collect()
}

impl Side {
    fn priority(&self, g: u16, h: u16, moves: u32) -> (u32, u32) {
        if self.exact {
            ((g + h) as u32, moves)
        } else {
            // Greedy on the bound, the shallower first among equals (measured better than the
            // deeper first, and than weighted A*, on XSokoban).
            (h as u32, g as u32)
        }
    }

    fn bound(&self, b: &Board, bits: &[u64], h: &mut Hungarian) -> u16 {
        if !self.backward {
            return bound_of(b, bits, h);
        }
        let list: Vec<u16> = cells(bits).collect();
        let m = self.dist.len();
        h.cost.clear();
        for &c in &list {
            for d in &self.dist {
                h.cost.push(d[c as usize]);
            }
        }
        h.solve(list.len(), m)
    }

    /// Holds a state reached (unless held already; the exact search takes a cheaper way to a
    /// held state): `Some` with its number when it is new and not dead by the bound.
    /// `held`: the state's number if it is held already, as the caller found it.
    fn add(&mut self, bits: &[u64], n: NewState, held: Option<u32>) -> Option<u32> {
        let hash = n.box_hash ^ n.player_key;
        if let Some(old) = held {
            let o = old as usize;
            if self.exact && n.cost < (self.states.pushes[o], self.states.moves[o]) && !closed_at(&self.closed, old) {
                self.states.pushes[o] = n.cost.0;
                self.states.moves[o] = n.cost.1;
                self.states.parent[o] = n.parent;
                self.states.push[o] = n.step;
                let (p1, p2) = self.priority(n.cost.0, n.h, n.cost.1);
                self.heap.push((p1, p2), old);
            }
            return None;
        }
        if n.h == INF {
            return None;
        }
        let s = self.states.insert(bits, n.key, hash, n.parent, n.step, n.cost);
        let (p1, p2) = self.priority(n.cost.0, n.h, n.cost.1);
        self.heap.push((p1, p2), s);
        Some(s)
    }

    /// A root state (no parent).
    fn add_root(&mut self, b: &Board, w: &mut Work, bits: &[u64], key: u16) {
        let h = self.bound(b, bits, &mut w.hungarian);
        let n = NewState {
            key,
            box_hash: bits_hash(b, bits),
            player_key: b.player_key[key as usize],
            parent: EMPTY,
            step: (NONE, 0),
            cost: (0, 0),
            h,
        };
        let held = self.states.find(bits, n.key, n.box_hash ^ n.player_key);
        self.add(bits, n, held);
    }

    /// The cost of a box at `c` against each goal (forward) or start box (backward).
    fn row<'a>(&'a self, b: &'a Board, c: u16) -> impl Iterator<Item = u16> + 'a {
        let dists = if self.backward { &self.dist } else { &b.dist };
        dists.iter().map(move |d| d[c as usize])
    }

    /// Expands the next state: `Some(s)` when `s` is where this side is heading.
    fn expand(&mut self, b: &Board, w: &mut Work, child: &mut [u64], new: &mut Vec<u32>) -> Option<u32> {
        new.clear();
        let s = loop {
            let Some(s) = self.heap.pop() else {
                self.done = true;
                return None;
            };
            if self.closed.len() <= s as usize {
                self.closed.resize(self.states.len(), false);
            }
            if !self.closed[s as usize] {
                break s;
            }
        };
        self.closed[s as usize] = true;
        let here: Vec<u64> = self.states.boxes_of(s).to_vec();
        let arrived = if self.backward {
            here == self.target && self.states.player[s as usize] == self.target_key
        } else {
            cells(&here).all(|c| b.goal[c as usize])
        };
        if arrived {
            return Some(s);
        }
        self.expanded += 1;
        let g = self.states.pushes[s as usize];
        let moves = self.states.moves[s as usize];
        let player = self.states.player[s as usize];
        w.reach(b, &here, player);
        let list: Vec<u16> = cells(&here).collect();
        // The parent's assignment, once: each child moves one box, so (with as many goals
        // as boxes) one augmenting path from the moved box's row gives the child's.
        let k_boxes = list.len();
        let m = if self.backward { self.dist.len() } else { b.goals.len() };
        let square = k_boxes == m;
        // Solved when the first child not held already needs its bound.
        let mut base_ready = false;
        let box_hash = self.states.hash[s as usize] ^ b.player_key[player as usize];
        w.children.clear();
        for (bi, &bc) in list.iter().enumerate() {
            for k in 0..4 {
                // The box's new cell, where the player ends, and the cell the walk goes to.
                let (to, stand, walk_to) = if self.backward {
                    // Pull: the player at bc+k steps to bc+2k, the box follows to bc+k.
                    let at = b.next[bc as usize][k];
                    if at == NONE || !w.reached(at) || self.dead[at as usize] {
                        continue;
                    }
                    let beyond = b.next[at as usize][k];
                    if beyond == NONE || has(&here, beyond) {
                        continue;
                    }
                    (at, beyond, at)
                } else {
                    let to = b.next[bc as usize][k];
                    let behind = b.next[bc as usize][(k + 2) % 4];
                    if to == NONE || behind == NONE || has(&here, to) || self.dead[to as usize] || !w.reached(behind) {
                        continue;
                    }
                    (to, bc, behind)
                };
                child.copy_from_slice(&here);
                clear(child, bc);
                set(child, to);
                if !self.backward && freeze_deadlock(b, child, to, &mut w.frozen_seen) {
                    continue;
                }
                let key = if self.exact { stand } else { w.region_min(b, child, stand) };
                let child_hash = box_hash ^ b.zobrist[bc as usize] ^ b.zobrist[to as usize];
                let cost = (g + 1, moves + w.depth[walk_to as usize] + 1);
                self.states.prefetch(child_hash ^ b.player_key[key as usize]);
                w.children.push(Child { bi: bi as u16, bc, k: k as u8, to, key, hash: child_hash, cost });
            }
        }
        // Then each child's table lookup: their slots are on their way from memory by now.
        for i in 0..w.children.len() {
            let Child { bi, bc, k, to, key, hash: child_hash, cost } = w.children[i];
            let bi = bi as usize;
            {
                child.copy_from_slice(&here);
                clear(child, bc);
                set(child, to);
                // A state held already needs no bound, unless the exact search found a
                // cheaper way to it (then it is queued again).
                let held = self.states.find(child, key, child_hash ^ b.player_key[key as usize]);
                if let Some(old) = held {
                    let o = old as usize;
                    if !(self.exact
                        && cost < (self.states.pushes[o], self.states.moves[o])
                        && !closed_at(&self.closed, old))
                    {
                        continue;
                    }
                }
                let h = if square {
                    if !base_ready {
                        w.hungarian.cost.clear();
                        for &c in &list {
                            w.hungarian.cost.extend(self.row(b, c));
                        }
                        w.hungarian.solve(k_boxes, m);
                        base_ready = true;
                    }
                    let (base, h2) = (&w.hungarian, &mut w.h2);
                    h2.reassign(base, k_boxes, bi, self.row(b, to))
                } else {
                    self.bound(b, child, &mut w.h2)
                };
                let n = NewState {
                    key,
                    box_hash: child_hash,
                    player_key: b.player_key[key as usize],
                    parent: s,
                    step: (bc, k),
                    cost,
                    h,
                };
                if let Some(ns) = self.add(child, n, held) {
                    new.push(ns);
                }
            }
        }
        None
    }

    /// The steps from a root to `s`, first to last.
    fn path(&self, mut s: u32) -> Vec<(u16, u8)> {
        let mut out = Vec::new();
        while self.states.parent[s as usize] != EMPTY {
            out.push(self.states.push[s as usize]);
            s = self.states.parent[s as usize];
        }
        out.reverse();
        out
    }
}

fn bits_hash(b: &Board, bits: &[u64]) -> u64 {
    cells(bits).fold(0u64, |h, c| h ^ b.zobrist[c as usize])
}

/// A backward side's pulls, from the solved position to its state, as the pushes that undo
/// them, in the order they are made going forward.
fn pulls_as_pushes(b: &Board, pulls: &[(u16, u8)]) -> Vec<(u16, u8)> {
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

/// Searches a level from a position. `progress` counts expanded states; `cancel` stops it.
pub fn search(
    level: &Level,
    start: &Position,
    mode: Mode,
    limits: Limits,
    cancel: &AtomicBool,
    progress: &AtomicUsize,
) -> Report {
    let began = Instant::now();
    let b = Board::new(level);
    let n = b.pos.len();
    let mut w = Work::new(n);
    let mut bits = vec![0u64; b.words];
    let start_boxes: Vec<u16> = start.boxes.iter().map(|&p| b.cell(p)).collect();
    for &c in &start_boxes {
        set(&mut bits, c);
    }
    let player0 = b.cell(start.player);
    let h0 = b.bound(&start_boxes, &mut w.hungarian);
    let report = |outcome, states: usize, expanded| Report {
        outcome,
        states,
        expanded,
        elapsed: began.elapsed(),
        bound: if h0 == INF { 0 } else { h0 as usize },
    };
    if start_boxes.iter().all(|&c| b.goal[c as usize]) {
        return report(Outcome::Solved(Found { moves: Vec::new(), pushes: 0, proven: true }), 0, 0);
    }
    if start_boxes.len() > MAX_BOXES {
        return report(Outcome::TooManyBoxes, 0, 0);
    }
    if h0 == INF
        || start_boxes.iter().any(|&c| !b.goal[c as usize] && freeze_deadlock(&b, &bits, c, &mut w.frozen_seen))
    {
        return report(Outcome::Unsolvable, 0, 0);
    }
    let exact = mode == Mode::Optimal;
    let key0 = if exact { player0 } else { w.region_min(&b, &bits, player0) };
    // The fast search: the feature-space search forward, raced against a greedy backward
    // side (only with as many goals as boxes: with more, which goals end up filled is not
    // known) that pulls from every region the player can stand in around the boxes on their
    // goals.
    let mut bwd = (!exact && b.goals.len() == start_boxes.len()).then(|| {
        let dist = push_distances(&b, &start_boxes);
        let dead = (0..n).map(|c| dist.iter().all(|d| d[c] == INF)).collect();
        let mut side = Side {
            backward: true,
            exact: false,
            states: States::new(b.words),
            heap: Queue::new(false),
            closed: Vec::new(),
            expanded: 0,
            dist,
            dead,
            target: bits.clone(),
            target_key: key0,
            done: false,
        };
        let mut solved = vec![0u64; b.words];
        for &g in &b.goals {
            set(&mut solved, g);
        }
        let mut keys = Vec::new();
        for c in 0..n as u16 {
            if !has(&solved, c) {
                let k = w.region_min(&b, &solved, c);
                if !keys.contains(&k) {
                    keys.push(k);
                    side.add_root(&b, &mut w, &solved, k);
                }
            }
        }
        side
    });
    let mut child = vec![0u64; b.words];
    let mut new = Vec::new();
    if !exact {
        let deadline = began + limits.time;
        let prep = std::rc::Rc::new(fess::Prepared::new(&b, &bits, deadline));
        // The portfolio's searches, each made on its first turn (so on its own time, after a
        // look at the clock: the root of a level of hundreds of boxes takes a while).
        let mut fss: Vec<fess::Fess> = Vec::with_capacity(fess::PORTFOLIO.len());
        // Each search's forward time so far, and the backward side's.
        let mut tfs = vec![0f64; fess::PORTFOLIO.len()];
        let mut tb = 0f64;
        let total = |f: &[fess::Fess], b: &Option<Side>| {
            f.iter().map(|f| f.len()).sum::<usize>() + b.as_ref().map_or(0, |s| s.states.len())
        };
        let expanded = |f: &[fess::Fess], b: &Option<Side>| {
            f.iter().map(|f| f.expanded).sum::<usize>() + b.as_ref().map_or(0, |s| s.expanded)
        };
        let pushes: Vec<(u16, u8)> = loop {
            progress.store(expanded(&fss, &bwd), Ordering::Relaxed);
            if cancel.load(Ordering::Relaxed) {
                return report(Outcome::Cancelled, total(&fss, &bwd), expanded(&fss, &bwd));
            }
            let now = Instant::now();
            if now - began >= limits.time {
                return report(Outcome::TimeLimit, total(&fss, &bwd), expanded(&fss, &bwd));
            }
            if total(&fss, &bwd) >= limits.max_states {
                return report(Outcome::StateLimit, total(&fss, &bwd), expanded(&fss, &bwd));
            }
            let tf: f64 = tfs.iter().sum();
            let best = fss.iter().map(|f| f.best).max().unwrap_or(0);
            let share = if fess_stalled(best, expanded(&fss, &None), tf) { 0.05 } else { FORWARD_SHARE };
            let fess_turn = bwd.is_none() || tf * (1.0 - share) <= tb * share;
            if fess_turn {
                // The forward search furthest behind its share.
                let k = (0..tfs.len())
                    .min_by(|&i, &j| (tfs[i] / fess::PORTFOLIO[i].1).total_cmp(&(tfs[j] / fess::PORTFOLIO[j].1)))
                    .expect("a forward search");
                while k >= fss.len() {
                    let advice = fess::PORTFOLIO[fss.len()].0;
                    fss.push(fess::Fess::new(&b, &mut w, prep.clone(), &bits, player0, deadline, advice));
                }
                let fs = &mut fss[k];
                match fs.step(&b, &mut w) {
                    fess::Step::Solved(s) => break fs.path(&b, &mut w, s, player0),
                    // Exhausted proves nothing once the deadline has passed: the tables, the
                    // root's moves or a step's macro moves may have been cut short by it.
                    fess::Step::Exhausted if Instant::now() >= deadline => {
                        return report(Outcome::TimeLimit, total(&fss, &bwd), expanded(&fss, &bwd));
                    }
                    fess::Step::Exhausted => {
                        return report(Outcome::Unsolvable, total(&fss, &bwd), expanded(&fss, &bwd));
                    }
                    fess::Step::Went => {}
                }
                let fs = &fss[k];
                if let (Some(c), Some(side)) = (fs.new, bwd.as_ref()) {
                    let bx = fs.states.boxes_of(c);
                    let key = fs.states.player[c as usize];
                    if let Some(bs) = side.states.find(bx, key, fs.states.hash[c as usize]) {
                        break fess_joined(&b, &mut w, fs, c, side, bs, player0);
                    }
                }
                tfs[k] += now.elapsed().as_secs_f64();
            } else {
                let side = bwd.as_mut().expect("a backward side");
                if let Some(s) = side.expand(&b, &mut w, &mut child, &mut new) {
                    break pulls_as_pushes(&b, &side.path(s));
                }
                if side.done {
                    bwd = None;
                    continue;
                }
                let side = bwd.as_ref().expect("a backward side");
                let hit = new.iter().find_map(|&ns| {
                    let bx = side.states.boxes_of(ns);
                    let key = side.states.player[ns as usize];
                    fss.iter()
                        .find_map(|fs| fs.states.find(bx, key, side.states.hash[ns as usize]).map(|c| (fs, c, ns)))
                });
                if let Some((fs, c, bs)) = hit {
                    break fess_joined(&b, &mut w, fs, c, side, bs, player0);
                }
                tb += now.elapsed().as_secs_f64();
            }
        };
        let moves = walk_pushes(&b, start, &pushes, &mut w);
        let end_pos = level.replay(start, &moves).expect("solver bug: an illegal move in the answer");
        assert!(level.is_solved(&end_pos), "solver bug: the answer does not solve the level");
        let np = pushes.len();
        let proven = np == h0 as usize;
        return report(Outcome::Solved(Found { moves, pushes: np, proven }), total(&fss, &bwd), expanded(&fss, &bwd));
    }
    // The push-optimal search: A* forward.
    let mut fwd = Side {
        backward: false,
        exact: true,
        states: States::new(b.words),
        heap: Queue::new(true),
        closed: Vec::new(),
        expanded: 0,
        dist: Vec::new(),
        dead: b.dead.clone(),
        target: Vec::new(),
        target_key: NONE,
        done: false,
    };
    fwd.add_root(&b, &mut w, &bits, key0);
    let pushes: Vec<(u16, u8)> = loop {
        // Every turn: with many boxes one expansion can take milliseconds (a clock read is
        // tens of nanoseconds).
        progress.store(fwd.expanded, Ordering::Relaxed);
        if cancel.load(Ordering::Relaxed) {
            return report(Outcome::Cancelled, fwd.states.len(), fwd.expanded);
        }
        if began.elapsed() >= limits.time {
            return report(Outcome::TimeLimit, fwd.states.len(), fwd.expanded);
        }
        if fwd.states.len() >= limits.max_states {
            return report(Outcome::StateLimit, fwd.states.len(), fwd.expanded);
        }
        if fwd.done {
            // The search is complete (and prunes only what cannot be solved).
            return report(Outcome::Unsolvable, fwd.states.len(), fwd.expanded);
        }
        if let Some(s) = fwd.expand(&b, &mut w, &mut child, &mut new) {
            break fwd.path(s);
        }
    };
    let moves = walk_pushes(&b, start, &pushes, &mut w);
    let end_pos = level.replay(start, &moves).expect("solver bug: an illegal move in the answer");
    assert!(level.is_solved(&end_pos), "solver bug: the answer does not solve the level");
    let np = pushes.len();
    report(Outcome::Solved(Found { moves, pushes: np, proven: true }), fwd.states.len(), fwd.expanded)
}

/// The pushes of a meeting: the forward search's way to its position `c`, then the backward
/// side's pulls from `bs` (the same position) to the goals, undone.
fn fess_joined(b: &Board, w: &mut Work, fs: &fess::Fess, c: u32, bwd: &Side, bs: u32, player: u16) -> Vec<(u16, u8)> {
    let mut p = fs.path(b, w, c, player);
    p.extend(pulls_as_pushes(b, &bwd.path(bs)));
    p
}

fn closed_at(closed: &[bool], s: u32) -> bool {
    closed.get(s as usize).copied().unwrap_or(false)
}

fn bound_of(b: &Board, bits: &[u64], h: &mut Hungarian) -> u16 {
    let list: Vec<u16> = cells(bits).collect();
    b.bound(&list, h)
}

/// The full move list of a sequence of pushes from the start: before each push, the
/// shortest walk to the cell behind the box.
fn walk_pushes(b: &Board, start: &Position, pushes: &[(u16, u8)], w: &mut Work) -> Vec<Move> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest assignment by trying every permutation (small k only).
    fn brute(cost: &[u16], k: usize) -> u16 {
        fn go(cost: &[u16], k: usize, row: usize, used: &mut Vec<bool>) -> i64 {
            if row == k {
                return 0;
            }
            let mut best = i64::MAX;
            for j in 0..k {
                if !used[j] {
                    used[j] = true;
                    let c = cost[row * k + j];
                    let c = if c == INF { BIG } else { c as i64 };
                    best = best.min(c + go(cost, k, row + 1, used));
                    used[j] = false;
                }
            }
            best
        }
        let t = go(cost, k, 0, &mut vec![false; k]);
        if t >= BIG { INF } else { t as u16 }
    }

    /// The fewest pushes from `start` (None: no solution), breadth first over (boxes, player
    /// region) with no pruning at all, or with PI-corral pruning alone.
    pub(super) fn fewest_pushes(level: &Level, start: &Position, corrals: bool) -> Option<usize> {
        let b = Board::new(level);
        let mut w = Work::new(b.pos.len());
        let mut bits = vec![0u64; b.words];
        for &p in &start.boxes {
            set(&mut bits, b.cell(p));
        }
        let solved = |bits: &[u64]| cells(bits).all(|c| b.goal[c as usize]);
        if solved(&bits) {
            return Some(0);
        }
        let key = w.region_min(&b, &bits, b.cell(start.player));
        let mut seen = std::collections::HashSet::from([(bits.clone(), key)]);
        let mut layer = vec![(bits, key)];
        let mut only = Vec::new();
        for depth in 1.. {
            let mut next = Vec::new();
            for (here, key) in layer {
                w.reach(&b, &here, key);
                let pruned = corrals && w.pi_corral(&b, &here, &mut only);
                for bc in cells(&here).collect::<Vec<_>>() {
                    for k in 0..4 {
                        let (to, behind) = (b.next[bc as usize][k], b.next[bc as usize][(k + 2) % 4]);
                        if to == NONE || behind == NONE || has(&here, to) || !w.reached(behind) {
                            continue;
                        }
                        if pruned && !only.contains(&(bc, k as u8)) {
                            continue;
                        }
                        let mut child = here.clone();
                        clear(&mut child, bc);
                        set(&mut child, to);
                        if solved(&child) {
                            return Some(depth);
                        }
                        let ck = w.region_min(&b, &child, bc);
                        if seen.insert((child.clone(), ck)) {
                            next.push((child, ck));
                        }
                    }
                }
            }
            if next.is_empty() {
                return None;
            }
            layer = next;
        }
        unreachable!()
    }

    /// A random walled room with a few boxes, goals and the player, as XSB.
    pub(super) fn random_room(seed: &mut u64) -> String {
        let rows = 3 + (splitmix(seed) % 4) as usize;
        let cols = 4 + (splitmix(seed) % 4) as usize;
        let mut cell = vec![vec![' '; cols]; rows];
        for row in cell.iter_mut() {
            for c in row.iter_mut() {
                if splitmix(seed) % 100 < 18 {
                    *c = '#';
                }
            }
        }
        let boxes = 1 + (splitmix(seed) % 4) as usize;
        // Sometimes a goal or two to spare.
        let spare = [0, 0, 0, 1, 2][(splitmix(seed) % 5) as usize];
        let mut free: Vec<(usize, usize)> =
            (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).filter(|&(r, c)| cell[r][c] == ' ').collect();
        let pick = |seed: &mut u64, free: &mut Vec<(usize, usize)>| {
            let i = (splitmix(seed) % free.len().max(1) as u64) as usize;
            (!free.is_empty()).then(|| free.swap_remove(i))
        };
        let mut goals = Vec::new();
        for _ in 0..boxes + spare {
            goals.extend(pick(seed, &mut free));
        }
        let mut all = free.clone();
        all.extend(goals.iter().copied());
        for _ in 0..boxes.min(goals.len()) {
            if let Some((r, c)) = pick(seed, &mut all) {
                cell[r][c] = if goals.contains(&(r, c)) { '*' } else { '$' };
            }
        }
        for &(r, c) in &goals {
            if cell[r][c] == ' ' {
                cell[r][c] = '.';
            }
        }
        if let Some((r, c)) = pick(seed, &mut all) {
            cell[r][c] = if cell[r][c] == '.' { '+' } else { '@' };
        }
        let wall = "#".repeat(cols + 2);
        let mut out = format!("{wall}\n");
        for row in cell {
            out.push('#');
            out.extend(row);
            out.push_str("#\n");
        }
        out + &wall + "\n"
    }

    /// Every deadlock rule holds only of unsolvable positions, and PI-corral pruning keeps
    /// the fewest pushes, on rooms where breadth-first search without pruning has the answer.
    #[test]
    fn pruning_keeps_the_fewest_pushes_and_deadlocks_are_unsolvable_on_random_rooms() {
        let mut seed = 11u64;
        let (mut rooms, mut dead, mut corral_dead, mut corral_pruned, mut spare_rooms) = (0, 0, 0, 0, 0);
        while rooms < 3000 {
            let text = random_room(&mut seed);
            let rows: Vec<&str> = text.lines().collect();
            let Ok(maze) = crate::sokoban::xsb::parse_board(&rows, 1) else { continue };
            let (level, start) = (&maze.level, &maze.start);
            rooms += 1;
            spare_rooms += usize::from(start.boxes.len() < level.goals.len());
            let truth = fewest_pushes(level, start, false);
            assert_eq!(fewest_pushes(level, start, true), truth, "{text}");
            let board = Board::new(level);
            let rule = board.deadlock(start);
            if let Some(why) = rule {
                dead += 1;
                corral_dead += usize::from(matches!(why, Deadlock::Corral(_)));
                assert_eq!(truth, None, "{why} but solvable:\n{text}");
            }
            let mut w = Work::new(board.pos.len());
            let mut bits = vec![0u64; board.words];
            for &p in &start.boxes {
                set(&mut bits, board.cell(p));
            }
            w.reach(&board, &bits, board.cell(start.player));
            let mut only = Vec::new();
            corral_pruned += usize::from(w.pi_corral(&board, &bits, &mut only) && !only.is_empty());
            let (cancel, progress) = (AtomicBool::new(false), AtomicUsize::new(0));
            let limits = Limits { time: Duration::from_secs(60), max_states: 1_000_000 };
            for mode in [Mode::Fast, Mode::Optimal] {
                let report = search(level, start, mode, limits, &cancel, &progress);
                match (&report.outcome, truth) {
                    (Outcome::Solved(f), Some(n)) => {
                        assert!(f.pushes >= n, "{text}");
                        if mode == Mode::Optimal || f.proven {
                            assert_eq!(f.pushes, n, "{mode:?}:\n{text}");
                        }
                    }
                    (Outcome::Unsolvable, None) => {}
                    (o, t) => panic!("{mode:?}: {o:?}, breadth first {t:?}:\n{text}"),
                }
            }
        }
        // The rules and the pruning were exercised.
        assert!(
            dead > 50 && corral_dead > 0 && corral_pruned > 20 && spare_rooms > 300,
            "{dead} {corral_dead} {corral_pruned} {spare_rooms}"
        );
    }

    /// Three boxes jammed round a dead corner (XSokoban 28's left side, made small): the box
    /// under the corner's mouth can go up only once the box above it moves, and that one only
    /// once it moves, so the corral (the corner) is never opened and nothing is finished. The
    /// corral rule sees it once the box in the way joins the barrier; opening the corner to
    /// the room makes it solvable, and the rule then says nothing. Breadth-first search with
    /// no pruning is the judge.
    #[test]
    fn a_box_in_a_barrier_boxs_way_joins_the_barrier() {
        let dead = "########\n#.  .  #\n##$$# ##\n## $  .#\n### @  #\n########\n";
        let open = "########\n#.  .  #\n##$$# ##\n## $  .#\n##  @  #\n########\n";
        for (text, is_dead) in [(dead, true), (open, false)] {
            let rows: Vec<&str> = text.lines().collect();
            let maze = crate::sokoban::xsb::parse_board(&rows, 1).expect("a level");
            let board = Board::new(&maze.level);
            let truth = fewest_pushes(&maze.level, &maze.start, false);
            assert_eq!(truth.is_none(), is_dead, "{text}");
            let rule = board.deadlock(&maze.start);
            assert_eq!(rule.is_some(), is_dead, "{rule:?}\n{text}");
            if is_dead {
                assert!(matches!(rule, Some(Deadlock::Corral(_))), "{rule:?}");
            }
        }
    }

    /// The forward side is cut back only while it has packed nothing: after half a second
    /// at the pace of a large level (10 000 moves in 0.6 s), after a whole one at the pace
    /// of a small one (110 000 moves in 0.6 s, Microban 153's first box comes at about that).
    #[test]
    fn the_forward_side_is_cut_back_later_when_its_moves_are_cheap() {
        assert!(!fess_stalled(0, 1_000, 0.4));
        assert!(fess_stalled(0, 10_000, 0.6));
        assert!(!fess_stalled(0, 110_000, 0.6));
        assert!(!fess_stalled(0, 190_000, 0.99));
        assert!(fess_stalled(0, 250_000, 1.01));
        assert!(!fess_stalled(1, 10_000, 5.0));
    }

    #[test]
    fn a_matching_decides_whether_the_assignment_is_finite() {
        // Some goal for every box, each goal once, by trying every injection.
        fn any(cost: &[u16], k: usize, m: usize, row: usize, used: &mut Vec<bool>) -> bool {
            if row == k {
                return true;
            }
            (0..m).any(|j| {
                if used[j] || cost[row * m + j] == INF {
                    return false;
                }
                used[j] = true;
                let ok = any(cost, k, m, row + 1, used);
                used[j] = false;
                ok
            })
        }
        let mut seed = 11u64;
        let (mut yes, mut no) = (0, 0);
        let mut h = Hungarian::default();
        for round in 0..4000 {
            let k = 1 + (splitmix(&mut seed) % 6) as usize;
            let m = k + (splitmix(&mut seed) % 3) as usize;
            // Half the edges missing: about as many feasible as not.
            h.cost = (0..k * m).map(|_| if splitmix(&mut seed).is_multiple_of(2) { INF } else { 1 }).collect();
            let truth = any(&h.cost, k, m, 0, &mut vec![false; m]);
            assert_eq!(h.feasible(k, m), truth, "round {round}: k {k}, m {m}");
            let cost = h.cost.clone();
            let mut fresh = Hungarian { cost, ..Hungarian::default() };
            assert_eq!(fresh.solve(k, m) < INF, truth, "round {round}");
            if truth { yes += 1 } else { no += 1 }
        }
        assert!(yes > 500 && no > 500, "{yes} feasible, {no} not");
    }

    #[test]
    fn the_incremental_assignment_equals_a_fresh_one_and_the_brute_force() {
        let mut seed = 7u64;
        for round in 0..3000 {
            let k = 1 + (splitmix(&mut seed) % 6) as usize;
            let pick = |seed: &mut u64| {
                let r = splitmix(seed) % 12;
                if r == 11 { INF } else { r as u16 }
            };
            let mut base = Hungarian { cost: (0..k * k).map(|_| pick(&mut seed)).collect(), ..Hungarian::default() };
            let full = base.solve(k, k);
            assert_eq!(full, brute(&base.cost, k), "round {round}");
            let row = (splitmix(&mut seed) % k as u64) as usize;
            let new: Vec<u16> = (0..k).map(|_| pick(&mut seed)).collect();
            let mut inc = Hungarian::default();
            let got = inc.reassign(&base, k, row, new.iter().copied());
            let mut fresh = Hungarian { cost: base.cost.clone(), ..Hungarian::default() };
            fresh.cost[row * k..(row + 1) * k].copy_from_slice(&new);
            assert_eq!(got, brute(&fresh.cost, k), "round {round}: k {k}, row {row}");
        }
    }
}
