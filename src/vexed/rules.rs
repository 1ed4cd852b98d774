//! The Vexed rules (ACM World Finals 2001, and the Palm game's `game.c`): a move slides one
//! block one cell into an empty cell; then everything falls until it rests (full settle);
//! then every 4-connected group of two or more identical blocks vanishes, all groups at once;
//! then falls again, and so on until stable. Applying a move returns the new board and the
//! ordered list of physical steps. No drawing, no I/O.

use crate::grid::{Dir, Grid, Pos};
use std::fmt;

/// One cell of a Vexed board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Wall,
    /// A movable block; the byte is its kind's letter (`A`..`Z`, `a`..`z`).
    Block(u8),
}

/// Which way a block slides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    pub fn dir(self) -> Dir {
        match self {
            Side::Left => Dir::Left,
            Side::Right => Dir::Right,
        }
    }
    pub fn letter(self) -> char {
        match self {
            Side::Left => 'L',
            Side::Right => 'R',
        }
    }
}

/// A move: the block at `pos` (before the move) slides one cell to `side`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub pos: Pos,
    pub side: Side,
}

/// One block's fall from one cell to another, straight down.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drop {
    pub kind: u8,
    pub from: Pos,
    pub to: Pos,
}

/// A group of touching identical blocks that vanished together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub kind: u8,
    /// The group's cells, in row-major order.
    pub cells: Vec<Pos>,
}

/// A physical step of a Vexed move, in the order it happens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The moved block slides one cell sideways.
    Slide { kind: u8, from: Pos, to: Pos },
    /// Every unsupported block falls until it rests (all at once; each with its own distance).
    Fall { drops: Vec<Drop> },
    /// All groups of this round vanish at once. `chain` counts rounds from 1.
    Vanish { chain: usize, groups: Vec<Group> },
}

/// Why a move cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    NoBlock(Pos),
    /// The cell the block would slide into holds `by` (a wall, another block, or the edge).
    Blocked {
        at: Pos,
        by: Obstacle,
    },
}

/// What stops a slide, named in the refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Obstacle {
    Wall,
    Block,
    Edge,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoBlock(p) => {
                write!(f, "there is no movable block at ({},{})", p.row, p.col)
            }
            MoveError::Blocked { at, by } => {
                let what = match by {
                    Obstacle::Wall => "a wall is in the way",
                    Obstacle::Block => "another block is in the way",
                    Obstacle::Edge => "the board ends there",
                };
                write!(f, "the block at ({},{}) cannot move there: {what}", at.row, at.col)
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A Vexed board. Immutable in use: moves return a new board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    pub grid: Grid<Cell>,
}

impl Board {
    pub fn new(grid: Grid<Cell>) -> Self {
        Board { grid }
    }

    pub fn rows(&self) -> usize {
        self.grid.rows()
    }

    pub fn cols(&self) -> usize {
        self.grid.cols()
    }

    pub fn block_count(&self) -> usize {
        self.grid.iter().filter(|(_, c)| matches!(c, Cell::Block(_))).count()
    }

    /// Solved when no movable block is left.
    pub fn is_solved(&self) -> bool {
        self.block_count() == 0
    }

    fn is_empty(&self, p: Pos) -> bool {
        self.grid.get(p) == Some(&Cell::Empty)
    }

