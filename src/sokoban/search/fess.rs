//! A feature-space search over macro moves, after Shoham's FESS (Festival).
//!
//! A *macro move* takes one box anywhere it can be pushed, any number of pushes, while the
//! other boxes stay put and the player walks freely; the tree's depth is then box moves,
//! not pushes. Each position is projected onto a small *feature space*: (boxes packed in the
//! packing order, regions the boxes cut the floor into, boxes *out of plan*: standing where,
//! once the next goals of the plan are filled, they can reach none of the goals after them;
//! `Zone`). The search visits the occupied
//! feature cells in turn, round and round, and in each expands one move: the one of least
//! accumulated weight among that cell's positions. A move weighs 1, except the moves the
//! advisors pick at each position, which weigh 0: the move that packs the most boxes (then
//! leaves the fewest regions; Festival's packing advisor), the one that joins the most floor
//! regions, and, where no move packs, the one that leaves the
//! fewest *hotspots* (boxes standing where a wall would take goals away from another box;
//! `hotspot_table`), when that is fewer than before, and the *opener's* pick (after
//! Festival's): the box standing nearest the next goals to fill taken away from them
//! (`opener`), and, where no move packs, Festival's own explorer's (`new_pushes`: a move
//! that can be undone and lets the player at another box from a side it could not reach).
//! Where some box is out of plan, the out-of-plan advisor's pick weighs 0 too (`out_of_plan`:
//! the box nearest the zone taken farther from it). A position's other moves are taken
//! fewest floor regions after them first (a move that opens the floor before one that cuts
//! it up), then most packed. So progress in any feature gets its own share of the
//! effort, where a best-first search on one estimate stalls, and the preparation moves that
//! clear a way for a packing are tried first.
//!
//! The packing order is planned backward from the solved position, one cluster of touching
//! goals at a time: the boxes of a cluster that can be pulled off their goals (the cluster's
//! other goals full) out to a cell where some box starts are filled last; then the next
//! round of the rest. When none can come off, one box is *parked*: pulled aside to the
//! nearest floor cell that lets another out, and taken out itself later; when that is not
//! enough either, a small best-first search over such pulls (the player anywhere) looks for
//! a way to empty the cluster. A parking cell is part of the order: it counts as filled
//! while it, or the goal its box moves on to, holds a box.
//!
//! What it prunes is pruned soundly, by the push search's rules (dead squares, freezes, the
//! assignment, corral deadlocks, those found by searching a PI-corral's boxes alone and the
//! patterns they leave: `learn`), and each position (boxes, the player's region) is held
//! once, so the search is complete: when every move is expanded there is no solution. Its
//! assignment takes the boxes frozen on goals as walls, which catches a last goal sealed off
//! by the packed ones, and its distances know which side of each box the player is on
//! (`Sided`), which catches a box that can reach its goal only from a side the player can
//! never get to. A position with at most `ENDGAME_BOXES` boxes not frozen on goals is
//! judged exactly by its endgame table (`endgame`): dead, or solved then and there.

use super::assign::{Hungarian, assignable_with};
use super::board::{Board, INF, NONE, bits_hash, cells, clear, goal_distances, has, set};
use super::endgame::{ENDGAME_BOXES, Endgames, Verdict};
use super::freeze::{freeze_deadlock, frozen};
use super::learn::Learned;
use super::states::{EMPTY, States};
use super::work::Work;
use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};
use std::rc::Rc;
use std::time::Instant;

/// One macro move: the box from `from` to `to`, the player left at `player` (the cell the
/// box was last pushed from).
#[derive(Clone, Copy)]
struct Macro {
    from: u16,
    to: u16,
    player: u16,
    /// 0: an advisor's pick; 1: any other.
    weight: u8,
    /// The regions the boxes cut the floor into after it.
    regions: u16,
}

/// A position of the tree; its boxes and player region are in the table, same number.
struct Node {
    /// Accumulated weight.
    weight: u32,
    /// Its moves, lightest first; `next` is the first not yet expanded.
    moves: Vec<Macro>,
    next: u32,
    /// The move that made it (from the table's `parent`).
    made: Macro,
}

/// What one step of the search did.
pub(super) enum Step {
    /// Expanded one move (any new position is in `new`).
    Went,
    /// Reached the solved position: its number.
    Solved(u32),
    /// Every move has been expanded: no solution.
    Exhausted,
}

/// The packing order: cells to fill (the goals, and cells where a box is parked), each one's
/// goal cluster and fill rank (0: filled first).
struct Plan {
    cells: Vec<u16>,
    /// For a parking cell, the goal its box moves on to (it counts as filled while either
    /// holds a box); `NONE` for a goal.
    alt: Vec<u16>,
    cluster: Vec<u16>,
    rank: Vec<u16>,
    /// Per cluster, per rank: how many goals.
    sizes: Vec<Vec<u16>>,
}

impl Plan {
    /// Boxes packed: per cluster, the goals filled rank by rank, a rank counting only when
    /// every earlier one is full (its own boxes count even when it is not).
    fn packed(&self, bits: &[u64], filled: &mut Vec<Vec<u16>>) -> u16 {
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

    /// Per goal cluster, its first rank not yet full (`None`: all full), from `filled` as
    /// `packed` left it.
    fn first_open(&self, filled: &[Vec<u16>]) -> Vec<Option<usize>> {
        self.sizes.iter().zip(filled).map(|(s, f)| (0..s.len()).find(|&r| f[r] < s[r])).collect()
    }
}

/// Distances for a lone box that know which side of it the player is on. With a box at c,
/// the floor without c falls into up to four parts, each touching a neighbour of c; `part`
/// names each cell's part by the first direction whose neighbour is in it. `dist[g]` holds,
/// for each (c, part), the fewest pushes that take a lone box at c to goal g with the
/// player in that part (INF: never). A lower bound on one box's pushes whatever the other
/// boxes do: they only take room from the player, never give it.
struct Sided {
    n: usize,
    goals: Vec<u16>,
    part: Vec<u8>,
    dist: Vec<Vec<u16>>,
}

impl Sided {
    /// `walls` (cells) taken as walls, and their goals left out. `None` when the tables
    /// would be too large (more than `SIDED_CELLS` cells).
    fn new(b: &Board, walls: &[u64]) -> Option<Sided> {
        let n = b.pos.len();
        if n > SIDED_CELLS {
            return None;
        }
        let mut part = vec![u8::MAX; n * n];
        let mut stack = Vec::new();
        let open = |x: u16| x != NONE && !has(walls, x);
        for c in 0..n {
            if has(walls, c as u16) {
                continue;
            }
            let row = &mut part[c * n..(c + 1) * n];
            for k in 0..4 {
                let x = b.next[c][k];
                if !open(x) || row[x as usize] != u8::MAX {
                    continue;
                }
                row[x as usize] = k as u8;
                stack.push(x);
                while let Some(y) = stack.pop() {
                    for &z in &b.next[y as usize] {
                        if open(z) && z as usize != c && row[z as usize] == u8::MAX {
                            row[z as usize] = k as u8;
                            stack.push(z);
                        }
                    }
                }
            }
        }
        let mut dist = Vec::with_capacity(b.goals.len());
        let mut queue = std::collections::VecDeque::new();
        for &g in b.goals.iter().filter(|&&g| !has(walls, g)) {
            let mut d = vec![INF; n * 4];
            queue.clear();
            for k in 0..4 {
                let x = b.next[g as usize][k];
                if open(x) {
                    let at = g as usize * 4 + part[g as usize * n + x as usize] as usize;
                    if d[at] == INF {
                        d[at] = 0;
                        queue.push_back(at);
                    }
                }
            }
            while let Some(at) = queue.pop_front() {
                let (c, r) = (at / 4, at % 4);
                for k in 0..4 {
                    // The player at x (in part r) pulls the box from c to x, stepping on to y.
                    let x = b.next[c][k];
                    if !open(x) || part[c * n + x as usize] as usize != r {
                        continue;
                    }
                    let y = b.next[x as usize][k];
                    if !open(y) {
                        continue;
                    }
                    let to = x as usize * 4 + part[x as usize * n + y as usize] as usize;
                    if d[to] == INF {
                        d[to] = d[at] + 1;
                        queue.push_back(to);
                    }
                }
            }
            dist.push(d);
        }
        let goals = b.goals.iter().copied().filter(|&g| !has(walls, g)).collect();
        Some(Sided { n, goals, part, dist })
    }

    /// The column of a box at `c` with the player at `p` (not `c`).
    fn at(&self, c: u16, p: u16) -> Option<usize> {
        let r = self.part[c as usize * self.n + p as usize];
        (r != u8::MAX).then_some(c as usize * 4 + r as usize)
    }

    /// The pushes that take a box at `c` to the `j`th goal, the player at `p`; a box the
    /// player can never reach again stays where it is.
    fn cost(&self, c: u16, p: u16, j: usize) -> u16 {
        match self.at(c, p) {
            Some(at) => self.dist[j][at],
            None if self.goals[j] == c => 0,
            None => INF,
        }
    }

    /// Whether the assignment bound with these distances, the player at `p`, is finite: a
    /// matching of the boxes to goals they reach, each box's column looked up once.
    fn feasible(&self, list: &[u16], p: u16, h: &mut Hungarian, at: &mut Vec<Option<usize>>) -> bool {
        at.clear();
        at.extend(list.iter().map(|&c| self.at(c, p)));
        h.matching(list.len(), self.goals.len(), |i, j| match at[i] {
            Some(x) => self.dist[j][x] != INF,
            None => self.goals[j] == list[i],
        })
    }

