//! One piece's move: the piece and everything above it move one square in its heading.
//! White: the moving part goes on top in order. Red: on top in reverse order. Blue or off the
//! board: the piece turns round and tries one square that way; if that is blue or off the
//! board too it stays (turned round); otherwise that square's colour rule applies.
//! Under [`Rule::BottomOnly`] (17780) a piece that is not at the bottom of its stack skips.

use crate::grid::{Dir, Grid, Pos};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    White,
    Red,
    Blue,
}

/// A piece's heading: 1 →, 2 ←, 3 ↑, 4 ↓ in the Baekjoon input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Heading(pub Dir);

impl Heading {
    pub fn from_code(code: i64) -> Option<Heading> {
        Some(Heading(match code {
            1 => Dir::Right,
            2 => Dir::Left,
            3 => Dir::Up,
            4 => Dir::Down,
            _ => return None,
        }))
    }
    pub fn code(self) -> u8 {
        match self.0 {
            Dir::Right => 1,
            Dir::Left => 2,
            Dir::Up => 3,
            Dir::Down => 4,
        }
    }
}

/// Which problem's rule decides who moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// 17837: any piece moves, carrying the pieces above it.
    #[default]
    CarryAbove,
    /// 17780: only the bottom piece of a stack moves (carrying the whole stack).
    BottomOnly,
}

/// A physical step of one piece's move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// 17780: the piece is not at the bottom of its stack, so it does not move.
    Skip { piece: usize },
    /// Blue square or the edge ahead: the piece turns round.
    Reverse { piece: usize, heading: Heading },
    /// After turning round it faces blue or the edge again: it stays.
    Blocked { piece: usize },
    /// The piece and those above it (`carried`, bottom to top as they were) move from one square
    /// to another; on red they land in reverse order.
    StackMove { piece: usize, from: Pos, to: Pos, carried: Vec<usize>, reversed: bool },
    /// A square holds four or more pieces: the game ends.
    ReachedFour { at: Pos, pieces: Vec<usize> },
}

/// A game position. Pieces are numbered from 0 here (1 in the text formats).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub colors: Grid<Color>,
    pub rule: Rule,
    pub pos: Vec<Pos>,
    pub heading: Vec<Heading>,
    /// Each square's stack, bottom to top.
    pub stacks: Grid<Vec<usize>>,
    /// Set once a square holds four or more pieces.
    pub over: bool,
}

impl Game {
    pub fn new(colors: Grid<Color>, pieces: &[(Pos, Heading)], rule: Rule) -> Game {
        let mut stacks = Grid::filled(colors.rows(), colors.cols(), Vec::new());
        for (i, (p, _)) in pieces.iter().enumerate() {
            stacks[*p].push(i);
        }
        let over = stacks.iter().any(|(_, s)| s.len() >= 4);
        Game {
            colors,
            rule,
            pos: pieces.iter().map(|p| p.0).collect(),
            heading: pieces.iter().map(|p| p.1).collect(),
            stacks,
            over,
        }
    }

    pub fn pieces(&self) -> usize {
        self.pos.len()
    }

    fn open(&self, p: Option<Pos>) -> Option<Pos> {
        p.filter(|&q| self.colors.get(q).is_some_and(|&c| c != Color::Blue))
    }

    /// Moves piece `i` (from 0), returning the new game and the steps.
    pub fn move_piece(&self, i: usize) -> (Game, Vec<Step>) {
        let mut g = self.clone();
        let mut steps = Vec::new();
        let from = g.pos[i];
        let stack = &g.stacks[from];
        let level = stack.iter().position(|&p| p == i).unwrap_or(0);
        if g.rule == Rule::BottomOnly && level != 0 {
            steps.push(Step::Skip { piece: i });
            return (g, steps);
        }
        let mut dir = g.heading[i].0;
        let mut to = g.open(g.colors.neighbour(from, dir));
        if to.is_none() {
            dir = dir.opposite();
            g.heading[i] = Heading(dir);
            steps.push(Step::Reverse { piece: i, heading: g.heading[i] });
            to = g.open(g.colors.neighbour(from, dir));
        }
        let Some(to) = to else {
            steps.push(Step::Blocked { piece: i });
            return (g, steps);
        };
        let carried: Vec<usize> = g.stacks[from].split_off(level);
        let reversed = g.colors[to] == Color::Red;
        let mut landing = carried.clone();
        if reversed {
            landing.reverse();
        }
        for &p in &landing {
            g.pos[p] = to;
        }
        g.stacks[to].extend(landing);
        steps.push(Step::StackMove { piece: i, from, to, carried, reversed });
        if g.stacks[to].len() >= 4 {
            g.over = true;
            steps.push(Step::ReachedFour { at: to, pieces: g.stacks[to].clone() });
        }
        (g, steps)
    }

    /// Plays one whole turn (pieces in order), stopping the moment the game ends.
    pub fn turn(&self) -> (Game, Vec<Step>) {
        let mut g = self.clone();
        let mut steps = Vec::new();
        for i in 0..g.pieces() {
            if g.over {
                break;
            }
            let (n, s) = g.move_piece(i);
            g = n;
            steps.extend(s);
        }
        (g, steps)
    }

    /// The turn (from 1) in which the game ends, if it ends within `max_turns`.
    pub fn ending_turn(&self, max_turns: u32) -> Option<u32> {
        if self.over {
            return Some(0);
        }
        let mut g = self.clone();
        for t in 1..=max_turns {
            g = g.turn().0;
            if g.over {
                return Some(t);
            }
        }
        None
    }
}
