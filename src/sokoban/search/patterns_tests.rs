//! The patterns' tests: each shape proven dead by a search of its own, and the placed
//! patterns checked against breadth-first search on levels that hold them.

use super::*;
use crate::sokoban::search::board::cells;
use crate::sokoban::search::board::splitmix;
use crate::sokoban::search::tests::fewest_pushes;
use crate::sokoban::search::tests::parsed;
use crate::sokoban::search::tests::walled;
use std::collections::HashSet;
use std::collections::VecDeque;

/// Whether no sequence of pushes gets the boxes of `p` onto goals in the most generous level
/// that holds it: the shape with a ring of floor round it, every `?` and ring cell floor and a
/// goal, a box that reaches a goal taken off the level (it is done, and gone it is in nobody's
/// way), the player starting in any floor region that is not all pocket. A real level holding
/// the shape has more walls, more boxes and fewer goals, and the player reaches no pocket cell,
/// so each of its solutions, its pushes of the shape's boxes until each first stands on a goal,
/// is a solution here (a walk outside the shape goes round the ring instead); none here, none
/// there.
fn relaxed_dead(p: &Shape) -> bool {
    let (h, w) = (p.len() + 2, p[0].len() + 2);
    let mut wall = vec![false; h * w];
    let mut goal = vec![true; h * w];
    let mut pocket = vec![false; h * w];
    let mut boxes = Vec::new();
    for (i, row) in p.iter().enumerate() {
        for (j, &ch) in row.iter().enumerate() {
            let x = (i + 1) * w + j + 1;
            match ch {
                b'#' => wall[x] = true,
                b'$' => {
                    goal[x] = false;
                    boxes.push(x);
                }
                b' ' => {
                    goal[x] = false;
                    pocket[x] = true;
                }
                b'?' => {}
                _ => panic!("unknown pattern cell"),
            }
        }
    }
    let next = |x: usize, d: usize| -> Option<usize> {
        let (r, c) = (x / w, x % w);
        match d {
            0 if c > 0 => Some(x - 1),
            1 if r > 0 => Some(x - w),
            2 if c + 1 < w => Some(x + 1),
            3 if r + 1 < h => Some(x + w),
            _ => None,
        }
    };
    let region = |boxes: &[usize], from: usize| -> Vec<bool> {
        let mut seen = vec![false; h * w];
        let mut queue = vec![from];
        seen[from] = true;
        while let Some(x) = queue.pop() {
            for d in 0..4 {
                if let Some(y) = next(x, d)
                    && !wall[y]
                    && !boxes.contains(&y)
                    && !seen[y]
                {
                    seen[y] = true;
                    queue.push(y);
                }
            }
        }
        seen
    };
    let key = |boxes: &[usize], seen: &[bool]| (boxes.to_vec(), seen.iter().position(|&s| s).unwrap_or(0));
    // The starts: one cell of each floor region that is not all pocket.
    let mut starts = Vec::new();
    let mut covered = vec![false; h * w];
    for x in 0..h * w {
        if wall[x] || boxes.contains(&x) || covered[x] {
            continue;
        }
        let seen = region(&boxes, x);
        (0..h * w).filter(|&y| seen[y]).for_each(|y| covered[y] = true);
        if (0..h * w).any(|y| seen[y] && !pocket[y]) {
            starts.push(x);
        }
    }
    let mut visited = HashSet::new();
    let mut queue = VecDeque::new();
    for &s in &starts {
        let seen = region(&boxes, s);
        if visited.insert(key(&boxes, &seen)) {
            queue.push_back((boxes.clone(), s));
        }
    }
    while let Some((bs, player)) = queue.pop_front() {
        if bs.is_empty() {
            return false;
        }
        let seen = region(&bs, player);
        for (i, &x) in bs.iter().enumerate() {
            for d in 0..4 {
                let (Some(from), Some(to)) = (next(x, (d + 2) % 4), next(x, d)) else { continue };
                if !seen[from] || wall[to] || bs.contains(&to) {
                    continue;
                }
                let mut nb = bs.clone();
                nb.remove(i);
                if !goal[to] {
                    nb.push(to);
                    nb.sort_unstable();
                }
                let after = region(&nb, x);
                if visited.insert(key(&nb, &after)) {
                    queue.push_back((nb, x));
                }
            }
        }
    }
    true
}

