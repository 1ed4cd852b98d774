//! A* under the admissible bound (`Exact`): an object that runs until a deadline or a state
//! limit and resumes where it stopped, optionally looking only below an upper bound; `search`
//! runs it once.

use super::bits::Compiled;
use super::bound::{DEAD, LowerBound};
use super::limits::{LimitKind, Limits, Outcome, Report, SolveError, stop_reason};
use super::store::{Buckets, Found, Meta, Store, reconstruct};
use super::verify;
use crate::clock::Instant;
use crate::vexed::rules::{Board, Move, Side};

/// A* (exact): best-first search on f = g + h, in one call.
///
/// With `upper`, only solutions shorter than `upper` are sought: children with
/// g + h >= upper are not stored, and an exhausted search returns [`Outcome::Unsolvable`]
/// with `bound == upper`, meaning "no solution has fewer than `upper` moves".
pub(super) fn search(
    board: &Board,
    limits: Limits,
    upper: Option<u32>,
    observe: &mut dyn FnMut(usize) -> bool,
) -> Result<Report, SolveError> {
    let start_time = Instant::now();
    let mut exact = Exact::new(board)?;
    let deadline = limits.time.map(|t| start_time + t);
    let outcome = match exact.run(deadline, limits.max_states, upper, observe) {
        Run::Solved(moves) => Outcome::Solved { moves, proven: true },
        Run::Exhausted => Outcome::Unsolvable,
        Run::Limit(kind) => Outcome::LimitReached(kind),
    };
    let bound = match &outcome {
        Outcome::Unsolvable => upper.unwrap_or(0),
        _ => exact.bound(),
    };
    Ok(Report { outcome, bound, expanded: exact.expanded, stored: exact.store.len(), elapsed: start_time.elapsed() })
}

/// What one [`Exact::run`] established.
pub(super) enum Run {
    /// An optimal solution (shorter than the `upper` given, if any), replayed.
    Solved(Vec<Move>),
    /// Nothing shorter than `upper` exists (or, without `upper`, no solution at all).
    Exhausted,
    /// Stopped by a limit; [`Exact::bound`] says how far it got. It may be run again.
    Limit(LimitKind),
}

/// The exact search as an object that can stop at a limit and be resumed later, perhaps
/// with a lower `upper` (a solution found meanwhile by a beam): its work is kept, not redone.
/// `upper` must never rise from one run to the next (positions at or above it were dropped).
pub(super) struct Exact {
    pub(super) board: Board,
    pub(super) c: Compiled,
    pub(super) lb: LowerBound,
    pub(super) store: Store,
    pub(super) open: Buckets,
    pub(super) expanded: usize,
    /// The f of the position being expanded when the last run stopped (it left the queue).
    pub(super) current: u32,
    /// Set once the start position is known solved or dead.
    pub(super) trivial: Option<Run>,
    /// Expansions between calls of `observe` and clock checks.
    pub(super) check_every: usize,
}

impl Exact {
    pub(super) fn new(board: &Board) -> Result<Exact, SolveError> {
        let board = board.settle().0;
        let (c, start) = Compiled::new(&board)?;
        let mut lb = LowerBound::default();
        let h0 = lb.estimate(&c, &start);
        let mut store = Store::new(c.key_stride());
        let mut open = Buckets::default();
        let trivial = if start.iter().all(|&k| k == 0) {
            Some(Run::Solved(vec![]))
        } else if h0 == DEAD {
            Some(Run::Exhausted)
        } else {
            let mut words = vec![0u64; c.key_stride()];
            c.key_to_words(&c.pack(&start), &mut words);
            store.find_or_add(&words, Meta { parent: u32::MAX, cell: 0, side: Side::Left, g: 0 });
            open.push(h0, 0, 0);
            None
        };
        Ok(Exact { board, c, lb, store, open, expanded: 0, current: h0, trivial, check_every: 4096 })
    }

    /// A proven lower bound on the optimum: the smallest f still open (an optimal path always
    /// has a position queued with its true cost), or the one being expanded when it stopped.
    pub(super) fn bound(&mut self) -> u32 {
        if self.trivial.is_some() {
            return 0;
        }
        self.open.peek_f().map_or(self.current, |f| f.min(self.current))
    }

