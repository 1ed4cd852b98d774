//! Each level's library as the window shows it: every solution found for it (by the player,
//! the solver, the optimiser or a file, with its moves, pushes and when), snapshots (an
//! unfinished game kept under a name) and statistics (time spent, attempts, the day it was
//! first solved). As JSoko and Sokoban YASC keep them: a player comes back to a level and
//! finds every solution they had, and where they stopped.
//!
//! The data is the store's ([`crate::store::records`]); this module adds the counts the list
//! shows and the SOK export.

pub use crate::save::library::{Finder, Found, Snapshot};
pub use crate::store::records::{Kept, Library, Snap, Stats};

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
    fn the_sok_text_titles_each_solution() {
        let mut lib = Library::default();
        lib.add(kept("uuLL", 4, 2, 1_796_432_400));
        let text = sok_text("Title: One\n#####\n#@$.#\n#####\n", &lib);
        assert_eq!(
            text,
            "Title: One\n#####\n#@$.#\n#####\n\nSolution 2/4\nComment: you, 2026-12-05 01:00 UTC, best by pushes, best by moves\nuuLL\n"
        );
        let st = Stats { seconds: 125, attempts: 3, solved_on: Some(1_796_432_400) };
        assert_eq!(st.text(), "2 min played, 3 attempts, first solved 2026-12-05");
    }
}
