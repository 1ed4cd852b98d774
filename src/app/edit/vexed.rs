//! Vexed in the editor: its sketch, and its My levels line (an Android line with the par).

use super::Editable;
use super::Pack;
use super::Pad;
use super::one_line;
use crate::certify::Verdict;
use crate::editor::Editor;
use crate::editor::Sketch;
use crate::editor::VexedSketch;

impl Pack for VexedSketch {
    const FORMAT: (&'static str, &'static str) = ("World Finals", "txt");
    const PACK_FILE: &'static str = "my-vexed.txt";
    /// An Android line, `title;board;par`: its par is a number, so a level needs one.
    fn entry(game: &Self::Game, title: &str, par: Option<&Verdict>) -> Result<String, String> {
        match par {
            Some(Verdict::Par { par, .. }) => {
                Ok(crate::vexed::format::android_line(&one_line(title, &[';']), game, *par) + "\n")
            }
            _ => Err("certify it first: a Vexed pack line (Android's) carries the par".into()),
        }
    }
    fn note(game: &Self::Game, grid: &crate::editor::Grid) -> Option<String> {
        let as_drawn = Self::grid(game);
        (as_drawn != *grid).then(|| "not at rest: it plays as the settled board (blocks fall, twins vanish)".into())
    }
}

impl Editable for crate::vexed::Board {
    const PACK_FILE: &'static str = VexedSketch::PACK_FILE;
    /// `title;board;par`
    fn mine_renamed(entry: &str, title: &str) -> Result<String, String> {
        let line = entry.trim_end_matches('\n');
        let (_, rest) = line.split_once(';').ok_or("the entry has no title field")?;
        Ok(format!("{};{rest}\n", one_line(title, &[';'])))
    }
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<VexedSketch>::of(title, self)))
    }
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, _: usize) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<VexedSketch>::blank(title, rows, cols)))
    }
}
