//! Certifying a Lights Out level (the test-only toy game): the breadth-first search's fewest
//! presses, proven, or what stopped it.

use super::{Bounds, Certify, Verdict};
use crate::lights::{Lights, solve};
use std::sync::atomic::{AtomicBool, Ordering};

impl Certify for Lights {
    fn certify(&self, bounds: Bounds, cancel: &AtomicBool, progress: &crate::meter::Meter) -> Verdict {
        let limits = solve::Limits { max_states: bounds.max_states, time: Some(bounds.time) };
        let mut observe = |n: usize| {
            progress.store(n, Ordering::Relaxed);
            !cancel.load(Ordering::Relaxed)
        };
        match solve::solve(self, limits, &mut observe) {
            solve::Outcome::Solved(moves) => {
                let par = moves.len();
                let text = format!("{par} press{}", if par == 1 { "" } else { "es" });
                Verdict::Par { par, proven: true, bound: par, text, moves: par }
            }
            solve::Outcome::Unsolvable => {
                Verdict::Unsolvable("no presses put every light off (every position reachable was searched)".into())
            }
            solve::Outcome::Stopped { why, bound } => {
                let what = match why {
                    solve::Stop::States => "the state limit",
                    solve::Stop::Time => "the time limit",
                    solve::Stop::Cancelled => "cancel",
                };
                Verdict::Stopped(format!("{what} stopped it at no fewer than {bound} presses"))
            }
        }
    }
}
