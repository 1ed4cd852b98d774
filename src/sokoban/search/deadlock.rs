//! The rules that prove a position dead, each sound: a box on a dead square, a frozen box
//! off its goal (`freeze_deadlock`), no assignment of boxes to goals, and a PI-corral that no
//! push can open (`Work::pi_corral`; the corral's barrier grown by the boxes in its way).

use super::assign::Hungarian;
use super::board::Board;
use super::board::INF;
use super::board::NONE;
use super::board::clear;
use super::board::has;
use super::board::next_stamp;
use super::board::set;
use super::freeze::freeze_deadlock;
use super::freeze::frozen;
use super::learn::Learned;
use super::work::Work;
use crate::grid::Pos;
use crate::sokoban::Position;

/// Why a position is dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deadlock {
    /// A box where no push can bring it to any goal.
    DeadSquare(Pos),
    /// A box that can never move again, off a goal (or freezing one off its goal).
    Frozen(Pos),
    /// No way to give every box a goal it can reach.
    NoAssignment,
    /// Boxes closing off cells the player cannot reach, where something is unfinished, and
    /// that no pushes the player can ever make open: none can be made, or a search of those
    /// boxes alone finds none that opens the corral or puts them all on goals (`learn`).
    Corral(Pos),
}

impl std::fmt::Display for Deadlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Deadlock::DeadSquare(p) => {
                write!(f, "the box at row {}, column {} can reach no goal", p.row + 1, p.col + 1)
            }
            Deadlock::Frozen(p) => write!(f, "the box at row {}, column {} can never move again", p.row + 1, p.col + 1),
            Deadlock::NoAssignment => f.write_str("the boxes cannot all reach goals of their own"),
            Deadlock::Corral(p) => write!(
                f,
                "the boxes around row {}, column {} close off an area that can never be opened",
                p.row + 1,
                p.col + 1
            ),
        }
    }
}

impl Board {
    /// Why a position can never be solved, by the rules the search prunes with (`None`: none
    /// of them applies; the position may still be unsolvable).
    pub fn deadlock(&self, pos: &Position) -> Option<Deadlock> {
        let boxes: Vec<u16> = pos.boxes.iter().map(|&p| self.cell(p)).collect();
        if let Some(&c) = boxes.iter().find(|&&c| self.dead[c as usize] && !self.goal[c as usize]) {
            return Some(Deadlock::DeadSquare(self.pos[c as usize]));
        }
        let mut bits = vec![0u64; self.words];
        for &c in &boxes {
            set(&mut bits, c);
        }
        let mut seen = Vec::new();
        if let Some(&c) = boxes.iter().find(|&&c| freeze_deadlock(self, &bits, c, &mut seen)) {
            return Some(Deadlock::Frozen(self.pos[c as usize]));
        }
        if self.bound(&boxes, &mut Hungarian::default()) == INF {
            return Some(Deadlock::NoAssignment);
        }
        let mut w = Work::new(self.pos.len());
        w.reach(self, &bits, self.cell(pos.player));
        let mut pushes = Vec::new();
        if w.pi_corral(self, &bits, &mut pushes) {
            let first = w.corral_boxes.first().copied().unwrap_or(0);
            let (boxes, cells) = (w.corral_boxes.clone(), w.corral_cells.clone());
            let player = self.cell(pos.player);
            if pushes.is_empty() || Learned::new(self.pos.len()).corral_dead(self, &boxes, &cells, player) {
                return Some(Deadlock::Corral(self.pos[first as usize]));
            }
        }
        None
    }
}

