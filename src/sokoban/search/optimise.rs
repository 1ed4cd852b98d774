//! The optimiser: from a solution, a search of its vicinity for one with fewer pushes (then
//! fewer moves), after Brian Damgaard's YASO "vicinity search". The positions the solution
//! passes through are the spine; a position is in the vicinity when, against some position of
//! the spine, at most `boxes` boxes stand elsewhere, each within `radius` cells (Manhattan)
//! of a box of that spine position that moved. In that restricted space an A* search on
//! (pushes, moves), the player's exact cell kept, finds the cheapest solution; the search is
//! repeated around each better solution, and the vicinity widened when none is found, until
//! the schedule ends, a limit (time, states, or the positions expanded: the fast search's
//! polish, [`polished`]) stops it, or it is cancelled.
//!
//! Nothing here claims optimality: a better solution is better, and "none found" says in
//! which vicinity.

use super::board::{Board, DIRS, INF, NONE, bits_hash, cells, clear, has, set, word_cells};
use super::limits::{Found, Limits, Outcome, Report};
use super::states::{EMPTY, States};
use super::walk::walk_pushes;
use super::work::Work;
use crate::clock::Instant;
use crate::sokoban::rules::{Level, Move, Position};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
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

/// The box sets the pushes pass through, the start's included, one after another
/// (`b.words` words each).
fn spine(b: &Board, start: &Position, pushes: &[Push]) -> Vec<u64> {
    let mut bits = vec![0u64; b.words];
    for &p in &start.boxes {
        set(&mut bits, b.cell(p));
    }
    let mut out = bits.clone();
    for &(bc, k) in pushes {
        clear(&mut bits, bc);
        set(&mut bits, b.next[bc as usize][k as usize]);
        out.extend_from_slice(&bits);
    }
    out
}

struct Vicinity<'a> {
    b: &'a Board,
    spine: Vec<u64>,
    /// The push from each position of the spine to the next: (the box's cell, its new cell).
    steps: Vec<(u16, u16)>,
    boxes: usize,
    radius: usize,
}

impl Vicinity<'_> {
    fn manhattan(&self, x: u16, y: u16) -> usize {
        let (p, q) = (self.b.pos[x as usize], self.b.pos[y as usize]);
        p.row.abs_diff(q.row) + p.col.abs_diff(q.col)
    }

    /// Whether the box set `s` is in the vicinity: against some position `c` of the spine, at
    /// most `boxes` of its boxes stand off `c`'s, each within `radius` of a box of `c` that
    /// is not in `s`. Allocates nothing: it is asked for every child of every position.
    fn contains(&self, s: &[u64]) -> bool {
        let words = s.len();
        let len = self.steps.len() + 1;
        let at = |j: usize| &self.spine[j * words..(j + 1) * words];
        let away_at = |j: usize| s.iter().zip(at(j)).map(|(a, b)| (a & !b).count_ones()).sum::<u32>() as usize;
        let mut j = 0;
        let mut away = away_at(0);
        loop {
            if away <= self.boxes && self.near(s, at(j)) {
                return true;
            }
            // Two positions of the spine one apart differ by one push, so `away` falls by at
            // most one a position: the next `away - boxes - 1` are out. A short way on is
            // followed push by push (two bit tests each), a longer one counted afresh.
            let next = j + away.saturating_sub(self.boxes).max(1);
            if next >= len {
                return false;
            }
            if next - j <= 4 {
                for &(from, to) in &self.steps[j..next] {
                    away = away + has(s, from) as usize - has(s, to) as usize;
                }
            } else {
                away = away_at(next);
            }
            j = next;
        }
    }

    /// Whether each box of `s` off `c` is within `radius` of a box of `c` off `s`.
    fn near(&self, s: &[u64], c: &[u64]) -> bool {
        off(s, c).all(|x| off(c, s).any(|y| self.manhattan(x, y) <= self.radius))
    }
}

/// The cells of `a` not in `b`.
fn off<'a>(a: &'a [u64], b: &'a [u64]) -> impl Iterator<Item = u16> + 'a {
    a.iter().zip(b).enumerate().flat_map(|(i, (x, y))| word_cells(i, x & !y))
}

enum Round {
    Found(Vec<Push>),
    Exhausted,
    Stopped(String),
}

