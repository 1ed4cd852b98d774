//! Vexed in the window: drag or click and arrow keys, the landing cell, chains as events,
//! the dead rules as "unsolvable", the proven solver.

use super::{Answer, Break, Event, Gesture, Overlay, Playable, VEXED_MAX_STATES, cell, rect, square_cell};
use crate::grid::{Dir, Pos};
use crate::scene::Point;
use crate::vexed::{self, Board, Cell, Side};
use std::sync::atomic::{AtomicBool, Ordering};

/// Where the block a Vexed move slides comes to rest: its slide, then its falls, before any
/// vanishing.
fn landing(b: &Board, mv: vexed::Move) -> [Point; 4] {
    let mut at = mv.pos;
    if let Ok((_, steps)) = b.apply(mv) {
        for s in &steps {
            match s {
                vexed::Step::Slide { to, .. } => at = *to,
                vexed::Step::Fall { drops } => {
                    if let Some(d) = drops.iter().find(|d| d.from == at) {
                        at = d.to;
                    }
                }
                vexed::Step::Vanish { .. } => break,
            }
        }
    }
    let [x, y] = vexed::scene::cell_origin(at);
    cell(x, y)
}

impl Playable for Board {
    const HELP: super::Help = super::Help {
        sections: &[
            (
                "Rules",
                "Move a block one cell left or right into an empty cell. Then every block with \
                 nothing under it falls until it lands. Then every group of two or more touching \
                 blocks of one kind (side by side or one on another) vanishes, all groups at once; \
                 blocks fall again, and so on until nothing moves. Walls never move.",
            ),
            (
                "Goal",
                "Clear every block. A kind with a single block left can never vanish: the level is \
                 lost (Hint says so). Par is the fewest moves known; the built-in pars are proven \
                 optimal.",
            ),
            (
                "Blocks",
                "Each kind has its own colour and glyph (square, diamond, triangle, cross, …), from \
                 a palette chosen to stay apart for colour-blind eyes. Grey is wall.",
            ),
            (
                "Moving",
                "Drag a block left or right (it follows the pointer, and the cell it will rest in is \
                 marked), or click it and press the left or right arrow key.",
            ),
        ],
        keys: &[
            ("← →  or  A D", "move the selected block"),
            ("click", "select a block"),
            ("↑ ↓  or  W S", "the cursor to the next block up or down (then ← → roam along the row)"),
            ("Enter  or  Space", "pick the block under the cursor (← → push it), or let it go"),
        ],
    };
    fn built_in() -> Vec<crate::app::Level<Self>> {
        super::super::files::builtin_vexed()
    }
    fn step_cells(&self, step: &vexed::Step) -> Vec<Pos> {
        match step {
            vexed::Step::Slide { from, to, .. } => vec![*from, *to],
            vexed::Step::Fall { drops } => drops.iter().flat_map(|d| [d.from, d.to]).collect(),
            vexed::Step::Vanish { groups, .. } => groups.iter().flat_map(|g| g.cells.clone()).collect(),
        }
    }

    fn cell_quad(&self, c: Pos) -> [Point; 4] {
        let [x, y] = vexed::scene::cell_origin(c);
        cell(x, y)
    }

    /// Each block's letter in its cell's corner: the step texts say "slide b …".
    fn debug_labels(&self) -> Vec<(Point, String)> {
        self.grid
            .iter()
            .filter_map(|(p, c)| match c {
                Cell::Block(k) => {
                    let [x, y] = vexed::scene::cell_origin(p);
                    Some(([x + 0.22, y + 0.22], (*k as char).to_string()))
                }
                _ => None,
            })
            .collect()
    }

    fn cell_at(&self, p: Point) -> Option<Pos> {
        square_cell(p).filter(|&q| self.grid.get(q).is_some())
    }

    fn cell_name(&self, c: Pos) -> String {
        format!("({},{})", c.row, c.col)
    }

    fn contents(&self, c: Pos) -> String {
        match self.grid.get(c) {
            Some(Cell::Wall) => "wall".into(),
            Some(Cell::Empty) => "empty".into(),
            Some(Cell::Block(k)) => format!("block {}", *k as char),
            None => "outside the board".into(),
        }
    }

    fn events(&self, step: &vexed::Step) -> Vec<Event> {
        match step {
            vexed::Step::Vanish { chain, .. } => vec![Event::Chain(*chain as u32)],
            _ => vec![],
        }
    }

