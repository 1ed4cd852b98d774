//! The schedules that combine the exact search with beams: `solve_proven_observed` (a probe
//! beam's solution as the upper bound, then A* below it: the window's hint) and
//! `solve_anytime` (one exact search throughout, paused and resumed, with beams lowering its
//! upper bound: `solve`, `bench`, `export`).

use super::beam::solve_beam;
use super::exact::{Exact, Run, search};
use super::limits::{Limits, Outcome, Report, SolveError};
use crate::clock::Instant;
use crate::vexed::rules::{Board, Move};

/// The exact search with a head start, for interactive use: a 4k-wide beam (a fraction of a
/// second even on the hardest boards) gives an upper bound, then A* looks only for shorter
/// solutions, which keeps its memory down. Without limits the answer is proven optimal (or
/// proven unsolvable), unless `observe` cancels; when a limit or `observe` stops the proof, the
/// beam's solution (if any) comes back as `Solved { proven: false }` with the lower bound
/// reached. `observe(expanded)` is called every 4096 expansions.
pub fn solve_proven_observed(
    board: &Board,
    limits: Limits,
    observe: &mut dyn FnMut(usize) -> bool,
) -> Result<Report, SolveError> {
    let start = Instant::now();
    let beam = solve_beam(board, PROBE_WIDTH, limits)?;
    let upper = beam.moves.as_ref().map(|m| m.len() as u32);
    let mut r = search(board, limits, upper, observe)?;
    r.expanded += beam.expanded;
    r.stored = r.stored.max(beam.stored);
    r.elapsed = start.elapsed();
    match (&r.outcome, beam.moves) {
        (Outcome::Unsolvable, Some(moves)) => {
            // Nothing shorter than the beam's solution exists.
            r.bound = moves.len() as u32;
            r.outcome = Outcome::Solved { moves, proven: true };
        }
        // A limit stopped the proof: the beam's solution stands, not proven.
        (Outcome::LimitReached(_), Some(moves)) => r.outcome = Outcome::Solved { moves, proven: false },
        _ => {}
    }
    Ok(r)
}

/// [`solve_anytime`]'s schedule, as fractions of the time limit: the exact search alone until
/// `EXACT_ALONE`; with a proof in reach, the exact search until `EXACT_SHARE`, then (if still
/// not close) beams until `NEAR_BEAM_END`; with a proof out of reach, beams until
/// `FAR_BEAM_END`. The exact search has the rest. Tuned on the 59 Android levels that take
/// over 3 s, at 20 s a level: with `FAR_BEAM_END` at 0.6, 30 proven and 2 above par; at 0.9,
/// 22 proven and none above par (the wide beams reach par on Beetroot and Jellied Eels, and
/// beat it on Clay and Blutwurst). Par comes first here; the proofs lost there are proven by
/// the long runs (README).
pub(super) const EXACT_ALONE: f64 = 0.1;
pub(super) const EXACT_SHARE: f64 = 0.5;
pub(super) const NEAR_BEAM_END: f64 = 0.85;
pub(super) const FAR_BEAM_END: f64 = 0.9;
/// A proof is "in reach" after phase 1 when the best solution is at most this many moves
/// above the exact search's lower bound.
pub(super) const REACH: u32 = 4;
/// The first, measuring beam's width.
pub(super) const PROBE_WIDTH: usize = 1 << 12;
/// The widest beam (memory: about 24 bytes a position kept, times the solution's length).
pub(super) const MAX_WIDTH: usize = 1 << 20;
/// The beam width used after the probe when there is no time limit.
pub(super) const UNTIMED_WIDTH: usize = 1 << 18;

