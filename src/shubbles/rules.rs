//! Box geometry and the rules of one operation. Orientation counts clockwise quarter turns
//! from the standard orientation. Falling is simulated in ticks of one cell (the original's
//! "one cell per frame"): in a tick, creatures are taken from the world bottom upwards, and each
//! moves down one cell if that cell is empty by then, so a resting column falls together.

use std::fmt;

/// Number of cells in the box.
pub const CELLS: usize = 29;
/// Box-frame grid size (rows, columns).
pub const ROWS: usize = 5;
pub const COLS: usize = 7;
/// Cell 28 (1-based) has the opening under it: index 27.
pub const OPENING_CELL: usize = 27;

/// Columns occupied by each row of the box (first, last), standard orientation.
const ROW_SPANS: [(usize, usize); ROWS] = [(0, 5), (1, 6), (1, 5), (0, 5), (1, 6)];

/// Box-frame (row, column) of each cell index (cell number - 1).
pub const fn cell_pos(i: usize) -> (usize, usize) {
    let mut row = 0;
    let mut first = 0;
    while row < ROWS {
        let (a, b) = ROW_SPANS[row];
        let n = b - a + 1;
        if i < first + n {
            return (row, a + (i - first));
        }
        first += n;
        row += 1;
    }
    panic!("cell index out of range")
}

/// The cell index at a box-frame position, if that position is a cell.
pub fn cell_at(row: isize, col: isize) -> Option<usize> {
    if row < 0 || col < 0 || row as usize >= ROWS {
        return None;
    }
    let (row, col) = (row as usize, col as usize);
    let mut first = 0;
    for (r, &(a, b)) in ROW_SPANS.iter().enumerate() {
        if r == row {
            return (a..=b).contains(&col).then_some(first + col - a);
        }
        first += b - a + 1;
    }
    None
}

/// The box-frame position just outside the opening (below cell 28).
pub const OUTSIDE: (isize, isize) = (ROWS as isize, 5);

/// World-down expressed in the box frame, for an orientation (clockwise quarter turns).
pub const fn down(orientation: u8) -> (isize, isize) {
    match orientation % 4 {
        0 => (1, 0),
        1 => (0, 1),
        2 => (-1, 0),
        _ => (0, -1),
    }
}

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Content {
    Empty,
    Shubble,
    Smole,
    Stot,
}

impl Content {
    pub fn char(self) -> char {
        match self {
            Content::Empty => '.',
            Content::Shubble => 'o',
            Content::Smole => 'x',
            Content::Stot => '@',
        }
    }
    pub fn from_char(c: char) -> Option<Content> {
        Some(match c {
            '.' => Content::Empty,
            'o' => Content::Shubble,
            'x' => Content::Smole,
            '@' => Content::Stot,
            _ => return None,
        })
    }
    pub fn is_creature(self) -> bool {
        matches!(self, Content::Shubble | Content::Smole)
    }
}

/// One operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// `+`: 90° clockwise.
    Clockwise,
    /// `|`: 180°.
    HalfTurn,
    /// `-`: 90° counter-clockwise.
    CounterClockwise,
    /// `<` `>` `^` `v`: the stot moves one cell in the box frame.
    Stot(StotDir),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StotDir {
    Left,
    Right,
    Up,
    Down,
}

impl StotDir {
    pub const fn delta(self) -> (isize, isize) {
        match self {
            StotDir::Left => (0, -1),
            StotDir::Right => (0, 1),
            StotDir::Up => (-1, 0),
            StotDir::Down => (1, 0),
        }
    }
}

impl Op {
    pub const ALL: [Op; 7] = [
        Op::Clockwise,
        Op::HalfTurn,
        Op::CounterClockwise,
        Op::Stot(StotDir::Left),
        Op::Stot(StotDir::Right),
        Op::Stot(StotDir::Up),
        Op::Stot(StotDir::Down),
    ];

    pub fn char(self) -> char {
        match self {
            Op::Clockwise => '+',
            Op::HalfTurn => '|',
            Op::CounterClockwise => '-',
            Op::Stot(StotDir::Left) => '<',
            Op::Stot(StotDir::Right) => '>',
            Op::Stot(StotDir::Up) => '^',
            Op::Stot(StotDir::Down) => 'v',
        }
    }

    pub fn from_char(c: char) -> Option<Op> {
        Op::ALL.into_iter().find(|o| o.char() == c)
    }

    /// Clockwise quarter turns of a rotation (negative: counter-clockwise).
    pub fn quarter_turns(self) -> i8 {
        match self {
            Op::Clockwise => 1,
            Op::HalfTurn => 2,
            Op::CounterClockwise => -1,
            Op::Stot(_) => 0,
        }
    }
}

/// A creature's move of one cell during a fall tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellMove {
    pub creature: Content,
    pub from: usize,
    pub to: usize,
}

