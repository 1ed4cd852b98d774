//! How the stacks board looks and moves: white, red and blue squares; numbered pieces drawn in
//! stack order, bottom first, each with a notch showing its heading. A moving part glides to
//! its square; on red it then visibly turns over (the pieces swap levels); a bounce flips the
//! heading; a square that reaches four flashes.

use super::rules::{Color, Game, Heading, Step};
use crate::anim::{Animate, ease, phase_per_step};
use crate::grid::{Dir, Pos};
use crate::scene::{Ink, PIECE_COLOURS, Scene};
use std::ops::Range;

pub const MOVE: f32 = 0.35;
pub const REVERSAL: f32 = 0.3;
pub const BOUNCE: f32 = 0.2;
pub const FOUR: f32 = 0.8;
const MARGIN: f32 = 0.2;
/// Height of one piece in a stack, in squares (a stack of four fills most of a square).
const LAYER: f32 = 0.2;

fn origin(p: Pos) -> [f32; 2] {
    [MARGIN + p.col as f32, MARGIN + p.row as f32]
}

pub fn square_ink(c: Color) -> Ink {
    match c {
        Color::White => Ink::SquareWhite,
        Color::Red => Ink::SquareRed,
        Color::Blue => Ink::SquareBlue,
    }
}

impl Animate for Game {
    type Step = Step;

    fn after(&self, step: &Step) -> Game {
        let mut g = self.clone();
        match step {
            Step::StackMove { from, to, carried, reversed, .. } => {
                let keep = g.stacks[*from].len() - carried.len();
                g.stacks[*from].truncate(keep);
                let mut landing = carried.clone();
                if *reversed {
                    landing.reverse();
                }
                for &p in &landing {
                    g.pos[p] = *to;
                }
                g.stacks[*to].extend(landing);
            }
            Step::Reverse { piece, heading } => g.heading[*piece] = *heading,
            Step::ReachedFour { .. } => g.over = true,
            Step::Skip { .. } | Step::Blocked { .. } => {}
        }
        g
    }

    fn phases(&self, steps: &[Step]) -> Vec<(Range<usize>, f32)> {
        phase_per_step(steps, |s| match s {
            Step::StackMove { reversed, .. } => MOVE + if *reversed { REVERSAL } else { 0.0 },
            Step::Reverse { .. } | Step::Blocked { .. } | Step::Skip { .. } => BOUNCE,
            Step::ReachedFour { .. } => FOUR,
        })
    }

    fn scene(&self, steps: &[Step], t: f32) -> Scene {
        let n = self.colors.rows();
        let mut sc = Scene::new(n as f32 + 2.0 * MARGIN, n as f32 + 2.0 * MARGIN, Ink::Background);
        for (p, &c) in self.colors.iter() {
            let [x, y] = origin(p);
            sc.rect(x, y, 1.0, 1.0, Ink::GridLine);
            sc.rect(x + 0.03, y + 0.03, 0.94, 0.94, square_ink(c));
        }
        let step = steps.first();
        if let Some(Step::ReachedFour { at, .. }) = step
            && ((t * 6.0) as u32).is_multiple_of(2)
        {
            let [x, y] = origin(*at);
            sc.outline(x, y, 1.0, 1.0, 0.1, Ink::Highlight);
        }
        // Each piece's square-relative place: (square origin + offset, level in its stack).
        let mut placed: Vec<(usize, [f32; 2], f32)> = Vec::new();
        for (p, stack) in self.stacks.iter() {
            let moving: &[usize] = match step {
                Some(Step::StackMove { from, carried, .. }) if *from == p => carried,
                _ => &[],
            };
            for (level, &piece) in stack.iter().enumerate() {
                if !moving.contains(&piece) {
                    placed.push((piece, origin(p), level as f32));
                }
            }
        }
        if let Some(Step::StackMove { from, to, carried, reversed, .. }) = step {
            let total = MOVE + if *reversed { REVERSAL } else { 0.0 };
            let glide = ease((t * total / MOVE).min(1.0));
            let turn = if *reversed { ease(((t * total - MOVE) / REVERSAL).max(0.0)) } else { 0.0 };
            let (a, b) = (origin(*from), origin(*to));
            let at = [a[0] + (b[0] - a[0]) * glide, a[1] + (b[1] - a[1]) * glide];
            let base_from = (self.stacks[*from].len() - carried.len()) as f32;
            let base_to = self.stacks[*to].len() as f32;
            let base = base_from + (base_to - base_from) * glide;
            let k = carried.len() as f32 - 1.0;
            for (i, &piece) in carried.iter().enumerate() {
                let i = i as f32;
                placed.push((piece, at, base + i + (k - 2.0 * i) * turn));
            }
        }
        placed.sort_by(|x, y| x.2.total_cmp(&y.2));
        for (piece, [x, y], level) in placed {
            let flip = matches!(step, Some(Step::Reverse { piece: p, .. }) if *p == piece);
            let mut heading = self.heading[piece];
            if flip && t >= 0.5 {
                heading = Heading(heading.0.opposite());
            }
            draw_piece(
                &mut sc,
                piece,
                x,
                y,
                level,
                heading,
                flip || matches!(step, Some(Step::Blocked { piece: p }) if *p == piece),
            );
        }
        sc
    }
}

/// A piece (numbered from 0) at level `level` of the stack on the square at (x, y).
pub fn draw_piece(sc: &mut Scene, piece: usize, x: f32, y: f32, level: f32, heading: Heading, lit: bool) {
    let (w, h) = (0.76, 0.17);
    let px = x + 0.12;
    let py = y + 0.78 - level * LAYER;
    let ink = Ink::Piece((piece % PIECE_COLOURS) as u8);
    // A light frame: every dark piece stands apart from the red and blue squares too.
    sc.rect(px - 0.025, py - 0.025, w + 0.05, h + 0.05, if lit { Ink::Highlight } else { Ink::TextLight });
    sc.rect(px, py, w, h, ink);
    sc.text([px + 0.22, py + h / 2.0], 0.16, (piece + 1).to_string(), Ink::TextLight);
    // Heading notch: a small triangle at the right of the piece.
    let (cx, cy) = (px + 0.58, py + h / 2.0);
    let r = 0.065;
    let tri = match heading.0 {
        Dir::Right => [[cx - r, cy - r], [cx + r, cy], [cx + r, cy], [cx - r, cy + r]],
        Dir::Left => [[cx + r, cy - r], [cx + r, cy + r], [cx - r, cy], [cx - r, cy]],
        Dir::Up => [[cx - r, cy + r], [cx, cy - r], [cx, cy - r], [cx + r, cy + r]],
        Dir::Down => [[cx - r, cy - r], [cx + r, cy - r], [cx, cy + r], [cx, cy + r]],
    };
    sc.quad(tri, Ink::TextLight, 1.0);
}
