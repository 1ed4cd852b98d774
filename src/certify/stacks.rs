//! Certifying a stacks board: the turn its game ends in.

use super::{Bounds, Certify, Verdict};
use crate::stacks::play::StacksPlay;
use std::sync::atomic::AtomicBool;

impl Certify for StacksPlay {
    fn certify(&self, bounds: Bounds, _: &AtomicBool, _: &crate::meter::Meter) -> Verdict {
        Verdict::Ends(self.game.ending_turn(bounds.max_turns))
    }
}

#[cfg(test)]
mod tests {
    use super::super::run;
    use super::*;

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
