//! What the window needs from each game beyond its rules: moves from clicks and keys, step
//! descriptions for the rule debugger, the cells a step touches, and a solver to run on a
//! background thread.

use crate::grid::{Dir, Pos};
pub use crate::save::{Replay, TraceInput};
use crate::scene::{Point, Transform};
use crate::shubbles::{self, Op};
use crate::sokoban;
use crate::stacks;
pub use crate::stacks::play::{NextPiece, StacksPlay};
use crate::vexed::{self, Board, Cell, Side};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// A user action on the board, in scene units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Gesture {
    Key(egui::Key),
    /// A character typed (the games' own notation, such as the shubbles' `<>^v`).
    Text(char),
    Click(Point),
    Drag {
        from: Point,
        to: Point,
    },
}

/// Something the window draws over the board (never in exports): marks, arrows, ghosts.
#[derive(Debug, Clone, PartialEq)]
pub enum Overlay {
    /// A cell to act on (the hint's block or piece), outlined in the hint colour.
    Mark([Point; 4]),
    /// Which way it goes.
    Arrow(Point, Point),
    /// A block following the pointer, half transparent.
    Ghost([Point; 4], crate::scene::Ink),
    /// Where a dragged block will come to rest.
    Landing([Point; 4]),
    /// A word on the board (what a turn does).
    Label(Point, String),
    /// A cell shown empty (where a dragged block was).
    Cover([Point; 4]),
}

/// Something notable a step does: what the timeline marks and what breakpoints stop on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A vanishing round of this depth within its move (1 is the first).
    Chain(u32),
    /// A creature leaves through the outlet (`smole`: a smole, which fails the attempt).
    Leaves { smole: bool },
    /// A square's stack reaches this many pieces.
    Stack(usize),
    /// Red reversed the stack that moved onto it.
    Reversed,
    /// A box is pushed onto a target.
    OnTarget,
}

impl Event {
    /// Whether the timeline marks it: a chain of depth 2 or more, a creature leaving, a stack
    /// reversing or reaching four, a box reaching a target.
    pub fn marked(self) -> bool {
        match self {
            Event::Chain(d) => d >= 2,
            Event::Stack(h) => h >= 4,
            Event::Leaves { .. } | Event::Reversed | Event::OnTarget => true,
        }
    }

    /// A word or two for the timeline.
    pub fn word(self) -> String {
        match self {
            Event::Chain(d) => format!("chain {d}"),
            Event::Leaves { smole: false } => "a shubble leaves".into(),
            Event::Leaves { smole: true } => "a smole leaves".into(),
            Event::Stack(h) => format!("stack of {h}"),
            Event::Reversed => "reversed".into(),
            Event::OnTarget => "box on target".into(),
        }
    }
}

/// A breakpoint: where "run until" stops playback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Break {
    /// A vanishing round of at least this depth.
    ChainAtLeast(u32),
    /// A shubble or a smole leaves the box.
    CreatureLeaves,
    /// A stack of at least this many pieces.
    StackAtLeast(usize),
    /// A box pushed onto a target.
    BoxOnTarget,
    /// The level is solved (stacks: the game ends).
    Solved,
    /// No solution can exist any more (proven).
    Unsolvable,
}

impl Break {
    /// Whether a step's event meets it.
    pub fn hit_by(self, e: Event) -> bool {
        match (self, e) {
            (Break::ChainAtLeast(n), Event::Chain(d)) => d >= n,
            (Break::CreatureLeaves, Event::Leaves { .. }) => true,
            (Break::StackAtLeast(n), Event::Stack(h)) => h >= n,
            (Break::BoxOnTarget, Event::OnTarget) => true,
            _ => false,
        }
    }

    /// The same kind of breakpoint (whatever its number).
    pub fn same_kind(self, other: Break) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }

    pub fn label(self) -> String {
        match self {
            Break::ChainAtLeast(n) => format!("a chain of depth ≥ {n}"),
            Break::CreatureLeaves => "a creature leaves".into(),
            Break::StackAtLeast(n) => format!("a stack reaches {n}"),
            Break::BoxOnTarget => "a box is pushed onto a target".into(),
            Break::Solved => "the level is solved".into(),
            Break::Unsolvable => "provably unsolvable".into(),
        }
    }
}

