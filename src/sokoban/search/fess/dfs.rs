//! The articulation data of the floor (`Dfs`): which of its neighbours a box at a cell keeps
//! apart, so a macro move knows how many regions it leaves and how much floor the player
//! has. One search of the floor around every box serves each box of a position (`forest`,
//! `sides`); `run`, around one box lifted, serves the lone box's reach table.

use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::NONE;
use crate::sokoban::search::board::cells;

/// `Dfs::disc` of a wall during a `run`.
const WALL: u32 = u32::MAX;

/// Scratch for the articulation data of the floor around the boxes: a depth-first search's
/// preorder numbers, subtree ends, low points and parents.
pub(super) struct Dfs {
    pub(super) disc: Vec<u32>,
    pub(super) fin: Vec<u32>,
    pub(super) low: Vec<u32>,
    pub(super) parent: Vec<u16>,
    /// Each numbered cell's tree's root (`forest`).
    root_of: Vec<u16>,
    pub(super) stack: Vec<(u16, u8)>,
    /// The cells the last `run` numbered, and its walls (the only ones whose `disc` is not 0).
    pub(super) visited: Vec<u16>,
}

impl Dfs {
    pub(super) fn new(n: usize) -> Dfs {
        Dfs {
            disc: vec![0; n],
            fin: vec![0; n],
            low: vec![0; n],
            parent: vec![NONE; n],
            root_of: vec![NONE; n],
            stack: Vec::new(),
            visited: Vec::new(),
        }
    }

    /// Over the cells not in `walls`, from `root`.
    pub(super) fn run(&mut self, b: &Board, walls: &[u64], root: u16) {
        for &c in &self.visited {
            self.disc[c as usize] = 0;
        }
        self.visited.clear();
        // The walls numbered past every cell, with no parent: one look at `disc` tells a
        // neighbour to take down (0) from one that only may lower a low point, and a wall's
        // number lowers none. They are cleared with the numbered cells.
        for c in cells(walls) {
            self.disc[c as usize] = WALL;
            self.parent[c as usize] = NONE;
            self.visited.push(c);
        }
        if root == NONE {
            return;
        }
        self.grow(b, root, 1);
    }

    /// The articulation data of every part of the floor around the boxes `bits`: a tree a
    /// part, numbered one after another (for `sides`).
    pub(super) fn forest(&mut self, b: &Board, bits: &[u64]) {
        self.run(b, bits, NONE);
        let mut t = 1;
        for c in 0..b.pos.len() as u16 {
            if self.disc[c as usize] == 0 {
                t = self.grow(b, c, t) + 1;
            }
        }
    }

