//! Lights Out in save files (the test-only toy game): the level as its three rows after an
//! optional `; title` line, a move as the pressed cell (`b2`: column a to c from the left, row
//! 1 to 3 from the top).

use super::replay::{Replay, TraceInput};
use crate::error::ParseError;
use crate::grid::Pos;
use crate::lights::{self, Lights, format};

impl Replay for Lights {
    type Move = Pos;

    const GAME: &'static str = "lights";

    fn from_level(text: &str, _bottom_only: bool) -> Result<Self, ParseError> {
        format::parse(text).map(|(l, _)| l)
    }

    fn parse_move(&self, text: &str) -> Result<Pos, String> {
        format::parse_move(text)
    }

    fn play(&self, mv: &Pos) -> Result<(Self, Vec<lights::Step>), String> {
        self.press(*mv)
    }

    fn move_text(&self, mv: &Pos) -> String {
        format::cell_name(*mv)
    }

    /// The level with its title, and the presses after `--moves`.
    fn trace_input(&self, title: &str, moves: &[String]) -> TraceInput {
        TraceInput { game: Self::GAME, file: format::write(self, title), args: vec!["--moves".into(), moves.join(" ")] }
    }

    fn solved(&self) -> bool {
        Lights::solved(self)
    }
}
