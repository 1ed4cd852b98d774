//! A new node of the tree (`Fess::open`): its features (packed, regions, out of plan), its
//! macro moves and the advisors' picks among them; the out-of-plan zone of a position.

use super::Fess;
use super::MAX_ZONE_CELLS;
use super::MAX_ZONES;
use super::Macro;
use super::Node;
use super::Score;
use super::Zone;
use super::advisors::explorer;
use super::advisors::new_pushes;
use super::advisors::opener;
use super::advisors::out_of_plan;
use super::hotspots::hotspots;
use super::macros::frozen_on_goals;
use super::macros::walk_distances;
use super::plan::pulls_from;
use crate::sokoban::search::Instant;
use crate::sokoban::search::board::Board;
use crate::sokoban::search::board::NONE;
use crate::sokoban::search::board::cells;
use crate::sokoban::search::board::clear;
use crate::sokoban::search::board::has;
use crate::sokoban::search::board::set;
use crate::sokoban::search::endgame::ENDGAME_BOXES;
use crate::sokoban::search::endgame::Verdict;
use crate::sokoban::search::fess::BinaryHeap;
use crate::sokoban::search::fess::Reverse;
use crate::sokoban::search::work::Work;
use std::rc::Rc;

impl Fess {
    /// Makes `s` a node of the tree: its features, its moves and their weights. Dead
    /// positions (by the assignment or a corral) get no moves.
    pub(super) fn open(&mut self, b: &Board, w: &mut Work, s: u32, weight: u32, made: Macro, parent: Option<Score>) {
        let bits = self.states.boxes_of(s).to_vec();
        let worst: Score = (0, Reverse(u16::MAX), Reverse(u16::MAX));
        let mut node = Node { weight, moves: Vec::new(), next: 0, made, best: parent.unwrap_or(worst) };
        let list: Vec<u16> = cells(&bits).collect();
        let mut only = Vec::new();
        let mut corral = false;
        let fixed = frozen_on_goals(b, &bits, &list, &mut self.seen);
        let free: Vec<u16> = list.iter().copied().filter(|&c| !has(&fixed, c)).collect();
        let verdict = if free.len() <= ENDGAME_BOXES {
            self.endgames.judge(b, w, &fixed, &free, self.states.player[s as usize], self.deadline)
        } else {
            Verdict::Unknown
        };
        match verdict {
            Verdict::Solved(pushes) => {
                self.finish = Some((s, pushes));
                self.nodes.push(node);
                return;
            }
            Verdict::Dead => {
                self.nodes.push(node);
                return;
            }
            Verdict::Unknown => {}
        }
        // Dead: by the assignment, a corral no push opens, a corral deadlock learned before
        // (with the box just moved), or a PI-corral whose search finds it dead.
        let alive = self.assignable(b, w, fixed, &list, made.player)
            && !(made.from != NONE && self.learned.known(&bits, made.to, made.player))
            && {
                // The step that made the position flooded its player's region last, when
                // nothing has flooded since.
                if self.flooded != Some(w.floods) {
                    w.flood(b, &bits, made.player);
                }
                corral = w.pi_corral(b, &bits, &mut only);
                !(corral && only.is_empty())
            }
            && !(corral && self.learned.corral_dead(b, &w.corral_boxes, &w.corral_cells, made.player));
        self.flooded = None;
        // Alive, the player's region was flooded last just above.
        let region_flood = w.floods;
        if alive {
            let prep = Rc::clone(&self.prep);
            let (plan, near) = prep.plan_of(self.advice);
            let packed = plan.packed(&bits, &mut self.filled);
            let regions = self.regions(b, &bits);
            self.best = self.best.max(packed);
            let next_id = self.cell_of.len() as u32;
            let open = plan.first_open(&self.filled);
            let zone = self.zone(b, &bits, &open);
            let oop = zone.map_or(0, |(_, count)| count);
            // Festival's projection: the best features on the path here, not the position's own.
            let own: Score = (packed, Reverse(regions), Reverse(oop));
            node.best = node.best.max(own);
            let cell = *self.cell_of.entry(node.best).or_insert(next_id);
            if cell as usize == self.cells.len() {
                self.cells.push(BinaryHeap::new());
                self.cell_score.push(node.best);
                self.fresh = Some(cell as usize);
            }
            if self.top.is_none_or(|t| node.best > self.cell_score[t]) {
                self.top = Some(cell as usize);
            }
            // w's flood is still the player's region here.
            let mut moves = Vec::new();
            self.macros(b, w, &bits, regions, corral.then_some(&only[..]), &mut moves);
            // The advisors: the move that packs the most boxes (then leaves the fewest
            // regions; `best_pack`), the one joining the most regions (then packing the
            // most), and the explorer's pick.
            let mut child = bits.clone();
            let mut best_join: Option<(usize, (Reverse<u16>, u16))> = None;
            let mut packs = false;
            let mut best_pack: Option<(usize, (u16, Reverse<u16>))> = None;
            // Boxes packed after each move (up to the deadline).
            let mut after = Vec::with_capacity(moves.len());
            for (i, m) in moves.iter_mut().enumerate() {
                if i % 64 == 63 && Instant::now() >= self.deadline {
                    break;
                }
                child.copy_from_slice(&bits);
                clear(&mut child, m.from);
                set(&mut child, m.to);
                let p = plan.count(&child, &mut self.filled);
                after.push(p);
                m.packed = p;
                let r = m.regions;
                if p > packed {
                    packs = true;
                    if self.advice.every_pack {
                        m.weight = 0;
                    }
                    if best_pack.is_none_or(|(_, k)| (p, Reverse(r)) > k) {
                        best_pack = Some((i, (p, Reverse(r))));
                    }
                }
                if r < regions && best_join.is_none_or(|(_, k)| (Reverse(r), p) > k) {
                    best_join = Some((i, (Reverse(r), p)));
                }
            }
            if let Some((i, _)) = best_pack {
                moves[i].weight = 0;
            }
            if let Some(i) = explorer(regions, &moves, &after) {
                moves[i].weight = 0;
            }
            // Festival's explorer, when no move packs: a move that can be undone and lets the
            // player at another box from a new side.
            if !packs
                && let Some(i) = new_pushes(
                    b,
                    w,
                    &bits,
                    &self.rid,
                    made.player,
                    packed,
                    &moves,
                    &after,
                    &self.prep.back,
                    w.floods == region_flood,
                    if self.advice.farthest { &self.prep.to_goal } else { &[] },
                )
            {
                moves[i].weight = 0;
            }
            if let Some((i, _)) = best_join {
                moves[i].weight = 0;
            }
            // The hotspot advisor, when no move packs: the move that leaves the fewest boxes
            // taking goals away from others, when that is fewer than now (then the fewest
            // regions).
            if !packs && !self.prep.hot.is_empty() {
                let mut scratch = vec![0u64; b.words];
                let now = hotspots(&self.prep.hot, &bits, &list, &mut scratch);
                let mut best: Option<(usize, (u16, u16))> = None;
                let mut after = list.clone();
                for (i, m) in moves.iter().enumerate() {
                    if i % 64 == 63 && Instant::now() >= self.deadline {
                        break;
                    }
                    child.copy_from_slice(&bits);
                    clear(&mut child, m.from);
                    set(&mut child, m.to);
                    let at = after.iter().position(|&c| c == m.from).expect("the moved box");
                    after[at] = m.to;
                    let h = hotspots(&self.prep.hot, &child, &after, &mut scratch);
                    after[at] = m.from;
                    if h < now && best.is_none_or(|(_, k)| (h, m.regions) < k) {
                        best = Some((i, (h, m.regions)));
                    }
                }
                if let Some((i, _)) = best {
                    moves[i].weight = 0;
                }
            }
            // The opener, when no move packs: a box taken away from the next cells to fill.
            if !packs || self.advice.opener_everywhere {
                let next = self.next_cells(&bits, &open);
                if let Some(i) = opener(&next, near, packed, regions, &moves, &after) {
                    moves[i].weight = 0;
                }
            }
            // The out-of-plan advisor: a box in the plan's way taken out of it.
            if let Some((z, count)) = zone
                && count > 0
                && let Some(i) = out_of_plan(&self.zones[z as usize], &self.prep.back, packed, regions, &moves, &after)
            {
                moves[i].weight = 0;
            }
            // The advisors' picks first; the other moves in order of the regions they leave the
            // floor in (fewest first: a move that opens the floor before one that cuts it up),
            // then of the boxes they pack (most first), then as made.
            let mut order: Vec<usize> = (0..moves.len()).collect();
            order.sort_by_key(|&i| (moves[i].weight, moves[i].regions, Reverse(after.get(i).copied().unwrap_or(0))));
            moves = order.into_iter().map(|i| moves[i]).collect();
            // Festival: a position of at most two moves has its first free.
            if moves.len() <= 2
                && let Some(first) = moves.first_mut()
            {
                first.weight = 0;
            }
            if let Some(first) = moves.first() {
                self.cells[cell as usize].push(first.entry(weight, self.order, s));
                self.order += 1;
            }
            node.moves = moves;
        }
        debug_assert_eq!(self.nodes.len(), s as usize);
        self.nodes.push(node);
    }

