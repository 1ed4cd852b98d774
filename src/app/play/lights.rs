//! Lights Out in the window (the test-only toy game): a click presses a cell; the solver is
//! the breadth-first search over the 512 positions.

use super::{Answer, Gesture, Overlay, Playable, cell, square_cell};
use crate::grid::Pos;
use crate::lights::{self, Lights, format, scene::MARGIN, solve};
use crate::scene::Point;
use std::sync::atomic::{AtomicBool, Ordering};

impl Playable for Lights {
    const HELP: crate::app::help::Help = crate::app::help::Help {
        sections: &[
            (
                "Rules",
                "Click a cell to press it: its light and the lights of the cells above, below, \
                 left and right of it change, on to off and off to on.",
            ),
            ("End", "The level is solved when every light is off."),
            (
                "Cells",
                "A lit cell is amber with a pale centre; a dark cell is grey. Cells are named a1 (top left) to c3 (bottom right).",
            ),
        ],
        keys: &[],
    };

    /// The built-in pack, each level's par the fewest presses the search finds.
    fn built_in() -> Vec<crate::app::Level<Self>> {
        let pack = format::parse_pack(lights::levels::LEVELS).expect("the built-in levels read");
        pack.into_iter()
            .map(|(start, title)| {
                let par = match solve::solve(&start, solve::Limits::default(), &mut |_| true) {
                    solve::Outcome::Solved(m) => Some(m.len()),
                    _ => None,
                };
                crate::app::Level::new(title, start, par)
            })
            .collect()
    }

    fn step_cells(&self, step: &lights::Step) -> Vec<Pos> {
        match step {
            lights::Step::Press(c) | lights::Step::Toggle { cell: c, .. } => vec![*c],
        }
    }

    fn cell_quad(&self, c: Pos) -> [Point; 4] {
        cell(MARGIN + c.col as f32, MARGIN + c.row as f32)
    }

    fn cell_at(&self, p: Point) -> Option<Pos> {
        square_cell(p).filter(|&c| lights::on_grid(c))
    }

    fn cell_name(&self, c: Pos) -> String {
        format::cell_name(c)
    }

    fn contents(&self, c: Pos) -> String {
        if !lights::on_grid(c) {
            "outside the grid".into()
        } else if self.lit(c) {
            "light on".into()
        } else {
            "light off".into()
        }
    }

    /// A click presses the cell under it.
    fn gesture(&self, g: Gesture, _: &mut super::Selection) -> Vec<Pos> {
        match g {
            Gesture::Click(p) => self.cell_at(p).into_iter().collect(),
            _ => vec![],
        }
    }

    fn solve(&self, cancel: &AtomicBool, progress: &crate::meter::Meter) -> Result<Answer<Pos>, String> {
        let mut observe = |n: usize| {
            progress.store(n, Ordering::Relaxed);
            !cancel.load(Ordering::Relaxed)
        };
        match solve::solve(self, solve::Limits::default(), &mut observe) {
            solve::Outcome::Solved(moves) => Ok(Answer::optimal(moves)),
            solve::Outcome::Unsolvable => {
                Err("unsolvable from here: no presses put every light off (search exhausted)".into())
            }
            solve::Outcome::Stopped { why: solve::Stop::Cancelled, .. } => Err("cancelled".into()),
            solve::Outcome::Stopped { bound, .. } => {
                Err(format!("the search stopped; a solution has at least {bound} presses"))
            }
        }
    }

    fn solution_text(&self, answer: &Answer<Pos>) -> String {
        let n = answer.moves.len();
        format!("solution: {n} press{}, proven optimal", if n == 1 { "" } else { "es" })
    }

    fn key_text(&self) -> String {
        format::rows(self).join("\n")
    }

    /// The cell to press, outlined.
    fn hint_overlay(&self, mv: &Pos) -> Vec<Overlay> {
        vec![Overlay::Mark(self.cell_quad(*mv))]
    }
}
