//! The states: box bit sets and players in one arena, an open-addressing table over them.

/// The states: box bit sets and players in one arena, an open-addressing table over them.
pub(super) struct States {
    pub(super) words: usize,
    /// Per state: `words` words of boxes.
    pub(super) boxes: Vec<u64>,
    pub(super) player: Vec<u16>,
    pub(super) hash: Vec<u64>,
    /// The state before and the push that led here (box cell, direction).
    pub(super) parent: Vec<u32>,
    pub(super) push: Vec<(u16, u8)>,
    pub(super) pushes: Vec<u16>,
    pub(super) moves: Vec<u32>,
    /// Slots: the hash's high 32 bits and the state's number.
    pub(super) table: Vec<u64>,
}

pub(super) const EMPTY: u32 = u32::MAX;
pub(super) const SLOT_EMPTY: u64 = u64::MAX;
pub(super) const TAG: u64 = 0xffff_ffff_0000_0000;

impl States {
    pub(super) fn new(words: usize) -> States {
        States {
            words,
            boxes: Vec::new(),
            player: Vec::new(),
            hash: Vec::new(),
            parent: Vec::new(),
            push: Vec::new(),
            pushes: Vec::new(),
            moves: Vec::new(),
            table: vec![SLOT_EMPTY; 1 << 12],
        }
    }

    pub(super) fn len(&self) -> usize {
        self.player.len()
    }

    pub(super) fn boxes_of(&self, s: u32) -> &[u64] {
        let w = self.words;
        &self.boxes[s as usize * w..(s as usize + 1) * w]
    }

    /// Asks for the table slot of `hash` to be brought into the cache.
    pub(super) fn prefetch(&self, hash: u64) {
        let i = hash as usize & (self.table.len() - 1);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint; it reads nothing and faults on nothing (and the
        // address is inside the table).
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>(self.table.as_ptr().add(i) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// The state with these boxes and player, if held.
    pub(super) fn find(&self, boxes: &[u64], player: u16, hash: u64) -> Option<u32> {
        let mask = self.table.len() - 1;
        let tag = hash & TAG;
        let mut i = hash as usize & mask;
        loop {
            let slot = self.table[i];
            if slot == SLOT_EMPTY {
                return None;
            }
            // The hash's high half is in the slot: most other states are told apart without
            // reading them.
            let s = slot as u32;
            if slot & TAG == tag && self.player[s as usize] == player && self.boxes_of(s) == boxes {
                return Some(s);
            }
            i = (i + 1) & mask;
        }
    }

    pub(super) fn insert(
        &mut self,
        boxes: &[u64],
        player: u16,
        hash: u64,
        parent: u32,
        push: (u16, u8),
        cost: (u16, u32),
    ) -> u32 {
        if (self.len() + 1) * 2 > self.table.len() {
            let mut bigger = vec![SLOT_EMPTY; self.table.len() * 2];
            let mask = bigger.len() - 1;
            for s in 0..self.len() as u32 {
                let h = self.hash[s as usize];
                let mut i = h as usize & mask;
                while bigger[i] != SLOT_EMPTY {
                    i = (i + 1) & mask;
                }
                bigger[i] = (h & TAG) | s as u64;
            }
            self.table = bigger;
        }
        let s = self.len() as u32;
        self.boxes.extend_from_slice(boxes);
        self.player.push(player);
        self.hash.push(hash);
        self.parent.push(parent);
        self.push.push(push);
        self.pushes.push(cost.0);
        self.moves.push(cost.1);
        let mask = self.table.len() - 1;
        let mut i = hash as usize & mask;
        while self.table[i] != SLOT_EMPTY {
            i = (i + 1) & mask;
        }
        self.table[i] = (hash & TAG) | s as u64;
        s
    }
}