    /// The out-of-plan zone of a position, as its number in `zones` (`None` when nothing is
    /// filled after the next cells, on a level of more than `MAX_ZONE_CELLS` floor cells, or
    /// past the deadline), and how many of its boxes stand in it. `open` is the position's
    /// (`Plan::first_open`).
    pub(super) fn zone(&mut self, b: &Board, bits: &[u64], open: &[Option<usize>]) -> Option<(u32, u16)> {
        if b.pos.len() > MAX_ZONE_CELLS {
            return None;
        }
        let prep = Rc::clone(&self.prep);
        let (plan, _) = prep.plan_of(self.advice);
        // Walls: every cell of the ranks up to the first open one; after: the rest.
        let mut walls = vec![0u64; b.words];
        let mut later = Vec::new();
        for i in 0..plan.cells.len() {
            match open[plan.cluster[i] as usize] {
                Some(first) if plan.rank[i] as usize > first => later.push(plan.cells[i]),
                _ => set(&mut walls, plan.cells[i]),
            }
        }
        later.retain(|&c| !has(&walls, c));
        if later.is_empty() || Instant::now() >= self.deadline {
            return None;
        }
        let z = match self.zone_of.get(&walls) {
            Some(&z) => z,
            None => {
                if self.zones.len() >= MAX_ZONES {
                    self.zones.clear();
                    self.zone_of.clear();
                }
                let n = b.pos.len();
                let mut source = vec![false; n];
                for &c in &later {
                    source[c as usize] = true;
                }
                pulls_from(b, &walls, &later, |x| {
                    source[x as usize] = true;
                    false
                });
                let inside: Vec<u16> =
                    (0..n as u16).filter(|&c| !source[c as usize] && !has(&walls, c) && !b.dead[c as usize]).collect();
                let mut cells = vec![0u64; b.words];
                for &c in &inside {
                    set(&mut cells, c);
                }
                let dist = walk_distances(b, &inside, &walls);
                let z = self.zones.len() as u32;
                self.zones.push(Zone { cells, dist });
                self.zone_of.insert(walls, z);
                z
            }
        };
        let zone = &self.zones[z as usize];
        let count = cells(bits).filter(|&c| has(&zone.cells, c)).count() as u16;
        Some((z, count))
    }

    /// The plan cells filled next, as indices into the plan: per goal cluster, the empty
    /// cells of its first rank not yet full (`open`, `Plan::first_open`).
    pub(super) fn next_cells(&self, bits: &[u64], open: &[Option<usize>]) -> Vec<usize> {
        let (plan, _) = self.prep.plan_of(self.advice);
        (0..plan.cells.len())
            .filter(|&i| {
                open[plan.cluster[i] as usize] == Some(plan.rank[i] as usize)
                    && !has(bits, plan.cells[i])
                    && !(plan.alt[i] != NONE && has(bits, plan.alt[i]))
            })
            .collect()
    }
}
