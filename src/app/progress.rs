//! What the window remembers between runs: per level, the player's best and whether the solver
//! showed a solution; the last game and level open, each game's pack and the recent files; the
//! speed, Instant, theme and cell-number settings. Levels are keyed
//! by game, pack and a hash of the level's own content, so two packs that reuse a title (the
//! built-in "Maze 1" and a file's "Maze 1", or the 126 Android titles that name more than one
//! board) never share progress.
//!
//! Stored as text, one fact a line (`tumblebox progress 3` first). A level's line keeps the
//! best solution itself (its moves in the game's notation), so it can be replayed, exported
//! and saved. Version 2 kept only the best's length: its lines are read as they are, and
//! [`Progress::adopt`] fills in the moves from a kept session that solved the level in that
//! many. Version 1 stored bests by title alone; those lines cannot be told apart and are
//! dropped when read.

use super::GameKind;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// How many recent files are kept.
pub const RECENT: usize = 10;

/// Which level: the game, the pack it was opened from, and its content.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LevelKey {
    pub game: GameKind,
    pub pack: String,
    /// FNV-1a of the level's text ([`content_hash`]).
    pub content: u64,
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
    /// Every solution found, snapshots and statistics ([`super::library`]).
    pub library: super::library::Library,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub levels: BTreeMap<LevelKey, Record>,
    /// The game shown last and its level (index in its pack).
    pub last: Option<(GameKind, usize)>,
    pub speed: f32,
    pub instant: bool,
    pub dark: bool,
    /// Show the shubbles box's cell numbers.
    pub numbers: bool,
    /// Mark Sokoban's dead squares.
    pub dead: bool,
    /// Say in the status bar when a move leaves a position that can no longer be solved.
    pub warn: bool,
    /// The level list as a grid of pictures.
    pub grid: bool,
    /// The export panel's settings, as [`crate::app::ExportPanel::settings_text`] writes them.
    pub export: String,
    /// The file each game's pack came from (absent: the built-in levels).
    pub packs: BTreeMap<GameKind, PathBuf>,
    /// Level files opened, newest first.
    pub recent: Vec<(GameKind, PathBuf)>,
    /// Changed since it was last stored.
    dirty: bool,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            levels: BTreeMap::new(),
            last: None,
            speed: 1.0,
            instant: false,
            dark: true,
            numbers: false,
            dead: false,
            warn: false,
            export: String::new(),
            grid: false,
            packs: BTreeMap::new(),
            recent: Vec::new(),
            dirty: false,
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

const HEADER: &str = "tumblebox progress 3";
const HEADER_2: &str = "tumblebox progress 2";

fn clean(s: &str) -> String {
    s.chars().map(|c| if c == '\t' || c.is_control() { ' ' } else { c }).collect()
}

/// A key as the store keeps it (a pack's name without tabs or control characters), when it
/// differs from `key`.
fn normal(key: &LevelKey) -> Option<LevelKey> {
    key.pack.chars().any(|c| c == '\t' || c.is_control()).then(|| LevelKey { pack: clean(&key.pack), ..key.clone() })
}

impl Progress {
    pub fn get(&self, key: &LevelKey) -> Option<&Record> {
        match normal(key) {
            Some(k) => self.levels.get(&k),
            None => self.levels.get(key),
        }
    }

    /// The player solved a level in `moves` (`solution`: those moves as one line). A shorter
    /// solve replaces the best; one as short fills in a best kept without its moves.
    pub fn record_solved(&mut self, key: LevelKey, moves: usize, solution: Option<String>) {
        let key = normal(&key).unwrap_or(key);
        let r = self.levels.entry(key).or_default();
        let shorter = r.best.is_none_or(|b| moves < b);
        if shorter || (r.best == Some(moves) && r.solution.is_none() && solution.is_some()) {
            r.best = Some(moves);
            r.solution = solution.map(|s| clean(&s));
            self.dirty = true;
        }
    }

    /// The player solved a pushing-boxes level in `pushes` pushes and `moves` moves: kept when
    /// fewer pushes (or as many in fewer moves) than the best by pushes so far.
    pub fn record_pushes(&mut self, key: LevelKey, pushes: usize, moves: usize, solution: String) {
        let key = normal(&key).unwrap_or(key);
        let r = self.levels.entry(key).or_default();
        if r.pushes.as_ref().is_none_or(|(p, m, _)| (pushes, moves) < (*p, *m)) {
            r.pushes = Some((pushes, moves, clean(&solution)));
            self.dirty = true;
        }
    }

