//! Level generators: random candidates, certified by the solvers, kept when they are
//! interesting. The built-in levels in `assets/levels/` were made with these (see
//! `tumblebox generate --help`); their certified values are re-checked by the tests.
//!
//! A capability: depends on the games and the shared ground; no game depends on it, and it
//! never names the window (a test checks the layers).

use crate::grid::{Grid, Pos};
use crate::shubbles::rules::{CELLS, Content, State};
use crate::sokoban::format::Maze;
use crate::stacks::{Color, Game, Heading, Rule};
use crate::vexed::{Board, Cell};

/// A small deterministic random number generator (xorshift64*).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// A random Vexed board: a walled 10 x 8 box (8 x 6 inside) with a few ledges and 2-4 kinds
/// of 2-3 blocks each, settled.
pub fn vexed_candidate(rng: &mut Rng) -> Board {
    let (rows, cols) = (8, 10);
    let mut cells = vec![Cell::Empty; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            if r == 0 || r == rows - 1 || c == 0 || c == cols - 1 {
                cells[r * cols + c] = Cell::Wall;
            }
        }
    }
    for _ in 0..rng.below(5) + 1 {
        let r = 2 + rng.below(rows - 3);
        let c = 1 + rng.below(cols - 2);
        let len = 1 + rng.below(3);
        for k in 0..len {
            if c + k < cols - 1 {
                cells[r * cols + c + k] = Cell::Wall;
            }
        }
    }
    let kinds = 2 + rng.below(3);
    for k in 0..kinds {
        for _ in 0..2 + rng.below(2) {
            for _ in 0..50 {
                let i = rng.below(rows * cols);
                if cells[i] == Cell::Empty {
                    cells[i] = Cell::Block(b'a' + k as u8);
                    break;
                }
            }
        }
    }
    Board::new(Grid::from_cells(rows, cols, cells)).settle().0
}

/// A random shubbles box at rest: the stot, two smoles and 2-8 shubbles.
pub fn shubbles_candidate(rng: &mut Rng) -> Option<State> {
    let mut s = State { cells: [Content::Empty; CELLS], orientation: 0 };
    let mut place = |c: Content, rng: &mut Rng| loop {
        let i = rng.below(CELLS);
        if s.cells[i] == Content::Empty {
            s.cells[i] = c;
            break;
        }
    };
    place(Content::Stot, rng);
    place(Content::Smole, rng);
    place(Content::Smole, rng);
    for _ in 0..2 + rng.below(7) {
        place(Content::Shubble, rng);
    }
    let a = s.settled();
    (a.failure.is_none() && a.state.count(Content::Shubble) > 0).then_some(a.state)
}

/// A random pushing-boxes maze: a walled room with scattered rock.
pub fn sokoban_candidate(rng: &mut Rng) -> Option<Maze> {
    let rows = 6 + rng.below(4);
    let cols = 6 + rng.below(5);
    let mut text = Vec::new();
    let mut free = Vec::new();
    for r in 0..rows {
        let mut line = String::new();
        for c in 0..cols {
            let edge = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
            if edge || rng.chance(0.22) {
                line.push('#');
            } else {
                line.push('.');
                free.push(r * cols + c);
            }
        }
        text.push(line);
    }
    if free.len() < 3 {
        return None;
    }
    let mut pick = |rng: &mut Rng| free.swap_remove(rng.below(free.len()));
    let (s, b, t) = (pick(rng), pick(rng), pick(rng));
    for (i, ch) in [(s, 'S'), (b, 'B'), (t, 'T')] {
        let (r, c) = (i / cols, i % cols);
        text[r].replace_range(c..c + 1, &ch.to_string());
    }
    let refs: Vec<&str> = text.iter().map(String::as_str).collect();
    crate::sokoban::format::parse_rows(&refs, 1, cols).ok()
}

/// A random stacks board: N x N with some red and blue squares and K pieces.
pub fn stacks_candidate(rng: &mut Rng) -> Game {
    let n = 4 + rng.below(3);
    let k = 4 + rng.below(3);
    let colors: Vec<Color> = (0..n * n)
        .map(|_| match rng.below(10) {
            0 | 1 => Color::Red,
            2 => Color::Blue,
            _ => Color::White,
        })
        .collect();
    let mut pieces: Vec<(Pos, Heading)> = Vec::new();
    while pieces.len() < k {
        let p = Pos::new(rng.below(n), rng.below(n));
        if !pieces.iter().any(|q| q.0 == p) {
            pieces.push((p, Heading::from_code(1 + rng.below(4) as i64).unwrap_or(Heading(crate::grid::Dir::Up))));
        }
    }
    Game::new(Grid::from_cells(n, n, colors), &pieces, Rule::CarryAbove)
}
