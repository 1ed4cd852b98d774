//! The shubbles box in the editor: its sketch, and its My levels line (`state;par;title`).

use super::Editable;
use super::Pack;
use super::Pad;
use super::one_line;
use crate::certify::Verdict;
use crate::editor::Editor;
use crate::editor::ShubblesSketch;

impl Pack for ShubblesSketch {
    const FORMAT: (&'static str, &'static str) = ("shubbles line", "txt");
    const PACK_FILE: &'static str = "my-shubbles.txt";
    /// `state;par;title`, or the state alone when no par is known.
    fn entry(game: &Self::Game, title: &str, par: Option<&Verdict>) -> Result<String, String> {
        Ok(match par {
            Some(Verdict::Par { par, .. }) => format!("{};{par};{}\n", game.text(), one_line(title, &[])),
            _ => format!("{}\n", game.text()),
        })
    }
}

impl Editable for crate::shubbles::State {
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<ShubblesSketch>::of(title, self)))
    }
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, _: usize) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<ShubblesSketch>::blank(title, rows, cols)))
    }
}