/// A game as the window plays it.
pub trait Playable: Replay + crate::trace::Traced + PartialEq + Send + Sync + 'static {
    fn solved(&self) -> bool;
    /// Cells where a piece can never be brought to its goal (Sokoban's dead squares), to mark
    /// when View › Dead squares is on.
    fn dead_cells(&self) -> Vec<Pos> {
        Vec::new()
    }
    /// The cells a step changes, in the game's own cells ([`Playable::cell_name`] names them),
    /// `self` being the state the step starts from.
    fn step_cells(&self, step: &Self::Step) -> Vec<Pos>;
    /// Where a cell is on the board (scene units), drawn on this state.
    fn cell_quad(&self, cell: Pos) -> [Point; 4];
    /// The cell under a board point, if any.
    fn cell_at(&self, p: Point) -> Option<Pos>;
    /// A cell in the game's own notation: Vexed (row,col) from 0, shubbles "cell 14", stacks and
    /// mazes (row,col) from 1.
    fn cell_name(&self, cell: Pos) -> String;
    /// What a cell holds now, in words.
    fn contents(&self, cell: Pos) -> String;
    /// What the timeline marks and breakpoints stop on, among a step's effects (`self`: the
    /// state the step starts from).
    fn events(&self, _step: &Self::Step) -> Vec<Event> {
        vec![]
    }
    /// Why no solution can exist from here, when that is proven.
    fn unsolvable(&self) -> Option<String> {
        None
    }
    /// The breakpoints that mean something in this game.
    fn breakpoints() -> &'static [Break] {
        &[Break::Solved]
    }
    /// A move as the timeline lists it (`text` is its notation, `self` the state before it).
    fn entry_label(&self, text: &str) -> String {
        text.to_string()
    }
    /// The game's own buttons beside the toolbar's, each doing what its key does.
    fn buttons() -> &'static [(&'static str, egui::Key)] {
        &[]
    }
    /// The number the trace gives the move made from this state, the `index`-th since the
    /// start (from 0): the move's own number, or for stacks the turn.
    fn trace_number(&self, index: usize) -> usize {
        index + 1
    }
    /// Outlines (quads in scene units) of the cells a step touches, drawn on this state.
    fn touched(&self, step: &Self::Step) -> Vec<[Point; 4]> {
        self.step_cells(step).into_iter().map(|c| self.cell_quad(c)).collect()
    }
    /// Moves from a gesture; `selected` is the game's selection (Vexed's chosen block).
    fn gesture(&self, g: Gesture, selected: &mut Option<Pos>) -> Vec<Self::Move>;
    /// An optimal continuation from here (or the rest of the game, for stacks); when optimality
    /// could not be proven within the app's limits, the best found and why it is not proven.
    fn solve(&self, cancel: &AtomicBool, progress: &AtomicUsize) -> Result<Answer<Self::Move>, String>;
    /// What the solver button says.
    fn solve_label() -> &'static str {
        "Solve"
    }
    /// What the solver's answer means, for the status bar (played back after this).
    fn solution_text(&self, answer: &Answer<Self::Move>) -> String {
        match &answer.unproven {
            None => format!("solution: {} moves, proven optimal", answer.moves.len()),
            Some(why) => format!("solution: {} moves, {why}", answer.moves.len()),
        }
    }
    /// The hint: the answer's first move, in the game's notation.
    fn hint_text(&self, answer: &Answer<Self::Move>) -> String {
        let text = self.move_text(&answer.moves[0]);
        match &answer.unproven {
            None => format!("hint: {text} ({} optimal moves left)", answer.moves.len()),
            Some(why) => format!("hint: {text} (best found: {} moves left; {why})", answer.moves.len()),
        }
    }
    /// When the solver has nothing to play from here.
    fn nothing_left(&self) -> String {
        "already solved".into()
    }
    /// What the status bar says once the level is done ("solved"; stacks: how it ended).
    fn done_text(&self) -> String {
        "solved".into()
    }
    /// More for the status bar beside the move count (stacks: the turn and the next piece).
    fn status(&self) -> Option<String> {
        None
    }
    /// The position as text in the game's own notation: what identifies a level (its progress
    /// is stored under a hash of it).
    fn key_text(&self) -> String;
    /// How a hint's move is shown on the board.
    fn hint_overlay(&self, _mv: &Self::Move) -> Vec<Overlay> {
        vec![]
    }
    /// What a drag in progress would do, shown while the pointer moves.
    fn drag_overlay(&self, _from: Point, _to: Point) -> Vec<Overlay> {
        vec![]
    }
    /// Labels the window can show on cells (the shubbles' cell numbers).
    fn labels(&self) -> Vec<(Point, String)> {
        vec![]
    }
    /// Whether a step is a push (the pushing-boxes status counts them).
    fn is_push(_step: &Self::Step) -> bool {
        false
    }
    /// Whether the game counts pushes beside moves.
    fn counts_pushes() -> bool {
        false
    }
    /// Whether a step is a failure that ends the attempt (the shubbles' `!`).
    fn is_failure(_step: &Self::Step) -> bool {
        false
    }
    /// Whether a cell can be selected (Vexed: it holds a block); a selection on a cell that no
    /// longer can be is dropped after a move.
    fn selectable(&self, _p: Pos) -> bool {
        false
    }
}

