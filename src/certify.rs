//! Certifying a level: what its par is (proven optimal or not, with the bound), that it
//! cannot be solved and why, or, for stacks, the turn the game ends in. One call per game,
//! bounded by [`Bounds`] and a cancel flag (Vexed and Sokoban look at it; the shubbles box
//! and stacks are bounded by states and turns): the backend of the editor's Certify (the
//! window runs it on another thread) and of `tumblebox certify`.

use crate::shubbles;
use crate::sokoban;
use crate::stacks::play::StacksPlay;
use crate::vexed;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// How far a certification may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    pub time: Duration,
    pub max_states: usize,
    /// Stacks: the last turn simulated (Baekjoon's answer is -1 past 1000).
    pub max_turns: u32,
}

/// The defaults: 10 s, 2 million states, 1000 turns.
impl Default for Bounds {
    fn default() -> Self {
        Bounds { time: Duration::from_secs(10), max_states: 2_000_000, max_turns: 1000 }
    }
}

/// What a certification found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Solved in `par` (moves; Sokoban: pushes, its moves in `text`), proven the fewest or
    /// not; `bound` is the proven lower bound (equal to `par` when proven). `moves` is the
    /// solution's length in the moves a player makes (Sokoban: steps, pushes among them).
    Par { par: usize, proven: bool, bound: usize, text: String, moves: usize },
    /// No solution exists, and why.
    Unsolvable(String),
    /// Stacks: the turn the game ends in, or `None` when it runs past the last turn.
    Ends(Option<u32>),
    /// A bound (or the cancel flag) stopped it first: what was known then.
    Stopped(String),
}

impl Verdict {
    /// The verdict in words ("par 6 moves (proven optimal)"), `max_turns` being the last turn
    /// a stacks board was run to: what the window and `tumblebox certify` say.
    pub fn words(&self, max_turns: u32) -> String {
        match self {
            Verdict::Par { text, proven: true, .. } => format!("par {text} (proven optimal)"),
            Verdict::Par { text, bound, .. } => format!("par {text} (not proven; at least {bound})"),
            Verdict::Unsolvable(why) => format!("unsolvable: {why}"),
            Verdict::Ends(Some(t)) => format!("ends in turn {t}"),
            Verdict::Ends(None) => format!("does not end by turn {max_turns} (-1)"),
            Verdict::Stopped(why) => format!("not certified: {why}"),
        }
    }
}

/// A level that can be certified. `progress` counts the positions searched so far (Vexed
/// and Sokoban; the others finish too soon to need it), for a window to show.
pub trait Certify {
    fn certify(&self, bounds: Bounds, cancel: &AtomicBool, progress: &AtomicUsize) -> Verdict;
}

impl Certify for vexed::Board {
    fn certify(&self, bounds: Bounds, cancel: &AtomicBool, progress: &AtomicUsize) -> Verdict {
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

impl Certify for shubbles::State {
    fn certify(&self, bounds: Bounds, _: &AtomicBool, _: &AtomicUsize) -> Verdict {
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

impl Certify for sokoban::scene::Game {
    fn certify(&self, bounds: Bounds, cancel: &AtomicBool, progress: &AtomicUsize) -> Verdict {
        let limits = sokoban::search::Limits { time: bounds.time, max_states: bounds.max_states };
        let r =
            sokoban::search::search(&self.level, &self.pos, sokoban::search::Mode::Optimal, limits, cancel, progress);
        match r.outcome {
            sokoban::search::Outcome::Solved(f) => Verdict::Par {
                par: f.pushes,
                proven: f.proven,
                bound: if f.proven { f.pushes } else { r.bound },
                text: format!("{} pushes, {} moves", f.pushes, f.moves.len()),
                moves: f.moves.len(),
            },
            sokoban::search::Outcome::Unsolvable => {
                Verdict::Unsolvable("every position the boxes can reach was searched".into())
            }
            other => {
                let what = match other {
                    sokoban::search::Outcome::TimeLimit => "the time limit",
                    sokoban::search::Outcome::StateLimit => "the state limit",
                    sokoban::search::Outcome::TooManyBoxes => {
                        return Verdict::Stopped(format!(
                            "more than {} boxes, more than the solver takes",
                            sokoban::search::MAX_BOXES
                        ));
                    }
                    _ => "cancel",
                };
                Verdict::Stopped(format!("{what} stopped it at no fewer than {} pushes", r.bound))
            }
        }
    }
}

impl Certify for StacksPlay {
    fn certify(&self, bounds: Bounds, _: &AtomicBool, _: &AtomicUsize) -> Verdict {
        Verdict::Ends(self.game.ending_turn(bounds.max_turns))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run<C: Certify>(c: &C) -> Verdict {
        c.certify(Bounds::default(), &AtomicBool::new(false), &AtomicUsize::new(0))
    }

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

    #[test]
    fn uva_589_sample_pushes_match_the_judges_answer() {
        // The UVa 589 sample's expected output: per maze, the push-optimal answer's pushes
        // (upper case letters) and moves, or "Impossible.".
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pushing-boxes");
        let (Ok(input), Ok(output)) = (
            std::fs::read_to_string(dir.join("uva589-sample.in")),
            std::fs::read_to_string(dir.join("uva589-sample.out")),
        ) else {
            assert!(std::env::var("CI").is_err(), "{}: missing (CI needs ../shared)", dir.display());
            return;
        };
        let mazes = sokoban::format::parse_judge(&input).expect("the sample parses");
        let answers: Vec<&str> =
            output.lines().filter(|l| !l.trim().is_empty() && !l.starts_with("Maze #")).map(str::trim).collect();
        assert_eq!(mazes.len(), answers.len());
        for (m, want) in mazes.into_iter().zip(answers) {
            let v = run(&sokoban::scene::Game::new(m, false));
            if want.starts_with("Impossible") {
                assert!(matches!(v, Verdict::Unsolvable(_)), "{v:?}");
            } else {
                let pushes = want.chars().filter(char::is_ascii_uppercase).count();
                assert_eq!(
                    v,
                    Verdict::Par {
                        par: pushes,
                        proven: true,
                        bound: pushes,
                        text: format!("{pushes} pushes, {} moves", want.len()),
                        moves: want.len(),
                    }
                );
            }
        }
    }

    #[test]
    fn stacks_end_on_the_turn_baekjoon_expects() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/new-game-2");
        let mut seen = 0;
        for i in 1..=6 {
            let (Ok(input), Ok(output)) = (
                std::fs::read_to_string(dir.join(format!("boj17780-example{i}.in"))),
                std::fs::read_to_string(dir.join(format!("boj17780-example{i}.out"))),
            ) else {
                assert!(std::env::var("CI").is_err(), "{}: missing (CI needs ../shared)", dir.display());
                return;
            };
            let game = crate::stacks::format::parse(&input, crate::stacks::Rule::BottomOnly).expect("parses");
            let want: i64 = output.trim().parse().expect("a number");
            let v = run(&StacksPlay { game, next: 0, turn: 1 });
            assert_eq!(v, Verdict::Ends(u32::try_from(want).ok()), "example {i}");
            seen += 1;
        }
        assert_eq!(seen, 6);
    }
}
