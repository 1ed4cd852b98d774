//! Endgame tables: once every box but a few is frozen on its goal, the rest is a small
//! level of its own (the frozen boxes are walls, since they never move again), the same for
//! every position with those boxes frozen. Its positions from which the rest can be solved
//! are exactly those a breadth-first search over pulls reaches from its solved position (a
//! pull undoes a push), so one such search, when it finishes, answers for all of them: a
//! position it did not reach is dead, one it did is solved by the pushes that undo its pulls.

use super::board::{Board, NONE, box_key, clear, has, set};
use super::work::Work;
use crate::clock::Instant;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, VecDeque};

/// At most this many boxes left free.
pub(super) const ENDGAME_BOXES: usize = 3;

/// The most positions one table holds; a larger endgame gets none.
const TABLE_STATES: usize = 20_000;

/// The most positions all tables of one search may visit together (finished or not).
const TOTAL_STATES: usize = 200_000;

/// A position of an endgame: the free boxes' cells, sorted (`NONE` past the last), and the
/// player's region (its least cell, as `Work::region_min` gives it).
type Key = ([u16; ENDGAME_BOXES], u16);

/// An endgame's positions it can be solved from, each with the push (box cell, direction)
/// that takes it one step closer (`NONE` at a solved one).
type Table = HashMap<Key, (u16, u8)>;

/// Per set of boxes frozen on goals, its endgame's table, when it was small enough.
#[derive(Default)]
pub(super) struct Endgames {
    tables: HashMap<Vec<u64>, Option<Table>>,
    visited: usize,
}

/// What an endgame table says of a position.
pub(super) enum Verdict {
    /// No table (too many boxes free, or too large an endgame).
    Unknown,
    /// The free boxes can never all reach the free goals.
    Dead,
    /// These pushes (box cell, direction) solve it.
    Solved(Vec<(u16, u8)>),
}

impl Endgames {
    /// The verdict on the position with `fixed` frozen on goals, `free` the other boxes and
    /// the player in the region whose least cell is `player`.
    pub(super) fn judge(
        &mut self,
        b: &Board,
        w: &mut Work,
        fixed: &[u64],
        free: &[u16],
        player: u16,
        deadline: Instant,
    ) -> Verdict {
        if free.len() > ENDGAME_BOXES || free.is_empty() {
            return Verdict::Unknown;
        }
        let table = match self.tables.entry(fixed.to_vec()) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                if self.visited >= TOTAL_STATES {
                    return Verdict::Unknown;
                }
                let (table, visited) = build(b, w, e.key(), free.len(), deadline);
                self.visited += visited;
                e.insert(table)
            }
        };
        let Some(table) = table else { return Verdict::Unknown };
        let mut key: Key = box_key(free, player);
        let mut out = Vec::new();
        let mut bits = fixed.to_vec();
        for &c in free {
            set(&mut bits, c);
        }
        loop {
            let Some(&(c, k)) = table.get(&key) else { return Verdict::Dead };
            if c == NONE {
                return Verdict::Solved(out);
            }
            out.push((c, k));
            let to = b.next[c as usize][k as usize];
            clear(&mut bits, c);
            set(&mut bits, to);
            let at = key.0.iter().position(|&x| x == c).expect("a free box");
            key.0[at] = to;
            let n = free.len();
            key.0[..n].sort_unstable();
            key.1 = w.region_min(b, &bits, c);
        }
    }
}

/// The table of the endgame with `fixed` frozen on goals and `count` boxes free (on the other
/// goals when solved): each position a search over pulls reaches from a solved one, with the
/// push that takes it one step closer (`NONE` at a solved one). `None` when it would hold more
/// than `TABLE_STATES` positions or the deadline passes; and how many positions it visited.
fn build(b: &Board, w: &mut Work, fixed: &[u64], count: usize, deadline: Instant) -> (Option<Table>, usize) {
    let goals: Vec<u16> = b.goals.iter().copied().filter(|&g| !has(fixed, g)).collect();
    if goals.len() != count {
        return (None, 0);
    }
    let mut table: Table = HashMap::new();
    let mut queue: VecDeque<Key> = VecDeque::new();
    let mut bits = fixed.to_vec();
    for &g in &goals {
        set(&mut bits, g);
    }
    for c in 0..b.pos.len() as u16 {
        if !has(&bits, c) {
            let key: Key = box_key(&goals, w.region_min(b, &bits, c));
            if let Entry::Vacant(e) = table.entry(key) {
                e.insert((NONE, 0));
                queue.push_back(key);
            }
        }
    }
    let mut visited = 0;
    while let Some((boxes, player)) = queue.pop_front() {
        visited += 1;
        if table.len() > TABLE_STATES || (visited % 256 == 0 && Instant::now() >= deadline) {
            return (None, visited);
        }
        bits.copy_from_slice(fixed);
        for &c in &boxes[..count] {
            set(&mut bits, c);
        }
        w.reach(b, &bits, player);
        for i in 0..count {
            let c = boxes[i];
            for e in 0..4 {
                // The player at p (beside the box) steps on to q, pulling the box to p.
                let p = b.next[c as usize][e];
                if p == NONE || !w.reached(p) {
                    continue;
                }
                let q = b.next[p as usize][e];
                if q == NONE || has(&bits, q) {
                    continue;
                }
                let mut moved = boxes;
                moved[i] = p;
                moved[..count].sort_unstable();
                clear(&mut bits, c);
                set(&mut bits, p);
                let region = w.region_min(b, &bits, q);
                clear(&mut bits, p);
                set(&mut bits, c);
                let key = (moved, region);
                if let Entry::Vacant(v) = table.entry(key) {
                    // Forward: the box at p pushed back towards c, from q.
                    v.insert((p, ((e + 2) % 4) as u8));
                    queue.push_back(key);
                }
            }
        }
    }
    (Some(table), visited)
}