/// One A* search of a vicinity: the cheapest solution by (pushes, moves), if cheaper than
/// `bound`. The estimate of the pushes left is the sum of each box's fewest pushes to any goal
/// (`least`, by cell): never more than the pushes left, and one push changes it by at most one, so the
/// first solved position taken from the queue is the cheapest, as in Dijkstra's search, after
/// far fewer positions. The positions are held as the fast search holds its own ([`States`]: one
/// arena, an open-addressing table); a position reached again more cheaply is updated in
/// place and queued again, the older queue entry skipped when it comes out.
fn round(
    b: &Board,
    start: &Position,
    v: &Vicinity<'_>,
    least: &[usize],
    bound: (usize, usize),
    stop: &dyn Fn(usize, usize) -> Option<String>,
    expanded: &mut usize,
) -> Round {
    let mut bits = vec![0u64; b.words];
    for &p in &start.boxes {
        set(&mut bits, b.cell(p));
    }
    let mut goal_bits = vec![0u64; b.words];
    for &c in &b.goals {
        set(&mut goal_bits, c);
    }
    let solved = |s: &[u64]| s.iter().zip(&goal_bits).all(|(a, g)| a & !g == 0);
    let bound = (bound.0.min(u16::MAX as usize), bound.1.min(u32::MAX as usize));
    let mut states = States::new(b.words);
    let player0 = b.cell(start.player);
    let hash0 = bits_hash(b, &bits) ^ b.player_key[player0 as usize];
    states.insert(&bits, player0, hash0, EMPTY, (0, 0), (0, 0));
    let h0: usize = cells(&bits).map(|c| least[c as usize]).sum();
    // (pushes + estimate, moves, pushes, position).
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((h0, 0usize, 0usize, 0u32)));
    let n = b.pos.len();
    let mut dist = vec![INF; n];
    let mut queue = VecDeque::new();
    let mut here = vec![0u64; b.words];
    let mut next = vec![0u64; b.words];
    while let Some(Reverse((f, m, p, id))) = heap.pop() {
        if (f, m) >= bound {
            return Round::Exhausted;
        }
        let s = id as usize;
        if (states.pushes[s] as usize, states.moves[s] as usize) < (p, m) {
            continue;
        }
        here.copy_from_slice(states.boxes_of(id));
        if solved(&here) {
            let mut out = Vec::new();
            let mut i = id;
            while states.parent[i as usize] != EMPTY {
                out.push(states.push[i as usize]);
                i = states.parent[i as usize];
            }
            out.reverse();
            return Round::Found(out);
        }
        *expanded += 1;
        if let Some(why) = stop(states.len(), *expanded) {
            return Round::Stopped(why);
        }
        let player = states.player[s];
        let box_hash = states.hash[s] ^ b.player_key[player as usize];
        // The player's walking distances, boxes in the way.
        dist.iter_mut().for_each(|d| *d = INF);
        dist[player as usize] = 0;
        queue.clear();
        queue.push_back(player);
        while let Some(c) = queue.pop_front() {
            for k in 0..4 {
                let t = b.next[c as usize][k];
                if t != NONE && dist[t as usize] == INF && !has(&here, t) {
                    dist[t as usize] = dist[c as usize] + 1;
                    queue.push_back(t);
                }
            }
        }
        for bc in cells(&here) {
            for k in 0..4 {
                let behind = b.next[bc as usize][(k + 2) % 4];
                let to = b.next[bc as usize][k];
                if behind == NONE || to == NONE || dist[behind as usize] == INF || has(&here, to) || b.dead[to as usize]
                {
                    continue;
                }
                let cost = (p + 1, m + dist[behind as usize] as usize + 1);
                let f = f + 1 + least[to as usize] - least[bc as usize];
                if (f, cost.1) >= bound {
                    continue;
                }
                next.copy_from_slice(&here);
                clear(&mut next, bc);
                set(&mut next, to);
                if !v.contains(&next) {
                    continue;
                }
                let hash = box_hash ^ b.zobrist[bc as usize] ^ b.zobrist[to as usize] ^ b.player_key[bc as usize];
                let held = states.find(&next, bc, hash);
                let at = match held {
                    Some(t) if (states.pushes[t as usize] as usize, states.moves[t as usize] as usize) <= cost => {
                        continue;
                    }
                    Some(t) => {
                        let t_ = t as usize;
                        states.pushes[t_] = cost.0 as u16;
                        states.moves[t_] = cost.1 as u32;
                        states.parent[t_] = id;
                        states.push[t_] = (bc, k as u8);
                        t
                    }
                    None => states.insert(&next, bc, hash, id, (bc, k as u8), (cost.0 as u16, cost.1 as u32)),
                };
                heap.push(Reverse((f, cost.1, cost.0, at)));
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
    optimise_within(level, start, moves, time, max_states, usize::MAX, cancel, progress)
}

/// [`optimise`], stopped too once it has expanded `max_expanded` positions over all rounds.
#[allow(clippy::too_many_arguments)]
fn optimise_within(
    level: &Level,
    start: &Position,
    moves: &[Move],
    time: Duration,
    max_states: usize,
    max_expanded: usize,
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
    // The clock is read at every position: on a level of hundreds of boxes one can take
    // milliseconds.
    let stop = |held: usize, expanded: usize| {
        if cancel.load(Ordering::Relaxed) {
            Some("cancelled".to_string())
        } else if began.elapsed() >= time {
            Some(format!("the time limit ({} s) stopped it", time.as_secs_f64()))
        } else if held >= max_states {
            Some(format!("the state limit ({max_states} positions) stopped it"))
        } else if expanded >= max_expanded {
            Some(format!("its share of the work ({max_expanded} positions expanded) stopped it"))
        } else {
            None
        }
    };
    let least: Vec<usize> =
        (0..b.pos.len()).map(|c| b.dist.iter().map(|d| d[c] as usize).min().unwrap_or(INF as usize)).collect();
    let mut step = 0;
    while step < SCHEDULE.len() {
        let (boxes, radius) = SCHEDULE[step];
        let steps = pushes.iter().map(|&(bc, k)| (bc, b.next[bc as usize][k as usize])).collect();
        let v = Vicinity { b: &b, spine: spine(&b, start, &pushes), steps, boxes, radius };
        let before = expanded;
        let r = round(&b, start, &v, &least, (pushes.len(), n_moves), &stop, &mut expanded);
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

/// The fast search's last step, in [`super::search`] and [`super::search_threads`]: a
/// solution not proven push-optimal is optimised for at most [`POLISH`] positions expanded,
/// inside what is left of the search's own time limit and under its state limit. A better
/// solution replaces the search's (replayed, as every one the optimiser keeps), and is proven
/// when its pushes meet the lower bound. A fixed amount of work, not a share of the time, so
/// the answer does not hang on the machine's load; but never more than a tenth of the time
/// the search took, or [`POLISH_TIME`] when that is longer, so that on a level of hundreds of
/// boxes (where one position can take milliseconds) it never holds the answer back long. The
/// longest measured: 5.3 ms on Microban, 12.3 ms on XSokoban.
pub(super) fn polished(
    level: &Level,
    start: &Position,
    mut report: Report,
    limits: Limits,
    cancel: &AtomicBool,
    progress: &crate::meter::Meter,
) -> Report {
    let Outcome::Solved(found) = &report.outcome else { return report };
    if found.proven {
        return report;
    }
    let began = Instant::now();
    let time = limits.time.saturating_sub(report.elapsed).min((report.elapsed / 10).max(POLISH_TIME));
    if let Ok(o) = optimise_within(level, start, &found.moves, time, limits.max_states, POLISH, cancel, progress) {
        report.expanded += o.expanded;
        if o.better {
            let proven = o.pushes == report.bound;
            report.outcome = Outcome::Solved(Found { moves: o.moves, pushes: o.pushes, proven });
        }
    }
    report.elapsed += began.elapsed();
    report
}

/// The positions the fast search's polish expands at most ([`polished`]); the figures behind
/// the choice are in docs/sokoban-solver.md.
pub const POLISH: usize = 1000;

/// The polish's time when a tenth of the search's is less ([`polished`]).
pub const POLISH_TIME: Duration = Duration::from_millis(50);

#[cfg(test)]
mod tests {
    use super::super::board::splitmix;
    use super::*;
    use crate::meter::Meter;
    use crate::sokoban::xsb;

    fn level(text: &str) -> crate::sokoban::format::Maze {
        xsb::parse_any(text).unwrap().remove(0).maze
    }

    fn lurd(s: &str) -> Vec<Move> {
        s.chars().map(|c| xsb::lurd_move(c).unwrap()).collect()
    }

    /// The vicinity test as first written (each position of the spine compared whole): the
    /// reference the faster one is held to.
    fn contains_plainly(v: &Vicinity<'_>, s: &[u64]) -> bool {
        v.spine.chunks_exact(s.len()).any(|c| {
            let off = |a: &[u64], b: &[u64]| {
                let bits: Vec<u64> = a.iter().zip(b).map(|(x, y)| x & !y).collect();
                cells(&bits).collect::<Vec<u16>>()
            };
            let (extra, moved) = (off(s, c), off(c, s));
            extra.len() <= v.boxes && extra.iter().all(|&x| moved.iter().any(|&y| v.manhattan(x, y) <= v.radius))
        })
    }

    #[test]
    fn the_vicinity_test_answers_as_the_plain_one_does() {
        let maze = level("##########\n#   .    #\n# $$ $ # #\n#. @  . ##\n# $  $   #\n##  . .  #\n##########\n");
        let (start, lv) = (&maze.start, &maze.level);
        let limits = Limits { time: Duration::from_secs(10), max_states: 1 << 20 };
        let r = super::super::run(
            lv,
            start,
            super::super::Mode::Fast,
            limits,
            &AtomicBool::new(false),
            &Meter::new(),
            &super::super::fess::PORTFOLIO,
        );
        let Outcome::Solved(f) = r.outcome else { panic!("{:?}", r.outcome) };
        let b = Board::new(lv);
        let (pushes, _) = pushes_of(&b, lv, start, &f.moves).unwrap();
        assert!(pushes.len() > 10);
        let steps: Vec<(u16, u16)> = pushes.iter().map(|&(bc, k)| (bc, b.next[bc as usize][k as usize])).collect();
        let floor: Vec<u16> = (0..b.pos.len() as u16).collect();
        let mut seed = 49u64;
        let (mut ins, mut outs) = (0, 0);
        for (boxes, radius) in SCHEDULE {
            let v = Vicinity { b: &b, spine: spine(&b, start, &pushes), steps: steps.clone(), boxes, radius };
            for _ in 0..3000 {
                // A position of the spine with up to five of its boxes moved anywhere free.
                let j = splitmix(&mut seed) as usize % (pushes.len() + 1);
                let mut s = v.spine[j * b.words..(j + 1) * b.words].to_vec();
                for _ in 0..splitmix(&mut seed) % 6 {
                    let from: Vec<u16> = cells(&s).collect();
                    let x = from[splitmix(&mut seed) as usize % from.len()];
                    let to = floor[splitmix(&mut seed) as usize % floor.len()];
                    if !has(&s, to) {
                        clear(&mut s, x);
                        set(&mut s, to);
                    }
                }
                let want = contains_plainly(&v, &s);
                assert_eq!(v.contains(&s), want, "{boxes} boxes, radius {radius}, spine position {j}");
                if want {
                    ins += 1;
                } else {
                    outs += 1;
                }
            }
        }
        assert!(ins > 3000 && outs > 3000, "{ins} in, {outs} out");
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
    fn the_fast_searchs_polish_shortens_a_detour_within_its_work_and_time() {
        let maze = level("#########\n#@$   . #\n#       #\n#########\n");
        let given = lurd("RRdrruLdlluRRR");
        let (start, lv) = (&maze.start, &maze.level);
        let never = AtomicBool::new(false);
        let found = |moves: Vec<Move>| {
            let pushes = moves.iter().filter(|m| m.push).count();
            Outcome::Solved(Found { moves, pushes, proven: false })
        };
        let report = |outcome, elapsed| Report { outcome, states: 10, expanded: 10, elapsed, bound: 4 };
        let limits = Limits { time: Duration::from_secs(10), max_states: 1 << 20 };
        // The detour taken out; 4 pushes meet the bound, so the answer is proven.
        let r = polished(lv, start, report(found(given.clone()), Duration::ZERO), limits, &never, &Meter::new());
        let Outcome::Solved(f) = &r.outcome else { panic!("{:?}", r.outcome) };
        assert_eq!((f.pushes, f.moves.len(), f.proven), (4, 4, true));
        assert!(lv.is_solved(&lv.replay(start, &f.moves).unwrap()));
        assert!(r.expanded > 10 && r.expanded <= 10 + POLISH);
        // No time left of the search's limit, a cancel, or an answer already proven or not
        // a solution: the report as it was.
        let spent = report(found(given.clone()), limits.time);
        assert_eq!(polished(lv, start, spent.clone(), limits, &never, &Meter::new()).outcome, spent.outcome);
        let cancelled = report(found(given.clone()), Duration::ZERO);
        let r = polished(lv, start, cancelled.clone(), limits, &AtomicBool::new(true), &Meter::new());
        assert_eq!((r.outcome, r.expanded), (cancelled.outcome, 11), "the one position taken, then the cancel seen");
        let proven = report(Outcome::Solved(Found { moves: lurd("RRRR"), pushes: 4, proven: true }), Duration::ZERO);
        assert_eq!(polished(lv, start, proven.clone(), limits, &never, &Meter::new()), proven);
        let stopped = report(Outcome::TimeLimit, Duration::ZERO);
        assert_eq!(polished(lv, start, stopped.clone(), limits, &never, &Meter::new()), stopped);
        // The work bound: one position expanded is not enough to find the shorter way, and
        // says what stopped it.
        let o = optimise_within(lv, start, &given, limits.time, 1 << 20, 1, &never, &Meter::new()).unwrap();
        assert!(!o.better);
        assert_eq!(o.expanded, 1);
        assert_eq!(o.stopped.as_deref(), Some("its share of the work (1 positions expanded) stopped it"));
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
