//! The shubbles box in the editor: its 29 cells in the box's shape, empty, shubble, smole, stot.

use super::MARGIN;
use super::Tool;
use super::{Grid, Sketch};
use crate::scene::Ink;
use crate::scene::Scene;

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
        // The board's shape marks: a shubble's ring, a smole's cross.
        match glyph {
            'o' => sc.glyph(crate::scene::GLYPH_RING, x + 0.5, y + 0.5, 0.26, ink.on(), 1.0),
            'x' => sc.glyph(crate::scene::GLYPH_CROSS, x + 0.5, y + 0.5, 0.26, ink.on(), 1.0),
            _ => {}
        }
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

    fn cell_name(row: usize, col: usize) -> String {
        crate::shubbles::rules::cell_at(row as isize, col as isize)
            .map_or_else(|| "outside the box".into(), |i| format!("cell {}", i + 1))
    }

    fn is_cell(row: usize, col: usize) -> bool {
        (0..crate::shubbles::rules::CELLS).any(|i| crate::shubbles::rules::cell_pos(i) == (row, col))
    }
}
