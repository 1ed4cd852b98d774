//! What the store keeps, as values: per level (game, pack, content hash) the player's bests,
//! whether the solver showed it, its library (every solution found, snapshots, statistics) and
//! its kept game; beside them the settings, each game's pack and last level, and the recent
//! files. [`Progress`] is all of it in memory; [`Change`] is one change to it, and
//! [`Progress::apply`] the one place a change is merged: the window's cache, the database's
//! rows (read, changed, written back in one transaction) and an imported file all go through
//! it, so two writers and an import merge the same way.

use crate::games::GameKind;
#[cfg(test)]
use crate::save::library::Finder;
use crate::save::library::{Found, Snapshot};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// How many recent files are kept.
pub const RECENT: usize = 10;
/// How many levels' kept games are kept (the oldest goes).
pub const KEPT_GAMES: usize = 200;
/// How many solutions a level keeps: past it the worst (by pushes, then moves) that is
/// neither the best by pushes nor the best by moves goes.
pub const MAX_SOLUTIONS: usize = 100;
/// How many snapshots a level keeps (the oldest goes).
pub const MAX_SNAPSHOTS: usize = 50;

/// Which level: the game, the pack it was opened from, and its content.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LevelKey {
    pub game: GameKind,
    pub pack: String,
    /// FNV-1a of the level's text ([`content_hash`]).
    pub content: u64,
}

impl LevelKey {
    /// The key as the store keeps it: the pack's name without tabs or control characters (the
    /// text formats separate fields by tabs and lines).
    pub fn normal(&self) -> LevelKey {
        if self.pack.chars().any(|c| c == '\t' || c.is_control()) {
            LevelKey { pack: clean(&self.pack), ..self.clone() }
        } else {
            self.clone()
        }
    }
}

/// FNV-1a, 64 bits: a stable hash of a level's text (the same on every machine and run).
pub fn content_hash(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A field as the store keeps it: tabs and control characters become spaces.
pub fn clean(s: &str) -> String {
    s.chars().map(|c| if c == '\t' || c.is_control() { ' ' } else { c }).collect()
}

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

/// A level's library: every solution found, snapshots, statistics.
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

    /// Adds a snapshot unless one with the same name, moves and time is there (a change
    /// merged twice is merged once); returns whether it was added.
    pub fn add_snapshot(&mut self, s: Snap) -> bool {
        let same = |x: &Snap| {
            x.snapshot.name == s.snapshot.name
                && x.snapshot.line == s.snapshot.line
                && x.snapshot.when == s.snapshot.when
        };
        if self.snapshots.iter().any(same) {
            return false;
        }
        // Oldest first, whatever order two writers added them in.
        let at = self.snapshots.iter().position(|x| x.snapshot.when > s.snapshot.when).unwrap_or(self.snapshots.len());
        self.snapshots.insert(at, s);
        let over = self.snapshots.len().saturating_sub(MAX_SNAPSHOTS);
        self.snapshots.drain(..over);
        true
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
}

/// What happened to a level.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    /// The fewest moves the player solved it in.
    pub best: Option<usize>,
    /// Those moves, as one line in the game's notation (what Paste and `--moves` read); absent
    /// for a best stored before solutions were kept.
    pub solution: Option<String>,
    /// The solver played a solution of it to the end (that is not the player's solve).
    pub shown: bool,
    /// Pushing boxes: the player's solve with the fewest pushes (then moves): its pushes,
    /// moves and moves line. Kept beside the best by moves, as Sokoban players rank both.
    pub pushes: Option<(usize, usize, String)>,
    /// Every solution found, snapshots and statistics.
    pub library: Library,
}

impl Record {
    pub fn is_empty(&self) -> bool {
        *self == Record::default()
    }

