//! Pushing boxes in save files: a UVa 589 maze or one XSB level, moves as `nsewNSEW` or LURD.

use super::replay::{Replay, TraceInput};
use crate::error::ParseError;
use crate::sokoban;

impl Replay for sokoban::scene::Game {
    /// Forward: every box on a goal; reverse mode: back at the forward start.
    fn solved(&self) -> bool {
        self.done()
    }

    /// A move a character (`nsewNSEW` or `lurdLURD`); a run-length form (`3l2(lU)`) is
    /// expanded (to at most `xsb::MAX_MOVES` moves).
    fn each_move(text: &str, f: &mut dyn FnMut(&str) -> Result<(), String>) -> Result<(), String> {
        let mut buf = [0; 4];
        if text.contains(|c: char| c.is_ascii_digit() || c == '(') {
            let moves = sokoban::xsb::parse_lurd(text, 1).map_err(|e| e.to_string())?;
            return moves.iter().try_for_each(|&m| f(sokoban::xsb::lurd_char(m).encode_utf8(&mut buf)));
        }
        text.chars().filter(|c| !c.is_whitespace()).try_for_each(|c| f(c.encode_utf8(&mut buf)))
    }

    type Move = sokoban::Move;

    const GAME: &'static str = "sokoban";

    /// A UVa 589 maze (`r c` first) or one XSB level.
    fn from_level(text: &str, _: bool) -> Result<Self, ParseError> {
        let mut levels = sokoban::xsb::parse_any(text)?;
        if levels.len() != 1 {
            return Err(ParseError::line(1, format!("one maze, not {}", levels.len())));
        }
        let l = levels.remove(0);
        let xsb = l.line > 0;
        Ok(sokoban::scene::Game::new(l.maze, xsb))
    }

    fn parse_move(&self, text: &str) -> Result<sokoban::Move, String> {
        let mut cs = text.chars();
        let (Some(c), None) = (cs.next(), cs.next()) else {
            return Err(format!("one move, not {}", crate::error::quote(text)));
        };
        let m = if self.xsb { sokoban::xsb::lurd_move(c) } else { sokoban::Move::from_char(c) };
        let m = m.ok_or_else(|| {
            let set = if self.xsb { "lurdLURD" } else { "nsewNSEW" };
            format!("one of `{set}`, not {}", crate::error::quote(text))
        })?;
        // The case must say what the move does: a push (a pull, in reverse mode) or a walk.
        let (_, step) = self.step_move(m).map_err(|e| e.to_string())?;
        match (step.moved_box().is_some(), m.push) {
            (true, false) => return Err(sokoban::rules::MoveError::PushWrittenAsWalk.to_string()),
            (false, true) => return Err(sokoban::rules::MoveError::WalkWrittenAsPush.to_string()),
            _ => {}
        }
        Ok(m)
    }

    fn play(&self, mv: &sokoban::Move) -> Result<(Self, Vec<sokoban::Step>), String> {
        let (pos, step) = self.step_move(*mv).map_err(|e| e.to_string())?;
        Ok((self.at(pos), vec![step]))
    }

    fn move_text(&self, mv: &sokoban::Move) -> String {
        let push = self.step_move(*mv).is_ok_and(|(_, s)| s.moved_box().is_some());
        self.notation(sokoban::Move { dir: mv.dir, push }).to_string()
    }

    fn trace_input(&self, title: &str, moves: &[String]) -> TraceInput {
        let maze = self.maze();
        let file = if self.xsb {
            sokoban::xsb::write_level(title, &maze)
        } else {
            format!("{}0 0\n", sokoban::format::write(&maze))
        };
        TraceInput { game: "sokoban", file, args: vec!["--moves".into(), moves.concat()] }
    }
}
