//! A stacks game with its turn order, as the window plays it and save files replay it: the
//! board, which piece moves next and which turn it is.

use crate::anim::Animate;

/// A stacks game with the turn order: which piece moves next and which turn it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StacksPlay {
    pub game: super::Game,
    /// Next piece to move (from 0).
    pub next: usize,
    /// The current turn, from 1.
    pub turn: u32,
}

impl Animate for StacksPlay {
    type Step = super::Step;
    fn after(&self, step: &super::Step) -> Self {
        StacksPlay { game: self.game.after(step), ..self.clone() }
    }
    fn phases(&self, steps: &[super::Step]) -> Vec<(std::ops::Range<usize>, f32)> {
        self.game.phases(steps)
    }
    fn scene(&self, steps: &[super::Step], t: f32) -> crate::scene::Scene {
        self.game.scene(steps, t)
    }
}

impl crate::trace::Traced for StacksPlay {
    const UNIT: &'static str = "turn";
    const NOTATION: bool = false;
    fn records(&self, steps: &[super::Step]) -> Vec<crate::trace::Record> {
        self.game.records(steps)
    }
}

/// A stacks move: the next piece moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextPiece;

impl StacksPlay {
    /// How the game ended (or will not): "ends in turn 7", "never ends: -1".
    pub fn ending(&self) -> String {
        if self.game.over {
            // The turn counter moves on after the last piece of a turn.
            let turn = if self.next == 0 { self.turn - 1 } else { self.turn };
            format!("ends in turn {turn}: four pieces on one square")
        } else if self.turn > 1000 {
            "never ends within 1000 turns: -1".into()
        } else {
            // Played on from here, mid-turn included (at most 1000 turns of 10 pieces).
            let mut s = self.clone();
            while let Ok((n, _)) = crate::save::Replay::play(&s, &NextPiece) {
                s = n;
            }
            if s.game.over {
                let turn = if s.next == 0 { s.turn - 1 } else { s.turn };
                format!("ends in turn {turn}")
            } else {
                "never ends within 1000 turns: -1".into()
            }
        }
    }
}
