//! The shubbles box in save files: the judge's two lines, one operation a move.

use super::replay::{Replay, TraceInput};
use crate::error::ParseError;
use crate::shubbles::{self, Op};

impl Replay for shubbles::State {
    fn solved(&self) -> bool {
        self.count(shubbles::Content::Shubble) == 0 && self.count(shubbles::Content::Smole) == 2
    }

    /// One operation a character.
    fn each_move(text: &str, f: &mut dyn FnMut(&str) -> Result<(), String>) -> Result<(), String> {
        let mut buf = [0; 4];
        text.chars().filter(|c| !c.is_whitespace()).try_for_each(|c| f(c.encode_utf8(&mut buf)))
    }

    type Move = Op;

    const GAME: &'static str = "shubbles";

    fn from_level(text: &str, _: bool) -> Result<Self, ParseError> {
        let (state, ops) = shubbles::format::parse_judge(text)?;
        if !ops.is_empty() {
            return Err(ParseError::line(2, "no operations after a saved level's state"));
        }
        Ok(state)
    }

    fn parse_move(&self, text: &str) -> Result<Op, String> {
        let mut cs = text.chars();
        match (cs.next().and_then(Op::from_char), cs.next()) {
            (Some(op), None) => Ok(op),
            _ => Err(format!("one of `+-|<>^v`, not {}", crate::error::quote(text))),
        }
    }

    fn play(&self, op: &Op) -> Result<(shubbles::State, Vec<shubbles::Step>), String> {
        let a = self.apply(*op);
        // A failure is shown (it is the last step) but the state stays as it was reached.
        Ok((a.state, a.steps))
    }

    fn move_text(&self, op: &Op) -> String {
        op.char().to_string()
    }

    /// The judge's two lines: the state and the operations.
    fn trace_input(&self, _title: &str, moves: &[String]) -> TraceInput {
        TraceInput { game: "shubbles", file: format!("{}\n{}\n", self.text(), moves.concat()), args: vec![] }
    }
}
