//! The optimiser: from a solution, a search of its vicinity for one with fewer pushes (then
//! fewer moves), after Brian Damgaard's YASO "vicinity search". The positions the solution
//! passes through are the spine; a position is in the vicinity when, against some position of
//! the spine, at most `boxes` boxes stand elsewhere, each within `radius` cells (Manhattan)
//! of a box of that spine position that moved. In that restricted space a Dijkstra search on
//! (pushes, moves), the player's exact cell kept, finds the cheapest solution; the search is
//! repeated around each better solution, and the vicinity widened when none is found, until
//! the schedule ends, the time limit or the state limit stops it, or it is cancelled.
//!
//! Nothing here claims optimality: a better solution is better, and "none found" says in
//! which vicinity.

use super::board::{Board, DIRS, INF, NONE, cells, clear, has, set};
use super::walk::walk_pushes;
use super::work::Work;
use crate::clock::Instant;
use crate::sokoban::rules::{Level, Move, Position};
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The vicinities tried, narrow first: (boxes that may stand elsewhere, radius in cells).
pub const SCHEDULE: [(usize, usize); 5] = [(1, 3), (2, 2), (2, 4), (3, 3), (4, 4)];

/// What the optimiser did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Optimised {
    /// The best solution found (the one given when nothing better was), replayed.
    pub moves: Vec<Move>,
    pub pushes: usize,
    /// Whether it is better than the one given (fewer pushes, or as many and fewer moves).
    pub better: bool,
    /// The widest vicinity searched to its end without finding better: (boxes, radius).
    pub searched: Option<(usize, usize)>,
    /// Why it stopped before the schedule's end (a limit, or cancelled).
    pub stopped: Option<String>,
    /// Positions expanded over all rounds.
    pub expanded: usize,
}

/// How a push sequence is held: (box cell, direction index in [`DIRS`]).
type Push = (u16, u8);

fn pushes_of(b: &Board, level: &Level, start: &Position, moves: &[Move]) -> Option<(Vec<Push>, usize)> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for m in moves {
        let (next, step) = level.apply(&pos, *m).ok()?;
        if let crate::sokoban::Step::Push { box_from, .. } = step {
            out.push((b.cell(box_from), DIRS.iter().position(|&d| d == m.dir)? as u8));
        }
        pos = next;
    }
    level.is_solved(&pos).then_some((out, moves.len()))
}

/// The box sets the pushes pass through, the start's included.
fn spine(b: &Board, start: &Position, pushes: &[Push]) -> Vec<Vec<u64>> {
    let mut bits = vec![0u64; b.words];
    for &p in &start.boxes {
        set(&mut bits, b.cell(p));
    }
    let mut out = vec![bits.clone()];
    for &(bc, k) in pushes {
        clear(&mut bits, bc);
        set(&mut bits, b.next[bc as usize][k as usize]);
        out.push(bits.clone());
    }
    out
}

struct Vicinity<'a> {
    b: &'a Board,
    spine: Vec<Vec<u64>>,
    boxes: usize,
    radius: usize,
}

impl Vicinity<'_> {
    fn manhattan(&self, x: u16, y: u16) -> usize {
        let (p, q) = (self.b.pos[x as usize], self.b.pos[y as usize]);
        p.row.abs_diff(q.row) + p.col.abs_diff(q.col)
    }

    fn contains(&self, s: &[u64]) -> bool {
        self.spine.iter().any(|c| {
            let away: u32 = s.iter().zip(c).map(|(a, b)| (a & !b).count_ones()).sum();
            if away as usize > self.boxes {
                return false;
            }
            let moved: Vec<u64> = c.iter().zip(s).map(|(a, b)| a & !b).collect();
            let extra: Vec<u64> = s.iter().zip(c).map(|(a, b)| a & !b).collect();
            cells(&extra).all(|x| cells(&moved).any(|y| self.manhattan(x, y) <= self.radius))
        })
    }
}

struct Node {
    boxes: Vec<u64>,
    player: u16,
    parent: usize,
    push: Push,
}

enum Round {
    Found(Vec<Push>),
    Exhausted,
    Stopped(String),
}

