//! The articulation data of the floor around one box (`Dfs`): which of its neighbours a box
//! there keeps apart, so a macro move knows how many regions it leaves.

use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::NONE;
use crate::sokoban::search::board::has;

/// Scratch for the articulation data of the floor around one box (the other boxes fixed):
/// a depth-first search's preorder numbers, subtree ends, low points and parents.
pub(super) struct Dfs {
    pub(super) disc: Vec<u32>,
    pub(super) fin: Vec<u32>,
    pub(super) low: Vec<u32>,
    pub(super) parent: Vec<u16>,
    pub(super) stack: Vec<(u16, u8)>,
    /// The cells the last `run` numbered (the only ones whose `disc` is not 0).
    pub(super) visited: Vec<u16>,
}

impl Dfs {
    pub(super) fn new(n: usize) -> Dfs {
        Dfs {
            disc: vec![0; n],
            fin: vec![0; n],
            low: vec![0; n],
            parent: vec![NONE; n],
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
        self.visited.push(root);
        let mut t = 1;
        self.disc[root as usize] = t;
        self.low[root as usize] = t;
        self.parent[root as usize] = NONE;
        self.stack.clear();
        self.stack.push((root, 0));
        let (disc, low, fin, parent) = (&mut self.disc[..], &mut self.low[..], &mut self.fin[..], &mut self.parent[..]);
        'cells: while let Some(&(c, k0)) = self.stack.last() {
            // The next neighbour not yet numbered is taken down at once; the others only
            // lower c's low point.
            let around = &b.next[c as usize];
            for (k, &y) in around.iter().enumerate().skip(k0 as usize) {
                if y == NONE || has(walls, y) {
                    continue;
                }
                if disc[y as usize] == 0 {
                    if let Some(top) = self.stack.last_mut() {
                        top.1 = k as u8 + 1;
                    }
                    t += 1;
                    disc[y as usize] = t;
                    low[y as usize] = t;
                    parent[y as usize] = c;
                    self.visited.push(y);
                    self.stack.push((y, 0));
                    continue 'cells;
                } else if y != parent[c as usize] {
                    low[c as usize] = low[c as usize].min(disc[y as usize]);
                }
            }
            self.stack.pop();
            fin[c as usize] = t + 1;
            let p = parent[c as usize];
            if p != NONE {
                low[p as usize] = low[p as usize].min(low[c as usize]);
            }
        }
    }

    /// The cells of the root's part of the floor (`run` from `root`) left on the side
    /// labelled `lab` (`label`) of a box put at `c`: the subtree of the child cut off by `c`,
    /// or, on the root's side (4), the part less `c` and every subtree it cuts off. (A
    /// subtree's cells are numbered from its root's `disc` up to its `fin`.)
    pub(super) fn area(&self, b: &Board, root: u16, c: u16, lab: u8) -> u16 {
        let size = |u: u16| (self.fin[u as usize] - self.disc[u as usize]) as u16;
        if lab != 4 {
            return size(b.next[c as usize][lab as usize]);
        }
        let dc = self.disc[c as usize];
        let mut area = size(root) - 1;
        for &u in &b.next[c as usize] {
            if u != NONE && self.parent[u as usize] == c && self.disc[u as usize] != 0 && self.low[u as usize] >= dc {
                area -= size(u);
            }
        }
        area
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