#[test]
fn every_shape_turned_and_mirrored_is_dead() {
    let all = variants();
    // 16 shapes, each in up to 8 forms, the symmetric ones fewer: 116 (counted by hand-written
    // turns and mirrors outside this code).
    assert_eq!(all.len(), 116);
    for p in &all {
        assert!(
            relaxed_dead(p),
            "not proven dead: {:?}",
            p.iter().map(|r| String::from_utf8_lossy(r)).collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_relaxed_search_is_not_blind_open_pockets_live() {
    // Each shape with one wall of it taken away (floor, open to the ring) or one box taken
    // away is no longer closed: the search must find those that can be solved, so it is not
    // calling everything dead.
    let mut alive = 0;
    for s in SHAPES {
        let p: Shape = s.iter().map(|r| r.as_bytes().to_vec()).collect();
        for (i, row) in p.iter().enumerate() {
            for (j, &ch) in row.iter().enumerate() {
                if ch == b'$' {
                    let mut q = p.clone();
                    q[i][j] = b'?';
                    alive += usize::from(!relaxed_dead(&q));
                }
            }
        }
    }
    assert!(alive > 10, "{alive}");
    // A box alone in the open with a pocket beside it is not dead.
    assert!(!relaxed_dead(&vec![b"?$ ?".to_vec()]));
    // A box in a corner off its goal is.
    assert!(relaxed_dead(&vec![b"##".to_vec(), b"#$".to_vec()]));
}

/// A room holding the variant `p` at a random place, its `?` cells and a margin round it
/// drawn at random (floor or wall), as many goals as boxes on floor the shape leaves free,
/// and the player on a floor cell outside the pocket; as XSB.
fn room_with(p: &Shape, seed: &mut u64) -> String {
    let (h, w) = (p.len(), p[0].len());
    let (top, left) = (1 + (splitmix(seed) % 2) as usize, 1 + (splitmix(seed) % 2) as usize);
    let (rows, cols) = (h + top + 1 + (splitmix(seed) % 2) as usize, w + left + 1 + (splitmix(seed) % 2) as usize);
    let mut cell = vec![vec![' '; cols]; rows];
    let mut fixed = vec![vec![false; cols]; rows];
    for row in cell.iter_mut() {
        for c in row.iter_mut() {
            if splitmix(seed) % 100 < 20 {
                *c = '#';
            }
        }
    }
    let mut boxes = 0;
    for (i, row) in p.iter().enumerate() {
        for (j, &ch) in row.iter().enumerate() {
            let (r, c) = (top + i, left + j);
            if ch != b'?' {
                cell[r][c] = ch as char;
                fixed[r][c] = true;
                boxes += usize::from(ch == b'$');
            }
        }
    }
    let mut free: Vec<(usize, usize)> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .filter(|&(r, c)| cell[r][c] == ' ' && !fixed[r][c])
        .collect();
    for mark in std::iter::repeat_n('.', boxes).chain(['@']) {
        if free.is_empty() {
            break;
        }
        let i = (splitmix(seed) % free.len() as u64) as usize;
        let (r, c) = free.swap_remove(i);
        cell[r][c] = mark;
    }
    walled(cell)
}

#[test]
fn a_level_the_patterns_call_dead_has_no_solution_by_breadth_first_search() {
    // Every variant, placed in random rooms; where the pocket is out of the player's reach
    // (`Patterns::dead`), breadth-first search over every push, no pruning, finds no solution.
    let mut seed = 17u64;
    let all = variants();
    let mut fired = vec![0; all.len()];
    for (v, p) in all.iter().enumerate() {
        for _ in 0..12 {
            let text = room_with(p, &mut seed);
            let Some((maze, b, bits, player)) = parsed(&text) else { continue };
            let patterns = Patterns::new(&b);
            let mut pocket = Pocket::default();
            let dead = cells(&bits).any(|c| patterns.dead(&b, &bits, c, player, &mut pocket));
            if dead {
                fired[v] += 1;
                let truth = fewest_pushes(&maze.level, &maze.start, false);
                assert_eq!(truth, None, "called dead but solvable:\n{text}");
            }
        }
    }
    assert!(fired.iter().all(|&f| f > 0), "{fired:?}");
}

#[test]
fn the_pocket_must_be_out_of_the_players_reach() {
    // The last shape: a pocket of two cells closed by walls and two boxes. With the player
    // outside it is dead; with the player inside the pocket, or with a way into it, it is not
    // (the player pushes the boxes out).
    let closed = "#######\n##    #\n# $   #\n# $ @ #\n##..  #\n#######\n";
    let inside = "#######\n##    #\n#@$   #\n# $   #\n##..  #\n#######\n";
    for (text, want) in [(closed, true), (inside, false)] {
        let (maze, b, bits, player) = parsed(text).expect("a level");
        let patterns = Patterns::new(&b);
        let dead = cells(&bits).any(|c| patterns.dead(&b, &bits, c, player, &mut Pocket::default()));
        assert_eq!(dead, want, "{text}");
        let truth = fewest_pushes(&maze.level, &maze.start, false);
        assert_eq!(truth.is_none(), want, "{text}");
    }
}
