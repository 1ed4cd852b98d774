//! Errors with a place: every parser in tumblebox reports the line (and column where it
//! applies) and what it expected. The library only returns these; the binary decides the
//! wording on stderr and the exit status.
//!
//! Shared ground: depends on nothing in the crate but the rest of the ground (`grid`,
//! `scene`, `anim`, `error`, `input`, `cleanup`); every game may use it (a test checks).

use std::fmt;

/// A problem found while reading text input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters), where one applies.
    pub column: Option<usize>,
    /// What was wrong, phrased as what was expected.
    pub message: String,
}

impl ParseError {
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
        ParseError { line, column: Some(column), message: message.into() }
    }

    pub fn line(line: usize, message: impl Into<String>) -> Self {
        ParseError { line, column: None, message: message.into() }
    }
}

/// "1 goal", "2 goals": a count with its noun in the right number.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {}: {}", self.line, c, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// The longest piece of input quoted in a message, in characters; longer ones are cut with `…`.
pub const QUOTE_MAX: usize = 24;

/// Whether a character would be invisible or would act on a terminal: control characters
/// (ESC, CR, NUL, ...), the byte-order mark, zero-width and bidirectional marks and overrides,
/// the line and paragraph separators. Messages escape these; names kept in files hold none.
pub fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}')
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\0' => out.push_str("\\0"),
        c if hidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        c => out.push(c),
    }
}

/// A piece of input as a message shows it: in backquotes, with hidden characters escaped
/// (`\u{1b}`, `\r`, `\u{feff}`, ...) and cut to [`QUOTE_MAX`] characters with `…`.
pub fn quote(text: &str) -> String {
    let mut out = String::from("`");
    for (i, c) in text.chars().enumerate() {
        if i == QUOTE_MAX {
            out.push('…');
            break;
        }
        push_escaped(&mut out, c);
    }
    out.push('`');
    out
}

/// A field of a CSV file (RFC 4180): hidden characters escaped as [`quote`] escapes them (so
/// a row is one line and a title cannot drive a terminal showing the file), a field that
/// a spreadsheet would run as a formula (first character `=`, `+`, `-`, `@`, tab or CR, the
/// OWASP CSV-injection list) prefixed with `'`, and a field holding a comma, a quote or that
/// prefix wrapped in double quotes with its quotes doubled.
pub fn csv_field(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut s, c);
    }
    let formula = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if formula {
        s.insert(0, '\'');
    }
    if formula || s.contains([',', '"']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s }
}

/// One character of input, as [`quote`] shows it.
pub fn quote_char(c: char) -> String {
    quote(c.encode_utf8(&mut [0; 4]))
}

/// A message made safe for one line of a terminal: every hidden character escaped (a line
/// break becomes `\n`), so nothing in it can end the line or drive the terminal.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// Decodes input bytes as UTF-8, naming the line and column of the first bad byte.
pub fn utf8(bytes: &[u8]) -> Result<&str, ParseError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
        ParseError::at(line, column, "expected UTF-8 text, found a byte that is not UTF-8")
    })
}

/// Whitespace-separated tokens with their positions, for the numeric judge formats.
pub struct Tokens<'a> {
    lines: Vec<&'a str>,
    line: usize,
    col: usize,
}

/// One token and where it starts (1-based line and column).
#[derive(Debug, Clone, Copy)]
pub struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
    pub column: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Self {
        Tokens { lines: text.split('\n').collect(), line: 0, col: 0 }
    }

    /// The 1-based line where the next token would be looked for (for end-of-input errors).
    pub fn line_number(&self) -> usize {
        self.line.min(self.lines.len().saturating_sub(1)) + 1
    }

    pub fn next_token(&mut self) -> Option<Token<'a>> {
        while self.line < self.lines.len() {
            let l = self.lines[self.line];
            let rest = &l[self.col..];
            let skipped = rest.len() - rest.trim_start().len();
            let start = self.col + skipped;
            if start >= l.len() {
                self.line += 1;
                self.col = 0;
                continue;
            }
            let tail = &l[start..];
            let len = tail.find(char::is_whitespace).unwrap_or(tail.len());
            self.col = start + len;
            return Some(Token { text: &tail[..len], line: self.line + 1, column: l[..start].chars().count() + 1 });
        }
        None
    }

    /// Reads an integer in `lo..=hi`; `what` names it in the error.
    pub fn int(&mut self, what: &str, lo: i64, hi: i64) -> Result<(i64, Token<'a>), ParseError> {
        let line = self.line_number();
        let t = self.next_token().ok_or_else(|| {
            ParseError::line(
                line,
                format!("expected {what} (an integer from {lo} to {hi}), found the end of the input"),
            )
        })?;
        let v: i64 = t.text.parse().map_err(|_| {
            ParseError::at(
                t.line,
                t.column,
                format!("expected {what} (an integer from {lo} to {hi}), found {}", quote(t.text)),
            )
        })?;
        if v < lo || v > hi {
            return Err(ParseError::at(t.line, t.column, format!("expected {what} from {lo} to {hi}, found {v}")));
        }
        Ok((v, t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_error_names_line_and_column() {
        let e = utf8(b"ab\ncd\xffe").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(3)));
    }

    #[test]
    fn csv_fields_are_one_line_and_never_formulas() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_field("+1"), "\"'+1\"");
        assert_eq!(csv_field("@SUM(A1)"), "\"'@SUM(A1)\"");
        assert_eq!(csv_field("a\u{1b}[2Jb\nc"), "a\\u{1b}[2Jb\\nc");
        assert_eq!(csv_field("\tx"), "\"'\\tx\"");
    }

    #[test]
    fn quotes_are_short_and_visible() {
        assert_eq!(quote("abc"), "`abc`");
        assert_eq!(quote("a\u{1b}[31mb\r\0"), "`a\\u{1b}[31mb\\r\\0`");
        assert_eq!(quote("\u{feff}4"), "`\\u{feff}4`");
        let long = "x".repeat(1_000_000);
        let q = quote(&long);
        assert_eq!(q.chars().count(), QUOTE_MAX + 3);
        assert!(q.ends_with("…`"));
        assert_eq!(one_line("a\nb\u{1b}c"), "a\\nb\\u{1b}c");
        assert_eq!(quote_char('\u{7}'), "`\\u{7}`");
    }

    #[test]
    fn tokens_track_positions() {
        let mut t = Tokens::new("4 5\n  x 12\n");
        assert_eq!(t.int("rows", 0, 9).unwrap().0, 4);
        assert_eq!(t.int("cols", 0, 9).unwrap().0, 5);
        let e = t.int("n", 0, 9).unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(3)));
        let e = t.int("n", 0, 9).unwrap_err();
        assert!(e.message.contains("from 0 to 9"), "{e}");
        let e = t.int("n", 0, 9).unwrap_err();
        assert!(e.message.contains("end of the input"), "{e}");
    }
}