    /// Whether a box at `c`, the player at `p`, reaches no goal.
    fn dead(&self, c: u16, p: u16) -> bool {
        (0..self.goals.len()).all(|j| self.cost(c, p, j) == INF)
    }
}

/// The most cells for which `Sided` tables are made (a byte per pair of cells).
const SIDED_CELLS: usize = 2048;

/// Which cells, holding a box, take goals away from a box elsewhere: `table[p]` has the
/// bit of every cell q (not a goal, not dead) such that a lone box at p reaches fewer goals
/// (by pulls from each goal) when q is a wall. Empty when that would take too long to
/// work out (more than `HOTSPOT_WORK` cells pulled through) or `deadline` passes.
fn hotspot_table(b: &Board, deadline: Instant) -> Vec<Vec<u64>> {
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

const HOTSPOT_WORK: usize = 20_000_000;

/// How many boxes take goals away from another box (see `hotspot_table`).
fn hotspots(table: &[Vec<u64>], bits: &[u64], list: &[u16], scratch: &mut [u64]) -> u16 {
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

/// Scratch for the articulation data of the floor around one box (the other boxes fixed):
/// a depth-first search's preorder numbers, subtree ends, low points and parents.
struct Dfs {
    disc: Vec<u32>,
    fin: Vec<u32>,
    low: Vec<u32>,
    parent: Vec<u16>,
    stack: Vec<(u16, u8)>,
}

impl Dfs {
    fn new(n: usize) -> Dfs {
        Dfs { disc: vec![0; n], fin: vec![0; n], low: vec![0; n], parent: vec![NONE; n], stack: Vec::new() }
    }

    /// Over the cells not in `walls`, from `root`.
    fn run(&mut self, b: &Board, walls: &[u64], root: u16) {
        self.disc.iter_mut().for_each(|d| *d = 0);
        let mut t = 1;
        self.disc[root as usize] = t;
        self.low[root as usize] = t;
        self.parent[root as usize] = NONE;
        self.stack.clear();
        self.stack.push((root, 0));
        while let Some(&mut (c, ref mut k)) = self.stack.last_mut() {
            if *k < 4 {
                let y = b.next[c as usize][*k as usize];
                *k += 1;
                if y == NONE || has(walls, y) {
                    continue;
                }
                if self.disc[y as usize] == 0 {
                    t += 1;
                    self.disc[y as usize] = t;
                    self.low[y as usize] = t;
                    self.parent[y as usize] = c;
                    self.stack.push((y, 0));
                } else if y != self.parent[c as usize] {
                    self.low[c as usize] = self.low[c as usize].min(self.disc[y as usize]);
                }
            } else {
                self.stack.pop();
                self.fin[c as usize] = t + 1;
                let p = self.parent[c as usize];
                if p != NONE {
                    self.low[p as usize] = self.low[p as usize].min(self.low[c as usize]);
                }
            }
        }
    }

    /// Which side of `c` the neighbour in direction `k` is on when a box stands at `c`:
    /// neighbours with the same label are joined around it (4: the side of the search's
    /// root; k': the subtree of the child in direction k', cut off by `c`).
    fn label(&self, b: &Board, c: u16, k: usize) -> u8 {
        let x = b.next[c as usize][k];
        let (dc, dx) = (self.disc[c as usize], self.disc[x as usize]);
        if !(dc < dx && dx < self.fin[c as usize]) {
            return 4;
        }
        for (j, &u) in b.next[c as usize].iter().enumerate() {
            if u != NONE
                && self.parent[u as usize] == c
                && self.disc[u as usize] != 0
                && self.disc[u as usize] <= dx
                && dx < self.fin[u as usize]
            {
                return if self.low[u as usize] >= dc { j as u8 } else { 4 };
            }
        }
        4
    }
}

/// The search's state between steps.
pub(super) struct Fess {
    pub(super) states: States,
    nodes: Vec<Node>,
    /// The feature cells: each an open list (weight, order, node), lightest first.
    cells: Vec<BinaryHeap<Reverse<(u32, u32, u32)>>>,
    cell_of: HashMap<(u16, u16, u16), u32>,
    turn: usize,
    order: u32,
    /// The tables made once per level (shared by the portfolio's searches).
    prep: Rc<Prepared>,
    filled: Vec<Vec<u16>>,
    /// Scratch: marks of (cell, side) for the macro search and of cells for region counts.
    queued: Vec<u32>,
    done: Vec<u32>,
    stamp: u32,
    region: Vec<u32>,
    region_stamp: u32,
    rid: Vec<u16>,
    flood: Vec<u16>,
    dfs: Dfs,
    pub(super) expanded: usize,
    deadline: Instant,
    /// The most boxes packed in any position yet.
    pub(super) best: u16,
    /// The position the last step made, if new.
    pub(super) new: Option<u32>,
    seen: Vec<u16>,
    /// Per set of boxes frozen on goals, the other goals' distances with those as walls.
    walled: HashMap<Vec<u64>, Vec<Vec<u16>>>,
    /// The same with the player's side known (see `Sided`), per frozen set; `None` for a
    /// level too large for them.
    sided: HashMap<Vec<u64>, Option<Sided>>,
    /// Scratch: each box's column in a `Sided` table.
    cols: Vec<Option<usize>>,
    /// Out-of-plan zones (see `Zone`), and each one's number by the set of cells taken as
    /// filled.
    zones: Vec<Zone>,
    zone_of: HashMap<Vec<u64>, u32>,
    /// Endgame tables (see `endgame`).
    endgames: Endgames,
    /// A position an endgame table solves, and the pushes that do.
    finish: Option<(u32, Vec<(u16, u8)>)>,
    /// Corral deadlocks found by search (see `learn`).
    pub(super) learned: Learned,
    advice: Advice,
}

/// What a level's searches share, made once: the packing plan and the advisors' tables.
pub(super) struct Prepared {
    plan: Plan,
    /// The sided distances with no box frozen (`None`: the level is too large for them).
    sided0: Option<Sided>,
    /// See `hotspot_table` (empty: none).
    hot: Vec<Vec<u64>>,
    /// Per plan cell, each cell's walking distance from it (walls only; `INF`: apart): the
    /// opener's measure of how near a box stands to the next cells to fill.
    near: Vec<Vec<u16>>,
    /// Per cell, the cells a lone box can be pushed to from it (empty: not made).
    back: Vec<Vec<u64>>,
}

impl Prepared {
    /// The tables for the level with boxes at `start`; none is made on past `deadline` by
    /// more than one box's pulls.
    pub(super) fn new(b: &Board, start: &[u64], deadline: Instant) -> Prepared {
        let starts: Vec<u16> = cells(start).collect();
        let plan = packing_plan(b, &starts, deadline);
        let no_walls = vec![0u64; b.words];
        let near = plan.cells.iter().map(|&c| walk_distances(b, &[c], &no_walls)).collect();
        Prepared {
            plan,
            sided0: Sided::new(b, &no_walls),
            hot: hotspot_table(b, deadline),
            near,
            back: lone_reach(b, deadline),
        }
    }
}

/// Which advisors' picks weigh 0 beyond those of Festival's own search: one search mode of
/// the portfolio (`PORTFOLIO`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Advice {
    /// Every move that packs a box weighs 0 (else only the one that packs the most, then
    /// leaves the fewest regions: Festival's packing advisor).
    pub(super) every_pack: bool,
    /// The opener advises at every position (else only where no move packs).
    pub(super) opener_everywhere: bool,
}

/// Festival's choice of advisors.
pub(super) const FESTIVAL: Advice = Advice { every_pack: false, opener_everywhere: false };

/// The eager mode: every packing move, and the opener everywhere. It packs sooner and clears
/// the mouth of the next goals even while something else could pack; Festival's choice
/// packs more carefully.
pub(super) const EAGER: Advice = Advice { every_pack: true, opener_everywhere: true };

/// The forward searches the fast mode runs in turn in one thread, each with its share of
/// the forward time (the shares sum to 1). Each is complete alone, so either one's
/// exhaustion proves there is no solution.
pub(super) const PORTFOLIO: [(Advice, f64); 2] = [(FESTIVAL, 0.6), (EAGER, 0.4)];

/// How many out-of-plan zones are kept; past it they are made again.
const MAX_ZONES: usize = 4096;

/// Levels of more floor cells than this have no out-of-plan zones (each costs a search over
/// pulls of about 4 × cells² steps).
const MAX_ZONE_CELLS: usize = 1024;

/// How many distances (two bytes each) the frozen sets' tables may hold together, 64 MiB;
/// past it the table starts again.
const WALLED_DISTANCES: usize = 32 << 20;

/// How many bytes the frozen sets' `Sided` tables may take together, 64 MiB; past it the
/// table starts again.
const SIDED_BYTES: usize = 64 << 20;

/// After Festival's out-of-plan feature: with the plan's filled cells and the next ones to
/// fill taken as walls, the floor cells (not dead) from which a lone box can reach none of
/// the cells filled after them. A box there now is in the plan's way: once the next cells
/// are filled it can go nowhere useful.
struct Zone {
    cells: Vec<u64>,
    /// Each cell's walking distance from the zone, the walls as above (`INF`: apart).
    dist: Vec<u16>,
}

impl Fess {
    /// The search from `start` with the choice of advisors `advice`, on the tables of
    /// `prep` (made for the same start); no single step runs on past `deadline` by more
    /// than one box's macro moves.
    pub(super) fn new(
        b: &Board,
        w: &mut Work,
        prep: Rc<Prepared>,
        start: &[u64],
        player: u16,
        deadline: Instant,
        advice: Advice,
    ) -> Fess {
        let n = b.pos.len();
        let mut f = Fess {
            states: States::new(b.words),
            nodes: Vec::new(),
            cells: Vec::new(),
            cell_of: HashMap::new(),
            turn: 0,
            order: 0,
            prep,
            deadline,
            filled: Vec::new(),
            queued: vec![0; 4 * n],
            done: vec![0; 4 * n],
            stamp: 0,
            region: vec![0; n],
            region_stamp: 0,
            rid: vec![0; n],
            flood: Vec::with_capacity(n),
            dfs: Dfs::new(n),
            expanded: 0,
            best: 0,
            new: None,
            seen: Vec::new(),
            walled: HashMap::new(),
            sided: HashMap::new(),
            cols: Vec::new(),
            zones: Vec::new(),
            zone_of: HashMap::new(),
            endgames: Endgames::default(),
            finish: None,
            learned: Learned::new(n),
            advice,
        };
        let key = w.region_min(b, start, player);
        let hash = bits_hash(b, start) ^ b.player_key[key as usize];
        let s = f.states.insert(start, key, hash, EMPTY, (NONE, 0), (0, 0));
        f.open(b, w, s, 0, Macro { from: NONE, to: NONE, player, weight: 0, regions: 0 });
        f
    }

    /// The regions the boxes cut the floor into; each free cell's region (from 1) is left in
    /// `rid`.
    fn regions(&mut self, b: &Board, bits: &[u64]) -> u16 {
        self.region_stamp = self.region_stamp.wrapping_add(1);
        if self.region_stamp == 0 {
            self.region.iter_mut().for_each(|r| *r = 0);
            self.region_stamp = 1;
        }
        let st = self.region_stamp;
        let mut count = 0;
        for c in 0..b.pos.len() as u16 {
            if self.region[c as usize] == st || has(bits, c) {
                continue;
            }
            count += 1;
            self.region[c as usize] = st;
            self.rid[c as usize] = count;
            self.flood.clear();
            self.flood.push(c);
            while let Some(x) = self.flood.pop() {
                for &y in &b.next[x as usize] {
                    if y != NONE && self.region[y as usize] != st && !has(bits, y) {
                        self.region[y as usize] = st;
                        self.rid[y as usize] = count;
                        self.flood.push(y);
                    }
                }
            }
        }
        count
    }

    /// Whether the assignment bound is finite, the boxes frozen on goals taken as walls: they
    /// never move again, so no box passes them and their goals are taken. Distances are kept
    /// per frozen set. Only its finiteness is wanted, so a matching decides it, not an
    /// optimal assignment.
    fn assignable(&mut self, b: &Board, w: &mut Work, fixed: Vec<u64>, list: &[u16], player: u16) -> bool {
        let any = fixed.iter().any(|&x| x != 0);
        let rest: Vec<u16> = list.iter().copied().filter(|&c| !has(&fixed, c)).collect();
        if self.prep.sided0.is_some() {
            if !any {
                return self
                    .prep
                    .sided0
                    .as_ref()
                    .is_some_and(|sd| sd.feasible(list, player, &mut w.hungarian, &mut self.cols));
            }
            let each = b.pos.len() * b.pos.len() + 8 * b.goals.len() * b.pos.len();
            if (self.sided.len() + 1) * each > SIDED_BYTES && !self.sided.contains_key(&fixed) {
                self.sided.clear();
            }
            let sd = self.sided.entry(fixed).or_insert_with_key(|walls| Sided::new(b, walls));
            return match sd {
                Some(sd) => sd.feasible(&rest, player, &mut w.hungarian, &mut self.cols),
                None => assignable_with(&b.dist, list, &mut w.hungarian),
            };
        }
        if !any {
            return assignable_with(&b.dist, list, &mut w.hungarian);
        }
        let each = b.goals.len() * b.pos.len();
        if (self.walled.len() + 1) * each > WALLED_DISTANCES && !self.walled.contains_key(&fixed) {
            self.walled.clear();
        }
        let dist = match self.walled.entry(fixed) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                let goals: Vec<u16> = b.goals.iter().copied().filter(|&g| !has(e.key(), g)).collect();
                let dist = goal_distances(&b.next, &goals, e.key());
                e.insert(dist)
            }
        };
        assignable_with(dist, &rest, &mut w.hungarian)
    }

