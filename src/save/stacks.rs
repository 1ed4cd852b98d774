//! Stacks in save files: the Baekjoon input and its rule, the next piece a move.

use super::replay::{Replay, TraceInput};
use crate::error::ParseError;
use crate::stacks::{self, play::NextPiece, play::StacksPlay};

impl Replay for StacksPlay {
    fn solved(&self) -> bool {
        self.game.over
    }

    type Move = NextPiece;

    const GAME: &'static str = "stacks";

    fn from_level(text: &str, bottom_only: bool) -> Result<Self, ParseError> {
        let rule = if bottom_only { stacks::Rule::BottomOnly } else { stacks::Rule::CarryAbove };
        Ok(StacksPlay { game: stacks::format::parse(text, rule)?, next: 0, turn: 1 })
    }

    /// The pieces move in turn: the move must name the next one.
    fn parse_move(&self, text: &str) -> Result<NextPiece, String> {
        if text == (self.next + 1).to_string() {
            Ok(NextPiece)
        } else {
            Err(format!("piece {} moves next, not {}", self.next + 1, crate::error::quote(text)))
        }
    }

    fn play(&self, _: &NextPiece) -> Result<(Self, Vec<stacks::Step>), String> {
        self.next_move().map_err(str::to_string)
    }

    fn move_text(&self, _: &NextPiece) -> String {
        (self.next + 1).to_string()
    }

    /// The Baekjoon input and the pieces that moved, in order.
    fn trace_input(&self, _title: &str, moves: &[String]) -> TraceInput {
        let mut args = vec!["--moves".into(), moves.join(" ")];
        if self.game.rule == stacks::Rule::BottomOnly {
            args.push("--bottom-only".into());
        }
        TraceInput { game: "stacks", file: stacks::format::write(&self.game), args }
    }

    fn bottom_only(&self) -> Option<bool> {
        Some(self.game.rule == stacks::Rule::BottomOnly)
    }
}
