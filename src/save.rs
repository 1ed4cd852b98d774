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
//! - `end` closes the file; blank lines and lines starting with `#` are ignored anywhere but
//!   inside the level. No line holds a control character (a tab aside).
//!
//! This module reads and writes the text, and replays it through a game's rules
//! ([`replaying`], one entry at a time; [`check`]): the loader checks every save that way
//! before the window or `tumblebox export SAVE` sees it, so a damaged file is refused the same
//! way everywhere.

use crate::error::ParseError;

/// The first line's words.
pub const MAGIC: &str = "tumblebox save";
/// The format's version.
pub const VERSION: u32 = 1;

/// One entry of the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Move {
        /// The move in the game's notation (shared: a save of a million moves holds a handful
        /// of distinct texts).
        text: std::sync::Arc<str>,
        /// The solver played it.
        solver: bool,
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
}

/// The games a save may name.
pub const GAMES: [&str; 4] = ["vexed", "shubbles", "sokoban", "stacks"];

/// A line of text as a save keeps it: no line breaks or control characters.
fn clean(s: &str) -> String {
    s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>().trim().to_string()
}

impl Save {
    /// The file's text.
    pub fn write(&self) -> String {
        let mut out = format!("{MAGIC} {VERSION}\ngame {}\ntitle {}\n", self.game, clean(&self.title));
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
                Entry::Move { text, solver, group, .. } => {
                    out.push_str(&format!("move {}", clean(text)));
                    if *solver {
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
        out.push_str(&format!("cursor {}\nend\n", self.cursor));
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
            Some(v) if v == VERSION.to_string() => {}
            Some(v) if v.parse::<u32>().is_ok() => {
                return Err(ParseError::line(
                    i + 1,
                    format!("a save of version {VERSION}; this one is version {v}, from a newer tumblebox"),
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
            let rest = rest.trim();
            if ended {
                return Err(ParseError::at(n, 1, "nothing after `end`"));
            }
            let history_started = !save.history.is_empty() || cursor.is_some();
            let value_col = word.chars().count() + 2;
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
                    if !GAMES.contains(&rest) {
                        return Err(bad_value("a game: vexed, shubbles, sokoban or stacks"));
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
                    let (mut solver, mut group) = (false, 0);
                    while let Some(p) = parts.next() {
                        match p {
                            "solver" => solver = true,
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
                    save.history.push(Entry::Move { text, solver, group, line: n });
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
                        "`move`, `restart`, `cursor` or `end`"
                    } else {
                        "`end`"
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

// ---------------------------------------------------------------- replaying

use crate::anim::Animate;
use crate::shubbles::{self, Op};
use crate::sokoban;
use crate::stacks::{self, play::NextPiece, play::StacksPlay};
use crate::vexed::{self, Board};

/// A command line that traces a game: `tumblebox GAME trace FILE ARGS…`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceInput {
    pub game: &'static str,
    pub file: String,
    pub args: Vec<String>,
}

/// A title as a World Finals or Android name: one word of plain characters.
fn plain_name(title: &str) -> String {
    let t: String = title.chars().map(|c| if c.is_ascii_graphic() && c != ';' { c } else { '-' }).collect();
    if t.is_empty() { "level".into() } else { t }
}

/// A game as save files (and the window) replay it: levels and moves from their text, moves
/// through the rules.
pub trait Replay: Animate {
    type Move: Clone + Send + Sync + std::fmt::Debug + 'static;
    /// The game's name in save files and on the command line.
    const GAME: &'static str;
    /// The start of a level from its text in the game's own format (what a save file keeps:
    /// [`Replay::level_text`]); `bottom_only` is stacks' 17780 rule.
    fn from_level(text: &str, bottom_only: bool) -> Result<Self, ParseError>;
    /// A move from its notation (as [`Replay::move_text`] writes it), if it can be made here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    /// Applies a move: the new state and the steps, or why it is not allowed.
    fn play(&self, mv: &Self::Move) -> Result<(Self, Vec<Self::Step>), String>;
    /// The move in the game's notation (before it is made, on this state).
    fn move_text(&self, mv: &Self::Move) -> String;
    /// What `tumblebox GAME trace` needs to replay `moves` (their texts) from this state: the
    /// game's name on the command line, a file holding the level, and the arguments after it.
    fn trace_input(&self, title: &str, moves: &[String]) -> TraceInput;
    /// This position as a level in the game's own format (what [`Replay::from_level`] reads).
    fn level_text(&self, title: &str) -> String {
        self.trace_input(title, &[]).file
    }
    /// Whether the level plays by Baekjoon 17780's rule (only the bottom piece moves), for
    /// games that have that choice.
    fn bottom_only(&self) -> Option<bool> {
        None
    }
    /// A line of moves cut into single moves' texts (words; shubbles and mazes: characters).
    fn split_moves(text: &str) -> Result<Vec<String>, String> {
        Ok(text.split_whitespace().map(str::to_string).collect())
    }
}

/// The moves of a trace input as one line: the judge's operations line (shubbles), or what
/// follows `--moves`.
fn moves_line(input: &TraceInput) -> String {
    if input.game == "shubbles" {
        return input.file.lines().nth(1).unwrap_or("").to_string();
    }
    input.args.iter().skip_while(|a| *a != "--moves").nth(1).cloned().unwrap_or_default()
}

/// Moves (their texts, from `start`) as one line in the game's notation: what Paste, the
/// `--moves` flag and [`Replay::split_moves`] read back.
pub fn moves_line_of<R: Replay>(start: &R, title: &str, moves: &[String]) -> String {
    moves_line(&start.trace_input(title, moves))
}

/// A level and moves as text in the game's own format, one line of moves after the level:
/// what the window's Copy puts on the clipboard (and Paste reads back).
pub fn copy_text<R: Replay>(start: &R, title: &str, moves: &[String]) -> String {
    let input = start.trace_input(title, moves);
    if input.game == "shubbles" {
        return input.file;
    }
    format!("{}{}\n", input.file, moves_line(&input))
}

/// A game in one line (Copy link): `tumblebox:1:GAME:LEVEL:MOVES:CHECK`, the level and the
/// moves in base64url, then an FNV-1a checksum of everything before it, in hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameId {
    pub game: String,
    pub level: String,
    pub moves: String,
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn b64(bytes: &[u8]) -> String {
    let mut out = String::new();
    for c in bytes.chunks(3) {
        let n = c.iter().enumerate().fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=c.len() {
            out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn unb64(text: &str) -> Option<Vec<u8>> {
    let vals: Vec<u32> =
        text.bytes().map(|c| B64.iter().position(|&b| b == c).map(|v| v as u32)).collect::<Option<_>>()?;
    let mut out = Vec::new();
    for c in vals.chunks(4) {
        if c.len() == 1 {
            return None;
        }
        let n = c.iter().enumerate().fold(0u32, |n, (i, &v)| n | v << (18 - 6 * i));
        for i in 0..c.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

fn fnv32(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

impl GameId {
    pub fn of<R: Replay>(start: &R, title: &str, moves: &[String]) -> GameId {
        let input = start.trace_input(title, moves);
        GameId { game: R::GAME.to_string(), level: start.level_text(title), moves: moves_line(&input) }
    }

    /// `None` when the text is not a game ID at all; otherwise the ID or what is wrong with it.
    pub fn parse(text: &str) -> Option<Result<GameId, String>> {
        let rest = text.trim().strip_prefix("tumblebox:")?;
        Some((|| {
            let parts: Vec<&str> = rest.split(':').collect();
            let [version, game, level, moves, check] = parts.as_slice() else {
                return Err("expected tumblebox:1:GAME:LEVEL:MOVES:CHECK".to_string());
            };
            if *version != "1" {
                return Err(format!("a game ID of version 1, not {}", crate::error::quote(version)));
            }
            let body = &text.trim()[..text.trim().len() - check.len() - 1];
            if u32::from_str_radix(check, 16).ok() != Some(fnv32(body)) {
                return Err("its checksum does not match: the ID was cut or changed".to_string());
            }
            if !GAMES.contains(game) {
                return Err(format!("a game: vexed, shubbles, sokoban or stacks, not {}", crate::error::quote(game)));
            }
            let text = |s: &str| {
                unb64(s).and_then(|b| String::from_utf8(b).ok()).ok_or("its level or moves are not base64url text")
            };
            Ok(GameId { game: game.to_string(), level: text(level)?, moves: text(moves)? })
        })())
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let body = format!("tumblebox:1:{}:{}:{}", self.game, b64(self.level.as_bytes()), b64(self.moves.as_bytes()));
        write!(f, "{body}:{:08x}", fnv32(&body))
    }
}

impl Replay for Board {
    /// World Finals moves are words; Palm moves are pairs of letters (`eCdF`).
    fn split_moves(text: &str) -> Result<Vec<String>, String> {
        if text.contains('(') {
            return Ok(text.split_whitespace().map(str::to_string).collect());
        }
        let cs: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        if cs.len() % 2 == 1 {
            return Err("Palm moves come in pairs of letters".into());
        }
        Ok(cs.chunks(2).map(|p| p.iter().collect()).collect())
    }

    type Move = vexed::Move;

    const GAME: &'static str = "vexed";

    fn from_level(text: &str, _: bool) -> Result<Board, ParseError> {
        let (_, levels) = vexed::format::parse_any(text.as_bytes())?;
        match levels.as_slice() {
            [l] => Ok(l.board.settle().0),
            _ => Err(ParseError::line(1, format!("one level, not {}", levels.len()))),
        }
    }

    fn parse_move(&self, text: &str) -> Result<vexed::Move, String> {
        match vexed::format::parse_any_moves(text).map_err(|e| e.message)?.as_slice() {
            [m] if self.moves().contains(m) => Ok(*m),
            [_] => Err(format!("{} cannot move here", crate::error::quote(text))),
            _ => Err(format!("one move, not {}", crate::error::quote(text))),
        }
    }

    fn play(&self, mv: &vexed::Move) -> Result<(Board, Vec<vexed::Step>), String> {
        self.apply(*mv).map_err(|e| e.to_string())
    }

    fn move_text(&self, mv: &vexed::Move) -> String {
        vexed::format::move_text(self, *mv)
    }

    /// The board exactly as it is (so the trace's coordinates are the window's): as a World
    /// Finals case when it reads back the same, else as an Android line (a cropped board).
    fn trace_input(&self, title: &str, moves: &[String]) -> TraceInput {
        let name = plain_name(title);
        let rows = vexed::format::board_rows(self);
        let wf = format!("{} {} {name}\n{}\n0 0\n", self.rows(), self.cols(), rows.join("\n"));
        let same = |text: &str| {
            vexed::format::parse_any(text.as_bytes()).is_ok_and(|(_, l)| l.len() == 1 && l[0].board.settle().0 == *self)
        };
        let file = if same(&wf) { wf } else { format!("{}\n", vexed::format::android_line(&name, self, 0)) };
        TraceInput { game: "vexed", file, args: vec!["--moves".into(), moves.join(" ")] }
    }
}

impl Replay for shubbles::State {
    fn split_moves(text: &str) -> Result<Vec<String>, String> {
        Ok(text.chars().filter(|c| !c.is_whitespace()).map(String::from).collect())
    }

    type Move = Op;

    const GAME: &'static str = "shubbles";

    fn from_level(text: &str, _: bool) -> Result<Self, ParseError> {
        let (state, ops) = shubbles::format::parse_judge(text)?;
        if !ops.is_empty() {
            return Err(ParseError::line(2, "no operations after a saved level's state"));
        }
        Ok(state)
    }

    fn parse_move(&self, text: &str) -> Result<Op, String> {
        let mut cs = text.chars();
        match (cs.next().and_then(Op::from_char), cs.next()) {
            (Some(op), None) => Ok(op),
            _ => Err(format!("one of `+-|<>^v`, not {}", crate::error::quote(text))),
        }
    }

    fn play(&self, op: &Op) -> Result<(shubbles::State, Vec<shubbles::Step>), String> {
        let a = self.apply(*op);
        // A failure is shown (it is the last step) but the state stays as it was reached.
        Ok((a.state, a.steps))
    }

    fn move_text(&self, op: &Op) -> String {
        op.char().to_string()
    }

    /// The judge's two lines: the state and the operations.
    fn trace_input(&self, _title: &str, moves: &[String]) -> TraceInput {
        TraceInput { game: "shubbles", file: format!("{}\n{}\n", self.text(), moves.concat()), args: vec![] }
    }
}

impl Replay for sokoban::scene::Game {
    /// A move a character (`nsewNSEW` or `lurdLURD`); a run-length form (`3l2(lU)`) is
    /// expanded.
    fn split_moves(text: &str) -> Result<Vec<String>, String> {
        if text.contains(|c: char| c.is_ascii_digit() || c == '(') {
            let moves = sokoban::xsb::parse_lurd(text, 1).map_err(|e| e.to_string())?;
            return Ok(moves.iter().map(|&m| sokoban::xsb::lurd_char(m).to_string()).collect());
        }
        Ok(text.chars().filter(|c| !c.is_whitespace()).map(String::from).collect())
    }

    type Move = sokoban::Move;

    const GAME: &'static str = "sokoban";

    /// A UVa 589 maze (`r c` first) or one XSB level.
    fn from_level(text: &str, _: bool) -> Result<Self, ParseError> {
        let mut levels = sokoban::xsb::parse_any(text)?;
        if levels.len() != 1 {
            return Err(ParseError::line(1, format!("one maze, not {}", levels.len())));
        }
        let l = levels.remove(0);
        let xsb = l.line > 0;
        Ok(sokoban::scene::Game::new(l.maze, xsb))
    }

    fn parse_move(&self, text: &str) -> Result<sokoban::Move, String> {
        let mut cs = text.chars();
        let (Some(c), None) = (cs.next(), cs.next()) else {
            return Err(format!("one move, not {}", crate::error::quote(text)));
        };
        let m = if self.xsb { sokoban::xsb::lurd_move(c) } else { sokoban::Move::from_char(c) };
        let m = m.ok_or_else(|| {
            let set = if self.xsb { "lurdLURD" } else { "nsewNSEW" };
            format!("one of `{set}`, not {}", crate::error::quote(text))
        })?;
        self.level.apply(&self.pos, m).map_err(|e| e.to_string())?;
        Ok(m)
    }

    fn play(&self, mv: &sokoban::Move) -> Result<(Self, Vec<sokoban::Step>), String> {
        let (pos, step) = self.level.step(&self.pos, mv.dir).map_err(|e| e.to_string())?;
        Ok((self.at(pos), vec![step]))
    }

    fn move_text(&self, mv: &sokoban::Move) -> String {
        let push = matches!(self.level.step(&self.pos, mv.dir), Ok((_, sokoban::Step::Push { .. })));
        self.notation(sokoban::Move { dir: mv.dir, push }).to_string()
    }

    fn trace_input(&self, title: &str, moves: &[String]) -> TraceInput {
        let maze = self.maze();
        let file = if self.xsb {
            sokoban::xsb::write_level(title, &maze)
        } else {
            format!("{}0 0\n", sokoban::format::write(&maze))
        };
        TraceInput { game: "sokoban", file, args: vec!["--moves".into(), moves.concat()] }
    }
}

impl Replay for StacksPlay {
    type Move = NextPiece;

    const GAME: &'static str = "stacks";

    fn from_level(text: &str, bottom_only: bool) -> Result<Self, ParseError> {
        let rule = if bottom_only { stacks::Rule::BottomOnly } else { stacks::Rule::CarryAbove };
        Ok(StacksPlay { game: stacks::format::parse(text, rule)?, next: 0, turn: 1 })
    }

    /// The pieces move in turn: the move must name the next one.
    fn parse_move(&self, text: &str) -> Result<NextPiece, String> {
        if text == (self.next + 1).to_string() {
            Ok(NextPiece)
        } else {
            Err(format!("piece {} moves next, not {}", self.next + 1, crate::error::quote(text)))
        }
    }

    fn play(&self, _: &NextPiece) -> Result<(Self, Vec<stacks::Step>), String> {
        self.next_move().map_err(str::to_string)
    }

    fn move_text(&self, _: &NextPiece) -> String {
        (self.next + 1).to_string()
    }

    /// The Baekjoon input and the pieces that moved, in order.
    fn trace_input(&self, _title: &str, moves: &[String]) -> TraceInput {
        let mut args = vec!["--moves".into(), moves.join(" ")];
        if self.game.rule == stacks::Rule::BottomOnly {
            args.push("--bottom-only".into());
        }
        TraceInput { game: "stacks", file: stacks::format::write(&self.game), args }
    }

    fn bottom_only(&self) -> Option<bool> {
        Some(self.game.rule == stacks::Rule::BottomOnly)
    }
}

/// One entry of a replayed history.
#[derive(Debug, Clone)]
pub enum Replayed<R: Replay> {
    Move {
        mv: R::Move,
        /// The move's notation as the rules write it (the file's may differ in case or form).
        text: String,
        before: R,
        after: R,
        steps: Vec<R::Step>,
        solver: bool,
        group: u64,
    },
    Restart,
}

/// A save's history being replayed through the rules, one entry at a time ([`replaying`]):
/// nothing is kept but the state reached, so a save of millions of moves replays in the memory
/// of one position.
pub struct Replaying<'a, R: Replay> {
    save: &'a Save,
    start: R,
    here: R,
    next: usize,
}

/// Starts replaying a save: its level read by its game's parser (an error names the save's
/// line and column).
pub fn replaying<R: Replay + Clone>(save: &Save) -> Result<Replaying<'_, R>, ParseError> {
    if save.game != R::GAME {
        return Err(ParseError::line(2, format!("a {} save, not {}", R::GAME, save.game)));
    }
    let start = R::from_level(&save.level, save.bottom_only).map_err(|e| save.level_error(e))?;
    Ok(Replaying { save, here: start.clone(), start, next: 0 })
}

impl<R: Replay + Clone> Replaying<'_, R> {
    /// The level's start.
    pub fn start(&self) -> &R {
        &self.start
    }

    /// The state reached so far.
    pub fn here(&self) -> &R {
        &self.here
    }
}

impl<R: Replay + Clone> Iterator for Replaying<'_, R> {
    type Item = Result<Replayed<R>, ParseError>;

    /// The next entry replayed; a move that cannot be read or made is an error naming the
    /// file's line (and the iteration ends there).
    fn next(&mut self) -> Option<Self::Item> {
        let e = self.save.history.get(self.next)?;
        self.next += 1;
        Some(match e {
            Entry::Move { text, solver, group, line } => {
                let fail = |m: String| {
                    ParseError::line(*line, format!("move {}: {m}", crate::error::quote(text).trim_matches('`')))
                };
                // A save holds each move as the rules write it (`Replay::move_text`): another
                // spelling (a letter's case, Palm pairs) is a hand edit, refused.
                let played = self.here.parse_move(text).and_then(|mv| {
                    let canonical = self.here.move_text(&mv);
                    if canonical != **text {
                        return Err(format!(
                            "expected it written {}, as tumblebox writes it",
                            crate::error::quote(&canonical)
                        ));
                    }
                    self.here.play(&mv).map(|p| (mv, p))
                });
                match played {
                    Ok((mv, (after, steps))) => {
                        let text = self.here.move_text(&mv);
                        let before = std::mem::replace(&mut self.here, after.clone());
                        Ok(Replayed::Move { mv, text, before, after, steps, solver: *solver, group: *group })
                    }
                    Err(m) => {
                        self.next = self.save.history.len();
                        Err(fail(m))
                    }
                }
            }
            Entry::Restart => {
                self.here = self.start.clone();
                Ok(Replayed::Restart)
            }
        })
    }
}

/// A save's level and history replayed through the rules: the start and every entry. A move
/// that cannot be read or made, or a level its game's parser refuses, is an error naming the
/// file's line.
pub fn replay<R: Replay + Clone>(save: &Save) -> Result<(R, Vec<Replayed<R>>), ParseError> {
    let r = replaying::<R>(save)?;
    let start = r.start().clone();
    let mut out = Vec::with_capacity(save.history.len().min(1 << 16));
    for e in r {
        out.push(e?);
    }
    Ok((start, out))
}

/// Replays a save through its game's rules, keeping nothing: what the loader does before a
/// save reaches the window, and `tumblebox export SAVE` before it draws. The error names the
/// file's line (and column, in the level).
pub fn check(save: &Save) -> Result<(), ParseError> {
    fn go<R: Replay + Clone>(save: &Save) -> Result<(), ParseError> {
        replaying::<R>(save)?.try_for_each(|e| e.map(|_| ()))
    }
    match save.game.as_str() {
        "vexed" => go::<Board>(save),
        "shubbles" => go::<shubbles::State>(save),
        "sokoban" => go::<sokoban::scene::Game>(save),
        _ => go::<StacksPlay>(save),
    }
}

/// Whether a text is a save file: its first line that is neither blank nor a `#` comment
/// starts with [`MAGIC`] (the rule [`Save::parse`] reads by).
pub fn is_save(text: &str) -> bool {
    text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).is_some_and(|l| l.starts_with(MAGIC))
}

/// A move's notation and its steps.
pub type Played<R> = (String, Vec<<R as Animate>::Step>);

/// The moves in effect since the last restart (what an export of the save shows): the state
/// they start from and each move's notation and steps.
pub fn run<R: Replay + Clone>(start: &R, entries: &[Replayed<R>], cursor: usize) -> (R, Vec<Played<R>>) {
    let upto = &entries[..cursor.min(entries.len())];
    let from = upto.iter().rposition(|e| matches!(e, Replayed::Restart)).map_or(0, |i| i + 1);
    let first = match upto.get(from) {
        Some(Replayed::Move { before, .. }) => before.clone(),
        _ => start.clone(),
    };
    let moves = upto[from..]
        .iter()
        .filter_map(|e| match e {
            Replayed::Move { text, steps, .. } => Some((text.clone(), steps.clone())),
            Replayed::Restart => None,
        })
        .collect();
    (first, moves)
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
                Entry::Move { text: "(B,1,3,L)".into(), solver: false, group: 0, line: 13 },
                Entry::Restart,
                Entry::Move { text: "(B,1,3,L)".into(), solver: true, group: 4, line: 15 },
            ],
            cursor: 2,
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
        assert_eq!(err("hello\n"), "line 1, column 1: `tumblebox save 1` (the first line of a tumblebox save file)");
        assert!(err(&text.replace("save 1", "save 7")).starts_with("line 1: a save of version 1"));
        assert_eq!(
            err(&text.replace("game vexed", "game chess")),
            "line 2, column 6: a game: vexed, shubbles, sokoban or stacks"
        );
        assert_eq!(err(&text.replace("par 2", "par two")), "line 5, column 5: the par: a number of moves");
        assert_eq!(
            err(&text.replace("cursor 2", "cursor 9")),
            "line 16, column 8: a cursor of at most 3 (the history's entries)"
        );
        assert!(
            err(&text.replace("restart", "jump"))
                .starts_with("line 14, column 1: `move`, `restart`, `cursor` or `end`, not `jump`")
        );
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
    fn base64url_round_trips_every_length() {
        for n in 0..40 {
            let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + 11) as u8).collect();
            assert_eq!(unb64(&b64(&bytes)).unwrap(), bytes, "{n}");
        }
        // RFC 4648 test vectors, in the URL alphabet without padding.
        assert_eq!(b64(b"foobar"), "Zm9vYmFy");
        assert_eq!(b64(b"fo"), "Zm8");
        assert_eq!(b64(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn a_game_id_reads_back_and_refuses_damage() {
        let id = GameId { game: "sokoban".into(), level: "1 7\nSB....T\n0 0\n".into(), moves: "EEEEE".into() };
        let text = id.to_string();
        assert!(text.starts_with("tumblebox:1:sokoban:") && !text.contains('\n'));
        assert_eq!(GameId::parse(&text), Some(Ok(id)));
        assert_eq!(GameId::parse("4 5 SAMPLE-01"), None);
        let cut = &text[..text.len() - 1];
        assert!(GameId::parse(cut).unwrap().unwrap_err().contains("checksum"));
        let changed = text.replacen("sokoban", "stacks", 1);
        assert!(GameId::parse(&changed).unwrap().unwrap_err().contains("checksum"));
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
