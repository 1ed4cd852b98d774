//! The advisors' picks among a position's moves: the explorer (joins the most regions, then
//! leaves the player the most floor), the opener (after Festival's), Festival's explorer (a
//! reversible move reaching a new side of a box), the out-of-plan advisor; and a lone box's
//! reach table that Festival's explorer reads.

use super::Macro;
use super::Zone;
use super::dfs::Dfs;
use crate::sokoban::search::Instant;
use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::INF;
use crate::sokoban::search::board::NONE;
use crate::sokoban::search::board::cells;
use crate::sokoban::search::board::clear;
use crate::sokoban::search::board::has;
use crate::sokoban::search::board::set;
use crate::sokoban::search::fess::Reverse;
use crate::sokoban::search::work::Work;

/// How much farther from the goals a move takes its box: the pushes a lone box needs to
/// the nearest goal after it less before (`to_goal`, `Prepared::to_goal`). Festival's last
/// tie-break among equal features (`is_better_score` in push mode: the largest sum over the
/// boxes of that distance): of two moves alike in what they pack and how they cut the
/// floor, the one that takes its box away from the goals, which a preparation move usually
/// does, before the one that brings a box nearer and so into the way. With `to_goal` empty
/// every move counts 0, so the first made is kept.
pub(super) fn farther(to_goal: &[u16], m: &Macro) -> i32 {
    if to_goal.is_empty() {
        return 0;
    }
    i32::from(to_goal[m.to as usize]) - i32::from(to_goal[m.from as usize])
}

/// The explorer advisor's pick: among the moves that join regions of the floor, the one
/// leaving the player the most cells to walk on (then packing the most, `packed[i]` being the
/// boxes packed after move i, then the first). The region advisor counts regions, so a move
/// opening a pocket of one cell and one opening a room count alike; this one tells them apart
/// (by `Macro::area`).
pub(super) fn explorer(regions: u16, moves: &[Macro], packed: &[u16]) -> Option<usize> {
    let mut best: Option<(usize, (u16, u16))> = None;
    for (i, (m, &p)) in moves.iter().zip(packed).enumerate() {
        if m.regions >= regions {
            continue;
        }
        let area = m.area;
        if best.is_none_or(|(_, k)| (area, p) > k) {
            best = Some((i, (area, p)));
        }
    }
    best.map(|(i, _)| i)
}

/// The opener advisor's pick (after Festival's): of the moves that pack no fewer boxes
/// (`packed[i]` after move i, `now` before) and leave the floor in no more regions, the one
/// whose box stands nearest the next cells to fill (`next`, plan indices into `near`, each a
/// cell's walking distance from that plan cell) and is not brought nearer, then the one that
/// takes it farthest, then the first. A box at the mouth of the goals filled next is what
/// holds their packing up more often than not; it goes first.
pub(super) fn opener(
    next: &[usize],
    near: &[Vec<u16>],
    now: u16,
    regions: u16,
    moves: &[Macro],
    packed: &[u16],
) -> Option<usize> {
    let dist = |c: u16| next.iter().map(|&i| near[i][c as usize]).min().unwrap_or(INF);
    let mut best: Option<(usize, (u16, Reverse<u16>))> = None;
    for (i, (m, &p)) in moves.iter().zip(packed).enumerate() {
        if p < now || m.regions > regions {
            continue;
        }
        let (from, to) = (dist(m.from), dist(m.to));
        if from == INF || to < from {
            continue;
        }
        if best.is_none_or(|(_, k)| (from, Reverse(to)) < k) {
            best = Some((i, (from, Reverse(to))));
        }
    }
    best.map(|(i, _)| i)
}

/// Per cell, the cells a lone box can be pushed to from it, the player starting on any side
/// (empty for a level of more than 1024 floor cells, or when `deadline` passes first).
pub(super) fn lone_reach(b: &Board, deadline: Instant) -> Vec<Vec<u64>> {
    let n = b.pos.len();
    if n > 1024 || n == 0 {
        return Vec::new();
    }
    let mut dfs = Dfs::new(n);
    let mut out = vec![vec![0u64; b.words]; n];
    let mut seen = vec![u32::MAX; 4 * n];
    let mut queue = Vec::new();
    // The floor's parts one at a time: the articulation labels are per part.
    let mut part = vec![u16::MAX; n];
    for root in 0..n as u16 {
        if part[root as usize] != u16::MAX {
            continue;
        }
        let mut members = vec![root];
        part[root as usize] = root;
        let mut j = 0;
        while j < members.len() {
            let c = members[j];
            j += 1;
            for &x in &b.next[c as usize] {
                if x != NONE && part[x as usize] == u16::MAX {
                    part[x as usize] = root;
                    members.push(x);
                }
            }
        }
        dfs.run(b, &vec![0u64; b.words], root);
        for (i, &src) in members.iter().enumerate() {
            if i % 64 == 63 && Instant::now() >= deadline {
                return Vec::new();
            }
            queue.clear();
            for k in 0..4 {
                if b.next[src as usize][k] != NONE {
                    seen[src as usize * 4 + k] = src as u32;
                    queue.push((src, k));
                }
            }
            set(&mut out[src as usize], src);
            while let Some((c, k)) = queue.pop() {
                let side = dfs.label(b, c, k);
                for k2 in 0..4 {
                    let x = b.next[c as usize][k2];
                    if x == NONE || dfs.label(b, c, k2) != side {
                        continue;
                    }
                    let t = b.next[c as usize][(k2 + 2) % 4];
                    if t == NONE || seen[t as usize * 4 + k2] == src as u32 {
                        continue;
                    }
                    seen[t as usize * 4 + k2] = src as u32;
                    set(&mut out[src as usize], t);
                    queue.push((t, k2));
                }
            }
        }
    }
    out
}

