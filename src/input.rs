//! The one input convention of the four judges (and of every level file tumblebox reads).
//!
//! - A UTF-8 byte-order mark at the very start is ignored.
//! - Lines may end in LF, CRLF or a lone CR (old Mac editors), mixed freely; the last line may
//!   lack its line end. Spaces and tabs at the end of a line are ignored.
//! - Blank lines before, between and after cases are ignored.
//! - The multi-case formats (Vexed, pushing boxes) end at a line `0 0`, which may carry more
//!   text (`0 0 END`); the single-case formats (stacks, the shubbles box) end after their case.
//! - After the end only blank lines may follow: anything else is an error naming its line,
//!   since it is most often a second input pasted by mistake.
//!
//! [`decode`] does the first two for bytes; [`Lines`] walks the result line by line.
//!
//! Shared ground: depends on nothing in the crate but the rest of the ground (`grid`,
//! `scene`, `anim`, `error`, `input`, `cleanup`); every game may use it (a test checks).

use crate::error::{ParseError, quote};
use std::borrow::Cow;

/// The UTF-8 encoding of U+FEFF, the byte-order mark.
pub const BOM: &[u8] = b"\xef\xbb\xbf";

/// Drops a leading byte-order mark and turns CRLF and lone CR line ends into LF. Works on
/// bytes, so it serves ISO-8859-1 packs as well as UTF-8 text (CR and LF never occur inside a
/// UTF-8 multi-byte sequence).
pub fn normalize(bytes: &[u8]) -> Cow<'_, [u8]> {
    #[cfg(test)]
    NORMALIZED.with(|n| n.set(n.get() + 1));
    let body = bytes.strip_prefix(BOM).unwrap_or(bytes);
    if !body.contains(&b'\r') {
        return Cow::Borrowed(body);
    }
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        if b == b'\r' {
            out.push(b'\n');
            if body.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
        } else {
            out.push(b);
        }
        i += 1;
    }
    Cow::Owned(out)
}

#[cfg(test)]
thread_local! {
    /// How many times [`normalize`] ran on this thread (the loader's test counts its passes).
    pub static NORMALIZED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Judge input as text: [`normalize`], then UTF-8 (a bad byte is reported with its line and
/// column).
pub fn decode(bytes: &[u8]) -> Result<String, ParseError> {
    let bytes = normalize(bytes);
    crate::error::utf8(&bytes).map(str::to_string)
}

/// The most bytes any input may hold (a file, standard input, a pasted text): 256 MiB, far
/// above the largest real collection (a few MB), so a mistaken `/dev/zero` or a runaway pipe is
/// refused on one line instead of filling memory.
pub const MAX_INPUT: u64 = 256 << 20;

/// Reads everything `r` gives, refusing more than [`MAX_INPUT`] bytes.
pub fn read_capped(r: impl std::io::Read) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    r.take(MAX_INPUT + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("it holds more than {} MiB, the most an input may hold", MAX_INPUT >> 20),
        ));
    }
    Ok(bytes)
}

/// What a file system entry is, in words ("a folder", "a FIFO", "a device", ...).
pub fn kind_of(m: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = m.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if m.is_dir() {
        "a folder"
    } else if m.is_file() {
        "a regular file"
    } else {
        "something else"
    }
}

/// Reads a level file as the window opens one: only a regular file (a FIFO or a device would
/// block or never end, a folder is no file), at most [`MAX_INPUT`] bytes. The error is one
/// line without the file's name.
pub fn read_level_file(path: &std::path::Path) -> Result<Vec<u8>, String> {
    let m = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        _ => format!("cannot read it: {e}"),
    })?;
    if !m.is_file() {
        return Err(format!("it is {}, not a level file", kind_of(&m)));
    }
    if m.len() > MAX_INPUT {
        return Err(format!("it holds more than {} MiB, the most an input may hold", MAX_INPUT >> 20));
    }
    let f = std::fs::File::open(path).map_err(|e| format!("cannot read it: {e}"))?;
    read_capped(f).map_err(|e| format!("cannot read it: {e}"))
}

/// A line without its trailing spaces and tabs (and any stray CR).
pub fn trim_eol(line: &str) -> &str {
    line.trim_end_matches(['\r', ' ', '\t'])
}

/// A cursor over the lines of normalized text (1-based line numbers in errors).
pub struct Lines<'a> {
    lines: Vec<&'a str>,
    next: usize,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Lines<'a> {
        let mut lines: Vec<&str> = text.split('\n').map(trim_eol).collect();
        // A final line end leaves one empty string behind; it is not a line.
        if text.ends_with('\n') {
            lines.pop();
        }
        Lines { lines, next: 0 }
    }

    /// The number of lines.
    pub fn count(&self) -> usize {
        self.lines.len()
    }

    /// The 1-based number of the next line (one past the last at the end).
    pub fn line_number(&self) -> usize {
        self.next + 1
    }

    /// The 1-based number of the last line (at least 1), for end-of-input errors.
    pub fn last_line_number(&self) -> usize {
        self.lines.len().max(1)
    }

    /// Skips blank lines; false when the input is then exhausted.
    pub fn skip_blank(&mut self) -> bool {
        while self.next < self.lines.len() && self.lines[self.next].trim().is_empty() {
            self.next += 1;
        }
        self.next < self.lines.len()
    }

    /// The next line and its 1-based number.
    pub fn next_line(&mut self) -> Option<(usize, &'a str)> {
        let l = *self.lines.get(self.next)?;
        self.next += 1;
        Some((self.next, l))
    }

    /// The next `n` lines, if that many are left.
    pub fn take(&mut self, n: usize) -> Option<&[&'a str]> {
        if self.lines.len() - self.next < n {
            return None;
        }
        self.next += n;
        Some(&self.lines[self.next - n..self.next])
    }

    /// How many lines are left.
    pub fn left(&self) -> usize {
        self.lines.len() - self.next
    }

    /// Only blank lines may follow `what` (e.g. "the final `0 0` line").
    pub fn expect_end(&mut self, what: &str) -> Result<(), ParseError> {
        if !self.skip_blank() {
            return Ok(());
        }
        let (n, l) = self.next_line().expect("a line is left");
        let col = l.chars().take_while(|c| c.is_whitespace()).count() + 1;
        Err(ParseError::at(n, col, format!("expected nothing after {what}, found {}", quote(l.trim()))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends_and_bom() {
        assert_eq!(decode(b"\xef\xbb\xbfa\r\nb\rc\n\rd").unwrap(), "a\nb\nc\n\nd");
        assert_eq!(&*normalize(b"plain\n"), b"plain\n");
        // A BOM anywhere but the start is kept (and reported by the parser that meets it).
        assert_eq!(decode(b"a\xef\xbb\xbf").unwrap(), "a\u{feff}");
        // Bad UTF-8 is placed on the line counted with CR-only line ends.
        let e = decode(b"a\rb\r\xff").unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(1)));
    }

    #[test]
    fn lines_cursor() {
        let mut l = Lines::new("\n\nx  \ny\n\n");
        assert_eq!(l.count(), 5);
        assert!(l.skip_blank());
        assert_eq!(l.next_line(), Some((3, "x")));
        assert_eq!(l.take(1), Some(&["y"][..]));
        assert!(l.expect_end("the case").is_ok());
        let mut l = Lines::new("x\n\n  junk\n");
        l.next_line();
        let e = l.expect_end("the case").unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(3)));
        assert!(e.message.contains("`junk`"), "{e}");
    }
}
