//! The board as bitboards (`Compiled`): cropped to its playable area, one `u128` mask per
//! block kind; moves, gravity and vanishing as shifts and ANDs; a position packed to a key
//! and to 64-bit words; the tables the lower bound reads (sideways distances, pair costs, which
//! cells can ever touch). Also the fast hasher of the solver's own keys.

use super::limits::SolveError;
use crate::grid::Pos;
use crate::vexed::rules::{Board, Cell, Move, Side};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A fast multiplicative hasher for the solver's fixed-size keys (not DoS-resistant; the keys
/// are positions the solver made itself).
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        let h = self.0 ^ (self.0 >> 29);
        h.wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (h >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, v: u128) {
        self.write_u64(v as u64);
        self.write_u64((v >> 64) as u64);
    }
}

/// Hash maps keyed by solver positions.
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;
pub(super) const MAX_KINDS: usize = 26 * 2;

/// A board compiled to bitboards.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) row_off: usize,
    pub(super) col_off: usize,
    /// Cells that are neither wall nor off the cropped board.
    pub(super) open: u128,
    pub(super) not_first_col: u128,
    pub(super) not_last_col: u128,
    pub(super) letters: Vec<u8>,
    pub(super) kind_bits: u32,
    /// Words of a stored position (see [`Compiled::key_to_words`]).
    pub(super) occ_words: usize,
    pub(super) kind_words: usize,
    /// Each cell's column (for the lower bound).
    pub(super) col_of: Vec<u8>,
    /// For each cell: the cells from which a block of the same kind could ever touch a block
    /// here (see [`Compiled::partners`]).
    pub(super) partners: Vec<u128>,
    /// `pair[a * cells + b]`: the fewest moves two blocks starting at cells a and b need
    /// between them to stand side by side ([`Compiled::pair_costs`]); [`FAR`] if never.
    pub(super) pair: Vec<u8>,
    /// `dist[a * cells + x]`: see [`Compiled::distances`].
    pub(super) dist: Vec<u8>,
    /// `near[a * cells + x]`: the least `dist[a][y]` over cells y touching x.
    pub(super) near: Vec<u8>,
}

/// A pair distance meaning "can never touch".
pub(super) const FAR: u8 = u8::MAX;

/// A position: one mask per kind.
pub type Masks = Vec<u128>;

impl Compiled {
    /// Compiles a board; returns the start position too (settled, as the game would show it).
    pub fn new(board: &Board) -> Result<(Compiled, Masks), SolveError> {
        let (board, _) = board.settle();
        let mut rmin = usize::MAX;
        let mut rmax = 0;
        let mut cmin = usize::MAX;
        let mut cmax = 0;
        let mut letters: Vec<u8> = Vec::new();
        for (p, c) in board.grid.iter() {
            if *c != Cell::Wall {
                rmin = rmin.min(p.row);
                rmax = rmax.max(p.row);
                cmin = cmin.min(p.col);
                cmax = cmax.max(p.col);
            }
            if let Cell::Block(k) = c
                && !letters.contains(k)
            {
                letters.push(*k);
            }
        }
        letters.sort();
        let (rows, cols) = if rmin == usize::MAX { (0, 0) } else { (rmax - rmin + 1, cmax - cmin + 1) };
        if rows * cols > 128 {
            return Err(SolveError::TooLarge { cells: rows * cols });
        }
        let kind_bits = if letters.len() <= 1 { 0 } else { usize::BITS - (letters.len() - 1).leading_zeros() };
        let blocks = board.block_count();
        if letters.len() > MAX_KINDS || blocks as u32 * kind_bits > 128 {
            return Err(SolveError::TooManyBlocks { blocks, kinds: letters.len() });
        }
        let mut open = 0u128;
        let mut not_first_col = 0u128;
        let mut not_last_col = 0u128;
        let mut masks = vec![0u128; letters.len()];
        for r in 0..rows {
            for c in 0..cols {
                let bit = 1u128 << (r * cols + c);
                if c > 0 {
                    not_first_col |= bit;
                }
                if c + 1 < cols {
                    not_last_col |= bit;
                }
                match board.grid[Pos::new(r + rmin, c + cmin)] {
                    Cell::Wall => {}
                    Cell::Empty => open |= bit,
                    Cell::Block(k) => {
                        open |= bit;
                        let i = letters.binary_search(&k).unwrap_or(0);
                        masks[i] |= bit;
                    }
                }
            }
        }
        let compiled = Compiled {
            rows,
            cols,
            row_off: if rows == 0 { 0 } else { rmin },
            col_off: if rows == 0 { 0 } else { cmin },
            open,
            not_first_col,
            not_last_col,
            letters,
            kind_bits,
            occ_words: if rows * cols > 64 { 2 } else { 1 },
            kind_words: (blocks * kind_bits as usize).div_ceil(64),
            col_of: (0..rows * cols).map(|i| (i % cols.max(1)) as u8).collect(),
            partners: Vec::new(),
            pair: Vec::new(),
            dist: Vec::new(),
            near: Vec::new(),
        };
        let partners = compiled.partners();
        let (pair, dist, near) = compiled.pair_costs();
        Ok((Compiled { partners, pair, dist, near, ..compiled }, masks))
    }