/// The solver for hard boards. One exact search runs throughout, paused and resumed (its
/// work is never redone); beams find solutions it can use as an upper bound:
/// 1. the exact search alone for a tenth of the time (or a million states when time is
///    unlimited): most boards end here, solved and proven (or proven unsolvable);
/// 2. a 4k-wide probe beam (a fraction of a second): usually a solution at or near par;
/// 3. if the probe's solution is at most `REACH` moves above the exact search's bound (a
///    proof may be in reach), the exact search, now only for shorter solutions, until half
///    the time is used;
/// 4. unless the bound is then within one move of the best solution (the next layer of f
///    costs about what all the earlier ones did, so the exact search keeps the time), the
///    widest beam that fits runs (until 85% of the time after phase 3, or 90% when phase 3
///    was skipped), for a shorter solution; then the exact search resumes below it.
///
/// When time is unlimited, phase 3 is skipped, phase 4's beam is 256k wide and the exact
/// search then runs to the state limit (if any). A solution counts as proven only when every
/// shorter sequence was ruled out under the admissible bound. `bound` is the best proven
/// lower bound.
pub fn solve_anytime(board: &Board, limits: Limits) -> Result<Report, SolveError> {
    let start = Instant::now();
    let total = limits.time;
    let at = |fraction: f64| total.map(|t| start + t.mul_f64(fraction));
    let mut exact = Exact::new(board)?;
    let mut expanded = 0;
    let mut beam_stored = 0;
    let mut best: Option<Vec<Move>> = None;
    let report = |exact: &mut Exact, outcome, expanded: usize, beam_stored: usize| {
        let bound = match &outcome {
            Outcome::Solved { moves, proven: true } => moves.len() as u32,
            _ => exact.bound(),
        };
        Report {
            outcome,
            bound,
            expanded: expanded + exact.expanded,
            stored: exact.store.len().max(beam_stored),
            elapsed: start.elapsed(),
        }
    };
    // What a finished exact run means, given the best beam solution so far.
    let outcome_of = |run: Run, best: &Option<Vec<Move>>| -> Option<Outcome> {
        match run {
            // Shorter than any beam solution, and found by the exact search: optimal.
            Run::Solved(moves) => Some(Outcome::Solved { moves, proven: true }),
            // Nothing shorter than the beam's solution exists: it is optimal.
            Run::Exhausted => Some(match best {
                Some(moves) => Outcome::Solved { moves: moves.clone(), proven: true },
                None => Outcome::Unsolvable,
            }),
            Run::Limit(_) => None,
        }
    };
    let never = &mut |_| true;
    // Phase 1.
    let p1_states = match total {
        None => Some(limits.max_states.unwrap_or(usize::MAX).min(1_000_000)),
        Some(_) => limits.max_states,
    };
    if let Some(outcome) = outcome_of(exact.run(at(EXACT_ALONE), p1_states, None, never), &best) {
        return Ok(report(&mut exact, outcome, expanded, beam_stored));
    }
    // Beams until `until`: the probe first, then (when `widen`) the widest beam predicted to
    // fit (a beam's cost grows about linearly with its width, so one wide beam beats a ladder
    // of narrow ones).
    let mut beams = |best: &mut Option<Vec<Move>>, until: Option<Instant>, widen: bool, first: usize| {
        let mut width = first;
        loop {
            let left = until.map(|t| t.saturating_duration_since(Instant::now()));
            if left.is_some_and(|l| l.is_zero()) {
                return Ok::<(), SolveError>(());
            }
            let t = Instant::now();
            let beam = solve_beam(board, width, Limits { max_states: limits.max_states, time: left })?;
            let per_width = t.elapsed().as_secs_f64() / width as f64;
            if let Some(moves) = beam.moves
                && best.as_ref().is_none_or(|b| moves.len() < b.len())
            {
                *best = Some(moves);
            }
            expanded += beam.expanded;
            beam_stored = beam_stored.max(beam.stored);
            if !widen {
                return Ok(());
            }
            let fits = match until {
                Some(t) => {
                    let left = t.saturating_duration_since(Instant::now()).as_secs_f64();
                    ((left * 0.8 / per_width.max(1e-9)) as usize).min(MAX_WIDTH)
                }
                None => UNTIMED_WIDTH,
            };
            let next = fits / 1024 * 1024;
            if next <= width {
                return Ok(());
            }
            width = next;
        }
    };
    // Phase 2.
    beams(&mut best, at(EXACT_SHARE), false, PROBE_WIDTH)?;
    let upper = |best: &Option<Vec<Move>>| best.as_ref().map(|b| b.len() as u32);
    // Phase 3, when a proof looks within reach: each further layer of f costs about what all
    // the earlier ones did, so the time left buys a few layers beyond phase 1's bound.
    // Skipped when time is unlimited (the wide beam comes first, to save memory), and when
    // the gap is wider (the beam then gets the time instead).
    let reach = upper(&best).is_some_and(|u| u <= exact.bound() + REACH);
    let beam_end = if reach { NEAR_BEAM_END } else { FAR_BEAM_END };
    if total.is_some() && reach {
        let run = exact.run(at(EXACT_SHARE), limits.max_states, upper(&best), never);
        if let Some(outcome) = outcome_of(run, &best) {
            return Ok(report(&mut exact, outcome, expanded, beam_stored));
        }
    }
    // Phase 4.
    let close = upper(&best).is_some_and(|u| u <= exact.bound() + 1);
    if !close {
        // The probe already ran: start wider.
        beams(&mut best, at(beam_end), true, PROBE_WIDTH * 4)?;
    }
    let outcome = match exact.run(total.map(|t| start + t), limits.max_states, upper(&best), never) {
        Run::Limit(kind) => match best {
            Some(moves) => {
                let proven = moves.len() as u32 <= exact.bound();
                Outcome::Solved { moves, proven }
            }
            None => Outcome::LimitReached(kind),
        },
        run => outcome_of(run, &best).expect("a finished run"),
    };
    Ok(report(&mut exact, outcome, expanded, beam_stored))
}