    /// A level's library, to change (the store is then written).
    pub fn library_mut(&mut self, key: LevelKey) -> &mut super::library::Library {
        let key = normal(&key).unwrap_or(key);
        self.dirty = true;
        &mut self.levels.entry(key).or_default().library
    }

    /// The best solution of a level, if its moves are kept.
    pub fn best_solution(&self, key: &LevelKey) -> Option<&str> {
        self.get(key)?.solution.as_deref()
    }

    /// Migration: a kept session that solved a level by the player's own moves (`moves` of
    /// them, `solution` as one line) gives its best the moves a version 2 store lacked, or a
    /// best where there was none. Returns whether it was taken.
    pub fn adopt(&mut self, key: LevelKey, moves: usize, solution: String) -> bool {
        let before = self.get(&key).cloned();
        self.record_solved(key.clone(), moves, Some(solution));
        self.get(&key).cloned() != before
    }

    /// The solver showed a solution of a level.
    pub fn record_shown(&mut self, key: LevelKey) {
        let key = normal(&key).unwrap_or(key);
        let r = self.levels.entry(key).or_default();
        if !r.shown {
            r.shown = true;
            self.dirty = true;
        }
    }

    pub fn set_last(&mut self, game: GameKind, index: usize) {
        if self.last != Some((game, index)) {
            self.last = Some((game, index));
            self.dirty = true;
        }
    }

    /// The speed and Instant settings as the window has them now.
    pub fn set_settings(&mut self, speed: f32, instant: bool) {
        if self.speed != speed || self.instant != instant {
            self.speed = speed;
            self.instant = instant;
            self.dirty = true;
        }
    }

    pub fn set_dark(&mut self, dark: bool) {
        self.dirty |= self.dark != dark;
        self.dark = dark;
    }

    pub fn set_numbers(&mut self, on: bool) {
        self.dirty |= self.numbers != on;
        self.numbers = on;
    }

    pub fn set_export(&mut self, text: String) {
        if self.export != text {
            self.export = text;
            self.dirty = true;
        }
    }

    pub fn set_grid(&mut self, on: bool) {
        self.dirty |= self.grid != on;
        self.grid = on;
    }

    pub fn set_warn(&mut self, on: bool) {
        self.dirty |= self.warn != on;
        self.warn = on;
    }

    pub fn set_dead(&mut self, on: bool) {
        self.dirty |= self.dead != on;
        self.dead = on;
    }

    /// A game's pack is now `file` (`None`: the built-in levels); a file goes to the front of
    /// the recent list.
    pub fn set_pack(&mut self, game: GameKind, file: Option<PathBuf>) {
        match file {
            Some(f) => {
                self.recent.retain(|(g, p)| !(*g == game && *p == f));
                self.recent.insert(0, (game, f.clone()));
                self.recent.truncate(RECENT);
                self.packs.insert(game, f);
            }
            None => {
                self.packs.remove(&game);
            }
        }
        self.dirty = true;
    }

    /// Forgets a file that can no longer be read.
    pub fn forget_file(&mut self, file: &std::path::Path) {
        self.recent.retain(|(_, p)| p != file);
        self.packs.retain(|_, p| p != file);
        self.dirty = true;
    }

    /// Whether anything changed since the last call (then it should be stored).
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// How many levels of a pack the player has solved.
    pub fn solved_in(&self, game: GameKind, pack: &str) -> usize {
        let pack = clean(pack);
        self.levels.iter().filter(|(k, r)| k.game == game && k.pack == pack && r.best.is_some()).count()
    }

