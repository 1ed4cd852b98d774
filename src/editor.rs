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
    /// Whether (row, column) is a cell at all (the shubbles box is not a rectangle).
    fn is_cell(row: usize, col: usize) -> bool {
        let _ = (row, col);
        true
    }
    /// Draws a cell holding `glyph` in the unit square at (x, y), in the game's own colours.
    fn draw(sc: &mut Scene, x: f32, y: f32, glyph: char);
    /// The size a resize to (rows, cols) gives (stacks boards are square).
    fn fit(rows: usize, cols: usize) -> (usize, usize) {
        (rows, cols)
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
        for &(r, c) in marked {
            sc.outline(MARGIN + c as f32 - 0.08, MARGIN + r as f32 - 0.08, 1.16, 1.16, 0.16, Ink::Flash);
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
        S::Game::from_level(&self.text(), false).map_err(|error| {
            let cells = match error.column.and_then(|c| S::cell(&self.grid, error.line, c)) {
                Some(cell) => vec![cell],
                None => self.quoted_cells(&error.message),
            };
            Invalid { error, cells }
        })
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
fn framed(rows: usize, cols: usize, wall: char, floor: char) -> Grid {
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
fn cell_after(grid: &Grid, header: usize, line: usize, column: usize) -> Option<(usize, usize)> {
    let (r, c) = (line.checked_sub(header + 1)?, column.checked_sub(1)?);
    (r < grid.len() && c < grid[r].len()).then_some((r, c))
}

/// An XSB cell: wall, floor, a goal, and a box or the player on it.
fn draw_sokoban(sc: &mut Scene, x: f32, y: f32, glyph: char) {
    if glyph == '#' {
        sc.rect(x, y, 1.0, 1.0, Ink::Wall);
        return;
    }
    if glyph == ' ' {
        return;
    }
    sc.rect(x, y, 1.0, 1.0, Ink::Floor);
    let goal = matches!(glyph, '.' | '*' | '+');
    if goal {
        sc.rect(x + 0.3, y + 0.3, 0.4, 0.4, Ink::Goal);
    }
    match glyph {
        '$' | '*' => {
            sc.rect(x + 0.08, y + 0.08, 0.84, 0.84, Ink::WallEdge);
            sc.rect(x + 0.14, y + 0.14, 0.72, 0.72, if goal { Ink::CrateOnGoal } else { Ink::Crate });
        }
        '@' | '+' => sc.quad(
            [[x + 0.5, y + 0.12], [x + 0.88, y + 0.5], [x + 0.5, y + 0.88], [x + 0.12, y + 0.5]],
            Ink::Player,
            1.0,
        ),
        _ => {}
    }
}

/// A Sokoban game's level and start as a maze.
fn maze_of(game: &crate::sokoban::scene::Game) -> crate::sokoban::format::Maze {
    crate::sokoban::format::Maze { level: (*game.level).clone(), start: game.pos.clone() }
}

/// Vexed: World Finals rows (`#` wall, `-` floor, a letter per block kind).
pub struct VexedSketch;

impl Sketch for VexedSketch {
    type Game = crate::vexed::Board;
    const TOOLS: &'static [Tool] = &[
        Tool { glyph: '#', name: "wall" },
        Tool { glyph: '-', name: "floor" },
        Tool { glyph: 'A', name: "block A" },
        Tool { glyph: 'B', name: "block B" },
        Tool { glyph: 'C', name: "block C" },
        Tool { glyph: 'D', name: "block D" },
        Tool { glyph: 'E', name: "block E" },
        Tool { glyph: 'F', name: "block F" },
        Tool { glyph: 'G', name: "block G" },
        Tool { glyph: 'H', name: "block H" },
    ];
    const ERASE: char = '-';
    const RESIZABLE: bool = true;
    const BACKGROUND: Ink = Ink::Wall;

    fn blank(rows: usize, cols: usize) -> Grid {
        framed(rows, cols, '#', '-')
    }

    fn grid(game: &Self::Game) -> Grid {
        crate::vexed::format::board_rows(game).iter().map(|r| r.chars().collect()).collect()
    }

    fn text(grid: &Grid, title: &str) -> String {
        let name: String = title.chars().map(|c| if c.is_ascii_graphic() { c } else { '-' }).collect();
        let name = if name.is_empty() { "level".to_string() } else { name };
        let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
        format!("{} {} {name}\n{}\n0 0\n", grid.len(), grid.first().map_or(0, Vec::len), rows.join("\n"))
    }

    fn draw(sc: &mut Scene, x: f32, y: f32, glyph: char) {
        match glyph {
            '#' => sc.rect(x, y, 1.0, 1.0, Ink::Wall),
            '-' => {
                sc.rect(x, y, 1.0, 1.0, Ink::GridLine);
                sc.rect(x + 0.03, y + 0.03, 0.94, 0.94, Ink::Cell);
            }
            k => {
                sc.rect(x, y, 1.0, 1.0, Ink::GridLine);
                sc.rect(x + 0.03, y + 0.03, 0.94, 0.94, Ink::Cell);
                let b = k as u8;
                let ink = crate::vexed::scene::block_ink(b);
                sc.rect(x + 0.06, y + 0.06, 0.88, 0.88, ink);
                sc.glyph(crate::vexed::scene::block_glyph(b), x + 0.5, y + 0.5, 0.22, ink.on(), 1.0);
            }
        }
    }

    fn cell(grid: &Grid, line: usize, column: usize) -> Option<(usize, usize)> {
        cell_after(grid, 1, line, column)
    }
}

/// Sokoban, as XSB rows (`#` wall, `-` floor, `.` goal, `$` box, `@` player; `*` and `+`
/// on a goal; a space is outside).
pub struct SokobanSketch;

impl Sketch for SokobanSketch {
    type Game = crate::sokoban::scene::Game;
    const TOOLS: &'static [Tool] = &[
        Tool { glyph: '#', name: "wall" },
        Tool { glyph: '-', name: "floor" },
        Tool { glyph: '.', name: "goal" },
        Tool { glyph: '$', name: "box" },
        Tool { glyph: '@', name: "player" },
    ];
    const ERASE: char = '-';
    const RESIZABLE: bool = true;

    fn blank(rows: usize, cols: usize) -> Grid {
        framed(rows, cols, '#', '-')
    }

    fn grid(game: &Self::Game) -> Grid {
        rectangle(&crate::sokoban::xsb::write_board(&maze_of(game)), ' ')
    }

    fn text(grid: &Grid, _: &str) -> String {
        grid.iter().map(|r| r.iter().collect::<String>().trim_end().to_string() + "\n").collect()
    }

    fn draw(sc: &mut Scene, x: f32, y: f32, glyph: char) {
        draw_sokoban(sc, x, y, glyph);
    }

    fn cell(grid: &Grid, line: usize, column: usize) -> Option<(usize, usize)> {
        cell_after(grid, 0, line, column)
    }

    /// A goal keeps what stands on it and takes a box or the player; floor and walls replace.
    fn paint(old: char, tool: char) -> char {
        let goal = matches!(old, '.' | '*' | '+');
        match tool {
            '.' => match old {
                '$' | '*' => '*',
                '@' | '+' => '+',
                _ => '.',
            },
            '$' if goal => '*',
            '@' if goal => '+',
            t => t,
        }
    }
}

/// UVa 589 mazes (`#` wall, `.` floor, `S` the player, `B` the box, `T` the target).
pub struct MazeSketch;

impl Sketch for MazeSketch {
    type Game = crate::sokoban::scene::Game;
    const TOOLS: &'static [Tool] = &[
        Tool { glyph: '#', name: "wall" },
        Tool { glyph: '.', name: "floor" },
        Tool { glyph: 'S', name: "start" },
        Tool { glyph: 'B', name: "box" },
        Tool { glyph: 'T', name: "target" },
    ];
    const ERASE: char = '.';
    const RESIZABLE: bool = true;

    fn blank(rows: usize, cols: usize) -> Grid {
        vec![vec!['.'; cols]; rows]
    }

    fn grid(game: &Self::Game) -> Grid {
        crate::sokoban::format::write(&maze_of(game)).lines().skip(1).map(|l| l.chars().collect()).collect()
    }

    fn text(grid: &Grid, _: &str) -> String {
        let rows: String = grid.iter().map(|r| r.iter().collect::<String>() + "\n").collect();
        format!("{} {}\n{rows}0 0\n", grid.len(), grid.first().map_or(0, Vec::len))
    }

    fn draw(sc: &mut Scene, x: f32, y: f32, glyph: char) {
        // The same cells as XSB's, by their UVa 589 letters.
        let xsb = match glyph {
            '#' => '#',
            'S' => '@',
            'B' => '$',
            'T' => '.',
            _ => '-',
        };
        draw_sokoban(sc, x, y, xsb);
    }

    fn cell(grid: &Grid, line: usize, column: usize) -> Option<(usize, usize)> {
        cell_after(grid, 1, line, column)
    }
}

