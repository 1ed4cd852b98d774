//! The player's data as text: one fact a line, fields separated by tabs (`tumblebox progress
//! 4` first). What File › Export my progress and `tumblebox progress export` write and what
//! Import reads (docs/formats.md), a web page's records, and what earlier versions kept inside
//! eframe's store (versions 1 to 3, and the kept games as a JSON object), read for the import
//! at the first start.
//!
//! ```text
//! tumblebox progress 4
//! level    vexed  0f3a…  5  0  (a,0,0,R) (b,1,2,L)  Built-in
//! found    vexed  0f3a…  player  1796432400  5  -  (a,0,0,R) (b,1,2,L)  Built-in
//! kept     vexed  0f3a…  tumblebox save 1\ngame vexed\n…  Built-in
//! last     vexed  3
//! game     vexed
//! speed    1.5
//! ```

use super::records::{Change, Kept, LevelKey, Progress, Record, SETTINGS, Snap, Stats, clean};
use crate::error::ParseError;
use crate::games::GameKind;
use crate::save::library::{Finder, Found, Snapshot};
use std::path::PathBuf;

/// The first line of what this version writes.
pub const HEADER: &str = "tumblebox progress 4";
/// The newest version this one reads.
pub const VERSION: u32 = 4;

/// A level's id fields after a line's word: game and content (the pack is the line's last).
fn ids(k: &LevelKey) -> String {
    format!("{}\t{:016x}", k.game.key(), k.content)
}

/// A multi-line text (a kept game's save) as one field: `\\`, `\n`, `\r`, `\t` escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out
}

