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
    const PACK_FILE: &'static str = ShubblesSketch::PACK_FILE;
    /// `state;par;title`, or the state alone (no par yet): a title needs the par field.
    fn mine_renamed(entry: &str, title: &str) -> Result<String, String> {
        let line = entry.trim_end_matches('\n');
        let mut f: Vec<&str> = line.splitn(3, ';').collect();
        if f.len() < 2 {
            return Err("certify it first: a shubbles line keeps its title after its par".into());
        }
        f.truncate(2);
        Ok(format!("{};{}\n", f.join(";"), one_line(title, &[';'])))
    }
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<ShubblesSketch>::of(title, self)))
    }
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, _: usize) -> Option<Box<dyn Pad>> {
        Some(Box::new(Editor::<ShubblesSketch>::blank(title, rows, cols)))
    }
}
