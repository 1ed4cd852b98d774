//! `tumblebox sokoban bench --merge`: shards' CSVs (`sokoban bench --csv`) joined into the
//! collection's summary and one CSV, streamed: each file is read a row at a time and the files
//! are merged by index as they are read (each lists its levels in increasing order, as the
//! bench writes them), so a million rows take the memory of one row per file.
//!
//! Every field is checked, and a row must not contradict itself: a level is solved exactly when
//! its search ended `solved`; a solved row's solution is LURD (at most [`xsb::MAX_MOVES`]
//! moves) whose length and capitals are its moves and pushes; an unsolved row has none of
//! them and is not proven. Levels below the highest merged that no file holds are counted
//! (a shard left out). Every message names the file and its line.

use super::bench::{HEADER, HEADER_V1, Row};
use super::xsb;
use crate::error::{ParseError, one_line, quote};
use std::collections::BinaryHeap;
use std::io::BufRead;

/// The longest row read, in bytes (a solution of [`xsb::MAX_MOVES`] moves and the other
/// fields fit with room to spare); longer is refused.
pub const MAX_ROW: usize = 2 << 20;

/// The most fields a row may have (a bench CSV has 10 or 11).
const MAX_FIELDS: usize = 64;

/// How many unsolved levels and missing ranges the summary lists (the rest are counted).
pub const LISTED: usize = 100;

/// Records of an RFC 4180 text read from a stream under the one input convention (a BOM
/// ignored; LF, CRLF and a lone CR end a line; UTF-8; at most [`crate::input::MAX_INPUT`]
/// bytes), a record at a time: quoted fields may hold commas, doubled quotes and line breaks
/// (read as LF).
pub struct CsvReader<R> {
    r: R,
    rec: Record,
}

/// The record being read, and where the reader is.
struct Record {
    /// The line the next byte is on.
    line: usize,
    /// The line the record starts on.
    start: usize,
    /// A CR was the last byte (a LF right after it ends the same line).
    after_cr: bool,
    /// At the start: how many of a byte-order mark's bytes were read (`None`: past it).
    bom: Option<usize>,
    read: u64,
    q: Quoting,
    /// The record's bytes as read (line ends as LF), for the place of a bad byte.
    raw: Vec<u8>,
    /// The record's fields' text, one after the other, and where each ends.
    text: Vec<u8>,
    ends: Vec<usize>,
}

/// Where a record is in the quoting.
#[derive(Clone, Copy, PartialEq)]
enum Quoting {
    /// Outside quotes; `fresh`: nothing of this field read yet.
    Plain {
        fresh: bool,
    },
    Quoted,
    /// A quote inside a quoted field: a second one is a quote; a comma or the line's end
    /// closes the field; anything else is refused.
    QuoteInQuoted,
}

impl<R: BufRead> CsvReader<R> {
    pub fn new(r: R) -> Self {
        let rec = Record {
            line: 1,
            start: 1,
            after_cr: false,
            bom: Some(0),
            read: 0,
            q: Quoting::Plain { fresh: true },
            raw: Vec::new(),
            text: Vec::new(),
            ends: Vec::new(),
        };
        CsvReader { r, rec }
    }

    /// The next record: the line it starts on and its fields; `None` at the end. A blank line
    /// is a record of one empty field.
    pub fn next_record(&mut self) -> Result<Option<(usize, Vec<&str>)>, ParseError> {
        let rec = &mut self.rec;
        rec.raw.clear();
        rec.text.clear();
        rec.ends.clear();
        rec.start = rec.line;
        rec.q = Quoting::Plain { fresh: true };
        loop {
            let buf = self.r.fill_buf().map_err(|e| ParseError::line(rec.line, format!("cannot read: {e}")))?;
            if buf.is_empty() {
                break;
            }
            let (mut used, mut done) = (0, false);
            for &b in buf {
                used += 1;
                if rec.feed(b)? {
                    done = true;
                    break;
                }
            }
            self.r.consume(used);
            rec.read += used as u64;
            if rec.read > crate::input::MAX_INPUT {
                return Err(ParseError::line(
                    rec.line,
                    format!("at most {} MiB in all, the most an input may hold", crate::input::MAX_INPUT >> 20),
                ));
            }
            if done {
                return rec.finish().map(Some);
            }
        }
        // Bytes held as a BOM's start are the text's after all.
        if let Some(k) = rec.bom.take() {
            for &held in &crate::input::BOM[..k] {
                rec.byte(held)?;
            }
        }
        match rec.q {
            Quoting::Quoted => Err(ParseError::line(rec.start, "a quoted field closed before the file ends")),
            _ if rec.raw.is_empty() => Ok(None),
            _ => {
                rec.end_field()?;
                rec.finish().map(Some)
            }
        }
    }
}

