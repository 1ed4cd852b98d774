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
//!   times; `fess/`, after Shoham's FESS) forward from the start, a portfolio of two modes
//!   that differ in which advisors' picks weigh nothing, how one advisor breaks ties and
//!   whether Festival's parking rule prunes (`fess::Advice`; `fess::PORTFOLIO`: Festival's
//!   choice 60 % of the forward time, an eager one 40 %; each turn goes to the one furthest
//!   behind its share), raced in one thread against a greedy best-first search backward
//!   (pulling boxes out of the goals towards the start; one queue per bound value, first in
//!   first out), the forward side given 85 % of the time (`FORWARD_SHARE`; a twentieth once
//!   it has spent half a second without packing a box, a whole second when its moves are
//!   cheap: see `fess_stalled`). All hold a state as its boxes and the player's region (its
//!   first cell). It ends when a side reaches the other's root or a forward search and the
//!   backward side hold a state in common; a complete search run to exhaustion proves there is no
//!   solution (Festival's mode with its unproven parking rule, run out, is started again
//!   without it). Any solution, soon, then polished by the optimiser (at most 1000 positions
//!   near it: `optimise::polished`): proven push-optimal only when its pushes equal the
//!   start's bound.
//! - [`Mode::Optimal`]: A* forward on (pushes, moves) with the bound for pushes and the
//!   player's exact cell: the first solved state taken from the queue has the fewest pushes
//!   and, among those, the fewest moves (UVa 589's order).
//!
//! A child held already gets no bound; a new one gets it from the parent's assignment by
//! one augmenting path (`Hungarian::reassign`). Both searches stop at a time limit (the
//! clock is read after every expansion), at a number of states held, and at more than
//! [`MAX_BOXES`] boxes, and say which stopped them.

//!
//! The folder, one job a file: `limits` (modes, limits, outcomes), `board` (the level
//! prepared, bit sets), `deadlock` (the pruning rules), `assign` (the assignment bound),
//! `states` (the state table), `work` (scratch: reach, regions), `side` (A* forward and the
//! greedy backward side), `walk` (pushes to moves), `fess/` (the feature-space search),
//! `endgame` and `learn` (tables and learned corral deadlocks). This file holds `search`,
//! which runs them. Nothing here depends on anything but the Sokoban rules, the grid and the
//! standard library.

mod assign;
mod board;
mod deadlock;
mod endgame;
mod fess;
mod freeze;
mod learn;
mod limits;
mod optimise;
mod patterns;
mod side;
mod states;
mod threads;
mod walk;
mod work;

pub use board::Board;
pub use deadlock::Deadlock;
pub use limits::{DEFAULT_STATES, DEFAULT_TIME, Found, Limits, MAX_BOXES, Mode, Outcome, Report};
pub use optimise::{Optimised, SCHEDULE, optimise};
pub use threads::{MAX_THREADS, search_threads};

use super::rules::{Level, Position};
use crate::clock::Instant;
use board::INF;
use board::NONE;
use board::has;
use board::push_distances;
use board::set;
use freeze::freeze_deadlock;
use side::Queue;
use side::Side;
use states::States;
use std::sync::atomic::{AtomicBool, Ordering};
use walk::pulls_as_pushes;
use walk::walk_pushes;
use work::Work;

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

/// Searches a level from a position. `progress` counts expanded states; `cancel` stops it.
pub fn search(
    level: &Level,
    start: &Position,
    mode: Mode,
    limits: Limits,
    cancel: &AtomicBool,
    progress: &crate::meter::Meter,
) -> Report {
    let report = run(level, start, mode, limits, cancel, progress, &fess::PORTFOLIO);
    if mode == Mode::Optimal {
        return report;
    }
    optimise::polished(level, start, report, limits, cancel, progress)
}

/// `search` with the fast mode's forward searches and their shares of the forward time
/// given (`portfolio`, shares summing to 1).
fn run(
    level: &Level,
    start: &Position,
    mode: Mode,
    limits: Limits,
    cancel: &AtomicBool,
    progress: &crate::meter::Meter,
    portfolio: &[(fess::Advice, f64)],
) -> Report {
    let began = Instant::now();
    let cpu0 = crate::clock::thread_cpu();
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
        let prep = std::rc::Rc::new(fess::Prepared::new(&b, &bits, player0, deadline));
        // The portfolio's searches, each made on its first turn (so on its own time, after a
        // look at the clock: the root of a level of hundreds of boxes takes a while).
        let mut fss: Vec<fess::Fess> = Vec::with_capacity(portfolio.len());
        // Each search's forward time so far, and the backward side's.
        let mut tfs = vec![0f64; portfolio.len()];
        let mut tb = 0f64;
        let total = |f: &[fess::Fess], b: &Option<Side>| {
            f.iter().map(|f| f.len()).sum::<usize>() + b.as_ref().map_or(0, |s| s.states.len())
        };
        let expanded = |f: &[fess::Fess], b: &Option<Side>| {
            f.iter().map(|f| f.expanded).sum::<usize>() + b.as_ref().map_or(0, |s| s.expanded)
        };
        // The share of the wall-clock time this thread has had the processor (read every 256
        // turns; 1 where the system does not say): the stall rule below counts the forward
        // side's seconds in processor time, so a machine busy with other work (or the other
        // threads of a portfolio) does not cut the forward side back sooner.
        let mut cpu_share = 1f64;
        let mut turns = 0u32;
        let pushes: Vec<(u16, u8)> = loop {
            turns = turns.wrapping_add(1);
            if turns.is_multiple_of(256)
                && let (Some(c0), Some(c)) = (cpu0, crate::clock::thread_cpu())
            {
                let wall = began.elapsed().as_secs_f64();
                if wall > 0.01 {
                    cpu_share = ((c - c0).as_secs_f64() / wall).clamp(0.05, 1.0);
                }
            }
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
            let share = if fess_stalled(best, expanded(&fss, &None), tf * cpu_share) { 0.05 } else { FORWARD_SHARE };
            let fess_turn = bwd.is_none() || tf * (1.0 - share) <= tb * share;
            if fess_turn {
                // The forward search furthest behind its share.
                let k = (0..tfs.len())
                    .min_by(|&i, &j| (tfs[i] / portfolio[i].1).total_cmp(&(tfs[j] / portfolio[j].1)))
                    .expect("a forward search");
                while k >= fss.len() {
                    let advice = portfolio[fss.len()].0;
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
                    // A search with a rule that could lose every solution proves nothing by
                    // running out: it starts again without the rule, on its own share.
                    fess::Step::Exhausted if fs.advice() != fs.advice().complete() => {
                        let advice = fs.advice().complete();
                        *fs = fess::Fess::new(&b, &mut w, prep.clone(), &bits, player0, deadline, advice);
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

#[cfg(test)]
mod tests;
#[cfg(test)]
mod trace;
