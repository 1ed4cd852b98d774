//! Small deadlock patterns: a pocket of free cells that are no goals and that the player
//! cannot reach, closed by walls and by boxes off their goals, in one of a few shapes where
//! no box of the pattern can ever reach a goal. The list is Festival's (Yaron Shoham's
//! Festival 3.1 checks the same sixteen shapes, each turned and mirrored, after every push);
//! each shape is proven dead here by an exhaustive search of a relaxed level (`relaxed_dead`
//! in the tests), so pruning a move that makes one loses no solution.
//!
//! The patterns are drawn as Sokoban text: `#` a wall, `$` a box off its goal, ` ` a free
//! cell, no goal, that the player cannot reach, `?` anything.

use super::board::Board;
use super::board::NONE;
use super::board::has;
use super::board::next_stamp;

/// The shapes (before turning and mirroring).
pub(super) const SHAPES: [&[&str]; 16] = [
    &["#$?", "# $", "# $", "?##"],
    &["?$$?", "$  #", "$##?"],
    &["?$$?", "$  #", "###?"],
    &["##?", "$ #", "$ #", "$$?"],
    &["?#??", "# $?", "#  $", "?###"],
    &["?#??", "# $?", "#  $", "?##$"],
    &["####", "$  $", "?$#?"],
    &["?#$#", "#  $", "#  $", "?###"],
    &["?#?", "$ $", "# #", "$$?"],
    &["?#??", "# $#", "#  $", "?##?"],
    &["#$$?", "# $?", "#  #", "#$$?"],
    &["?$##", "#  $", "?$$#"],
    &["#$$?", "#  #", "#$$?"],
    &["$##?", "$  #", "$ $#", "?$$?"],
    &["#$?", "# $", "# $", "#$?"],
    &["?#?", "# $", "# $", "?#?"],
];

/// A shape as rows of bytes.
pub(super) type Shape = Vec<Vec<u8>>;

/// Every shape of `SHAPES` in each of its eight turnings and mirrorings, each once.
pub(super) fn variants() -> Vec<Shape> {
    let mut out: Vec<Shape> = Vec::new();
    for s in SHAPES {
        let mut p: Shape = s.iter().map(|r| r.as_bytes().to_vec()).collect();
        for flip in 0..2 {
            if flip == 1 {
                p.iter_mut().for_each(|r| r.reverse());
            }
            for _ in 0..4 {
                if !out.contains(&p) {
                    out.push(p.clone());
                }
                p = turn(&p);
            }
        }
    }
    out
}

/// `p` turned a quarter clockwise.
fn turn(p: &Shape) -> Shape {
    let (rows, cols) = (p.len(), p[0].len());
    (0..cols).map(|c| (0..rows).rev().map(|r| p[r][c]).collect()).collect()
}

/// One place where a pattern fits a level's walls: the cells that must hold boxes and the
/// pocket's cells, which must be free and out of the player's reach.
struct Placement {
    boxes: Vec<u16>,
    pocket: Vec<u16>,
}

/// The patterns placed on a level, made once: a pattern is placed where its walls are walls
/// and its boxes' and pocket's cells are floor that is no goal.
pub(super) struct Patterns {
    placements: Vec<Placement>,
    /// Per cell, the placements that hold a box there.
    at: Vec<Vec<u32>>,
}

/// Scratch for `Patterns::dead`'s flood of a pocket.
#[derive(Default)]
pub(super) struct Pocket {
    mark: Vec<u32>,
    stamp: u32,
    queue: Vec<u16>,
}

impl Patterns {
    pub(super) fn new(b: &Board) -> Patterns {
        let n = b.pos.len();
        let rows = b.rows();
        let cell = |r: isize, c: isize| b.at(r, c).unwrap_or(NONE);
        let mut placements = Vec::new();
        let mut at = vec![Vec::new(); n];
        for p in variants() {
            let (h, wd) = (p.len() as isize, p[0].len() as isize);
            for top in -h..rows as isize {
                'place: for left in -wd..b.cols as isize {
                    let mut pl = Placement { boxes: Vec::new(), pocket: Vec::new() };
                    for (i, row) in p.iter().enumerate() {
                        for (j, &ch) in row.iter().enumerate() {
                            let x = cell(top + i as isize, left + j as isize);
                            match ch {
                                b'#' if x != NONE => continue 'place,
                                b'$' | b' ' if x == NONE || b.goal[x as usize] => continue 'place,
                                b'$' => pl.boxes.push(x),
                                b' ' => pl.pocket.push(x),
                                _ => {}
                            }
                        }
                    }
                    for &x in &pl.boxes {
                        at[x as usize].push(placements.len() as u32);
                    }
                    placements.push(pl);
                }
            }
        }
        Patterns { placements, at }
    }

    /// Whether the boxes `boxes`, the player at `player`, fill a pattern holding a box at
    /// `c`: its boxes in place, its pocket free and out of the player's reach.
    pub(super) fn dead(&self, b: &Board, boxes: &[u64], c: u16, player: u16, scratch: &mut Pocket) -> bool {
        let s = scratch;
        if s.mark.len() != b.pos.len() {
            s.mark = vec![0; b.pos.len()];
        }
        for &i in &self.at[c as usize] {
            let pl = &self.placements[i as usize];
            if !pl.boxes.iter().all(|&x| has(boxes, x)) || pl.pocket.iter().any(|&x| has(boxes, x)) {
                continue;
            }
            // The pocket's cells and what they reach, until the player is found.
            let st = next_stamp(&mut s.stamp, &mut s.mark);
            s.queue.clear();
            for &x in &pl.pocket {
                s.mark[x as usize] = st;
                s.queue.push(x);
            }
            let mut reached = false;
            let mut k = 0;
            while k < s.queue.len() && !reached {
                let x = s.queue[k];
                k += 1;
                for &y in &b.next[x as usize] {
                    if y == NONE || has(boxes, y) || s.mark[y as usize] == st {
                        continue;
                    }
                    if y == player {
                        reached = true;
                        break;
                    }
                    s.mark[y as usize] = st;
                    s.queue.push(y);
                }
            }
            if !reached && !pl.pocket.contains(&player) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
#[path = "patterns_tests.rs"]
mod tests;
