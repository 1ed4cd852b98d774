//! A level's library as save files carry it: the solutions found for it (who found each, and
//! when) and snapshots (an unfinished game kept under a name), each a line of moves in the
//! game's notation played from the level's start. Also the one clock format tumblebox writes
//! (RFC 3339, UTC).
//!
//! ```text
//! solution player 2026-12-05T01:20:00Z uuLLddRRurD
//! snapshot 2026-12-05T01:25:10Z "before the corner" uuLL
//! ```

use crate::error::ParseError;

/// Who found a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Finder {
    /// The player, by their own moves.
    Player,
    /// The solver (Solve).
    Solver,
    /// The optimiser, from another solution of the library.
    Optimiser,
    /// A file (a save's library, or a solution read beside a level).
    File,
}

impl Finder {
    pub const ALL: [Finder; 4] = [Finder::Player, Finder::Solver, Finder::Optimiser, Finder::File];

    /// The word save files and the progress store use.
    pub fn word(self) -> &'static str {
        match self {
            Finder::Player => "player",
            Finder::Solver => "solver",
            Finder::Optimiser => "optimiser",
            Finder::File => "file",
        }
    }

    pub fn from_word(w: &str) -> Option<Finder> {
        Finder::ALL.into_iter().find(|f| f.word() == w)
    }

    /// As the library lists it.
    pub fn said(self) -> &'static str {
        match self {
            Finder::Player => "you",
            Finder::Solver => "the solver",
            Finder::Optimiser => "the optimiser",
            Finder::File => "a file",
        }
    }
}

/// A solution: moves from the level's start that solve it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The moves as one line in the game's notation.
    pub line: String,
    pub by: Finder,
    /// Seconds since 1970 (UTC).
    pub when: u64,
    /// The save file's line it was read from (0: not from a file), for messages.
    pub file_line: usize,
}

/// An unfinished game kept under a name: moves from the level's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub name: String,
    pub line: String,
    pub when: u64,
    /// The save file's line it was read from (0: not from a file).
    pub file_line: usize,
}

/// The longest snapshot name, in characters.
pub const NAME_MAX: usize = 60;

/// The most moves a library line (a solution or a snapshot) may hold: the run-length reader's
/// cap ([`crate::sokoban::xsb::MAX_MOVES`]). A line is replayed a move at a time; longer is
/// refused on one line, so nothing downstream meets a line it would hold a move apiece of.
pub const MAX_LINE_MOVES: usize = 1_000_000;

/// Whether a character has no place in a name: the hidden characters messages escape
/// ([`crate::error::hidden`]: control characters, bidirectional marks and overrides, the line
/// and paragraph separators, zero-width spaces, the byte-order mark) but the zero-width
/// joiner and non-joiner, which emoji and scripts need.
fn unfit(c: char) -> bool {
    crate::error::hidden(c) && !matches!(c, '\u{200c}' | '\u{200d}')
}

/// A snapshot's name as it is kept: one line, no hidden characters ([`unfit`]) or double
/// quotes (a save writes it between them), at most [`NAME_MAX`] characters; empty becomes
/// "snapshot". A save holds names only in this form ([`parse_snapshot`] refuses others).
pub fn clean_name(name: &str) -> String {
    let s: String = name.chars().map(|c| if unfit(c) || c == '"' { ' ' } else { c }).take(NAME_MAX).collect();
    let s = s.trim();
    if s.is_empty() { "snapshot".to_string() } else { s.to_string() }
}

/// Why a name read from a save is not one [`clean_name`] keeps: its column within the name
/// (from 1) and what was expected.
fn name_fault(name: &str) -> Option<(usize, String)> {
    if let Some((k, c)) = name.chars().enumerate().find(|&(_, c)| unfit(c)) {
        return Some((
            k + 1,
            format!("a snapshot name without hidden characters, not {}", crate::error::quote_char(c)),
        ));
    }
    if name.chars().count() > NAME_MAX {
        return Some((NAME_MAX + 1, format!("a snapshot name of at most {NAME_MAX} characters")));
    }
    (clean_name(name) != name).then(|| (1, "a snapshot name, not blank and without spaces at its ends".to_string()))
}

