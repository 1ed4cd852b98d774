//! Lights Out in the editor (the test-only toy game): its sketch, and its My levels entry (the
//! level with its title line, a blank line after it).

use super::{Editable, Pack, Pad, one_line};
use crate::certify::Verdict;
use crate::editor::{Editor, LightsSketch};
use crate::lights::{Lights, format};

/// The level's own text; the format keeps no par.
impl Pack for LightsSketch {
    const FORMAT: (&'static str, &'static str) = ("Lights Out level", "txt");
    const PACK_FILE: &'static str = "my-lights.txt";
    fn entry(game: &Lights, title: &str, _: Option<&Verdict>) -> Result<String, String> {
        Ok(format::write(game, &one_line(title, &[])) + "\n")
    }
}

impl Editable for Lights {
    const PACK_FILE: &'static str = LightsSketch::PACK_FILE;
    /// A level each, ending with a blank line.
    fn mine_entries(text: &str) -> Vec<String> {
        text.split("\n\n").filter(|b| !b.trim().is_empty()).map(|b| format!("{}\n\n", b.trim_matches('\n'))).collect()
    }
    /// The `; title` line replaced (or put first when the entry has none).
    fn mine_renamed(entry: &str, title: &str) -> Result<String, String> {
        let (lights, _) = format::parse(entry).map_err(|e| format!("the entry is not a level: {e}"))?;
        Ok(format::write(&lights, &one_line(title, &[])) + "\n")
    }
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<LightsSketch>::of(title, self)))
    }
    fn blank_pad(&self, title: &str, _rows: usize, _cols: usize, _: usize) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<LightsSketch>::blank(title, 3, 3)))
    }
}