/// Undoes [`escape`]; `None` for an escape it does not write or a control character.
pub fn unescape(field: &str) -> Option<String> {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push(match chars.next()? {
                '\\' => '\\',
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                _ => return None,
            }),
            c if c.is_control() => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

/// A level's lines (its record, then its kept game when given).
pub fn level_lines(k: &LevelKey, r: &Record, kept: Option<&str>) -> Vec<String> {
    let (id, pack) = (ids(k), clean(&k.pack));
    let mut out = Vec::new();
    if r.best.is_some() || r.shown || (r.solution.is_some()) {
        let best = r.best.map_or("-".to_string(), |b| b.to_string());
        let solution = r.solution.as_deref().filter(|s| !s.is_empty() && *s != "-").unwrap_or("-");
        out.push(format!("level\t{id}\t{best}\t{}\t{}\t{pack}", r.shown as u8, clean(solution)));
    }
    if let Some((p, m, s)) = &r.pushes {
        out.push(format!("pushes\t{id}\t{p}\t{m}\t{}\t{pack}", clean(s)));
    }
    for k in &r.library.solutions {
        let pushes = k.pushes.map_or("-".to_string(), |p| p.to_string());
        out.push(format!(
            "found\t{id}\t{}\t{}\t{}\t{pushes}\t{}\t{pack}",
            k.found.by.word(),
            k.found.when,
            k.moves,
            clean(&k.found.line)
        ));
    }
    for s in &r.library.snapshots {
        out.push(format!(
            "snapshot\t{id}\t{}\t{}\t{}\t{}\t{pack}",
            s.snapshot.when,
            s.moves,
            clean(&s.snapshot.name),
            clean(&s.snapshot.line)
        ));
    }
    let st = r.library.stats;
    if !st.is_empty() {
        let solved = st.solved_on.map_or("-".to_string(), |d| d.to_string());
        out.push(format!("stats\t{id}\t{}\t{}\t{solved}\t{pack}", st.seconds, st.attempts));
    }
    if let Some(text) = kept {
        out.push(format!("kept\t{id}\t{}\t{pack}", escape(text)));
    }
    out
}

/// The whole progress as text.
pub fn write(p: &Progress) -> String {
    let mut out = vec![HEADER.to_string()];
    let keys: std::collections::BTreeSet<&LevelKey> = p.levels.keys().chain(p.kept.keys()).collect();
    let empty = Record::default();
    for k in keys {
        let r = p.levels.get(k).unwrap_or(&empty);
        out.extend(level_lines(k, r, p.kept.get(k).map(|(_, t)| t.as_str())));
    }
    for (g, i) in &p.last {
        out.push(format!("last\t{}\t{i}", g.key()));
    }
    for (name, value) in &p.settings {
        out.push(format!("{name}\t{}", clean(value)));
    }
    for (g, path) in &p.packs {
        out.push(format!("pack\t{}\t{}", g.key(), clean(&path.to_string_lossy())));
    }
    for (g, path) in &p.recent {
        out.push(format!("recent\t{}\t{}", g.key(), clean(&path.to_string_lossy())));
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// Reads a whole progress text (any version this one reads): the first line that is not
/// right is the error, naming its line and column.
pub fn read(text: &str) -> Result<Progress, ParseError> {
    let mut p = Progress::default();
    let mut reader = Reader::default();
    for (i, line) in text.lines().enumerate() {
        reader.line(&mut p, i + 1, line)?;
    }
    if reader.header.is_none() && !text.trim().is_empty() {
        return Err(ParseError::at(1, 1, format!("expected `{HEADER}` as the first line")));
    }
    Ok(p)
}

/// Reads lines of this version without a header (a web page's record).
pub fn read_records(text: &str) -> Result<Progress, ParseError> {
    let mut p = Progress::default();
    let mut reader = Reader { header: Some(VERSION) };
    for (i, line) in text.lines().enumerate() {
        reader.line(&mut p, i + 1, line)?;
    }
    Ok(p)
}

/// Reads what it can of a progress text kept by an earlier version, line by line: a damaged
/// line is left out and counted (the file itself is never changed). Returns the progress and
/// how many lines were left out.
pub fn read_lenient(text: &str) -> (Progress, usize) {
    let mut p = Progress::default();
    let mut reader = Reader { header: Some(3) };
    let mut skipped = 0;
    for (i, line) in text.lines().enumerate() {
        if reader.line(&mut p, i + 1, line).is_err() {
            skipped += 1;
        }
    }
    (p, skipped)
}

/// The kept games as earlier versions stored them: a JSON object from `game|pack|content` to
/// a save's text. Entries that cannot be placed are left out.
pub fn read_kept_json(text: &str, p: &mut Progress) -> usize {
    let Ok(serde_json::Value::Object(map)) = serde_json::from_str::<serde_json::Value>(text) else { return 0 };
    let mut n = 0;
    for (key, value) in map {
        let mut parts = key.splitn(3, '|');
        let (Some(game), Some(pack), Some(content)) = (parts.next(), parts.next(), parts.next()) else { continue };
        let (Some(game), Ok(content), Some(text)) =
            (GameKind::from_key(game), u64::from_str_radix(content, 16), value.as_str())
        else {
            continue;
        };
        p.apply(&Change::Keep(LevelKey { game, pack: pack.to_string(), content }, Some(text.to_string())));
        n += 1;
    }
    n
}

#[derive(Default)]
struct Reader {
    /// The version its header gave.
    header: Option<u32>,
}

/// Where each field of a tab-separated line starts (1-based columns, in characters).
fn columns(line: &str) -> Vec<usize> {
    let mut out = vec![1];
    for (i, c) in line.chars().enumerate() {
        if c == '\t' {
            out.push(i + 2);
        }
    }
    out
}

impl Reader {
    fn line(&mut self, p: &mut Progress, n: usize, line: &str) -> Result<(), ParseError> {
        let f: Vec<&str> = line.split('\t').collect();
        let col = columns(line);
        let at = |i: usize, what: &str| ParseError::at(n, col.get(i).copied().unwrap_or(1), what.to_string());
        if let Some(v) = f[0].strip_prefix("tumblebox progress ").filter(|_| f.len() == 1) {
            let v: u32 = v.parse().map_err(|_| at(0, "expected `tumblebox progress N`"))?;
            if v > VERSION {
                return Err(ParseError::at(
                    n,
                    1,
                    format!("written by a newer tumblebox (progress {v}; this one reads up to {VERSION})"),
                ));
            }
            self.header = Some(v);
            return Ok(());
        }
        if self.header.is_none() {
            return Err(ParseError::at(n, 1, format!("expected `{HEADER}` as the first line")));
        }
        let game = |i: usize| {
            GameKind::from_key(f[i]).ok_or_else(|| at(i, "expected a game: vexed, shubbles, sokoban or stacks"))
        };
        let num = |i: usize| f[i].parse::<u64>().map_err(|_| at(i, "expected a whole number"));
        let opt = |i: usize| if f[i] == "-" { Ok(None) } else { num(i).map(Some) };
        let key = |i: usize, pack: &str| -> Result<LevelKey, ParseError> {
            let content =
                u64::from_str_radix(f[i + 1], 16).map_err(|_| at(i + 1, "expected the level's hash (hexadecimal)"))?;
            Ok(LevelKey { game: game(i)?, pack: pack.to_string(), content })
        };
        let fields = |want: &[usize]| -> Result<(), ParseError> {
            if want.contains(&f.len()) {
                Ok(())
            } else {
                let last = col.last().copied().unwrap_or(1) + f.last().map_or(0, |s| s.chars().count());
                Err(ParseError::at(n, last, format!("expected {} tab-separated fields, found {}", want[0], f.len())))
            }
        };
        let flag = |i: usize| match f[i] {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(at(i, "expected 0 or 1")),
        };
        use crate::store::records::LevelChange as L;
        match f[0] {
            "level" => {
                // Version 3 and later: the solution, then the pack; version 2: the pack alone.
                fields(&[7, 6])?;
                let pack = f[f.len() - 1];
                let k = key(1, pack)?;
                let best = opt(3)?.map(|b| b as usize);
                let shown = flag(4)?;
                let line = (f.len() == 7 && f[5] != "-").then(|| f[5].to_string());
                if let Some(moves) = best {
                    p.apply(&Change::Level(k.clone(), L::Solved { moves, line }));
                }
                if shown {
                    p.apply(&Change::Level(k, L::Shown));
                }
            }
            "pushes" => {
                fields(&[7])?;
                let k = key(1, f[6])?;
                let (pushes, moves) = (num(3)? as usize, num(4)? as usize);
                p.apply(&Change::Level(k, L::Pushes { pushes, moves, line: f[5].to_string() }));
            }
            "found" => {
                fields(&[9])?;
                let k = key(1, f[8])?;
                let by = Finder::from_word(f[3]).ok_or_else(|| at(3, "expected player, solver, optimiser or file"))?;
                let found = Found { line: f[7].to_string(), by, when: num(4)?, file_line: 0 };
                let kept = Kept { found, moves: num(5)? as usize, pushes: opt(6)?.map(|x| x as usize) };
                p.apply(&Change::Level(k, L::Found(kept)));
            }
            "snapshot" => {
                fields(&[8])?;
                let k = key(1, f[7])?;
                let snapshot = Snapshot { name: f[5].to_string(), line: f[6].to_string(), when: num(3)?, file_line: 0 };
                p.apply(&Change::Level(k, L::Snap(Snap { snapshot, moves: num(4)? as usize })));
            }
            "stats" => {
                fields(&[7])?;
                let k = key(1, f[6])?;
                let attempts = u32::try_from(num(4)?).map_err(|_| at(4, "expected a count of attempts"))?;
                let stats = Stats { seconds: num(3)?, attempts, solved_on: opt(5)? };
                p.apply(&Change::Level(k, L::AtLeast(stats)));
            }
            "kept" => {
                fields(&[5])?;
                let k = key(1, f[4])?;
                let text =
                    unescape(f[3]).ok_or_else(|| at(3, "expected a save's text (escaped with \\n, \\t, \\\\)"))?;
                p.apply(&Change::Keep(k, Some(text)));
            }
            // Version 1: a best by title alone, which cannot be placed.
            "best" if self.header.is_some_and(|v| v <= 3) => {
                fields(&[4])?;
                game(1)?;
                num(2)?;
            }
            "last" => {
                fields(&[3])?;
                let g = game(1)?;
                p.last.insert(g, num(2)? as usize);
                // Before version 4 one game's level was kept: that game was the one shown.
                if self.header.is_some_and(|v| v <= 3) {
                    p.settings.insert("game".into(), g.key().into());
                }
            }
            "pack" => {
                fields(&[3])?;
                p.packs.insert(game(1)?, PathBuf::from(f[2]));
            }
            "recent" => {
                fields(&[3])?;
                let g = game(1)?;
                if p.recent.len() < super::records::RECENT {
                    p.recent.push((g, PathBuf::from(f[2])));
                }
            }
            "" if f.len() == 1 => {}
            name => {
                let Some(&name) = SETTINGS.iter().find(|s| **s == name) else {
                    return Err(at(
                        0,
                        "expected a line's word: level, pushes, found, snapshot, stats, kept, last, pack, recent or a setting",
                    ));
                };
                fields(&[2])?;
                let v = f[1];
                let ok = match name {
                    "speed" => v.parse::<f32>().is_ok_and(|s| (0.25..=4.0).contains(&s)),
                    "game" => GameKind::from_key(v).is_some(),
                    "export" => true,
                    _ => v == "0" || v == "1",
                };
                if !ok {
                    return Err(at(1, &format!("expected a value of the setting {name}")));
                }
                p.apply(&Change::Setting(name, v.to_string()));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::records::{LevelChange, content_hash};

    fn sample() -> Progress {
        let mut p = Progress::default();
        let k = LevelKey { game: GameKind::Sokoban, pack: "my\tmazes.in".into(), content: content_hash("1 3\nSBT\n") };
        p.apply(&Change::Level(k.clone(), LevelChange::Solved { moves: 5, line: Some("nnEE".into()) }));
        p.apply(&Change::Level(k.clone(), LevelChange::Pushes { pushes: 2, moves: 5, line: "nnEE".into() }));
        let found = Found { line: "uuLL".into(), by: Finder::Solver, when: 1_796_432_400, file_line: 0 };
        p.apply(&Change::Level(k.clone(), LevelChange::Found(Kept { found, moves: 4, pushes: Some(2) })));
        let snapshot = Snapshot { name: "half way".into(), line: "uu".into(), when: 7, file_line: 0 };
        p.apply(&Change::Level(k.clone(), LevelChange::Snap(Snap { snapshot, moves: 2 })));
        p.apply(&Change::Level(k.clone(), LevelChange::Played { seconds: 125, attempts: 3, solved_on: Some(9) }));
        p.apply(&Change::Keep(k, Some("tumblebox save 1\ngame sokoban\n\tmoves \\ x\n".into())));
        let shown = LevelKey { game: GameKind::Vexed, pack: "Built-in".into(), content: 0xabc };
        p.apply(&Change::Level(shown, LevelChange::Shown));
        p.apply(&Change::Last(GameKind::Stacks, 3));
        p.apply(&Change::Last(GameKind::Vexed, 1));
        p.apply(&Change::Setting("game", "stacks".into()));
        p.apply(&Change::Setting("speed", "2".into()));
        p.apply(&Change::Pack(GameKind::Vexed, Some(PathBuf::from("/levels/classic.txt"))));
        p
    }

    #[test]
    fn every_record_reads_back() {
        let p = sample();
        let text = write(&p);
        assert!(text.starts_with("tumblebox progress 4\n"));
        assert_eq!(read(&text).unwrap(), p);
    }

    #[test]
    fn earlier_versions_read() {
        // Version 1: bests by title are dropped, the last level kept (and its game shown).
        let v1 = read("tumblebox progress 3\nbest\tvexed\t4\tTumble 3\nlast\tsokoban\t2").unwrap();
        assert!(v1.levels.is_empty());
        assert_eq!((v1.last.get(&GameKind::Sokoban), v1.setting("game")), (Some(&2), Some("sokoban")));
        // Version 2: the pack without the solution.
        let v2 = read("tumblebox progress 2\nlevel\tvexed\t0000000000000abc\t4\t0\tBuilt-in\nspeed\t1.5").unwrap();
        let k = LevelKey { game: GameKind::Vexed, pack: "Built-in".into(), content: 0xabc };
        assert_eq!((v2.get(&k).and_then(|r| r.best), v2.best_solution(&k)), (Some(4), None));
        assert_eq!(v2.setting("speed"), Some("1.5"));
    }

    #[test]
    fn damage_is_named_by_line_and_column() {
        let e = read("tumblebox progress 4\nlevel\tvexed\tzz\t1\t0\t-\tp").unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 13: expected the level's hash (hexadecimal)");
        let e = read("tumblebox progress 4\nspeed\t99").unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 7: expected a value of the setting speed");
        let e = read("tumblebox progress 4\nwhat\t1").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(1)));
        let e = read("tumblebox progress 9\n").unwrap_err();
        assert!(e.to_string().contains("newer tumblebox (progress 9; this one reads up to 4)"), "{e}");
        assert!(read("level\tvexed\t0abc\t4\t0\t-\tp").is_err(), "no header");
        let e = read("tumblebox progress 4\nstats\tvexed\t0abc\t4\t0").unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 21: expected 7 tab-separated fields, found 5");
        // Leniently, the damaged lines are left out and counted.
        let (p, skipped) = read_lenient("tumblebox progress 3\nlevel\tvexed\tzz\t1\t0\t-\tp\nwhat\nspeed\t2");
        assert_eq!((skipped, p.setting("speed")), (2, Some("2")));
    }

    #[test]
    fn escapes_round_trip() {
        for s in ["", "a\\nb", "line\nnext\r\n\ttab \\ end", "\\\\n"] {
            assert_eq!(unescape(&escape(s)).as_deref(), Some(s));
            assert!(!escape(s).contains(['\n', '\t', '\r']));
        }
        assert_eq!(unescape("a\\q"), None);
        assert_eq!(unescape("a\u{1b}"), None);
    }
}
