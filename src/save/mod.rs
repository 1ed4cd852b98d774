//! Save files (`.tumble`): one level and the whole history of a game played on it, as plain
//! text (UTF-8, one fact a line, so two saves diff well). The level is kept in the game's own
//! format, so a save opens without its pack; the history keeps every move in the game's
//! notation, every restart and the cursor, so undo and redo survive a reload.
//!
//! ```text
//! tumblebox save 1
//! game vexed
//! title SAMPLE-01
//! pack Built-in
//! par 2
//! level
//! | 4 5 SAMPLE-01
//! | #A--#
//! | ##-B#
//! | #AB##
//! | #####
//! | 0 0
//! move (B,1,3,L)
//! move (A,0,1,R) solver
//! restart
//! cursor 2
//! end
//! ```
//!
//! - The first line is `tumblebox save` and the format's version (1).
//! - `game` is `vexed`, `shubbles`, `sokoban` or `stacks`; `title`, `pack` (optional) and `par`
//!   (optional, a number) describe the level; `rule 17780` marks a stacks level played by
//!   Baekjoon 17780's rule (only the bottom piece moves).
//! - `level` is followed by the level's lines, each after `| `: a World Finals case or an
//!   Android line (Vexed), the state and an empty operations line (shubbles), a UVa 589 maze
//!   with its `0 0` (pushing boxes), the Baekjoon input (stacks).
//! - Then the history, oldest first: `move TEXT` (the move in the game's notation, written
//!   exactly as tumblebox writes it, case included: Vexed
//!   `(B,1,3,L)`, shubbles one of `+-|<>^v`, pushing boxes one of `nsewNSEW`, stacks the piece's
//!   number), optionally followed by `solver` (the solver played it) and `group N` (moves of one
//!   gesture, undone together); `restart`.
//! - `cursor N`: how many history entries are in effect (the rest can be redone).
//! - The level's library (version 2), anywhere after the level: `solution WHO WHEN MOVES`
//!   (a solution from the level's start: `player`, `solver`, `optimiser` or `file` found it,
//!   `WHEN` in RFC 3339 UTC) and `snapshot WHEN "NAME" MOVES` (an unfinished game kept under a
//!   name); see [`library`]. A save without them is written as version 1.
//! - `end` closes the file; blank lines and lines starting with `#` are ignored anywhere but
//!   inside the level. No line holds a control character (a tab aside).
//!
//! This module reads and writes the text; `replay` replays it through a game's rules
//! ([`replaying`], one entry at a time; [`check`]): the loader checks every save that way
//! before the window or `tumblebox export SAVE` sees it, so a damaged file is refused the same
//! way everywhere. `text` is the copied text and the one-line game ID. One file per game
//! (`vexed`, `shubbles`, `sokoban`, `stacks`) holds its `Replay`: the games' folders depend
//! on nothing here.
//!
//! A capability: depends on the games and the shared ground; no game depends on it, and it
//! never names the window (a test checks the layers).

pub mod library;
#[cfg(test)]
mod lights;
mod replay;
mod shubbles;
mod sokoban;
mod stacks;
mod text;
mod vexed;

pub use replay::{
    Made, Played, Replay, Replayed, Replaying, TraceInput, check_as, play_line, play_text, read_line, replay,
    replaying, run, texts_of, walk_line,
};
pub use text::{GameId, copy_text, moves_line_of};

use crate::error::ParseError;

/// The first line's words.
pub const MAGIC: &str = "tumblebox save";
/// The format's version: 2 when the save carries a library, 1 otherwise (what tumblebox
/// before libraries wrote and reads).
pub const VERSION: u32 = 2;

/// One entry of the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Move {
        /// The move in the game's notation (shared: a save of a million moves holds a handful
        /// of distinct texts).
        text: std::sync::Arc<str>,
        /// Not the player's own move: the solver's, or a file's, a paste's or a library
        /// entry's (the file writes `solver` after it, its word since the first version).
        given: bool,
        /// Moves of one gesture share a nonzero group.
        group: u64,
        /// The file's line (for messages when the move does not replay).
        line: usize,
    },
    Restart,
}