impl Record {
    /// One byte as read: a BOM at the start dropped, line ends made LF; whether it ends the
    /// record.
    fn feed(&mut self, b: u8) -> Result<bool, ParseError> {
        if let Some(k) = self.bom {
            if b == crate::input::BOM[k] {
                self.bom = (k < 2).then_some(k + 1);
                return Ok(false);
            }
            self.bom = None;
            for &held in &crate::input::BOM[..k] {
                self.byte(held)?;
            }
        }
        // A CR is a line end; a LF right after a CR is the same one.
        match (b, std::mem::replace(&mut self.after_cr, b == b'\r')) {
            (b'\n', true) => Ok(false),
            (b'\r', _) => self.byte(b'\n'),
            _ => self.byte(b),
        }
    }

    /// One byte of a record (line ends already LF): whether it ends the record.
    fn byte(&mut self, b: u8) -> Result<bool, ParseError> {
        self.raw.push(b);
        if self.raw.len() > MAX_ROW {
            return Err(ParseError::line(self.start, format!("a row of at most {} MiB", MAX_ROW >> 20)));
        }
        if b == b'\n' {
            self.line += 1;
        }
        self.q = match (self.q, b) {
            (Quoting::Plain { fresh: true }, b'"') => Quoting::Quoted,
            (Quoting::Plain { .. } | Quoting::QuoteInQuoted, b',') => {
                self.end_field()?;
                Quoting::Plain { fresh: true }
            }
            (Quoting::Plain { .. } | Quoting::QuoteInQuoted, b'\n') => {
                self.end_field()?;
                return Ok(true);
            }
            (Quoting::Plain { .. }, _) => {
                self.text.push(b);
                Quoting::Plain { fresh: false }
            }
            (Quoting::Quoted, b'"') => Quoting::QuoteInQuoted,
            (Quoting::Quoted, _) => {
                self.text.push(b);
                Quoting::Quoted
            }
            (Quoting::QuoteInQuoted, b'"') => {
                self.text.push(b'"');
                Quoting::Quoted
            }
            (Quoting::QuoteInQuoted, _) => {
                return Err(ParseError::line(
                    self.line,
                    "a comma or the line's end after a quoted field's closing quote",
                ));
            }
        };
        Ok(false)
    }

    fn end_field(&mut self) -> Result<(), ParseError> {
        if self.ends.len() == MAX_FIELDS {
            return Err(ParseError::line(self.start, format!("a row of at most {MAX_FIELDS} fields")));
        }
        self.ends.push(self.text.len());
        Ok(())
    }

    /// The record read: its text checked as UTF-8 (a bad byte named by line and column).
    fn finish(&self) -> Result<(usize, Vec<&str>), ParseError> {
        if let Err(mut e) = crate::error::utf8(&self.raw) {
            e.line += self.start - 1;
            return Err(e);
        }
        // The fields' text is the record's less ASCII quotes: UTF-8 too.
        let text = std::str::from_utf8(&self.text)
            .map_err(|_| ParseError::line(self.start, "expected UTF-8 text, found a byte that is not UTF-8"))?;
        let mut from = 0;
        let fields = self
            .ends
            .iter()
            .map(|&end| {
                let f = &text[from..end];
                from = end;
                f
            })
            .collect();
        Ok((self.start, fields))
    }
}

