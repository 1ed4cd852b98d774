//! UVa 589 mazes: `r c`, then r rows over `# . S B T`; `0 0` ends the input.

use super::rules::{Level, Position};
use crate::error::{ParseError, quote, quote_char};
use crate::grid::{Grid, Pos};
use crate::input::Lines;

/// One maze of a UVa 589 input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Maze {
    pub level: Level,
    pub start: Position,
}

/// The largest side UVa 589 allows.
pub const MAX_SIDE: i64 = 20;

/// Parses a whole UVa 589 input up to and including `0 0`, under the judges' input
/// convention ([`crate::input`]): blank lines around mazes are skipped, the `0 0` line may
/// carry more text (`0 0 END`), and only blank lines may follow it.
pub fn parse_judge(text: &str) -> Result<Vec<Maze>, ParseError> {
    let mut lines = Lines::new(text);
    let mut mazes = Vec::new();
    loop {
        if !lines.skip_blank() {
            return Err(ParseError::line(
                lines.last_line_number(),
                "expected a line `r c` or the final `0 0` line, found the end of the input",
            ));
        }
        let (header_line, header) = lines.next_line().expect("a line is left");
        let mut toks = crate::error::Tokens::new(header);
        let (r, t) = toks.int("r (the number of rows)", 0, MAX_SIDE).map_err(|e| relocate(e, header_line))?;
        let (c, _) = toks.int("c (the number of columns)", 0, MAX_SIDE).map_err(|e| relocate(e, header_line))?;
        if r == 0 && c == 0 {
            lines.expect_end("the final `0 0` line")?;
            return Ok(mazes);
        }
        if let Some(extra) = toks.next_token() {
            return Err(ParseError::at(
                header_line,
                extra.column,
                format!("expected nothing after `r c`, found {}", quote(extra.text)),
            ));
        }
        if r == 0 || c == 0 {
            return Err(ParseError::at(header_line, t.column, "expected both sizes positive (or `0 0` to end)"));
        }
        let (r, c) = (r as usize, c as usize);
        let Some(rows) = lines.take(r) else {
            return Err(ParseError::line(
                lines.last_line_number(),
                format!("expected {r} maze rows (from line {}), found the end of the input", header_line + 1),
            ));
        };
        mazes.push(parse_rows(rows, header_line + 1, c)?);
    }
}

fn relocate(mut e: ParseError, line: usize) -> ParseError {
    e.line = line;
    e
}

/// Parses maze rows (`first_line` is the 1-based line of the first row).
pub fn parse_rows(rows: &[&str], first_line: usize, cols: usize) -> Result<Maze, ParseError> {
    let mut walls = Vec::with_capacity(rows.len() * cols);
    let mut found: [Option<(Pos, usize, usize)>; 3] = [None; 3];
    for (r, row) in rows.iter().enumerate() {
        let line = first_line + r;
        let n = row.chars().count();
        if n != cols {
            return Err(ParseError::at(line, n.min(cols) + 1, format!("expected a row of {cols} cells, found {n}")));
        }
        for (c, ch) in row.chars().enumerate() {
            let slot = match ch {
                '#' => {
                    walls.push(true);
                    continue;
                }
                '.' => None,
                'S' => Some(0),
                'B' => Some(1),
                'T' => Some(2),
                _ => {
                    return Err(ParseError::at(
                        line,
                        c + 1,
                        format!(
                            "expected `#` (rock), `.` (empty), `S` (you), `B` (box) or `T` (target), found {}",
                            quote_char(ch)
                        ),
                    ));
                }
            };
            walls.push(false);
            if let Some(k) = slot {
                if let Some((_, l0, c0)) = found[k] {
                    return Err(ParseError::at(
                        line,
                        c + 1,
                        format!("expected one `{ch}`, found a second (the first is at line {l0}, column {c0})"),
                    ));
                }
                found[k] = Some((Pos::new(r, c), line, c + 1));
            }
        }
    }
    let last = first_line + rows.len().saturating_sub(1);
    let get = |k: usize, what: &str| {
        found[k]
            .map(|(p, _, _)| p)
            .ok_or_else(|| ParseError::line(last, format!("expected one `{what}` in the maze, found none")))
    };
    let player = get(0, "S")?;
    let boxp = get(1, "B")?;
    let target = get(2, "T")?;
    Ok(Maze {
        level: Level {
            walls: Grid::from_cells(rows.len(), cols, walls),
            goals: vec![target],
            outside: Grid::filled(rows.len(), cols, false),
        },
        start: Position { player, boxes: vec![boxp] },
    })
}

/// Writes a maze in the UVa 589 format (without the final `0 0`).
pub fn write(maze: &Maze) -> String {
    let walls = &maze.level.walls;
    let mut s = format!("{} {}\n", walls.rows(), walls.cols());
    for r in 0..walls.rows() {
        for c in 0..walls.cols() {
            let p = Pos::new(r, c);
            s.push(if walls[p] {
                '#'
            } else if p == maze.start.player {
                'S'
            } else if maze.start.boxes.contains(&p) {
                'B'
            } else if maze.level.goals.contains(&p) {
                'T'
            } else {
                '.'
            });
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_places() {
        let e = parse_judge("1 3\nSB\n0 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(3)));
        let e = parse_judge("1 4\nSBTS\n0 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(4)));
        assert!(e.message.contains("second"), "{e}");
        let e = parse_judge("1 3\nSB.\n0 0\n").unwrap_err();
        assert!(e.message.contains("`T`"), "{e}");
        let e = parse_judge("1 21\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, Some(3)));
        let e = parse_judge("1 3\nSBT\n").unwrap_err();
        assert!(e.message.contains("`0 0`"), "{e}");
        let e = parse_judge("1 3\nSxT\n0 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(2)));
    }
}
