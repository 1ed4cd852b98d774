//! Beam search: depth by depth, the `width` children of least lower bound plus blocks left.
//! Only a source of upper bounds: a beam's solution is never called optimal by itself.

use super::bits::{Compiled, FastHasher, FastMap, Key};
use super::bound::{DEAD, LowerBound};
use super::limits::{Limits, SolveError};
use super::verify;
use crate::clock::Instant;
use crate::vexed::rules::{Board, Move, Side};
use std::hash::{Hash, Hasher};

pub fn solve_beam(board: &Board, width: usize, limits: Limits) -> Result<BeamReport, SolveError> {
    let start_time = Instant::now();
    let (c, start) = Compiled::new(board)?;
    let done = |moves, expanded, stored| Ok(BeamReport { moves, expanded, stored });
    if start.iter().all(|&k| k == 0) {
        return done(Some(vec![]), 0, 1);
    }
    let mut lb = LowerBound::default();
    if lb.estimate(&c, &start) == DEAD {
        return done(None, 0, 1);
    }
    let mut expanded = 0;
    // Only positions kept in a beam are remembered: as a move and a parent (8 bytes) plus a
    // 64-bit hash in `seen` (a hash collision can only skip a position; the answer is still
    // replayed). Keys are kept for the current layer only. Children are ranked first and only
    // the best few are checked for repeats (hashing every child would dominate the time).
    let hash = |k: &Key| {
        let mut h = FastHasher::default();
        k.hash(&mut h);
        h.finish()
    };
    let mut nodes: Vec<(u32, u8, Side)> = vec![(u32::MAX, 0, Side::Left)];
    let mut seen: FastMap<u64, ()> = FastMap::default();
    seen.insert(hash(&c.pack(&start)), ());
    // The layer: each position's masks (kinds words apiece, flat) and its node.
    let kinds = start.len();
    let mut layer: Vec<u128> = start.clone();
    let mut ids: Vec<u32> = vec![0];
    let (mut n, mut parts, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    // Children as (rank, blocks left, parent's place in the layer, move); packed only if kept.
    // The rank is the lower bound plus the blocks left: on the 24 hardest Android levels at
    // width 32k it reached par on 15, against 3 for the bound alone (ties broken by blocks).
    let mut next: Vec<(u32, u32, u32, u8, Side)> = Vec::new();
    let path = |nodes: &[(u32, u8, Side)], mut idx: u32| {
        let mut out = Vec::new();
        while nodes[idx as usize].0 != u32::MAX {
            let (parent, cell, side) = nodes[idx as usize];
            out.push(c.to_move(cell, side));
            idx = parent;
        }
        out.reverse();
        out
    };
    while !ids.is_empty() {
        next.clear();
        for (place, &idx) in ids.iter().enumerate() {
            let m = &layer[place * kinds..(place + 1) * kinds];
            if lb.parts(&c, m, &mut parts).is_none() {
                continue;
            }
            expanded += 1;
            c.moves(m, &mut moves);
            for &(cell, side) in &moves {
                c.apply_into(m, cell, side, &mut n);
                let h = lb.estimate_from(&c, m, &parts, &n);
                if h == DEAD {
                    continue;
                }
                if n.iter().all(|&k| k == 0) {
                    nodes.push((idx, cell, side));
                    let moves = path(&nodes, nodes.len() as u32 - 1);
                    return done(Some(verify(&board.settle().0, &moves)), expanded, seen.len());
                }
                let blocks: u32 = n.iter().map(|k| k.count_ones()).sum();
                next.push((h + blocks, blocks, place as u32, cell, side));
            }
            if limits.time.is_some_and(|t| start_time.elapsed() >= t)
                || limits.max_states.is_some_and(|s| seen.len() + next.len() >= s)
            {
                return done(None, expanded, seen.len() + next.len());
            }
        }
        // The best 2 x width children in rank order, then the first `width` new positions.
        let chunk = width.saturating_mul(2);
        if next.len() > chunk {
            next.select_nth_unstable_by_key(chunk, |e| (e.0, e.1));
            next.truncate(chunk);
        }
        next.sort_unstable_by_key(|e| (e.0, e.1));
        let (mut kept, mut kept_ids) = (Vec::new(), Vec::new());
        for &(_, _, place, cell, side) in &next {
            if kept_ids.len() == width {
                break;
            }
            let place = place as usize;
            c.apply_into(&layer[place * kinds..(place + 1) * kinds], cell, side, &mut n);
            if seen.insert(hash(&c.pack(&n)), ()).is_none() {
                kept.extend_from_slice(&n);
                kept_ids.push(nodes.len() as u32);
                nodes.push((ids[place], cell, side));
            }
        }
        (layer, ids) = (kept, kept_ids);
    }
    done(None, expanded, seen.len())
}

/// What a beam search found, with its statistics.
#[derive(Debug, Clone)]
pub struct BeamReport {
    pub moves: Option<Vec<Move>>,
    pub expanded: usize,
    pub stored: usize,
}
