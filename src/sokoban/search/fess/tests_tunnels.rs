//! The stops inside a one-wide tunnel the macro moves leave out (`tunnels`): a hand-worked
//! level that needs a stop in a tunnel, and, on random rooms, every solvable position
//! keeping a move on a fewest-push solution (breadth-first search the judge).

use super::macros::macro_pushes;
use super::tests::board_of;
use super::tests::festival;
use super::tunnels::Tunnels;
use super::*;
use crate::sokoban::search::board::splitmix;
use std::collections::HashMap;

/// The kept macro moves at a position (the player's region from `player`).
fn moves_at(f: &mut Fess, b: &Board, w: &mut Work, bits: &[u64], player: u16) -> Vec<Macro> {
    w.reach(b, bits, player);
    let mut out = Vec::new();
    f.macros(b, w, bits, None, &mut out);
    out
}

fn after(bits: &[u64], m: &Macro) -> Vec<u64> {
    let mut child = bits.to_vec();
    clear(&mut child, m.from);
    set(&mut child, m.to);
    child
}

/// The doorway (3,3) holds box X, box Y above it must go down through it onto the far goal
/// (5,3), and X can leave it only into the tunnel (3,4)-(3,6) on its right (left, (3,2),
/// and the tunnel's far end (3,7) are dead corners). So every solution parks X in the
/// tunnel while Y goes down, then brings it back out from behind (the player walks round
/// over the top to (3,5)) and down onto (4,3). The stops kept are the tunnel's end cells
/// with the player beyond them ((3,4), just pushed in; (3,6), the player walking round to
/// (3,7)); the middle one is left out.
#[test]
fn a_box_parked_in_a_tunnel_stops_at_an_end_cell() {
    let text = "#########\n#  @    #\n## $### #\n## $    #\n###.#####\n###.#####\n#########\n";
    let (b, bits, player) = board_of(text);
    let at = |r: usize, c: usize| b.index[r * b.cols + c];
    let mut w = Work::new(b.pos.len());
    let mut f = festival(&b, &mut w, &bits, player);
    let stops = |moves: &[Macro]| {
        let mut s: Vec<(u16, u16)> = moves.iter().map(|m| (m.from, m.to)).collect();
        s.sort();
        s
    };
    let x = at(3, 3);
    let kept = std::mem::replace(&mut f.tunnels, Tunnels::none(b.pos.len()));
    let every = moves_at(&mut f, &b, &mut w, &bits, player);
    assert_eq!(stops(&every), vec![(x, at(3, 4)), (x, at(3, 5)), (x, at(3, 6))], "{text}");
    f.tunnels = kept;
    let first = moves_at(&mut f, &b, &mut w, &bits, player);
    assert_eq!(stops(&first), vec![(x, at(3, 4)), (x, at(3, 6))], "{text}");
    // X parked at (3,4), Y down to (5,3), X back out and down to (4,3): solved.
    let park = first.iter().find(|m| m.to == at(3, 4)).expect("parked");
    assert_eq!(park.player, x);
    let bits = after(&bits, park);
    let second = moves_at(&mut f, &b, &mut w, &bits, park.player);
    let down = second.iter().find(|m| m.from == at(2, 3) && m.to == at(5, 3)).expect("Y down");
    let bits = after(&bits, down);
    let third = moves_at(&mut f, &b, &mut w, &bits, down.player);
    let home = third.iter().find(|m| m.from == at(3, 4) && m.to == at(4, 3)).expect("X home");
    assert!(cells(&after(&bits, home)).all(|c| b.goal[c as usize]), "{text}");
}

/// A random room (as `random_room`) with one or two tunnels cut into it: a line of two or
/// three floor cells walled on both sides across it. Two to four boxes.
fn tunnel_room(seed: &mut u64) -> String {
    let mut next = || splitmix(seed);
    let rows = 4 + (next() % 4) as usize;
    let cols = 5 + (next() % 4) as usize;
    let mut cell = vec![vec![' '; cols]; rows];
    for row in cell.iter_mut() {
        for c in row.iter_mut() {
            if next() % 100 < 15 {
                *c = '#';
            }
        }
    }
    for _ in 0..1 + next() % 2 {
        let len = 2 + (next() % 2) as usize;
        let across = next() % 2 == 0;
        let (long, short) = if across { (cols, rows) } else { (rows, cols) };
        if long < len {
            continue;
        }
        let (line, first) = ((next() % short as u64) as usize, (next() % (long - len + 1) as u64) as usize);
        for i in first..first + len {
            let (r, c) = if across { (line, i) } else { (i, line) };
            cell[r][c] = ' ';
            for d in [-1isize, 1] {
                let (r2, c2) = if across { (r as isize + d, c as isize) } else { (r as isize, c as isize + d) };
                if r2 >= 0 && c2 >= 0 && (r2 as usize) < rows && (c2 as usize) < cols {
                    cell[r2 as usize][c2 as usize] = '#';
                }
            }
        }
    }
    let boxes = 2 + (next() % 3) as usize;
    let mut free: Vec<(usize, usize)> =
        (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).filter(|&(r, c)| cell[r][c] == ' ').collect();
    let mut pick = |free: &mut Vec<(usize, usize)>| {
        let i = (next() % free.len().max(1) as u64) as usize;
        (!free.is_empty()).then(|| free.swap_remove(i))
    };
    let mut goals = Vec::new();
    for _ in 0..boxes {
        goals.extend(pick(&mut free));
    }
    let mut all = free.clone();
    all.extend(goals.iter().copied());
    for _ in 0..boxes.min(goals.len()) {
        if let Some((r, c)) = pick(&mut all) {
            cell[r][c] = if goals.contains(&(r, c)) { '*' } else { '$' };
        }
    }
    for &(r, c) in &goals {
        if cell[r][c] == ' ' {
            cell[r][c] = '.';
        }
    }
    if let Some((r, c)) = pick(&mut all) {
        cell[r][c] = if cell[r][c] == '.' { '+' } else { '@' };
    }
    let wall = "#".repeat(cols + 2);
    let mut out = format!("{wall}\n");
    for row in cell {
        out.push('#');
        out.extend(row);
        out.push_str("#\n");
    }
    out + &wall + "\n"
}