#[cfg(test)]
mod tests {
    use super::super::board::cells;
    use super::super::freeze::frozen;
    use super::super::tests::{fewest_pushes, random_room};
    use super::*;

    /// Every verdict on random rooms of one to three boxes, with the boxes frozen on goals
    /// taken as fixed: dead exactly when a breadth-first search with no pruning finds no
    /// solution, and a solution that replays to solved otherwise.
    #[test]
    fn endgame_verdicts_agree_with_a_plain_search() {
        let mut seed = 7u64;
        let (mut solved, mut dead, mut with_fixed) = (0, 0, 0);
        for _ in 0..1500 {
            let text = random_room(&mut seed);
            let rows: Vec<&str> = text.lines().collect();
            let Ok(maze) = crate::sokoban::xsb::parse_board(&rows, 1) else { continue };
            let b = Board::new(&maze.level);
            if maze.start.boxes.len() != b.goals.len() {
                continue;
            }
            let mut w = Work::new(b.pos.len());
            let mut bits = vec![0u64; b.words];
            for &p in &maze.start.boxes {
                set(&mut bits, b.cell(p));
            }
            let list: Vec<u16> = cells(&bits).collect();
            let mut fixed = vec![0u64; b.words];
            let mut seen = Vec::new();
            for &c in &list {
                seen.clear();
                if b.goal[c as usize] && frozen(&b, &bits, c, &mut seen) {
                    set(&mut fixed, c);
                }
            }
            let free: Vec<u16> = list.iter().copied().filter(|&c| !has(&fixed, c)).collect();
            if free.is_empty() || free.len() > ENDGAME_BOXES {
                continue;
            }
            with_fixed += usize::from(free.len() < list.len());
            let player = w.region_min(&b, &bits, b.cell(maze.start.player));
            let far = Instant::now() + std::time::Duration::from_secs(3600);
            let exact = fewest_pushes(&maze.level, &maze.start, false);
            match Endgames::default().judge(&b, &mut w, &fixed, &free, player, far) {
                Verdict::Unknown => panic!("a small room has a table: {text}"),
                Verdict::Dead => {
                    assert_eq!(exact, None, "{text}");
                    dead += 1;
                }
                Verdict::Solved(pushes) => {
                    let fewest = exact.unwrap_or_else(|| panic!("solved an unsolvable room: {text}"));
                    // A breadth-first table: its pushes are the fewest.
                    assert_eq!(pushes.len(), fewest, "{text}");
                    let mut at = bits.clone();
                    let mut me = b.cell(maze.start.player);
                    for &(c, k) in &pushes {
                        let behind = b.next[c as usize][(k as usize + 2) % 4];
                        let to = b.next[c as usize][k as usize];
                        w.reach(&b, &at, me);
                        assert!(has(&at, c) && w.reached(behind) && to != NONE && !has(&at, to), "{text}");
                        clear(&mut at, c);
                        set(&mut at, to);
                        me = c;
                    }
                    assert!(cells(&at).all(|c| b.goal[c as usize]), "{text}");
                    solved += 1;
                }
            }
        }
        assert!(solved > 100 && dead > 100 && with_fixed > 10, "{solved} {dead} {with_fixed}");
    }

    /// Two goals left beside two frozen boxes: one table answers both positions, the fewest
    /// pushes (three a box) for the one and dead for the boxes against the bottom wall.
    #[test]
    fn a_table_serves_every_position_with_the_same_frozen_boxes() {
        let text = "#######\n#**. .#\n#     #\n# $ $ #\n#@    #\n#######";
        let rows: Vec<&str> = text.lines().collect();
        let maze = crate::sokoban::xsb::parse_board(&rows, 1).expect("a level");
        let b = Board::new(&maze.level);
        let mut w = Work::new(b.pos.len());
        let at = |r, c| b.cell(crate::grid::Pos::new(r, c));
        let mut fixed = vec![0u64; b.words];
        set(&mut fixed, at(1, 1));
        set(&mut fixed, at(1, 2));
        let far = Instant::now() + std::time::Duration::from_secs(3600);
        let mut eg = Endgames::default();
        let mut all = fixed.clone();
        set(&mut all, at(3, 2));
        set(&mut all, at(3, 4));
        let player = w.region_min(&b, &all, at(4, 1));
        let Verdict::Solved(p) = eg.judge(&b, &mut w, &fixed, &[at(3, 2), at(3, 4)], player, far) else {
            panic!("solvable")
        };
        assert_eq!(p.len(), 6);
        // Both boxes against the bottom wall: no push brings either up.
        let mut low = fixed.clone();
        set(&mut low, at(4, 2));
        set(&mut low, at(4, 4));
        let player = w.region_min(&b, &low, at(2, 1));
        assert!(matches!(eg.judge(&b, &mut w, &fixed, &[at(4, 2), at(4, 4)], player, far), Verdict::Dead));
        assert_eq!(eg.tables.len(), 1);
    }
}