/// A physical step, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The box turns `quarter_turns` (1, 2 or -1) from orientation `from`; creatures hold still.
    Rotate { from: u8, quarter_turns: i8 },
    /// The stot moves one cell in the box frame.
    StotMove { from: usize, to: usize },
    /// A creature leaves through the opening under cell 28 (tick `tick` of this fall).
    Exit { creature: Content, tick: u32 },
    /// One tick of falling: every listed creature moves one cell world-down.
    Fall { tick: u32, moves: Vec<CellMove> },
    /// The operation failed here: the sequence ends with `!`.
    Failed(Failure),
}

/// Why an operation sequence ends with `!`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The stot's destination is a wall or outside the box (including through the opening).
    StotIntoWall { from: usize },
    /// The stot's destination holds a creature.
    StotIntoCreature { from: usize, to: usize },
    /// A creature rests on top of the stot (world frame).
    StotLoaded { stot: usize, on_top: usize },
    /// A smole fell out through the opening.
    SmoleLeft,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Failure::StotIntoWall { from } => {
                write!(f, "the stot in cell {} would move into a wall or out of the box", from + 1)
            }
            Failure::StotIntoCreature { from, to } => {
                write!(f, "the stot in cell {} would move into cell {}, which holds a creature", from + 1, to + 1)
            }
            Failure::StotLoaded { stot, on_top } => {
                write!(f, "the stot in cell {} cannot move: a creature in cell {} rests on it", stot + 1, on_top + 1)
            }
            Failure::SmoleLeft => write!(f, "a smole left the box"),
        }
    }
}

/// The result of one operation: the state reached (at the failure, if there was one), the
/// steps that happened, and the failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub state: State,
    pub steps: Vec<Step>,
    pub failure: Option<Failure>,
}

/// The box: contents in the box frame, plus orientation and how many shubbles have left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    pub cells: [Content; CELLS],
    /// Clockwise quarter turns from the standard orientation, 0..4.
    pub orientation: u8,
}

impl State {
    pub fn stot(&self) -> Option<usize> {
        self.cells.iter().position(|&c| c == Content::Stot)
    }

    pub fn count(&self, c: Content) -> usize {
        self.cells.iter().filter(|&&x| x == c).count()
    }

    /// The 29-character state string.
    pub fn text(&self) -> String {
        self.cells.iter().map(|c| c.char()).collect()
    }

    /// The neighbour of cell `i` in box-frame direction `d`, if it is a cell.
    pub fn neighbour(i: usize, d: (isize, isize)) -> Option<usize> {
        let (r, c) = cell_pos(i);
        cell_at(r as isize + d.0, c as isize + d.1)
    }

    /// Whether cell `i`'s world-down side is the opening in this orientation.
    fn over_opening(&self, i: usize) -> bool {
        i == OPENING_CELL && self.orientation == 0
    }

    /// Is every creature at rest?
    pub fn is_stable(&self) -> bool {
        self.first_unsupported().is_none()
    }

    /// The first cell (in cell order) whose creature would fall, if any.
    pub fn first_unsupported(&self) -> Option<usize> {
        let d = down(self.orientation);
        (0..CELLS).find(|&i| {
            self.cells[i].is_creature()
                && (self.over_opening(i) || State::neighbour(i, d).is_some_and(|j| self.cells[j] == Content::Empty))
        })
    }

    /// Applies one operation. A failure is also the last step, so views of the steps show it.
    pub fn apply(&self, op: Op) -> Applied {
        let mut a = self.apply_inner(op);
        if let Some(f) = a.failure {
            a.steps.push(Step::Failed(f));
        }
        a
    }

    /// The state after one step (steps as [`State::apply`] reports them).
    pub fn after(&self, step: &Step) -> State {
        let mut s = *self;
        match step {
            Step::Rotate { quarter_turns, .. } => {
                s.orientation = (s.orientation as i8 + quarter_turns).rem_euclid(4) as u8;
            }
            Step::StotMove { from, to } => {
                s.cells[*from] = Content::Empty;
                s.cells[*to] = Content::Stot;
            }
            Step::Exit { .. } => s.cells[OPENING_CELL] = Content::Empty,
            Step::Fall { moves, .. } => {
                for m in moves {
                    s.cells[m.from] = Content::Empty;
                }
                for m in moves {
                    s.cells[m.to] = m.creature;
                }
            }
            Step::Failed(_) => {}
        }
        s
    }

