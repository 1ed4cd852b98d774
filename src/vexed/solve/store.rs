//! Where the exact search keeps positions: flat keys of two to four words with an 8-byte
//! record (move, parent, depth) each, found again through a table of indices; and the open
//! list, a bucket queue by f then deepest g.

use super::bits::{Compiled, FastHasher};
use crate::vexed::rules::{Move, Side};
use std::hash::Hasher;

/// A stored position's move, parent and path length (8 bytes; the position itself lives in
/// [`Store::words`]).
#[derive(Clone, Copy)]
pub(super) struct Meta {
    pub(super) parent: u32,
    pub(super) cell: u8,
    pub(super) side: Side,
    pub(super) g: u16,
}

/// The exact search's positions: keys flat in one vector (`stride` words each), metadata in
/// another, and a hash table of indices into them. About 40 bytes a position for a 3-word key
/// (24 + 8 + the table's 4-byte slot and control byte at 7/8 load), against about 130 with a
/// map from keys to costs beside a node list.
pub(super) struct Store {
    pub(super) stride: usize,
    pub(super) words: Vec<u64>,
    pub(super) meta: Vec<Meta>,
    pub(super) table: hashbrown::HashTable<u32>,
    /// The most positions the search may store (see [`Store::reserve`]).
    pub(super) limit: usize,
}

/// Where a key stands in the store.
pub(super) enum Found {
    Old(u32),
    New(u32),
}

impl Store {
    pub(super) fn new(stride: usize) -> Store {
        Store { stride, words: Vec::new(), meta: Vec::new(), table: hashbrown::HashTable::new(), limit: 0 }
    }

    pub(super) fn len(&self) -> usize {
        self.meta.len()
    }

    /// Room for `max` positions at once, so that the flat vectors never grow by copying (a
    /// doubling would briefly need half as much again). Untouched pages cost no memory.
    /// Small searches (most of them) reserve only a million positions, so that a judge run of
    /// many puzzles maps no gigabytes; a search that fills those jumps to `max` in one step.
    pub(super) fn reserve(&mut self, max: usize) {
        // Never more than 268 M states (past that the tables grow as they fill), so a huge
        // limit reserves no absurd amount of memory.
        self.limit = max.min(1 << 28);
        self.grow_to(self.limit.min(1 << 20));
    }

    pub(super) fn grow_to(&mut self, max: usize) {
        self.words.reserve_exact((max * self.stride).saturating_sub(self.words.len()));
        self.meta.reserve_exact(max.saturating_sub(self.meta.len()));
    }

    pub(super) fn key(&self, id: u32) -> &[u64] {
        let at = id as usize * self.stride;
        &self.words[at..at + self.stride]
    }

    pub(super) fn hash(words: &[u64]) -> u64 {
        let mut h = FastHasher::default();
        for &w in words {
            h.write_u64(w);
        }
        h.finish()
    }

    /// The index of `words`, if stored.
    pub(super) fn find(&self, words: &[u64]) -> Option<u32> {
        let stride = self.stride;
        let all = &self.words;
        let same = |&id: &u32| {
            let at = id as usize * stride;
            (0..stride).all(|i| all[at + i] == words[i])
        };
        self.table.find(Store::hash(words), same).copied()
    }

    /// The index of `words`, adding it with `meta` when new.
    pub(super) fn find_or_add(&mut self, words: &[u64], meta: Meta) -> Found {
        let stride = self.stride;
        let hash = Store::hash(words);
        let all = &self.words;
        // An explicit loop: slice equality would call memcmp, slow for two or three words.
        let same = |&id: &u32| {
            let at = id as usize * stride;
            (0..stride).all(|i| all[at + i] == words[i])
        };
        if let Some(&id) = self.table.find(hash, same) {
            return Found::Old(id);
        }
        let id = self.meta.len() as u32;
        if self.meta.len() == self.meta.capacity() && self.limit > self.meta.len() {
            self.grow_to(self.limit);
        }
        self.words.extend_from_slice(words);
        self.meta.push(meta);
        let all = &self.words;
        self.table.insert_unique(hash, id, |&i| Store::hash(&all[i as usize * stride..(i as usize + 1) * stride]));
        Found::New(id)
    }
}

/// The open list as buckets by f, then by g: the lowest f first and, among equals, the
/// deepest (ties go to positions closer to a solution); last in, first out within a bucket.
/// Pushes and pops are O(1) (f and g are small), and an entry is one `u32`.
#[derive(Default)]
pub(super) struct Buckets {
    pub(super) by_f: Vec<Vec<Vec<u32>>>,
    pub(super) count: Vec<usize>,
    pub(super) top_g: Vec<usize>,
    pub(super) min_f: usize,
}

impl Buckets {
    pub(super) fn push(&mut self, f: u32, g: u16, id: u32) {
        let (f, g) = (f as usize, g as usize);
        if self.by_f.len() <= f {
            self.by_f.resize_with(f + 1, Vec::new);
            self.count.resize(f + 1, 0);
            self.top_g.resize(f + 1, 0);
        }
        let row = &mut self.by_f[f];
        if row.len() <= g {
            row.resize_with(g + 1, Vec::new);
        }
        row[g].push(id);
        self.count[f] += 1;
        self.top_g[f] = self.top_g[f].max(g);
        self.min_f = self.min_f.min(f);
    }

    /// The smallest f still queued.
    pub(super) fn peek_f(&mut self) -> Option<u32> {
        while self.min_f < self.count.len() && self.count[self.min_f] == 0 {
            self.min_f += 1;
        }
        (self.min_f < self.count.len()).then_some(self.min_f as u32)
    }

    pub(super) fn pop(&mut self) -> Option<(u32, u16, u32)> {
        let f = self.peek_f()? as usize;
        let row = &mut self.by_f[f];
        let mut g = self.top_g[f];
        while row[g].is_empty() {
            g -= 1;
        }
        self.top_g[f] = g;
        let id = row[g].pop()?;
        self.count[f] -= 1;
        Some((f as u32, g as u16, id))
    }
}
pub(super) fn reconstruct(c: &Compiled, meta: &[Meta], mut idx: u32) -> Vec<Move> {
    let mut out = Vec::with_capacity(meta[idx as usize].g as usize);
    while meta[idx as usize].parent != u32::MAX {
        let n = &meta[idx as usize];
        out.push(c.to_move(n.cell, n.side));
        idx = n.parent;
    }
    out.reverse();
    out
}
