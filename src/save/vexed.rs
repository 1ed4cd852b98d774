//! Vexed in save files: World Finals or Android levels, moves as `(B,1,3,L)` (or Palm pairs).

use super::replay::{Replay, TraceInput};
use crate::error::ParseError;
use crate::vexed::{self, Board};

impl Replay for Board {
    fn solved(&self) -> bool {
        self.is_solved()
    }

    /// World Finals moves are words; Palm moves are pairs of letters (`eCdF`).
    fn each_move(text: &str, f: &mut dyn FnMut(&str) -> Result<(), String>) -> Result<(), String> {
        if text.contains('(') {
            return text.split_whitespace().try_for_each(f);
        }
        let mut cs = text.chars().filter(|c| !c.is_whitespace());
        if cs.clone().count() % 2 == 1 {
            return Err("Palm moves come in pairs of letters".into());
        }
        let mut pair = String::new();
        while let (Some(a), Some(b)) = (cs.next(), cs.next()) {
            pair.clear();
            pair.push(a);
            pair.push(b);
            f(&pair)?;
        }
        Ok(())
    }

    type Move = vexed::Move;

    const GAME: &'static str = "vexed";

    fn from_level(text: &str, _: bool) -> Result<Board, ParseError> {
        let (_, levels) = vexed::format::parse_any(text.as_bytes())?;
        match levels.as_slice() {
            [l] => Ok(l.board.settle().0),
            _ => Err(ParseError::line(1, format!("one level, not {}", levels.len()))),
        }
    }

    fn parse_move(&self, text: &str) -> Result<vexed::Move, String> {
        match vexed::format::parse_any_moves(text).map_err(|e| e.message)?.as_slice() {
            [m] if self.moves().contains(m) => Ok(*m),
            [_] => Err(format!("{} cannot move here", crate::error::quote(text))),
            _ => Err(format!("one move, not {}", crate::error::quote(text))),
        }
    }

    fn play(&self, mv: &vexed::Move) -> Result<(Board, Vec<vexed::Step>), String> {
        self.apply(*mv).map_err(|e| e.to_string())
    }

    fn move_text(&self, mv: &vexed::Move) -> String {
        vexed::format::move_text(self, *mv)
    }

    /// With a par, the Android line that keeps it, when it reads back as this very board.
    fn shared_level_text(&self, title: &str, par: Option<usize>) -> String {
        match par.map(|par| format!("{}\n", vexed::format::android_line(&plain_name(title), self, par))) {
            Some(line) if reads_back_as(&line, self) => line,
            _ => self.level_text(title),
        }
    }

    /// The board exactly as it is (so the trace's coordinates are the window's): as a World
    /// Finals case when it reads back the same, else as an Android line (a cropped board).
    fn trace_input(&self, title: &str, moves: &[String]) -> TraceInput {
        let name = plain_name(title);
        let rows = vexed::format::board_rows(self);
        let wf = format!("{} {} {name}\n{}\n0 0\n", self.rows(), self.cols(), rows.join("\n"));
        let file =
            if reads_back_as(&wf, self) { wf } else { format!("{}\n", vexed::format::android_line(&name, self, 0)) };
        TraceInput { game: "vexed", file, args: vec!["--moves".into(), moves.join(" ")] }
    }
}

/// Whether `text` is one level whose board, settled, is `board` (its coordinates the same).
fn reads_back_as(text: &str, board: &Board) -> bool {
    vexed::format::parse_any(text.as_bytes()).is_ok_and(|(_, l)| l.len() == 1 && l[0].board.settle().0 == *board)
}

/// A title as a World Finals or Android name: one word of plain characters.
fn plain_name(title: &str) -> String {
    let t: String = title.chars().map(|c| if c.is_ascii_graphic() && c != ';' { c } else { '-' }).collect();
    if t.is_empty() { "level".into() } else { t }
}