    pub fn to_text(&self) -> String {
        let mut out = vec![HEADER.to_string()];
        for (k, r) in &self.levels {
            let best = r.best.map_or("-".to_string(), |b| b.to_string());
            let solution = r.solution.as_deref().filter(|s| !s.is_empty() && *s != "-").unwrap_or("-");
            out.push(format!(
                "level\t{}\t{:016x}\t{best}\t{}\t{}\t{}",
                k.game.key(),
                k.content,
                r.shown as u8,
                clean(solution),
                clean(&k.pack)
            ));
            out.extend(r.library.store_lines(k.game.key(), &format!("{:016x}", k.content), &clean(&k.pack)));
            if let Some((p, m, s)) = &r.pushes {
                out.push(format!(
                    "pushes\t{}\t{:016x}\t{p}\t{m}\t{}\t{}",
                    k.game.key(),
                    k.content,
                    clean(s),
                    clean(&k.pack)
                ));
            }
        }
        if let Some((g, i)) = self.last {
            out.push(format!("last\t{}\t{i}", g.key()));
        }
        out.push(format!("speed\t{}", self.speed));
        out.push(format!("instant\t{}", self.instant as u8));
        out.push(format!("dark\t{}", self.dark as u8));
        out.push(format!("numbers\t{}", self.numbers as u8));
        out.push(format!("dead\t{}", self.dead as u8));
        out.push(format!("warn\t{}", self.warn as u8));
        out.push(format!("grid\t{}", self.grid as u8));
        if !self.export.is_empty() {
            out.push(format!("export\t{}", self.export));
        }
        for (g, p) in &self.packs {
            out.push(format!("pack\t{}\t{}", g.key(), clean(&p.to_string_lossy())));
        }
        for (g, p) in &self.recent {
            out.push(format!("recent\t{}\t{}", g.key(), clean(&p.to_string_lossy())));
        }
        out.join("\n")
    }