    /// Where a block at each cell can ever be: blocks only slide sideways into non-wall cells
    /// and fall; nothing ever lifts a block. So the closure of a cell under "one left, one
    /// right, one down, through non-wall cells" contains every cell the block can reach,
    /// whatever the other blocks do (ignoring them can only add cells).
    pub(super) fn reach(&self) -> Vec<u128> {
        let w = self.cols as u32;
        (0..self.rows * self.cols)
            .map(|i| {
                let mut r = (1u128 << i) & self.open;
                loop {
                    let grown = r
                        | ((r << 1) & self.not_first_col & self.open)
                        | ((r >> 1) & self.not_last_col & self.open)
                        | ((r << w) & self.open);
                    if grown == r {
                        return r;
                    }
                    r = grown;
                }
            })
            .collect()
    }

    /// `d[a][x]`: the fewest sideways steps that take a block from cell a to cell x when every
    /// other block is ignored: a step left or right into a non-wall cell costs one, a step down
    /// into a non-wall cell costs nothing (falling, or resting on blocks that later go). Every
    /// real path of a block is a path here, and its real moves are exactly its sideways steps,
    /// so `d` never overestimates. [`FAR`] where x is out of reach.
    pub(super) fn distances(&self) -> Vec<Vec<u8>> {
        let n = self.rows * self.cols;
        let open = |i: usize| self.open >> i & 1 == 1;
        (0..n)
            .map(|a| {
                let mut d = vec![FAR; n];
                if !open(a) {
                    return d;
                }
                let mut queue = std::collections::VecDeque::new();
                d[a] = 0;
                queue.push_back(a);
                while let Some(x) = queue.pop_front() {
                    let dx = d[x];
                    let c = x % self.cols;
                    if x + self.cols < n && open(x + self.cols) && d[x + self.cols] > dx {
                        d[x + self.cols] = dx;
                        queue.push_front(x + self.cols);
                    }
                    for y in [(c > 0).then(|| x - 1), (c + 1 < self.cols).then_some(x + 1)].into_iter().flatten() {
                        if open(y) && d[y] > dx + 1 {
                            d[y] = dx + 1;
                            queue.push_back(y);
                        }
                    }
                }
                d
            })
            .collect()
    }

