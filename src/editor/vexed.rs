//! Vexed in the editor: World Finals rows (`#` wall, `-` floor, a letter per block kind).

use super::Tool;
use super::{Grid, Sketch, cell_after, framed};
use crate::scene::Ink;
use crate::scene::Scene;

/// Vexed: World Finals rows (`#` wall, `-` floor, a letter per block kind).
pub struct VexedSketch;

impl Sketch for VexedSketch {
    /// Vexed counts rows and columns from 0, as its moves do (`(b,0,2,R)`).
    fn cell_name(row: usize, col: usize) -> String {
        format!("({row},{col})")
    }
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
    // The surround apart from the wall ring, so the board's edge shows.
    const BACKGROUND: Ink = Ink::Background;

    fn blank(rows: usize, cols: usize) -> Grid {
        framed(rows, cols, '#', '-')
    }

    fn unplayable(game: &Self::Game) -> Option<String> {
        (game.block_count() == 0)
            .then(|| "the board has no blocks: pick one from the palette (keys 3–9) and paint".into())
    }

    fn grid(game: &Self::Game) -> Grid {
        crate::vexed::format::board_rows(game).iter().map(|r| r.chars().collect()).collect()
    }

    /// Blocks in one case: Android packs write kinds in small letters, World Finals files and
    /// the palette in capitals, and a block painted beside a level's own must be its twin (`A`
    /// and `a` are different kinds to the rules). A level in small letters keeps them.
    fn tidy(grid: &mut Grid) {
        if grid.iter().flatten().any(|c| c.is_ascii_lowercase()) {
            grid.iter_mut().flatten().for_each(|c| *c = c.to_ascii_lowercase());
        }
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
