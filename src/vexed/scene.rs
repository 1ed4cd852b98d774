//! How a Vexed board looks and moves: walls, empty cells, blocks coloured by kind. A slide
//! glides one cell; falls accelerate; vanishing groups flash, then fade.

use super::rules::{Board, Cell, Drop, Step};
use crate::anim::{Animate, ease, phase_per_step};
use crate::grid::Pos;
use crate::scene::{BLOCK_COLOURS, GLYPHS, Ink, Scene};
use std::ops::Range;

pub const SLIDE: f32 = 0.2;
pub const VANISH: f32 = 0.6;
pub const GRAVITY: f32 = 60.0;
const INSET: f32 = 0.06;
const MARGIN: f32 = 0.25;

/// A block kind's index: `a` and `A` are 0, `b` and `B` 1, and so on (`a` to `z` in the
/// World Finals format, where case does not name a different kind of the packs).
fn kind_index(kind: u8) -> usize {
    kind.to_ascii_lowercase().wrapping_sub(b'a') as usize % 26
}

/// The colour of a block kind: `a`/`A` is the first colour, and so on.
pub fn block_ink(kind: u8) -> Ink {
    Ink::Block((kind_index(kind) % BLOCK_COLOURS) as u8)
}

/// The glyph of a block kind: with the colour, a pair no two of the 26 letters share (kinds 8
/// apart share a colour, never a glyph).
pub fn block_glyph(kind: u8) -> usize {
    let k = kind_index(kind);
    (k + k / BLOCK_COLOURS) % GLYPHS
}

fn fall_time(cells: f32) -> f32 {
    (2.0 * cells / GRAVITY).sqrt()
}

/// Where a cell's top-left corner is in scene units.
pub fn cell_origin(p: Pos) -> [f32; 2] {
    [MARGIN + p.col as f32, MARGIN + p.row as f32]
}

impl Animate for Board {
    type Step = Step;

    fn after(&self, step: &Step) -> Board {
        let mut b = self.clone();
        match step {
            Step::Slide { kind, from, to } => {
                b.grid[*from] = Cell::Empty;
                b.grid[*to] = Cell::Block(*kind);
            }
            Step::Fall { drops } => {
                for d in drops {
                    b.grid[d.from] = Cell::Empty;
                }
                for d in drops {
                    b.grid[d.to] = Cell::Block(d.kind);
                }
            }
            Step::Vanish { groups, .. } => {
                for g in groups {
                    for &p in &g.cells {
                        b.grid[p] = Cell::Empty;
                    }
                }
            }
        }
        b
    }

    fn phases(&self, steps: &[Step]) -> Vec<(Range<usize>, f32)> {
        phase_per_step(steps, |s| match s {
            Step::Slide { .. } => SLIDE,
            Step::Fall { drops } => fall_time(longest(drops)),
            Step::Vanish { .. } => VANISH,
        })
    }

    fn scene(&self, steps: &[Step], t: f32) -> Scene {
        let mut sc = Scene::new(self.cols() as f32 + 2.0 * MARGIN, self.rows() as f32 + 2.0 * MARGIN, Ink::Wall);
        for (p, c) in self.grid.iter() {
            let [x, y] = cell_origin(p);
            match c {
                Cell::Wall => {
                    sc.rect(x, y, 1.0, 1.0, Ink::Wall);
                }
                _ => {
                    sc.rect(x, y, 1.0, 1.0, Ink::GridLine);
                    sc.rect(x + 0.03, y + 0.03, 0.94, 0.94, Ink::Cell);
                }
            }
        }
        let step = steps.first();
        let mut moving: Vec<(Pos, [f32; 2], f32)> = Vec::new(); // (cell, offset, opacity)
        let mut flash: Vec<Pos> = Vec::new();
        match step {
            Some(Step::Slide { to, from, .. }) => {
                let dx = to.col as f32 - from.col as f32;
                moving.push((*from, [dx * ease(t), 0.0], 1.0));
            }
            Some(Step::Fall { drops }) => {
                let tau = t * fall_time(longest(drops));
                let dist = 0.5 * GRAVITY * tau * tau;
                for d in drops {
                    let cells = (d.to.row - d.from.row) as f32;
                    moving.push((d.from, [0.0, dist.min(cells)], 1.0));
                }
            }
            Some(Step::Vanish { groups, .. }) => {
                // Flash three times in the first half, then fade out.
                let opacity = if t < 0.5 { 1.0 } else { 1.0 - (t - 0.5) * 2.0 };
                let lit = t < 0.5 && ((t * 6.0) as u32).is_multiple_of(2);
                for g in groups {
                    for &p in &g.cells {
                        moving.push((p, [0.0, 0.0], opacity));
                        if lit {
                            flash.push(p);
                        }
                    }
                }
            }
            None => {}
        }
        for (p, c) in self.grid.iter() {
            let Cell::Block(kind) = *c else { continue };
            let (off, opacity) = moving.iter().find(|m| m.0 == p).map_or(([0.0, 0.0], 1.0), |m| (m.1, m.2));
            let [x, y] = cell_origin(p);
            let (x, y) = (x + off[0], y + off[1]);
            let lit = flash.contains(&p);
            let ink = if lit { Ink::Flash } else { block_ink(kind) };
            sc.rect_alpha(x + INSET, y + INSET, 1.0 - 2.0 * INSET, 1.0 - 2.0 * INSET, ink, opacity);
            if !lit {
                sc.glyph(block_glyph(kind), x + 0.5, y + 0.5, 0.24, ink.on(), opacity);
            }
        }
        sc
    }
}

fn longest(drops: &[Drop]) -> f32 {
    drops.iter().map(|d| (d.to.row - d.from.row) as f32).fold(0.0, f32::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter_has_its_own_colour_and_glyph() {
        let mut seen = std::collections::HashSet::new();
        for k in b'a'..=b'z' {
            assert!(seen.insert((block_ink(k), block_glyph(k))), "{} looks like another kind", k as char);
            assert_eq!(
                (block_ink(k), block_glyph(k)),
                (block_ink(k.to_ascii_uppercase()), block_glyph(k.to_ascii_uppercase()))
            );
        }
    }
}
