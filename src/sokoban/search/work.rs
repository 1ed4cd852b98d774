//! A search's scratch space (`Work`): the player's reach and region by stamped flood fill,
//! the candidate pushes of a state, the corral components.

use super::assign::Hungarian;
use super::board::Board;
use super::board::NONE;
use super::board::has;
use super::board::next_stamp;

/// A push found legal and not frozen, waiting for its table lookup.
#[derive(Clone, Copy)]
pub(super) struct Child {
    /// The box's place in the parent's list, its cell, the direction, its new cell.
    pub(super) bi: u16,
    pub(super) bc: u16,
    pub(super) k: u8,
    pub(super) to: u16,
    pub(super) key: u16,
    pub(super) hash: u64,
    pub(super) cost: (u16, u32),
}

/// Scratch space for one search.
pub(super) struct Work {
    pub(super) children: Vec<Child>,
    pub(super) seen: Vec<u32>,
    pub(super) stamp: u32,
    pub(super) queue: Vec<u16>,
    pub(super) from: Vec<u16>,
    pub(super) depth: Vec<u32>,
    pub(super) hungarian: Hungarian,
    /// The children's assignments.
    pub(super) h2: Hungarian,
    pub(super) frozen_seen: Vec<u16>,
    /// A second marking for the children's regions (the parent's stays in `seen`).
    pub(super) seen2: Vec<u32>,
    pub(super) stamp2: u32,
    pub(super) stack: Vec<u16>,
    /// Corrals: each unreachable cell's component (0: none), the components' cells, and a
    /// marking of the barrier boxes of the corral being checked.
    pub(super) comp: Vec<u32>,
    pub(super) comp_cells: Vec<u16>,
    /// Per component (from 1): the boxes next to it (`comp_boxes[comp_box_starts[i - 1]..
    /// comp_box_starts[i]]`) and whether a goal is inside when every goal needs a box.
    pub(super) comp_boxes: Vec<u16>,
    pub(super) comp_box_starts: Vec<usize>,
    pub(super) comp_goal: Vec<bool>,
    pub(super) barrier: Vec<u32>,
    pub(super) barrier_stamp: u32,
    pub(super) barrier_boxes: Vec<u16>,
    /// The PI-corral `pi_corral` chose last: its cells and its barrier.
    pub(super) corral_cells: Vec<u16>,
    pub(super) corral_boxes: Vec<u16>,
    /// The boxes frozen in the position `pi_corral` was asked about (made when first
    /// wanted: `fixed_known`), and the boxes a corral's pushes are judged on.
    pub(super) fixed: Vec<u64>,
    pub(super) fixed_known: bool,
    pub(super) judge: Vec<u64>,
    /// Counts the floods (`reach`, `flood`): a caller that made one can tell whether it is
    /// still the last.
    pub(super) floods: u64,
}

impl Work {
    pub(super) fn new(n: usize) -> Work {
        Work {
            children: Vec::new(),
            seen: vec![0; n],
            stamp: 0,
            queue: Vec::with_capacity(n),
            from: vec![NONE; n],
            depth: vec![0; n],
            hungarian: Hungarian::default(),
            h2: Hungarian::default(),
            frozen_seen: Vec::new(),
            seen2: vec![0; n],
            stamp2: 0,
            stack: Vec::with_capacity(n),
            comp: vec![0; n],
            comp_cells: Vec::with_capacity(n),
            comp_boxes: Vec::new(),
            comp_box_starts: Vec::new(),
            comp_goal: Vec::new(),
            barrier: vec![0; n],
            barrier_stamp: 0,
            barrier_boxes: Vec::new(),
            corral_cells: Vec::new(),
            corral_boxes: Vec::new(),
            fixed: Vec::new(),
            fixed_known: false,
            judge: Vec::new(),
            floods: 0,
        }
    }

    /// The smallest cell the player reaches from `from` around `boxes`.
    pub(super) fn region_min(&mut self, b: &Board, boxes: &[u64], from: u16) -> u16 {
        next_stamp(&mut self.stamp2, &mut self.seen2);
        self.stack.clear();
        self.stack.push(from);
        self.seen2[from as usize] = self.stamp2;
        let mut best = from;
        while let Some(c) = self.stack.pop() {
            best = best.min(c);
            for k in 0..4 {
                let nc = b.next[c as usize][k];
                if nc != NONE && self.seen2[nc as usize] != self.stamp2 && !has(boxes, nc) {
                    self.seen2[nc as usize] = self.stamp2;
                    self.stack.push(nc);
                }
            }
        }
        best
    }

    /// Breadth-first over the cells the player reaches from `start` around the boxes:
    /// afterwards `seen[c] == stamp` marks them and `depth` holds their walking distance.
    pub(super) fn reach(&mut self, b: &Board, boxes: &[u64], start: u16) {
        self.next_stamp();
        self.queue.clear();
        self.queue.push(start);
        self.seen[start as usize] = self.stamp;
        self.depth[start as usize] = 0;
        self.from[start as usize] = NONE;
        let mut i = 0;
        while i < self.queue.len() {
            let c = self.queue[i];
            i += 1;
            for k in 0..4 {
                let nc = b.next[c as usize][k];
                if nc != NONE && self.seen[nc as usize] != self.stamp && !has(boxes, nc) {
                    self.seen[nc as usize] = self.stamp;
                    self.depth[nc as usize] = self.depth[c as usize] + 1;
                    self.from[nc as usize] = c;
                    self.queue.push(nc);
                }
            }
        }
    }

    /// [`Work::reach`]'s marking alone (`reached`; the cells in `queue`),
    /// without the walking distances and the ways back; returns the least cell reached (the
    /// player's region key, as [`Work::region_min`] gives it).
    pub(super) fn flood(&mut self, b: &Board, boxes: &[u64], start: u16) -> u16 {
        self.flood_until(b, boxes, start, |_| false).0
    }

    /// Whether the player reaches from `start` around the boxes a cell where `found` holds:
    /// [`Work::flood`] stopped at the first (its marking left part made).
    pub(super) fn flood_finds(&mut self, b: &Board, boxes: &[u64], start: u16, found: impl Fn(u16) -> bool) -> bool {
        self.flood_until(b, boxes, start, found).1
    }

    /// A new mark for `seen` (every cell cleared when the stamps wrap round).
    fn next_stamp(&mut self) -> u32 {
        self.floods += 1;
        next_stamp(&mut self.stamp, &mut self.seen)
    }

    /// The flood of [`Work::flood`] and [`Work::flood_finds`]: the least cell marked, and
    /// whether it stopped at a cell where `found` holds.
    #[inline]
    fn flood_until(&mut self, b: &Board, boxes: &[u64], start: u16, found: impl Fn(u16) -> bool) -> (u16, bool) {
        let stamp = self.next_stamp();
        let seen = &mut self.seen[..];
        let queue = &mut self.queue;
        queue.clear();
        queue.push(start);
        seen[start as usize] = stamp;
        let mut least = start;
        let mut i = 0;
        while let Some(&c) = queue.get(i) {
            i += 1;
            least = least.min(c);
            if found(c) {
                return (least, true);
            }
            for &nc in &b.next[c as usize] {
                if nc != NONE && seen[nc as usize] != stamp && !has(boxes, nc) {
                    seen[nc as usize] = stamp;
                    queue.push(nc);
                }
            }
        }
        (least, false)
    }

    pub(super) fn reached(&self, c: u16) -> bool {
        self.seen[c as usize] == self.stamp
    }
}
