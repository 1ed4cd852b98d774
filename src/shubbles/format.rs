//! Shubbles text: the 29-character state, the operation string, and the ASCII picture of a
//! state in its orientation (the 0.65 bonus tier), with `*` just outside the opening.

use super::rules::{CELLS, COLS, Content, OUTSIDE, Op, ROWS, State, cell_at};
use crate::error::{ParseError, quote_char};
use crate::input::Lines;

/// Parses a state string (line `line` of the input, for errors). It must be 29 characters of
/// `.ox@` with exactly one stot and two smoles, at rest in the standard orientation.
pub fn parse_state(text: &str, line: usize) -> Result<State, ParseError> {
    let text = text.trim_end_matches(['\r', ' ', '\t']);
    let mut cells = [Content::Empty; CELLS];
    let n = text.chars().count();
    for (i, ch) in text.chars().enumerate() {
        if i >= CELLS {
            break;
        }
        cells[i] = Content::from_char(ch).ok_or_else(|| {
            ParseError::at(
                line,
                i + 1,
                format!("expected `.` (empty), `o` (shubble), `x` (smole) or `@` (stot), found {}", quote_char(ch)),
            )
        })?;
    }
    if n != CELLS {
        return Err(ParseError::at(
            line,
            n.min(CELLS) + 1,
            format!("expected a state of exactly {CELLS} characters, found {n}"),
        ));
    }
    let state = State { cells, orientation: 0 };
    let stots = state.count(Content::Stot);
    if stots != 1 {
        return Err(ParseError::line(line, format!("expected exactly one stot `@`, found {stots}")));
    }
    let smoles = state.count(Content::Smole);
    if smoles != 2 {
        return Err(ParseError::line(line, format!("expected exactly two smoles `x`, found {smoles}")));
    }
    if let Some(i) = state.first_unsupported() {
        return Err(ParseError::at(
            line,
            i + 1,
            format!("expected a state at rest, but the creature in cell {} would fall", i + 1),
        ));
    }
    Ok(state)
}

/// Parses an operation string over `+|-<>^v` (trailing whitespace ignored).
pub fn parse_ops(text: &str, line: usize) -> Result<Vec<Op>, ParseError> {
    text.trim_end_matches(['\r', ' ', '\t'])
        .chars()
        .enumerate()
        .map(|(i, ch)| {
            Op::from_char(ch).ok_or_else(|| {
                ParseError::at(
                    line,
                    i + 1,
                    format!(
                        "expected an operation (`+` `|` `-` rotate, `<` `>` `^` `v` move the stot), found {}",
                        quote_char(ch)
                    ),
                )
            })
        })
        .collect()
}

/// Parses the judge's input under the judges' input convention ([`crate::input`]): blank
/// lines before the state are skipped; the state line, then the operations line (which may be
/// empty or absent); only blank lines may follow.
pub fn parse_judge(text: &str) -> Result<(State, Vec<Op>), ParseError> {
    let mut lines = Lines::new(text);
    if !lines.skip_blank() {
        return Err(ParseError::line(1, "expected the 29-character state, found the end of the input"));
    }
    let (n, first) = lines.next_line().expect("a line is left");
    let state = parse_state(first, n)?;
    let ops = match lines.next_line() {
        Some((n, l)) => parse_ops(l, n)?,
        None => Vec::new(),
    };
    lines.expect_end("the operations line")?;
    Ok((state, ops))
}

/// The ASCII picture of a state in its orientation: cells by their characters, non-cells as
/// spaces, `*` just outside the opening. Trailing spaces, blank end lines and the common
/// indentation are removed. Lines end with `\n`.
pub fn picture(state: &State) -> String {
    // Box frame with one extra row for the `*` below cell 28.
    let h = ROWS + 1;
    let mut grid = vec![vec![' '; COLS]; h];
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, ch) in row.iter_mut().enumerate() {
            if let Some(i) = cell_at(r as isize, c as isize) {
                *ch = state.cells[i].char();
            }
        }
    }
    grid[OUTSIDE.0 as usize][OUTSIDE.1 as usize] = '*';
    for _ in 0..state.orientation % 4 {
        grid = rotate_clockwise(&grid);
    }
    tidy(&grid.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>())
}

fn rotate_clockwise(g: &[Vec<char>]) -> Vec<Vec<char>> {
    let h = g.len();
    let w = g[0].len();
    (0..w).map(|i| (0..h).map(|j| g[h - 1 - j][i]).collect()).collect()
}

/// Normalises a picture for comparison: trailing spaces, blank lines at either end and the
/// common indentation removed.
pub fn tidy(lines: &[String]) -> String {
    let lines: Vec<&str> = lines.iter().map(|l| l.trim_end()).collect();
    let start = lines.iter().position(|l| !l.is_empty()).unwrap_or(lines.len());
    let end = lines.iter().rposition(|l| !l.is_empty()).map_or(start, |e| e + 1);
    let body = &lines[start..end];
    let indent = body.iter().filter(|l| !l.is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
    body.iter().map(|l| format!("{}\n", l.get(indent..).unwrap_or(""))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIG1A: &str = ".........@...o....ooo..xox...";

    fn run(state: &str, ops: &str) -> Result<String, String> {
        let s = parse_state(state, 1).unwrap();
        let r = s.run(&parse_ops(ops, 2).unwrap());
        match r.failure() {
            Some(f) => Err(f.to_string()),
            None => Ok(r.end().text()),
        }
    }

    #[test]
    fn worked_examples_from_the_spec() {
        assert_eq!(run(FIG1A, "+").unwrap(), ".........@......o...ooo...xox");
        assert_eq!(run(FIG1A, "+>|<-v+^+").unwrap(), "o........@..o....oox...xo....");
        assert_eq!(run("x.....o....o@x.....o.o.oooo.o", "-+").unwrap(), "x.....o.....@o...oox...oooo..");
        assert_eq!(run(FIG1A, "").unwrap(), FIG1A);
    }

    #[test]
    fn picture_of_fig1a_turned_once() {
        let s = parse_state(FIG1A, 1).unwrap();
        let end = s.run(&[Op::Clockwise]).end();
        // The spec's picture, with the common indentation of one space removed.
        let spec = tidy(&["  .  .", " .....", " .....", " .o...", " xo.@.", "*ooo..", " x  ."].map(String::from));
        assert_eq!(picture(&end), spec);
        assert!(spec.starts_with("  .  .\n") && spec.contains("\n*ooo..\n"));
    }

    #[test]
    fn bad_states_are_reported_with_places() {
        assert_eq!(parse_state("..", 1).unwrap_err().column, Some(3));
        let e = parse_state(".........@...o....ooo..xoq...", 1).unwrap_err();
        assert_eq!(e.column, Some(26));
        assert!(parse_state(".............o....ooo..xox...", 1).unwrap_err().message.contains("stot"));
        // A shubble in mid-air is not at rest.
        assert!(parse_state(".o.......@...o....ooo..xox...", 1).unwrap_err().message.contains("rest"));
        assert_eq!(parse_ops("+x", 2).unwrap_err().column, Some(2));
    }

    #[test]
    fn failures() {
        // Stot in cell 10 moving up into cell 5 is fine; moving up twice hits the wall.
        assert!(run(FIG1A, "^").is_ok());
        assert!(run(FIG1A, "^^").unwrap_err().contains("wall"));
    }
}