/// A solver's answer in the app.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer<M> {
    pub moves: Vec<M>,
    /// `None` when the moves are proven optimal; otherwise what is known, in words.
    pub unproven: Option<String>,
}

impl<M> Answer<M> {
    pub fn optimal(moves: Vec<M>) -> Answer<M> {
        Answer { moves, unproven: None }
    }
}

/// How long the window's Sokoban solver searches before it gives up.
pub const SOKOBAN_TIME: std::time::Duration = std::time::Duration::from_secs(60);

/// How long it first looks for a push-optimal answer (fewest moves among those).
pub const SOKOBAN_OPTIMAL_TIME: std::time::Duration = std::time::Duration::from_secs(3);

/// The app's Vexed solver holds at most this many positions (about 1 GB); past it a hint is
/// the best solution found, marked as not proven. `tumblebox vexed prove` goes further.
pub const VEXED_MAX_STATES: usize = 20_000_000;

fn cell(x: f32, y: f32) -> [Point; 4] {
    rect(x, y, 1.0, 1.0)
}

/// Whether a point is inside a convex quad (either winding).
fn inside(q: &[Point; 4], p: Point) -> bool {
    let side = |a: Point, b: Point| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    let s: Vec<f32> = (0..4).map(|i| side(q[i], q[(i + 1) % 4])).collect();
    s.iter().all(|&v| v >= 0.0) || s.iter().all(|&v| v <= 0.0)
}

