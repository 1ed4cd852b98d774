//! A feature-space search over macro moves, after Shoham's FESS (Festival).
//!
//! A *macro move* takes one box anywhere it can be pushed, any number of pushes, while the
//! other boxes stay put and the player walks freely; the tree's depth is then box moves,
//! not pushes. Each position is projected onto a small *feature space*: (boxes packed in the
//! packing order, regions the boxes cut the floor into, boxes *out of plan*: standing where,
//! once the next goals of the plan are filled, they can reach none of the goals after them;
//! `Zone`), ranked as Festival ranks them (`Score`), and a position goes to the cell of the
//! best features on its path from the start, not of its own (Festival's engine): a
//! preparation move that unpacks a box or cuts the floor stays with the good position it
//! came from. The search visits the occupied feature cells in turn, round and round (a new
//! cell first, and every other step the cell of the best features yet), and in each expands
//! one move: the one of least accumulated weight among that cell's positions (`Open`). A
//! move weighs 1, except the moves the advisors pick at each position, which weigh 0: the
//! move that packs the most boxes (then leaves the fewest regions; Festival's packing
//! advisor), the one that joins the most floor regions, and, where no move packs, the one
//! that leaves the fewest *hotspots* (boxes standing where a wall would take goals away
//! from another box; `hotspot_table`), when that is fewer than before, and the *opener's*
//! pick (after
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
//! while it, or the goal its box moves on to, holds a box. That order is the eager mode's;
//! Festival's mode follows one planned by a backward search (`bases`, after Festival's base
//! search) where it finds one: boxes pulled off the goals leave the level by the cells where
//! boxes start, and its path read forward is one sequence of box moves, some to a cell where
//! a box waits before going on to its goal (`Linear`).
//!
//! What it prunes is pruned soundly, by the push search's rules (dead squares, freezes, the
//! assignment, corral deadlocks, those found by searching a PI-corral's boxes alone and the
//! patterns they leave: `learn`; and Festival's small dead shapes, each proven dead in its
//! tests: `patterns`), and each position (boxes, the player's region) is held
//! once, so the search is complete: when every move is expanded there is no solution. Its
//! assignment takes the boxes frozen on goals as walls, which catches a last goal sealed off
//! by the packed ones, and its distances know which side of each box the player is on
//! (`Sided`), which catches a box that can reach its goal only from a side the player can
//! never get to. A position with at most `ENDGAME_BOXES` boxes not frozen on goals is
//! judged exactly by its endgame table (`endgame`): dead, or solved then and there.
//!
//! The folder, one job a file: this file (the search's state, its steps and paths; what the
//! portfolio's searches share), `plan` (the packing orders), `bases` (the backward search's
//! order), `open` (a new node: features and
//! advisors), `macros` (macro moves), `advisors`, `sided`, `hotspots`, `dfs`; tests apart.

mod advisors;
mod bases;
mod dfs;
mod hotspots;
mod macros;
mod open;
mod parking;
mod plan;
mod sided;

use super::assign::assignable_with;
use super::board::{Board, INF, NONE, bits_hash, cells, clear, goal_distances, has, next_stamp, set};
use super::endgame::Endgames;
use super::learn::Learned;
use super::patterns::{Patterns, Pocket};
use super::states::{EMPTY, States};
use super::work::Work;
use crate::clock::Instant;
use advisors::lone_reach;
use dfs::Dfs;
use hotspots::hotspot_table;
use macros::macro_pushes;
use macros::walk_distances;
use plan::Plan;
use plan::packing_plan;
use sided::Sided;
use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};
use std::rc::Rc;

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
    /// The boxes packed after it.
    packed: u16,
    /// The cells the player can walk on after it (its region's size).
    area: u16,
}

/// An open list's entry: a node's next move's accumulated weight, then (among equals) the
/// features that move leads to, best first (most packed, fewest regions: Festival's
/// order), then first in; and the node.
type Open = Reverse<(u32, Reverse<u16>, u16, u32, u32)>;

impl Macro {
    fn entry(&self, base: u32, order: u32, s: u32) -> Open {
        Reverse((base + self.weight as u32, Reverse(self.packed), self.regions, order, s))
    }
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
    /// The best features on the path from the root to it, itself included (`Score`).
    best: Score,
}

/// A position's features as Festival ranks them, larger is better: the most boxes packed,
/// then the fewest floor regions, then the fewest boxes out of plan.
type Score = (u16, Reverse<u16>, Reverse<u16>);

/// What one step of the search did.
pub(super) enum Step {
    /// Expanded one move (any new position is in `new`).
    Went,
    /// Reached the solved position: its number.
    Solved(u32),
    /// Every move has been expanded: no solution.
    Exhausted,
}