    /// Runs until a solution shorter than `upper`, exhaustion, or a limit. `observe(expanded)`
    /// is called every 4096 expansions; returning `false` cancels.
    pub(super) fn run(
        &mut self,
        deadline: Option<Instant>,
        max_states: Option<usize>,
        upper: Option<u32>,
        observe: &mut dyn FnMut(usize) -> bool,
    ) -> Run {
        match &self.trivial {
            Some(Run::Solved(m)) => return Run::Solved(m.clone()),
            Some(_) => return Run::Exhausted,
            None => {}
        }
        if let Some(max) = max_states {
            self.store.reserve(max);
        }
        let c = &self.c;
        let mut words = vec![0u64; c.key_stride()];
        let mut moves = Vec::new();
        let (mut m, mut n, mut parts) = (Vec::new(), Vec::new(), Vec::new());
        while let Some(f) = self.open.peek_f() {
            if upper.is_some_and(|u| f >= u) {
                // Everything still queued is at least `upper` long (a bound lowered since).
                return Run::Exhausted;
            }
            let (f, g, idx) = self.open.pop().expect("peeked");
            self.current = f;
            if self.store.meta[idx as usize].g < g {
                continue; // reached again more cheaply since this entry was queued
            }
            c.unpack_into(&c.words_to_key(self.store.key(idx)), &mut m);
            if self.lb.parts(c, &m, &mut parts).is_none() {
                continue; // cannot happen for a stored position (dead children are not stored)
            }
            if m.iter().all(|&k| k == 0) {
                let path = reconstruct(c, &self.store.meta, idx);
                // Put it back: a resumed run finds the same answer.
                self.open.push(f, g, idx);
                return Run::Solved(verify(&self.board, &path));
            }
            self.expanded += 1;
            if self.expanded.is_multiple_of(self.check_every)
                && let Some(kind) = stop_reason(observe(self.expanded), deadline)
            {
                self.expanded -= 1;
                self.open.push(f, g, idx);
                return Run::Limit(kind);
            }
            if max_states.is_some_and(|max| self.store.len() >= max) {
                self.expanded -= 1;
                self.open.push(f, g, idx);
                return Run::Limit(LimitKind::States);
            }
            c.moves(&m, &mut moves);
            for &(cell, side) in &moves {
                c.apply_into(&m, cell, side, &mut n);
                let h = self.lb.estimate_from(c, &m, &parts, &n);
                let ng = g + 1;
                if h == DEAD || upper.is_some_and(|u| ng as u32 + h >= u) {
                    continue;
                }
                c.key_to_words(&c.pack(&n), &mut words);
                let meta = Meta { parent: idx, cell, side, g: ng };
                let id = match self.store.find_or_add(&words, meta) {
                    Found::New(id) => id,
                    Found::Old(id) if self.store.meta[id as usize].g > ng => {
                        self.store.meta[id as usize] = meta;
                        id
                    }
                    Found::Old(_) => continue,
                };
                self.open.push(ng as u32 + h, ng, id);
            }
        }
        Run::Exhausted
    }
}

/// Beam search (not optimal; finds short solutions fast): depth by depth, keep only the
/// `width` children with the smallest lower bound plus blocks left, never revisiting
/// a position. Reports the first solution found (replayed), or none when the beam dies out
/// or a limit is hit.
#[cfg(test)]
mod exact_tests {
    use super::*;

    /// Stopping the exact search and resuming it changes nothing, and lowering `upper` between
    /// runs keeps its meaning: checked on the built-in levels against one uninterrupted run.
    #[test]
    fn a_resumed_search_gives_the_same_answers() {
        for (title, board, _) in crate::levels::vexed() {
            let one = search(&board, Limits::default(), None, &mut |_| true).unwrap();
            let Outcome::Solved { moves, proven: true } = one.outcome else { panic!("{title}: {:?}", one.outcome) };
            let best = moves.len() as u32;
            // Cancelled every 7 expansions, resumed each time.
            let mut e = Exact::new(&board).unwrap();
            e.check_every = 7;
            let mut calls = 0;
            let mut stops = 0;
            let found = loop {
                match e.run(None, None, None, &mut |_| {
                    calls += 1;
                    calls % 2 == 0
                }) {
                    Run::Limit(LimitKind::Cancelled) => stops += 1,
                    Run::Solved(m) => break m,
                    Run::Exhausted | Run::Limit(_) => panic!("{title}: lost its solution"),
                }
            };
            assert_eq!(found.len() as u32, best, "{title}");
            assert_eq!(e.bound(), best, "{title}");
            assert!(stops > 0 || one.expanded < 7, "{title}");
            // A first run with no upper bound, stopped early; then resumed with an upper bound
            // of the optimum (nothing shorter exists) or one above it (the optimum is found).
            for (upper, expect_best) in [(best, false), (best + 1, true)] {
                let mut e = Exact::new(&board).unwrap();
                e.check_every = 7;
                let mut first = true;
                if let Run::Limit(_) = e.run(None, None, None, &mut |_| !std::mem::take(&mut first)) {
                    assert!(e.bound() <= best, "{title}");
                    match e.run(None, None, Some(upper), &mut |_| true) {
                        Run::Solved(m) => assert!(expect_best && m.len() as u32 == best, "{title}"),
                        Run::Exhausted => assert!(!expect_best, "{title}"),
                        Run::Limit(_) => panic!("{title}: no limit was set"),
                    }
                }
            }
        }
    }
}