/// A save file's contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Save {
    pub game: String,
    pub title: String,
    pub pack: String,
    pub par: Option<usize>,
    /// Stacks: the 17780 rule.
    pub bottom_only: bool,
    /// The level in the game's own format.
    pub level: String,
    /// The file's line where the level's first line is (for messages about the level).
    pub level_line: usize,
    pub history: Vec<Entry>,
    pub cursor: usize,
    /// The level's solutions kept with the game (version 2).
    pub found: Vec<library::Found>,
    /// Unfinished games kept under a name (version 2).
    pub snapshots: Vec<library::Snapshot>,
}

/// A line of text as a save keeps it: no line breaks or control characters.
fn clean(s: &str) -> String {
    s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_string()
}

impl Save {
    /// The save's game (its `game` line, checked when it was read).
    pub fn kind(&self) -> Result<crate::games::GameKind, ParseError> {
        crate::games::GameKind::from_key(&self.game)
            .ok_or_else(|| ParseError::line(2, format!("a game: {}", crate::games::GameKind::keys_said())))
    }

    /// The file's text.
    pub fn write(&self) -> String {
        let version = if self.found.is_empty() && self.snapshots.is_empty() { 1 } else { VERSION };
        let mut out = format!("{MAGIC} {version}\ngame {}\ntitle {}\n", self.game, clean(&self.title));
        if !self.pack.is_empty() {
            out.push_str(&format!("pack {}\n", clean(&self.pack)));
        }
        if let Some(p) = self.par {
            out.push_str(&format!("par {p}\n"));
        }
        if self.bottom_only {
            out.push_str("rule 17780\n");
        }
        out.push_str("level\n");
        for l in self.level.lines() {
            out.push_str(&format!("| {l}\n"));
        }
        for e in &self.history {
            match e {
                Entry::Move { text, given, group, .. } => {
                    out.push_str(&format!("move {}", clean(text)));
                    if *given {
                        out.push_str(" solver");
                    }
                    if *group != 0 {
                        out.push_str(&format!(" group {group}"));
                    }
                    out.push('\n');
                }
                Entry::Restart => out.push_str("restart\n"),
            }
        }
        out.push_str(&format!("cursor {}\n", self.cursor));
        out.push_str(&library::write_lines(&self.found, &self.snapshots));
        out.push_str("end\n");
        out
    }