/// One Dijkstra search of a vicinity: the cheapest solution by (pushes, moves), if cheaper
/// than `bound`.
fn round(
    b: &Board,
    level: &Level,
    start: &Position,
    v: &Vicinity<'_>,
    bound: (usize, usize),
    stop: &dyn Fn(usize) -> Option<String>,
    expanded: &mut usize,
) -> Round {
    let mut bits = vec![0u64; b.words];
    for &p in &start.boxes {
        set(&mut bits, b.cell(p));
    }
    let goal_bits = {
        let mut g = vec![0u64; b.words];
        for &c in &b.goals {
            set(&mut g, c);
        }
        g
    };
    let solved = |s: &[u64]| s.iter().zip(&goal_bits).all(|(a, g)| a & !g == 0);
    let _ = level;
    let mut nodes = vec![Node { boxes: bits.clone(), player: b.cell(start.player), parent: usize::MAX, push: (0, 0) }];
    let mut best: HashMap<(Vec<u64>, u16), (usize, usize)> = HashMap::new();
    best.insert((bits, nodes[0].player), (0, 0));
    let mut heap = BinaryHeap::new();
    heap.push(std::cmp::Reverse((0usize, 0usize, 0usize)));
    let n = b.pos.len();
    let mut dist = vec![INF; n];
    let mut queue = VecDeque::new();
    while let Some(std::cmp::Reverse((p, m, id))) = heap.pop() {
        if (p, m) >= bound {
            return Round::Exhausted;
        }
        let key = (nodes[id].boxes.clone(), nodes[id].player);
        if best.get(&key).is_some_and(|&c| c < (p, m)) {
            continue;
        }
        if solved(&nodes[id].boxes) {
            let mut out = Vec::new();
            let mut i = id;
            while nodes[i].parent != usize::MAX {
                out.push(nodes[i].push);
                i = nodes[i].parent;
            }
            out.reverse();
            return Round::Found(out);
        }
        *expanded += 1;
        if let Some(why) = stop(nodes.len()) {
            return Round::Stopped(why);
        }
        // The player's walking distances, boxes in the way.
        dist.iter_mut().for_each(|d| *d = INF);
        let here = nodes[id].boxes.clone();
        dist[nodes[id].player as usize] = 0;
        queue.clear();
        queue.push_back(nodes[id].player);
        while let Some(c) = queue.pop_front() {
            for k in 0..4 {
                let t = b.next[c as usize][k];
                if t != NONE && dist[t as usize] == INF && !has(&here, t) {
                    dist[t as usize] = dist[c as usize] + 1;
                    queue.push_back(t);
                }
            }
        }
        for bc in cells(&here).collect::<Vec<_>>() {
            for k in 0..4 {
                let behind = b.next[bc as usize][(k + 2) % 4];
                let to = b.next[bc as usize][k];
                if behind == NONE || to == NONE || dist[behind as usize] == INF || has(&here, to) || b.dead[to as usize]
                {
                    continue;
                }
                let mut next = here.clone();
                clear(&mut next, bc);
                set(&mut next, to);
                let cost = (p + 1, m + dist[behind as usize] as usize + 1);
                if cost >= bound || !v.contains(&next) {
                    continue;
                }
                let key = (next, bc);
                if best.get(&key).is_some_and(|&c| c <= cost) {
                    continue;
                }
                best.insert(key.clone(), cost);
                nodes.push(Node { boxes: key.0, player: bc, parent: id, push: (bc, k as u8) });
                heap.push(std::cmp::Reverse((cost.0, cost.1, nodes.len() - 1)));
            }
        }
    }
    Round::Exhausted
}

