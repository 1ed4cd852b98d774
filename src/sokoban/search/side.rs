//! One side of a push search (`Side`): A* forward on (pushes, moves) for the push-optimal
//! mode, or a greedy best-first search backward over pulls for the fast mode; its open list
//! (`Queue`), how it expands a state and walks back a path.

use super::assign::Hungarian;
use super::board::Board;
use super::board::INF;
use super::board::NONE;
use super::board::bits_hash;
use super::board::cells;
use super::board::clear;
use super::board::has;
use super::board::set;
use super::freeze::freeze_deadlock;
use super::states::EMPTY;
use super::states::States;
use super::work::Child;
use super::work::Work;
use std::collections::BinaryHeap;

/// A queue entry: smaller first.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Entry(std::cmp::Reverse<(u32, u32, u32)>);

/// The open states, smallest priority first, the first queued first among equals.
pub(super) enum Queue {
    /// Any priorities.
    Heap(BinaryHeap<Entry>),
    /// The greedy searches' priority is the bound first (small numbers): one list for each
    /// bound, first in first out (the second key, the depth, is left to that order).
    Buckets { lists: Vec<std::collections::VecDeque<u32>>, low: usize },
}

impl Queue {
    pub(super) fn new(exact: bool) -> Queue {
        if exact { Queue::Heap(BinaryHeap::new()) } else { Queue::Buckets { lists: Vec::new(), low: 0 } }
    }

    pub(super) fn push(&mut self, key: (u32, u32), s: u32) {
        match self {
            Queue::Heap(heap) => heap.push(Entry(std::cmp::Reverse((key.0, key.1, s)))),
            Queue::Buckets { lists, low } => {
                let k = key.0 as usize;
                if lists.len() <= k {
                    lists.resize_with(k + 1, Default::default);
                }
                lists[k].push_back(s);
                *low = (*low).min(k);
            }
        }
    }

    pub(super) fn pop(&mut self) -> Option<u32> {
        match self {
            Queue::Heap(heap) => heap.pop().map(|Entry(std::cmp::Reverse((_, _, s)))| s),
            Queue::Buckets { lists, low } => {
                while *low < lists.len() {
                    if let Some(s) = lists[*low].pop_front() {
                        return Some(s);
                    }
                    *low += 1;
                }
                None
            }
        }
    }
}

/// One direction of the search: pushes from the start, or pulls from the solved position.
pub(super) struct Side {
    /// Pulls from the goals (the backward search).
    pub(super) backward: bool,
    /// The player's exact cell is part of the state (the optimal search), not its region.
    pub(super) exact: bool,
    pub(super) states: States,
    pub(super) heap: Queue,
    pub(super) closed: Vec<bool>,
    pub(super) expanded: usize,
    /// Pull distances for the backward side: dist[i][c], pushes from start box i to c.
    pub(super) dist: Vec<Vec<u16>>,
    pub(super) dead: Vec<bool>,
    /// The boxes the side is heading for (forward: unused; backward: the start's).
    pub(super) target: Vec<u64>,
    /// The player's region key at the start (what the backward side must reach).
    pub(super) target_key: u16,
    pub(super) done: bool,
}

/// A state about to be held: its player key, the hash of its boxes, how it was reached, its
/// cost and its bound.
pub(super) struct NewState {
    pub(super) key: u16,
    pub(super) box_hash: u64,
    pub(super) player_key: u64,
    pub(super) parent: u32,
    pub(super) step: (u16, u8),
    pub(super) cost: (u16, u32),
    pub(super) h: u16,
}

impl Side {
    pub(super) fn priority(&self, g: u16, h: u16, moves: u32) -> (u32, u32) {
        if self.exact {
            ((g + h) as u32, moves)
        } else {
            // Greedy on the bound, the shallower first among equals (measured better than the
            // deeper first, and than weighted A*, on XSokoban).
            (h as u32, g as u32)
        }
    }

