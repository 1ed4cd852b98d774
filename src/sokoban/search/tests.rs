//! The search's unit tests: pruning keeps the fewest pushes, the assignment against brute
//! force, corral barriers, the portfolio's schedule.

use super::assign::BIG;
use super::assign::Hungarian;
use super::board::DIRS;
use super::board::cells;
use super::board::clear;
use super::board::splitmix;
use super::*;
use crate::grid::Dir;
use std::time::Duration;

/// The smallest assignment by trying every permutation (small k only).
fn brute(cost: &[u16], k: usize) -> u16 {
    fn go(cost: &[u16], k: usize, row: usize, used: &mut Vec<bool>) -> i64 {
        if row == k {
            return 0;
        }
        let mut best = i64::MAX;
        for j in 0..k {
            if !used[j] {
                used[j] = true;
                let c = cost[row * k + j];
                let c = if c == INF { BIG } else { c as i64 };
                best = best.min(c + go(cost, k, row + 1, used));
                used[j] = false;
            }
        }
        best
    }
    let t = go(cost, k, 0, &mut vec![false; k]);
    if t >= BIG { INF } else { t as u16 }
}

/// The fewest pushes from `start` (None: no solution), breadth first over (boxes, player
/// region) with no pruning at all, or with PI-corral pruning alone.
pub(super) fn fewest_pushes(level: &Level, start: &Position, corrals: bool) -> Option<usize> {
    let b = Board::new(level);
    let mut w = Work::new(b.pos.len());
    let mut bits = vec![0u64; b.words];
    for &p in &start.boxes {
        set(&mut bits, b.cell(p));
    }
    let solved = |bits: &[u64]| cells(bits).all(|c| b.goal[c as usize]);
    if solved(&bits) {
        return Some(0);
    }
    let key = w.region_min(&b, &bits, b.cell(start.player));
    let mut seen = std::collections::HashSet::from([(bits.clone(), key)]);
    let mut layer = vec![(bits, key)];
    let mut only = Vec::new();
    for depth in 1.. {
        let mut next = Vec::new();
        for (here, key) in layer {
            w.reach(&b, &here, key);
            let pruned = corrals && w.pi_corral(&b, &here, &mut only);
            for bc in cells(&here).collect::<Vec<_>>() {
                for k in 0..4 {
                    let (to, behind) = (b.next[bc as usize][k], b.next[bc as usize][(k + 2) % 4]);
                    if to == NONE || behind == NONE || has(&here, to) || !w.reached(behind) {
                        continue;
                    }
                    if pruned && !only.contains(&(bc, k as u8)) {
                        continue;
                    }
                    let mut child = here.clone();
                    clear(&mut child, bc);
                    set(&mut child, to);
                    if solved(&child) {
                        return Some(depth);
                    }
                    let ck = w.region_min(&b, &child, bc);
                    if seen.insert((child.clone(), ck)) {
                        next.push((child, ck));
                    }
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        layer = next;
    }
    unreachable!()
}

/// A random walled room with a few boxes, goals and the player, as XSB.
pub(super) fn random_room(seed: &mut u64) -> String {
    let rows = 3 + (splitmix(seed) % 4) as usize;
    let cols = 4 + (splitmix(seed) % 4) as usize;
    let mut cell = vec![vec![' '; cols]; rows];
    for row in cell.iter_mut() {
        for c in row.iter_mut() {
            if splitmix(seed) % 100 < 18 {
                *c = '#';
            }
        }
    }
    let boxes = 1 + (splitmix(seed) % 4) as usize;
    // Sometimes a goal or two to spare.
    let spare = [0, 0, 0, 1, 2][(splitmix(seed) % 5) as usize];
    let mut free: Vec<(usize, usize)> =
        (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).filter(|&(r, c)| cell[r][c] == ' ').collect();
    let pick = |seed: &mut u64, free: &mut Vec<(usize, usize)>| {
        let i = (splitmix(seed) % free.len().max(1) as u64) as usize;
        (!free.is_empty()).then(|| free.swap_remove(i))
    };
    let mut goals = Vec::new();
    for _ in 0..boxes + spare {
        goals.extend(pick(seed, &mut free));
    }
    let mut all = free.clone();
    all.extend(goals.iter().copied());
    for _ in 0..boxes.min(goals.len()) {
        if let Some((r, c)) = pick(seed, &mut all) {
            cell[r][c] = if goals.contains(&(r, c)) { '*' } else { '$' };
        }
    }
    for &(r, c) in &goals {
        if cell[r][c] == ' ' {
            cell[r][c] = '.';
        }
    }
    if let Some((r, c)) = pick(seed, &mut all) {
        cell[r][c] = if cell[r][c] == '.' { '+' } else { '@' };
    }
    walled(cell)
}

/// `cell`'s rows as XSB with a wall all round.
pub(super) fn walled(cell: Vec<Vec<char>>) -> String {
    let wall = "#".repeat(cell.first().map_or(0, Vec::len) + 2);
    let mut out = format!("{wall}\n");
    for row in cell {
        out.push('#');
        out.extend(row);
        out.push_str("#\n");
    }
    out + &wall + "\n"
}

/// A level's text parsed, its board, its boxes and its player's cell (`None`: not a level).
pub(super) fn parsed(text: &str) -> Option<(crate::sokoban::format::Maze, Board, Vec<u64>, u16)> {
    let rows: Vec<&str> = text.lines().collect();
    let maze = crate::sokoban::xsb::parse_board(&rows, 1).ok()?;
    let b = Board::new(&maze.level);
    let mut bits = vec![0u64; b.words];
    for &p in &maze.start.boxes {
        set(&mut bits, b.cell(p));
    }
    let player = b.cell(maze.start.player);
    Some((maze, b, bits, player))
}

/// Every deadlock rule holds only of unsolvable positions, and PI-corral pruning keeps
/// the fewest pushes, on rooms where breadth-first search without pruning has the answer.
#[test]
fn pruning_keeps_the_fewest_pushes_and_deadlocks_are_unsolvable_on_random_rooms() {
    let mut seed = 11u64;
    let (mut rooms, mut dead, mut corral_dead, mut corral_pruned, mut spare_rooms) = (0, 0, 0, 0, 0);
    while rooms < 3000 {
        let text = random_room(&mut seed);
        let rows: Vec<&str> = text.lines().collect();
        let Ok(maze) = crate::sokoban::xsb::parse_board(&rows, 1) else { continue };
        let (level, start) = (&maze.level, &maze.start);
        rooms += 1;
        spare_rooms += usize::from(start.boxes.len() < level.goals.len());
        let truth = fewest_pushes(level, start, false);
        assert_eq!(fewest_pushes(level, start, true), truth, "{text}");
        let board = Board::new(level);
        let rule = board.deadlock(start);
        if let Some(why) = rule {
            dead += 1;
            corral_dead += usize::from(matches!(why, Deadlock::Corral(_)));
            assert_eq!(truth, None, "{why} but solvable:\n{text}");
        }
        let mut w = Work::new(board.pos.len());
        let mut bits = vec![0u64; board.words];
        for &p in &start.boxes {
            set(&mut bits, board.cell(p));
        }
        w.reach(&board, &bits, board.cell(start.player));
        let mut only = Vec::new();
        corral_pruned += usize::from(w.pi_corral(&board, &bits, &mut only) && !only.is_empty());
        let (cancel, progress) = (AtomicBool::new(false), crate::meter::Meter::new());
        let limits = Limits { time: Duration::from_secs(60), max_states: 1_000_000 };
        for mode in [Mode::Fast, Mode::Optimal] {
            let report = search(level, start, mode, limits, &cancel, &progress);
            match (&report.outcome, truth) {
                (Outcome::Solved(f), Some(n)) => {
                    assert!(f.pushes >= n, "{text}");
                    if mode == Mode::Optimal || f.proven {
                        assert_eq!(f.pushes, n, "{mode:?}:\n{text}");
                    }
                }
                (Outcome::Unsolvable, None) => {}
                (o, t) => panic!("{mode:?}: {o:?}, breadth first {t:?}:\n{text}"),
            }
        }
    }
    // The rules and the pruning were exercised.
    assert!(
        dead > 50 && corral_dead > 0 && corral_pruned > 20 && spare_rooms > 300,
        "{dead} {corral_dead} {corral_pruned} {spare_rooms}"
    );
}

/// A position where a box closes a diagonal round a free cell (`closed_diagonal`, Festival's
/// 3 × 3 test) has no solution, on rooms where breadth-first search without pruning has the
/// answer.
#[test]
fn boxes_closed_round_a_free_cell_are_dead_on_random_rooms() {
    let mut seed = 29u64;
    let (mut rooms, mut closed) = (0, 0);
    while rooms < 4000 {
        let text = random_room(&mut seed);
        let Some((maze, b, bits, player)) = parsed(&text) else { continue };
        rooms += 1;
        if cells(&bits).any(|c| crate::sokoban::search::freeze::closed_diagonal(&b, &bits, c, player)) {
            closed += 1;
            assert_eq!(fewest_pushes(&maze.level, &maze.start, false), None, "{text}");
        }
    }
    assert!(closed > 20, "{closed}");
}

/// Three boxes jammed round a dead corner (XSokoban 28's left side, made small): the box
/// under the corner's mouth can go up only once the box above it moves, and that one only
/// once it moves, so the corral (the corner) is never opened and nothing is finished. The
/// corral rule sees it once the box in the way joins the barrier; opening the corner to
/// the room makes it solvable, and the rule then says nothing. Breadth-first search with
/// no pruning is the judge.
#[test]
fn a_box_in_a_barrier_boxs_way_joins_the_barrier() {
    let dead = "########\n#.  .  #\n##$$# ##\n## $  .#\n### @  #\n########\n";
    let open = "########\n#.  .  #\n##$$# ##\n## $  .#\n##  @  #\n########\n";
    for (text, is_dead) in [(dead, true), (open, false)] {
        let rows: Vec<&str> = text.lines().collect();
        let maze = crate::sokoban::xsb::parse_board(&rows, 1).expect("a level");
        let board = Board::new(&maze.level);
        let truth = fewest_pushes(&maze.level, &maze.start, false);
        assert_eq!(truth.is_none(), is_dead, "{text}");
        let rule = board.deadlock(&maze.start);
        assert_eq!(rule.is_some(), is_dead, "{rule:?}\n{text}");
        if is_dead {
            assert!(matches!(rule, Some(Deadlock::Corral(_))), "{rule:?}");
        }
    }
}

/// A corral of two pockets (after Festival's corral growth): the box at row 2, column 2
/// (from 0) closes off the goal left of it (A) and the goal above it (B), and the player can
/// push it into either. A alone is no PI-corral (the push up goes out of it, into B), nor
/// is B alone (the push left goes into A), nor are all the pockets as one (the box under
/// the pocket at row 1, column 5 can be pushed along the corridor); A grown by B is one,
/// whose pushes are the box's two, left and up (worked by hand).
#[test]
fn a_corral_grows_by_the_pocket_its_pushes_go_into() {
    let text = "##########\n##.## ####\n#.$@ $ . #\n##     ###\n##########\n";
    let (board, w, found) = start_corral(text);
    let mut only = found.expect("a PI-corral");
    let cell = |row, col| board.cell(crate::grid::Pos::new(row, col));
    let dir = |d: Dir| DIRS.iter().position(|&x| x == d).expect("a direction") as u8;
    only.sort_unstable();
    let mut want = vec![(cell(2, 2), dir(Dir::Left)), (cell(2, 2), dir(Dir::Up))];
    want.sort_unstable();
    assert_eq!(only, want);
    let mut corral: Vec<u16> = w.corral_cells.clone();
    corral.sort_unstable();
    let mut pockets = vec![cell(2, 1), cell(1, 2)];
    pockets.sort_unstable();
    assert_eq!(corral, pockets);
}

/// The forward side is cut back only while it has packed nothing: after half a second
/// at the pace of a large level (10 000 moves in 0.6 s), after a whole one at the pace
/// of a small one (110 000 moves in 0.6 s, Microban 153's first box comes at about that).
#[test]
fn the_forward_side_is_cut_back_later_when_its_moves_are_cheap() {
    assert!(!fess_stalled(0, 1_000, 0.4));
    assert!(fess_stalled(0, 10_000, 0.6));
    assert!(!fess_stalled(0, 110_000, 0.6));
    assert!(!fess_stalled(0, 190_000, 0.99));
    assert!(fess_stalled(0, 250_000, 1.01));
    assert!(!fess_stalled(1, 10_000, 5.0));
}

#[test]
fn a_matching_decides_whether_the_assignment_is_finite() {
    // Some goal for every box, each goal once, by trying every injection.
    fn any(cost: &[u16], k: usize, m: usize, row: usize, used: &mut Vec<bool>) -> bool {
        if row == k {
            return true;
        }
        (0..m).any(|j| {
            if used[j] || cost[row * m + j] == INF {
                return false;
            }
            used[j] = true;
            let ok = any(cost, k, m, row + 1, used);
            used[j] = false;
            ok
        })
    }
    let mut seed = 11u64;
    let (mut yes, mut no) = (0, 0);
    let mut h = Hungarian::default();
    for round in 0..4000 {
        let k = 1 + (splitmix(&mut seed) % 6) as usize;
        let m = k + (splitmix(&mut seed) % 3) as usize;
        // Half the edges missing: about as many feasible as not.
        h.cost = (0..k * m).map(|_| if splitmix(&mut seed).is_multiple_of(2) { INF } else { 1 }).collect();
        let truth = any(&h.cost, k, m, 0, &mut vec![false; m]);
        assert_eq!(h.feasible(k, m), truth, "round {round}: k {k}, m {m}");
        let cost = h.cost.clone();
        let mut fresh = Hungarian { cost, ..Hungarian::default() };
        assert_eq!(fresh.solve(k, m) < INF, truth, "round {round}");
        if truth { yes += 1 } else { no += 1 }
    }
    assert!(yes > 500 && no > 500, "{yes} feasible, {no} not");
}

#[test]
fn the_incremental_assignment_equals_a_fresh_one_and_the_brute_force() {
    let mut seed = 7u64;
    for round in 0..3000 {
        let k = 1 + (splitmix(&mut seed) % 6) as usize;
        let pick = |seed: &mut u64| {
            let r = splitmix(seed) % 12;
            if r == 11 { INF } else { r as u16 }
        };
        let mut base = Hungarian { cost: (0..k * k).map(|_| pick(&mut seed)).collect(), ..Hungarian::default() };
        let full = base.solve(k, k);
        assert_eq!(full, brute(&base.cost, k), "round {round}");
        let row = (splitmix(&mut seed) % k as u64) as usize;
        let new: Vec<u16> = (0..k).map(|_| pick(&mut seed)).collect();
        let mut inc = Hungarian::default();
        let got = inc.reassign(&base, k, row, new.iter().copied());
        let mut fresh = Hungarian { cost: base.cost.clone(), ..Hungarian::default() };
        fresh.cost[row * k..(row + 1) * k].copy_from_slice(&new);
        assert_eq!(got, brute(&fresh.cost, k), "round {round}: k {k}, row {row}");
    }
}

/// The PI-corral `pi_corral` finds in `text`'s start (its pushes sorted, as (row, column)
/// from 0 and direction), after checking that pruning by it keeps the fewest pushes.
fn corral_of(text: &str) -> Option<Vec<((usize, usize), Dir)>> {
    let rows: Vec<&str> = text.lines().collect();
    let maze = crate::sokoban::xsb::parse_board(&rows, 1).expect("a level");
    assert_eq!(fewest_pushes(&maze.level, &maze.start, true), fewest_pushes(&maze.level, &maze.start, false), "{text}");
    let (board, _, found) = start_corral(text);
    let only = found?;
    let mut pushes: Vec<_> =
        only.iter().map(|&(c, k)| ((board.pos[c as usize].row, board.pos[c as usize].col), DIRS[k as usize])).collect();
    pushes.sort_unstable_by_key(|&(p, d)| (p, d as u8));
    Some(pushes)
}

/// XSokoban 39 after its first push, made small (worked by hand; rows and columns from 0):
/// the pocket at (4, 2) is closed off by the boxes at (3, 2) and (4, 3), the second on its
/// goal. The box at (3, 3) joins the barrier (the push of (3, 2) right waits for it), but
/// the box above it, (2, 3), does not: the push of (3, 3) up is blocked by (4, 3) from
/// below, a barrier box, whatever (2, 3) does. So the pushes of (2, 3) along row 2 do not
/// spoil the corral, and it is a PI-corral whose pushes are (3, 2) down and (4, 3) left.
/// Before, (2, 3) joined the barrier and its pushes kept the pocket from being one.
#[test]
fn a_box_in_the_way_of_a_push_a_barrier_box_blocks_stays_out_of_the_barrier() {
    let text = "#######\n#@ .. #\n#  $  #\n# $$  #\n##.*  #\n#######\n";
    assert_eq!(corral_of(text), Some(vec![((3, 2), Dir::Down), ((4, 3), Dir::Left)]));
}

/// A push that freezes a box off its goal does not spoil a corral (after Festival's
/// corral test; worked by hand): the box at (2, 3) closes off the goal below it, and its
/// pushes left and right put it beside a box frozen on its goal ((2, 1) and (2, 5), walls
/// left or right and below), with a wall below it: frozen off a goal. So the pocket is a
/// PI-corral whose one push is (2, 3) down. The cells (2, 2) and (2, 4) are not dead
/// squares (the walls alone leave a box there a way to the goal), so before, those pushes
/// kept it from being one.
#[test]
fn a_push_that_freezes_a_box_off_its_goal_does_not_spoil_a_corral() {
    let text = "#######\n#@    #\n#* $ *#\n###.###\n#######\n";
    assert_eq!(corral_of(text), Some(vec![((2, 3), Dir::Down)]));
    // With the box on the right free to move along its row, the push right spoils it.
    let open = "########\n#@     #\n#* $ * #\n###.####\n########\n";
    assert_eq!(corral_of(open), None);
}

/// `text`'s board, the scratch `pi_corral` left (its corral's cells), and the pushes of the
/// PI-corral it finds in the start (`None`: none).
fn start_corral(text: &str) -> (Board, Work, Option<Vec<(u16, u8)>>) {
    let rows: Vec<&str> = text.lines().collect();
    let maze = crate::sokoban::xsb::parse_board(&rows, 1).expect("a level");
    let board = Board::new(&maze.level);
    let mut w = Work::new(board.pos.len());
    let mut bits = vec![0u64; board.words];
    for &p in &maze.start.boxes {
        set(&mut bits, board.cell(p));
    }
    w.reach(&board, &bits, board.cell(maze.start.player));
    let mut only = Vec::new();
    let found = w.pi_corral(&board, &bits, &mut only).then_some(only);
    (board, w, found)
}