    /// Reads a save file's text (already decoded and with its line ends normalised).
    pub fn parse(text: &str) -> Result<Save, ParseError> {
        let lines: Vec<&str> = text.lines().collect();
        // Nothing tumblebox writes holds a control character (a tab aside), so none can be
        // read: a save then writes back to the text it was read from.
        for (n, l) in lines.iter().enumerate() {
            if let Some((col, c)) = l.chars().enumerate().find(|&(_, c)| c.is_control() && c != '\t') {
                return Err(ParseError::at(
                    n + 1,
                    col + 1,
                    format!("text, not the control character {}", crate::error::quote_char(c)),
                ));
            }
        }
        let mut i = 0;
        // Skips blank lines and comments; returns the next line's index.
        let skip = |mut i: usize| {
            while i < lines.len() && (lines[i].trim().is_empty() || lines[i].trim_start().starts_with('#')) {
                i += 1;
            }
            i
        };
        i = skip(i);
        let head = lines.get(i).map(|l| l.trim_end()).unwrap_or("");
        let version = head.strip_prefix(MAGIC).map(str::trim);
        match version {
            Some("1") | Some("2") => {}
            Some(v) if v.parse::<u32>().is_ok() => {
                return Err(ParseError::line(
                    i + 1,
                    format!("a save of version 1 or {VERSION}; this one is version {v}, from a newer tumblebox"),
                ));
            }
            _ if i >= lines.len() => {
                return Err(ParseError::line(
                    lines.len().max(1),
                    format!(
                        "`{MAGIC} {VERSION}` (the first line of a tumblebox save file), found only blank lines and comments"
                    ),
                ));
            }
            _ => {
                return Err(ParseError::at(
                    i + 1,
                    1,
                    format!("`{MAGIC} {VERSION}` (the first line of a tumblebox save file)"),
                ));
            }
        }
        i += 1;
        let mut save = Save {
            game: String::new(),
            title: String::new(),
            pack: String::new(),
            par: None,
            bottom_only: false,
            level: String::new(),
            level_line: 0,
            history: Vec::new(),
            cursor: 0,
            found: Vec::new(),
            snapshots: Vec::new(),
        };
        let mut cursor = None;
        let mut ended = false;
        let mut texts: std::collections::HashMap<&str, std::sync::Arc<str>> = std::collections::HashMap::new();
        let mut seen_level = false;
        loop {
            i = skip(i);
            let Some(&raw) = lines.get(i) else { break };
            let line = raw.trim_end();
            let n = i + 1;
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            // The value's column: after the word, its space and any more spaces.
            let lead = rest.chars().take_while(|c| c.is_whitespace()).count();
            let rest = rest.trim();
            if ended {
                return Err(ParseError::at(n, 1, "nothing after `end`"));
            }
            let history_started = !save.history.is_empty() || cursor.is_some();
            let value_col = word.chars().count() + 2 + lead;
            // A value that is wrong is placed at its column; a missing one names the line only
            // (its column would lie past the end).
            let bad_value = |what: &str| {
                if rest.is_empty() {
                    ParseError::line(n, format!("{what}, after `{word}`"))
                } else {
                    ParseError::at(n, value_col, what)
                }
            };
            match word {
                "game" if save.game.is_empty() => {
                    if crate::games::GameKind::from_key(rest).is_none() {
                        return Err(bad_value(&format!("a game: {}", crate::games::GameKind::keys_said())));
                    }
                    save.game = rest.to_string();
                }
                "title" if !seen_level => save.title = rest.to_string(),
                "pack" if !seen_level => save.pack = rest.to_string(),
                "par" if !seen_level => {
                    save.par = Some(rest.parse().map_err(|_| bad_value("the par: a number of moves"))?);
                }
                "rule" if !seen_level => match rest {
                    "17780" => save.bottom_only = true,
                    "17837" => save.bottom_only = false,
                    _ => return Err(bad_value("a stacks rule: 17837 or 17780")),
                },
                "level" if !seen_level && rest.is_empty() => {
                    if save.game.is_empty() {
                        return Err(ParseError::at(n, 1, "a `game` line before the level"));
                    }
                    seen_level = true;
                    save.level_line = n + 1;
                    let mut body = Vec::new();
                    i += 1;
                    while let Some(l) = lines.get(i) {
                        if let Some(text) = l.strip_prefix("| ") {
                            body.push(text.trim_end());
                        } else if l.trim_end() == "|" {
                            body.push("");
                        } else {
                            break;
                        }
                        i += 1;
                    }
                    if body.iter().all(|l| l.trim().is_empty()) {
                        return Err(ParseError::line(n + 1, "the level's lines, each after `| `"));
                    }
                    save.level = body.join("\n") + "\n";
                    continue;
                }
                "move" if seen_level && cursor.is_none() => {
                    let mut parts = rest.split_whitespace();
                    let Some(text) = parts.next() else {
                        return Err(bad_value("a move in the game's notation"));
                    };
                    let (mut given, mut group) = (false, 0);
                    while let Some(p) = parts.next() {
                        match p {
                            "solver" => given = true,
                            "group" => {
                                group = parts
                                    .next()
                                    .and_then(|g| g.parse().ok())
                                    .ok_or_else(|| ParseError::line(n, "a group number after `group`"))?;
                            }
                            other => {
                                let col = line.find(other).map_or(1, |b| line[..b].chars().count() + 1);
                                return Err(ParseError::at(
                                    n,
                                    col,
                                    format!("`solver` or `group N` after the move, not {}", crate::error::quote(other)),
                                ));
                            }
                        }
                    }
                    let text = texts.entry(text).or_insert_with(|| text.into()).clone();
                    save.history.push(Entry::Move { text, given, group, line: n });
                }
                "restart" if seen_level && cursor.is_none() && rest.is_empty() => save.history.push(Entry::Restart),
                "cursor" if seen_level && cursor.is_none() => {
                    let c: usize = rest.parse().map_err(|_| bad_value("the cursor: a number of entries"))?;
                    if c > save.history.len() {
                        return Err(ParseError::at(
                            n,
                            value_col,
                            format!("a cursor of at most {} (the history's entries)", save.history.len()),
                        ));
                    }
                    cursor = Some(c);
                }
                "solution" if seen_level => save.found.push(library::parse_solution(rest, n, value_col)?),
                "snapshot" if seen_level => save.snapshots.push(library::parse_snapshot(rest, n, value_col)?),
                "end" if rest.is_empty() => {
                    if !seen_level {
                        return Err(ParseError::at(n, 1, "a `level` before `end`"));
                    }
                    ended = true;
                }
                _ => {
                    let what = if !seen_level {
                        "`game`, `title`, `pack`, `par`, `rule` or `level`"
                    } else if !history_started || cursor.is_none() {
                        "`move`, `restart`, `cursor`, `solution`, `snapshot` or `end`"
                    } else {
                        "`solution`, `snapshot` or `end`"
                    };
                    return Err(ParseError::at(n, 1, format!("{what}, not {}", crate::error::quote(line))));
                }
            }
            i += 1;
        }
        if !ended {
            return Err(ParseError::line(lines.len().max(1), "`end` as the last line (the file is cut short)"));
        }
        save.cursor = cursor.unwrap_or(save.history.len());
        Ok(save)
    }