    /// Merges a change about this level; returns whether anything changed.
    pub fn apply(&mut self, change: &LevelChange) -> bool {
        match change {
            LevelChange::Solved { moves, line } => {
                let shorter = self.best.is_none_or(|b| *moves < b);
                let fills = self.best == Some(*moves) && self.solution.is_none() && line.is_some();
                if shorter || fills {
                    self.best = Some(*moves);
                    self.solution = line.as_deref().map(clean);
                }
                shorter || fills
            }
            LevelChange::Pushes { pushes, moves, line } => {
                let fewer = self.pushes.as_ref().is_none_or(|(p, m, _)| (*pushes, *moves) < (*p, *m));
                if fewer {
                    self.pushes = Some((*pushes, *moves, clean(line)));
                }
                fewer
            }
            LevelChange::Shown => !std::mem::replace(&mut self.shown, true),
            LevelChange::Found(k) => {
                let k =
                    Kept { found: Found { line: clean(&k.found.line), file_line: 0, ..k.found.clone() }, ..k.clone() };
                self.library.add(k)
            }
            LevelChange::Unfound { line } => {
                let before = self.library.solutions.len();
                self.library.solutions.retain(|k| k.found.line != *line);
                self.library.solutions.len() != before
            }
            LevelChange::Snap(s) => {
                let snapshot = Snapshot {
                    name: crate::save::library::clean_name(&s.snapshot.name),
                    line: clean(&s.snapshot.line),
                    file_line: 0,
                    ..s.snapshot.clone()
                };
                self.library.add_snapshot(Snap { snapshot, moves: s.moves })
            }
            LevelChange::Unsnap { name, line, when } => {
                let before = self.library.snapshots.len();
                self.library
                    .snapshots
                    .retain(|s| !(s.snapshot.name == *name && s.snapshot.line == *line && s.snapshot.when == *when));
                self.library.snapshots.len() != before
            }
            LevelChange::Played { seconds, attempts, solved_on } => {
                let st = &mut self.library.stats;
                let before = *st;
                st.seconds = st.seconds.saturating_add(*seconds);
                st.attempts = st.attempts.saturating_add(*attempts);
                st.solved_on = match (st.solved_on, solved_on) {
                    (Some(a), Some(b)) => Some(a.min(*b)),
                    (a, b) => a.or(*b),
                };
                *st != before
            }
            LevelChange::AtLeast(s) => {
                let st = &mut self.library.stats;
                let before = *st;
                st.seconds = st.seconds.max(s.seconds);
                st.attempts = st.attempts.max(s.attempts);
                st.solved_on = match (st.solved_on, s.solved_on) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                *st != before
            }
        }
    }

    /// The changes that merge this record into another: what an import applies.
    pub fn changes(&self) -> Vec<LevelChange> {
        let mut out = Vec::new();
        if let Some(best) = self.best {
            out.push(LevelChange::Solved { moves: best, line: self.solution.clone() });
        }
        if self.shown {
            out.push(LevelChange::Shown);
        }
        if let Some((p, m, line)) = &self.pushes {
            out.push(LevelChange::Pushes { pushes: *p, moves: *m, line: line.clone() });
        }
        out.extend(self.library.solutions.iter().cloned().map(LevelChange::Found));
        out.extend(self.library.snapshots.iter().cloned().map(LevelChange::Snap));
        if !self.library.stats.is_empty() {
            out.push(LevelChange::AtLeast(self.library.stats));
        }
        out
    }
}

/// A change to one level's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LevelChange {
    /// The player solved it in `moves` (`line`: those moves): kept when shorter than the best.
    Solved { moves: usize, line: Option<String> },
    /// The player solved a pushing-boxes level in so many pushes and moves: kept when fewer
    /// pushes (or as many in fewer moves).
    Pushes { pushes: usize, moves: usize, line: String },
    /// The solver showed a solution of it.
    Shown,
    /// A solution joins the library (unless its moves are there).
    Found(Kept),
    /// A solution leaves the library.
    Unfound { line: String },
    /// A snapshot joins the library.
    Snap(Snap),
    /// A snapshot leaves the library.
    Unsnap { name: String, line: String, when: u64 },
    /// Time spent and attempts made since the last change (added), and a first solve.
    Played { seconds: u64, attempts: u32, solved_on: Option<u64> },
    /// Statistics from elsewhere (an import): each count at least as big, the first solve the
    /// earlier, so importing a file twice counts nothing twice.
    AtLeast(Stats),
}

/// A settings the window keeps, by name.
pub const SETTINGS: [&str; 9] = ["speed", "instant", "dark", "numbers", "dead", "warn", "grid", "export", "game"];