/// The search's state between steps.
pub(super) struct Fess {
    pub(super) states: States,
    nodes: Vec<Node>,
    /// The feature cells: each an open list (`Open`), lightest first.
    cells: Vec<BinaryHeap<Open>>,
    /// Each cell's number by its features.
    cell_of: HashMap<Score, u32>,
    turn: usize,
    order: u32,
    /// Steps made, and the cell of the best features of any node yet (once that cell has no
    /// move left, the best cell that has): every other step expands that cell's lightest
    /// move (Festival's engine).
    steps: u64,
    top: Option<usize>,
    /// Each cell's features.
    cell_score: Vec<Score>,
    /// A cell made since the last step, taken next.
    fresh: Option<usize>,
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
    /// Scratch: each cell's `Dfs::sides` in the macro search (its neighbours' sides, each
    /// side's cells), and the stamp they were made for.
    labs: Vec<[u8; 4]>,
    areas: Vec<[u16; 6]>,
    lab_stamp: Vec<u32>,
    pub(super) expanded: usize,
    deadline: Instant,
    /// The most boxes packed in any position yet.
    pub(super) best: u16,
    /// The position the last step made, if new.
    pub(super) new: Option<u32>,
    seen: Vec<u16>,
    /// Scratch for the patterns' pockets.
    pocket: Pocket,
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
    /// Per cell, whether a box parked there is left out (`Advice::parking`: the corridors
    /// and the rule's shapes, less the plan's cells); empty when the advice does not say so.
    parked: Vec<bool>,
    /// `Work::floods` after `step` flooded the region of the position it hands to `open`.
    flooded: Option<u64>,
}

/// What a level's searches share, made once: the packing plan and the advisors' tables.
pub(super) struct Prepared {
    /// The packing order by goal clusters (`packing_plan`).
    plan: Plan,
    /// The backward search's order (`bases`) and its `near` table, when it found one.
    base: Option<(Plan, Vec<Vec<u16>>)>,
    /// The sided distances with no box frozen (`None`: the level is too large for them).
    sided0: Option<Sided>,
    /// See `hotspot_table` (empty: none).
    hot: Vec<Vec<u64>>,
    /// Per plan cell, each cell's walking distance from it (walls only; `INF`: apart): the
    /// opener's measure of how near a box stands to the next cells to fill.
    near: Vec<Vec<u16>>,
    /// Per cell, the cells a lone box can be pushed to from it (empty: not made).
    back: Vec<Vec<u64>>,
    /// The small deadlock patterns placed on the level (see `patterns`).
    patterns: Patterns,
    /// Per cell, a lone box's fewest pushes from it to the nearest goal (`INF`: none): the
    /// last tie-break of Festival's explorer in Festival's mode (`farther`, `Advice::farthest`).
    to_goal: Vec<u16>,
    /// Per cell, whether it lies inside a straight corridor (`parking::corridors`).
    corridor: Vec<bool>,
}

impl Prepared {
    /// The packing order a search with `advice` follows, and its `near` table.
    fn plan_of(&self, advice: Advice) -> (&Plan, &[Vec<u16>]) {
        match &self.base {
            Some((plan, near)) if advice.base_plan => (plan, near),
            _ => (&self.plan, &self.near),
        }
    }