    /// Makes `s` a node of the tree: its features, its moves and their weights. Dead
    /// positions (by the assignment or a corral) get no moves.
    fn open(&mut self, b: &Board, w: &mut Work, s: u32, weight: u32, made: Macro) {
        let bits = self.states.boxes_of(s).to_vec();
        let mut node = Node { weight, moves: Vec::new(), next: 0, made };
        let list: Vec<u16> = cells(&bits).collect();
        let mut only = Vec::new();
        let mut corral = false;
        let fixed = frozen_on_goals(b, &bits, &list, &mut self.seen);
        let free: Vec<u16> = list.iter().copied().filter(|&c| !has(&fixed, c)).collect();
        let verdict = if free.len() <= ENDGAME_BOXES {
            self.endgames.judge(b, w, &fixed, &free, self.states.player[s as usize], self.deadline)
        } else {
            Verdict::Unknown
        };
        match verdict {
            Verdict::Solved(pushes) => {
                self.finish = Some((s, pushes));
                self.nodes.push(node);
                return;
            }
            Verdict::Dead => {
                self.nodes.push(node);
                return;
            }
            Verdict::Unknown => {}
        }
        // Dead: by the assignment, a corral no push opens, a corral deadlock learned before
        // (with the box just moved), or a PI-corral whose search finds it dead.
        let alive = self.assignable(b, w, fixed, &list, made.player)
            && !(made.from != NONE && self.learned.known(&bits, made.to, made.player))
            && {
                w.reach(b, &bits, made.player);
                corral = w.pi_corral(b, &bits, &mut only);
                !(corral && only.is_empty())
            }
            && !(corral && {
                // Lent out of `w` (which the search needs) and given back: no copy per position.
                let (boxes, cells) = (std::mem::take(&mut w.corral_boxes), std::mem::take(&mut w.corral_cells));
                let dead = self.learned.corral_dead(b, w, &boxes, &cells, made.player);
                (w.corral_boxes, w.corral_cells) = (boxes, cells);
                // The macro moves below want the player's region.
                w.reach(b, &bits, made.player);
                dead
            });
        if alive {
            let packed = self.prep.plan.packed(&bits, &mut self.filled);
            let regions = self.regions(b, &bits);
            self.best = self.best.max(packed);
            let next_id = self.cell_of.len() as u32;
            let open = self.prep.plan.first_open(&self.filled);
            let zone = self.zone(b, &bits, &open);
            let oop = zone.map_or(0, |(_, count)| count);
            let cell = *self.cell_of.entry((packed, regions, oop)).or_insert(next_id);
            if cell as usize == self.cells.len() {
                self.cells.push(BinaryHeap::new());
            }
            // w.reach is still the player's region here.
            let mut moves = Vec::new();
            self.macros(b, w, &bits, corral.then_some(&only[..]), &mut moves);
            // The advisors: the move that packs the most boxes (then leaves the fewest
            // regions; `best_pack`), the one joining the most regions (then packing the
            // most), and the explorer's pick.
            let mut child = bits.clone();
            let mut best_join: Option<(usize, (Reverse<u16>, u16))> = None;
            let mut packs = false;
            let mut best_pack: Option<(usize, (u16, Reverse<u16>))> = None;
            // Boxes packed after each move (up to the deadline).
            let mut after = Vec::with_capacity(moves.len());
            for (i, m) in moves.iter_mut().enumerate() {
                if i % 64 == 63 && Instant::now() >= self.deadline {
                    break;
                }
                child.copy_from_slice(&bits);
                clear(&mut child, m.from);
                set(&mut child, m.to);
                let p = self.prep.plan.packed(&child, &mut self.filled);
                after.push(p);
                let r = m.regions;
                if p > packed {
                    packs = true;
                    if self.advice.every_pack {
                        m.weight = 0;
                    }
                    if best_pack.is_none_or(|(_, k)| (p, Reverse(r)) > k) {
                        best_pack = Some((i, (p, Reverse(r))));
                    }
                }
                if r < regions && best_join.is_none_or(|(_, k)| (Reverse(r), p) > k) {
                    best_join = Some((i, (Reverse(r), p)));
                }
            }
            if let Some((i, _)) = best_pack {
                moves[i].weight = 0;
            }
            if let Some(i) = explorer(b, w, &bits, regions, &moves, &after) {
                moves[i].weight = 0;
            }
            // Festival's explorer, when no move packs: a move that can be undone and lets the
            // player at another box from a new side.
            if !packs && let Some(i) = new_pushes(b, w, &bits, made.player, packed, &moves, &after, &self.prep.back) {
                moves[i].weight = 0;
            }
            if let Some((i, _)) = best_join {
                moves[i].weight = 0;
            }
            // The hotspot advisor, when no move packs: the move that leaves the fewest boxes
            // taking goals away from others, when that is fewer than now (then the fewest
            // regions).
            if !packs && !self.prep.hot.is_empty() {
                let mut scratch = vec![0u64; b.words];
                let now = hotspots(&self.prep.hot, &bits, &list, &mut scratch);
                let mut best: Option<(usize, (u16, u16))> = None;
                let mut after = list.clone();
                for (i, m) in moves.iter().enumerate() {
                    if i % 64 == 63 && Instant::now() >= self.deadline {
                        break;
                    }
                    child.copy_from_slice(&bits);
                    clear(&mut child, m.from);
                    set(&mut child, m.to);
                    let at = after.iter().position(|&c| c == m.from).expect("the moved box");
                    after[at] = m.to;
                    let h = hotspots(&self.prep.hot, &child, &after, &mut scratch);
                    after[at] = m.from;
                    if h < now && best.is_none_or(|(_, k)| (h, m.regions) < k) {
                        best = Some((i, (h, m.regions)));
                    }
                }
                if let Some((i, _)) = best {
                    moves[i].weight = 0;
                }
            }
            // The opener, when no move packs: a box taken away from the next cells to fill.
            if !packs || self.advice.opener_everywhere {
                let next = self.next_cells(&bits, &open);
                if let Some(i) = opener(&next, &self.prep.near, packed, regions, &moves, &after) {
                    moves[i].weight = 0;
                }
            }
            // The out-of-plan advisor: a box in the plan's way taken out of it.
            if let Some((z, count)) = zone
                && count > 0
                && let Some(i) = out_of_plan(&self.zones[z as usize], &self.prep.back, packed, regions, &moves, &after)
            {
                moves[i].weight = 0;
            }
            // The advisors' picks first; the other moves in order of the regions they leave the
            // floor in (fewest first: a move that opens the floor before one that cuts it up),
            // then of the boxes they pack (most first), then as made.
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by_key(|&i| (moves[i].weight, moves[i].regions, Reverse(after.get(i).copied().unwrap_or(0))));
            moves = order.into_iter().map(|i| moves[i]).collect();
            if let Some(first) = moves.first() {
                let key = weight + first.weight as u32;
                self.cells[cell as usize].push(Reverse((key, self.order, s)));
                self.order += 1;
            }
            node.moves = moves;
        }
        debug_assert_eq!(self.nodes.len(), s as usize);
        self.nodes.push(node);
    }