    /// Reads stored progress; a damaged store gives an error (the caller starts afresh).
    pub fn from_text(text: &str) -> Result<Progress, String> {
        let mut p = Progress::default();
        for (i, line) in text.lines().enumerate() {
            let f: Vec<&str> = line.split('\t').collect();
            let bad = || format!("saved progress is damaged at line {}; starting afresh", i + 1);
            let game = |g: &str| GameKind::from_key(g).ok_or_else(bad);
            match f.as_slice() {
                [h] if *h == HEADER || *h == HEADER_2 => {}
                ["level", g, content, best, shown, rest @ ..] if (1..=2).contains(&rest.len()) => {
                    // Version 3: the solution, then the pack; version 2: the pack alone.
                    let Some((pack, before)) = rest.split_last() else { return Err(bad()) };
                    let solution = before.first().filter(|s| **s != "-").map(|s| s.to_string());
                    let key = LevelKey {
                        game: game(g)?,
                        pack: pack.to_string(),
                        content: u64::from_str_radix(content, 16).map_err(|_| bad())?,
                    };
                    let best = match *best {
                        "-" => None,
                        b => Some(b.parse().map_err(|_| bad())?),
                    };
                    let shown = match *shown {
                        "0" => false,
                        "1" => true,
                        _ => return Err(bad()),
                    };
                    // A solution without a best is not kept (one that no longer replays is refused when used).
                    let solution = solution.filter(|_| best.is_some());
                    let r = p.levels.entry(key).or_default();
                    (r.best, r.solution, r.shown) = (best, solution, shown);
                }
                ["pushes", g, content, pushes, moves, solution, pack] => {
                    let key = LevelKey {
                        game: game(g)?,
                        pack: pack.to_string(),
                        content: u64::from_str_radix(content, 16).map_err(|_| bad())?,
                    };
                    let counts = (pushes.parse().map_err(|_| bad())?, moves.parse().map_err(|_| bad())?);
                    p.levels.entry(key).or_default().pushes = Some((counts.0, counts.1, solution.to_string()));
                }
                [word @ ("found" | "snapshot" | "stats"), g, content, fields @ .., pack] => {
                    let key = LevelKey {
                        game: game(g)?,
                        pack: pack.to_string(),
                        content: u64::from_str_radix(content, 16).map_err(|_| bad())?,
                    };
                    p.levels.entry(key).or_default().library.read_line(word, fields).ok_or_else(bad)?;
                }
                // Version 1: a best by title alone, which cannot be placed.
                ["best", g, n, _] => {
                    game(g)?;
                    n.parse::<usize>().map_err(|_| bad())?;
                }
                ["last", g, i] => p.last = Some((game(g)?, i.parse().map_err(|_| bad())?)),
                ["speed", v] => {
                    let v: f32 = v.parse().map_err(|_| bad())?;
                    if !(0.25..=4.0).contains(&v) {
                        return Err(bad());
                    }
                    p.speed = v;
                }
                ["instant", v] => p.instant = *v == "1",
                ["dark", v] => p.dark = *v == "1",
                ["numbers", v] => p.numbers = *v == "1",
                ["dead", v] => p.dead = *v == "1",
                ["warn", v] => p.warn = *v == "1",
                ["grid", v] => p.grid = *v == "1",
                ["export", v] => p.export = v.to_string(),
                ["pack", g, path] => {
                    p.packs.insert(game(g)?, PathBuf::from(path));
                }
                ["recent", g, path] => {
                    if p.recent.len() < RECENT {
                        p.recent.push((game(g)?, PathBuf::from(path)));
                    }
                }
                [""] => {}
                _ => return Err(bad()),
            }
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_old_lines() {
        let mut p = Progress::default();
        let k = LevelKey { game: GameKind::Sokoban, pack: "my\tmazes.in".into(), content: content_hash("1 3\nSBT\n") };
        p.record_solved(k.clone(), 5, Some("nnEE".into()));
        p.record_solved(k.clone(), 7, Some("nnEEsss".into()));
        p.record_shown(LevelKey { pack: "Built-in".into(), ..k.clone() });
        p.set_last(GameKind::Stacks, 3);
        p.set_settings(2.0, true);
        p.set_pack(GameKind::Vexed, Some(PathBuf::from("/levels/classic.txt")));
        p.set_dark(false);
        assert!(p.take_dirty());
        assert!(!p.take_dirty());
        let q = Progress::from_text(&p.to_text()).unwrap();
        assert_eq!(q.levels.len(), 2);
        assert_eq!(q.levels.values().filter_map(|r| r.best).collect::<Vec<_>>(), [5]);
        assert_eq!(q.best_solution(&k), Some("nnEE"));
        assert!(q.to_text().starts_with("tumblebox progress 3\n"));
        assert_eq!((q.last, q.speed, q.instant, q.dark), (Some((GameKind::Stacks, 3)), 2.0, true, false));
        assert_eq!(q.packs.get(&GameKind::Vexed), Some(&PathBuf::from("/levels/classic.txt")));
        assert_eq!(q.recent, p.recent);
        // A version 1 store: the bests by title are dropped, the last level kept.
        let old = Progress::from_text("best\tvexed\t4\tTumble 3\nlast\tsokoban\t2").unwrap();
        assert!(old.levels.is_empty());
        assert_eq!(old.last, Some((GameKind::Sokoban, 2)));
        assert!(Progress::from_text("level\tvexed\tzz\t1\t0\tp").is_err());
        assert!(Progress::from_text("speed\t99").is_err());
    }

    #[test]
    fn a_version_2_store_keeps_its_bests_and_takes_solutions_from_sessions() {
        let k = LevelKey { game: GameKind::Vexed, pack: "Built-in".into(), content: 0xabc };
        let v2 = "tumblebox progress 2\nlevel\tvexed\t0000000000000abc\t4\t0\tBuilt-in\nspeed\t1.5";
        let mut p = Progress::from_text(v2).unwrap();
        assert_eq!(p.get(&k).and_then(|r| r.best), Some(4));
        assert_eq!(p.best_solution(&k), None);
        // A kept session that solved it in more moves than the best is not the best.
        assert!(!p.adopt(k.clone(), 6, "a b c d e f".into()));
        assert_eq!(p.best_solution(&k), None);
        // One as short gives the best its moves; a shorter one replaces it.
        assert!(p.adopt(k.clone(), 4, "a b c d".into()));
        assert_eq!(p.best_solution(&k), Some("a b c d"));
        assert!(!p.adopt(k.clone(), 4, "d c b a".into()));
        p.record_solved(k.clone(), 3, Some("x y z".into()));
        assert_eq!((p.get(&k).and_then(|r| r.best), p.best_solution(&k)), (Some(3), Some("x y z")));
        let q = Progress::from_text(&p.to_text()).unwrap();
        assert_eq!(q.get(&k), p.get(&k));
        assert_eq!(q.speed, 1.5);
        // A line of neither length is damage.
        assert!(Progress::from_text("level\tvexed\t0abc\t4\t0\ta\tb\tc").is_err());
        assert!(Progress::from_text("level\tvexed\t0abc\t4\t0").is_err());
    }

    #[test]
    fn the_hash_is_stable() {
        // FNV-1a's published value for "a".
        assert_eq!(content_hash("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