/// Optimises a solution (`moves` from `start`, which must solve the level): see the module's
/// comment. `time` and `max_states` (positions held in one round) bound it; `cancel` stops it;
/// `progress` counts positions expanded.
pub fn optimise(
    level: &Level,
    start: &Position,
    moves: &[Move],
    time: Duration,
    max_states: usize,
    cancel: &AtomicBool,
    progress: &crate::meter::Meter,
) -> Result<Optimised, String> {
    let began = Instant::now();
    let b = Board::new(level);
    let (mut pushes, mut n_moves) =
        pushes_of(&b, level, start, moves).ok_or("the moves given do not solve the level from its start")?;
    let mut best_moves = moves.to_vec();
    let mut better = false;
    let mut searched = None;
    let mut stopped = None;
    let mut expanded = 0;
    let stop = |held: usize| {
        if cancel.load(Ordering::Relaxed) {
            Some("cancelled".to_string())
        } else if began.elapsed() >= time {
            Some(format!("the time limit ({} s) stopped it", time.as_secs_f64()))
        } else if held >= max_states {
            Some(format!("the state limit ({max_states} positions) stopped it"))
        } else {
            None
        }
    };
    let mut step = 0;
    while step < SCHEDULE.len() {
        let (boxes, radius) = SCHEDULE[step];
        let v = Vicinity { b: &b, spine: spine(&b, start, &pushes), boxes, radius };
        let before = expanded;
        let r = round(&b, level, start, &v, (pushes.len(), n_moves), &stop, &mut expanded);
        progress.fetch_add(expanded - before, Ordering::Relaxed);
        match r {
            Round::Found(p) => {
                let mut w = Work::new(b.pos.len());
                let mv = walk_pushes(&b, start, &p, &mut w);
                // Replayed through the rules before it is kept.
                let (p2, m2) = pushes_of(&b, level, start, &mv).ok_or("the optimiser's solution does not replay")?;
                debug_assert_eq!(p2, p);
                pushes = p2;
                n_moves = m2;
                best_moves = mv;
                better = true;
                // The same vicinity again, around the better solution.
            }
            Round::Exhausted => {
                searched = Some((boxes, radius));
                step += 1;
            }
            Round::Stopped(why) => {
                stopped = Some(why);
                break;
            }
        }
    }
    Ok(Optimised { pushes: pushes.len(), moves: best_moves, better, searched, stopped, expanded })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meter::Meter;
    use crate::sokoban::xsb;

    fn level(text: &str) -> crate::sokoban::format::Maze {
        xsb::parse_any(text).unwrap().remove(0).maze
    }

    fn lurd(s: &str) -> Vec<Move> {
        s.chars().map(|c| xsb::lurd_move(c).unwrap()).collect()
    }

    #[test]
    fn a_detour_is_taken_out_and_the_result_replays() {
        // One box, one goal three cells to its right; the solution given pushes it right,
        // back left, and right again (5 pushes where 3 do).
        let maze = level("#########\n#@$   . #\n#       #\n#########\n");
        let given = lurd("RRdrruLdlluRRR");
        let (start, lv) = (&maze.start, &maze.level);
        let b = Board::new(lv);
        let (p, _) = pushes_of(&b, lv, start, &given).expect("the given solution solves it");
        assert_eq!((p.len(), given.len()), (6, 14));
        let r = optimise(lv, start, &given, Duration::from_secs(10), 1 << 20, &AtomicBool::new(false), &Meter::new())
            .unwrap();
        assert!(r.better);
        assert_eq!((r.pushes, r.moves.len()), (4, 4), "{:?}", r.moves);
        assert!(lv.is_solved(&lv.replay(start, &r.moves).unwrap()));
        assert_eq!(r.stopped, None);
        assert_eq!(r.searched, Some(*SCHEDULE.last().unwrap()));
    }

    #[test]
    fn an_optimal_solution_stays_and_a_cancel_is_said() {
        let maze = level("#######\n#@$ . #\n#######\n");
        let given = lurd("RR");
        let (start, lv) = (&maze.start, &maze.level);
        let r = optimise(lv, start, &given, Duration::from_secs(10), 1 << 20, &AtomicBool::new(false), &Meter::new())
            .unwrap();
        assert!(!r.better);
        assert_eq!(r.moves, given);
        let r = optimise(lv, start, &given, Duration::from_secs(10), 1 << 20, &AtomicBool::new(true), &Meter::new())
            .unwrap();
        assert_eq!(r.stopped.as_deref(), Some("cancelled"));
        assert!(
            optimise(lv, start, &lurd("R"), Duration::from_secs(1), 10, &AtomicBool::new(false), &Meter::new())
                .is_err()
        );
    }
}