    /// The out-of-plan zone of a position, as its number in `zones` (`None` when nothing is
    /// filled after the next cells, on a level of more than `MAX_ZONE_CELLS` floor cells, or
    /// past the deadline), and how many of its boxes stand in it. `open` is the position's
    /// (`Plan::first_open`).
    fn zone(&mut self, b: &Board, bits: &[u64], open: &[Option<usize>]) -> Option<(u32, u16)> {
        if b.pos.len() > MAX_ZONE_CELLS {
            return None;
        }
        let plan = &self.prep.plan;
        // Walls: every cell of the ranks up to the first open one; after: the rest.
        let mut walls = vec![0u64; b.words];
        let mut later = Vec::new();
        for i in 0..plan.cells.len() {
            match open[plan.cluster[i] as usize] {
                Some(first) if plan.rank[i] as usize > first => later.push(plan.cells[i]),
                _ => set(&mut walls, plan.cells[i]),
            }
        }
        later.retain(|&c| !has(&walls, c));
        if later.is_empty() || Instant::now() >= self.deadline {
            return None;
        }
        let z = match self.zone_of.get(&walls) {
            Some(&z) => z,
            None => {
                if self.zones.len() >= MAX_ZONES {
                    self.zones.clear();
                    self.zone_of.clear();
                }
                let n = b.pos.len();
                let mut source = vec![false; n];
                for &c in &later {
                    source[c as usize] = true;
                }
                pulls_from(b, &walls, &later, |x| {
                    source[x as usize] = true;
                    false
                });
                let inside: Vec<u16> =
                    (0..n as u16).filter(|&c| !source[c as usize] && !has(&walls, c) && !b.dead[c as usize]).collect();
                let mut cells = vec![0u64; b.words];
                for &c in &inside {
                    set(&mut cells, c);
                }
                let dist = walk_distances(b, &inside, &walls);
                let z = self.zones.len() as u32;
                self.zones.push(Zone { cells, dist });
                self.zone_of.insert(walls, z);
                z
            }
        };
        let zone = &self.zones[z as usize];
        let count = cells(bits).filter(|&c| has(&zone.cells, c)).count() as u16;
        Some((z, count))
    }

    /// The plan cells filled next, as indices into the plan: per goal cluster, the empty
    /// cells of its first rank not yet full (`open`, `Plan::first_open`).
    fn next_cells(&self, bits: &[u64], open: &[Option<usize>]) -> Vec<usize> {
        let plan = &self.prep.plan;
        (0..plan.cells.len())
            .filter(|&i| {
                open[plan.cluster[i] as usize] == Some(plan.rank[i] as usize)
                    && !has(bits, plan.cells[i])
                    && !(plan.alt[i] != NONE && has(bits, plan.alt[i]))
            })
            .collect()
    }

    /// The macro moves of a position, after `w.reach` from its player: for each box, every
    /// (cell, player region) it can be pushed to, the other boxes fixed, none frozen.
    /// With `only` (a PI-corral's pushes, see `Work::pi_corral`), only the macro moves that
    /// begin with one of them: some solution does.
    fn macros(&mut self, b: &Board, w: &Work, bits: &[u64], only: Option<&[(u16, u8)]>, out: &mut Vec<Macro>) {
        let mut others = bits.to_vec();
        let mut child = bits.to_vec();
        let mut queue: Vec<(u16, u8)> = Vec::new();
        // The floor's regions with every box in place; lifting a box joins the regions of its
        // free neighbours into one.
        let all = self.regions(b, bits);
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
            self.dfs.run(b, &others, bx);
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
                self.stamp = 1;
            }
            let st = self.stamp;
            let home = self.dfs.label(b, bx, starts[0]);
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
                let lab = self.dfs.label(b, c, k as usize);
                for k2 in 0..4 {
                    let x = b.next[c as usize][k2];
                    if x == NONE || has(&others, x) || self.dfs.label(b, c, k2) != lab {
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
                let mut labels = 0u8;
                for k2 in 0..4 {
                    let x = b.next[c as usize][k2];
                    if x != NONE && !has(&others, x) {
                        labels |= 1 << self.dfs.label(b, c, k2);
                    }
                }
                let regions = lifted - 1 + labels.count_ones() as u16;
                let player = b.next[c as usize][k as usize];
                // Dead for the side the player is left on (a lone box there reaches no goal).
                if self.prep.sided0.as_ref().is_some_and(|sd| sd.dead(c, player)) {
                    continue;
                }
                out.push(Macro { from: bx, to: c, player, weight: 1, regions });
            }
            set(&mut others, bx);
        }
    }

    /// Expands one move: the next feature cell's lightest.
    pub(super) fn step(&mut self, b: &Board, w: &mut Work) -> Step {
        self.new = None;
        if let Some((s, _)) = self.finish {
            return Step::Solved(s);
        }
        if self.cells.is_empty() {
            return Step::Exhausted;
        }
        let mut tries = 0;
        let (s, m) = loop {
            if tries > self.cells.len() {
                return Step::Exhausted;
            }
            tries += 1;
            self.turn = (self.turn + 1) % self.cells.len();
            let cell = self.turn;
            let Some(Reverse((_, _, s))) = self.cells[cell].pop() else { continue };
            let node = &mut self.nodes[s as usize];
            let m = node.moves[node.next as usize];
            node.next += 1;
            if (node.next as usize) < node.moves.len() {
                let key = node.weight + node.moves[node.next as usize].weight as u32;
                self.cells[cell].push(Reverse((key, self.order, s)));
                self.order += 1;
            } else {
                node.moves = Vec::new();
            }
            break (s, m);
        };
        self.expanded += 1;
        let mut child = self.states.boxes_of(s).to_vec();
        clear(&mut child, m.from);
        set(&mut child, m.to);
        let key = w.region_min(b, &child, m.player);
        let hash = bits_hash(b, &child) ^ b.player_key[key as usize];
        if self.states.find(&child, key, hash).is_some() {
            return Step::Went;
        }
        let c = self.states.insert(&child, key, hash, s, (NONE, 0), (0, 0));
        self.new = Some(c);
        if cells(&child).all(|x| b.goal[x as usize]) {
            self.nodes.push(Node { weight: 0, moves: Vec::new(), next: 0, made: m });
            return Step::Solved(c);
        }
        let weight = self.nodes[s as usize].weight + m.weight as u32;
        self.open(b, w, c, weight, m);
        if self.finish.is_some() {
            return Step::Solved(c);
        }
        Step::Went
    }

    /// The pushes from the start to `s`, each macro move as its fewest pushes.
    pub(super) fn path(&self, b: &Board, w: &mut Work, s: u32, start_player: u16) -> Vec<(u16, u8)> {
        let mut chain = Vec::new();
        let mut at = s;
        while self.states.parent[at as usize] != EMPTY {
            chain.push(self.nodes[at as usize].made);
            at = self.states.parent[at as usize];
        }
        chain.reverse();
        let mut bits = self.states.boxes_of(at).to_vec();
        let mut player = start_player;
        let mut out = Vec::new();
        for m in chain {
            out.extend(macro_pushes(b, w, &bits, player, m));
            clear(&mut bits, m.from);
            set(&mut bits, m.to);
            player = m.player;
        }
        if let Some((f, tail)) = &self.finish
            && *f == s
        {
            out.extend_from_slice(tail);
        }
        out
    }

    pub(super) fn len(&self) -> usize {
        self.states.len()
    }
}

/// The explorer advisor's pick: among the moves that join regions of the floor, the one
/// leaving the player the most cells to walk on (then packing the most, `packed[i]` being the
/// boxes packed after move i, then the first). The region advisor counts regions, so a move
/// opening a pocket of one cell and one opening a room count alike; this one tells them apart.
/// Leaves `w.reach` changed.
fn explorer(b: &Board, w: &mut Work, bits: &[u64], regions: u16, moves: &[Macro], packed: &[u16]) -> Option<usize> {
    let mut child = bits.to_vec();
    let mut best: Option<(usize, (usize, u16))> = None;
    for (i, (m, &p)) in moves.iter().zip(packed).enumerate() {
        if m.regions >= regions {
            continue;
        }
        child.copy_from_slice(bits);
        clear(&mut child, m.from);
        set(&mut child, m.to);
        w.reach(b, &child, m.player);
        let area = w.reached_count();
        if best.is_none_or(|(_, k)| (area, p) > k) {
            best = Some((i, (area, p)));
        }
    }
    best.map(|(i, _)| i)
}

/// The opener advisor's pick (after Festival's): of the moves that pack no fewer boxes
/// (`packed[i]` after move i, `now` before) and leave the floor in no more regions, the one
/// whose box stands nearest the next cells to fill (`next`, plan indices into `near`, each a
/// cell's walking distance from that plan cell) and is not brought nearer, then the one that
/// takes it farthest, then the first. A box at the mouth of the goals filled next is what
/// holds their packing up more often than not; it goes first.
fn opener(next: &[usize], near: &[Vec<u16>], now: u16, regions: u16, moves: &[Macro], packed: &[u16]) -> Option<usize> {
    let dist = |c: u16| next.iter().map(|&i| near[i][c as usize]).min().unwrap_or(INF);
    let mut best: Option<(usize, (u16, Reverse<u16>))> = None;
    for (i, (m, &p)) in moves.iter().zip(packed).enumerate() {
        if p < now || m.regions > regions {
            continue;
        }
        let (from, to) = (dist(m.from), dist(m.to));
        if from == INF || to < from {
            continue;
        }
        if best.is_none_or(|(_, k)| (from, Reverse(to)) < k) {
            best = Some((i, (from, Reverse(to))));
        }
    }
    best.map(|(i, _)| i)
}

