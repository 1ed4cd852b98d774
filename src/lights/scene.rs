//! How Lights Out looks and moves: nine square cells on a light ground, a light on drawn as a
//! lit lamp (amber with a pale centre), a light off as a dark cell. A press rings the pressed
//! cell, then every light it toggles fades to its new state at once.

use super::{Lights, Step, cells};
use crate::anim::{Animate, ease};
use crate::grid::Pos;
use crate::scene::{Ink, Scene};
use std::ops::Range;

/// How long the press's ring takes to appear, seconds.
pub const PRESS: f32 = 0.15;
/// How long the lights take to change, seconds.
pub const TOGGLE: f32 = 0.3;
/// The margin around the grid, in cells.
pub const MARGIN: f32 = 0.25;

/// The top-left corner of a cell, in scene units.
pub fn origin(cell: Pos) -> [f32; 2] {
    [MARGIN + cell.col as f32, MARGIN + cell.row as f32]
}

/// Draws a cell's light, on or off, at an opacity.
fn lamp(sc: &mut Scene, cell: Pos, lit: bool, opacity: f32) {
    let [x, y] = origin(cell);
    draw_lamp(sc, x, y, lit, opacity);
}

/// Draws a light, on or off, in the unit cell at (x, y) (the editor's palette draws it too).
pub fn draw_lamp(sc: &mut Scene, x: f32, y: f32, lit: bool, opacity: f32) {
    if lit {
        sc.rect_alpha(x + 0.05, y + 0.05, 0.9, 0.9, Ink::Highlight, opacity);
        sc.rect_alpha(x + 0.3, y + 0.3, 0.4, 0.4, Ink::Flash, opacity);
    } else {
        sc.rect_alpha(x + 0.05, y + 0.05, 0.9, 0.9, Ink::Wall, opacity);
    }
}

impl Animate for Lights {
    type Step = Step;

    fn after(&self, step: &Step) -> Self {
        self.after_step(step)
    }

    /// The press, then its toggles together.
    fn phases(&self, steps: &[Step]) -> Vec<(Range<usize>, f32)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < steps.len() {
            let j = match steps[i] {
                Step::Press(_) => i + 1,
                Step::Toggle { .. } => i + steps[i..].iter().take_while(|s| matches!(s, Step::Toggle { .. })).count(),
            };
            let d = if matches!(steps[i], Step::Press(_)) { PRESS } else { TOGGLE };
            out.push((i..j, d));
            i = j;
        }
        out
    }

    fn scene(&self, steps: &[Step], t: f32) -> Scene {
        let side = super::SIDE as f32 + 2.0 * MARGIN;
        let mut sc = Scene::new(side, side, Ink::Background);
        let e = ease(t);
        for cell in cells() {
            let [x, y] = origin(cell);
            sc.rect(x, y, 1.0, 1.0, Ink::GridLine);
            lamp(&mut sc, cell, self.lit(cell), 1.0);
            // A light changing fades to its new state over the old.
            for s in steps {
                if let Step::Toggle { cell: c, lit } = s
                    && *c == cell
                {
                    lamp(&mut sc, cell, *lit, e);
                }
            }
        }
        // The pressed cell is ringed: growing while the press plays, full while its lights
        // change.
        for s in steps {
            if let Step::Press(cell) = s {
                let [x, y] = origin(*cell);
                sc.outline(x, y, 1.0, 1.0, 0.02 + 0.08 * e, Ink::Player);
            }
        }
        if let Some(Step::Toggle { .. }) = steps.first()
            && let Some(cell) = pressed(steps)
        {
            let [x, y] = origin(cell);
            sc.outline(x, y, 1.0, 1.0, 0.1, Ink::Player);
        }
        sc
    }
}

/// The pressed cell of a press's toggles: the first toggled (a press toggles its own cell
/// first).
fn pressed(steps: &[Step]) -> Option<Pos> {
    match steps.first() {
        Some(Step::Toggle { cell, .. }) => Some(*cell),
        _ => None,
    }
}
