//! Pushing boxes' steps as records: walks, pushes, and reverse mode's pulls.

use super::{Record, Traced, rc1, t1};

impl Traced for crate::sokoban::scene::Game {
    const UNIT: &'static str = "move";

    fn records(&self, steps: &[crate::sokoban::Step]) -> Vec<Record> {
        use crate::sokoban::Step;
        steps
            .iter()
            .map(|s| match *s {
                Step::Walk { from, to } => Record::new("walk", format!("walk {} -> {}", t1(from), t1(to)))
                    .with("player_from", rc1(from))
                    .with("player_to", rc1(to)),
                Step::Push { from, to, box_from, box_to } => {
                    Record::new("push", format!("push the box {} -> {}", t1(box_from), t1(box_to)))
                        .with("player_from", rc1(from))
                        .with("player_to", rc1(to))
                        .with("box_from", rc1(box_from))
                        .with("box_to", rc1(box_to))
                }
                Step::Pull { from, to, box_from, box_to } => {
                    Record::new("pull", format!("pull the box {} -> {}", t1(box_from), t1(box_to)))
                        .with("player_from", rc1(from))
                        .with("player_to", rc1(to))
                        .with("box_from", rc1(box_from))
                        .with("box_to", rc1(box_to))
                }
            })
            .collect()
    }
}