/// A number written in digits only (no sign, no spaces).
fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// One row of a bench CSV, checked: its pack and the row. The error says what was expected.
fn parse_row(f: &[&str], has_ended: bool) -> Result<(String, Row), String> {
    let want = if has_ended { 11 } else { 10 };
    if f.len() != want {
        return Err(format!("expected {want} fields, found {}", f.len()));
    }
    let num = |i: usize, what: &str| {
        digits(f[i]).ok_or_else(|| format!("expected {what} as a number, found {}", quote(f[i])))
    };
    let count = |i: usize, what: &str| -> Result<Option<usize>, String> {
        if f[i].is_empty() { Ok(None) } else { num(i, what).map(|n| Some(n as usize)) }
    };
    let flag = |i: usize, what: &str| match f[i] {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(format!("expected {what} as true or false, found {}", quote(other))),
    };
    if f[0].is_empty() {
        return Err("expected the collection's name in the pack field, found it empty".into());
    }
    let index = num(1, "the index").and_then(|i| {
        usize::try_from(i).ok().filter(|&i| i > 0).ok_or_else(|| "expected the index from 1".to_string())
    })?;
    let solved = flag(4, "solved")?;
    let ended = if has_ended {
        *super::bench::ENDINGS.iter().find(|k| **k == f[10]).ok_or_else(|| {
            format!("expected how it ended (solved, unsolvable, time, states, boxes), found {}", quote(f[10]))
        })?
    } else if solved {
        "solved"
    } else {
        // Before `ended` was written: an unsolved row is taken as stopped by a limit.
        "time"
    };
    let row = Row {
        index,
        title: f[2].to_string(),
        boxes: num(3, "the boxes")? as usize,
        solved,
        pushes: count(5, "the pushes")?,
        moves: count(6, "the moves")?,
        proven: flag(7, "proven")?,
        millis: num(8, "the milliseconds")? as u128,
        solution: f[9].to_string(),
        states: 0,
        expanded: 0,
        ended,
    };
    check_row(&row)?;
    Ok((f[0].to_string(), row))
}

/// A row that does not contradict itself.
fn check_row(r: &Row) -> Result<(), String> {
    if r.solved != (r.ended == "solved") {
        return Err(format!(
            "expected ended `solved` exactly when solved is true (a level is solved when its search ended so), found solved {} with ended {}",
            r.solved, r.ended
        ));
    }
    if !r.solved {
        if r.proven {
            return Err("expected proven false on an unsolved level, found proven true".into());
        }
        if r.pushes.is_some() || r.moves.is_some() || !r.solution.is_empty() {
            return Err("expected an unsolved level's pushes, moves and solution empty".into());
        }
        return Ok(());
    }
    if let Some((k, c)) = r.solution.chars().enumerate().find(|(_, c)| !"lurdLURD".contains(*c)) {
        return Err(format!(
            "expected a solved level's solution as LURD moves (`lurd` walk, `LURD` push), found {} at its character {}",
            crate::error::quote_char(c),
            k + 1
        ));
    }
    let moves = r.solution.len();
    if moves == 0 || moves > xsb::MAX_MOVES {
        return Err(format!("expected a solved level's solution of 1 to {} moves, found {moves}", xsb::MAX_MOVES));
    }
    let pushes = r.solution.bytes().filter(u8::is_ascii_uppercase).count();
    if r.moves != Some(moves) {
        return Err(format!("expected moves {moves} (the solution's length), found {}", shown(r.moves)));
    }
    if r.pushes != Some(pushes) {
        return Err(format!("expected pushes {pushes} (the solution's capital letters), found {}", shown(r.pushes)));
    }
    Ok(())
}

fn shown(n: Option<usize>) -> String {
    n.map_or("none".into(), |n| n.to_string())
}

/// A row as read: where it is, its pack and the row.
pub struct ReadRow {
    pub line: usize,
    pub pack: String,
    pub row: Row,
}

/// One bench CSV read a row at a time, each row checked, the levels in increasing order.
pub struct Shard<R> {
    pub name: String,
    csv: CsvReader<R>,
    has_ended: bool,
    last: Option<usize>,
}

impl<R: BufRead> Shard<R> {
    /// Reads the header; `name` is the file's name for messages.
    pub fn open(name: &str, r: R) -> Result<Self, String> {
        let mut csv = CsvReader::new(r);
        let has_ended = match csv.next_record().map_err(|e| format!("{name}: {e}"))? {
            Some((_, h)) if h.len() == 11 && h.join(",") == HEADER => true,
            Some((_, h)) if h.len() == 10 && h.join(",") == HEADER_V1 => false,
            Some((line, _)) => return Err(format!("{name}: line {line}: expected the header `{HEADER}`")),
            None => return Err(format!("{name}: expected the header `{HEADER}`, found an empty file")),
        };
        Ok(Shard { name: name.to_string(), csv, has_ended, last: None })
    }

