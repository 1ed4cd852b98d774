//! The level editor's model, apart from the window: a level as a grid of glyphs in its
//! game's own notation, painted with the game's palette, resized, undone and redone, and
//! checked by the game's own parser ([`Replay::from_level`] on the text the grid writes), so
//! an invalid level gets exactly the parser's message, marked on the cells it names.
//!
//! A game takes part by one [`Sketch`]: its palette, its blank level, its grid of a level, the
//! text of a grid and where a parser's line and column fall on the grid: Vexed (World Finals
//! rows), Sokoban (XSB), UVa 589 mazes, the shubbles box (its 29 cells in the box's shape)
//! and stacks (a colour and maybe a numbered, pointed piece per cell, one coded `char`). The
//! window's editor is `app::edit`.
//!
//! One file per game (`vexed`, `sokoban`: XSB and UVa mazes, `shubbles`, `stacks`) holds its
//! sketch; this one the trait and the editor. The games' folders depend on nothing here.
//!
//! A capability: depends on the games and the shared ground; no game depends on it, and it
//! never names the window (a test checks the layers).

#[cfg(test)]
mod lights;
mod shubbles;
mod sokoban;
mod stacks;
mod vexed;

#[cfg(test)]
pub use lights::LightsSketch;
pub use shubbles::ShubblesSketch;
pub use sokoban::{MazeSketch, SokobanSketch};
pub use stacks::StacksSketch;
pub use vexed::VexedSketch;

use crate::error::ParseError;
use crate::save::Replay;
use crate::scene::{Ink, Scene};
use std::marker::PhantomData;

/// One palette entry: the glyph it paints and what it is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tool {
    pub glyph: char,
    pub name: &'static str,
}

/// A grid of glyphs, row by row (every row as long as the first).
pub type Grid = Vec<Vec<char>>;

/// A game the editor can make levels for.
pub trait Sketch {
    type Game: Replay + Clone;
    /// What the palette holds.
    const TOOLS: &'static [Tool];
    /// What erasing (right-click) leaves.
    const ERASE: char;
    /// Whether rows and columns can be added and taken away (the shubbles box is fixed).
    const RESIZABLE: bool;
    /// Whether the board is always square (stacks: N × N), resized by one size, not two.
    const SQUARE: bool = false;
    /// What is drawn around the grid (the game's own background).
    const BACKGROUND: Ink = Ink::Background;
    /// A blank level of that size.
    fn blank(rows: usize, cols: usize) -> Grid;
    /// A level's grid.
    fn grid(game: &Self::Game) -> Grid;
    /// The grid as a level in the game's own format.
    fn text(grid: &Grid, title: &str) -> String;
    /// The grid cell a parser's (line, column) names, when it names one.
    fn cell(grid: &Grid, line: usize, column: usize) -> Option<(usize, usize)>;
    /// A cell's glyph after `tool` is painted on `old` (Sokoban layers a box on a goal).
    fn paint(old: char, tool: char) -> char {
        let _ = old;
        tool
    }
    /// A cell's name as the game's own messages (its certifier's, its moves') give it: rows
    /// and columns from 1 unless the game counts from 0.
    fn cell_name(row: usize, col: usize) -> String {
        format!("({},{})", row + 1, col + 1)
    }
    /// Whether (row, column) is a cell at all (the shubbles box is not a rectangle).
    fn is_cell(row: usize, col: usize) -> bool {
        let _ = (row, col);
        true
    }
    /// Draws a cell holding `glyph` in the unit square at (x, y), in the game's own colours.
    fn draw(sc: &mut Scene, x: f32, y: f32, glyph: char);
    /// The size a resize to (rows, cols) gives (stacks boards are square).
    fn fit(rows: usize, cols: usize) -> (usize, usize) {
        if Self::SQUARE {
            let n = rows.max(cols);
            return (n, n);
        }
        (rows, cols)
    }
    /// What keeps a level its parser reads from being one to play (a Vexed board without
    /// blocks is solved before any move): the reason, said where "valid" would be.
    fn unplayable(game: &Self::Game) -> Option<String> {
        let _ = game;
        None
    }
    /// Draws what surrounds the cells, the grid's top-left cell at (x, y) (the shubbles
    /// box's opening).
    fn surround(sc: &mut Scene, x: f32, y: f32) {
        let _ = (sc, x, y);
    }
    /// Puts the grid in order after a change (stacks numbers its pieces 1 to K).
    fn tidy(grid: &mut Grid) {
        let _ = grid;
    }
}

/// The margin around an editor's grid, in cells.
const MARGIN: f32 = 0.25;

/// A palette entry's swatch: an erased cell painted with it, one unit square.
pub fn swatch<S: Sketch>(glyph: char) -> Scene {
    let mut sc = Scene::new(1.0, 1.0, Ink::Background);
    S::draw(&mut sc, 0.0, 0.0, S::paint(S::ERASE, glyph));
    sc
}

