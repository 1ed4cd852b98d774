//! Certifying a shubbles box: breadth-first search for the fewest operations.

use super::{Bounds, Certify, Verdict};
use crate::shubbles;
use std::sync::atomic::AtomicBool;

impl Certify for shubbles::State {
    fn certify(&self, bounds: Bounds, _: &AtomicBool, _: &crate::meter::Meter) -> Verdict {
        match shubbles::solve::solve(self, bounds.max_states) {
            shubbles::solve::Outcome::Solved(ops) => {
                let par = ops.len();
                Verdict::Par { par, proven: true, bound: par, text: format!("{par} operations"), moves: par }
            }
            shubbles::solve::Outcome::Impossible => {
                Verdict::Unsolvable("no sequence of operations frees every shubble".into())
            }
            shubbles::solve::Outcome::LimitReached => {
                Verdict::Stopped(format!("the state limit ({}) stopped it", bounds.max_states))
            }
        }
    }
}