/// One change to the player's data.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    Level(LevelKey, LevelChange),
    /// A level's last game (a save file's text), what Continue offers; `None`: forgotten.
    Keep(LevelKey, Option<String>),
    /// A setting (one of [`SETTINGS`]) and its value as text.
    Setting(&'static str, String),
    /// A game's pack is now this file (`None`: the built-in levels); a file joins the front
    /// of the recent files.
    Pack(GameKind, Option<PathBuf>),
    /// A file that can no longer be read leaves the recent files and the packs.
    Forget(PathBuf),
    /// The level a game was left on.
    Last(GameKind, usize),
}

impl Change {
    /// The level a change is about.
    pub fn level(&self) -> Option<&LevelKey> {
        match self {
            Change::Level(k, _) | Change::Keep(k, _) => Some(k),
            _ => None,
        }
    }
}

/// The player's data in memory.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Progress {
    pub levels: BTreeMap<LevelKey, Record>,
    /// Each level's last game (a save's text) and when it was kept (a number that grows:
    /// the newest [`KEPT_GAMES`] are kept).
    pub kept: BTreeMap<LevelKey, (u64, String)>,
    /// The settings by name ([`SETTINGS`]), as text.
    pub settings: BTreeMap<String, String>,
    /// The level each game was left on (its index in the game's pack).
    pub last: BTreeMap<GameKind, usize>,
    /// The file each game's pack came from (absent: the built-in levels).
    pub packs: BTreeMap<GameKind, PathBuf>,
    /// Level files opened, newest first.
    pub recent: Vec<(GameKind, PathBuf)>,
}

impl Progress {
    pub fn get(&self, key: &LevelKey) -> Option<&Record> {
        self.levels.get(&key.normal())
    }

    /// The best solution of a level, if its moves are kept.
    pub fn best_solution(&self, key: &LevelKey) -> Option<&str> {
        self.get(key)?.solution.as_deref()
    }

    /// A level's kept game.
    pub fn kept_game(&self, key: &LevelKey) -> Option<&str> {
        self.kept.get(&key.normal()).map(|(_, t)| t.as_str())
    }

    /// How many levels of a pack the player has solved.
    pub fn solved_in(&self, game: GameKind, pack: &str) -> usize {
        let pack = clean(pack);
        self.levels.iter().filter(|(k, r)| k.game == game && k.pack == pack && r.best.is_some()).count()
    }

    /// A setting's value, if set.
    pub fn setting(&self, name: &str) -> Option<&str> {
        self.settings.get(name).map(String::as_str)
    }

    /// A yes-or-no setting (`"1"`), `default` when unset.
    pub fn flag(&self, name: &str, default: bool) -> bool {
        self.setting(name).map_or(default, |v| v == "1")
    }

    /// The newest kept-game stamp, plus one: the next game kept is the newest.
    pub fn next_stamp(&self) -> u64 {
        self.kept.values().map(|(s, _)| *s).max().map_or(1, |s| s + 1)
    }

    /// Merges a change; returns whether anything changed.
    pub fn apply(&mut self, change: &Change) -> bool {
        match change {
            Change::Level(key, c) => {
                let key = key.normal();
                let r = self.levels.entry(key.clone()).or_default();
                let changed = r.apply(c);
                if r.is_empty() {
                    self.levels.remove(&key);
                }
                changed
            }
            Change::Keep(key, text) => {
                let key = key.normal();
                match text {
                    Some(t) => {
                        if self.kept.get(&key).is_some_and(|(_, old)| old == t) {
                            return false;
                        }
                        let stamp = self.next_stamp();
                        self.kept.insert(key, (stamp, t.clone()));
                        self.trim_kept();
                        true
                    }
                    None => self.kept.remove(&key).is_some(),
                }
            }
            Change::Setting(name, value) => {
                self.settings.insert(name.to_string(), value.clone()).as_ref() != Some(value)
            }
            Change::Pack(game, file) => match file {
                Some(f) => {
                    let before = (self.recent.clone(), self.packs.get(game).cloned());
                    self.recent.retain(|(g, p)| !(g == game && p == f));
                    self.recent.insert(0, (*game, f.clone()));
                    self.recent.truncate(RECENT);
                    self.packs.insert(*game, f.clone());
                    before != (self.recent.clone(), Some(f.clone()))
                }
                None => self.packs.remove(game).is_some(),
            },
            Change::Forget(file) => {
                let before = (self.recent.len(), self.packs.len());
                self.recent.retain(|(_, p)| p != file);
                self.packs.retain(|_, p| p != file);
                before != (self.recent.len(), self.packs.len())
            }
            Change::Last(game, i) => self.last.insert(*game, *i) != Some(*i),
        }
    }

