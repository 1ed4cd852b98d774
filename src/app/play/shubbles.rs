//! The shubbles box in the window: turns and stot moves by key (arrows as seen on screen),
//! creatures leaving as events, the breadth-first solver.

use super::{Answer, Break, Event, Gesture, Overlay, Playable, inside};
use crate::grid::{Dir, Pos};
use crate::scene::{Point, Transform};
use crate::shubbles::{self, Op};
use std::sync::atomic::{AtomicBool, Ordering};

impl Playable for shubbles::State {
    const HELP: super::Help = super::Help {
        sections: &[
            (
                "Rules",
                "A box of 29 cells holds shubbles (blue), two smoles (red) and the stot (black). \
                 Turn the box a quarter clockwise (+), a half turn (|) or a quarter \
                 counter-clockwise (-): then everything falls, one cell a tick, and a creature \
                 over the opening under cell 28 drops out of the box. The stot moves one cell at a \
                 time into an empty cell, and never falls.",
            ),
            (
                "Goal",
                "Let every shubble out and keep both smoles in. A smole leaving, or the stot moving \
                 into a wall or a creature, ends the attempt (written !).",
            ),
            (
                "Notation",
                "Moves are written as the challenge writes them: + | - for turns, < > ^ v for the \
                 stot in the box's own frame. The arrow keys move the stot the way they point on \
                 screen, whatever the turn, as does a swipe on the board or a tap on a cell beside the stot; \
                 typing < > ^ v enters the notation itself. View › Cell \
                 numbers shows the numbers 1 to 29.",
            ),
        ],
        keys: &[
            ("+  ]", "turn clockwise"),
            ("|  H", "half turn"),
            ("-  [", "turn counter-clockwise"),
            ("arrows  /  swipe", "move the stot on screen"),
            ("tap beside the stot", "move it there"),
            ("< > ^ v", "move the stot (box frame)"),
        ],
    };
    fn built_in() -> Vec<crate::app::Level<Self>> {
        super::super::files::builtin_shubbles()
    }
    /// A cell of the box is `Pos { row: 0, col: i }`, `i` from 0 (named from 1).
    fn step_cells(&self, step: &shubbles::Step) -> Vec<Pos> {
        use shubbles::Step::*;
        let cells: Vec<usize> = match step {
            StotMove { from, to } => vec![*from, *to],
            Exit { .. } => vec![shubbles::rules::OPENING_CELL],
            Fall { moves, .. } => moves.iter().flat_map(|m| [m.from, m.to]).collect(),
            Failed(_) | Rotate { .. } => vec![],
        };
        cells.into_iter().map(|i| Pos::new(0, i)).collect()
    }

    fn cell_quad(&self, c: Pos) -> [Point; 4] {
        self.box_quad(c.col)
    }

    fn cell_at(&self, p: Point) -> Option<Pos> {
        (0..shubbles::rules::CELLS).find(|&i| inside(&self.box_quad(i), p)).map(|i| Pos::new(0, i))
    }

    fn cell_name(&self, c: Pos) -> String {
        format!("cell {}", c.col + 1)
    }

    fn contents(&self, c: Pos) -> String {
        use shubbles::Content::*;
        match self.cells.get(c.col) {
            Some(Empty) => "empty".into(),
            Some(Shubble) => "a shubble".into(),
            Some(Smole) => "a smole".into(),
            Some(Stot) => "the stot".into(),
            None => "outside the box".into(),
        }
    }

    fn events(&self, step: &shubbles::Step) -> Vec<Event> {
        match step {
            shubbles::Step::Exit { creature, .. } => {
                vec![Event::Leaves { smole: *creature == shubbles::Content::Smole }]
            }
            _ => vec![],
        }
    }

