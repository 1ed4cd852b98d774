//! How a maze looks and moves: rock, floor, the target, the box (green once on the target) and
//! the player. Walks and pushes glide one cell.

use super::rules::{Level, Position, Step};
use crate::anim::{Animate, ease, phase_per_step};
use crate::grid::Pos;
use crate::scene::{Ink, Scene};
use std::ops::Range;
use std::sync::Arc;

pub const WALK: f32 = 0.12;
const MARGIN: f32 = 0.25;

/// A level and a position together: what the animation and the app show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub level: Arc<Level>,
    pub pos: Position,
    /// The level is Sokoban's (XSB, moves in LURD), not a UVa 589 maze (`nsewNSEW`).
    pub xsb: bool,
    /// The solver's view of the level (dead squares, distances), made when first asked for.
    pub prepared: Prepared,
}

/// A level prepared for the solver's deadlock rules once, shared by every position of a
/// game (the window asks for it every frame while dead squares are shown).
#[derive(Clone, Default)]
pub struct Prepared(Arc<std::sync::OnceLock<super::search::Board>>);

/// Made from the level alone, so two games of one level are equal whatever it holds.
impl PartialEq for Prepared {
    fn eq(&self, _: &Prepared) -> bool {
        true
    }
}

impl Eq for Prepared {}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() { "Prepared" } else { "Prepared (not yet)" })
    }
}

impl Game {
    pub fn new(maze: super::format::Maze, xsb: bool) -> Game {
        Game { level: Arc::new(maze.level), pos: maze.start, xsb, prepared: Prepared::default() }
    }

    /// The same game at another position.
    pub fn at(&self, pos: Position) -> Game {
        Game { level: self.level.clone(), pos, xsb: self.xsb, prepared: self.prepared.clone() }
    }

    /// The level prepared for the solver's rules (made once per game).
    pub fn board(&self) -> &super::search::Board {
        self.prepared.0.get_or_init(|| super::search::Board::new(&self.level))
    }

    /// A move in the level's own notation: LURD, or UVa's `nsewNSEW`.
    pub fn notation(&self, m: super::Move) -> char {
        if self.xsb { super::xsb::lurd_char(m) } else { m.char() }
    }

    /// The level and the position as a maze.
    pub fn maze(&self) -> super::format::Maze {
        super::format::Maze { level: (*self.level).clone(), start: self.pos.clone() }
    }
}

fn origin(p: Pos) -> [f32; 2] {
    [MARGIN + p.col as f32, MARGIN + p.row as f32]
}

impl Animate for Game {
    type Step = Step;

    fn after(&self, step: &Step) -> Game {
        let mut g = self.clone();
        match *step {
            Step::Walk { to, .. } => g.pos.player = to,
            Step::Push { to, box_from, box_to, .. } => {
                g.pos.player = to;
                for b in g.pos.boxes.iter_mut() {
                    if *b == box_from {
                        *b = box_to;
                    }
                }
                g.pos.boxes.sort();
            }
        }
        g
    }

    fn phases(&self, steps: &[Step]) -> Vec<(Range<usize>, f32)> {
        phase_per_step(steps, |_| WALK)
    }

    fn scene(&self, steps: &[Step], t: f32) -> Scene {
        let walls = &self.level.walls;
        let mut sc =
            Scene::new(walls.cols() as f32 + 2.0 * MARGIN, walls.rows() as f32 + 2.0 * MARGIN, Ink::Background);
        for (p, &wall) in walls.iter() {
            // Sokoban's outside is not drawn.
            if self.level.is_outside(p) {
                continue;
            }
            let [x, y] = origin(p);
            sc.rect(x, y, 1.0, 1.0, if wall { Ink::Wall } else { Ink::Floor });
        }
        for &g in &self.level.goals {
            let [x, y] = origin(g);
            sc.rect(x + 0.3, y + 0.3, 0.4, 0.4, Ink::Goal);
        }
        let e = ease(t);
        let lerp = |from: Pos, to: Pos| {
            let (a, b) = (origin(from), origin(to));
            [a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e]
        };
        let (player, moved_box) = match steps.first() {
            Some(&Step::Walk { from, to }) => (lerp(from, to), None),
            Some(&Step::Push { from, to, box_from, box_to }) => {
                (lerp(from, to), Some((box_from, lerp(box_from, box_to))))
            }
            None => (origin(self.pos.player), None),
        };
        for &b in &self.pos.boxes {
            let [x, y] = match moved_box {
                Some((from, at)) if from == b => at,
                _ => origin(b),
            };
            let on_goal = self.level.goals.contains(&b) && moved_box.is_none_or(|(from, _)| from != b);
            sc.rect(x + 0.08, y + 0.08, 0.84, 0.84, Ink::WallEdge);
            sc.rect(x + 0.14, y + 0.14, 0.72, 0.72, if on_goal { Ink::CrateOnGoal } else { Ink::Crate });
        }
        let [x, y] = player;
        // The player: a diamond.
        sc.quad([[x + 0.5, y + 0.12], [x + 0.88, y + 0.5], [x + 0.5, y + 0.88], [x + 0.12, y + 0.5]], Ink::Player, 1.0);
        sc
    }
}