fn rect(x: f32, y: f32, w: f32, h: f32) -> [Point; 4] {
    [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
}

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

// ---------------------------------------------------------------- Vexed

fn vexed_cell(p: Point) -> Option<Pos> {
    let [x, y] = [p[0] - 0.25, p[1] - 0.25];
    (x >= 0.0 && y >= 0.0).then(|| Pos::new(y as usize, x as usize))
}

impl Playable for Board {
    fn solved(&self) -> bool {
        self.is_solved()
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

    fn cell_at(&self, p: Point) -> Option<Pos> {
        vexed_cell(p).filter(|&q| self.grid.get(q).is_some())
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

    fn unsolvable(&self) -> Option<String> {
        if self.is_solved() { None } else { vexed::solve::dead_reason(self) }
    }

    fn breakpoints() -> &'static [Break] {
        &[Break::ChainAtLeast(2), Break::Solved, Break::Unsolvable]
    }

    fn gesture(&self, g: Gesture, selected: &mut Option<Pos>) -> Vec<vexed::Move> {
        let is_block = |p: Pos| matches!(self.grid.get(p), Some(Cell::Block(_)));
        let mv = |pos: Pos, side: Side| {
            let m = vexed::Move { pos, side };
            self.moves().contains(&m).then_some(m)
        };
        match g {
            Gesture::Click(p) => {
                *selected = vexed_cell(p).filter(|&c| is_block(c));
                vec![]
            }
            Gesture::Drag { from, to } => {
                let Some(c) = vexed_cell(from).filter(|&c| is_block(c)) else { return vec![] };
                *selected = Some(c);
                let side = if to[0] < from[0] { Side::Left } else { Side::Right };
                if (to[0] - from[0]).abs() < 0.4 {
                    return vec![];
                }
                mv(c, side).into_iter().collect()
            }
            Gesture::Text(_) => vec![],
            Gesture::Key(k) => {
                let side = match k {
                    egui::Key::ArrowLeft | egui::Key::A => Side::Left,
                    egui::Key::ArrowRight | egui::Key::D => Side::Right,
                    _ => return vec![],
                };
                let Some(c) = *selected else { return vec![] };
                let m = mv(c, side);
                if m.is_some() {
                    // Follow the block if it stays where it slid.
                    *selected = c.step(side.dir());
                }
                m.into_iter().collect()
            }
        }
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
        let Some(c) = vexed_cell(from) else { return vec![] };
        let Some(Cell::Block(kind)) = self.grid.get(c).copied() else { return vec![] };
        let side = if to[0] < from[0] { Side::Left } else { Side::Right };
        let mv = vexed::Move { pos: c, side };
        let legal = self.moves().contains(&mv);
        let dx = if legal { (to[0] - from[0]).clamp(-1.0, 1.0) } else { 0.0 };
        let [x, y] = vexed::scene::cell_origin(c);
        let mut out = vec![
            Overlay::Cover(rect(x + 0.03, y + 0.03, 0.94, 0.94)),
            Overlay::Ghost(rect(x + dx + 0.06, y + 0.06, 0.88, 0.88), vexed::scene::block_ink(kind)),
        ];
        if legal && dx.abs() >= 0.4 {
            out.push(Overlay::Landing(landing(self, mv)));
        }
        out
    }

    fn selectable(&self, p: Pos) -> bool {
        matches!(self.grid.get(p), Some(Cell::Block(_)))
    }

    fn solve(&self, cancel: &AtomicBool, progress: &AtomicUsize) -> Result<Answer<vexed::Move>, String> {
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
        let why = format!(
            "not proven optimal: the optimum is at least {} ({how}; `tumblebox vexed prove` goes further)",
            r.bound
        );
        Ok(Answer { moves, unproven: Some(why) })
    }
}

// ---------------------------------------------------------------- Shubbles

impl Playable for shubbles::State {
    fn solved(&self) -> bool {
        self.count(shubbles::Content::Shubble) == 0 && self.count(shubbles::Content::Smole) == 2
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
    fn gesture(&self, g: Gesture, _: &mut Option<Pos>) -> Vec<Op> {
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
            _ => return vec![],
        };
        vec![op]
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
                vec![Overlay::Arrow(a, b), Overlay::Label([(x0 + x1) / 2.0, y - 0.45], words.into())]
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
                let q = self.box_quad(i);
                ([(q[0][0] + q[2][0]) / 2.0, (q[0][1] + q[2][1]) / 2.0], (i + 1).to_string())
            })
            .collect()
    }

    fn solve(&self, cancel: &AtomicBool, _progress: &AtomicUsize) -> Result<Answer<Op>, String> {
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

// ---------------------------------------------------------------- Pushing boxes

impl Playable for sokoban::scene::Game {
    fn solved(&self) -> bool {
        self.level.is_solved(&self.pos)
    }

    /// The floor cells (goals excepted) from which a lone box reaches no goal.
    fn dead_cells(&self) -> Vec<Pos> {
        self.board().dead_squares().into_iter().filter(|p| !self.level.goals.contains(p)).collect()
    }

    fn step_cells(&self, step: &sokoban::Step) -> Vec<Pos> {
        match *step {
            sokoban::Step::Walk { from, to } => vec![from, to],
            sokoban::Step::Push { from, box_from, box_to, .. } => vec![from, box_from, box_to],
        }
    }

    fn cell_quad(&self, c: Pos) -> [Point; 4] {
        cell(0.25 + c.col as f32, 0.25 + c.row as f32)
    }

    fn cell_at(&self, p: Point) -> Option<Pos> {
        vexed_cell(p).filter(|&q| self.level.walls.get(q).is_some())
    }

    /// As the UVa judge counts: rows and columns from 1.
    fn cell_name(&self, c: Pos) -> String {
        format!("({},{})", c.row + 1, c.col + 1)
    }

    fn contents(&self, c: Pos) -> String {
        let mut what = Vec::new();
        if self.level.is_outside(c) {
            return "outside the walls".into();
        }
        match self.level.walls.get(c) {
            None => return "outside the maze".into(),
            Some(true) => what.push("wall"),
            Some(false) => what.push("floor"),
        }
        let many = self.xsb || self.pos.boxes.len() > 1;
        if self.level.goals.contains(&c) {
            what.push(if many { "a goal" } else { "the target" });
        }
        if self.pos.boxes.contains(&c) {
            what.push(if many { "a box" } else { "the box" });
        }
        if self.pos.player == c {
            what.push("the player");
        }
        what.join(", ")
    }

    fn events(&self, step: &sokoban::Step) -> Vec<Event> {
        match step {
            sokoban::Step::Push { box_to, .. } if self.level.goals.contains(box_to) => vec![Event::OnTarget],
            _ => vec![],
        }
    }

    /// UVa 589's exact search from here finds no way (one box, one target); with more boxes,
    /// a deadlock the Sokoban solver prunes (a dead square, a frozen box, no assignment).
    fn unsolvable(&self) -> Option<String> {
        if self.solved() {
            return None;
        }
        if self.pos.boxes.len() > sokoban::search::MAX_BOXES {
            return None;
        }
        if self.pos.boxes.len() != 1 || self.level.goals.len() != 1 {
            return self.board().deadlock(&self.pos).map(|d| d.to_string());
        }
        let maze = sokoban::format::Maze { level: (*self.level).clone(), start: self.pos.clone() };
        sokoban::solve::solve(&maze).is_none().then(|| "no pushes can bring the box to the target from here".into())
    }

    fn breakpoints() -> &'static [Break] {
        &[Break::BoxOnTarget, Break::Solved, Break::Unsolvable]
    }

    fn gesture(&self, g: Gesture, _: &mut Option<Pos>) -> Vec<sokoban::Move> {
        use egui::Key::*;
        let walk = |dir| sokoban::Move { dir, push: false };
        match g {
            Gesture::Key(k) => {
                let dir = match k {
                    ArrowUp | W => Dir::Up,
                    ArrowDown | S => Dir::Down,
                    ArrowLeft | A => Dir::Left,
                    ArrowRight | D => Dir::Right,
                    _ => return vec![],
                };
                vec![walk(dir)]
            }
            Gesture::Click(p) => {
                let [x, y] = [p[0] - 0.25, p[1] - 0.25];
                if x < 0.0 || y < 0.0 {
                    return vec![];
                }
                let target = Pos::new(y as usize, x as usize);
                walk_path(self, target).into_iter().map(walk).collect()
            }
            Gesture::Drag { .. } | Gesture::Text(_) => vec![],
        }
    }

    fn key_text(&self) -> String {
        if self.xsb { sokoban::xsb::write_board(&self.maze()) } else { sokoban::format::write(&self.maze()) }
    }

    fn hint_overlay(&self, mv: &sokoban::Move) -> Vec<Overlay> {
        let p = self.pos.player;
        let (x, y) = (0.25 + p.col as f32, 0.25 + p.row as f32);
        let (dx, dy) = match mv.dir {
            Dir::Up => (0.0, -1.0),
            Dir::Down => (0.0, 1.0),
            Dir::Left => (-1.0, 0.0),
            Dir::Right => (1.0, 0.0),
        };
        vec![Overlay::Mark(cell(x, y)), Overlay::Arrow([x + 0.5, y + 0.5], [x + 0.5 + dx, y + 0.5 + dy])]
    }

    fn is_push(step: &sokoban::Step) -> bool {
        matches!(step, sokoban::Step::Push { .. })
    }

    fn counts_pushes() -> bool {
        true
    }

    /// One box and one target: UVa 589's exact search (fewest pushes, then moves). More: the
    /// Sokoban solver, push-optimal if that takes at most [`SOKOBAN_OPTIMAL_TIME`], otherwise
    /// any solution soon (bounded by [`SOKOBAN_TIME`]), said to be optimal only when proven.
    fn solve(&self, cancel: &AtomicBool, progress: &AtomicUsize) -> Result<Answer<sokoban::Move>, String> {
        use sokoban::search::{self, Limits, Mode, Outcome};
        if self.pos.boxes.len() == 1 && self.level.goals.len() == 1 {
            return sokoban::solve::solve(&self.maze())
                .map(|s| Answer::optimal(s.moves))
                .ok_or_else(|| "impossible from here".into());
        }
        // A push-optimal answer when one comes soon; otherwise any, as soon as possible.
        let quick = Limits { time: SOKOBAN_OPTIMAL_TIME, max_states: search::DEFAULT_STATES / 4 };
        let r = search::search(&self.level, &self.pos, Mode::Optimal, quick, cancel, progress);
        let r = match r.outcome {
            Outcome::TimeLimit | Outcome::StateLimit => {
                let limits = Limits { time: SOKOBAN_TIME, max_states: search::DEFAULT_STATES };
                search::search(&self.level, &self.pos, Mode::Fast, limits, cancel, progress)
            }
            _ => r,
        };
        match r.outcome {
            Outcome::Solved(f) if f.proven => Ok(Answer::optimal(f.moves)),
            Outcome::Solved(f) => Ok(Answer {
                unproven: Some(format!("{} pushes, not proven fewest (at least {})", f.pushes, r.bound)),
                moves: f.moves,
            }),
            Outcome::Unsolvable => Err("no solution from here: every position was searched".into()),
            Outcome::Cancelled => Err("cancelled".into()),
            Outcome::TimeLimit => Err(format!("no solution found in {} s", SOKOBAN_TIME.as_secs())),
            Outcome::StateLimit => Err("no solution found within the state limit".into()),
            Outcome::TooManyBoxes => Err(format!("the solver takes at most {} boxes", search::MAX_BOXES)),
        }
    }
}

/// The shortest walk (no pushes) to a floor cell, as directions.
fn walk_path(g: &sokoban::scene::Game, target: Pos) -> Vec<Dir> {
    let free = |p: Pos| g.level.is_floor(p) && !g.pos.boxes.contains(&p);
    if !free(target) {
        return vec![];
    }
    let mut prev: HashMap<Pos, (Pos, Dir)> = HashMap::new();
    let mut q = VecDeque::from([g.pos.player]);
    while let Some(p) = q.pop_front() {
        if p == target {
            let mut dirs = Vec::new();
            let mut c = p;
            while c != g.pos.player {
                let (b, d) = prev[&c];
                dirs.push(d);
                c = b;
            }
            dirs.reverse();
            return dirs;
        }
        for d in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
            if let Some(n) = g.level.walls.neighbour(p, d)
                && free(n)
                && n != g.pos.player
                && !prev.contains_key(&n)
            {
                prev.insert(n, (p, d));
                q.push_back(n);
            }
        }
    }
    vec![]
}