    /// The search from `root` numbered from `t` over the cells not yet numbered (the walls
    /// numbered `WALL`); the last number given.
    fn grow(&mut self, b: &Board, root: u16, mut t: u32) -> u32 {
        self.visited.push(root);
        self.disc[root as usize] = t;
        self.low[root as usize] = t;
        self.parent[root as usize] = NONE;
        self.root_of[root as usize] = root;
        self.stack.clear();
        self.stack.push((root, 0));
        let (disc, low, fin, parent) = (&mut self.disc[..], &mut self.low[..], &mut self.fin[..], &mut self.parent[..]);
        'cells: while let Some(&(c, k0)) = self.stack.last() {
            // The next neighbour not yet numbered is taken down at once; the others only
            // lower c's low point.
            let around = &b.next[c as usize];
            let pc = parent[c as usize];
            let mut lc = low[c as usize];
            for (k, &y) in around.iter().enumerate().skip(k0 as usize) {
                if y == NONE {
                    continue;
                }
                let dy = disc[y as usize];
                if dy == 0 {
                    low[c as usize] = lc;
                    if let Some(top) = self.stack.last_mut() {
                        top.1 = k as u8 + 1;
                    }
                    t += 1;
                    disc[y as usize] = t;
                    low[y as usize] = t;
                    parent[y as usize] = c;
                    self.root_of[y as usize] = root;
                    self.visited.push(y);
                    self.stack.push((y, 0));
                    continue 'cells;
                } else if y != pc {
                    lc = lc.min(dy);
                }
            }
            low[c as usize] = lc;
            self.stack.pop();
            fin[c as usize] = t + 1;
            if pc != NONE {
                low[pc as usize] = low[pc as usize].min(lc);
            }
        }
        t
    }

    /// After `forest` of a position's boxes, with the box at `bx` lifted (`s` its free
    /// neighbours) and put at `c` instead: which side of it each of `c`'s neighbours is on
    /// (as `label`: the same number, the same side), and each side's cells (indexed by those
    /// numbers). Lifting the box joins the parts of the floor beside it, so the parts of the
    /// floor less `c` (the subtrees `c` cuts off, numbered by their direction, and the rest
    /// of its tree, 4) that hold a cell of `s` are one side with `bx` (5). At `bx` itself the
    /// sides are the floor's parts, each numbered by its first neighbour's direction.
    pub(super) fn sides(&self, b: &Board, c: u16, bx: u16, s: &[u16]) -> ([u8; 4], [u16; 6]) {
        let around = &b.next[c as usize];
        let free = |x: u16| x != NONE && self.disc[x as usize] != 0 && self.disc[x as usize] != WALL;
        let size = |u: u16| (self.fin[u as usize] - self.disc[u as usize]) as u16;
        let mut labels = [4u8; 4];
        let mut area = [0u16; 6];
        if c == bx {
            for (k, &x) in around.iter().enumerate() {
                if free(x) {
                    let r = self.root_of[x as usize];
                    let j = (0..k).find(|&j| free(around[j]) && self.root_of[around[j] as usize] == r).unwrap_or(k);
                    labels[k] = j as u8;
                    area[j] = size(r);
                }
            }
            return (labels, area);
        }
        let (dc, fc) = (self.disc[c as usize], self.fin[c as usize]);
        let root = self.root_of[c as usize];
        // c's children: (direction, subtree start, end, cut off by c).
        let mut kids = [(0u8, 0u32, 0u32, false); 4];
        let mut n = 0;
        area[4] = size(root) - 1;
        for (j, &u) in around.iter().enumerate() {
            if free(u) && self.parent[u as usize] == c {
                let cut = self.low[u as usize] >= dc;
                kids[n] = (j as u8, self.disc[u as usize], self.fin[u as usize], cut);
                n += 1;
                if cut {
                    area[j] = size(u);
                    area[4] -= size(u);
                }
            }
        }
        // The part of the tree less c that a cell of it (not c) is in.
        let part = |x: u16| {
            let dx = self.disc[x as usize];
            if !(dc < dx && dx < fc) {
                return 4;
            }
            match kids[..n].iter().find(|&&(_, du, fu, _)| du <= dx && dx < fu) {
                Some(&(j, _, _, true)) => j,
                _ => 4,
            }
        };
        // The parts joined to the lifted box.
        let mut joined = [false; 5];
        let mut roots = [NONE; 4];
        area[5] = 1;
        for &y in s.iter().filter(|&&y| y != c) {
            let r = self.root_of[y as usize];
            if r == root {
                let p = part(y) as usize;
                if !joined[p] {
                    joined[p] = true;
                    area[5] += area[p];
                }
            } else if !roots.contains(&r) {
                if let Some(slot) = roots.iter_mut().find(|r| **r == NONE) {
                    *slot = r;
                }
                area[5] += size(r);
            }
        }
        for (k, &x) in around.iter().enumerate() {
            if x == bx {
                labels[k] = 5;
            } else if free(x) {
                let p = part(x);
                labels[k] = if joined[p as usize] { 5 } else { p };
            }
        }
        (labels, area)
    }

    /// Which side of `c` the neighbour in direction `k` is on when a box stands at `c`:
    /// neighbours with the same label are joined around it (4: the side of the search's
    /// root; k': the subtree of the child in direction k', cut off by `c`).
    pub(super) fn label(&self, b: &Board, c: u16, k: usize) -> u8 {
        let x = b.next[c as usize][k];
        let (dc, dx) = (self.disc[c as usize], self.disc[x as usize]);
        if !(dc < dx && dx < self.fin[c as usize]) {
            return 4;
        }
        for (j, &u) in b.next[c as usize].iter().enumerate() {
            if u != NONE
                && self.parent[u as usize] == c
                && self.disc[u as usize] != 0
                && self.disc[u as usize] <= dx
                && dx < self.fin[u as usize]
            {
                return if self.low[u as usize] >= dc { j as u8 } else { 4 };
            }
        }
        4
    }
}