impl Work {
    /// PI-corral pruning, after [`Work::reach`] from the state's player. A corral is a set of
    /// free cells the player cannot reach (whole components); its barrier is every box next
    /// to one of them, and every box in a barrier box's way (see `corral_pushes`). It is a
    /// PI-corral when it is unfinished (a barrier box off a goal, or a goal inside when every
    /// goal needs a box), when no barrier box can ever be pushed anywhere but into it before
    /// a barrier box moves (I), and when every push into it is one the player can make now
    /// (P); a push that freezes a box off its goal counts for neither (it is in no solution). Then some solution (with no more pushes, if one exists) begins with one of those
    /// pushes: the first push of a barrier box in any solution is one of them, and it can be
    /// made first, the pushes before it (away from the corral) following unchanged. So only
    /// they need searching. The corrals tried: each component, grown (after Festival) by
    /// the component a push keeping it from being a PI-corral goes into or starts from,
    /// then all of them as one. Fills `out` with them for the corral with the fewest; `false`
    /// when there is no PI-corral. An empty `out` with `true`: the position is dead (the
    /// corral can never be opened).
    pub(super) fn pi_corral(&mut self, b: &Board, boxes: &[u64], out: &mut Vec<(u16, u8)>) -> bool {
        let n = b.pos.len();
        self.fixed_known = false;
        // Every free cell reached (the flood's cells are in `queue`): no corral.
        if self.queue.len() + boxes.iter().map(|x| x.count_ones() as usize).sum::<usize>() == n {
            return false;
        }
        self.comp.iter_mut().for_each(|c| *c = 0);
        self.comp_cells.clear();
        // Each component's cells, one after another: starts[i]..starts[i + 1].
        let mut starts = Vec::new();
        for c in 0..n as u16 {
            if self.comp[c as usize] != 0 || self.reached(c) || has(boxes, c) {
                continue;
            }
            starts.push(self.comp_cells.len());
            let id = starts.len() as u32;
            self.comp[c as usize] = id;
            self.comp_cells.push(c);
            let mut i = self.comp_cells.len() - 1;
            while i < self.comp_cells.len() {
                let x = self.comp_cells[i];
                i += 1;
                for &y in &b.next[x as usize] {
                    if y != NONE && self.comp[y as usize] == 0 && !has(boxes, y) {
                        self.comp[y as usize] = id;
                        self.comp_cells.push(y);
                    }
                }
            }
        }
        if starts.is_empty() {
            return false;
        }
        starts.push(self.comp_cells.len());
        let count = starts.len() - 1;
        // Each component's boxes next to it (first seen first, its cells in order) and
        // whether a goal is inside: a corral's barrier starts as its components' in turn.
        let every_goal = b.goals.len() == boxes.iter().map(|w| w.count_ones() as usize).sum::<usize>();
        self.comp_boxes.clear();
        self.comp_box_starts.clear();
        self.comp_goal.clear();
        self.comp_goal.push(false);
        for i in 0..count {
            self.comp_box_starts.push(self.comp_boxes.len());
            let stamp = self.next_barrier_stamp();
            let mut goal = false;
            for &c in &self.comp_cells[starts[i]..starts[i + 1]] {
                goal |= every_goal && b.goal[c as usize];
                for &y in &b.next[c as usize] {
                    if y != NONE && has(boxes, y) && self.barrier[y as usize] != stamp {
                        self.barrier[y as usize] = stamp;
                        self.comp_boxes.push(y);
                    }
                }
            }
            self.comp_goal.push(goal);
        }
        self.comp_box_starts.push(self.comp_boxes.len());
        let mut best: Option<Vec<(u16, u8)>> = None;
        let mut pushes = Vec::new();
        // Each component alone, grown (after Festival's) by the component a push that keeps
        // it from being a PI-corral starts from or goes into, until it is one or no such
        // push is left; then (when there are several) all of them as one corral.
        let mut member = vec![false; count + 1];
        for which in 0..count + usize::from(count > 1) {
            member.iter_mut().for_each(|m| *m = which == count);
            member[0] = false;
            if which < count {
                member[which + 1] = true;
            }
            loop {
                let mut grow = None;
                if self.corral_pushes(b, boxes, &member, &mut pushes, &mut grow) {
                    if best.as_ref().is_none_or(|b| pushes.len() < b.len()) {
                        best = Some(pushes.clone());
                        self.corral_cells.clear();
                        for i in (1..=count).filter(|&i| member[i]) {
                            self.corral_cells.extend_from_slice(&self.comp_cells[starts[i - 1]..starts[i]]);
                        }
                        self.corral_boxes.clone_from(&self.barrier_boxes);
                    }
                    break;
                }
                match grow {
                    Some(g) if !member[g as usize] => member[g as usize] = true,
                    _ => break,
                }
            }
            if best.as_ref().is_some_and(|p| p.is_empty()) {
                break;
            }
        }
        match best {
            Some(list) => {
                *out = list;
                true
            }
            None => false,
        }
    }

    /// A new mark for `barrier` (every cell cleared when the stamps wrap round).
    fn next_barrier_stamp(&mut self) -> u32 {
        next_stamp(&mut self.barrier_stamp, &mut self.barrier)
    }