// ---------------------------------------------------------------- Stacks

impl Playable for StacksPlay {
    fn solved(&self) -> bool {
        self.game.over
    }

    fn step_cells(&self, step: &stacks::Step) -> Vec<Pos> {
        use stacks::Step::*;
        match step {
            StackMove { from, to, .. } => vec![*from, *to],
            ReachedFour { at, .. } => vec![*at],
            Skip { piece } | Reverse { piece, .. } | Blocked { piece } => vec![self.game.pos[*piece]],
        }
    }

    fn cell_quad(&self, c: Pos) -> [Point; 4] {
        cell(0.2 + c.col as f32, 0.2 + c.row as f32)
    }

    fn cell_at(&self, p: Point) -> Option<Pos> {
        let [x, y] = [p[0] - 0.2, p[1] - 0.2];
        let q = (x >= 0.0 && y >= 0.0).then(|| Pos::new(y as usize, x as usize))?;
        self.game.colors.get(q).is_some().then_some(q)
    }

    /// As the Baekjoon input counts: rows and columns from 1.
    fn cell_name(&self, c: Pos) -> String {
        format!("({},{})", c.row + 1, c.col + 1)
    }

    fn contents(&self, c: Pos) -> String {
        let colour = match self.game.colors.get(c) {
            None => return "outside the board".into(),
            Some(stacks::Color::White) => "white",
            Some(stacks::Color::Red) => "red",
            Some(stacks::Color::Blue) => "blue",
        };
        let pieces = &self.game.stacks[c];
        if pieces.is_empty() {
            return format!("{colour} square, no pieces");
        }
        let arrow = |d: Dir| match d {
            Dir::Right => '→',
            Dir::Left => '←',
            Dir::Up => '↑',
            Dir::Down => '↓',
        };
        let list: Vec<String> = pieces.iter().map(|&i| format!("{}{}", i + 1, arrow(self.game.heading[i].0))).collect();
        format!("{colour} square; pieces bottom to top: {}", list.join(" "))
    }