/// The clock now, in seconds since 1970.
pub fn now() -> u64 {
    crate::clock::SystemTime::now().duration_since(crate::clock::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Days since 1970-01-01 of a civil date (the proleptic Gregorian calendar).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day since 1970-01-01.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// A moment as RFC 3339 in UTC: `2026-12-05T01:20:00Z`.
pub fn rfc3339(secs: u64) -> String {
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let t = secs % 86_400;
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", t / 3600, t / 60 % 60, t % 60)
}

/// A moment as the window shows it: `2026-12-05 01:20 UTC`.
pub fn shown(secs: u64) -> String {
    let s = rfc3339(secs);
    format!("{} {} UTC", &s[..10], &s[11..16])
}

/// Reads [`rfc3339`]'s form (UTC, `Z`, whole seconds).
pub fn parse_rfc3339(text: &str) -> Option<u64> {
    let b = text.as_bytes();
    if b.len() != 20 || b[4] != b'-' || b[7] != b'-' || b[10] != b'T' || b[13] != b':' || b[16] != b':' || b[19] != b'Z'
    {
        return None;
    }
    // Digits only where the form has digits (`parse` would take a `+`).
    let num = |r: std::ops::Range<usize>| {
        let d = text.get(r)?;
        d.bytes().all(|b| b.is_ascii_digit()).then(|| d.parse::<u32>().ok())?
    };
    let (y, mo, d, h, mi, s) = (num(0..4)?, num(5..7)?, num(8..10)?, num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1970..=9999).contains(&y) || !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || s > 59 {
        return None;
    }
    let days = days_from_civil(y as i64, mo, d);
    // A day past the month's end (Feb 30) comes back as another date.
    (civil_from_days(days) == (y as i64, mo, d)).then(|| days as u64 * 86_400 + (h * 3600 + mi * 60 + s) as u64)
}

/// A `solution` line's value (after the word, at column `col`): `WHO WHEN MOVES…`. A value
/// that is wrong is placed at its column; a missing one names the line only (its column would
/// lie past the line's end).
pub fn parse_solution(rest: &str, line: usize, col: usize) -> Result<Found, ParseError> {
    let mut parts = rest.splitn(3, ' ');
    let who = parts.next().unwrap_or("");
    let by = match Finder::from_word(who) {
        Some(by) => by,
        None if who.is_empty() => {
            return Err(ParseError::line(line, "who found it (player, solver, optimiser or file), after `solution`"));
        }
        None => return Err(ParseError::at(line, col, "who found it: player, solver, optimiser or file")),
    };
    let when_col = col + who.chars().count() + 1;
    let when = parts.next().unwrap_or("");
    if when.is_empty() {
        return Err(ParseError::line(line, "when, as 2026-12-05T01:20:00Z (UTC), after who found it"));
    }
    let when =
        parse_rfc3339(when).ok_or_else(|| ParseError::at(line, when_col, "when, as 2026-12-05T01:20:00Z (UTC)"))?;
    let moves = parts.next().unwrap_or("").trim();
    if moves.is_empty() {
        return Err(ParseError::line(line, "the solution's moves after its date"));
    }
    Ok(Found { line: moves.to_string(), by, when, file_line: line })
}

/// A `snapshot` line's value: `WHEN "NAME" MOVES…` (no moves: the level's start). The name is
/// as [`clean_name`] keeps it; columns as [`parse_solution`] gives them.
pub fn parse_snapshot(rest: &str, line: usize, col: usize) -> Result<Snapshot, ParseError> {
    let (when, after) = rest.split_once(' ').unwrap_or((rest, ""));
    if when.is_empty() {
        return Err(ParseError::line(line, "when, as 2026-12-05T01:20:00Z (UTC), after `snapshot`"));
    }
    let when = parse_rfc3339(when).ok_or_else(|| ParseError::at(line, col, "when, as 2026-12-05T01:20:00Z (UTC)"))?;
    let name_col = col + 21;
    if after.is_empty() {
        return Err(ParseError::line(line, "the name, in double quotes, after the date"));
    }
    let after = after.strip_prefix('"').ok_or_else(|| ParseError::at(line, name_col, "the name, in double quotes"))?;
    let (name, moves) =
        after.split_once('"').ok_or_else(|| ParseError::line(line, "a closing `\"` after the snapshot's name"))?;
    if let Some((k, what)) = name_fault(name) {
        // A blank name (`""`) has no character of its own: its closing quote is named.
        return Err(ParseError::at(line, name_col + k.min(name.chars().count().max(1)), what));
    }
    Ok(Snapshot { name: name.to_string(), line: moves.trim().to_string(), when, file_line: line })
}

/// The lines a save writes for a library.
pub fn write_lines(found: &[Found], snapshots: &[Snapshot]) -> String {
    let mut out = String::new();
    for f in found {
        out.push_str(&format!("solution {} {} {}\n", f.by.word(), rfc3339(f.when), one(&f.line)));
    }
    for s in snapshots {
        out.push_str(&format!("snapshot {} \"{}\" {}\n", rfc3339(s.when), clean_name(&s.name), one(&s.line)));
    }
    out
}

/// A line of moves as a save keeps it: one line, no control characters but the tab a save may
/// hold (so a line read writes back as it was read).
fn one(s: &str) -> String {
    s.chars().map(|c| if c.is_control() && c != '\t' { ' ' } else { c }).collect::<String>().trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_and_match_known_days() {
        // Known instants (from `date -u -d @N`).
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_796_432_400), "2026-12-05T01:00:00Z");
        assert_eq!(shown(1_796_432_400), "2026-12-05 01:00 UTC");
        for s in [0u64, 59, 86_399, 951_782_400, 1_796_432_461, 4_102_444_800, 253_402_300_799] {
            assert_eq!(parse_rfc3339(&rfc3339(s)), Some(s), "{s}");
        }
        assert_eq!(parse_rfc3339("2026-02-30T00:00:00Z"), None);
        assert_eq!(parse_rfc3339("2026-12-05 01:00:00Z"), None);
        assert_eq!(parse_rfc3339("2026-12-05T24:00:00Z"), None);
    }

    #[test]
    fn lines_read_back() {
        let f = Found { line: "uuLL".into(), by: Finder::Optimiser, when: 1_796_432_400, file_line: 1 };
        let s = Snapshot {
            name: "before \"the\" corner\u{1b}".into(),
            line: "uu".into(),
            when: 1_796_432_401,
            file_line: 0,
        };
        let text = write_lines(std::slice::from_ref(&f), std::slice::from_ref(&s));
        assert_eq!(
            text,
            "solution optimiser 2026-12-05T01:00:00Z uuLL\nsnapshot 2026-12-05T01:00:01Z \"before  the  corner\" uu\n"
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(parse_solution(&lines[0][9..], 1, 10).unwrap(), f);
        let back = parse_snapshot(&lines[1][9..], 2, 10).unwrap();
        assert_eq!((back.name.as_str(), back.line.as_str()), ("before  the  corner", "uu"));
        assert_eq!(
            parse_solution("robot 2026-12-05T01:00:00Z uu", 3, 10).unwrap_err().to_string(),
            "line 3, column 10: who found it: player, solver, optimiser or file"
        );
        assert_eq!(
            parse_solution("player yesterday uu", 3, 10).unwrap_err().to_string(),
            "line 3, column 17: when, as 2026-12-05T01:20:00Z (UTC)"
        );
        assert!(
            parse_snapshot("2026-12-05T01:00:00Z name uu", 4, 10)
                .unwrap_err()
                .to_string()
                .starts_with("line 4, column 31")
        );
    }
}
