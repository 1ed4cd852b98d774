//! Lights Out on a 3×3 grid: the test-only toy game (`#[cfg(test)]` in the registry, never in
//! a build). Nine lights; pressing a cell toggles it and its orthogonal neighbours; a level is
//! solved when every light is off. Its job is to prove the capabilities generic: it takes part
//! in every one of them (the window, saves, traces, certifying, the editor, export) through the
//! same generic paths as the real games, and its test ([`tests`]) goes down those paths.
//!
//! The model only, on the shared ground: the rules (here), the level text and the move notation
//! ([`format`]), the fewest presses by breadth-first search ([`solve`]), the scene ([`scene`]),
//! the built-in levels ([`levels`]). Its `Replay`, `Traced`, `Certify`, editor sketch,
//! `Playable` and `Editable` live in those capabilities' folders (`save/lights.rs`, …), as
//! every game's do.

pub mod format;
pub mod levels;
pub mod scene;
pub mod solve;

use crate::grid::{Dir, Pos};

/// The grid's side.
pub const SIDE: usize = 3;
/// The number of cells (and of lights).
pub const CELLS: usize = SIDE * SIDE;
/// The number of positions: every light on or off.
pub const STATES: usize = 1 << CELLS;

/// A position: bit `row * 3 + col` is set when that cell's light is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lights {
    pub on: u16,
}

/// One thing a press does: the press itself, then each light it toggles (the pressed cell
/// first, then its neighbours: up, down, left, right, those on the grid).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Press(Pos),
    /// The light at `cell` changes; `lit` is whether it is on after.
    Toggle {
        cell: Pos,
        lit: bool,
    },
}

/// The bit of a cell.
pub fn bit(cell: Pos) -> u16 {
    1 << (cell.row * SIDE + cell.col)
}

/// Whether a cell is on the grid.
pub fn on_grid(cell: Pos) -> bool {
    cell.row < SIDE && cell.col < SIDE
}

/// The cells a press at `cell` toggles: the cell, then its neighbours on the grid (up, down,
/// left, right).
pub fn toggled(cell: Pos) -> Vec<Pos> {
    let mut out = vec![cell];
    out.extend(Dir::ALL.iter().filter_map(|&d| cell.step(d)).filter(|&p| on_grid(p)));
    out
}

/// The mask of lights a press at `cell` toggles.
pub fn mask(cell: Pos) -> u16 {
    toggled(cell).into_iter().fold(0, |m, p| m | bit(p))
}

/// Every cell, row by row.
pub fn cells() -> impl Iterator<Item = Pos> {
    (0..CELLS).map(|i| Pos::new(i / SIDE, i % SIDE))
}

impl Lights {
    /// Whether the light at `cell` is on.
    pub fn lit(&self, cell: Pos) -> bool {
        self.on & bit(cell) != 0
    }

    /// Whether every light is off.
    pub fn solved(&self) -> bool {
        self.on == 0
    }

    /// Presses `cell`: the new position and its steps, or why not (a cell off the grid).
    pub fn press(&self, cell: Pos) -> Result<(Lights, Vec<Step>), String> {
        if !on_grid(cell) {
            return Err(format!("no cell at row {}, column {}: the grid is 3 by 3", cell.row + 1, cell.col + 1));
        }
        let mut here = *self;
        let mut steps = vec![Step::Press(cell)];
        for p in toggled(cell) {
            here.on ^= bit(p);
            steps.push(Step::Toggle { cell: p, lit: here.lit(p) });
        }
        Ok((here, steps))
    }

    /// The position after one step (a press changes nothing by itself; its toggles do).
    pub fn after_step(&self, step: &Step) -> Lights {
        match step {
            Step::Press(_) => *self,
            Step::Toggle { cell, lit } => {
                let on = if *lit { self.on | bit(*cell) } else { self.on & !bit(*cell) };
                Lights { on }
            }
        }
    }
}

#[cfg(test)]
mod tests;
