//! Each level's library, kept in the progress store: every solution found for it (by the
//! player, the solver, the optimiser or a file, with its moves, pushes and when), snapshots
//! (an unfinished game kept under a name) and statistics (time spent, attempts, the day it
//! was first solved). As JSoko and Sokoban YASC keep them: a player comes back to a level and
//! finds every solution they had, and where they stopped.
//!
//! The types save files carry are [`crate::save::library`]'s; this module adds the counts the
//! list shows and the store's lines.

pub use crate::save::library::{Finder, Found, Snapshot};

/// A count and its word, singular for one: "1 move", "13 pushes", "2 boxes".
pub fn counted(n: usize, word: &str) -> String {
    match (n, word) {
        (1, w) => format!("1 {w}"),
        (n, w @ ("push" | "box")) => format!("{n} {w}es"),
        (n, w) => format!("{n} {w}s"),
    }
}

/// A snapshot's or a game's length: "1 move", "13 moves".
pub fn moves_said(n: usize) -> String {
    counted(n, "move")
}

/// How many solutions a level keeps: past it the worst (by pushes, then moves) that is
/// neither the best by pushes nor the best by moves goes.
pub const MAX_SOLUTIONS: usize = 100;
/// How many snapshots a level keeps (the oldest goes).
pub const MAX_SNAPSHOTS: usize = 50;

/// A solution with its counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub found: Found,
    pub moves: usize,
    /// In games that count them.
    pub pushes: Option<usize>,
}

impl Kept {
    /// The order solutions are ranked by pushes: pushes, then moves.
    fn by_pushes(&self) -> (usize, usize) {
        (self.pushes.unwrap_or(self.moves), self.moves)
    }
    /// By moves: moves, then pushes.
    fn by_moves(&self) -> (usize, usize) {
        (self.moves, self.pushes.unwrap_or(0))
    }
}

/// A snapshot with its move count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snap {
    pub snapshot: Snapshot,
    pub moves: usize,
}

/// Time spent on a level, attempts, and when it was first solved by the player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Seconds the level was on screen with the player at it (idle minutes not counted).
    pub seconds: u64,
    /// Attempts: a first move from the level's start (after opening it, or after a restart).
    pub attempts: u32,
    /// When the player first solved it (seconds since 1970).
    pub solved_on: Option<u64>,
}

impl Stats {
    pub fn is_empty(&self) -> bool {
        *self == Stats::default()
    }

    /// "12 min, 3 attempts, solved 2026-12-05"
    pub fn text(&self) -> String {
        let t = self.seconds;
        let time = if t < 60 {
            format!("{t} s")
        } else if t < 3600 {
            format!("{} min", t / 60)
        } else {
            format!("{} h {} min", t / 3600, t / 60 % 60)
        };
        let attempts = match self.attempts {
            1 => "1 attempt".to_string(),
            n => format!("{n} attempts"),
        };
        match self.solved_on {
            Some(d) => format!("{time} played, {attempts}, first solved {}", &crate::save::library::shown(d)[..10]),
            None => format!("{time} played, {attempts}, not solved yet"),
        }
    }
}

/// A level's library.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Library {
    /// Oldest first.
    pub solutions: Vec<Kept>,
    /// Oldest first.
    pub snapshots: Vec<Snap>,
    pub stats: Stats,
}

impl Library {
    /// Adds a solution unless the same moves are there already (then the older entry stays);
    /// returns whether it was added.
    pub fn add(&mut self, k: Kept) -> bool {
        if self.solutions.iter().any(|s| s.found.line == k.found.line) {
            return false;
        }
        self.solutions.push(k);
        while self.solutions.len() > MAX_SOLUTIONS {
            let keep = [self.best_by_pushes(), self.best_by_moves()];
            let worst = (0..self.solutions.len())
                .filter(|i| !keep.contains(&Some(*i)))
                .max_by_key(|&i| (self.solutions[i].by_pushes(), std::cmp::Reverse(i)));
            match worst {
                Some(i) => self.solutions.remove(i),
                None => break,
            };
        }
        true
    }