    /// `pair[a * n + b]`: the least `d[a][x] + d[b][y]` over distinct touching cells x, y (side by
    /// side or one on the other). Two blocks that vanish together touch at that moment, so
    /// between them they made at least this many moves.
    /// Also returns the distances and the `near` table, flattened.
    pub(super) fn pair_costs(&self) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
        let n = self.rows * self.cols;
        let d = self.distances();
        // near[b][x]: least d[b][y] over the cells y touching x.
        let near: Vec<Vec<u8>> = (0..n)
            .map(|b| {
                (0..n)
                    .map(|x| {
                        let (r, c) = (x / self.cols, x % self.cols);
                        let mut best = FAR;
                        if c > 0 {
                            best = best.min(d[b][x - 1]);
                        }
                        if c + 1 < self.cols {
                            best = best.min(d[b][x + 1]);
                        }
                        if r > 0 {
                            best = best.min(d[b][x - self.cols]);
                        }
                        if x + self.cols < n {
                            best = best.min(d[b][x + self.cols]);
                        }
                        best
                    })
                    .collect()
            })
            .collect();
        let mut pair = vec![FAR; n * n];
        for a in 0..n {
            for b in 0..n {
                if a == b {
                    continue;
                }
                let mut best = u32::MAX;
                for x in 0..n {
                    if d[a][x] != FAR && near[b][x] != FAR {
                        best = best.min(d[a][x] as u32 + near[b][x] as u32);
                    }
                }
                // A shortest path visits each of at most 128 cells once, so each distance is
                // below 128 and a real sum never reaches FAR.
                pair[a * n + b] = if best == u32::MAX { FAR } else { best.min(FAR as u32 - 1) as u8 };
            }
        }
        (pair, d.concat(), near.concat())
    }

    /// For each cell i, the cells j such that a block at i and a block at j could ever be
    /// side by side: some cell reachable from j touches (or is) a cell reachable from i. A
    /// block vanishes only in a group with a touching block of its kind, so a block with no
    /// possible partner left can never vanish: the position is dead. This is sound because
    /// `reach` over-approximates where each block can go.
    pub(super) fn partners(&self) -> Vec<u128> {
        let w = self.cols as u32;
        let reach = self.reach();
        let touch: Vec<u128> = reach
            .iter()
            .map(|&r| r | ((r << 1) & self.not_first_col) | ((r >> 1) & self.not_last_col) | (r << w) | (r >> w))
            .collect();
        (0..reach.len())
            .map(|i| {
                let mut p = 0u128;
                for (j, &rj) in reach.iter().enumerate() {
                    if j != i && rj & touch[i] != 0 {
                        p |= 1u128 << j;
                    }
                }
                p & self.open
            })
            .collect()
    }

    /// A position's place in the order that no move ever goes back on: blocks never rise and
    /// never come back, so a move either clears blocks (fewer blocks), or lets some fall (same
    /// count, larger sum of row indices), or is a bare slide (both unchanged). Encoded as
    /// `(start_blocks - blocks) << 16 | sum of row indices`: a move never lowers it, and
    /// leaves it unchanged only for a slide in which nothing falls.
    pub fn class_of(&self, m: &[u128], start_blocks: u32) -> u32 {
        let occ = m.iter().fold(0, |a, b| a | b);
        let row = if self.cols == 0 { 0 } else { (1u128 << self.cols) - 1 };
        let mut depth = 0u32;
        for r in 1..self.rows {
            depth += r as u32 * (occ & (row << (r * self.cols))).count_ones();
        }
        ((start_blocks - occ.count_ones()) << 16) | depth
    }

    /// Gravity then matching, repeated until stable.
    pub fn settle(&self, m: &mut [u128]) {
        let w = self.cols as u32;
        loop {
            loop {
                let occ = m.iter().fold(0, |a, b| a | b);
                let empty = self.open & !occ;
                let can = occ & (empty >> w);
                if can == 0 {
                    break;
                }
                for k in m.iter_mut() {
                    let f = *k & can;
                    *k = (*k ^ f) | (f << w);
                }
            }
            // A kind's matches depend on its own mask only, so each kind clears at once.
            let mut any = false;
            for k in m.iter_mut() {
                let nb = ((*k << 1) & self.not_first_col) | ((*k >> 1) & self.not_last_col) | (*k << w) | (*k >> w);
                let marked = *k & nb;
                any |= marked != 0;
                *k &= !marked;
            }
            if !any {
                return;
            }
        }
    }

    /// Moves as (cell index, side), kind order then cell order, left before right.
    pub fn moves(&self, m: &[u128], out: &mut Vec<(u8, Side)>) {
        out.clear();
        let occ = m.iter().fold(0, |a, b| a | b);
        let empty = self.open & !occ;
        let left_ok = (empty << 1) & self.not_first_col;
        let right_ok = (empty >> 1) & self.not_last_col;
        for &k in m {
            let mut l = k & left_ok;
            let mut r = k & right_ok;
            let mut all = l | r;
            while all != 0 {
                let i = all.trailing_zeros();
                let bit = 1u128 << i;
                if l & bit != 0 {
                    out.push((i as u8, Side::Left));
                    l ^= bit;
                }
                if r & bit != 0 {
                    out.push((i as u8, Side::Right));
                    r ^= bit;
                }
                all ^= bit;
            }
        }
    }

    pub fn apply(&self, m: &[u128], cell: u8, side: Side) -> Masks {
        let mut n = Vec::with_capacity(m.len());
        self.apply_into(m, cell, side, &mut n);
        n
    }

    /// [`Compiled::apply`] into a reused buffer.
    pub fn apply_into(&self, m: &[u128], cell: u8, side: Side, n: &mut Vec<u128>) {
        n.clear();
        n.extend_from_slice(m);
        let from = 1u128 << cell;
        let to = match side {
            Side::Left => from >> 1,
            Side::Right => from << 1,
        };
        for k in n.iter_mut() {
            if *k & from != 0 {
                *k ^= from | to;
            }
        }
        self.settle(n);
    }

    /// The number of block kinds (masks in a position).
    pub fn kinds(&self) -> usize {
        self.letters.len()
    }

    /// The move in board coordinates.
    pub fn to_move(&self, cell: u8, side: Side) -> Move {
        let cell = cell as usize;
        Move { pos: Pos::new(self.row_off + cell / self.cols, self.col_off + cell % self.cols), side }
    }

    /// The board with the blocks of a position (walls taken from `template`, the compiled board).
    pub fn board(&self, template: &Board, m: &[u128]) -> Board {
        let mut b = template.clone();
        for (p, c) in b.grid.iter().map(|(p, c)| (p, *c)).collect::<Vec<_>>() {
            if let Cell::Block(_) = c {
                b.grid[p] = Cell::Empty;
            }
        }
        for (k, &mask) in m.iter().enumerate() {
            let mut rest = mask;
            while rest != 0 {
                let cell = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let p = Pos::new(self.row_off + cell / self.cols, self.col_off + cell % self.cols);
                b.grid[p] = Cell::Block(self.letters[k]);
            }
        }
        b
    }

    pub fn pack(&self, m: &[u128]) -> Key {
        let occ = m.iter().fold(0, |a, b| a | b);
        let mut kinds = 0u128;
        if self.kind_bits > 0 {
            // Each block's slot is its rank among the occupied cells.
            for (idx, &k) in m.iter().enumerate().skip(1) {
                let mut rest = k;
                while rest != 0 {
                    let bit = rest & rest.wrapping_neg();
                    let rank = (occ & (bit - 1)).count_ones();
                    kinds |= (idx as u128) << (rank * self.kind_bits);
                    rest ^= bit;
                }
            }
        }
        Key { occ, kinds }
    }

    pub fn unpack(&self, key: &Key) -> Masks {
        let mut m = Vec::with_capacity(self.letters.len());
        self.unpack_into(key, &mut m);
        m
    }

    /// The 64-bit words a stored position takes: one for the occupancy of a board of at most
    /// 64 cells (two above), plus the kind indices (`kind_bits` per block, never more blocks
    /// than at the start). Most Android boards take 2 or 3 words instead of [`Key`]'s 4.
    pub fn key_stride(&self) -> usize {
        self.occ_words + self.kind_words
    }

    /// A key as [`Compiled::key_stride`] words.
    pub fn key_to_words(&self, key: &Key, out: &mut [u64]) {
        out[0] = key.occ as u64;
        if self.occ_words == 2 {
            out[1] = (key.occ >> 64) as u64;
        }
        let k = &mut out[self.occ_words..];
        if self.kind_words >= 1 {
            k[0] = key.kinds as u64;
        }
        if self.kind_words == 2 {
            k[1] = (key.kinds >> 64) as u64;
        }
    }

    /// The inverse of [`Compiled::key_to_words`].
    pub fn words_to_key(&self, w: &[u64]) -> Key {
        let mut occ = w[0] as u128;
        if self.occ_words == 2 {
            occ |= (w[1] as u128) << 64;
        }
        let k = &w[self.occ_words..];
        let mut kinds = 0u128;
        if self.kind_words >= 1 {
            kinds = k[0] as u128;
        }
        if self.kind_words == 2 {
            kinds |= (k[1] as u128) << 64;
        }
        Key { occ, kinds }
    }

    /// [`Compiled::unpack`] into a reused buffer.
    pub fn unpack_into(&self, key: &Key, m: &mut Vec<u128>) {
        m.clear();
        m.resize(self.letters.len(), 0);
        let mut rest = key.occ;
        let mut shift = 0;
        let mask = (1u128 << self.kind_bits) - 1;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            let idx = ((key.kinds >> shift) & mask) as usize;
            m[idx] |= bit;
            shift += self.kind_bits;
            rest ^= bit;
        }
    }
}

