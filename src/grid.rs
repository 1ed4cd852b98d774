//! Grid geometry shared by the games: positions, the four directions, rectangular grids.
//! Nothing here knows about any game's rules.
//!
//! Shared ground: depends on nothing in the crate but the rest of the ground (`grid`,
//! `scene`, `anim`, `error`, `input`, `cleanup`); every game may use it (a test checks).

/// A cell of a rectangular grid: row from the top, column from the left, both from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }

    /// The neighbour one step in `dir`, if it stays at non-negative coordinates.
    pub fn step(self, dir: Dir) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        let row = self.row.checked_add_signed(dr)?;
        let col = self.col.checked_add_signed(dc)?;
        Some(Pos { row, col })
    }
}

/// The four compass directions, in screen terms (up is towards row 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }
}

/// A rectangular grid of cells stored row by row.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    pub fn filled(rows: usize, cols: usize, value: T) -> Self {
        Grid { rows, cols, cells: vec![value; rows * cols] }
    }
}

impl<T> Grid<T> {
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<T>) -> Self {
        assert_eq!(cells.len(), rows * cols, "grid size mismatch");
        Grid { rows, cols, cells }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    pub fn contains(&self, p: Pos) -> bool {
        p.row < self.rows && p.col < self.cols
    }

    pub fn get(&self, p: Pos) -> Option<&T> {
        self.contains(p).then(|| &self.cells[p.row * self.cols + p.col])
    }

    /// The neighbour of `p` in `dir`, if it is on the grid.
    pub fn neighbour(&self, p: Pos, dir: Dir) -> Option<Pos> {
        p.step(dir).filter(|q| self.contains(*q))
    }

    pub fn iter(&self) -> impl Iterator<Item = (Pos, &T)> {
        let cols = self.cols;
        self.cells.iter().enumerate().map(move |(i, v)| (Pos::new(i / cols, i % cols), v))
    }
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, p: Pos) -> &T {
        assert!(self.contains(p), "{p:?} outside a {}x{} grid", self.rows, self.cols);
        &self.cells[p.row * self.cols + p.col]
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, p: Pos) -> &mut T {
        assert!(self.contains(p), "{p:?} outside a {}x{} grid", self.rows, self.cols);
        &mut self.cells[p.row * self.cols + p.col]
    }
}
