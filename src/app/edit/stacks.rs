//! Stacks in the editor: its sketch, and its My levels entry (the Baekjoon input).

use super::Editable;
use super::Pack;
use super::Pad;
use crate::certify::Verdict;
use crate::editor::Editor;
use crate::editor::StacksSketch;

/// Baekjoon's input; boards one after another, a blank line between (as stacks files are).
impl Pack for StacksSketch {
    const FORMAT: (&'static str, &'static str) = ("Baekjoon 17837 input", "txt");
    const PACK_FILE: &'static str = "my-stacks.txt";
    fn entry(game: &Self::Game, _: &str, _: Option<&Verdict>) -> Result<String, String> {
        Ok(crate::stacks::format::write(&game.game) + "\n")
    }
}

impl Editable for crate::stacks::play::StacksPlay {
    const PACK_FILE: &'static str = StacksSketch::PACK_FILE;
    const TITLED: bool = false;
    /// A board each, ending with a blank line.
    fn mine_entries(text: &str) -> Vec<String> {
        text.split("\n\n").filter(|b| !b.trim().is_empty()).map(|b| format!("{}\n\n", b.trim_matches('\n'))).collect()
    }
    fn mine_renamed(_: &str, _: &str) -> Result<String, String> {
        Err("stacks boards have no titles".into())
    }
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<StacksSketch>::of(title, self)))
    }
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, _: usize) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<StacksSketch>::blank(title, rows, cols)))
    }
}
