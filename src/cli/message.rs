//! One-line messages: everything tumblebox says on stderr goes through [`say`] (one line,
//! control characters escaped), clap's errors are cut to one line, and a `--moves` error names
//! the move and its character.

use super::status::Failure;
use std::path::Path;
use tumblebox::error::{ParseError, one_line, quote};

/// One line on stderr, `tumblebox: ` first, whatever the message holds.
pub fn say(msg: &str) {
    eprintln!("tumblebox: {}", one_line(msg));
}

/// Clap's message, cut to one line: its first line, with quoted values shortened.
pub fn clap_line(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let mut lines = rendered.lines().skip_while(|l| l.trim().is_empty());
    let head = lines.next().unwrap_or("invalid arguments");
    let head = head.strip_prefix("error: ").unwrap_or(head);
    // A message ending in a colon lists what it means on the lines below (the arguments
    // missing): they join it, on the one line.
    let joined;
    let first = match head.strip_suffix(':') {
        Some(h) => {
            let listed: Vec<&str> = lines.take_while(|l| l.starts_with(' ')).map(str::trim).collect();
            joined = format!("{h}: {}", listed.join(", "));
            joined.as_str()
        }
        None => head,
    };
    // Clap quotes values as '...': a huge one is cut like every quoted piece of input.
    let mut out = String::new();
    let mut rest = first;
    while let Some(open) = rest.find('\'') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('\'') {
            Some(close) => {
                let inner = &after[..close];
                let q = quote(inner);
                out.push('\'');
                out.push_str(&q[1..q.len() - 1]);
                out.push('\'');
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    format!("{out} (see --help)")
}

/// The `level`-th (from 1) of a file's levels, or an error naming the range.
pub fn pick<T>(items: Vec<T>, level: usize, file: &Path) -> Result<T, Failure> {
    let n = items.len();
    items
        .into_iter()
        .nth(level.wrapping_sub(1))
        .ok_or_else(|| Failure::bad(format!("{}: expected --level from 1 to {n}, found {level}", file.display())))
}

/// A `--moves` error: which move and character (the library's message starts with the move).
pub fn moves_error(file: &Path, e: ParseError) -> Failure {
    let col = e.column.unwrap_or(1);
    let msg = match e.message.strip_prefix("move ").and_then(|r| r.split_once(": ")) {
        Some((k, rest)) => format!("move {k}, character {col}: {rest}"),
        None => format!("character {col}: {}", e.message),
    };
    Failure::bad(format!("{}: --moves: {msg}", file.display()))
}

/// A move that parses but cannot be played: `text` is the whole `--moves` text, `column`
/// (1-based, in characters) where the move starts; a move is `(...)` or `width` characters.
pub fn illegal(file: &Path, k: usize, text: &str, column: usize, width: usize, why: impl std::fmt::Display) -> Failure {
    let rest: String = text.chars().skip(column - 1).collect();
    let written = match rest.find(')') {
        Some(end) if rest.starts_with('(') => rest[..=end].to_string(),
        _ if rest.starts_with('(') => rest,
        _ => rest.chars().take(width).collect(),
    };
    Failure::bad(format!("{}: --moves: move {k} {}, character {column}: {why}", file.display(), quote(&written)))
}

/// Why the window cannot open here, before trying: no display to open it on (X11 or Wayland).
pub fn no_display() -> Option<String> {
    #[cfg(all(unix, not(target_os = "macos")))]
    {
        let set = |v: &str| std::env::var_os(v).is_some_and(|x| !x.is_empty());
        if !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
            return Some(
                "cannot open the window: no display (neither DISPLAY nor WAYLAND_DISPLAY is set); \
                 the command line works without one: tumblebox --help"
                    .into(),
            );
        }
    }
    None
}

/// The window's start-up error as one short line: its first sentence, without the source
/// paths and backtraces a graphics library may add.
pub fn window_error(e: &str) -> String {
    let first = e.lines().next().unwrap_or("").trim();
    // A dependency's message may carry `at /path/to/src/file.rs:12:34` or `(/home/…)`.
    let cut = first.find(" at /").or_else(|| first.find(" (/")).or_else(|| first.find(".rs:")).unwrap_or(first.len());
    let mut why: String = first[..cut].chars().take(120).collect();
    if why.is_empty() {
        why = "the graphics system refused it".into();
    }
    format!("cannot open the window: {why} (the command line works without it: tumblebox --help)")
}