    pub(super) fn bound(&self, b: &Board, bits: &[u64], h: &mut Hungarian) -> u16 {
        if !self.backward {
            return bound_of(b, bits, h);
        }
        let list: Vec<u16> = cells(bits).collect();
        let m = self.dist.len();
        h.cost.clear();
        for &c in &list {
            for d in &self.dist {
                h.cost.push(d[c as usize]);
            }
        }
        h.solve(list.len(), m)
    }

    /// Holds a state reached (unless held already; the exact search takes a cheaper way to a
    /// held state): `Some` with its number when it is new and not dead by the bound.
    /// `held`: the state's number if it is held already, as the caller found it.
    pub(super) fn add(&mut self, bits: &[u64], n: NewState, held: Option<u32>) -> Option<u32> {
        let hash = n.box_hash ^ n.player_key;
        if let Some(old) = held {
            let o = old as usize;
            if self.exact && n.cost < (self.states.pushes[o], self.states.moves[o]) && !closed_at(&self.closed, old) {
                self.states.pushes[o] = n.cost.0;
                self.states.moves[o] = n.cost.1;
                self.states.parent[o] = n.parent;
                self.states.push[o] = n.step;
                let (p1, p2) = self.priority(n.cost.0, n.h, n.cost.1);
                self.heap.push((p1, p2), old);
            }
            return None;
        }
        if n.h == INF {
            return None;
        }
        let s = self.states.insert(bits, n.key, hash, n.parent, n.step, n.cost);
        let (p1, p2) = self.priority(n.cost.0, n.h, n.cost.1);
        self.heap.push((p1, p2), s);
        Some(s)
    }

    /// A root state (no parent).
    pub(super) fn add_root(&mut self, b: &Board, w: &mut Work, bits: &[u64], key: u16) {
        let h = self.bound(b, bits, &mut w.hungarian);
        let n = NewState {
            key,
            box_hash: bits_hash(b, bits),
            player_key: b.player_key[key as usize],
            parent: EMPTY,
            step: (NONE, 0),
            cost: (0, 0),
            h,
        };
        let held = self.states.find(bits, n.key, n.box_hash ^ n.player_key);
        self.add(bits, n, held);
    }

    /// The cost of a box at `c` against each goal (forward) or start box (backward).
    pub(super) fn row<'a>(&'a self, b: &'a Board, c: u16) -> impl Iterator<Item = u16> + 'a {
        let dists = if self.backward { &self.dist } else { &b.dist };
        dists.iter().map(move |d| d[c as usize])
    }