    /// Whether the components `member` marks are a PI-corral; if so `out` holds
    /// the pushes into it. When not, `grow` is the component (not a member) that a push
    /// keeping it from being one starts from or goes into, if there is one.
    fn corral_pushes(
        &mut self,
        b: &Board,
        boxes: &[u64],
        member: &[bool],
        out: &mut Vec<(u16, u8)>,
        grow: &mut Option<u32>,
    ) -> bool {
        out.clear();
        let stamp = self.next_barrier_stamp();
        self.barrier_boxes.clear();
        // An empty goal inside needs a box only when there are no goals to spare.
        let every_goal = b.goals.len() == boxes.iter().map(|w| w.count_ones() as usize).sum::<usize>();
        let mut unfinished = false;
        for i in (1..member.len()).filter(|&i| member[i]) {
            unfinished |= every_goal && self.comp_goal[i];
            for &y in &self.comp_boxes[self.comp_box_starts[i - 1]..self.comp_box_starts[i]] {
                if self.barrier[y as usize] != stamp {
                    self.barrier[y as usize] = stamp;
                    self.barrier_boxes.push(y);
                    unfinished |= !b.goal[y as usize];
                }
            }
        }
        let comp = &self.comp;
        let inside = |x: u16| x != NONE && member[comp[x as usize] as usize];
        // The barrier grows by every box standing where a barrier box would go, or where the
        // player would stand to push it (a push neither onto a dead square nor from inside,
        // nor blocked by a barrier box already):
        // that push waits for the box to move, so the box joins the set whose first push is
        // asked about. The barrier boxes still close the corral off, so the argument below
        // holds for the larger set, and a box joining it off a goal is unfinished too.
        let mut i = 0;
        while i < self.barrier_boxes.len() {
            let bc = self.barrier_boxes[i];
            i += 1;
            for k in 0..4 {
                let to = b.next[bc as usize][k];
                let behind = b.next[bc as usize][(k + 2) % 4];
                if to == NONE || behind == NONE || inside(behind) || b.dead[to as usize] {
                    continue;
                }
                // A push a barrier box already blocks waits for it anyway.
                if self.barrier[to as usize] == stamp || self.barrier[behind as usize] == stamp {
                    continue;
                }
                for y in [to, behind] {
                    if has(boxes, y) && self.barrier[y as usize] != stamp {
                        self.barrier[y as usize] = stamp;
                        self.barrier_boxes.push(y);
                        unfinished |= !b.goal[y as usize];
                    }
                }
            }
        }
        if !unfinished {
            return false;
        }
        // A push that leaves a box frozen off a goal is in no solution, so it does not keep
        // the corral from being one (after Festival's corral test, which leaves out the
        // pushes its deadlock test rejects). It is judged on the barrier boxes and the boxes
        // frozen now alone: both stand where they are until a barrier box first moves,
        // whatever the other boxes do before, and more boxes only freeze more. Both sets are
        // made when first wanted (the frozen ones once a position). The pushes into the
        // corral are not judged: the search judges the positions they make.
        let mut judge = std::mem::take(&mut self.judge);
        let mut seen = std::mem::take(&mut self.frozen_seen);
        let mut fixed = std::mem::take(&mut self.fixed);
        let mut fixed_known = self.fixed_known;
        let mut judged = false;
        let members = &self.barrier_boxes;
        let mut freezes = |from: u16, to: u16| {
            if !judged {
                if !fixed_known {
                    fixed.clear();
                    fixed.resize(boxes.len(), 0);
                    for c in super::board::cells(boxes) {
                        if frozen(b, boxes, c, &mut seen) {
                            set(&mut fixed, c);
                        }
                        seen.clear();
                    }
                    fixed_known = true;
                }
                judge.clone_from(&fixed);
                for &m in members {
                    set(&mut judge, m);
                }
                judged = true;
            }
            clear(&mut judge, from);
            set(&mut judge, to);
            let dead = freeze_deadlock(b, &judge, to, &mut seen);
            clear(&mut judge, to);
            set(&mut judge, from);
            dead
        };
        let barrier = |x: u16| x != NONE && self.barrier[x as usize] == stamp;
        let mut opened = false;
        'boxes: for &bc in &self.barrier_boxes {
            for k in 0..4 {
                let to = b.next[bc as usize][k];
                let behind = b.next[bc as usize][(k + 2) % 4];
                // Never possible before a barrier box moves: a wall either side, the player's
                // cell inside the corral or under a barrier box, the way blocked by one; and
                // never part of a solution: onto a dead square.
                if to == NONE || behind == NONE || inside(behind) || barrier(behind) || barrier(to) {
                    continue;
                }
                if b.dead[to as usize] {
                    continue;
                }
                if !inside(to) || !self.reached(behind) {
                    // A push out of or along the corral, or into it from where the player
                    // cannot stand now: it may come first (unless it freezes a box off its
                    // goal). Festival grows the corral by the component it goes into or
                    // starts from.
                    if freezes(bc, to) {
                        continue;
                    }
                    let g = if inside(to) { comp[behind as usize] } else { comp[to as usize] };
                    *grow = (g != 0).then_some(g);
                    opened = true;
                    break 'boxes;
                }
                out.push((bc, k as u8));
            }
        }
        (self.judge, self.frozen_seen, self.fixed, self.fixed_known) = (judge, seen, fixed, fixed_known);
        !opened
    }
}
