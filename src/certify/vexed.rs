//! Certifying a Vexed board: the proven exact search (a beam first, A* below it).

use super::{Bounds, Certify, Verdict};
use crate::vexed;
use std::sync::atomic::{AtomicBool, Ordering};

impl Certify for vexed::Board {
    fn certify(&self, bounds: Bounds, cancel: &AtomicBool, progress: &crate::meter::Meter) -> Verdict {
        let limits = vexed::solve::Limits { max_states: Some(bounds.max_states), time: Some(bounds.time) };
        let mut observe = |n: usize| {
            progress.store(n, Ordering::Relaxed);
            !cancel.load(Ordering::Relaxed)
        };
        let report = match vexed::solve::solve_proven_observed(self, limits, &mut observe) {
            Ok(r) => r,
            Err(e) => return Verdict::Stopped(e.to_string()),
        };
        match report.outcome {
            vexed::solve::Outcome::Solved { moves, proven } => {
                let par = moves.len();
                Verdict::Par { par, proven, bound: report.bound as usize, text: format!("{par} moves"), moves: par }
            }
            vexed::solve::Outcome::Unsolvable => Verdict::Unsolvable(
                vexed::solve::dead_reason(self).unwrap_or_else(|| "no sequence of moves clears the board".into()),
            ),
            vexed::solve::Outcome::LimitReached(kind) => {
                let what = match kind {
                    vexed::solve::LimitKind::Time => "the time limit",
                    vexed::solve::LimitKind::States => "the state limit",
                    vexed::solve::LimitKind::Cancelled => "cancel",
                };
                Verdict::Stopped(format!("{what} stopped it at no fewer than {} moves", report.bound))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::run;
    use super::*;

    #[test]
    fn the_built_in_pars_are_what_certify_proves() {
        // The built-in packs carry the pars `tumblebox generate` certified when they were made.
        for (title, board, par) in crate::levels::vexed() {
            match run(&board.settle().0) {
                Verdict::Par { par: p, proven: true, bound, .. } => {
                    assert_eq!((p, bound), (par, par), "{title}");
                }
                v => panic!("{title}: {v:?}"),
            }
        }
        for l in crate::levels::shubbles() {
            let Some(par) = l.par else { continue };
            assert_eq!(
                run(&l.state),
                Verdict::Par { par, proven: true, bound: par, text: format!("{par} operations"), moves: par }
            );
        }
    }
}