    /// The next row (blank lines skipped), checked; `None` at the end.
    pub fn next_row(&mut self) -> Result<Option<ReadRow>, String> {
        let name = &self.name;
        loop {
            let Some((line, f)) = self.csv.next_record().map_err(|e| format!("{name}: {e}"))? else {
                return Ok(None);
            };
            if f.len() == 1 && f[0].is_empty() {
                continue;
            }
            let (pack, row) = parse_row(&f, self.has_ended).map_err(|e| format!("{name}: line {line}: {e}"))?;
            if let Some(last) = self.last.filter(|&l| l >= row.index) {
                return Err(format!(
                    "{name}: line {line}: level {} after level {last}: expected the levels in increasing order, each once (as `sokoban bench --csv` writes them)",
                    row.index
                ));
            }
            self.last = Some(row.index);
            return Ok(Some(ReadRow { line, pack, row }));
        }
    }
}

/// What a merge found: the collection and its counts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Merged {
    pub pack: String,
    pub files: usize,
    pub rows: usize,
    pub solved: usize,
    pub proven: usize,
    pub unsolvable: usize,
    /// Unsolved rows a limit stopped.
    pub limited: usize,
    pub millis: u128,
    /// The first [`LISTED`] unsolved levels and how each ended.
    pub unsolved: Vec<(usize, &'static str)>,
    /// Levels below the highest merged that no file holds, in how many ranges, and the first
    /// [`LISTED`] ranges.
    pub missing: usize,
    pub ranges: usize,
    pub missing_ranges: Vec<(usize, usize)>,
}

impl Merged {
    /// Whether the summary is of less than the whole: a level a limit stopped, or missing.
    pub fn partial(&self) -> bool {
        self.limited > 0 || self.missing > 0
    }

    /// The summary, as `sokoban bench` prints its own.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{}: {}/{} solved, {} proven push-optimal{}, merged from {} file{}; {:.1} s of search in all\n",
            one_line(&self.pack),
            self.solved,
            self.rows,
            self.proven,
            if self.unsolvable > 0 { format!(", {} shown unsolvable", self.unsolvable) } else { String::new() },
            self.files,
            if self.files == 1 { "" } else { "s" },
            // Whole milliseconds summed, then divided: never a negative zero.
            self.millis as f64 / 1000.0,
        );
        let more = |listed: usize, all: usize| {
            if all > listed { format!(", and {} more", all - listed) } else { String::new() }
        };
        let unsolved = self.rows - self.solved;
        if unsolved > 0 {
            let list: Vec<String> = self.unsolved.iter().map(|(i, e)| format!("{i} ({e})")).collect();
            s.push_str(&format!("unsolved: {}{}\n", list.join(", "), more(list.len(), unsolved)));
        }
        if self.missing > 0 {
            let list: Vec<String> = self
                .missing_ranges
                .iter()
                .map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") })
                .collect();
            s.push_str(&format!(
                "missing: {} level{} in no CSV (a shard left out?): {}{}\n",
                self.missing,
                if self.missing == 1 { "" } else { "s" },
                list.join(", "),
                more(list.len(), self.ranges),
            ));
        }
        s
    }
}

/// Why a merge stopped: an input refused (its message), or the output could not be written.
#[derive(Debug)]
pub enum MergeError {
    Bad(String),
    Write(std::io::Error),
}

