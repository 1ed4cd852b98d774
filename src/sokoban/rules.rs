//! Walking and pushing. A move is a direction; it is a push when a box is in the way and the
//! cell beyond is free. The text form is UVa's: `n s e w` walk, `N S E W` push.

use crate::grid::{Dir, Grid, Pos};
use std::fmt;

/// The fixed part of a maze: walls, goals, and the outside beyond the walls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    /// Every cell that is not floor: walls, and the outside beyond them.
    pub walls: Grid<bool>,
    pub goals: Vec<Pos>,
    /// The cells beyond the walls (an XSB level's outside: what a walker from beyond the
    /// border reaches without crossing a wall), drawn and written blank. All false in a UVa
    /// maze.
    pub outside: Grid<bool>,
}

/// The moving part: where the player and the boxes are. Boxes are kept sorted.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub player: Pos,
    pub boxes: Vec<Pos>,
}

/// A move: a direction, and whether the text form says it pushes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub dir: Dir,
    pub push: bool,
}

impl Move {
    pub fn char(self) -> char {
        let c = match self.dir {
            Dir::Up => 'n',
            Dir::Down => 's',
            Dir::Right => 'e',
            Dir::Left => 'w',
        };
        if self.push { c.to_ascii_uppercase() } else { c }
    }

    pub fn from_char(c: char) -> Option<Move> {
        let dir = match c.to_ascii_lowercase() {
            'n' => Dir::Up,
            's' => Dir::Down,
            'e' => Dir::Right,
            'w' => Dir::Left,
            _ => return None,
        };
        Some(Move { dir, push: c.is_ascii_uppercase() })
    }
}

/// Parses moves over `nsewNSEW` (whitespace between them is ignored), each with the 1-based
/// column where it stands.
pub fn parse_moves(text: &str) -> Result<Vec<(Move, usize)>, crate::error::ParseError> {
    let mut out = Vec::new();
    for (i, c) in text.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        let m = Move::from_char(c).ok_or_else(|| {
            crate::error::ParseError::at(
                1,
                i + 1,
                format!("move {}: expected one of `nsewNSEW`, found {}", out.len() + 1, crate::error::quote_char(c)),
            )
        })?;
        out.push((m, i + 1));
    }
    Ok(out)
}

/// Moves as text (`nsewNSEW`).
pub fn moves_text(moves: &[Move]) -> String {
    moves.iter().map(|m| m.char()).collect()
}

/// A physical step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Walk {
        from: Pos,
        to: Pos,
    },
    Push {
        from: Pos,
        to: Pos,
        box_from: Pos,
        box_to: Pos,
    },
    /// Reverse mode: the player steps away from a box behind them and pulls it along (the
    /// box comes to the cell the player left).
    Pull {
        from: Pos,
        to: Pos,
        box_from: Pos,
        box_to: Pos,
    },
}

impl Step {
    /// The box it moves, if any: (from, to).
    pub fn moved_box(&self) -> Option<(Pos, Pos)> {
        match *self {
            Step::Walk { .. } => None,
            Step::Push { box_from, box_to, .. } | Step::Pull { box_from, box_to, .. } => Some((box_from, box_to)),
        }
    }

    /// The player's cells: (from, to).
    pub fn player(&self) -> (Pos, Pos) {
        match *self {
            Step::Walk { from, to } | Step::Push { from, to, .. } | Step::Pull { from, to, .. } => (from, to),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    /// A wall or the edge of the maze is in the way.
    Wall,
    /// Reverse mode: a box is in the way (boxes are pulled, never pushed).
    BoxInTheWay,
    /// A box is in the way and cannot move (wall or box behind it).
    BoxStuck,
    /// The text said walk (lowercase) but the move pushes a box.
    PushWrittenAsWalk,
    /// The text said push (uppercase) but there is no box to push.
    WalkWrittenAsPush,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::Wall => "a wall is in the way",
            MoveError::BoxInTheWay => "a box is in the way (in reverse mode boxes are pulled, not pushed)",
            MoveError::BoxStuck => "the box cannot move: something is behind it",
            MoveError::PushWrittenAsWalk => "this move pushes a box but is written in lowercase",
            MoveError::WalkWrittenAsPush => "this move is written in uppercase but pushes no box",
        })
    }
}