    /// Keeps the newest [`KEPT_GAMES`] kept games; returns the levels whose games went.
    pub fn trim_kept(&mut self) -> Vec<LevelKey> {
        let mut gone = Vec::new();
        while self.kept.len() > KEPT_GAMES {
            let Some(oldest) = self.kept.iter().min_by_key(|(_, (s, _))| *s).map(|(k, _)| k.clone()) else { break };
            self.kept.remove(&oldest);
            gone.push(oldest);
        }
        gone
    }

    /// What merging `other` into this progress takes (an import): every level's record and
    /// the kept games of levels that have none here. Settings, packs and recent files are
    /// the machine's own and are not carried.
    pub fn changes_from(&self, other: &Progress) -> Vec<Change> {
        let mut out = Vec::new();
        for (k, r) in &other.levels {
            out.extend(r.changes().into_iter().map(|c| Change::Level(k.clone(), c)));
        }
        for (k, (_, text)) in &other.kept {
            if self.kept_game(k).is_none() {
                out.push(Change::Keep(k.clone(), Some(text.clone())));
            }
        }
        out
    }
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
    fn a_change_merged_twice_is_merged_once_and_bests_only_improve() {
        let k = LevelKey { game: GameKind::Sokoban, pack: "my\tmazes".into(), content: 7 };
        let mut p = Progress::default();
        let solved =
            |n: usize, l: &str| Change::Level(k.clone(), LevelChange::Solved { moves: n, line: Some(l.into()) });
        assert!(p.apply(&solved(7, "nnEEsss")));
        assert!(p.apply(&solved(5, "nnEEs")));
        assert!(!p.apply(&solved(6, "nnEEss")), "a longer solve is no best");
        assert!(!p.apply(&solved(5, "nnEEs")));
        assert_eq!(p.best_solution(&k), Some("nnEEs"));
        // The pack's tab is kept as a space, and the key with the tab still finds it.
        assert_eq!(p.levels.keys().next().unwrap().pack, "my mazes");
        let snap =
            Snap { snapshot: Snapshot { name: "half".into(), line: "nn".into(), when: 9, file_line: 0 }, moves: 2 };
        assert!(p.apply(&Change::Level(k.clone(), LevelChange::Snap(snap.clone()))));
        assert!(!p.apply(&Change::Level(k.clone(), LevelChange::Snap(snap))));
        let played = Change::Level(k.clone(), LevelChange::Played { seconds: 30, attempts: 1, solved_on: Some(50) });
        p.apply(&played);
        p.apply(&played);
        assert_eq!(p.get(&k).unwrap().library.stats, Stats { seconds: 60, attempts: 2, solved_on: Some(50) });
        // An import's statistics: at least as big, never added.
        let at_least =
            Change::Level(k.clone(), LevelChange::AtLeast(Stats { seconds: 40, attempts: 5, solved_on: Some(70) }));
        p.apply(&at_least);
        p.apply(&at_least);
        assert_eq!(p.get(&k).unwrap().library.stats, Stats { seconds: 60, attempts: 5, solved_on: Some(50) });
    }

    #[test]
    fn kept_games_keep_the_newest_two_hundred() {
        let mut p = Progress::default();
        for i in 0..KEPT_GAMES as u64 + 3 {
            let k = LevelKey { game: GameKind::Vexed, pack: "p".into(), content: i };
            p.apply(&Change::Keep(k, Some(format!("game {i}"))));
        }
        assert_eq!(p.kept.len(), KEPT_GAMES);
        assert!(p.kept_game(&LevelKey { game: GameKind::Vexed, pack: "p".into(), content: 2 }).is_none());
        assert!(p.kept_game(&LevelKey { game: GameKind::Vexed, pack: "p".into(), content: 3 }).is_some());
    }

    #[test]
    fn the_hash_is_stable() {
        // FNV-1a's published value for "a".
        assert_eq!(content_hash("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