/// Merges the shards by index, each level once and one collection, calling `each` with every
/// row in order (to write the merged CSV); the counts for the summary.
pub fn merge<R: BufRead>(
    shards: &mut [Shard<R>],
    each: &mut dyn FnMut(&str, &Row) -> std::io::Result<()>,
) -> Result<Merged, MergeError> {
    let bad = MergeError::Bad;
    let mut heads: Vec<Option<ReadRow>> = Vec::with_capacity(shards.len());
    let mut heap = BinaryHeap::new();
    for (k, s) in shards.iter_mut().enumerate() {
        let head = s.next_row().map_err(bad)?;
        if let Some(h) = &head {
            heap.push(std::cmp::Reverse((h.row.index, k)));
        }
        heads.push(head);
    }
    let mut m = Merged { files: shards.len(), ..Merged::default() };
    // The last row merged: its index and where it was read.
    let mut last: Option<(usize, usize, usize)> = None;
    while let Some(std::cmp::Reverse((index, k))) = heap.pop() {
        // (Every shard in the heap has its head.)
        let Some(ReadRow { line, pack, row }) = heads[k].take() else { continue };
        let name = &shards[k].name;
        if m.rows == 0 {
            m.pack = pack;
        } else if pack != m.pack {
            return Err(bad(format!(
                "{name}: line {line}: a row of {}, after rows of {}: merge one collection at a time",
                quote(&pack),
                quote(&m.pack)
            )));
        }
        let after = match last {
            Some((i, other, other_line)) if i == index => {
                return Err(bad(format!(
                    "{name}: line {line}: level {index} of {} is in {} too (line {other_line}): merge each shard once",
                    quote(&m.pack),
                    shards[other].name
                )));
            }
            Some((i, _, _)) => i,
            None => 0,
        };
        if index > after + 1 {
            m.missing += index - after - 1;
            m.ranges += 1;
            if m.missing_ranges.len() < LISTED {
                m.missing_ranges.push((after + 1, index - 1));
            }
        }
        last = Some((index, k, line));
        m.rows += 1;
        m.solved += usize::from(row.solved);
        m.proven += usize::from(row.proven);
        m.millis += row.millis;
        if !row.solved {
            if row.ended == "unsolvable" {
                m.unsolvable += 1;
            } else {
                m.limited += 1;
            }
            if m.unsolved.len() < LISTED {
                m.unsolved.push((index, row.ended));
            }
        }
        each(&m.pack, &row).map_err(MergeError::Write)?;
        let next = shards[k].next_row().map_err(bad)?;
        if let Some(n) = &next {
            heap.push(std::cmp::Reverse((n.row.index, k)));
        }
        heads[k] = next;
    }
    if m.rows == 0 {
        let names: Vec<&str> = shards.iter().map(|s| s.name.as_str()).collect();
        return Err(bad(format!(
            "{}: no level to merge: {} only a header",
            names.join(", "),
            if names.len() == 1 { "the file holds" } else { "each file holds" }
        )));
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every record of `bytes`, read through a buffer of `cap` bytes.
    fn records(bytes: &[u8], cap: usize) -> Result<Vec<(usize, Vec<String>)>, String> {
        let mut r = CsvReader::new(std::io::BufReader::with_capacity(cap, bytes));
        let mut out = Vec::new();
        while let Some((line, f)) = r.next_record().map_err(|e| e.to_string())? {
            out.push((line, f.iter().map(|s| s.to_string()).collect()));
        }
        Ok(out)
    }

    #[test]
    fn the_reader_keeps_the_input_convention_across_its_buffer() {
        let text = b"\xef\xbb\xbfa,\"b,\"\"c\"\"\r\nd\"\r\n\r\n\"e\"\rf,\xc3\xa9\n";
        let want = vec![
            (1, vec!["a".to_string(), "b,\"c\"\nd".to_string()]),
            (3, vec![String::new()]),
            (4, vec!["e".to_string()]),
            (5, vec!["f".to_string(), "é".to_string()]),
        ];
        for cap in [1, 2, 3, 5, 4096] {
            assert_eq!(records(text, cap).unwrap(), want, "a buffer of {cap}");
        }
        // A BOM's first bytes alone are text (and not UTF-8); a quote left open is named.
        assert!(records(b"\xef\xbb", 1).unwrap_err().starts_with("line 1, column 1: expected UTF-8"));
        assert_eq!(records(b"a\n\"b\nc", 1).unwrap_err(), "line 2: a quoted field closed before the file ends");
        assert_eq!(
            records(b"a\n\"b\"c\n", 4096).unwrap_err(),
            "line 2: a comma or the line's end after a quoted field's closing quote"
        );
        assert_eq!(
            records(b"a\nb,\xff\n", 2).unwrap_err(),
            "line 2, column 3: expected UTF-8 text, found a byte that is not UTF-8"
        );
        assert!(records(&[b','; MAX_FIELDS + 1], 4096).unwrap_err().contains("at most 64 fields"));
    }
}
