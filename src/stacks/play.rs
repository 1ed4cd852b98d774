//! A stacks game with its turn order, as the window plays it and save files replay it: the
//! board, which piece moves next and which turn it is. Depends on the stacks rules and the
//! shared ground only (its trace and save are theirs: `trace.rs`, `save.rs`).

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

/// A stacks move: the next piece moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextPiece;

impl StacksPlay {
    /// The next piece's move: the new game and its steps, or why no piece moves (the game is
    /// over, or turn 1000, Baekjoon's last, is over).
    pub fn next_move(&self) -> Result<(StacksPlay, Vec<super::Step>), &'static str> {
        if self.game.over {
            return Err("the game is over: a square holds four pieces");
        }
        if self.turn > 1000 {
            return Err("turn 1000 is over: the answer is -1");
        }
        let (game, steps) = self.game.move_piece(self.next);
        let next = (self.next + 1) % game.pieces();
        let turn = self.turn + (next == 0) as u32;
        Ok((StacksPlay { game, next, turn }, steps))
    }

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
            while let Ok((n, _)) = s.next_move() {
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
