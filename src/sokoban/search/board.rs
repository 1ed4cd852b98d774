//! A level prepared for search (`Board`): cells numbered, neighbours, push distances from
//! the goals, dead squares, Zobrist keys; and the box sets as bit sets (`has`, `set`,
//! `clear`, `cells`, `bits_hash`), the helpers every part of the search shares.

use crate::grid::Dir;
use crate::grid::Pos;
use crate::sokoban::rules::Level;

pub(super) const NONE: u16 = u16::MAX;
pub(super) const INF: u16 = u16::MAX;
pub(super) const DIRS: [Dir; 4] = [Dir::Left, Dir::Up, Dir::Right, Dir::Down];

/// A level prepared for search: cells numbered, neighbours, distances, dead squares.
pub struct Board {
    pub(super) cols: usize,
    /// The grid position of each cell.
    pub(super) pos: Vec<Pos>,
    /// Each cell's neighbour in each of [`DIRS`] (NONE: wall).
    pub(super) next: Vec<[u16; 4]>,
    pub(super) goal: Vec<bool>,
    pub(super) goals: Vec<u16>,
    /// dist[g][c]: pushes that bring a lone box from cell c to goal g (INF: never).
    pub(super) dist: Vec<Vec<u16>>,
    pub(super) dead: Vec<bool>,
    pub(super) zobrist: Vec<u64>,
    pub(super) player_key: Vec<u64>,
    pub(super) words: usize,
    /// The grid cell → cell number (NONE: wall).
    pub(super) index: Vec<u16>,
}

pub(super) fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Board {
    pub fn new(level: &Level) -> Board {
        let (rows, cols) = (level.walls.rows(), level.walls.cols());
        let mut index = vec![NONE; rows * cols];
        let mut pos = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let p = Pos::new(r, c);
                if level.is_floor(p) {
                    index[r * cols + c] = pos.len() as u16;
                    pos.push(p);
                }
            }
        }
        let n = pos.len();
        let next: Vec<[u16; 4]> = pos
            .iter()
            .map(|&p| {
                DIRS.map(|d| {
                    level
                        .walls
                        .neighbour(p, d)
                        .filter(|&q| level.is_floor(q))
                        .map_or(NONE, |q| index[q.row * cols + q.col])
                })
            })
            .collect();
        let mut goal = vec![false; n];
        let goals: Vec<u16> = level.goals.iter().map(|g| index[g.row * cols + g.col]).collect();
        for &g in &goals {
            goal[g as usize] = true;
        }
        let dist = goal_distances(&next, &goals, &vec![0; n.div_ceil(64).max(1)]);
        let dead = (0..n).map(|c| dist.iter().all(|d| d[c] == INF)).collect();
        let mut seed = 0x5eed_u64 ^ n as u64;
        let zobrist = (0..n).map(|_| splitmix(&mut seed)).collect();
        let player_key = (0..n).map(|_| splitmix(&mut seed)).collect();
        Board { cols, pos, next, goal, goals, dist, dead, zobrist, player_key, words: n.div_ceil(64).max(1), index }
    }

    pub(super) fn cell(&self, p: Pos) -> u16 {
        self.index[p.row * self.cols + p.col]
    }

    /// The grid's rows.
    pub(super) fn rows(&self) -> usize {
        self.index.len() / self.cols.max(1)
    }

    /// The cell at grid row `r`, column `c`, either of them possibly off the grid (`None`: a
    /// wall or off the grid).
    pub(super) fn at(&self, r: isize, c: isize) -> Option<u16> {
        if r < 0 || c < 0 || c as usize >= self.cols {
            return None;
        }
        // Past the last row the index is past the grid's end.
        self.index.get(r as usize * self.cols + c as usize).copied().filter(|&i| i != NONE)
    }

    /// The cells from which a lone box can never reach a goal (what the window can show).
    pub fn dead_squares(&self) -> Vec<Pos> {
        (0..self.pos.len()).filter(|&c| self.dead[c]).map(|c| self.pos[c]).collect()
    }
}