/// The shubbles box: its 29 cells where they stand in the box (`.` empty, `o` shubble,
/// `x` smole, `@` stot); the rest of the 5 × 7 grid is no cell.
pub struct ShubblesSketch;

impl Sketch for ShubblesSketch {
    type Game = crate::shubbles::State;
    const TOOLS: &'static [Tool] = &[
        Tool { glyph: '.', name: "empty" },
        Tool { glyph: 'o', name: "shubble" },
        Tool { glyph: 'x', name: "smole" },
        Tool { glyph: '@', name: "stot" },
    ];
    const ERASE: char = '.';
    const RESIZABLE: bool = false;
    const BACKGROUND: Ink = Ink::Wall;

    fn blank(_: usize, _: usize) -> Grid {
        let mut g = vec![vec![' '; crate::shubbles::rules::COLS]; crate::shubbles::rules::ROWS];
        for i in 0..crate::shubbles::rules::CELLS {
            let (r, c) = crate::shubbles::rules::cell_pos(i);
            g[r][c] = '.';
        }
        g
    }

    fn grid(game: &Self::Game) -> Grid {
        let mut g = Self::blank(0, 0);
        for (i, ch) in game.text().chars().enumerate() {
            let (r, c) = crate::shubbles::rules::cell_pos(i);
            g[r][c] = ch;
        }
        g
    }

    fn text(grid: &Grid, _: &str) -> String {
        let line: String = (0..crate::shubbles::rules::CELLS)
            .map(|i| {
                let (r, c) = crate::shubbles::rules::cell_pos(i);
                grid.get(r).and_then(|row| row.get(c)).copied().unwrap_or('.')
            })
            .collect();
        format!("{line}\n\n")
    }

    fn draw(sc: &mut Scene, x: f32, y: f32, glyph: char) {
        sc.rect(x, y, 1.0, 1.0, Ink::GridLine);
        sc.rect(x + 0.04, y + 0.04, 0.92, 0.92, Ink::Cell);
        let ink = match glyph {
            'o' => Ink::Shubble,
            'x' => Ink::Smole,
            '@' => Ink::Stot,
            _ => return,
        };
        sc.rect(x + 0.14, y + 0.14, 0.72, 0.72, ink);
    }

    /// The opening under cell 28, a gap in the frame.
    fn surround(sc: &mut Scene, x: f32, y: f32) {
        let (r, c) = crate::shubbles::rules::cell_pos(crate::shubbles::rules::OPENING_CELL);
        sc.rect(x + c as f32 + 0.1, y + r as f32 + 1.0, 0.8, MARGIN, Ink::Background);
    }

    fn cell(_: &Grid, line: usize, column: usize) -> Option<(usize, usize)> {
        (line == 1 && (1..=crate::shubbles::rules::CELLS).contains(&column))
            .then(|| crate::shubbles::rules::cell_pos(column - 1))
    }

    fn is_cell(row: usize, col: usize) -> bool {
        (0..crate::shubbles::rules::CELLS).any(|i| crate::shubbles::rules::cell_pos(i) == (row, col))
    }
}

