//! Stacks in the editor: a colour and maybe a numbered, pointed piece per cell, coded in one
//! `char`; pieces numbered in the order placed.

use super::Tool;
use super::{Grid, Sketch};
use crate::scene::Ink;
use crate::scene::Scene;

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
    const SQUARE: bool = true;

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