/// Pulls from each goal, `walls` (cells) taken as walls: a box at c reaches g in d pushes
/// when it can be pulled from g to c in d pulls, the player standing beyond it at each.
pub(super) fn goal_distances(next: &[[u16; 4]], goals: &[u16], walls: &[u64]) -> Vec<Vec<u16>> {
    let n = next.len();
    let mut queue = std::collections::VecDeque::new();
    goals
        .iter()
        .map(|&g| {
            let mut d = vec![INF; n];
            d[g as usize] = 0;
            queue.clear();
            queue.push_back(g);
            while let Some(c) = queue.pop_front() {
                for (k, &b) in next[c as usize].iter().enumerate() {
                    // Pull the box from c one cell in direction k: the player stands at c+k
                    // and steps to c+2k.
                    if b == NONE || has(walls, b) {
                        continue;
                    }
                    let p = next[b as usize][k];
                    if p == NONE || has(walls, p) || d[b as usize] != INF {
                        continue;
                    }
                    d[b as usize] = d[c as usize] + 1;
                    queue.push_back(b);
                }
            }
            d
        })
        .collect()
}

/// A small search's position: the boxes' cells sorted into an array of `N` (`NONE` past the
/// last) and the player's region (its least cell).
pub(super) fn box_key<const N: usize>(boxes: &[u16], region: u16) -> ([u16; N], u16) {
    let mut k = [NONE; N];
    k[..boxes.len()].copy_from_slice(boxes);
    k[..boxes.len()].sort_unstable();
    (k, region)
}

pub(super) fn has(bits: &[u64], c: u16) -> bool {
    bits[c as usize / 64] >> (c % 64) & 1 == 1
}

pub(super) fn set(bits: &mut [u64], c: u16) {
    bits[c as usize / 64] |= 1 << (c % 64);
}

pub(super) fn clear(bits: &mut [u64], c: u16) {
    bits[c as usize / 64] &= !(1 << (c % 64));
}

pub(super) fn cells(bits: &[u64]) -> impl Iterator<Item = u16> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| word_cells(w, word))
}

/// The cells of one word of a bit set, `w` its index in the set.
pub(super) fn word_cells(w: usize, word: u64) -> impl Iterator<Item = u16> {
    let mut x = word;
    std::iter::from_fn(move || {
        if x == 0 {
            return None;
        }
        let b = x.trailing_zeros();
        x &= x - 1;
        Some((w * 64) as u16 + b as u16)
    })
}

/// Push distances from each of `from` (cells) to every cell, for a lone box.
pub(super) fn push_distances(b: &Board, from: &[u16]) -> Vec<Vec<u16>> {
    let n = b.pos.len();
    from.iter()
        .map(|&s| {
            let mut d = vec![INF; n];
            d[s as usize] = 0;
            let mut queue = std::collections::VecDeque::from([s]);
            while let Some(c) = queue.pop_front() {
                for k in 0..4 {
                    let to = b.next[c as usize][k];
                    let behind = b.next[c as usize][(k + 2) % 4];
                    if to != NONE && behind != NONE && d[to as usize] == INF {
                        d[to as usize] = d[c as usize] + 1;
                        queue.push_back(to);
                    }
                }
            }
            d
        })
        .collect()
}

pub(super) fn bits_hash(b: &Board, bits: &[u64]) -> u64 {
    cells(bits).fold(0u64, |h, c| h ^ b.zobrist[c as usize])
}

/// The next mark of a stamped array (`marks[c] == stamp` marks `c`; a new stamp clears every
/// mark at once): `stamp` moved on, and every mark cleared when the stamps wrap round.
pub(super) fn next_stamp(stamp: &mut u32, marks: &mut [u32]) -> u32 {
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        marks.iter_mut().for_each(|m| *m = 0);
        *stamp = 1;
    }
    *stamp
}
