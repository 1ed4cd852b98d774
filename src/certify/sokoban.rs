//! Certifying a pushing-boxes level: the push-optimal search.

use super::{Bounds, Certify, Verdict};
use crate::sokoban;
use std::sync::atomic::AtomicBool;

impl Certify for sokoban::scene::Game {
    fn certify(&self, bounds: Bounds, cancel: &AtomicBool, progress: &crate::meter::Meter) -> Verdict {
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

#[cfg(test)]
mod tests {
    use super::super::run;
    use super::*;

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
}
