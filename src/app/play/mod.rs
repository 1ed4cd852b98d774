//! What the window needs from each game beyond its rules: moves from clicks and keys, step
//! descriptions for the rule debugger, the cells a step touches, and a solver to run on a
//! background thread.
//!
//! One file per game (`vexed`, `shubbles`, `sokoban`, `stacks`) holds its `Playable`; this one
//! the trait, the gestures, overlays, events and breakpoints the window shares.

#[cfg(test)]
mod lights;
mod shubbles;
mod sokoban;
mod stacks;
mod vexed;

use crate::grid::Pos;
pub use crate::save::{Replay, TraceInput};
use crate::scene::Point;
pub use crate::stacks::play::{NextPiece, StacksPlay};
use std::sync::atomic::AtomicBool;

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

/// The board's selection: a cell (Vexed's block, Sokoban's box) and, in Vexed, whether the
/// keyboard cursor roams over the blocks (arrow keys move it; Enter picks the block under it)
/// rather than holding one (arrow keys push it), as a Tatham puzzle's cursor does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Selection {
    pub at: Option<Pos>,
    pub roaming: bool,
}

/// Something the window draws over the board (never in exports): marks, arrows, ghosts.
#[derive(Debug, Clone, PartialEq)]
pub enum Overlay {
    /// A cell to act on (the hint's block or piece), outlined in the hint colour.
    Mark([Point; 4]),
    /// Which way it goes.
    Arrow(Point, Point),
    /// A block following the pointer, half transparent, with its glyph (its index in
    /// [`crate::scene::Scene::glyph`]) where the block has one.
    Ghost([Point; 4], crate::scene::Ink, Option<usize>),
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

/// A game's help (How to play): (heading, text) sections, then its own keys as (keys, what
/// they do).
#[derive(Debug, Clone, Copy)]
pub struct Help {
    pub sections: &'static [(&'static str, &'static str)],
    pub keys: &'static [(&'static str, &'static str)],
}

/// A game as the window plays it.
pub trait Playable: Replay + crate::trace::Traced + PartialEq + Send + Sync + 'static {
    /// The game's built-in levels, as its tab lists them.
    fn built_in() -> Vec<crate::app::Level<Self>>;
    /// How to play: the rules, what ends a level, what the board shows, the game's own keys.
    const HELP: Help;
    /// A level to solve (progress, a library, "next unsolved"); `false`: a simulation played
    /// to its end (stacks).
    const PUZZLE: bool = true;
    /// The extension of the file Export solutions… writes (Sokoban: a SOK file).
    const LIBRARY_EXTENSION: &'static str = "txt";
    /// The game has a reverse mode (Sokoban: pulling boxes back from the solved position): its
    /// command is in the help and enabled in the menu only then.
    const REVERSE: bool = false;
    /// The mouse wheel over the board undoes (rolled up) and redoes (down), a notch a move (as
    /// JSoko and Sokoban YASC have it): pushing boxes.
    const WHEEL_UNDO: bool = false;
    /// The board can be turned and mirrored in the window (View › Turn the board, Mirror the
    /// board: the 8 symmetries of a square), moves translated back to the level's frame:
    /// pushing boxes, where no rule has a direction of its own (Vexed's blocks fall).
    const TURNS: bool = false;
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
    /// The game's own actions the command palette finds (its buttons, and what only keys do).
    fn actions() -> Vec<(&'static str, Gesture)> {
        Self::buttons().iter().map(|&(label, key)| (label, Gesture::Key(key))).collect()
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
    /// Moves from a gesture; `sel` is the game's selection (Vexed's chosen block, or its
    /// keyboard cursor; Sokoban's chosen box).
    fn gesture(&self, g: Gesture, sel: &mut Selection) -> Vec<Self::Move>;
    /// An optimal continuation from here (or the rest of the game, for stacks); when optimality
    /// could not be proven within the app's limits, the best found and why it is not proven.
    fn solve(&self, cancel: &AtomicBool, progress: &crate::meter::Meter) -> Result<Answer<Self::Move>, String>;
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
    /// How many of an answer's first moves the hint is (the first; Sokoban: the walk to the
    /// next push and that push, as JSoko and YASC hint).
    fn hint_len(&self, _moves: &[Self::Move]) -> usize {
        1
    }
    /// How the hint's moves (the answer's first [`Playable::hint_len`]) are shown on the board.
    fn hint_line_overlay(&self, moves: &[Self::Move]) -> Vec<Overlay> {
        moves.first().map(|m| self.hint_overlay(m)).unwrap_or_default()
    }
    /// What a drag in progress would do, shown while the pointer moves.
    fn drag_overlay(&self, _from: Point, _to: Point) -> Vec<Overlay> {
        vec![]
    }
    /// Labels the window can show on cells (the shubbles' cell numbers).
    fn labels(&self) -> Vec<(Point, String)> {
        vec![]
    }
    /// Names the rule debugger's step texts use that the board does not show (Vexed's block
    /// letters), put on the board while the debugger is open.
    fn debug_labels(&self) -> Vec<(Point, String)> {
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
    /// Why a gesture made no move, when the player should hear it (a box that cannot be
    /// pushed where it was asked); `selected` is the selection before the gesture.
    fn no_moves_why(&self, _g: Gesture, _selected: Option<Pos>) -> Option<String> {
        None
    }
    /// A start with the player placed at a clicked cell, before any move (Sokoban's reverse
    /// mode: where the forward game ends is the player's choice).
    fn relocate(&self, _p: Point) -> Option<Self> {
        None
    }
    /// The reverse game of this position (Sokoban: played backwards from the solved position,
    /// pulling boxes), when the game has one.
    fn reversed_game(&self) -> Option<Self> {
        None
    }
    /// The forward solution a finished reverse game gives: `moves` played from `start` (a
    /// reverse game) reached `end`, which meets the forward start.
    fn forward_of(_start: &Self, _moves: &[Self::Move], _end: &Self) -> Option<Vec<Self::Move>> {
        None
    }
    /// Whether the game has an optimiser ([`Playable::optimise`]).
    fn can_optimise() -> bool {
        false
    }
    /// A better solution near `moves` (a solution played from `self`, the level's start):
    /// the better moves if any were found, and what was searched, in words. Bounded by `time`;
    /// `cancel` stops it. Only games where [`Playable::can_optimise`] says so.
    fn optimise(
        &self,
        _moves: &[Self::Move],
        _time: std::time::Duration,
        _cancel: &AtomicBool,
        _progress: &crate::meter::Meter,
    ) -> Optimised<Self::Move> {
        Err("this game has no optimiser".into())
    }
    /// Where what stands on `p` is after `steps` (played from this state), if it is still
    /// there: a selection follows it.
    fn follow(&self, _p: Pos, _steps: &[Self::Step]) -> Option<Pos> {
        None
    }
    /// Whether a cell can be selected (Vexed: it holds a block); a selection on a cell that no
    /// longer can be is dropped after a move.
    fn selectable(&self, _p: Pos) -> bool {
        false
    }
}

/// The optimiser's answer: the better moves if it found some, and what it searched, in words.
pub type Optimised<M> = Result<(Option<Vec<M>>, String), String>;

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

pub(crate) fn cell(x: f32, y: f32) -> [Point; 4] {
    rect(x, y, 1.0, 1.0)
}

/// Whether a point is inside a convex quad (either winding).
pub(crate) fn inside(q: &[Point; 4], p: Point) -> bool {
    let side = |a: Point, b: Point| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    let s: Vec<f32> = (0..4).map(|i| side(q[i], q[(i + 1) % 4])).collect();
    s.iter().all(|&v| v >= 0.0) || s.iter().all(|&v| v <= 0.0)
}

pub(crate) fn rect(x: f32, y: f32, w: f32, h: f32) -> [Point; 4] {
    [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
}

/// The way a swipe on the board points (its longer axis, in scene units, y down), when it is at
/// least [`SWIPE`] long: what the arrow key that way does (pushing boxes, the shubbles' stot).
pub(crate) fn swipe(from: Point, to: Point) -> Option<crate::grid::Dir> {
    use crate::grid::Dir;
    let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
    if dx.abs().max(dy.abs()) < SWIPE {
        return None;
    }
    Some(if dx.abs() >= dy.abs() {
        if dx < 0.0 { Dir::Left } else { Dir::Right }
    } else if dy < 0.0 {
        Dir::Up
    } else {
        Dir::Down
    })
}

/// The shortest swipe, in cells (as Vexed's shortest drag).
pub(crate) const SWIPE: f32 = 0.4;

/// The arrow key that points `d` (on the board as drawn, the level's own frame).
pub(crate) fn arrow(d: crate::grid::Dir) -> egui::Key {
    use crate::grid::Dir;
    match d {
        Dir::Up => egui::Key::ArrowUp,
        Dir::Down => egui::Key::ArrowDown,
        Dir::Left => egui::Key::ArrowLeft,
        Dir::Right => egui::Key::ArrowRight,
    }
}

/// The cell of a square grid drawn with a quarter-cell margin (Vexed, pushing boxes) under a
/// point in scene units.
pub(crate) fn square_cell(p: Point) -> Option<Pos> {
    let [x, y] = [p[0] - 0.25, p[1] - 0.25];
    (x >= 0.0 && y >= 0.0).then(|| Pos::new(y as usize, x as usize))
}