    fn events(&self, step: &stacks::Step) -> Vec<Event> {
        match step {
            stacks::Step::StackMove { to, carried, reversed, .. } => {
                let mut e = vec![Event::Stack(self.game.stacks[*to].len() + carried.len())];
                if *reversed {
                    e.push(Event::Reversed);
                }
                e
            }
            _ => vec![],
        }
    }

    fn breakpoints() -> &'static [Break] {
        &[Break::StackAtLeast(3), Break::Solved]
    }

    fn trace_number(&self, _index: usize) -> usize {
        self.turn as usize
    }

    fn buttons() -> &'static [(&'static str, egui::Key)] {
        &[("Next piece (N)", egui::Key::N), ("Next turn (T)", egui::Key::T)]
    }

    fn entry_label(&self, text: &str) -> String {
        format!("piece {text}, turn {}", self.turn)
    }

    fn gesture(&self, g: Gesture, _: &mut Option<Pos>) -> Vec<NextPiece> {
        match g {
            Gesture::Key(egui::Key::N) | Gesture::Key(egui::Key::Space) => vec![NextPiece],
            Gesture::Key(egui::Key::T) => vec![NextPiece; self.game.pieces() - self.next],
            _ => vec![],
        }
    }

    fn key_text(&self) -> String {
        format!("{}{:?} {} {}", stacks::format::write(&self.game), self.game.rule, self.next, self.turn)
    }

    /// The piece to move next and its heading.
    fn hint_overlay(&self, _: &NextPiece) -> Vec<Overlay> {
        if self.game.over {
            return vec![];
        }
        let p = self.game.pos[self.next];
        let (x, y) = (0.2 + p.col as f32, 0.2 + p.row as f32);
        let (dx, dy) = match self.game.heading[self.next].0 {
            Dir::Up => (0.0, -0.9),
            Dir::Down => (0.0, 0.9),
            Dir::Left => (-0.9, 0.0),
            Dir::Right => (0.9, 0.0),
        };
        vec![Overlay::Mark(cell(x, y)), Overlay::Arrow([x + 0.5, y + 0.5], [x + 0.5 + dx, y + 0.5 + dy])]
    }

    fn solve(&self, _cancel: &AtomicBool, _progress: &AtomicUsize) -> Result<Answer<NextPiece>, String> {
        let mut s = self.clone();
        let mut moves = Vec::new();
        while !s.game.over && s.turn <= 1000 {
            s = s.play(&NextPiece)?.0;
            moves.push(NextPiece);
        }
        Ok(Answer::optimal(moves))
    }

    fn solve_label() -> &'static str {
        "Run to the end"
    }

    /// A simulation, not a puzzle: what happens, not how many moves it takes.
    fn solution_text(&self, answer: &Answer<NextPiece>) -> String {
        let mut s = self.clone();
        for m in &answer.moves {
            match s.play(m) {
                Ok((n, _)) => s = n,
                Err(_) => break,
            }
        }
        s.ending()
    }

    fn hint_text(&self, _: &Answer<NextPiece>) -> String {
        let mut end = self.clone();
        while let Ok((n, _)) = end.play(&NextPiece) {
            end = n;
        }
        format!("next: piece {} (turn {}); {}", self.next + 1, self.turn, end.ending())
    }

    fn nothing_left(&self) -> String {
        self.ending()
    }

    fn done_text(&self) -> String {
        self.ending()
    }

    fn status(&self) -> Option<String> {
        Some(if self.game.over {
            self.ending()
        } else if self.turn > 1000 {
            "past turn 1000: the answer is -1".into()
        } else {
            format!("turn {} · next: piece {}", self.turn, self.next + 1)
        })
    }
}