    /// Expands the next state: `Some(s)` when `s` is where this side is heading.
    pub(super) fn expand(&mut self, b: &Board, w: &mut Work, child: &mut [u64], new: &mut Vec<u32>) -> Option<u32> {
        new.clear();
        let s = loop {
            let Some(s) = self.heap.pop() else {
                self.done = true;
                return None;
            };
            if self.closed.len() <= s as usize {
                self.closed.resize(self.states.len(), false);
            }
            if !self.closed[s as usize] {
                break s;
            }
        };
        self.closed[s as usize] = true;
        let here: Vec<u64> = self.states.boxes_of(s).to_vec();
        let arrived = if self.backward {
            here == self.target && self.states.player[s as usize] == self.target_key
        } else {
            cells(&here).all(|c| b.goal[c as usize])
        };
        if arrived {
            return Some(s);
        }
        self.expanded += 1;
        let g = self.states.pushes[s as usize];
        let moves = self.states.moves[s as usize];
        let player = self.states.player[s as usize];
        w.reach(b, &here, player);
        let list: Vec<u16> = cells(&here).collect();
        // The parent's assignment, once: each child moves one box, so (with as many goals
        // as boxes) one augmenting path from the moved box's row gives the child's.
        let k_boxes = list.len();
        let m = if self.backward { self.dist.len() } else { b.goals.len() };
        let square = k_boxes == m;
        // Solved when the first child not held already needs its bound.
        let mut base_ready = false;
        let box_hash = self.states.hash[s as usize] ^ b.player_key[player as usize];
        w.children.clear();
        for (bi, &bc) in list.iter().enumerate() {
            for k in 0..4 {
                // The box's new cell, where the player ends, and the cell the walk goes to.
                let (to, stand, walk_to) = if self.backward {
                    // Pull: the player at bc+k steps to bc+2k, the box follows to bc+k.
                    let at = b.next[bc as usize][k];
                    if at == NONE || !w.reached(at) || self.dead[at as usize] {
                        continue;
                    }
                    let beyond = b.next[at as usize][k];
                    if beyond == NONE || has(&here, beyond) {
                        continue;
                    }
                    (at, beyond, at)
                } else {
                    let to = b.next[bc as usize][k];
                    let behind = b.next[bc as usize][(k + 2) % 4];
                    if to == NONE || behind == NONE || has(&here, to) || self.dead[to as usize] || !w.reached(behind) {
                        continue;
                    }
                    (to, bc, behind)
                };
                child.copy_from_slice(&here);
                clear(child, bc);
                set(child, to);
                if !self.backward && freeze_deadlock(b, child, to, &mut w.frozen_seen) {
                    continue;
                }
                let key = if self.exact { stand } else { w.region_min(b, child, stand) };
                let child_hash = box_hash ^ b.zobrist[bc as usize] ^ b.zobrist[to as usize];
                let cost = (g + 1, moves + w.depth[walk_to as usize] + 1);
                self.states.prefetch(child_hash ^ b.player_key[key as usize]);
                w.children.push(Child { bi: bi as u16, bc, k: k as u8, to, key, hash: child_hash, cost });
            }
        }
        // Then each child's table lookup: their slots are on their way from memory by now.
        for i in 0..w.children.len() {
            let Child { bi, bc, k, to, key, hash: child_hash, cost } = w.children[i];
            let bi = bi as usize;
            {
                child.copy_from_slice(&here);
                clear(child, bc);
                set(child, to);
                // A state held already needs no bound, unless the exact search found a
                // cheaper way to it (then it is queued again).
                let held = self.states.find(child, key, child_hash ^ b.player_key[key as usize]);
                if let Some(old) = held {
                    let o = old as usize;
                    if !(self.exact
                        && cost < (self.states.pushes[o], self.states.moves[o])
                        && !closed_at(&self.closed, old))
                    {
                        continue;
                    }
                }
                let h = if square {
                    if !base_ready {
                        w.hungarian.cost.clear();
                        for &c in &list {
                            w.hungarian.cost.extend(self.row(b, c));
                        }
                        w.hungarian.solve(k_boxes, m);
                        base_ready = true;
                    }
                    let (base, h2) = (&w.hungarian, &mut w.h2);
                    h2.reassign(base, k_boxes, bi, self.row(b, to))
                } else {
                    self.bound(b, child, &mut w.h2)
                };
                let n = NewState {
                    key,
                    box_hash: child_hash,
                    player_key: b.player_key[key as usize],
                    parent: s,
                    step: (bc, k),
                    cost,
                    h,
                };
                if let Some(ns) = self.add(child, n, held) {
                    new.push(ns);
                }
            }
        }
        None
    }

    /// The steps from a root to `s`, first to last.
    pub(super) fn path(&self, mut s: u32) -> Vec<(u16, u8)> {
        let mut out = Vec::new();
        while self.states.parent[s as usize] != EMPTY {
            out.push(self.states.push[s as usize]);
            s = self.states.parent[s as usize];
        }
        out.reverse();
        out
    }
}

pub(super) fn closed_at(closed: &[bool], s: u32) -> bool {
    closed.get(s as usize).copied().unwrap_or(false)
}

pub(super) fn bound_of(b: &Board, bits: &[u64], h: &mut Hungarian) -> u16 {
    let list: Vec<u16> = cells(bits).collect();
    b.bound(&list, h)
}
