//! The fast search on several threads: a portfolio, one search a thread (each the whole fast
//! search, raced against its own backward side, its forward side one entry of
//! `fess::THREADED`: the first thread's is the one-thread search's own). The first answer (a solution, replayed through the rules
//! as every solution is, or a search run to exhaustion) stops the others; the state limit is
//! shared out, so all of them together hold no more than one search alone may.

use super::fess;
use super::limits::{Limits, Mode, Outcome, Report};
use super::run;
use crate::clock::Instant;
use crate::meter::Meter;
use crate::sokoban::rules::{Level, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// The most threads a portfolio uses: one per search of `fess::THREADED`.
pub const MAX_THREADS: usize = fess::THREADED.len();

/// Searches a level from a position on `threads` threads (at most [`MAX_THREADS`]; one, or
/// [`Mode::Optimal`], is [`super::search`] itself). `progress` counts the states all of them
/// expanded; `cancel` stops them all. The time limit is each thread's; the state limit is
/// split evenly between them. The report's states and expansions are all the threads'.
pub fn search_threads(
    level: &Level,
    start: &Position,
    mode: Mode,
    limits: Limits,
    threads: usize,
    cancel: &AtomicBool,
    progress: &Meter,
) -> Report {
    let threads = threads.clamp(1, MAX_THREADS);
    if threads == 1 || mode == Mode::Optimal {
        return super::search(level, start, mode, limits, cancel, progress);
    }
    let began = Instant::now();
    // Every thread looks at `stop`: a cancel from outside before the start is already in it,
    // one later is passed on within 20 ms.
    let stop = AtomicBool::new(cancel.load(Ordering::Relaxed));
    let meters: Vec<Meter> = (0..threads).map(|_| Meter::new()).collect();
    let each = Limits { max_states: (limits.max_states / threads).max(1), ..limits };
    let (tx, rx) = mpsc::channel();
    let reports: Vec<Report> = std::thread::scope(|scope| {
        for (k, meter) in meters.iter().enumerate() {
            let (tx, stop) = (tx.clone(), &stop);
            scope.spawn(move || {
                let r = run(level, start, mode, each, stop, meter, fess::THREADED[k]);
                // Only the receiver gone (it never is before every thread has sent) fails.
                let _ = tx.send(r);
            });
        }
        drop(tx);
        let mut got = Vec::with_capacity(threads);
        while got.len() < threads {
            match rx.recv_timeout(Duration::from_millis(20)) {
                Ok(r) => {
                    if answered(&r.outcome) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    got.push(r);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if cancel.load(Ordering::Relaxed) {
                stop.store(true, Ordering::Relaxed);
            }
            progress.store(meters.iter().map(|m| m.load(Ordering::Relaxed)).sum(), Ordering::Relaxed);
        }
        got
    });
    let mut report = merged(reports, cancel.load(Ordering::Relaxed));
    report.elapsed = began.elapsed();
    super::optimise::polished(level, start, report, limits, cancel, progress)
}

/// Whether an outcome answers the level (so the other threads can stop).
fn answered(o: &Outcome) -> bool {
    matches!(o, Outcome::Solved(_) | Outcome::Unsolvable)
}

/// The threads' reports as one, in the order they ended: the first answer; else, what
/// stopped them (cancelled from outside, the box limit, the state limit before the time
/// limit: a thread stopped by its share of the states says so). States and expansions are
/// summed.
fn merged(reports: Vec<Report>, cancelled: bool) -> Report {
    let states = reports.iter().map(|r| r.states).sum();
    let expanded = reports.iter().map(|r| r.expanded).sum();
    let bound = reports.iter().map(|r| r.bound).max().unwrap_or(0);
    let elapsed = reports.iter().map(|r| r.elapsed).max().unwrap_or_default();
    let rank = |o: &Outcome| match o {
        Outcome::Solved(_) | Outcome::Unsolvable => 0,
        Outcome::Cancelled if cancelled => 1,
        Outcome::TooManyBoxes => 2,
        Outcome::StateLimit => 3,
        Outcome::TimeLimit => 4,
        Outcome::Cancelled => 5,
    };
    let outcome = reports
        .into_iter()
        .enumerate()
        .min_by_key(|(i, r)| (rank(&r.outcome), *i))
        .map_or(Outcome::Cancelled, |(_, r)| r.outcome);
    Report { outcome, states, expanded, elapsed, bound }
}

#[cfg(test)]
mod tests;
