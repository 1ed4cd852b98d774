//! Corral deadlocks found by search, and remembered. A PI-corral (`Work::pi_corral`) says
//! which pushes may come first; whether any of them leads anywhere is a search of its own.
//! Its barrier boxes are tried as a level of their own, every other box taken away and the
//! player where it stands: taking boxes away only gives room, so any solution of the whole
//! position, the other boxes' pushes left out, still takes the barrier boxes to goals, and
//! before that either opens the corral to the player or leaves every barrier box on a goal.
//! When a small search over pushes finds neither, the position is dead, and so is every
//! later one with those boxes in those cells and the player in the same region around them:
//! that is kept as a pattern and looked up first.

use super::assign::Hungarian;
use super::board::{Board, INF, NONE, box_key, clear, has, set};
use super::freeze::freeze_deadlock;
use super::work::Work;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

/// The most boxes a corral's search takes.
const CORRAL_BOXES: usize = 10;

/// The most positions one search visits before it gives up (no verdict).
const CORRAL_STATES: usize = 400;

/// A position of a search: its boxes' cells, sorted (`NONE` past the last), and the player's
/// region (its least cell) around them alone.
type Key = ([u16; CORRAL_BOXES], u16);

/// A dead set of boxes: their cells and the cells of the player's region around them alone.
struct Pattern {
    boxes: Vec<u16>,
    region: Vec<u64>,
}

/// The patterns learned in one search, and the corrals found to open.
pub(super) struct Learned {
    patterns: Vec<Pattern>,
    /// Per cell, the patterns with a box there.
    by_cell: Vec<Vec<u32>>,
    alive: HashSet<Key>,
    seen: Vec<u16>,
    hungarian: Hungarian,
    /// The corral searches' own floods, so the caller's (`Work::reach`) stand.
    work: Work,
}

impl Learned {
    pub(super) fn new(n: usize) -> Learned {
        Learned {
            patterns: Vec::new(),
            by_cell: vec![Vec::new(); n],
            alive: HashSet::new(),
            seen: Vec::new(),
            hungarian: Hungarian::default(),
            work: Work::new(n),
        }
    }

    /// Whether a pattern with a box at `c` holds in the position (boxes `bits`, the player
    /// at `player`).
    pub(super) fn known(&self, bits: &[u64], c: u16, player: u16) -> bool {
        self.by_cell[c as usize].iter().any(|&i| {
            let p = &self.patterns[i as usize];
            has(&p.region, player) && p.boxes.iter().all(|&x| has(bits, x))
        })
    }

    /// Whether the barrier boxes `boxes` of the corral `corral` (free cells the player does
    /// not reach), the player at `player`, can never open it nor all stand on goals, every
    /// other box taken away; a dead one is kept as a pattern.
    pub(super) fn corral_dead(&mut self, b: &Board, boxes: &[u16], corral: &[u16], player: u16) -> bool {
        if boxes.len() > CORRAL_BOXES || boxes.iter().all(|&x| b.goal[x as usize]) {
            return false;
        }
        let mut sub = vec![0u64; b.words];
        for &x in boxes {
            set(&mut sub, x);
        }
        let w = &mut self.work;
        let key: Key = box_key(boxes, w.region_min(b, &sub, player));
        if self.alive.contains(&key) {
            return false;
        }
        let verdict = opens(b, w, (&sub, key), corral, player, &mut self.hungarian, &mut self.seen);
        if verdict == Some(false) {
            w.flood(b, &sub, player);
            let mut region = vec![0u64; b.words];
            for x in 0..b.pos.len() as u16 {
                if w.reached(x) {
                    set(&mut region, x);
                }
            }
            let at = self.patterns.len() as u32;
            for &x in boxes {
                self.by_cell[x as usize].push(at);
            }
            self.patterns.push(Pattern { boxes: boxes.to_vec(), region });
            return true;
        }
        self.alive.insert(key);
        false
    }
}

