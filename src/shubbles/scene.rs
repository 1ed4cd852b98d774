//! How the box looks (Fig. 1(a) style) and moves: a wall frame around the 29 grid cells with a
//! gap under cell 28 (the outlet), shubbles blue, smoles red, the stot black. The box turns
//! continuously about its centre with the creatures held in their cells; they fall only when
//! the turn is complete, accelerating; a shubble leaving slides out through the outlet and
//! disappears once fully outside.

use super::rules::{CELLS, COLS, Content, Failure, OPENING_CELL, ROWS, State, Step, cell_pos, down};
use crate::anim::{Animate, ease};
use crate::scene::{Ink, Scene, Transform};
use std::collections::HashMap;
use std::f32::consts::FRAC_PI_2;
use std::ops::Range;

/// Size of the square view, in cells.
pub const VIEW: f32 = 10.0;
/// Thickness of the wall frame around the grid, in cells.
pub const FRAME: f32 = 0.35;
/// Gravity for smooth falls, cells per second squared.
pub const GRAVITY: f32 = 60.0;
/// Seconds for a quarter turn of the box (10 frames at 20 fps: the middle frame is at 45°).
pub const QUARTER_TURN: f32 = 0.5;
/// Seconds for a half turn.
pub const HALF_TURN: f32 = 0.8;
/// Seconds for a stot move.
pub const STOT_MOVE: f32 = 0.35;
/// Seconds a failure flashes.
pub const FAILURE: f32 = 0.8;
/// Inset of creature squares within their cell.
const INSET: f32 = 0.1;

/// The pivot of rotation (the centre of the 5 x 7 grid), in box units.
pub const PIVOT: [f32; 2] = [COLS as f32 / 2.0, ROWS as f32 / 2.0];

/// The transform from box units to view units for a box angle (radians, clockwise).
pub fn transform(angle: f32) -> Transform {
    Transform { pivot: PIVOT, angle, offset: [VIEW / 2.0 - PIVOT[0], VIEW / 2.0 - PIVOT[1]] }
}

/// One creature's fall during a settle: where it starts, how far it goes (cells), whether it
/// leaves through the outlet.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Drop {
    creature: Content,
    from: usize,
    cells: f32,
    exits: bool,
}

/// How far past cell 28's centre a leaving creature travels until it is fully outside.
const EXIT_EXTRA: f32 = 1.0 + FRAME;

/// Follows creatures through a run of Exit / Fall ticks.
fn drops(steps: &[Step]) -> Vec<Drop> {
    // Current cell -> index into `out`.
    let mut at: HashMap<usize, usize> = HashMap::new();
    let mut out: Vec<Drop> = Vec::new();
    for s in steps {
        match s {
            Step::Exit { creature, .. } => {
                let i = *at.entry(OPENING_CELL).or_insert_with(|| {
                    out.push(Drop { creature: *creature, from: OPENING_CELL, cells: 0.0, exits: false });
                    out.len() - 1
                });
                at.remove(&OPENING_CELL);
                out[i].exits = true;
                out[i].cells += EXIT_EXTRA;
            }
            Step::Fall { moves, .. } => {
                let moving: Vec<(usize, usize)> = moves
                    .iter()
                    .map(|m| {
                        let i = at.remove(&m.from).unwrap_or_else(|| {
                            out.push(Drop { creature: m.creature, from: m.from, cells: 0.0, exits: false });
                            out.len() - 1
                        });
                        (i, m.to)
                    })
                    .collect();
                for (i, to) in moving {
                    out[i].cells += 1.0;
                    at.insert(to, i);
                }
            }
            _ => {}
        }
    }
    out
}

fn fall_time(cells: f32) -> f32 {
    (2.0 * cells.max(0.0) / GRAVITY).sqrt()
}

fn is_fall(s: &Step) -> bool {
    matches!(s, Step::Fall { .. } | Step::Exit { .. })
}

impl Animate for State {
    /// At most one operation a second, and longer holds: a turn of the box is read, not seen.
    const PACING: crate::anim::Pacing =
        crate::anim::Pacing { hold_start: 1.0, hold_end: 1.5, min_move: 1.0, speed: 1.0 };

    type Step = Step;

    fn after(&self, step: &Step) -> State {
        State::after(self, step)
    }

