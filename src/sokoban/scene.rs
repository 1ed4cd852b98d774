//! How a maze looks and moves: rock, floor, the target, the box (green once on the target) and
//! the player. Walks and pushes glide one cell.

use super::rules::{Level, Position, Step};
use crate::anim::{Animate, ease, phase_per_step};
use crate::grid::{Dir, Pos};

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
    /// Reverse mode (as JSoko and Sokoban YASC have it): the game is played backwards from
    /// the solved position, the player pulling boxes. Its level's goals are the forward
    /// start's boxes; this is the forward start's player cell. It is over when the boxes stand
    /// there and the player can walk to this cell.
    pub reverse: Option<Pos>,
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
        Game { level: Arc::new(maze.level), pos: maze.start, xsb, prepared: Prepared::default(), reverse: None }
    }

    /// The reverse game of this position (the level's start): the boxes on the goals, the goals
    /// where the boxes start, the player where they start or, when a box stands there now,
    /// the nearest free floor cell. `None`: as many goals as boxes are needed.
    pub fn reversed(&self) -> Option<Game> {
        if self.reverse.is_some() || self.level.goals.len() != self.pos.boxes.len() {
            return None;
        }
        let mut level = (*self.level).clone();
        level.goals = self.pos.boxes.clone();
        let mut boxes = self.level.goals.clone();
        boxes.sort();
        let free = |p: Pos| level.is_floor(p) && !boxes.contains(&p);
        let mut seen = vec![self.pos.player];
        let mut i = 0;
        let player = loop {
            let p = *seen.get(i)?;
            if free(p) {
                break p;
            }
            for d in [Dir::Up, Dir::Left, Dir::Right, Dir::Down] {
                if let Some(n) = level.walls.neighbour(p, d).filter(|&n| level.is_floor(n) && !seen.contains(&n)) {
                    seen.push(n);
                }
            }
            i += 1;
        };
        Some(Game {
            level: Arc::new(level),
            pos: Position { player, boxes },
            xsb: self.xsb,
            prepared: Prepared::default(),
            reverse: Some(self.pos.player),
        })
    }

    /// Reverse mode: the cells the player can walk to now.
    pub fn reach(&self) -> Vec<Pos> {
        let mut seen = vec![self.pos.player];
        let mut i = 0;
        while let Some(&p) = seen.get(i) {
            for d in [Dir::Up, Dir::Left, Dir::Right, Dir::Down] {
                if let Some(n) = self
                    .level
                    .walls
                    .neighbour(p, d)
                    .filter(|&n| self.level.is_floor(n) && !self.pos.boxes.contains(&n) && !seen.contains(&n))
                {
                    seen.push(n);
                }
            }
            i += 1;
        }
        seen
    }

    /// Whether the level is done: forward, every box on a goal; reverse, the boxes where the
    /// forward game starts and its player's cell in reach.
    pub fn done(&self) -> bool {
        self.level.is_solved(&self.pos) && self.reverse.is_none_or(|p| self.reach().contains(&p))
    }

    /// A direction's step by the mode's rule: forward, a walk or a push as the cells say;
    /// reverse, a pull when a box stands behind the player, otherwise a walk (what the keys do).
    pub fn step(&self, dir: Dir) -> Result<(Position, Step), super::rules::MoveError> {
        self.step_move(super::Move { dir, push: true })
    }

    /// A move's step: forward as [`Game::step`] (the cells decide); reverse, a pull only
    /// when the move is one (uppercase), so a walk may leave a box behind the player standing.
    pub fn step_move(&self, m: super::Move) -> Result<(Position, Step), super::rules::MoveError> {
        match self.reverse {
            None => self.level.step(&self.pos, m.dir),
            Some(_) => self.level.pull(&self.pos, m.dir, m.push),
        }
    }

    /// Reverse mode: the forward solution of the level its moves came from, when the reverse
    /// game is done. `moves` are the reverse game's moves from `start` (its start); the
    /// answer is the walk from the forward start's player to where the reverse game began,
    /// then each reverse move backwards: a pull becomes the push that undoes it.
    pub fn forward_moves(start: &Game, moves: &[super::Move], end: &Game) -> Option<Vec<super::Move>> {
        let from = end.reverse?;
        if !end.done() {
            return None;
        }
        // The walk in the end position, from the forward start's player to the reverse
        // player's cell, is the forward game's first walk backwards: its reverse.
        let walk = walk(end, from, end.pos.player)?;
        let mut out = walk;
        let mut here = start.clone();
        let mut kinds = Vec::with_capacity(moves.len());
        for m in moves {
            let (pos, step) = here.step_move(*m).ok()?;
            kinds.push(matches!(step, Step::Pull { .. }));
            here = here.at(pos);
        }
        for (m, pull) in moves.iter().zip(kinds).rev() {
            out.push(super::Move { dir: m.dir.opposite(), push: pull });
        }
        // The level is solved by the last push: the walks after it are not the solution's.
        while out.last().is_some_and(|m| !m.push) {
            out.pop();
        }
        Some(out)
    }

    /// The same game at another position.
    pub fn at(&self, pos: Position) -> Game {
        Game { level: self.level.clone(), pos, xsb: self.xsb, prepared: self.prepared.clone(), reverse: self.reverse }
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
        g.pos.player = step.player().1;
        if let Some((box_from, box_to)) = step.moved_box() {
            for b in g.pos.boxes.iter_mut() {
                if *b == box_from {
                    *b = box_to;
                }
            }
            g.pos.boxes.sort();
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
        // Walls drawn: the outside (walls no one can reach) is not.
        let is_wall =
            |p: Option<Pos>| p.is_some_and(|p| walls.get(p).copied().unwrap_or(false) && !self.level.is_outside(p));
        // Floor first: tiles with a fine joint, so cells can be counted.
        for (p, &wall) in walls.iter() {
            // Sokoban's outside is not drawn.
            if wall || self.level.is_outside(p) {
                continue;
            }
            let [x, y] = origin(p);
            sc.rect(x, y, 1.0, 1.0, Ink::GridLine);
            sc.rect(x + 0.025, y + 0.025, 0.95, 0.95, Ink::Floor);
        }
        // Walls as one mass (each reaches into its wall neighbours, so no seam shows between
        // them), with a shadow along their foot where floor is below: they read as raised.
        for (p, _) in walls.iter() {
            if !is_wall(Some(p)) {
                continue;
            }
            let [x, y] = origin(p);
            let right = is_wall(Some(Pos::new(p.row, p.col + 1)));
            let below = is_wall(Some(Pos::new(p.row + 1, p.col)));
            let (w, h) = (if right { 1.04 } else { 1.0 }, if below { 1.04 } else { 1.0 });
            sc.rect(x, y, w, h, Ink::Wall);
            let under = Pos::new(p.row + 1, p.col);
            if !below && walls.get(under).is_some() && !self.level.is_outside(under) {
                sc.rect(x, y + 0.86, 1.0, 0.14, Ink::WallEdge);
            }
        }
        // Goals: a ring round a dot, plain on the floor and seen round a box's foot.
        for &g in &self.level.goals {
            let [x, y] = origin(g);
            sc.outline(x + 0.22, y + 0.22, 0.56, 0.56, 0.08, Ink::Goal);
            sc.rect(x + 0.4, y + 0.4, 0.2, 0.2, Ink::Goal);
        }
        let e = ease(t);
        let lerp = |from: Pos, to: Pos| {
            let (a, b) = (origin(from), origin(to));
            [a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e]
        };
        let (player, moved_box) = match steps.first() {
            Some(s) => {
                let (from, to) = s.player();
                (lerp(from, to), s.moved_box().map(|(a, b)| (a, lerp(a, b))))
            }
            None => (origin(self.pos.player), None),
        };
        for &b in &self.pos.boxes {
            let [x, y] = match moved_box {
                Some((from, at)) if from == b => at,
                _ => origin(b),
            };
            let on_goal = self.level.goals.contains(&b) && moved_box.is_none_or(|(from, _)| from != b);
            // A crate: a dark frame, its boards, and a brace across (green when on a goal).
            let fill = if on_goal { Ink::CrateOnGoal } else { Ink::Crate };
            sc.rect(x + 0.08, y + 0.08, 0.84, 0.84, Ink::WallEdge);
            sc.rect(x + 0.14, y + 0.14, 0.72, 0.72, fill);
            sc.outline(x + 0.22, y + 0.22, 0.56, 0.56, 0.05, Ink::WallEdge);
            let (a, b2, t) = ([x + 0.27, y + 0.27], [x + 0.73, y + 0.73], 0.045);
            sc.quad(
                [[a[0] - t, a[1] + t], [a[0] + t, a[1] - t], [b2[0] + t, b2[1] - t], [b2[0] - t, b2[1] + t]],
                Ink::WallEdge,
                1.0,
            );
        }
        let [x, y] = player;
        // The player: a diamond.
        sc.quad([[x + 0.5, y + 0.12], [x + 0.88, y + 0.5], [x + 0.5, y + 0.88], [x + 0.12, y + 0.5]], Ink::Player, 1.0);
        // A goal under the player (XSB's `+`) stays visible: a small mark on the diamond.
        if steps.is_empty() && self.level.goals.contains(&self.pos.player) {
            sc.rect(x + 0.4, y + 0.4, 0.2, 0.2, Ink::Goal);
        }
        sc
    }
}

/// The shortest walk from `from` to `to` in a position (boxes in the way), as moves.
fn walk(g: &Game, from: Pos, to: Pos) -> Option<Vec<super::Move>> {
    let mut prev: std::collections::HashMap<Pos, (Pos, Dir)> = std::collections::HashMap::new();
    let mut queue = std::collections::VecDeque::from([from]);
    let free = |p: Pos| g.level.is_floor(p) && !g.pos.boxes.contains(&p);
    if !free(from) {
        return None;
    }
    while let Some(p) = queue.pop_front() {
        if p == to {
            let mut out = Vec::new();
            let mut c = p;
            while c != from {
                let (b, d) = prev[&c];
                out.push(super::Move { dir: d, push: false });
                c = b;
            }
            out.reverse();
            return Some(out);
        }
        for d in [Dir::Up, Dir::Left, Dir::Right, Dir::Down] {
            if let Some(n) = g.level.walls.neighbour(p, d).filter(|&n| free(n) && n != from && !prev.contains_key(&n)) {
                prev.insert(n, (p, d));
                queue.push_back(n);
            }
        }
    }
    None
}
