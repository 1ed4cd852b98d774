//! Lights Out as text: a level and a move.
//!
//! A level is three rows of three cells, `*` a light on and `.` a light off, row 1 at the
//! top, after an optional title line starting with `;`:
//!
//! ```text
//! ; Centre
//! ...
//! .*.
//! ...
//! ```
//!
//! Blank lines may come before and after the rows, not between them. A pack (the built-in
//! levels, My levels) is levels one after another, a blank line between.
//!
//! A move is the pressed cell: its column's letter, `a` to `c` from the left, then its row's
//! number, `1` to `3` from the top (`a1` the top-left corner, `b2` the centre, `c3` the
//! bottom-right corner). Written in small letters; a capital is read too (a paste). A line of
//! moves is the moves separated by spaces (`b1 a2 b2`).

use super::{Lights, SIDE, bit, cells};
use crate::error::{ParseError, quote, quote_char};
use crate::grid::Pos;

/// What a cell with its light on is written as.
pub const ON: char = '*';
/// What a cell with its light off is written as.
pub const OFF: char = '.';

/// A level from its text (see the module): the position and its title (empty when it has
/// none). An error names the line and column.
pub fn parse(text: &str) -> Result<(Lights, String), ParseError> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut i = 0;
    while i < lines.len() && lines[i].trim().is_empty() {
        i += 1;
    }
    let mut title = String::new();
    if let Some(t) = lines.get(i).and_then(|l| l.strip_prefix(';')) {
        title = t.trim().to_string();
        i += 1;
    }
    let mut on = 0u16;
    for row in 0..SIDE {
        let n = i + row + 1;
        let Some(line) = lines.get(i + row) else {
            return Err(ParseError::line(
                n.max(1),
                format!("row {} of 3: three of `{ON}` (on) or `{OFF}` (off)", row + 1),
            ));
        };
        let cs: Vec<char> = line.chars().collect();
        if cs.is_empty() {
            return Err(ParseError::line(
                n,
                format!("row {} of 3: three of `{ON}` (on) or `{OFF}` (off), not a blank line", row + 1),
            ));
        }
        for (col, &c) in cs.iter().enumerate() {
            if col >= SIDE {
                return Err(ParseError::at(n, col + 1, format!("three cells in a row, found {}", cs.len())));
            }
            match c {
                ON => on |= bit(Pos::new(row, col)),
                OFF => {}
                _ => {
                    return Err(ParseError::at(
                        n,
                        col + 1,
                        format!("`{ON}` (on) or `{OFF}` (off), not {}", quote_char(c)),
                    ));
                }
            }
        }
        if cs.len() < SIDE {
            return Err(ParseError::at(n, cs.len() + 1, format!("three cells in a row, found {}", cs.len())));
        }
    }
    if let Some((k, l)) = lines.iter().enumerate().skip(i + SIDE).find(|(_, l)| !l.trim().is_empty()) {
        return Err(ParseError::at(k + 1, 1, format!("the end of the level (three rows), not {}", quote(l))));
    }
    Ok((Lights { on }, title))
}

/// A level as text (what [`parse`] reads): the title line when there is a title, then the
/// rows.
pub fn write(lights: &Lights, title: &str) -> String {
    let title: String = title.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let mut out = if title.trim().is_empty() { String::new() } else { format!("; {}\n", title.trim()) };
    out.push_str(&rows(lights).join("\n"));
    out.push('\n');
    out
}

/// The rows of a position, `*` and `.`.
pub fn rows(lights: &Lights) -> Vec<String> {
    (0..SIDE).map(|r| (0..SIDE).map(|c| if lights.lit(Pos::new(r, c)) { ON } else { OFF }).collect()).collect()
}

/// A pack's levels: levels one after another, a blank line between (titles and positions).
pub fn parse_pack(text: &str) -> Result<Vec<(Lights, String)>, ParseError> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim().is_empty() {
            i += 1;
            continue;
        }
        let end = (i..lines.len()).find(|&k| lines[k].trim().is_empty()).unwrap_or(lines.len());
        let block = lines[i..end].join("\n");
        let level = parse(&block).map_err(|mut e| {
            e.line += i;
            e
        })?;
        out.push(level);
        i = end;
    }
    Ok(out)
}

/// A cell's name: `b2`.
pub fn cell_name(cell: Pos) -> String {
    format!("{}{}", (b'a' + cell.col as u8) as char, cell.row + 1)
}

/// A move (a cell's name, see the module) from its text.
pub fn parse_move(text: &str) -> Result<Pos, String> {
    let cs: Vec<char> = text.chars().collect();
    let cell = match cs.as_slice() {
        [c, r] => {
            let col = ('a'..='c').position(|x| x == c.to_ascii_lowercase());
            let row = ('1'..='3').position(|x| x == *r);
            col.zip(row).map(|(col, row)| Pos::new(row, col))
        }
        _ => None,
    };
    cell.ok_or_else(|| format!("a cell: a column a to c and a row 1 to 3 (`b2`), not {}", quote(text)))
}

/// Every cell's name, row by row (`a1 b1 c1 a2 …`).
pub fn all_names() -> Vec<String> {
    cells().map(cell_name).collect()
}