    fn phases(&self, steps: &[Step]) -> Vec<(Range<usize>, f32)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < steps.len() {
            if is_fall(&steps[i]) {
                let j = (i..steps.len()).find(|&j| !is_fall(&steps[j])).unwrap_or(steps.len());
                let longest = drops(&steps[i..j]).iter().map(|d| d.cells).fold(0.0, f32::max);
                out.push((i..j, fall_time(longest)));
                i = j;
                continue;
            }
            let d = match &steps[i] {
                Step::Rotate { quarter_turns, .. } if quarter_turns.abs() == 2 => HALF_TURN,
                Step::Rotate { .. } => QUARTER_TURN,
                Step::StotMove { .. } => STOT_MOVE,
                Step::Failed(_) => FAILURE,
                _ => 0.0,
            };
            out.push((i..i + 1, d));
            i += 1;
        }
        out
    }

    fn keyframes(&self, steps: &[Step]) -> Vec<(Range<usize>, f32)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < steps.len() {
            match &steps[i] {
                Step::Rotate { quarter_turns, .. } if quarter_turns.abs() == 2 => {
                    out.push((i..i + 1, 0.5));
                    out.push((i..i + 1, 1.0));
                }
                Step::Exit { tick, .. } => {
                    // The exits and the fall of one tick make one frame.
                    let t = *tick;
                    let j = (i..steps.len())
                        .find(|&j| match &steps[j] {
                            Step::Exit { tick, .. } => *tick != t,
                            Step::Fall { tick, .. } => *tick != t,
                            _ => true,
                        })
                        .unwrap_or(steps.len());
                    out.push((i..j, 1.0));
                    i = j;
                    continue;
                }
                _ => out.push((i..i + 1, 1.0)),
            }
            i += 1;
        }
        out
    }

    fn scene(&self, steps: &[Step], t: f32) -> Scene {
        let mut angle = self.orientation as f32 * FRAC_PI_2;
        let mut stot_from_to: Option<(usize, usize, f32)> = None;
        let mut falling: Vec<Drop> = Vec::new();
        let mut fall_dist = 0.0;
        let mut failure = None;
        match steps.first() {
            Some(Step::Rotate { quarter_turns, .. }) => angle += *quarter_turns as f32 * FRAC_PI_2 * ease(t),
            Some(Step::StotMove { from, to }) => stot_from_to = Some((*from, *to, ease(t))),
            Some(s) if is_fall(s) => {
                falling = drops(steps);
                let longest = falling.iter().map(|d| d.cells).fold(0.0, f32::max);
                let tau = t * fall_time(longest);
                fall_dist = 0.5 * GRAVITY * tau * tau;
            }
            Some(Step::Failed(f)) => failure = Some((*f, t)),
            _ => {}
        }
        draw(self, angle, stot_from_to, &falling, fall_dist, failure)
    }
}

fn draw(
    state: &State,
    angle: f32,
    stot: Option<(usize, usize, f32)>,
    falling: &[Drop],
    fall_dist: f32,
    failure: Option<(Failure, f32)>,
) -> Scene {
    let tf = transform(angle);
    let mut sc = Scene::new(VIEW, VIEW, Ink::Background);
    // The wall frame and the walls inside the grid's bounding box.
    sc.quad(tf.rect(-FRAME, -FRAME, COLS as f32 + 2.0 * FRAME, ROWS as f32 + 2.0 * FRAME), Ink::Wall, 1.0);
    // The outlet: a gap through the frame under cell 28.
    let (or, oc) = cell_pos(OPENING_CELL);
    sc.quad(tf.rect(oc as f32 + 0.08, (or + 1) as f32 - 0.01, 0.84, FRAME + 0.02), Ink::Background, 1.0);
    for i in 0..CELLS {
        let (r, c) = cell_pos(i);
        sc.quad(tf.rect(c as f32, r as f32, 1.0, 1.0), Ink::GridLine, 1.0);
        sc.quad(tf.rect(c as f32 + 0.04, r as f32 + 0.04, 0.92, 0.92), Ink::Cell, 1.0);
    }
    let d = down(state.orientation);
    let moving: HashMap<usize, &Drop> = falling.iter().map(|f| (f.from, f)).collect();
    let ink = |c: Content| match c {
        Content::Shubble => Ink::Shubble,
        Content::Smole => Ink::Smole,
        _ => Ink::Stot,
    };
    for i in 0..CELLS {
        let c = state.cells[i];
        if c == Content::Empty {
            continue;
        }
        let (r, col) = cell_pos(i);
        let (mut x, mut y) = (col as f32, r as f32);
        if c == Content::Stot
            && let Some((_, to, p)) = stot
        {
            let (tr, tc) = cell_pos(to);
            x += (tc as f32 - x) * p;
            y += (tr as f32 - y) * p;
        }
        if let Some(f) = moving.get(&i) {
            let dist = fall_dist.min(f.cells);
            if f.exits && dist >= f.cells {
                continue; // fully outside: gone
            }
            x += d.1 as f32 * dist;
            y += d.0 as f32 * dist;
        }
        sc.quad(tf.rect(x + INSET, y + INSET, 1.0 - 2.0 * INSET, 1.0 - 2.0 * INSET), ink(c), 1.0);
        // A shape as well as a colour, as the Vexed blocks have: a shubble (`o`) a hollow
        // square, a smole (`x`) a cross; turned with the box.
        if let Some(g) = match c {
            Content::Shubble => Some(crate::scene::GLYPH_RING),
            Content::Smole => Some(crate::scene::GLYPH_CROSS),
            _ => None,
        } {
            let mut mark = Scene::new(VIEW, VIEW, Ink::Background);
            mark.glyph(g, x + 0.5, y + 0.5, 0.28, ink(c).on(), 1.0);
            for shape in mark.shapes {
                if let crate::scene::Shape::Quad { corners, ink, opacity } = shape {
                    sc.quad(corners.map(|p| tf.apply(p)), ink, opacity);
                }
            }
        }
    }
    if let Some((f, t)) = failure {
        // Flash the cells involved, three times.
        let on = ((t * 6.0) as u32).is_multiple_of(2);
        let cells: Vec<usize> = match f {
            Failure::StotIntoWall { from } => vec![from],
            Failure::StotIntoCreature { from, to } => vec![from, to],
            Failure::StotLoaded { stot, on_top } => vec![stot, on_top],
            Failure::SmoleLeft => vec![OPENING_CELL],
        };
        if on {
            for i in cells {
                let (r, c) = cell_pos(i);
                for (x, y, w, h) in [
                    (c as f32, r as f32, 1.0, 0.12),
                    (c as f32, r as f32 + 0.88, 1.0, 0.12),
                    (c as f32, r as f32, 0.12, 1.0),
                    (c as f32 + 0.88, r as f32, 0.12, 1.0),
                ] {
                    sc.quad(tf.rect(x, y, w, h), Ink::Highlight, 1.0);
                }
            }
        }
    }
    sc
}