/// Festival's explorer: of the moves that pack no fewer boxes and can be undone (a lone box
/// can be pushed back), one after which the player reaches a side of some other box it did
/// not reach before, with room to push it from there; the most packed, then the fewest
/// regions, then the one taking its box farthest from the goals (`farther` on `to_goal`;
/// empty: the first). `rid` is each free cell's floor region (`Fess::regions` of `bits`).
/// `flooded`: `w`'s last flood is already the player's region (from `player` around
/// `bits`). Leaves `w`'s flood changed.
#[allow(clippy::too_many_arguments)]
pub(super) fn new_pushes(
    b: &Board,
    w: &mut Work,
    bits: &[u64],
    rid: &[u16],
    player: u16,
    now: u16,
    moves: &[Macro],
    packed: &[u16],
    back: &[Vec<u64>],
    flooded: bool,
    to_goal: &[u16],
) -> Option<usize> {
    if !flooded {
        w.flood(b, bits, player);
    }
    let before: Vec<bool> = (0..b.pos.len() as u16).map(|c| w.reached(c)).collect();
    let list: Vec<u16> = cells(bits).collect();
    let mut child = bits.to_vec();
    // The cells that would count if reached after the move being looked at (marked with
    // that move's number).
    let mut target = vec![u32::MAX; b.pos.len()];
    // Packed (most first), regions, then farthest.
    type Key = (Reverse<u16>, u16, Reverse<i32>);
    let mut best: Option<(usize, Key)> = None;
    for (i, (m, &p)) in moves.iter().zip(packed).enumerate() {
        if p < now || (!back.is_empty() && !has(&back[m.to as usize], m.from)) {
            continue;
        }
        let key = (Reverse(p), m.regions, Reverse(farther(to_goal, m)));
        if best.is_some_and(|(_, k)| k <= key) {
            continue;
        }
        child.copy_from_slice(bits);
        clear(&mut child, m.from);
        set(&mut child, m.to);
        // Only the box's old cell joins regions: after the move the player reaches no cell
        // outside the regions next to it.
        let mut near = [u16::MAX; 4];
        for (k, &y) in b.next[m.from as usize].iter().enumerate() {
            if y != NONE && !has(bits, y) {
                near[k] = rid[y as usize];
            }
        }
        let mut any = false;
        for &c in list.iter().filter(|&&c| c != m.from) {
            for k in 0..4 {
                let x = b.next[c as usize][k];
                let t = b.next[c as usize][(k + 2) % 4];
                if x != NONE
                    && !before[x as usize]
                    && !has(bits, x)
                    && near.contains(&rid[x as usize])
                    && t != NONE
                    && !has(&child, t)
                {
                    target[x as usize] = i as u32;
                    any = true;
                }
            }
        }
        // The player's region after the move, flooded only until it reaches one of them.
        if any && w.flood_finds(b, &child, m.player, |x| target[x as usize] == i as u32) {
            best = Some((i, key));
        }
    }
    best.map(|(i, _)| i)
}

/// The out-of-plan advisor's pick (after Festival's): of the moves that pack as many boxes,
/// cut the floor into no more regions, can be undone and leave no box newly in the zone, the
/// one whose box stands nearest the zone (in it first) and ends farther from it, then the one
/// taking it farthest.
pub(super) fn out_of_plan(
    zone: &Zone,
    back: &[Vec<u64>],
    now: u16,
    regions: u16,
    moves: &[Macro],
    packed: &[u16],
) -> Option<usize> {
    let mut best: Option<(usize, (u16, Reverse<u16>))> = None;
    for (i, (m, &p)) in moves.iter().zip(packed).enumerate() {
        if p != now || m.regions > regions || (!back.is_empty() && !has(&back[m.to as usize], m.from)) {
            continue;
        }
        let (from, to) = (zone.dist[m.from as usize], zone.dist[m.to as usize]);
        if from == INF || to == INF || to <= from || has(&zone.cells, m.to) {
            continue;
        }
        if best.is_none_or(|(_, k)| (from, Reverse(to)) < k) {
            best = Some((i, (from, Reverse(to))));
        }
    }
    best.map(|(i, _)| i)
}