    /// Every legal move, in row-major order, left before right.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for (p, c) in self.grid.iter() {
            if let Cell::Block(_) = c {
                for side in [Side::Left, Side::Right] {
                    if self.grid.neighbour(p, side.dir()).is_some_and(|q| self.is_empty(q)) {
                        out.push(Move { pos: p, side });
                    }
                }
            }
        }
        out
    }

    /// Applies a move: slide, then settle. Returns the new board and the steps.
    pub fn apply(&self, mv: Move) -> Result<(Board, Vec<Step>), MoveError> {
        let kind = match self.grid.get(mv.pos) {
            Some(Cell::Block(k)) => *k,
            _ => return Err(MoveError::NoBlock(mv.pos)),
        };
        let blocked = |by| MoveError::Blocked { at: mv.pos, by };
        let to = match self.grid.neighbour(mv.pos, mv.side.dir()) {
            None => return Err(blocked(Obstacle::Edge)),
            Some(q) => match self.grid.get(q) {
                Some(Cell::Empty) => q,
                Some(Cell::Wall) => return Err(blocked(Obstacle::Wall)),
                _ => return Err(blocked(Obstacle::Block)),
            },
        };
        let mut next = self.clone();
        next.grid[mv.pos] = Cell::Empty;
        next.grid[to] = Cell::Block(kind);
        let mut steps = vec![Step::Slide { kind, from: mv.pos, to }];
        next.settle_into(&mut steps);
        Ok((next, steps))
    }

    /// Settles a board (falls and vanishing until stable), returning the steps.
    pub fn settle(&self) -> (Board, Vec<Step>) {
        let mut next = self.clone();
        let mut steps = Vec::new();
        next.settle_into(&mut steps);
        (next, steps)
    }

    fn settle_into(&mut self, steps: &mut Vec<Step>) {
        let mut chain = 0;
        loop {
            let drops = self.fall();
            if !drops.is_empty() {
                steps.push(Step::Fall { drops });
            }
            let groups = self.groups();
            if groups.is_empty() {
                return;
            }
            for g in &groups {
                for &p in &g.cells {
                    self.grid[p] = Cell::Empty;
                }
            }
            chain += 1;
            steps.push(Step::Vanish { chain, groups });
        }
    }

    /// Full gravity: every block falls straight down until it rests on a wall or block.
    fn fall(&mut self) -> Vec<Drop> {
        let mut drops = Vec::new();
        for col in 0..self.cols() {
            // Walk up from the bottom, keeping the lowest free cell a block would land on.
            let mut floor: Option<usize> = None;
            for row in (0..self.rows()).rev() {
                let p = Pos::new(row, col);
                match self.grid[p] {
                    Cell::Wall => floor = None,
                    Cell::Empty => {
                        if floor.is_none() {
                            floor = Some(row);
                        }
                    }
                    Cell::Block(kind) => {
                        if let Some(f) = floor {
                            let to = Pos::new(f, col);
                            self.grid[to] = Cell::Block(kind);
                            self.grid[p] = Cell::Empty;
                            drops.push(Drop { kind, from: p, to });
                            floor = Some(f - 1);
                        }
                    }
                }
            }
        }
        drops.sort_by_key(|d| (d.from.row, d.from.col));
        drops
    }

    /// Every 4-connected group of two or more identical blocks.
    fn groups(&self) -> Vec<Group> {
        let mut seen = Grid::filled(self.rows(), self.cols(), false);
        let mut out = Vec::new();
        for (p, c) in self.grid.iter() {
            let Cell::Block(kind) = *c else { continue };
            if seen[p] {
                continue;
            }
            seen[p] = true;
            let mut cells = vec![p];
            let mut i = 0;
            while i < cells.len() {
                let q = cells[i];
                i += 1;
                for d in Dir::ALL {
                    if let Some(r) = self.grid.neighbour(q, d)
                        && !seen[r]
                        && self.grid[r] == Cell::Block(kind)
                    {
                        seen[r] = true;
                        cells.push(r);
                    }
                }
            }
            if cells.len() >= 2 {
                cells.sort();
                out.push(Group { kind, cells });
            }
        }
        out
    }

    /// Replays moves from this board; the error names the 0-based index of the bad move.
    pub fn replay(&self, moves: &[Move]) -> Result<Board, (usize, MoveError)> {
        let mut b = self.clone();
        for (i, &m) in moves.iter().enumerate() {
            b = b.apply(m).map_err(|e| (i, e))?.0;
        }
        Ok(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vexed::format::parse_board_rows;

    fn board(rows: &[&str]) -> Board {
        parse_board_rows(rows, 1).unwrap()
    }

    #[test]
    fn a_refused_slide_names_what_is_in_the_way() {
        // Row 0: A beside a wall on its left and B on its right; B at the board's right edge.
        let b = board(&["#AB", "###"]);
        let why = |r, c, side| b.apply(Move { pos: Pos::new(r, c), side }).unwrap_err().to_string();
        assert_eq!(why(0, 1, Side::Left), "the block at (0,1) cannot move there: a wall is in the way");
        assert_eq!(why(0, 1, Side::Right), "the block at (0,1) cannot move there: another block is in the way");
        assert_eq!(why(0, 2, Side::Right), "the block at (0,2) cannot move there: the board ends there");
    }

    #[test]
    fn sample_one_by_hand() {
        // The seed's first example: (1,3,L) lets B fall onto B; both vanish.
        let b = board(&["#A--#", "##-B#", "#AB##", "#####"]);
        assert_eq!(b.moves().len(), 2);
        let (b2, steps) = b.apply(Move { pos: Pos::new(1, 3), side: Side::Left }).unwrap();
        assert_eq!(
            steps,
            vec![
                Step::Slide { kind: b'B', from: Pos::new(1, 3), to: Pos::new(1, 2) },
                Step::Vanish {
                    chain: 1,
                    groups: vec![Group { kind: b'B', cells: vec![Pos::new(1, 2), Pos::new(2, 2)] }]
                },
            ]
        );
        let (b3, steps) = b2.apply(Move { pos: Pos::new(0, 1), side: Side::Right }).unwrap();
        assert!(b3.is_solved());
        // slide, fall to (2,2) beside A at (2,1), vanish
        assert!(matches!(steps[1], Step::Fall { ref drops } if drops[0].to == Pos::new(2, 2)));
        assert!(matches!(steps[2], Step::Vanish { chain: 1, .. }));
    }

    #[test]
    fn all_groups_vanish_at_once_then_chain() {
        let b = board(&["#BA#", "#BA#", "####"]);
        // B touches B and A touches A: both groups vanish in the same round.
        let (b2, steps) = b.settle();
        assert!(b2.is_solved());
        assert_eq!(steps.len(), 1);
        let Step::Vanish { groups, .. } = &steps[0] else { panic!() };
        assert_eq!(groups.len(), 2);
    }

    #[test]
    fn match_only_after_full_settle() {
        // A falling block passes beside a twin without matching mid-fall.
        let b = board(&["#A-#", "#--#", "#A-#", "#-B#", "####"]);
        let (b2, steps) = b.settle();
        // Both A's fall to the floor column 1: the top one lands on the bottom one and they match.
        assert!(matches!(steps[0], Step::Fall { .. }));
        assert!(matches!(steps[1], Step::Vanish { chain: 1, .. }));
        assert_eq!(b2.block_count(), 1);
    }
}
