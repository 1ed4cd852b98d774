//! Pushing boxes in the editor: Sokoban's XSB (walls, floor, goals, boxes and the player, a
//! box or the player painted on a goal standing on it) and UVa 589 mazes (`S`, `B`, `T`).

use super::Tool;
use super::rectangle;
use super::{Grid, Sketch, cell_after, framed};
use crate::scene::Ink;
use crate::scene::Scene;

fn draw_sokoban(sc: &mut Scene, x: f32, y: f32, glyph: char) {
    if glyph == '#' {
        sc.rect(x, y, 1.0, 1.0, Ink::Wall);
        return;
    }
    if glyph == ' ' {
        return;
    }
    // A grid line round each floor cell: cells can be counted while painting.
    sc.rect(x, y, 1.0, 1.0, Ink::GridLine);
    sc.rect(x + 0.03, y + 0.03, 0.94, 0.94, Ink::Floor);
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