/// Per cell, the cells a lone box can be pushed to from it, the player starting on any side
/// (empty for a level of more than 1024 floor cells, or when `deadline` passes first).
fn lone_reach(b: &Board, deadline: Instant) -> Vec<Vec<u64>> {
    let n = b.pos.len();
    if n > 1024 || n == 0 {
        return Vec::new();
    }
    let mut dfs = Dfs::new(n);
    let mut out = vec![vec![0u64; b.words]; n];
    let mut seen = vec![u32::MAX; 4 * n];
    let mut queue = Vec::new();
    // The floor's parts one at a time: the articulation labels are per part.
    let mut part = vec![u16::MAX; n];
    for root in 0..n as u16 {
        if part[root as usize] != u16::MAX {
            continue;
        }
        let mut members = vec![root];
        part[root as usize] = root;
        let mut j = 0;
        while j < members.len() {
            let c = members[j];
            j += 1;
            for &x in &b.next[c as usize] {
                if x != NONE && part[x as usize] == u16::MAX {
                    part[x as usize] = root;
                    members.push(x);
                }
            }
        }
        dfs.run(b, &vec![0u64; b.words], root);
        for (i, &src) in members.iter().enumerate() {
            if i % 64 == 63 && Instant::now() >= deadline {
                return Vec::new();
            }
            queue.clear();
            for k in 0..4 {
                if b.next[src as usize][k] != NONE {
                    seen[src as usize * 4 + k] = src as u32;
                    queue.push((src, k));
                }
            }
            set(&mut out[src as usize], src);
            while let Some((c, k)) = queue.pop() {
                let side = dfs.label(b, c, k);
                for k2 in 0..4 {
                    let x = b.next[c as usize][k2];
                    if x == NONE || dfs.label(b, c, k2) != side {
                        continue;
                    }
                    let t = b.next[c as usize][(k2 + 2) % 4];
                    if t == NONE || seen[t as usize * 4 + k2] == src as u32 {
                        continue;
                    }
                    seen[t as usize * 4 + k2] = src as u32;
                    set(&mut out[src as usize], t);
                    queue.push((t, k2));
                }
            }
        }
    }
    out
}

/// Festival's explorer: of the moves that pack no fewer boxes and can be undone (a lone box
/// can be pushed back), one after which the player reaches a side of some other box it did
/// not reach before, with room to push it from there; the most packed, then the fewest
/// regions. Leaves `w.reach` changed.
#[allow(clippy::too_many_arguments)]
fn new_pushes(
    b: &Board,
    w: &mut Work,
    bits: &[u64],
    player: u16,
    now: u16,
    moves: &[Macro],
    packed: &[u16],
    back: &[Vec<u64>],
) -> Option<usize> {
    w.reach(b, bits, player);
    let before: Vec<bool> = (0..b.pos.len() as u16).map(|c| w.reached(c)).collect();
    let list: Vec<u16> = cells(bits).collect();
    let mut child = bits.to_vec();
    let mut best: Option<(usize, (Reverse<u16>, u16))> = None;
    for (i, (m, &p)) in moves.iter().zip(packed).enumerate() {
        if p < now || (!back.is_empty() && !has(&back[m.to as usize], m.from)) {
            continue;
        }
        let key = (Reverse(p), m.regions);
        if best.is_some_and(|(_, k)| k <= key) {
            continue;
        }
        child.copy_from_slice(bits);
        clear(&mut child, m.from);
        set(&mut child, m.to);
        w.reach(b, &child, m.player);
        let new = list.iter().filter(|&&c| c != m.from).any(|&c| {
            (0..4).any(|k| {
                let x = b.next[c as usize][k];
                let t = b.next[c as usize][(k + 2) % 4];
                x != NONE && !before[x as usize] && !has(bits, x) && w.reached(x) && t != NONE && !has(&child, t)
            })
        });
        if new {
            best = Some((i, key));
        }
    }
    best.map(|(i, _)| i)
}

/// The out-of-plan advisor's pick (after Festival's): of the moves that pack as many boxes,
/// cut the floor into no more regions, can be undone and leave no box newly in the zone, the
/// one whose box stands nearest the zone (in it first) and ends farther from it, then the one
/// taking it farthest.
fn out_of_plan(
    zone: &Zone,
    back: &[Vec<u64>],
    now: u16,
    regions: u16,
    moves: &[Macro],
    packed: &[u16],
) -> Option<usize> {
    let mut best: Option<(usize, (u16, Reverse<u16>))> = None;
    for (i, (m, &p)) in moves.iter().zip(packed).enumerate() {
        if p != now || m.regions > regions || (!back.is_empty() && !has(&back[m.to as usize], m.from)) {
            continue;
        }
        let (from, to) = (zone.dist[m.from as usize], zone.dist[m.to as usize]);
        if from == INF || to == INF || to <= from || has(&zone.cells, m.to) {
            continue;
        }
        if best.is_none_or(|(_, k)| (from, Reverse(to)) < k) {
            best = Some((i, (from, Reverse(to))));
        }
    }
    best.map(|(i, _)| i)
}