    fn buttons() -> &'static [(&'static str, egui::Key)] {
        &[
            ("+ turn clockwise", egui::Key::Plus),
            ("| half turn", egui::Key::Pipe),
            ("- turn counter-clockwise", egui::Key::Minus),
        ]
    }

    fn actions() -> Vec<(&'static str, Gesture)> {
        let mut all: Vec<(&'static str, Gesture)> =
            Self::buttons().iter().map(|&(label, key)| (label, Gesture::Key(key))).collect();
        all.extend([
            ("stot left in the box's frame (<)", Gesture::Text('<')),
            ("stot right in the box's frame (>)", Gesture::Text('>')),
            ("stot up in the box's frame (^)", Gesture::Text('^')),
            ("stot down in the box's frame (v)", Gesture::Text('v')),
        ]);
        all
    }

    /// A smole gone is the end of the attempt: the box must keep both.
    fn unsolvable(&self) -> Option<String> {
        (self.count(shubbles::Content::Smole) < 2).then(|| "a smole has left the box: the attempt fails".into())
    }

    fn breakpoints() -> &'static [Break] {
        &[Break::CreatureLeaves, Break::Solved, Break::Unsolvable]
    }

    /// Arrow keys move the stot the way the arrow points on screen, whatever the box's turn;
    /// the move is the seed's notation in the box's own frame (`<>^v`), which typing those
    /// characters enters directly.
    fn gesture(&self, g: Gesture, _: &mut super::Selection) -> Vec<Op> {
        use egui::Key::*;
        use shubbles::rules::StotDir;
        let op = match g {
            Gesture::Text(c) => match c {
                '<' => Op::Stot(StotDir::Left),
                '>' => Op::Stot(StotDir::Right),
                '^' => Op::Stot(StotDir::Up),
                'v' => Op::Stot(StotDir::Down),
                _ => return vec![],
            },
            Gesture::Key(k) => match k {
                Plus | Equals | CloseBracket => Op::Clockwise,
                Minus | OpenBracket => Op::CounterClockwise,
                Pipe | Backslash | H => Op::HalfTurn,
                ArrowLeft => Op::Stot(box_frame(Dir::Left, self.orientation)),
                ArrowRight => Op::Stot(box_frame(Dir::Right, self.orientation)),
                ArrowUp => Op::Stot(box_frame(Dir::Up, self.orientation)),
                ArrowDown => Op::Stot(box_frame(Dir::Down, self.orientation)),
                _ => return vec![],
            },
            // A swipe anywhere on the board: the arrow key that way.
            Gesture::Drag { from, to } => match super::swipe(from, to) {
                Some(d) => return self.gesture(Gesture::Key(super::arrow(d)), &mut Default::default()),
                None => return vec![],
            },
            // A tap on a cell beside the stot (a wall too, as the key would): the stot goes
            // there.
            Gesture::Click(p) => match self.stot_towards(p) {
                Some(d) => Op::Stot(d),
                None => return vec![],
            },
        };
        vec![op]
    }

    /// A swipe shows the stot's move as the hint would.
    fn drag_overlay(&self, from: Point, to: Point) -> Vec<Overlay> {
        match self.gesture(Gesture::Drag { from, to }, &mut Default::default())[..] {
            [op @ Op::Stot(_)] => self.hint_overlay(&op),
            _ => vec![],
        }
    }

    fn key_text(&self) -> String {
        format!("{} {}", self.text(), self.orientation)
    }

    fn hint_overlay(&self, op: &Op) -> Vec<Overlay> {
        let centre = |i: usize| {
            let q = self.box_quad(i);
            [(q[0][0] + q[2][0]) / 2.0, (q[0][1] + q[2][1]) / 2.0]
        };
        match op {
            Op::Stot(d) => {
                let Some(i) = self.stot() else { return vec![] };
                let (dr, dc) = d.delta();
                let (r, c) = shubbles::rules::cell_pos(i);
                // One cell on in the box's frame, even where that is a wall.
                let q = self.frame().rect(c as f32 + dc as f32, r as f32 + dr as f32, 1.0, 1.0);
                let to = [(q[0][0] + q[2][0]) / 2.0, (q[0][1] + q[2][1]) / 2.0];
                vec![Overlay::Mark(self.box_quad(i)), Overlay::Arrow(centre(i), to)]
            }
            // A turn: an arrow along the top of the box, the way it turns.
            turn => {
                let pts: Vec<Point> = (0..shubbles::rules::CELLS).map(centre).collect();
                let x0 = pts.iter().map(|p| p[0]).fold(f32::MAX, f32::min);
                let x1 = pts.iter().map(|p| p[0]).fold(f32::MIN, f32::max);
                let y = pts.iter().map(|p| p[1]).fold(f32::MAX, f32::min) - 0.9;
                let (a, b) = if *turn == Op::CounterClockwise { ([x1, y], [x0, y]) } else { ([x0, y], [x1, y]) };
                let words = match turn {
                    Op::Clockwise => "+ turn clockwise",
                    Op::HalfTurn => "| half turn",
                    _ => "- turn counter-clockwise",
                };
                let mut out = vec![Overlay::Arrow(a, b), Overlay::Label([(x0 + x1) / 2.0, y - 0.45], words.into())];
                // A half turn: a second arrow back along the bottom, the box going on round
                // (one arrow alone read as a quarter turn clockwise).
                if *turn == Op::HalfTurn {
                    let y = pts.iter().map(|p| p[1]).fold(f32::MIN, f32::max) + 0.9;
                    out.push(Overlay::Arrow([x1, y], [x0, y]));
                }
                out
            }
        }
    }

    fn is_failure(step: &shubbles::Step) -> bool {
        matches!(step, shubbles::Step::Failed(_))
    }

    /// The cells' numbers 1 to 29, as the debugger and the challenge number them.
    fn labels(&self) -> Vec<(Point, String)> {
        (0..shubbles::rules::CELLS)
            .map(|i| {
                // Towards the cell's first corner, clear of the creature's glyph in its middle.
                let q = self.box_quad(i);
                let c = [(q[0][0] + q[2][0]) / 2.0, (q[0][1] + q[2][1]) / 2.0];
                ([c[0] + (q[0][0] - c[0]) * 0.6, c[1] + (q[0][1] - c[1]) * 0.6], (i + 1).to_string())
            })
            .collect()
    }

    fn solve(&self, cancel: &AtomicBool, _progress: &crate::meter::Meter) -> Result<Answer<Op>, String> {
        let r = shubbles::solve::solve(self, 5_000_000);
        if cancel.load(Ordering::Relaxed) {
            return Err("cancelled".into());
        }
        match r {
            shubbles::solve::Outcome::Solved(ops) => Ok(Answer::optimal(ops)),
            shubbles::solve::Outcome::Impossible => {
                Err("impossible from here: every reachable box was searched".into())
            }
            shubbles::solve::Outcome::LimitReached => Err("no answer within 5 million states".into()),
        }
    }
}