/// A room's positions reachable from its start (each its boxes and the least cell of the
/// player's region) and each one's fewest pushes to solved (breadth-first search over single
/// pushes, no pruning; `None`: unsolvable); `None` for more than `cap` positions.
#[allow(clippy::type_complexity)]
fn fewest_to_solved(
    b: &Board,
    w: &mut Work,
    bits: &[u64],
    player: u16,
    cap: usize,
) -> Option<(Vec<(Vec<u64>, u16)>, Vec<Option<usize>>)> {
    let mut index: HashMap<(Vec<u64>, u16), usize> = HashMap::new();
    let mut states = vec![(bits.to_vec(), w.region_min(b, bits, player))];
    index.insert(states[0].clone(), 0);
    let mut into: Vec<Vec<usize>> = vec![Vec::new()];
    let mut i = 0;
    while i < states.len() {
        let (here, key) = states[i].clone();
        w.reach(b, &here, key);
        let boxes: Vec<u16> = cells(&here).collect();
        for bc in boxes {
            for k in 0..4 {
                let (to, behind) = (b.next[bc as usize][k], b.next[bc as usize][(k + 2) % 4]);
                if to == NONE || behind == NONE || has(&here, to) || !w.reached(behind) {
                    continue;
                }
                let mut child = here.clone();
                clear(&mut child, bc);
                set(&mut child, to);
                let ck = w.region_min(b, &child, bc);
                let j = *index.entry((child.clone(), ck)).or_insert_with(|| {
                    states.push((child, ck));
                    into.push(Vec::new());
                    states.len() - 1
                });
                into[j].push(i);
                w.reach(b, &here, key);
            }
        }
        if states.len() > cap {
            return None;
        }
        i += 1;
    }
    let mut dist = vec![None; states.len()];
    let mut queue = std::collections::VecDeque::new();
    for (j, (s, _)) in states.iter().enumerate() {
        if cells(s).all(|c| b.goal[c as usize]) {
            dist[j] = Some(0);
            queue.push_back(j);
        }
    }
    while let Some(j) = queue.pop_front() {
        for &p in &into[j] {
            if dist[p].is_none() {
                dist[p] = dist[j].map(|d| d + 1);
                queue.push_back(p);
            }
        }
    }
    Some((states, dist))
}

/// At every position of random rooms with tunnels (`tunnel_room`) that breadth-first search solves and that has no
/// PI-corral (where a corral restricts the moves the rule is not used), some macro move kept
/// lies on a fewest-push solution: its own fewest pushes and the fewest from where it leads
/// add up to the position's (the claim the `tunnels` comment proves). Every run counts here,
/// plan cells or not, and the positions include boxes standing anywhere in a tunnel.
#[test]
fn every_solvable_position_keeps_a_move_on_a_fewest_push_solution() {
    let (mut positions, mut dropping, mut rooms) = (0, 0, 0);
    let mut seed = 83u64;
    let texts: Vec<String> = (0..8000).map(|_| tunnel_room(&mut seed)).collect();
    for text in texts {
        let rows: Vec<&str> = text.lines().collect();
        let Ok(maze) = crate::sokoban::xsb::parse_board(&rows, 1) else { continue };
        let b = Board::new(&maze.level);
        let mut bits = vec![0u64; b.words];
        for &p in &maze.start.boxes {
            set(&mut bits, b.cell(p));
        }
        let player = b.cell(maze.start.player);
        let mut w = Work::new(b.pos.len());
        let Some((states, dist)) = fewest_to_solved(&b, &mut w, &bits, player, 4000) else { continue };
        rooms += 1;
        let index: HashMap<&(Vec<u64>, u16), usize> = states.iter().enumerate().map(|(i, s)| (s, i)).collect();
        let mut f = festival(&b, &mut w, &bits, player);
        let mut only = Vec::new();
        for (s, d) in states.iter().zip(&dist) {
            let (here, key) = (&s.0, s.1);
            let Some(d) = *d else { continue };
            w.reach(&b, here, key);
            if d == 0 || w.pi_corral(&b, here, &mut only) {
                continue;
            }
            f.tunnels = Tunnels::none(b.pos.len());
            let every = moves_at(&mut f, &b, &mut w, here, key).len();
            f.tunnels = Tunnels::new(&b, &[]);
            let kept = moves_at(&mut f, &b, &mut w, here, key);
            positions += 1;
            dropping += usize::from(kept.len() < every);
            let on_best = kept.iter().any(|m| {
                let pushes = macro_pushes(&b, &mut w, here, key, *m).len();
                let child = after(here, m);
                let ck = w.region_min(&b, &child, m.player);
                pushes <= d && dist[index[&(child, ck)]] == Some(d - pushes)
            });
            assert!(on_best, "{d} pushes, boxes {:?}, player {key}:\n{text}", cells(here).collect::<Vec<_>>());
        }
    }
    eprintln!("{rooms} rooms, {positions} positions, {dropping} with a stop left out");
    assert!(rooms > 7000 && positions > 30_000 && dropping > 2000, "{rooms} {positions} {dropping}");
}