/// Stacks (Baekjoon 17837 / 17780): each cell a square's colour and maybe a piece with its
/// heading and number. A cell is one `char`: `0`, `1`, `2` (white, red, blue) alone, or a
/// piece on one, coded in Unicode's private use plane ([`StacksSketch::piece`]). The palette
/// paints colours under what stands there and pieces on what colour is there; pieces are
/// numbered 1 to K in the order they were placed (a new one takes the next number; taking
/// one off closes the gap), and that is the order they move in.
pub struct StacksSketch;

const PIECE_BASE: u32 = 0xF0000;

impl StacksSketch {
    /// A cell holding piece `number` (from 1) heading `heading` (1 →, 2 ←, 3 ↑, 4 ↓; 0 for a
    /// piece not numbered yet) on `colour` (0, 1, 2).
    pub fn piece(colour: u32, heading: u32, number: u32) -> char {
        char::from_u32(PIECE_BASE + (number * 5 + heading) * 3 + colour).unwrap_or('0')
    }

    /// A cell's colour, and its piece (heading, number), if any.
    pub fn decode(cell: char) -> (u32, Option<(u32, u32)>) {
        match cell {
            '0' | '1' | '2' => (cell as u32 - '0' as u32, None),
            c if (c as u32) >= PIECE_BASE => {
                let v = c as u32 - PIECE_BASE;
                let (colour, rest) = (v % 3, v / 3);
                (colour, Some((rest % 5, rest / 5)))
            }
            _ => (0, None),
        }
    }