/// A stored position: occupancy plus each block's kind index, packed in cell order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key {
    pub(super) occ: u128,
    pub(super) kinds: u128,
}

#[cfg(test)]
mod key_tests {
    use super::*;
    use crate::vexed::format::parse_board_rows;

    /// Stored keys survive the trip through words on a board of more than 64 cells (two
    /// occupancy words) with more than 64 bits of kinds (two kind words), and on a small one.
    #[test]
    fn keys_round_trip_through_words() {
        let big = [
            "###########",
            "#ABCDEFGHI#",
            "#IHGFEDCBA#",
            "#---------#",
            "#---------#",
            "#---------#",
            "#---------#",
            "#---------#",
            "#BADCFEHGI#",
            "###########",
        ];
        let small = ["#####", "#A-B#", "#B-A#", "#####"];
        for rows in [&big[..], &small[..]] {
            let b = parse_board_rows(rows, 1).unwrap();
            let (c, m) = Compiled::new(&b).unwrap();
            let mut words = vec![0u64; c.key_stride()];
            let mut n = Vec::new();
            let mut positions = vec![m.clone()];
            let mut moves = Vec::new();
            c.moves(&m, &mut moves);
            for &(cell, side) in &moves {
                positions.push(c.apply(&m, cell, side));
            }
            for p in positions {
                c.key_to_words(&c.pack(&p), &mut words);
                c.unpack_into(&c.words_to_key(&words), &mut n);
                assert_eq!(n, p);
            }
        }
        let b = parse_board_rows(&big, 1).unwrap();
        let c = Compiled::new(&b).unwrap().0;
        assert_eq!((c.occ_words, c.kind_words), (2, 2));
    }
}