    /// A message about the level's own line `line` and column (1-based, as the game's parser
    /// counts) names the save file's line and column (after the `| ` each level line starts
    /// with).
    pub fn level_error(&self, mut e: ParseError) -> ParseError {
        e.line += self.level_line.saturating_sub(1);
        e.column = e.column.map(|c| c + 2);
        e
    }
}

/// Whether a text is a save file: its first line that is neither blank nor a `#` comment
/// starts with [`MAGIC`] (the rule [`Save::parse`] reads by).
pub fn is_save(text: &str) -> bool {
    text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).is_some_and(|l| l.starts_with(MAGIC))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Save {
        Save {
            game: "vexed".into(),
            title: "SAMPLE-01".into(),
            pack: "Built-in".into(),
            par: Some(2),
            bottom_only: false,
            level: "4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n0 0\n".into(),
            level_line: 7,
            history: vec![
                Entry::Move { text: "(B,1,3,L)".into(), given: false, group: 0, line: 13 },
                Entry::Restart,
                Entry::Move { text: "(B,1,3,L)".into(), given: true, group: 4, line: 15 },
            ],
            cursor: 2,
            found: Vec::new(),
            snapshots: Vec::new(),
        }
    }

    #[test]
    fn writes_and_reads_back_the_same() {
        let s = sample();
        let text = s.write();
        assert!(text.starts_with("tumblebox save 1\ngame vexed\n"));
        assert!(text.contains("\n| #A--#\n"));
        assert!(text.contains("\nmove (B,1,3,L) solver group 4\n"));
        assert_eq!(Save::parse(&text).unwrap(), s);
    }

    #[test]
    fn damage_is_named_by_line_and_column() {
        let text = sample().write();
        let err = |t: &str| Save::parse(t).unwrap_err().to_string();
        assert_eq!(err("hello\n"), "line 1, column 1: `tumblebox save 2` (the first line of a tumblebox save file)");
        assert!(err(&text.replace("save 1", "save 7")).starts_with("line 1: a save of version 1 or 2"));
        assert_eq!(
            err(&text.replace("game vexed", "game chess")),
            format!("line 2, column 6: a game: {}", crate::games::GameKind::keys_said())
        );
        assert_eq!(err(&text.replace("par 2", "par two")), "line 5, column 5: the par: a number of moves");
        assert_eq!(
            err(&text.replace("cursor 2", "cursor 9")),
            "line 16, column 8: a cursor of at most 3 (the history's entries)"
        );
        assert!(err(&text.replace("restart", "jump")).starts_with(
            "line 14, column 1: `move`, `restart`, `cursor`, `solution`, `snapshot` or `end`, not `jump`"
        ));
        assert_eq!(err(&text.replace("\nend\n", "\n")), "line 16: `end` as the last line (the file is cut short)");
        assert_eq!(err(&format!("{text}move x\n")), "line 18, column 1: nothing after `end`");
        assert_eq!(
            err(&text.replace(" solver group 4", " fast")),
            "line 15, column 16: `solver` or `group N` after the move, not `fast`"
        );
        // Control characters in a message are escaped.
        assert!(err(&text.replace("restart", "re\u{1b}[2J")).contains("\\u{1b}"));
    }

    #[test]
    fn comments_and_blank_lines_are_ignored_and_the_cursor_defaults_to_the_end() {
        let text =
            sample().write().replace("cursor 2\n", "").replace("game vexed\n", "# saved by hand\n\ngame vexed\n");
        let s = Save::parse(&text).unwrap();
        assert_eq!(s.cursor, 3);
        assert_eq!(s.level_line, 9);
    }
}