/// Why a level cannot be played or saved: the parser's error, and the cells it concerns
/// (the one at its line and column, or else the cells holding a glyph it quotes, such as
/// every `@` when it expected one stot and found two).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub error: ParseError,
    pub cells: Vec<(usize, usize)>,
    /// The error in the grid's words: the cell by the game's own name, never the line and
    /// column of a text the player never saw.
    pub words: String,
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words)
    }
}

/// The most rows or columns a grid may have.
pub const MAX_SIDE: usize = 64;

/// A level being edited, with its own undo and redo.
pub struct Editor<S: Sketch> {
    pub title: String,
    grid: Grid,
    undo: Vec<Grid>,
    redo: Vec<Grid>,
    _sketch: PhantomData<S>,
}

impl<S: Sketch> Editor<S> {
    /// A blank level of `rows` × `cols` (clamped to 1..=`MAX_SIDE`).
    pub fn blank(title: &str, rows: usize, cols: usize) -> Self {
        let (rows, cols) = S::fit(rows.clamp(1, MAX_SIDE), cols.clamp(1, MAX_SIDE));
        Self::with(title, S::blank(rows, cols))
    }

    /// The editor on a level.
    pub fn of(title: &str, game: &S::Game) -> Self {
        Self::with(title, S::grid(game))
    }

    fn with(title: &str, grid: Grid) -> Self {
        Editor { title: title.to_string(), grid, undo: Vec::new(), redo: Vec::new(), _sketch: PhantomData }
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    pub fn rows(&self) -> usize {
        self.grid.len()
    }

    pub fn cols(&self) -> usize {
        self.grid.first().map_or(0, Vec::len)
    }

    /// Paints `tool` on the cells of one stroke (a click, or a drag's cells): one undo step.
    /// Cells off the grid, and a stroke that changes nothing, leave no step. Whether anything
    /// changed.
    pub fn paint(&mut self, cells: &[(usize, usize)], tool: char) -> bool {
        let before = self.grid.clone();
        for &(r, c) in cells {
            if r < self.rows() && c < self.cols() && S::is_cell(r, c) {
                self.grid[r][c] = S::paint(self.grid[r][c], tool);
            }
        }
        S::tidy(&mut self.grid);
        self.changed(before)
    }

    /// Erases the cells of one stroke (right-click): one undo step.
    pub fn erase(&mut self, cells: &[(usize, usize)]) -> bool {
        let before = self.grid.clone();
        for &(r, c) in cells {
            if r < self.rows() && c < self.cols() && S::is_cell(r, c) {
                self.grid[r][c] = S::ERASE;
            }
        }
        S::tidy(&mut self.grid);
        self.changed(before)
    }

    /// Makes the grid `rows` × `cols` (1..=`MAX_SIDE`): cells kept where they were, new ones
    /// erased. Not for a game of fixed shape.
    pub fn resize(&mut self, rows: usize, cols: usize) -> bool {
        if !S::RESIZABLE || !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return false;
        }
        let (rows, cols) = S::fit(rows, cols);
        let before = self.grid.clone();
        self.grid.resize(rows, vec![S::ERASE; cols]);
        for row in &mut self.grid {
            row.resize(cols, S::ERASE);
        }
        S::tidy(&mut self.grid);
        self.changed(before)
    }

    fn changed(&mut self, before: Grid) -> bool {
        if before == self.grid {
            return false;
        }
        self.undo.push(before);
        self.redo.clear();
        true
    }

    pub fn undo(&mut self) -> bool {
        let Some(g) = self.undo.pop() else { return false };
        self.redo.push(std::mem::replace(&mut self.grid, g));
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(g) = self.redo.pop() else { return false };
        self.undo.push(std::mem::replace(&mut self.grid, g));
        true
    }

    /// The grid as a scene (each cell in its game's colours), with `marked` cells outlined:
    /// what the window paints and what a PNG of the editor would hold.
    pub fn scene(&self, marked: &[(usize, usize)]) -> Scene {
        self.scene_with(&[], None, marked)
    }

    /// [`Editor::scene`] with a stroke in progress shown as if painted with `tool` (`None`:
    /// erased), before it is one undo step.
    pub fn scene_with(&self, stroke: &[(usize, usize)], tool: Option<char>, marked: &[(usize, usize)]) -> Scene {
        let mut sc = Scene::new(self.cols() as f32 + 2.0 * MARGIN, self.rows() as f32 + 2.0 * MARGIN, S::BACKGROUND);
        for (r, row) in self.grid.iter().enumerate() {
            for (c, &g) in row.iter().enumerate() {
                if S::is_cell(r, c) {
                    let g = match (stroke.contains(&(r, c)), tool) {
                        (false, _) => g,
                        (true, Some(t)) => S::paint(g, t),
                        (true, None) => S::ERASE,
                    };
                    S::draw(&mut sc, MARGIN + c as f32, MARGIN + r as f32, g);
                }
            }
        }
        S::surround(&mut sc, MARGIN, MARGIN);
        // The cells an error names: ringed inside the cell, a dark ring round a red one
        // (unmistakable on any floor or wall), what the cell holds left as it is.
        for &(r, c) in marked {
            let (x, y) = (MARGIN + c as f32, MARGIN + r as f32);
            sc.outline(x, y, 1.0, 1.0, 0.08, Ink::Text);
            sc.outline(x + 0.08, y + 0.08, 0.84, 0.84, 0.1, Ink::Smole);
        }
        sc
    }