/// Each cell's walking distance from the nearest of `from` over the floor, `walls` in the
/// way and boxes ignored (`INF`: apart).
fn walk_distances(b: &Board, from: &[u16], walls: &[u64]) -> Vec<u16> {
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
fn frozen_on_goals(b: &Board, bits: &[u64], list: &[u16], seen: &mut Vec<u16>) -> Vec<u64> {
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
fn macro_pushes(b: &Board, w: &mut Work, bits: &[u64], player: u16, m: Macro) -> Vec<(u16, u8)> {
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

/// The packing order (see the module's comment).
fn packing_plan(b: &Board, starts: &[u16], deadline: Instant) -> Plan {
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
    let mut plan =
        Plan { cells: Vec::new(), alt: Vec::new(), cluster: Vec::new(), rank: Vec::new(), sizes: Vec::new() };
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
fn unpack(b: &Board, cells: &[u16], is_start: &[bool], park: bool, deadline: Instant) -> Option<(Layers, bool)> {
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
const UNPACK_STATES: usize = 2000;

/// A cluster's goals emptied backward by a small best-first search, fewest boxes left
/// first: a step pulls one box to one of the nearest cells it reaches (the others fixed),
/// then every box that can leave to a start cell leaves. Layers as `unpack`'s, each step
/// and each round of leaving one layer; `None` when no way out is found within
/// `UNPACK_STATES` positions.
fn unpack_search(b: &Board, cells: &[u16], is_start: &[bool], deadline: Instant) -> Option<Layers> {
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
type Layers = Vec<Vec<(u16, u16)>>;

/// Whether the box at `c` of `full` (the boxes there) can be pulled out to a start cell,
/// the others in place.
fn leaves(b: &Board, full: &[u64], c: u16, is_start: &[bool]) -> bool {
    let mut obst = full.to_vec();
    clear(&mut obst, c);
    pulls(b, &obst, c, |x| is_start[x as usize])
}

/// How many floor cells a parking is chosen among, nearest first.
const PARK_CANDIDATES: usize = 8;

/// Pulls a lone box from `g` around `obst`, breadth first, and calls `visit` on each cell it
/// reaches (more than once for some); true as soon as `visit` does.
fn pulls(b: &Board, obst: &[u64], g: u16, visit: impl FnMut(u16) -> bool) -> bool {
    pulls_from(b, obst, &[g], visit)
}

/// [`pulls`] from several goals at once.
fn pulls_from(b: &Board, obst: &[u64], goals: &[u16], mut visit: impl FnMut(u16) -> bool) -> bool {
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

#[cfg(test)]
mod tests {
    use super::super::tests::random_room;
    use super::*;

    /// A level's board, its boxes and its player's cell (`None`: not a level).
    fn room(text: &str) -> Option<(Board, Vec<u64>, u16)> {
        let rows: Vec<&str> = text.lines().collect();
        let maze = crate::sokoban::xsb::parse_board(&rows, 1).ok()?;
        let b = Board::new(&maze.level);
        let mut bits = vec![0u64; b.words];
        for &p in &maze.start.boxes {
            set(&mut bits, b.cell(p));
        }
        let player = b.cell(maze.start.player);
        Some((b, bits, player))
    }

    /// The random rooms (`random_room`) of `count` draws from `seed` that are levels: each
    /// one's text, board, boxes and player's cell.
    fn random_levels(mut seed: u64, count: usize) -> impl Iterator<Item = (String, Board, Vec<u64>, u16)> {
        (0..count).filter_map(move |_| {
            let text = random_room(&mut seed);
            room(&text).map(|(b, bits, player)| (text, b, bits, player))
        })
    }

    fn board_of(text: &str) -> (Board, Vec<u64>, u16) {
        room(text).expect("a level")
    }

    /// The start's macro moves (made afresh: an endgame table may have judged the start
    /// already, leaving its node none).
    fn root_moves(f: &mut Fess, b: &Board, w: &mut Work, bits: &[u64], player: u16) -> Vec<Macro> {
        w.reach(b, bits, player);
        let mut moves = Vec::new();
        f.macros(b, w, bits, None, &mut moves);
        moves
    }

    /// The cells the player can walk on after `m`, by a flood fill of the test's own.
    fn area_after(b: &Board, bits: &[u64], m: &Macro) -> usize {
        flood(b, &after_move(bits, m), m.player).iter().filter(|&&x| x).count()
    }

    /// The boxes after `m`.
    fn after_move(bits: &[u64], m: &Macro) -> Vec<u64> {
        let mut child = bits.to_vec();
        clear(&mut child, m.from);
        set(&mut child, m.to);
        child
    }

    /// Boxes packed after each move, by the plan.
    fn packed_after(f: &mut Fess, bits: &[u64], moves: &[Macro]) -> Vec<u16> {
        moves.iter().map(|m| f.prep.plan.packed(&after_move(bits, m), &mut f.filled)).collect()
    }

    /// The search at a level's start, with the start's moves (`root_moves`), the boxes packed
    /// now and after each move, the regions now and the plan's first open ranks.
    struct Root {
        w: Work,
        f: Fess,
        moves: Vec<Macro>,
        now: u16,
        packed: Vec<u16>,
        regions: u16,
        open: Vec<Option<usize>>,
    }

    fn root(b: &Board, bits: &[u64], player: u16) -> Root {
        let mut w = Work::new(b.pos.len());
        let mut f = festival(b, &mut w, bits, player);
        let moves = root_moves(&mut f, b, &mut w, bits, player);
        let packed = packed_after(&mut f, bits, &moves);
        let now = f.prep.plan.packed(bits, &mut f.filled);
        let open = f.prep.plan.first_open(&f.filled);
        let regions = f.regions(b, bits);
        Root { w, f, moves, now, packed, regions, open }
    }

    /// An advisor's pick against its rule, over `n` moves: none when no move fits, else one
    /// that fits with the least key of those that do. `tally` counts (picked, none).
    fn check_pick<K: Ord>(
        pick: Option<usize>,
        n: usize,
        fits: impl Fn(usize) -> bool,
        key: impl Fn(usize) -> K,
        text: &str,
        tally: &mut (usize, usize),
    ) {
        match pick {
            None => {
                assert!(!(0..n).any(&fits), "{text}");
                tally.1 += 1;
            }
            Some(i) => {
                assert!(fits(i), "{text}");
                assert!((0..n).filter(|&j| fits(j)).all(|j| key(i) <= key(j)), "{text}");
                tally.0 += 1;
            }
        }
    }

    /// Festival's search of a level from `bits`.
    fn festival(b: &Board, w: &mut Work, bits: &[u64], player: u16) -> Fess {
        let prep = Rc::new(Prepared::new(b, bits, far()));
        Fess::new(b, w, prep, bits, player, far(), FESTIVAL)
    }

    fn far() -> Instant {
        Instant::now() + std::time::Duration::from_secs(3600)
    }

    /// Cells reachable from `from` avoiding `walls`.
    fn flood(b: &Board, walls: &[u64], from: u16) -> Vec<bool> {
        let mut seen = vec![false; b.pos.len()];
        let mut stack = vec![from];
        seen[from as usize] = true;
        while let Some(x) = stack.pop() {
            for &y in &b.next[x as usize] {
                if y != NONE && !seen[y as usize] && !has(walls, y) {
                    seen[y as usize] = true;
                    stack.push(y);
                }
            }
        }
        seen
    }

    #[test]
    fn the_articulation_labels_tell_which_neighbours_a_box_keeps_apart() {
        let mut checked = 0;
        let mut apart = 0;
        for (text, b, mut others, _) in random_levels(5, 400) {
            let boxes: Vec<u16> = cells(&others).collect();
            let mut dfs = Dfs::new(b.pos.len());
            for &bx in &boxes {
                clear(&mut others, bx);
                dfs.run(&b, &others, bx);
                let reach = flood(&b, &others, bx);
                for c in (0..b.pos.len() as u16).filter(|&c| reach[c as usize]) {
                    let mut walls = others.clone();
                    set(&mut walls, c);
                    let free: Vec<usize> = (0..4)
                        .filter(|&k| b.next[c as usize][k] != NONE && !has(&others, b.next[c as usize][k]))
                        .collect();
                    for &k in &free {
                        let joined = flood(&b, &walls, b.next[c as usize][k]);
                        for &k2 in &free {
                            let same = dfs.label(&b, c, k) == dfs.label(&b, c, k2);
                            assert_eq!(same, joined[b.next[c as usize][k2] as usize], "{text} box {bx} at {c}");
                            checked += 1;
                            apart += usize::from(!same);
                        }
                    }
                }
                set(&mut others, bx);
            }
        }
        assert!(checked > 10_000 && apart > 500, "{checked} {apart}");
    }

    #[test]
    fn each_macro_move_counts_the_regions_it_leaves() {
        let mut checked = 0;
        for (text, b, bits, player) in random_levels(9, 600) {
            let mut w = Work::new(b.pos.len());
            let mut f = festival(&b, &mut w, &bits, player);
            for m in root_moves(&mut f, &b, &mut w, &bits, player) {
                let child = after_move(&bits, &m);
                assert_eq!(m.regions, f.regions(&b, &child), "{text}");
                // And the player is left next to the box.
                assert!(b.next[m.to as usize].contains(&m.player) && !has(&child, m.player));
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn the_explorer_opens_the_room_not_the_pocket() {
        // The player is shut in one cell, with a pocket goal above and the room to the right.
        // Pushing the box up joins regions too but leaves the player 2 cells; pushing the
        // other box right, two cells or more, opens the room: 13 cells.
        let (b, bits, player) = board_of("########\n#.#    #\n#$#    #\n#@$   .#\n########");
        let Root { mut w, moves, packed, regions, .. } = root(&b, &bits, player);
        assert_eq!(regions, 3);
        let i = explorer(&b, &mut w, &bits, regions, &moves, &packed).expect("a move joins regions");
        let right = b.cell(crate::grid::Pos::new(3, 2));
        assert_eq!(moves[i].from, right);
        assert_eq!(area_after(&b, &bits, &moves[i]), 13);
    }

    #[test]
    fn the_explorers_pick_leaves_the_player_the_most_floor() {
        let (mut picked, mut none) = (0, 0);
        for (text, b, bits, player) in random_levels(21, 600) {
            let Root { mut w, moves, packed, regions, .. } = root(&b, &bits, player);
            let area = |m: &Macro| area_after(&b, &bits, m);
            let joining: Vec<&Macro> = moves.iter().filter(|m| m.regions < regions).collect();
            match explorer(&b, &mut w, &bits, regions, &moves, &packed) {
                None => {
                    assert!(joining.is_empty(), "{text}");
                    none += 1;
                }
                Some(i) => {
                    assert!(moves[i].regions < regions, "{text}");
                    let most = joining.iter().map(|m| area(m)).max().expect("a joining move");
                    assert_eq!(area(&moves[i]), most, "{text}");
                    picked += 1;
                }
            }
        }
        assert!(picked > 50 && none > 50, "{picked} {none}");
    }

    #[test]
    fn the_moves_no_advisor_picks_open_the_floor_first() {
        let mut told_apart = 0;
        for (text, b, bits, player) in random_levels(33, 3000) {
            let mut w = Work::new(b.pos.len());
            let mut f = festival(&b, &mut w, &bits, player);
            let moves = f.nodes[0].moves.clone();
            let packed = packed_after(&mut f, &bits, &moves);
            // The regions after each move, counted afresh on the position it leaves.
            let regions: Vec<u16> = moves.iter().map(|m| f.regions(&b, &after_move(&bits, m))).collect();
            let key = |i: usize| (moves[i].weight, regions[i], Reverse(packed[i]));
            for i in 1..moves.len() {
                assert!(key(i - 1) <= key(i), "{text}: move {i}");
                if moves[i].weight == 1 && moves[i - 1].weight == 1 && regions[i - 1] < regions[i] {
                    told_apart += 1;
                }
            }
        }
        assert!(told_apart > 40, "{told_apart}");
    }

    #[test]
    fn the_eager_mode_weighs_every_packing_move_and_the_openers_pick_at_0() {
        // Both modes from one set of tables; at the start they make the same moves. Festival's
        // weighs the move packing the most (then leaving the fewest regions) at 0; the eager
        // mode every move that packs, and the opener's pick even where some move packs.
        let (mut packing, mut opened) = (0, 0);
        for (text, b, bits, player) in random_levels(71, 3000) {
            let mut w = Work::new(b.pos.len());
            let prep = Rc::new(Prepared::new(&b, &bits, far()));
            let festival = Fess::new(&b, &mut w, prep.clone(), &bits, player, far(), FESTIVAL);
            let mut eager = Fess::new(&b, &mut w, prep, &bits, player, far(), EAGER);
            let (fm, em) = (&festival.nodes[0].moves, eager.nodes[0].moves.clone());
            if fm.is_empty() {
                assert!(em.is_empty(), "{text}");
                continue;
            }
            let key = |m: &Macro| (m.from, m.to, m.player);
            let mut fk: Vec<_> = fm.iter().map(key).collect();
            let mut ek: Vec<_> = em.iter().map(key).collect();
            fk.sort_unstable();
            ek.sort_unstable();
            assert_eq!(fk, ek, "{text}");
            let now = eager.prep.plan.packed(&bits, &mut eager.filled);
            let packed = packed_after(&mut eager, &bits, &em);
            let packs: Vec<usize> = (0..em.len()).filter(|&i| packed[i] > now).collect();
            for &i in &packs {
                assert_eq!(em[i].weight, 0, "{text}: an eager packing move weighs 1");
            }
            if let Some(&top) = packs.iter().max_by_key(|&&i| (packed[i], Reverse(em[i].regions))) {
                packing += 1;
                let best = (packed[top], Reverse(em[top].regions));
                let at = fm.iter().position(|m| {
                    let j = em.iter().position(|e| key(e) == key(m)).expect("the same move");
                    packed[j] > now && (packed[j], Reverse(m.regions)) == best
                });
                assert_eq!(fm[at.expect("a best packing move")].weight, 0, "{text}");
                let open = eager.prep.plan.first_open(&eager.filled);
                let next = eager.next_cells(&bits, &open);
                let regions = eager.regions(&b, &bits);
                if let Some(i) = opener(&next, &eager.prep.near, now, regions, &em, &packed) {
                    assert_eq!(em[i].weight, 0, "{text}: the eager opener's pick weighs 1");
                    opened += usize::from(packed[i] == now);
                }
            }
        }
        assert!(packing > 100 && opened > 20, "{packing} {opened}");
    }

    #[test]
    fn the_opener_takes_the_box_from_the_mouth_of_the_next_goal() {
        // The goals fill a one-cell corridor, the top one first. The box under it can go
        // only sideways (the box below it holds the cell the player would push it up from),
        // and the box below can go up only once it has. No move packs; the opener moves the
        // upper box, the nearer (2 steps from the top goal, the other 3), a cell aside.
        let (b, bits, player) = board_of("#######\n###.###\n###.###\n#  $  #\n#  $@ #\n#     #\n#######");
        let Root { f, moves, packed, regions, open, .. } = root(&b, &bits, player);
        assert!(packed.iter().all(|&p| p == 0));
        let next = f.next_cells(&bits, &open);
        assert_eq!(
            next.iter().map(|&i| f.prep.plan.cells[i]).collect::<Vec<_>>(),
            vec![b.cell(crate::grid::Pos::new(1, 3))]
        );
        let i = opener(&next, &f.prep.near, 0, regions, &moves, &packed).expect("a box to take away");
        assert_eq!(moves[i].from, b.cell(crate::grid::Pos::new(3, 3)));
        let to = b.pos[moves[i].to as usize];
        assert!(to == crate::grid::Pos::new(3, 2) || to == crate::grid::Pos::new(3, 4), "{to:?}");
    }

    #[test]
    fn the_openers_pick_is_the_nearest_box_taken_farthest() {
        let mut tally = (0, 0);
        for (text, b, bits, player) in random_levels(45, 1500) {
            let Root { f, moves, now, packed, regions, open, .. } = root(&b, &bits, player);
            let next = f.next_cells(&bits, &open);
            for &i in &next {
                assert!(!has(&bits, f.prep.plan.cells[i]), "{text}: a next cell holds a box");
            }
            // Walking distances from the next cells, by the test's own breadth-first search.
            let mut dist = vec![INF; b.pos.len()];
            let mut queue: std::collections::VecDeque<u16> = next.iter().map(|&i| f.prep.plan.cells[i]).collect();
            for &c in &queue {
                dist[c as usize] = 0;
            }
            while let Some(c) = queue.pop_front() {
                for &x in &b.next[c as usize] {
                    if x != NONE && dist[x as usize] == INF {
                        dist[x as usize] = dist[c as usize] + 1;
                        queue.push_back(x);
                    }
                }
            }
            let fits = |i: usize| {
                let m = &moves[i];
                packed[i] >= now
                    && m.regions <= regions
                    && dist[m.from as usize] != INF
                    && dist[m.to as usize] >= dist[m.from as usize]
            };
            let key = |i: usize| (dist[moves[i].from as usize], Reverse(dist[moves[i].to as usize]));
            let pick = opener(&next, &f.prep.near, now, regions, &moves, &packed);
            check_pick(pick, moves.len(), fits, key, &text, &mut tally);
        }
        assert!(tally.0 > 100 && tally.1 > 20, "{tally:?}");
    }

    /// The cells a lone box at `c` can be pushed to, the player starting next to it on any
    /// side: breadth first over (box cell, player cell).
    fn lone_box_cells(b: &Board, c: u16) -> Vec<bool> {
        lone_box_cells_within(b, &vec![0u64; b.words], c)
    }

    /// [`lone_box_cells`] with `walls` in the way.
    fn lone_box_cells_within(b: &Board, walls: &[u64], c: u16) -> Vec<bool> {
        let n = b.pos.len();
        let mut seen = vec![false; n * n];
        let mut out = vec![false; n];
        out[c as usize] = true;
        let mut queue: Vec<(u16, u16)> =
            b.next[c as usize].iter().filter(|&&p| p != NONE && !has(walls, p)).map(|&p| (c, p)).collect();
        for &(bx, pl) in &queue {
            seen[bx as usize * n + pl as usize] = true;
        }
        while let Some((bx, pl)) = queue.pop() {
            out[bx as usize] = true;
            for k in 0..4 {
                let y = b.next[pl as usize][k];
                if y == NONE || has(walls, y) {
                    continue;
                }
                let nb = if y == bx { b.next[bx as usize][k] } else { bx };
                if nb == NONE || has(walls, nb) || seen[nb as usize * n + y as usize] {
                    continue;
                }
                seen[nb as usize * n + y as usize] = true;
                queue.push((nb, y));
            }
        }
        out
    }

    #[test]
    fn a_lone_box_reaches_what_a_search_over_the_players_cell_says() {
        let (mut rooms, mut one_way) = (0, 0);
        for (text, b, _, _) in random_levels(57, 200) {
            let table = lone_reach(&b, far());
            let n = b.pos.len();
            let truth: Vec<Vec<bool>> = (0..n as u16).map(|c| lone_box_cells(&b, c)).collect();
            for (c, row) in truth.iter().enumerate() {
                for (t, &reached) in row.iter().enumerate() {
                    assert_eq!(has(&table[c], t as u16), reached, "{text}: {c} to {t}");
                    one_way += usize::from(reached && !truth[t][c]);
                }
            }
            rooms += 1;
        }
        assert!(rooms > 100 && one_way > 1000, "{rooms} {one_way}");
        // Past the deadline there is no table (and so no move is taken as irreversible).
        let open_room =
            format!("{}\n#@$.{}#\n{}{}", "#".repeat(12), " ".repeat(6), "#          #\n".repeat(8), "#".repeat(12));
        let (b, _, _) = board_of(&open_room);
        assert!(b.pos.len() >= 64);
        assert!(lone_reach(&b, Instant::now()).is_empty());
        assert_eq!(lone_reach(&b, far()).len(), b.pos.len());
    }

    #[test]
    fn festivals_explorer_picks_a_reversible_move_that_reaches_a_new_side_of_a_box() {
        let mut tally = (0, 0);
        for (text, b, bits, player) in random_levels(61, 1500) {
            let Root { mut w, f, moves, now, packed, .. } = root(&b, &bits, player);
            let before = flood(&b, &bits, player);
            let fits = |i: usize| {
                let m = &moves[i];
                if packed[i] < now || !lone_box_cells(&b, m.to)[m.from as usize] {
                    return false;
                }
                let child = after_move(&bits, m);
                let now_reach = flood(&b, &child, m.player);
                cells(&bits).filter(|&c| c != m.from).any(|c| {
                    (0..4).any(|k| {
                        let (x, t) = (b.next[c as usize][k], b.next[c as usize][(k + 2) % 4]);
                        x != NONE
                            && !before[x as usize]
                            && !has(&bits, x)
                            && now_reach[x as usize]
                            && t != NONE
                            && !has(&child, t)
                    })
                })
            };
            let key = |i: usize| (Reverse(packed[i]), moves[i].regions);
            let pick = new_pushes(&b, &mut w, &bits, player, now, &moves, &packed, &f.prep.back);
            check_pick(pick, moves.len(), fits, key, &text, &mut tally);
        }
        assert!(tally.0 > 25 && tally.1 > 100, "{tally:?}");
    }

    #[test]
    fn the_out_of_plan_zone_is_where_a_lone_box_reaches_no_later_goal() {
        let (mut zones, mut in_zone, mut picked) = (0, 0, 0);
        for (text, b, bits, player) in random_levels(73, 600) {
            let Root { mut f, moves, now, packed, regions, open, .. } = root(&b, &bits, player);
            let Some((z, count)) = f.zone(&b, &bits, &open) else { continue };
            let walls = f.zone_of.iter().find(|&(_, &v)| v == z).map(|(k, _)| k.clone()).expect("the zone's walls");
            let later: Vec<u16> = f.prep.plan.cells.iter().copied().filter(|&c| !has(&walls, c)).collect();
            assert!(!later.is_empty(), "{text}");
            let zone = &f.zones[z as usize];
            let n = b.pos.len() as u16;
            for c in 0..n {
                let reaches = !has(&walls, c) && {
                    let cells = lone_box_cells_within(&b, &walls, c);
                    later.iter().any(|&g| cells[g as usize])
                };
                let expect = !has(&walls, c) && !b.dead[c as usize] && !reaches;
                assert_eq!(has(&zone.cells, c), expect, "{text}: cell {c}");
            }
            // Distances from the zone: 0 in it, one more than the nearest neighbour outside.
            for c in 0..n {
                let d = zone.dist[c as usize];
                if has(&zone.cells, c) {
                    assert_eq!(d, 0);
                } else if !has(&walls, c) {
                    let best = b.next[c as usize]
                        .iter()
                        .filter(|&&x| x != NONE && !has(&walls, x))
                        .map(|&x| zone.dist[x as usize])
                        .min()
                        .unwrap_or(INF);
                    assert_eq!(d, if best == INF { INF } else { best + 1 }, "{text}: cell {c}");
                }
            }
            assert_eq!(count as usize, cells(&bits).filter(|&c| has(&zone.cells, c)).count());
            zones += 1;
            in_zone += usize::from(count > 0);
            // The advisor's pick, when there is one, takes its box farther from the zone,
            // and no box lands in it.
            if let Some(i) = out_of_plan(zone, &f.prep.back, now, regions, &moves, &packed) {
                let m = &moves[i];
                assert!(zone.dist[m.to as usize] > zone.dist[m.from as usize] && !has(&zone.cells, m.to));
                assert!(packed[i] == now && m.regions <= regions && lone_box_cells(&b, m.to)[m.from as usize]);
                picked += 1;
            }
        }
        assert!(zones > 100 && in_zone > 20 && picked > 10, "{zones} {in_zone} {picked}");
    }

    /// The fewest pushes that take a lone box from `c` to `g`, the player starting at `p`,
    /// `walls` in the way: breadth first over (box cell, player cell), walks free.
    fn lone_box_pushes(b: &Board, walls: &[u64], c: u16, p: u16, g: u16) -> u16 {
        let n = b.pos.len();
        let open = |x: u16| x != NONE && !has(walls, x);
        let mut best = vec![INF; n * n];
        let mut queue = std::collections::VecDeque::new();
        best[c as usize * n + p as usize] = 0;
        queue.push_back((c, p));
        while let Some((bx, pl)) = queue.pop_front() {
            let d = best[bx as usize * n + pl as usize];
            if bx == g {
                return d;
            }
            for k in 0..4 {
                let y = b.next[pl as usize][k];
                if !open(y) {
                    continue;
                }
                // A walk is free (to the front); a push into the box moves it on.
                let (nb, cost) = if y == bx { (b.next[bx as usize][k], 1) } else { (bx, 0) };
                if !open(nb) {
                    continue;
                }
                let at = nb as usize * n + y as usize;
                if best[at] > d + cost {
                    best[at] = d + cost;
                    if cost == 0 {
                        queue.push_front((nb, y));
                    } else {
                        queue.push_back((nb, y));
                    }
                }
            }
        }
        INF
    }

    #[test]
    fn sided_distances_equal_a_search_over_the_players_exact_cell() {
        let (mut checked, mut tighter) = (0, 0);
        for (text, b, bits, _) in random_levels(21, 300) {
            // Once with no walls, once with the room's boxes as walls (frozen boxes).
            for walls in [vec![0u64; b.words], bits.clone()] {
                let sd = Sided::new(&b, &walls).expect("a small room");
                let free: Vec<u16> = (0..b.pos.len() as u16).filter(|&x| !has(&walls, x)).collect();
                for &c in &free {
                    for &p in free.iter().filter(|&&p| p != c) {
                        for (j, &g) in sd.goals.iter().enumerate() {
                            let exact = lone_box_pushes(&b, &walls, c, p, g);
                            assert_eq!(sd.cost(c, p, j), exact, "{text} box {c} player {p} goal {g}");
                            checked += 1;
                            if walls.iter().all(|&x| x == 0)
                                && exact != b.dist[(0..b.goals.len()).find(|&i| b.goals[i] == g).unwrap()][c as usize]
                            {
                                tighter += 1;
                            }
                        }
                    }
                }
            }
        }
        // The player's side matters often: the plain distances are lower on many of them.
        assert!(checked > 50_000 && tighter > 1000, "{checked} {tighter}");
    }

    #[test]
    fn a_box_in_the_way_of_another_is_a_hotspot() {
        // A corridor to two goals: walled, the front box leaves the back one no goal; the
        // back box takes nothing from the front one.
        let (b, bits, _) = board_of("#########\n#@ $ $ ..#\n#########");
        let table = hotspot_table(&b, far());
        let list: Vec<u16> = cells(&bits).collect();
        let mut scratch = vec![0u64; b.words];
        assert_eq!(hotspots(&table, &bits, &list, &mut scratch), 1);
        let at = |col| b.cell(crate::grid::Pos::new(1, col));
        assert!(has(&table[at(3) as usize], at(5)) && !has(&table[at(5) as usize], at(3)));
        // Side by side in an open room neither is in the other's way.
        let (b, bits, _) = board_of("#######\n#  .  #\n# $$ @#\n#  .  #\n#######");
        let table = hotspot_table(&b, far());
        let list: Vec<u16> = cells(&bits).collect();
        assert_eq!(hotspots(&table, &bits, &list, &mut vec![0u64; b.words]), 0);
        // A box on a goal is never counted (packing is the other advisor's business): here
        // it stands in the other's way.
        let (b, bits, _) = board_of("#######\n#@$ *.#\n#######");
        let table = hotspot_table(&b, far());
        let list: Vec<u16> = cells(&bits).collect();
        assert_eq!(hotspots(&table, &bits, &list, &mut vec![0u64; b.words]), 0);
        // Past the deadline there is no table, and so no hotspot.
        assert!(hotspot_table(&b, Instant::now()).is_empty());
    }

    #[test]
    fn a_dead_end_of_goals_is_packed_from_its_far_end() {
        let text = "#########\n#...    #\n####$$$ #\n   #  @ #\n   ######";
        let (b, bits, _) = board_of(text);
        let starts: Vec<u16> = cells(&bits).collect();
        let plan = packing_plan(&b, &starts, far());
        let goal_at = |col: usize| b.cell(crate::grid::Pos::new(1, col));
        let rank_of = |col: usize| plan.rank[plan.cells.iter().position(|&g| g == goal_at(col)).unwrap()];
        assert_eq!((rank_of(1), rank_of(2), rank_of(3)), (0, 1, 2));
        let mut filled = Vec::new();
        let with = |cols: &[usize]| {
            let mut x = vec![0u64; b.words];
            for &c in cols {
                set(&mut x, goal_at(c));
            }
            x
        };
        assert_eq!(plan.packed(&with(&[1]), &mut filled), 1);
        assert_eq!(plan.packed(&with(&[3]), &mut filled), 0);
        assert_eq!(plan.packed(&with(&[1, 3]), &mut filled), 1);
        assert_eq!(plan.packed(&with(&[1, 2, 3]), &mut filled), 3);
        // Two clusters apart are planned apart: each one's first goal counts.
        let text = "#######\n#.   .#\n# $$  #\n#  @  #\n#######";
        let (b, bits, _) = board_of(text);
        let plan = packing_plan(&b, &cells(&bits).collect::<Vec<_>>(), far());
        assert_eq!(plan.sizes, vec![vec![1], vec![1]]);
    }

    #[test]
    fn a_macro_move_is_replayed_as_its_fewest_pushes() {
        // A box between two pillars: up is one push; down is the player's walk round first.
        let text = "#######\n#    .#\n# #$# #\n#  @  #\n#######";
        let (b, bits, player) = board_of(text);
        let mut w = Work::new(b.pos.len());
        let mut f = festival(&b, &mut w, &bits, player);
        let moves = root_moves(&mut f, &b, &mut w, &bits, player);
        let from = b.cell(crate::grid::Pos::new(2, 3));
        let to = b.cell(crate::grid::Pos::new(1, 3));
        assert!(moves.iter().all(|m| m.from == from));
        let up = moves.iter().find(|m| m.to == to).expect("the push up");
        let pushes = macro_pushes(&b, &mut w, &bits, player, *up);
        assert_eq!(pushes, vec![(from, 1)]);
        // Down is onto the bottom row, where no push reaches the goal again: not a move.
        assert!(moves.iter().all(|m| m.to != b.cell(crate::grid::Pos::new(3, 3))));
        // To the goal: up, then the player walks round to its left for two pushes right.
        let goal = b.cell(crate::grid::Pos::new(1, 5));
        let home = moves.iter().find(|m| m.to == goal).expect("the move onto the goal");
        assert_eq!(home.player, b.cell(crate::grid::Pos::new(1, 4)));
        let row1 = |c| b.cell(crate::grid::Pos::new(1, c));
        assert_eq!(macro_pushes(&b, &mut w, &bits, player, *home), vec![(from, 1), (row1(3), 2), (row1(4), 2)]);
    }

    #[test]
    fn plans_fill_each_goal_once_and_park_a_box_before_its_goal() {
        let (mut parked, mut searched) = (0, 0);
        for (text, b, bits, _) in random_levels(11, 3000) {
            let starts: Vec<u16> = cells(&bits).collect();
            let plan = packing_plan(&b, &starts, far());
            for &g in &b.goals {
                let own = (0..plan.cells.len()).filter(|&i| plan.cells[i] == g && plan.alt[i] == NONE).count();
                assert_eq!(own, 1, "{text}");
            }
            for i in (0..plan.cells.len()).filter(|&i| plan.alt[i] != NONE) {
                parked += 1;
                let g = plan.alt[i];
                let j = (0..plan.cells.len()).find(|&j| plan.cells[j] == g && plan.alt[j] == NONE).unwrap();
                assert_eq!(plan.cluster[i], plan.cluster[j], "{text}");
                assert!(plan.rank[i] < plan.rank[j], "{text}");
            }
            // The solved position fills every entry; no position fills more.
            let mut all = vec![0u64; b.words];
            for &g in &b.goals {
                set(&mut all, g);
            }
            let mut filled = Vec::new();
            assert_eq!(plan.packed(&all, &mut filled) as usize, plan.cells.len(), "{text}");
            assert!(plan.packed(&bits, &mut filled) as usize <= plan.cells.len());
            let mut is_start = vec![false; b.pos.len()];
            for &c in &starts {
                is_start[c as usize] = true;
            }
            if unpack(&b, &b.goals, &is_start, false, far()).is_some_and(|(_, done)| !done)
                && unpack_search(&b, &b.goals, &is_start, far()).is_some()
            {
                searched += 1;
            }
        }
        assert!(parked > 20 && searched > 20, "{parked} parked, {searched} searched");
    }

    #[test]
    fn a_box_frozen_on_a_goal_is_a_wall_to_the_others() {
        // The 2×2 block on goals never moves; the pocket goal above it is pushed into only
        // from the block's top left cell, so the free box can never be packed. The plain
        // assignment bound does not see it.
        let text = "#######\n#.#   #\n#   $ #\n#**   #\n#** @ #\n#######";
        let (b, bits, player) = board_of(text);
        let list: Vec<u16> = cells(&bits).collect();
        assert_ne!(b.bound(&list, &mut Default::default()), INF);
        let mut w = Work::new(b.pos.len());
        let mut f = festival(&b, &mut w, &bits, player);
        let fixed = frozen_on_goals(&b, &bits, &list, &mut Vec::new());
        assert!(!f.assignable(&b, &mut w, fixed, &list, player));
        assert!(matches!(f.step(&b, &mut w), Step::Exhausted));
        // With the block's top right goal empty instead, three boxes are frozen there and the
        // free box is packed beside them.
        let text = "#######\n#.#   #\n#   $ #\n#*.   #\n#** @ #\n#######";
        let (b, bits, player) = board_of(text);
        let mut f = festival(&b, &mut w, &bits, player);
        let solved = loop {
            match f.step(&b, &mut w) {
                Step::Solved(_) => break true,
                Step::Exhausted => break false,
                Step::Went => {}
            }
        };
        assert!(solved);
    }
}