    fn apply_inner(&self, op: Op) -> Applied {
        let mut s = *self;
        let mut steps = Vec::new();
        match op {
            Op::Stot(dir) => {
                let Some(from) = s.stot() else {
                    return Applied { state: s, steps, failure: Some(Failure::StotIntoWall { from: 0 }) };
                };
                let (ur, uc) = down(s.orientation);
                if let Some(above) = State::neighbour(from, (-ur, -uc))
                    && s.cells[above].is_creature()
                {
                    let f = Failure::StotLoaded { stot: from, on_top: above };
                    return Applied { state: s, steps, failure: Some(f) };
                }
                let Some(to) = State::neighbour(from, dir.delta()) else {
                    return Applied { state: s, steps, failure: Some(Failure::StotIntoWall { from }) };
                };
                if s.cells[to] != Content::Empty {
                    let f = Failure::StotIntoCreature { from, to };
                    return Applied { state: s, steps, failure: Some(f) };
                }
                s.cells[from] = Content::Empty;
                s.cells[to] = Content::Stot;
                steps.push(Step::StotMove { from, to });
            }
            _ => {
                let q = op.quarter_turns();
                steps.push(Step::Rotate { from: s.orientation, quarter_turns: q });
                s.orientation = (s.orientation as i8 + q).rem_euclid(4) as u8;
            }
        }
        let failure = s.settle(&mut steps);
        Applied { state: s, steps, failure }
    }

    /// Lets creatures fall tick by tick until at rest; stops at a smole leaving.
    fn settle(&mut self, steps: &mut Vec<Step>) -> Option<Failure> {
        let d = down(self.orientation);
        // Cells ordered from the world bottom upwards.
        let mut order: Vec<usize> = (0..CELLS).collect();
        order.sort_by_key(|&i| {
            let (r, c) = cell_pos(i);
            std::cmp::Reverse(r as isize * d.0 + c as isize * d.1)
        });
        let mut tick = 0;
        loop {
            let mut moves = Vec::new();
            let mut exits = Vec::new();
            for &i in &order {
                let c = self.cells[i];
                if !c.is_creature() {
                    continue;
                }
                if self.over_opening(i) {
                    self.cells[i] = Content::Empty;
                    exits.push(c);
                } else if let Some(j) = State::neighbour(i, d)
                    && self.cells[j] == Content::Empty
                {
                    self.cells[j] = c;
                    self.cells[i] = Content::Empty;
                    moves.push(CellMove { creature: c, from: i, to: j });
                }
            }
            if moves.is_empty() && exits.is_empty() {
                return None;
            }
            let smole_left = exits.contains(&Content::Smole);
            for creature in exits {
                steps.push(Step::Exit { creature, tick });
            }
            if !moves.is_empty() {
                moves.sort_by_key(|m| m.from);
                steps.push(Step::Fall { tick, moves });
            }
            if smole_left {
                return Some(Failure::SmoleLeft);
            }
            tick += 1;
        }
    }

    /// Lets everything fall as it would after an operation (for states built by hand).
    pub fn settled(&self) -> Applied {
        let mut s = *self;
        let mut steps = Vec::new();
        let failure = s.settle(&mut steps);
        Applied { state: s, steps, failure }
    }

    /// The end of a sequence of operations and its failure, if any, keeping no history (each
    /// operation's steps are dropped as soon as it is applied).
    pub fn outcome(&self, ops: &[Op]) -> (State, Option<Failure>) {
        let mut state = *self;
        for &op in ops {
            let a = state.apply(op);
            if a.failure.is_some() {
                return (a.state, a.failure);
            }
            state = a.state;
        }
        (state, None)
    }

    /// Runs a sequence of operations; stops at the first failure.
    pub fn run(&self, ops: &[Op]) -> Run {
        let mut state = *self;
        let mut applied = Vec::new();
        for &op in ops {
            let a = state.apply(op);
            state = a.state;
            let failed = a.failure.is_some();
            applied.push((op, a));
            if failed {
                break;
            }
        }
        Run { start: *self, applied }
    }
}

/// A whole run: every operation applied, in order, up to and including a failure.
#[derive(Debug, Clone)]
pub struct Run {
    pub start: State,
    pub applied: Vec<(Op, Applied)>,
}

impl Run {
    pub fn end(&self) -> State {
        self.applied.last().map_or(self.start, |(_, a)| a.state)
    }
    pub fn failure(&self) -> Option<Failure> {
        self.applied.last().and_then(|(_, a)| a.failure)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_matches_the_spec() {
        assert_eq!(cell_pos(0), (0, 0));
        assert_eq!(cell_pos(5), (0, 5));
        assert_eq!(cell_pos(6), (1, 1));
        assert_eq!(cell_pos(9), (1, 4)); // cell 10
        assert_eq!(cell_pos(17), (3, 0)); // cell 18
        assert_eq!(cell_pos(27), (4, 5)); // cell 28
        assert_eq!(cell_pos(28), (4, 6)); // cell 29
        for i in 0..CELLS {
            let (r, c) = cell_pos(i);
            assert_eq!(cell_at(r as isize, c as isize), Some(i));
        }
        // Cell 10: `^` goes to cell 5, `>` to cell 11.
        assert_eq!(State::neighbour(9, StotDir::Up.delta()), Some(4));
        assert_eq!(State::neighbour(9, StotDir::Right.delta()), Some(10));
        assert_eq!(State::neighbour(27, StotDir::Down.delta()), None);
    }
}
