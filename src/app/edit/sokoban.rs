//! Pushing boxes in the editor: XSB levels and UVa 589 mazes, both kept in My levels as XSB
//! with a `Par:` line (a maze drawn with its wall ring).

use super::Editable;
use super::Pack;
use super::Pad;
use super::one_line;
use crate::certify::Verdict;
use crate::editor::Editor;
use crate::editor::MazeSketch;
use crate::editor::SokobanSketch;

/// A board's rows with a ring of wall around them when its edge is not all wall (a UVa 589
/// maze's edge is the grid's; XSB needs walls drawn).
fn walled(rows: &str) -> String {
    let grid = crate::editor::rectangle(rows, ' ');
    let (h, w) = (grid.len(), grid.first().map_or(0, Vec::len));
    let open = |r: usize, c: usize| !matches!(grid[r][c], '#' | ' ');
    let edge_open = (0..h).any(|r| (0..w).any(|c| (r == 0 || c == 0 || r + 1 == h || c + 1 == w) && open(r, c)));
    if !edge_open {
        return rows.to_string();
    }
    let ring = "#".repeat(w + 2);
    let mut out = format!("{ring}\n");
    for row in grid {
        out.push_str(&format!("#{}#\n", row.iter().collect::<String>()));
    }
    out + &ring + "\n"
}

/// XSB: the title as a `;` comment, the board, and the par as a `Par:` line.
fn xsb_entry(game: &crate::sokoban::scene::Game, title: &str, par: Option<&Verdict>) -> Result<String, String> {
    let maze = crate::sokoban::format::Maze { level: (*game.level).clone(), start: game.pos.clone() };
    let board = walled(&crate::sokoban::xsb::write_board(&maze));
    let mut s = format!("; {}\n\n{board}", one_line(title, &[]));
    if let Some(Verdict::Par { text, proven, .. }) = par {
        s.push_str(&format!("Par: {text}{}\n", if *proven { " (proven optimal)" } else { "" }));
    }
    s.push('\n');
    Ok(s)
}

impl Pack for SokobanSketch {
    const FORMAT: (&'static str, &'static str) = ("XSB", "xsb");
    const PACK_FILE: &'static str = "my-sokoban.xsb";
    fn entry(game: &Self::Game, title: &str, par: Option<&Verdict>) -> Result<String, String> {
        xsb_entry(game, title, par)
    }
}

impl Pack for MazeSketch {
    const FORMAT: (&'static str, &'static str) = ("UVa 589", "in");
    const VARIANT: usize = 1;
    const PACK_FILE: &'static str = "my-sokoban.xsb";
    fn entry(game: &Self::Game, title: &str, par: Option<&Verdict>) -> Result<String, String> {
        xsb_entry(game, title, par)
    }
}

/// An XSB level is edited as XSB, a UVa 589 maze as a maze (`S`, `B`, `T`).
impl Editable for crate::sokoban::scene::Game {
    const VARIANTS: &'static [&'static str] = &["Sokoban (XSB)", "UVa 589 maze"];
    const PACK_FILE: &'static str = SokobanSketch::PACK_FILE;
    /// An entry opens with its `; title` line after a blank line (or the file's start).
    fn mine_entries(text: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut blank = true;
        for line in text.lines() {
            if line.starts_with(';') && blank || out.is_empty() {
                out.push(String::new());
            }
            if let Some(e) = out.last_mut() {
                e.push_str(line);
                e.push('\n');
            }
            blank = line.trim().is_empty();
        }
        out
    }
    fn mine_renamed(entry: &str, title: &str) -> Result<String, String> {
        let rest = entry.split_once('\n').map_or("", |(_, r)| r);
        Ok(format!("; {}\n{rest}", one_line(title, &[';'])))
    }
    fn pad(&self, title: &str) -> Option<Box<dyn Pad>> {
        Some(if self.xsb {
            Box::new(Editor::<SokobanSketch>::of(title, self))
        } else {
            Box::new(Editor::<MazeSketch>::of(title, self))
        })
    }
    fn blank_pad(&self, title: &str, rows: usize, cols: usize, variant: usize) -> Option<Box<dyn Pad>> {
        Some(if variant == 0 {
            Box::new(Editor::<SokobanSketch>::blank(title, rows, cols))
        } else {
            Box::new(Editor::<MazeSketch>::blank(title, rows, cols))
        })
    }
}