/// Whether the boxes of `start` (their cells, as `sub` and as a key) alone, the player at
/// `player`, can be pushed so that the player reaches a cell of `corral` or every box stands
/// on a goal: a best-first search on the assignment bound over pushes, pruned by dead
/// squares and freezes. `Some(false)` when it found neither and searched everything, `None`
/// when it gave up at `CORRAL_STATES`.
fn opens(
    b: &Board,
    w: &mut Work,
    (sub, start): (&[u64], Key),
    corral: &[u16],
    player: u16,
    h: &mut Hungarian,
    seen: &mut Vec<u16>,
) -> Option<bool> {
    let k = start.0.iter().take_while(|&&x| x != NONE).count();
    let bound = b.bound(&start.0[..k], h);
    if bound == INF {
        return Some(false);
    }
    let mut bits = sub.to_vec();
    let mut held: HashSet<Key> = HashSet::from([start]);
    let mut open = BinaryHeap::from([Reverse((bound, 0u32, start, player))]);
    let mut order = 0u32;
    let mut visited = 0;
    let mut list = Vec::with_capacity(k);
    let mut child = bits.clone();
    while let Some(Reverse((_, _, (cells, _), me))) = open.pop() {
        visited += 1;
        let cells = &cells[..k];
        if cells.iter().all(|&x| b.goal[x as usize]) {
            return Some(true);
        }
        bits.iter_mut().for_each(|x| *x = 0);
        for &x in cells {
            set(&mut bits, x);
        }
        w.flood(b, &bits, me);
        if corral.iter().any(|&c| w.reached(c)) {
            return Some(true);
        }
        if visited > CORRAL_STATES {
            return None;
        }
        for (i, &x) in cells.iter().enumerate() {
            for d in 0..4 {
                let behind = b.next[x as usize][(d + 2) % 4];
                let to = b.next[x as usize][d];
                if behind == NONE || to == NONE || !w.reached(behind) || has(&bits, to) || b.dead[to as usize] {
                    continue;
                }
                child.copy_from_slice(&bits);
                clear(&mut child, x);
                set(&mut child, to);
                if freeze_deadlock(b, &child, to, seen) {
                    continue;
                }
                list.clear();
                list.extend_from_slice(cells);
                list[i] = to;
                let key: Key = box_key(&list, w.region_min(b, &child, x));
                if !held.insert(key) {
                    continue;
                }
                let bound = b.bound(&list, h);
                if bound != INF {
                    order += 1;
                    open.push(Reverse((bound, order, key, x)));
                }
            }
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::super::tests::{fewest_pushes, random_room};
    use super::*;

    fn setup(text: &str) -> (crate::sokoban::format::Maze, Board, Work, Vec<u64>) {
        let rows: Vec<&str> = text.lines().collect();
        let maze = crate::sokoban::xsb::parse_board(&rows, 1).expect("a level");
        let b = Board::new(&maze.level);
        let w = Work::new(b.pos.len());
        let mut bits = vec![0u64; b.words];
        for &p in &maze.start.boxes {
            set(&mut bits, b.cell(p));
        }
        (maze, b, w, bits)
    }

    /// The box at the mouth of a pocket two cells deep, in a corridor one box wide: it can
    /// be pushed down into the pocket, so the PI-corral has a push to try, but once down it
    /// can never come back up (the player would have to stand below it). The search finds
    /// that, and so the window's deadlock check; with the goal in the pocket the same push
    /// solves it.
    #[test]
    fn a_corral_whose_only_push_leads_nowhere_is_dead() {
        let dead = "#######\n#.  @ #\n###$###\n### ###\n### ###\n#######\n";
        let solved = "#######\n#   @ #\n###$###\n###.###\n### ###\n#######\n";
        for (text, is_dead) in [(dead, true), (solved, false)] {
            let (maze, b, mut w, bits) = setup(text);
            assert_eq!(fewest_pushes(&maze.level, &maze.start, false).is_none(), is_dead, "{text}");
            assert_eq!(b.deadlock(&maze.start).is_some(), is_dead, "{text}");
            let player = b.cell(maze.start.player);
            w.reach(&b, &bits, player);
            let mut only = Vec::new();
            assert!(w.pi_corral(&b, &bits, &mut only) && only.len() == 1, "{text}");
            let (boxes, cells) = (w.corral_boxes.clone(), w.corral_cells.clone());
            let mut learned = Learned::new(b.pos.len());
            assert_eq!(learned.corral_dead(&b, &boxes, &cells, player), is_dead, "{text}");
            // Learned: the same boxes with the player anywhere in that region.
            let elsewhere = b.cell(crate::grid::Pos::new(1, 2));
            assert_eq!(learned.known(&bits, boxes[0], elsewhere), is_dead, "{text}");
        }
    }

    /// On random rooms, every PI-corral its search calls dead belongs to a position that
    /// breadth-first search with no pruning cannot solve, and the search finds some that no
    /// other rule does.
    #[test]
    fn a_corral_found_dead_by_search_has_no_solution() {
        let mut seed = 23u64;
        let (mut searched, mut dead, mut only_by_search) = (0, 0, 0);
        for _ in 0..6000 {
            let text = random_room(&mut seed);
            let rows: Vec<&str> = text.lines().collect();
            if crate::sokoban::xsb::parse_board(&rows, 1).is_err() {
                continue;
            }
            let (maze, b, mut w, bits) = setup(&text);
            let player = b.cell(maze.start.player);
            w.reach(&b, &bits, player);
            let mut only = Vec::new();
            if !w.pi_corral(&b, &bits, &mut only) || only.is_empty() {
                continue;
            }
            searched += 1;
            let (boxes, cells) = (w.corral_boxes.clone(), w.corral_cells.clone());
            if Learned::new(b.pos.len()).corral_dead(&b, &boxes, &cells, player) {
                dead += 1;
                assert_eq!(fewest_pushes(&maze.level, &maze.start, false), None, "{text}");
                assert!(b.deadlock(&maze.start).is_some(), "{text}");
                // Nothing else says so: no box on a dead square, none frozen, an assignment.
                let list: Vec<u16> = super::super::board::cells(&bits).collect();
                let mut seen = Vec::new();
                only_by_search += usize::from(
                    list.iter().all(|&c| !b.dead[c as usize] && !freeze_deadlock(&b, &bits, c, &mut seen))
                        && b.bound(&list, &mut Hungarian::default()) != INF,
                );
            }
        }
        assert!(searched > 500 && dead > 200 && only_by_search > 20, "{searched} {dead} {only_by_search}");
    }
}