    /// The tables for the level with boxes at `start`; none is made on past `deadline` by
    /// more than one box's pulls.
    pub(super) fn new(b: &Board, start: &[u64], player: u16, deadline: Instant) -> Prepared {
        let starts: Vec<u16> = cells(start).collect();
        let plan = packing_plan(b, &starts, deadline);
        let no_walls = vec![0u64; b.words];
        let near_of = |plan: &Plan| plan.cells.iter().map(|&c| walk_distances(b, &[c], &no_walls)).collect();
        let near = near_of(&plan);
        // The backward search's order, on a tenth of the time left.
        let now = Instant::now();
        let base = bases::base_plan(b, &starts, player, now + deadline.saturating_duration_since(now) / 10).map(|p| {
            let near = near_of(&p);
            (p, near)
        });
        Prepared {
            plan,
            base,
            sided0: Sided::new(b, &no_walls),
            hot: hotspot_table(b, deadline),
            near,
            back: lone_reach(b, deadline),
            patterns: Patterns::new(b),
            to_goal: (0..b.pos.len()).map(|c| b.dist.iter().map(|d| d[c]).min().unwrap_or(INF)).collect(),
            corridor: parking::corridors(b),
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
    /// It follows the backward search's packing order where there is one (`bases`), else
    /// the goal clusters' (`packing_plan`).
    pub(super) base_plan: bool,
    /// Festival's explorer (`new_pushes`) breaks its ties as Festival's does, by the box
    /// taken farthest from the goals (`farther`); else it takes the first made.
    pub(super) farthest: bool,
    /// Its macro moves leave out a box parked where Festival's rule says it could just as
    /// well not be (`parking::wasteful`). Not sound: such a search's exhaustion proves
    /// nothing, and the caller starts it again without the rule (`Advice::complete`).
    /// Measured, Festival's mode with it takes XSokoban #39 and is faster on the rest; the
    /// eager mode with it is slower (docs/sokoban-solver.md), so only Festival's has it.
    pub(super) parking: bool,
}

impl Advice {
    /// The same search with no rule that could lose every solution: its exhaustion proves
    /// there is none.
    pub(super) fn complete(self) -> Advice {
        Advice { parking: false, ..self }
    }
}

/// Festival's choice of advisors, and its rule against wasteful parking.
pub(super) const FESTIVAL: Advice =
    Advice { every_pack: false, opener_everywhere: false, base_plan: true, farthest: true, parking: true };

/// The eager mode: every packing move, and the opener everywhere. It packs sooner and clears
/// the mouth of the next goals even while something else could pack; Festival's choice
/// packs more carefully.
pub(super) const EAGER: Advice =
    Advice { every_pack: true, opener_everywhere: true, base_plan: false, farthest: false, parking: false };

/// The forward searches the fast mode runs in turn in one thread, each with its share of
/// the forward time (the shares sum to 1). The eager mode is complete, so its exhaustion
/// proves there is no solution; Festival's mode, run out, is started again without its
/// parking rule (`Advice::complete`), and then its exhaustion proves it too.
pub(super) const PORTFOLIO: [(Advice, f64); 2] = [(FESTIVAL, 0.6), (EAGER, 0.4)];

/// The forward searches of a portfolio on several threads (`search_threads`), one list a
/// thread: the first thread runs `PORTFOLIO` as one thread does (given a core and the states
/// it needs, it finds what one thread finds), the second each mode with the other's packing order, then
/// each mode alone with all its thread's forward time.
pub(super) const THREADED: [&[(Advice, f64)]; 4] = [
    &PORTFOLIO,
    &[(Advice { base_plan: false, ..FESTIVAL }, 0.5), (Advice { base_plan: true, ..EAGER }, 0.5)],
    &[(FESTIVAL, 1.0)],
    &[(EAGER, 1.0)],
];

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
            steps: 0,
            top: None,
            cell_score: Vec::new(),
            fresh: None,
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
            labs: vec![[4; 4]; n],
            areas: vec![[0; 6]; n],
            lab_stamp: vec![0; n],
            expanded: 0,
            best: 0,
            new: None,
            seen: Vec::new(),
            pocket: Pocket::default(),
            walled: HashMap::new(),
            sided: HashMap::new(),
            cols: Vec::new(),
            zones: Vec::new(),
            zone_of: HashMap::new(),
            endgames: Endgames::default(),
            finish: None,
            learned: Learned::new(n),
            advice,
            parked: Vec::new(),
            flooded: None,
        };
        if advice.parking {
            // Never a cell of the plan the search follows (Festival's `used_in_plan`).
            let mut parked = vec![true; n];
            for &c in &f.prep.plan_of(advice).0.cells {
                parked[c as usize] = false;
            }
            f.parked = parked;
        }
        let key = w.region_min(b, start, player);
        let hash = bits_hash(b, start) ^ b.player_key[key as usize];
        let s = f.states.insert(start, key, hash, EMPTY, (NONE, 0), (0, 0));
        f.open(b, w, s, 0, Macro { from: NONE, to: NONE, player, weight: 0, regions: 0, packed: 0, area: 0 }, None);
        f
    }

    /// The choice of advisors this search was made with.
    pub(super) fn advice(&self) -> Advice {
        self.advice
    }

    /// The regions the boxes cut the floor into; each free cell's region (from 1) is left in
    /// `rid`.
    fn regions(&mut self, b: &Board, bits: &[u64]) -> u16 {
        let st = next_stamp(&mut self.region_stamp, &mut self.region);
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
            self.steps += 1;
            // Festival's best position replaced when it has nothing left: the best cell
            // that still has moves.
            let best_turn = self.steps.is_multiple_of(2);
            if best_turn && self.top.is_some_and(|c| self.cells[c].is_empty()) {
                self.top =
                    (0..self.cells.len()).filter(|&c| !self.cells[c].is_empty()).max_by_key(|&c| self.cell_score[c]);
            }
            let cell = match (self.fresh.take(), self.top) {
                (Some(c), _) => c,
                (None, Some(c)) if best_turn && !self.cells[c].is_empty() => c,
                _ => {
                    self.turn = (self.turn + 1) % self.cells.len();
                    self.turn
                }
            };
            let Some(Reverse((_, _, _, _, s))) = self.cells[cell].pop() else { continue };
            let node = &mut self.nodes[s as usize];
            let m = node.moves[node.next as usize];
            node.next += 1;
            if (node.next as usize) < node.moves.len() {
                let e = node.moves[node.next as usize].entry(node.weight, self.order, s);
                self.cells[cell].push(e);
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
        // The player's region, which `open` wants too.
        let key = w.flood(b, &child, m.player);
        let hash = bits_hash(b, &child) ^ b.player_key[key as usize];
        if self.states.find(&child, key, hash).is_some() {
            return Step::Went;
        }
        self.flooded = Some(w.floods);
        let c = self.states.insert(&child, key, hash, s, (NONE, 0), (0, 0));
        self.new = Some(c);
        if cells(&child).all(|x| b.goal[x as usize]) {
            let best = self.nodes[s as usize].best;
            self.nodes.push(Node { weight: 0, moves: Vec::new(), next: 0, made: m, best });
            return Step::Solved(c);
        }
        let weight = self.nodes[s as usize].weight + m.weight as u32;
        let best = self.nodes[s as usize].best;
        self.open(b, w, c, weight, m, Some(best));
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

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_bases;
#[cfg(test)]
mod tests_parking;