trait BoxCells {
    fn frame(&self) -> Transform;
    fn box_quad(&self, i: usize) -> [Point; 4];
    /// The stot's move (box frame) to the cell beside it under `p`, wall or not.
    fn stot_towards(&self, p: Point) -> Option<shubbles::rules::StotDir>;
}

impl BoxCells for shubbles::State {
    /// Box-frame units to the scene, as the box is drawn at rest in its orientation.
    fn frame(&self) -> Transform {
        shubbles::scene::transform(self.orientation as f32 * std::f32::consts::FRAC_PI_2)
    }

    fn box_quad(&self, i: usize) -> [Point; 4] {
        let (r, c) = shubbles::rules::cell_pos(i);
        self.frame().rect(c as f32, r as f32, 1.0, 1.0)
    }

    fn stot_towards(&self, p: Point) -> Option<shubbles::rules::StotDir> {
        use shubbles::rules::StotDir;
        let (r, c) = shubbles::rules::cell_pos(self.stot()?);
        [StotDir::Left, StotDir::Right, StotDir::Up, StotDir::Down].into_iter().find(|d| {
            let (dr, dc) = d.delta();
            inside(&self.frame().rect(c as f32 + dc as f32, r as f32 + dr as f32, 1.0, 1.0), p)
        })
    }
}

/// The box-frame direction that shows as `screen` on screen: the box is drawn turned
/// `orientation` quarter turns clockwise, so undo that many.
fn box_frame(screen: Dir, orientation: u8) -> shubbles::rules::StotDir {
    use shubbles::rules::StotDir;
    let ccw = |d: Dir| match d {
        Dir::Up => Dir::Left,
        Dir::Left => Dir::Down,
        Dir::Down => Dir::Right,
        Dir::Right => Dir::Up,
    };
    let mut d = screen;
    for _ in 0..orientation % 4 {
        d = ccw(d);
    }
    match d {
        Dir::Left => StotDir::Left,
        Dir::Right => StotDir::Right,
        Dir::Up => StotDir::Up,
        Dir::Down => StotDir::Down,
    }
}