    /// The cell under a point of [`Editor::scene`], if any.
    pub fn cell_at(&self, p: [f32; 2]) -> Option<(usize, usize)> {
        let (x, y) = (p[0] - MARGIN, p[1] - MARGIN);
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let (r, c) = (y as usize, x as usize);
        (r < self.rows() && c < self.cols() && S::is_cell(r, c)).then_some((r, c))
    }

    /// Puts the grid as its game reads it (a Vexed board not at rest, settled), one undo
    /// step; whether anything changed (nothing when the level is not valid).
    pub fn settle(&mut self) -> bool {
        let Ok(game) = self.validate() else { return false };
        let before = self.grid.clone();
        self.grid = S::grid(&game);
        self.changed(before)
    }

    /// Whether there is something to undo or redo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The level in the game's own format.
    pub fn text(&self) -> String {
        S::text(&self.grid, &self.title)
    }

    /// The level as the game reads it, or why it cannot be read.
    pub fn validate(&self) -> Result<S::Game, Invalid> {
        let game = S::Game::from_level(&self.text(), false).map_err(|error| {
            let (cells, words) = match error.column.and_then(|c| S::cell(&self.grid, error.line, c)) {
                Some(cell) => (vec![cell], format!("{}: {}", S::cell_name(cell.0, cell.1), self.named(&error.message))),
                None => (self.quoted_cells(&error.message), self.named(&error.message)),
            };
            Invalid { error, cells, words }
        })?;
        match S::unplayable(&game) {
            Some(why) => {
                Err(Invalid { error: crate::error::ParseError::line(1, why.clone()), cells: Vec::new(), words: why })
            }
            None => Ok(game),
        }
    }

    /// A message with each "line L, column C" it holds said as the cell's name.
    fn named(&self, message: &str) -> String {
        let mut out = String::new();
        let mut rest = message;
        while let Some(i) = rest.find("line ") {
            out.push_str(&rest[..i]);
            let after = &rest[i + 5..];
            fn number(t: &str) -> Option<(usize, &str)> {
                let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
                Some((t[..end].parse().ok()?, &t[end..]))
            }
            let cell = number(after).and_then(|(line, t)| {
                let (column, t) = number(t.strip_prefix(", column ")?)?;
                Some((S::cell(&self.grid, line, column)?, t))
            });
            match cell {
                Some(((r, c), t)) => {
                    out.push_str(&S::cell_name(r, c));
                    rest = t;
                }
                None => {
                    out.push_str("line ");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The cells holding a palette glyph the message quotes (`` `@` ``).
    fn quoted_cells(&self, message: &str) -> Vec<(usize, usize)> {
        let quoted: Vec<char> = message
            .split('`')
            .skip(1)
            .step_by(2)
            .filter_map(|q| {
                let mut cs = q.chars();
                match (cs.next(), cs.next()) {
                    (Some(g), None) if S::TOOLS.iter().any(|t| t.glyph == g) && g != S::ERASE => Some(g),
                    _ => None,
                }
            })
            .collect();
        let mut out = Vec::new();
        for (r, row) in self.grid.iter().enumerate() {
            for (c, &g) in row.iter().enumerate() {
                if quoted.contains(&g) {
                    out.push((r, c));
                }
            }
        }
        out
    }
}

/// A grid with a wall frame around floor.
pub(crate) fn framed(rows: usize, cols: usize, wall: char, floor: char) -> Grid {
    (0..rows)
        .map(|r| {
            (0..cols).map(|c| if r == 0 || c == 0 || r + 1 == rows || c + 1 == cols { wall } else { floor }).collect()
        })
        .collect()
}

/// Lines of text as a rectangular grid, short rows padded with `pad`.
pub fn rectangle(text: &str, pad: char) -> Grid {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    rows.into_iter()
        .map(|mut r| {
            r.resize(cols, pad);
            r
        })
        .collect()
}

/// The grid cell at a parser's (line, column) in a text of `header` lines before the rows.
pub(crate) fn cell_after(grid: &Grid, header: usize, line: usize, column: usize) -> Option<(usize, usize)> {
    let (r, c) = (line.checked_sub(header + 1)?, column.checked_sub(1)?);
    (r < grid.len() && c < grid[r].len()).then_some((r, c))
}

/// An XSB cell: wall, floor, a goal, and a box or the player on it.
#[cfg(test)]
mod tests;