    /// The dead-position rules first; where they say nothing, an exhaustive search held to
    /// 20,000 positions (a few milliseconds) settles the small positions, as Hint would.
    fn unsolvable(&self) -> Option<String> {
        if self.is_solved() {
            return None;
        }
        if let Some(why) = vexed::solve::dead_reason(self) {
            return Some(why);
        }
        let limits = vexed::solve::Limits { max_states: Some(20_000), time: None };
        match vexed::solve::solve(self, limits) {
            Ok(r) if matches!(r.outcome, vexed::solve::Outcome::Unsolvable) => Some(match r.stored {
                0 | 1 => "no sequence of moves from here clears the board".to_string(),
                n => format!("no sequence of moves clears the board (all {n} positions from here searched)"),
            }),
            _ => None,
        }
    }

    fn breakpoints() -> &'static [Break] {
        &[Break::ChainAtLeast(2), Break::Solved, Break::Unsolvable]
    }

    fn gesture(&self, g: Gesture, sel: &mut super::Selection) -> Vec<vexed::Move> {
        let is_block = |p: Pos| matches!(self.grid.get(p), Some(Cell::Block(_)));
        // A move the rules refuse is still asked for: the rules then say why in the status
        // bar ("cannot move there: a wall is in the way"), as the other games do.
        let mv = |pos: Pos, side: Side| Some(vexed::Move { pos, side });
        match g {
            Gesture::Click(p) => {
                sel.at = square_cell(p).filter(|&c| is_block(c));
                sel.roaming = false;
                vec![]
            }
            Gesture::Drag { from, to } => {
                let Some(c) = square_cell(from).filter(|&c| is_block(c)) else { return vec![] };
                (sel.at, sel.roaming) = (Some(c), false);
                let side = if to[0] < from[0] { Side::Left } else { Side::Right };
                if (to[0] - from[0]).abs() < 0.4 {
                    return vec![];
                }
                mv(c, side).into_iter().collect()
            }
            Gesture::Text(_) => vec![],
            Gesture::Key(k) => {
                use egui::Key::*;
                let dir = match k {
                    ArrowLeft | A => Dir::Left,
                    ArrowRight | D => Dir::Right,
                    ArrowUp | W => Dir::Up,
                    ArrowDown | S => Dir::Down,
                    // Enter or Space picks the block under the cursor, or lets it go.
                    Enter | Space => {
                        if let Some(c) = sel.at.filter(|&c| is_block(c)) {
                            sel.roaming = !sel.roaming;
                            sel.at = Some(c);
                        }
                        return vec![];
                    }
                    _ => return vec![],
                };
                let held = sel.at.filter(|&c| is_block(c) && !sel.roaming);
                match (held, dir) {
                    // A block held: Left and Right push it, and the selection follows it.
                    (Some(c), Dir::Left | Dir::Right) => {
                        let side = if dir == Dir::Left { Side::Left } else { Side::Right };
                        let m = mv(c, side);
                        if m.is_some_and(|m| self.moves().contains(&m)) {
                            sel.at = c.step(side.dir());
                        }
                        m.into_iter().collect()
                    }
                    // Otherwise the cursor roams to the nearest block that way.
                    _ => {
                        let from = sel.at.filter(|&c| is_block(c));
                        sel.at = match from {
                            Some(c) => nearest_block(self, c, dir).or(Some(c)),
                            None => first_block(self),
                        };
                        sel.roaming = sel.at.is_some();
                        vec![]
                    }
                }
            }
        }
    }

    /// A block followed through its slide and falls; gone when it vanishes.
    fn follow(&self, p: Pos, steps: &[vexed::Step]) -> Option<Pos> {
        let mut at = p;
        for s in steps {
            match s {
                vexed::Step::Slide { from, to, .. } if *from == at => at = *to,
                vexed::Step::Fall { drops } => {
                    if let Some(d) = drops.iter().find(|d| d.from == at) {
                        at = d.to;
                    }
                }
                vexed::Step::Vanish { groups, .. } if groups.iter().any(|g| g.cells.contains(&at)) => return None,
                _ => {}
            }
        }
        Some(at)
    }

    fn key_text(&self) -> String {
        vexed::format::board_rows(self).join("\n")
    }

    fn hint_overlay(&self, mv: &vexed::Move) -> Vec<Overlay> {
        let [x, y] = vexed::scene::cell_origin(mv.pos);
        let dx = if mv.side == Side::Left { -1.0 } else { 1.0 };
        vec![Overlay::Mark(rect(x, y, 1.0, 1.0)), Overlay::Arrow([x + 0.5, y + 0.5], [x + 0.5 + dx, y + 0.5])]
    }

    /// The block follows the pointer (one cell at most, where it can go), and the cell it will
    /// rest in after falling is marked.
    fn drag_overlay(&self, from: Point, to: Point) -> Vec<Overlay> {
        let Some(c) = square_cell(from) else { return vec![] };
        let Some(Cell::Block(kind)) = self.grid.get(c).copied() else { return vec![] };
        let side = if to[0] < from[0] { Side::Left } else { Side::Right };
        let mv = vexed::Move { pos: c, side };
        let legal = self.moves().contains(&mv);
        let dx = if legal { (to[0] - from[0]).clamp(-1.0, 1.0) } else { 0.0 };
        let [x, y] = vexed::scene::cell_origin(c);
        let mut out = vec![
            Overlay::Cover(rect(x + 0.03, y + 0.03, 0.94, 0.94)),
            Overlay::Ghost(
                rect(x + dx + 0.06, y + 0.06, 0.88, 0.88),
                vexed::scene::block_ink(kind),
                Some(vexed::scene::block_glyph(kind)),
            ),
        ];
        if legal && dx.abs() >= 0.4 {
            out.push(Overlay::Landing(landing(self, mv)));
        }
        out
    }

    fn selectable(&self, p: Pos) -> bool {
        matches!(self.grid.get(p), Some(Cell::Block(_)))
    }

    fn solve(&self, cancel: &AtomicBool, progress: &crate::meter::Meter) -> Result<Answer<vexed::Move>, String> {
        if let Some(why) = vexed::solve::dead_reason(self) {
            return Err(format!("unsolvable from here: {why}"));
        }
        let mut observe = |n: usize| {
            progress.store(n, Ordering::Relaxed);
            !cancel.load(Ordering::Relaxed)
        };
        let limits = vexed::solve::Limits { max_states: Some(VEXED_MAX_STATES), time: None };
        let r = vexed::solve::solve_proven_observed(self, limits, &mut observe).map_err(|e| e.to_string())?;
        if cancel.load(Ordering::Relaxed) {
            return Err("cancelled".into());
        }
        let (moves, how) = match r.outcome {
            vexed::solve::Outcome::Solved { moves, proven: true } => return Ok(Answer::optimal(moves)),
            vexed::solve::Outcome::Solved { moves, proven: false } => {
                (moves, format!("the search stopped at {} million positions", VEXED_MAX_STATES / 1_000_000))
            }
            vexed::solve::Outcome::Unsolvable => {
                return Err("unsolvable from here: no sequence of moves clears the board (search exhausted)".into());
            }
            vexed::solve::Outcome::LimitReached(_) => {
                // The probe beam found nothing: a wider one (a few seconds) usually does.
                let beam = vexed::solve::solve_beam(self, 1 << 16, Default::default()).map_err(|e| e.to_string())?;
                let Some(moves) = beam.moves else {
                    return Err(format!(
                        "no solution found within {} million positions (the optimum is at least {})",
                        VEXED_MAX_STATES / 1_000_000,
                        r.bound
                    ));
                };
                (moves, "a beam search's solution".to_string())
            }
        };
        let why = format!("not proven optimal: the optimum is at least {} ({how}; {FURTHER})", r.bound);
        Ok(Answer { moves, unproven: Some(why) })
    }
}