    pub fn add_snapshot(&mut self, s: Snap) {
        self.snapshots.push(s);
        let over = self.snapshots.len().saturating_sub(MAX_SNAPSHOTS);
        self.snapshots.drain(..over);
    }

    /// The solution with the fewest pushes (then moves; the oldest of equals).
    pub fn best_by_pushes(&self) -> Option<usize> {
        (0..self.solutions.len()).min_by_key(|&i| (self.solutions[i].by_pushes(), i))
    }

    /// The solution with the fewest moves (then pushes; the oldest of equals).
    pub fn best_by_moves(&self) -> Option<usize> {
        (0..self.solutions.len()).min_by_key(|&i| (self.solutions[i].by_moves(), i))
    }

    pub fn is_empty(&self) -> bool {
        self.solutions.is_empty() && self.snapshots.is_empty() && self.stats.is_empty()
    }

    /// The store's lines for this library (`ids`: the level's game, content and pack fields,
    /// tab-separated, as the store writes them after the line's word).
    pub fn store_lines(&self, game: &str, content: &str, pack: &str) -> Vec<String> {
        let mut out = Vec::new();
        for k in &self.solutions {
            let pushes = k.pushes.map_or("-".to_string(), |p| p.to_string());
            out.push(format!(
                "found\t{game}\t{content}\t{}\t{}\t{}\t{pushes}\t{}\t{pack}",
                k.found.by.word(),
                k.found.when,
                k.moves,
                clean(&k.found.line)
            ));
        }
        for s in &self.snapshots {
            out.push(format!(
                "snapshot\t{game}\t{content}\t{}\t{}\t{}\t{}\t{pack}",
                s.snapshot.when,
                s.moves,
                clean(&s.snapshot.name),
                clean(&s.snapshot.line)
            ));
        }
        if !self.stats.is_empty() {
            let st = self.stats;
            let solved = st.solved_on.map_or("-".to_string(), |d| d.to_string());
            out.push(format!("stats\t{game}\t{content}\t{}\t{}\t{solved}\t{pack}", st.seconds, st.attempts));
        }
        out
    }

    /// Reads one of [`Library::store_lines`]' lines' fields after the game and content (the
    /// pack cut off): `None` when they are damaged.
    pub fn read_line(&mut self, word: &str, f: &[&str]) -> Option<()> {
        let num = |s: &str| s.parse::<u64>().ok();
        match (word, f) {
            ("found", [by, when, moves, pushes, line]) => {
                let pushes = if *pushes == "-" { None } else { Some(num(pushes)? as usize) };
                let found =
                    Found { line: line.to_string(), by: Finder::from_word(by)?, when: num(when)?, file_line: 0 };
                self.solutions.push(Kept { found, moves: num(moves)? as usize, pushes });
            }
            ("snapshot", [when, moves, name, line]) => {
                let snapshot = Snapshot {
                    name: crate::save::library::clean_name(name),
                    line: line.to_string(),
                    when: num(when)?,
                    file_line: 0,
                };
                self.snapshots.push(Snap { snapshot, moves: num(moves)? as usize });
            }
            ("stats", [seconds, attempts, solved]) => {
                let solved_on = if *solved == "-" { None } else { Some(num(solved)?) };
                self.stats = Stats { seconds: num(seconds)?, attempts: attempts.parse().ok()?, solved_on };
            }
            _ => return None,
        }
        Some(())
    }
}

fn clean(s: &str) -> String {
    s.chars().map(|c| if c == '\t' || c.is_control() { ' ' } else { c }).collect()
}