    fn pieces(grid: &Grid) -> Vec<(u32, (usize, usize), u32)> {
        let mut out = Vec::new();
        for (r, row) in grid.iter().enumerate() {
            for (c, &g) in row.iter().enumerate() {
                if let (_, Some((heading, number))) = Self::decode(g) {
                    out.push((number, (r, c), heading));
                }
            }
        }
        // The numbered first, by number; new ones (0) after them, in reading order.
        out.sort_by_key(|&(n, p, _)| (n == 0, n, p));
        out
    }
}

impl Sketch for StacksSketch {
    type Game = crate::stacks::play::StacksPlay;
    const TOOLS: &'static [Tool] = &[
        Tool { glyph: '0', name: "white square" },
        Tool { glyph: '1', name: "red square" },
        Tool { glyph: '2', name: "blue square" },
        Tool { glyph: '>', name: "piece heading right" },
        Tool { glyph: '<', name: "piece heading left" },
        Tool { glyph: '^', name: "piece heading up" },
        Tool { glyph: 'v', name: "piece heading down" },
        Tool { glyph: 'x', name: "no piece" },
    ];
    const ERASE: char = '0';
    const RESIZABLE: bool = true;

    fn blank(rows: usize, cols: usize) -> Grid {
        vec![vec!['0'; cols]; rows]
    }

    fn grid(game: &Self::Game) -> Grid {
        let g = &game.game;
        let n = g.colors.rows();
        let mut grid = Self::blank(n, n);
        for (r, row) in grid.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                *cell = match g.colors[crate::grid::Pos::new(r, c)] {
                    crate::stacks::Color::White => '0',
                    crate::stacks::Color::Red => '1',
                    crate::stacks::Color::Blue => '2',
                };
            }
        }
        for i in 0..g.pieces() {
            let p = g.pos[i];
            let (colour, _) = Self::decode(grid[p.row][p.col]);
            grid[p.row][p.col] = Self::piece(colour, g.heading[i].code() as u32, i as u32 + 1);
        }
        grid
    }

    fn text(grid: &Grid, _: &str) -> String {
        let pieces = Self::pieces(grid);
        let mut s = format!("{} {}\n", grid.len(), pieces.len());
        for row in grid {
            let cells: Vec<String> = row.iter().map(|&g| Self::decode(g).0.to_string()).collect();
            s.push_str(&cells.join(" "));
            s.push('\n');
        }
        for (_, (r, c), heading) in pieces {
            s.push_str(&format!("{} {} {heading}\n", r + 1, c + 1));
        }
        s
    }

    /// The colours' lines name their cells; a piece's line names its square.
    fn cell(grid: &Grid, line: usize, column: usize) -> Option<(usize, usize)> {
        let n = grid.len();
        if (2..2 + n).contains(&line) {
            let c = column.checked_sub(1)? / 2;
            return (c < grid[line - 2].len()).then_some((line - 2, c));
        }
        let k = line.checked_sub(2 + n)?;
        Self::pieces(grid).get(k).map(|&(_, p, _)| p)
    }

    /// A colour goes under a piece; a piece goes on a colour (keeping its number when it
    /// only turns); `x` takes a piece off.
    fn paint(old: char, tool: char) -> char {
        let (colour, piece) = Self::decode(old);
        let heading = match tool {
            '0' | '1' | '2' => {
                let c = tool as u32 - '0' as u32;
                return match piece {
                    Some((h, n)) => Self::piece(c, h, n),
                    None => tool,
                };
            }
            'x' => return char::from_digit(colour, 10).unwrap_or('0'),
            '>' => 1,
            '<' => 2,
            '^' => 3,
            _ => 4,
        };
        Self::piece(colour, heading, piece.map_or(0, |(_, n)| n))
    }

    fn fit(rows: usize, cols: usize) -> (usize, usize) {
        let n = if rows == cols { rows } else { rows.max(cols) };
        (n, n)
    }

    /// Numbers the pieces 1 to K: the numbered keep their order, new ones come after.
    fn tidy(grid: &mut Grid) {
        for (i, (_, (r, c), heading)) in Self::pieces(grid).into_iter().enumerate() {
            let (colour, _) = Self::decode(grid[r][c]);
            grid[r][c] = Self::piece(colour, heading, i as u32 + 1);
        }
    }

    fn draw(sc: &mut Scene, x: f32, y: f32, glyph: char) {
        let (colour, piece) = Self::decode(glyph);
        let ink = [Ink::SquareWhite, Ink::SquareRed, Ink::SquareBlue][colour as usize % 3];
        sc.rect(x, y, 1.0, 1.0, Ink::GridLine);
        sc.rect(x + 0.03, y + 0.03, 0.94, 0.94, ink);
        if let Some((heading, number)) = piece {
            let h = crate::stacks::rules::Heading::from_code(heading.max(1) as i64)
                .unwrap_or(crate::stacks::rules::Heading(crate::grid::Dir::Right));
            crate::stacks::scene::draw_piece(sc, number.max(1) as usize - 1, x, y, 0.0, h, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Rng, shubbles_candidate, sokoban_candidate, stacks_candidate, vexed_candidate};

    /// Every level the editor is opened on saves to text that reads back as the same level.
    /// The level is first taken as its game reads it (a generated Sokoban room may have a
    /// second wall column outside the first, which XSB reads as outside).
    fn round_trip<S: Sketch>(game: &S::Game) {
        let game = &S::Game::from_level(&game.level_text("t"), false).expect("the game reads its own text");
        let ed = Editor::<S>::of("Round trip", game);
        let back = ed.validate().unwrap_or_else(|e| panic!("{}: {}", ed.text(), e.error));
        assert_eq!(back.level_text("t"), game.level_text("t"), "{}", ed.text());
        // And the grid of what was read is the grid it was read from.
        assert_eq!(S::grid(&back), *ed.grid(), "{}", ed.text());
    }

    #[test]
    fn random_levels_of_every_game_save_and_read_back_the_same() {
        let mut rng = Rng::new(17);
        let (mut v, mut s, mut b) = (0, 0, 0);
        for _ in 0..300 {
            round_trip::<VexedSketch>(&vexed_candidate(&mut rng).settle().0);
            v += 1;
            if let Some(m) = sokoban_candidate(&mut rng) {
                round_trip::<SokobanSketch>(&crate::sokoban::scene::Game::new(m.clone(), true));
                round_trip::<MazeSketch>(&crate::sokoban::scene::Game::new(m, false));
                s += 1;
            }
            if let Some(st) = shubbles_candidate(&mut rng) {
                round_trip::<ShubblesSketch>(&st);
                b += 1;
            }
            let g = stacks_candidate(&mut rng);
            round_trip::<StacksSketch>(&crate::stacks::play::StacksPlay { game: g, next: 0, turn: 1 });
        }
        assert!(v == 300 && s > 100 && b > 100, "{v} {s} {b}");
    }

    #[test]
    fn the_real_sokoban_collections_round_trip_through_the_editor() {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sokoban-levels/microban-155.xsb");
        let Ok(text) = std::fs::read_to_string(&p) else {
            assert!(std::env::var("CI").is_err(), "{}: missing (CI needs ../shared)", p.display());
            return;
        };
        let levels = crate::sokoban::xsb::parse_collection(&text).expect("Microban parses");
        assert_eq!(levels.len(), 155);
        for l in levels {
            round_trip::<SokobanSketch>(&crate::sokoban::scene::Game::new(l.maze, true));
        }
    }

    #[test]
    fn the_uva_589_sample_mazes_round_trip_through_the_editor() {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pushing-boxes/uva589-sample.in");
        let Ok(text) = std::fs::read_to_string(&p) else {
            assert!(std::env::var("CI").is_err(), "{}: missing (CI needs ../shared)", p.display());
            return;
        };
        let mazes = crate::sokoban::format::parse_judge(&text).expect("the sample parses");
        assert!(!mazes.is_empty());
        for m in mazes {
            round_trip::<MazeSketch>(&crate::sokoban::scene::Game::new(m, false));
        }
    }

    #[test]
    fn a_box_or_the_player_painted_on_a_goal_stands_on_it() {
        let mut ed = Editor::<SokobanSketch>::blank("t", 3, 7);
        assert!(ed.paint(&[(1, 1), (1, 2), (1, 3)], '.'));
        assert!(ed.paint(&[(1, 1)], '$'));
        assert!(ed.paint(&[(1, 2)], '@'));
        assert!(ed.paint(&[(1, 5)], '$'));
        assert!(ed.paint(&[(1, 5)], '.'));
        assert_eq!(ed.grid()[1].iter().collect::<String>(), "#*+.-*#");
        // Floor takes the goal away too; painting what is there is no step.
        assert!(ed.paint(&[(1, 3)], '-'));
        assert!(!ed.paint(&[(1, 3)], '-'));
        let game = ed.validate().expect("a level");
        assert_eq!(game.pos.boxes.len(), 2);
        assert_eq!(game.level.goals.len(), 3);
    }

    #[test]
    fn undo_and_redo_step_through_strokes_and_resizes() {
        let mut ed = Editor::<VexedSketch>::blank("t", 4, 5);
        let start = ed.grid().clone();
        assert!(ed.paint(&[(2, 1), (2, 2)], 'A'));
        let painted = ed.grid().clone();
        assert!(ed.resize(5, 6));
        assert_eq!((ed.rows(), ed.cols()), (5, 6));
        assert!(ed.undo());
        assert_eq!(*ed.grid(), painted);
        assert!(ed.undo());
        assert_eq!(*ed.grid(), start);
        assert!(!ed.undo());
        assert!(ed.redo());
        assert_eq!(*ed.grid(), painted);
        // A new stroke after an undo drops what could have been redone.
        assert!(ed.erase(&[(2, 1)]));
        assert!(!ed.redo());
        assert!(!ed.resize(0, 3) && !ed.resize(3, MAX_SIDE + 1));
        // The shubbles box keeps its shape, and its non-cells take no paint.
        let mut sh = Editor::<ShubblesSketch>::blank("t", 9, 9);
        assert!(!sh.resize(6, 7));
        assert!(!sh.paint(&[(0, 6)], 'o'));
    }

    #[test]
    fn an_invalid_level_gets_the_parsers_message_on_the_cells_it_names() {
        // Sokoban: two players. The message is the XSB parser's on the same text.
        let mut ed = Editor::<SokobanSketch>::blank("t", 3, 6);
        ed.paint(&[(1, 1)], '@');
        ed.paint(&[(1, 2)], '$');
        ed.paint(&[(1, 3)], '.');
        ed.paint(&[(1, 4)], '@');
        let e = ed.validate().expect_err("two players");
        let parser = crate::sokoban::xsb::parse_any(&ed.text()).expect_err("two players");
        assert_eq!(e.error, parser);
        assert_eq!(e.cells, vec![(1, 4)], "{}", e.error);
        // Shubbles: two stots, said of the line; both stots are marked.
        let mut sh = Editor::<ShubblesSketch>::blank("t", 0, 0);
        let two = [crate::shubbles::rules::cell_pos(3), crate::shubbles::rules::cell_pos(20)];
        sh.paint(&two, '@');
        let e = sh.validate().expect_err("two stots");
        assert!(e.error.message.contains("`@`"), "{}", e.error);
        let mut marked = e.cells.clone();
        marked.sort_unstable();
        let mut want = two.to_vec();
        want.sort_unstable();
        assert_eq!(marked, want);
        // Vexed: a letter the World Finals format does not have, at its cell.
        let mut vx = Editor::<VexedSketch>::blank("t", 4, 4);
        vx.paint(&[(1, 2)], '?');
        let e = vx.validate().expect_err("not a block");
        assert_eq!(e.cells, vec![(1, 2)], "{}", e.error);
    }

    #[test]
    fn stacks_pieces_are_numbered_in_the_order_placed_and_colours_go_under_them() {
        let mut ed = Editor::<StacksSketch>::blank("t", 4, 4);
        ed.paint(&[(0, 0)], '1');
        ed.paint(&[(0, 0)], '>');
        ed.paint(&[(3, 3)], '^');
        ed.paint(&[(1, 2), (2, 1)], 'v');
        // Blue under piece 2; piece 1 turned round keeps its number.
        ed.paint(&[(3, 3)], '2');
        ed.paint(&[(0, 0)], '<');
        assert_eq!(ed.text(), "4 4\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 2\n1 1 2\n4 4 3\n2 3 4\n3 2 4\n");
        // Piece 2 taken off (the red and blue stay): 3 and 4 become 2 and 3.
        ed.paint(&[(3, 3)], 'x');
        ed.erase(&[(0, 0)]);
        assert_eq!(ed.text(), "4 2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 2\n2 3 4\n3 2 4\n");
        assert_eq!(StacksSketch::decode(ed.grid()[2][1]), (0, Some((4, 2))));
        // Boards stay square.
        assert!(ed.resize(6, 5));
        assert_eq!((ed.rows(), ed.cols()), (6, 6));
    }

    /// The message the game's own parser gives for a text, beside the editor's.
    fn same_as_parser<S: Sketch>(ed: &Editor<S>, expect: &str) -> Invalid {
        let e = ed.validate().expect_err(expect);
        let parser = S::Game::from_level(&ed.text(), false).expect_err(expect);
        assert_eq!(e.error, parser);
        assert!(e.error.message.contains(expect), "{}", e.error);
        e
    }

    #[test]
    fn each_games_defects_get_its_parsers_message_on_the_cells_involved() {
        // Stacks: three pieces (Baekjoon asks 4 to 10), said of the first line.
        let mut st = Editor::<StacksSketch>::blank("t", 5, 5);
        st.paint(&[(0, 0), (1, 1), (2, 2)], '>');
        same_as_parser(&st, "K (the number of pieces)");
        // Stacks: a board too small, said of its size.
        let small = Editor::<StacksSketch>::blank("t", 3, 3);
        same_as_parser(&small, "N (the board size)");
        // Sokoban: more boxes than goals.
        let mut sk = Editor::<SokobanSketch>::blank("t", 4, 6);
        sk.paint(&[(1, 1)], '@');
        sk.paint(&[(1, 2), (2, 2)], '$');
        sk.paint(&[(1, 4)], '.');
        same_as_parser(&sk, "goal");
        // Sokoban: no player.
        let mut np = Editor::<SokobanSketch>::blank("t", 4, 6);
        np.paint(&[(1, 2)], '$');
        np.paint(&[(1, 4)], '.');
        same_as_parser(&np, "player");
        // UVa 589: two boxes, both marked.
        let mut mz = Editor::<MazeSketch>::blank("t", 3, 5);
        mz.paint(&[(0, 0)], 'S');
        mz.paint(&[(1, 1), (1, 3)], 'B');
        mz.paint(&[(2, 4)], 'T');
        let e = same_as_parser(&mz, "B");
        assert!(!e.cells.is_empty() && e.cells.iter().all(|&(r, c)| mz.grid()[r][c] == 'B'), "{e:?}");
    }

    #[test]
    fn a_vexed_board_not_at_rest_settles_as_it_plays_in_one_undo_step() {
        let mut ed = Editor::<VexedSketch>::blank("t", 5, 6);
        ed.paint(&[(1, 1), (3, 4)], 'A');
        ed.paint(&[(1, 3), (3, 2)], 'B');
        // By hand: A falls from (1,1) to (3,1); B from (1,3) to (3,3), beside its twin: both go.
        assert!(ed.settle());
        let rows: Vec<String> = ed.grid().iter().map(|r| r.iter().collect()).collect();
        assert_eq!(rows, ["######", "#----#", "#----#", "#A--A#", "######"]);
        assert!(!ed.settle());
        assert!(ed.undo());
        assert_eq!(ed.grid()[1][1], 'A');
    }
}
