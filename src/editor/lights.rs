//! Lights Out in the editor (the test-only toy game): the three rows, `*` a light on and `.`
//! off, after the title line; the grid is always 3 by 3.

use super::{Grid, Sketch, Tool, cell_after};
use crate::lights::{Lights, SIDE, format};
use crate::scene::{Ink, Scene};

/// Lights Out: a light on (`*`) or off (`.`) per cell.
pub struct LightsSketch;

impl Sketch for LightsSketch {
    type Game = Lights;
    const TOOLS: &'static [Tool] =
        &[Tool { glyph: format::ON, name: "light on" }, Tool { glyph: format::OFF, name: "light off" }];
    const ERASE: char = format::OFF;
    const RESIZABLE: bool = false;

    fn blank(_rows: usize, _cols: usize) -> Grid {
        vec![vec![format::OFF; SIDE]; SIDE]
    }

    fn grid(game: &Lights) -> Grid {
        format::rows(game).iter().map(|r| r.chars().collect()).collect()
    }

    /// The title line (always, so the rows start on line 2), then the rows.
    fn text(grid: &Grid, title: &str) -> String {
        let title: String = title.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
        format!("; {}\n{}\n", title.trim(), rows.join("\n"))
    }

    fn cell(grid: &Grid, line: usize, column: usize) -> Option<(usize, usize)> {
        cell_after(grid, 1, line, column)
    }

    /// A level with every light off is solved before any press.
    fn unplayable(game: &Lights) -> Option<String> {
        game.solved().then(|| "every light is off: paint some on (`*`)".into())
    }

    fn draw(sc: &mut Scene, x: f32, y: f32, glyph: char) {
        sc.rect(x, y, 1.0, 1.0, Ink::GridLine);
        crate::lights::scene::draw_lamp(sc, x, y, glyph == format::ON, 1.0);
    }
}