/// A Sokoban level and its library as a SOK file (the format Sokoban YASC and JSoko read):
/// the level as XSB with its title, then each solution and snapshot as a titled game of LURD
/// moves (`Solution …` titles, which those programs import as solutions).
pub fn sok_text(level_xsb: &str, lib: &Library) -> String {
    let mut out = level_xsb.trim_end().to_string();
    out.push('\n');
    for (i, k) in lib.solutions.iter().enumerate() {
        let mut notes = vec![k.found.by.said().to_string(), crate::save::library::shown(k.found.when)];
        if lib.best_by_pushes() == Some(i) {
            notes.push("best by pushes".into());
        }
        if lib.best_by_moves() == Some(i) {
            notes.push("best by moves".into());
        }
        let counts = match k.pushes {
            Some(p) => format!("{p}/{}", k.moves),
            None => k.moves.to_string(),
        };
        out.push_str(&format!("\nSolution {counts}\nComment: {}\n{}\n", notes.join(", "), k.found.line));
    }
    for s in &lib.snapshots {
        out.push_str(&format!(
            "\nSnapshot {}\nComment: {} moves, {}\n{}\n",
            s.snapshot.name,
            s.moves,
            crate::save::library::shown(s.snapshot.when),
            s.snapshot.line
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(line: &str, moves: usize, pushes: usize, when: u64) -> Kept {
        Kept { found: Found { line: line.into(), by: Finder::Player, when, file_line: 0 }, moves, pushes: Some(pushes) }
    }

    #[test]
    fn bests_by_pushes_and_by_moves_and_the_cap_keeps_them() {
        let mut lib = Library::default();
        assert!(lib.add(kept("a", 30, 10, 1)));
        assert!(lib.add(kept("b", 20, 12, 2)));
        assert!(!lib.add(kept("a", 30, 10, 3)), "the same moves twice");
        assert!(lib.add(kept("c", 30, 10, 4)));
        assert_eq!((lib.best_by_pushes(), lib.best_by_moves()), (Some(0), Some(1)));
        for i in 0..MAX_SOLUTIONS + 5 {
            lib.add(kept(&format!("x{i}"), 100 + i, 50 + i, 10));
        }
        assert_eq!(lib.solutions.len(), MAX_SOLUTIONS);
        assert_eq!(lib.solutions[lib.best_by_pushes().unwrap()].found.line, "a");
        assert_eq!(lib.solutions[lib.best_by_moves().unwrap()].found.line, "b");
        // The worst went first.
        assert!(!lib.solutions.iter().any(|k| k.found.line == format!("x{}", MAX_SOLUTIONS + 4)));
    }

    #[test]
    fn store_lines_read_back() {
        let mut lib = Library::default();
        lib.add(kept("uuLL", 4, 2, 1_796_432_400));
        lib.add(Kept { pushes: None, ..kept("(A,0,1,R) (B,1,3,L)", 2, 0, 5) });
        lib.add_snapshot(Snap {
            snapshot: Snapshot { name: "half\tway".into(), line: "uu".into(), when: 7, file_line: 0 },
            moves: 2,
        });
        lib.stats = Stats { seconds: 125, attempts: 3, solved_on: Some(1_796_432_400) };
        let mut back = Library::default();
        for l in lib.store_lines("sokoban", "00ab", "Built-in") {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!((f[1], f[2], *f.last().unwrap()), ("sokoban", "00ab", "Built-in"));
            back.read_line(f[0], &f[3..f.len() - 1]).unwrap();
        }
        assert_eq!(back.solutions, lib.solutions);
        assert_eq!(back.snapshots[0].snapshot.name, "half way");
        assert_eq!(back.stats, lib.stats);
        assert_eq!(lib.stats.text(), "2 min played, 3 attempts, first solved 2026-12-05");
        assert!(Library::default().read_line("found", &["robot", "1", "2", "-", "x"]).is_none());
    }

    #[test]
    fn the_sok_text_titles_each_solution() {
        let mut lib = Library::default();
        lib.add(kept("uuLL", 4, 2, 1_796_432_400));
        let text = sok_text("Title: One\n#####\n#@$.#\n#####\n", &lib);
        assert_eq!(
            text,
            "Title: One\n#####\n#@$.#\n#####\n\nSolution 2/4\nComment: you, 2026-12-05 01:00 UTC, best by pushes, best by moves\nuuLL\n"
        );
    }
}