impl std::error::Error for MoveError {}

impl Level {
    pub fn is_floor(&self, p: Pos) -> bool {
        self.walls.get(p) == Some(&false)
    }

    /// Beyond the walls: not part of the level, drawn and written blank.
    pub fn is_outside(&self, p: Pos) -> bool {
        self.outside.get(p) == Some(&true)
    }

    pub fn is_solved(&self, pos: &Position) -> bool {
        pos.boxes.iter().all(|b| self.goals.contains(b))
    }

    /// The step a direction makes, whatever the text case (`None`: blocked).
    pub fn step(&self, pos: &Position, dir: Dir) -> Result<(Position, Step), MoveError> {
        let to = self.walls.neighbour(pos.player, dir).filter(|&p| self.is_floor(p));
        let to = to.ok_or(MoveError::Wall)?;
        let mut next = pos.clone();
        next.player = to;
        if let Some(i) = pos.boxes.iter().position(|&b| b == to) {
            let beyond = self
                .walls
                .neighbour(to, dir)
                .filter(|&p| self.is_floor(p) && !pos.boxes.contains(&p))
                .ok_or(MoveError::BoxStuck)?;
            next.boxes[i] = beyond;
            next.boxes.sort();
            Ok((next, Step::Push { from: pos.player, to, box_from: to, box_to: beyond }))
        } else {
            Ok((next, Step::Walk { from: pos.player, to }))
        }
    }

    /// Reverse mode's step: the player steps into a free floor cell; with `pulls`, a box on
    /// the cell behind them (the other way) comes along into the cell they left (a pull is
    /// the player's choice, as in JSoko and libsokoengine: stepping away from a box may leave
    /// it standing).
    pub fn pull(&self, pos: &Position, dir: Dir, pulls: bool) -> Result<(Position, Step), MoveError> {
        let to = self.walls.neighbour(pos.player, dir).filter(|&p| self.is_floor(p));
        let to = to.ok_or(MoveError::Wall)?;
        if pos.boxes.contains(&to) {
            return Err(MoveError::BoxInTheWay);
        }
        let mut next = pos.clone();
        next.player = to;
        let behind = self.walls.neighbour(pos.player, dir.opposite()).filter(|_| pulls);
        match behind.and_then(|b| pos.boxes.iter().position(|&x| x == b)) {
            Some(i) => {
                let box_from = next.boxes[i];
                next.boxes[i] = pos.player;
                next.boxes.sort();
                Ok((next, Step::Pull { from: pos.player, to, box_from, box_to: pos.player }))
            }
            None => Ok((next, Step::Walk { from: pos.player, to })),
        }
    }

    /// Applies a move, checking that its case (walk or push) matches what happens.
    pub fn apply(&self, pos: &Position, mv: Move) -> Result<(Position, Step), MoveError> {
        let (next, step) = self.step(pos, mv.dir)?;
        match (step, mv.push) {
            (Step::Push { .. }, false) => Err(MoveError::PushWrittenAsWalk),
            (Step::Walk { .. }, true) => Err(MoveError::WalkWrittenAsPush),
            _ => Ok((next, step)),
        }
    }

    /// Replays moves; the error names the 0-based index of the bad move.
    pub fn replay(&self, pos: &Position, moves: &[Move]) -> Result<Position, (usize, MoveError)> {
        let mut p = pos.clone();
        for (i, &m) in moves.iter().enumerate() {
            p = self.apply(&p, m).map_err(|e| (i, e))?.0;
        }
        Ok(p)
    }
}