/// Where to go past the window's solver: the command line's longer proof on a desktop; on a page,
/// which has no command line, the library's optimiser (it runs in a worker there too).
const FURTHER: &str = if cfg!(target_arch = "wasm32") {
    "Game › Solutions and snapshots (Ctrl+L) › Optimise looks for a shorter one"
} else {
    "`tumblebox vexed prove` goes further"
};

/// The blocks' cells, row by row.
fn blocks(board: &Board) -> Vec<Pos> {
    board.grid.iter().filter(|(_, c)| matches!(c, Cell::Block(_))).map(|(p, _)| p).collect()
}

/// The block the keyboard cursor starts on: the first, reading row by row.
fn first_block(board: &Board) -> Option<Pos> {
    blocks(board).into_iter().min_by_key(|p| (p.row, p.col))
}

/// The block nearest `from` the way `dir` points: along the row for left and right, else the
/// nearest row above or below, then the nearest column (the left one on a tie).
fn nearest_block(board: &Board, from: Pos, dir: Dir) -> Option<Pos> {
    let all = blocks(board);
    let gap = |a: usize, b: usize| a.abs_diff(b);
    match dir {
        Dir::Left => all.into_iter().filter(|p| p.row == from.row && p.col < from.col).max_by_key(|p| p.col),
        Dir::Right => all.into_iter().filter(|p| p.row == from.row && p.col > from.col).min_by_key(|p| p.col),
        Dir::Up | Dir::Down => all
            .into_iter()
            .filter(|p| if dir == Dir::Up { p.row < from.row } else { p.row > from.row })
            .min_by_key(|p| (gap(p.row, from.row), gap(p.col, from.col), p.col)),
    }
}
