//! Vexed text formats: the World Finals 2001 judge format, the Palm `.ini` and Android `.txt`
//! level packs, and the two move notations (`(B,1,3,L)` and Palm's two-letter pairs).

use super::rules::{Board, Cell, Move, Side};
use crate::error::{ParseError, quote, quote_char};
use crate::grid::{Grid, Pos};
use crate::input::{Lines, trim_eol};

/// One puzzle of a World Finals input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub name: String,
    pub board: Board,
}

/// Parses board rows in the World Finals alphabet (`#` wall, `-` empty, a letter a block).
/// `first_line` is the 1-based line number of `rows[0]`, for errors.
pub fn parse_board_rows(rows: &[&str], first_line: usize) -> Result<Board, ParseError> {
    parse_board_rows_of(rows, first_line, rows.first().map_or(0, |r| r.chars().count()))
}

/// [`parse_board_rows`] where every row must have exactly `cols` cells.
fn parse_board_rows_of(rows: &[&str], first_line: usize, cols: usize) -> Result<Board, ParseError> {
    let mut cells = Vec::with_capacity(rows.len() * cols);
    for (i, row) in rows.iter().enumerate() {
        let line = first_line + i;
        let n = row.chars().count();
        if n != cols {
            return Err(ParseError::at(line, n.min(cols) + 1, format!("expected a row of {cols} cells, found {n}")));
        }
        for (j, ch) in row.chars().enumerate() {
            cells.push(match ch {
                '#' => Cell::Wall,
                '-' => Cell::Empty,
                c if c.is_ascii_alphabetic() => Cell::Block(c as u8),
                c => {
                    return Err(ParseError::at(
                        line,
                        j + 1,
                        format!("expected `#` (wall), `-` (empty) or a letter (block), found {}", quote_char(c)),
                    ));
                }
            });
        }
    }
    Ok(Board::new(Grid::from_cells(rows.len(), cols, cells)))
}

/// The largest board side any Vexed format accepts: rows and columns of a World Finals board
/// or of a (cropped) Android board. Palm boards are always 8 x 10. At this size a settle is at
/// most a few thousand rounds over 4096 cells, and every block falls at most 63 times, so
/// settling any accepted board is cheap.
pub const MAX_SIDE: i64 = 64;

/// Parses a whole World Finals input, up to and including the `0 0` line, under the judges'
/// input convention ([`crate::input`]): blank lines around puzzles are skipped, the `0 0`
/// line may carry a name, and only blank lines may follow it.
pub fn parse_judge(text: &str) -> Result<Vec<Puzzle>, ParseError> {
    let mut lines = Lines::new(text);
    let mut puzzles = Vec::new();
    loop {
        if !lines.skip_blank() {
            return Err(ParseError::line(
                lines.last_line_number(),
                "expected a line `NR NC NAME` or the final `0 0` line, found the end of the input",
            ));
        }
        let (line_no, header) = lines.next_line().expect("a line is left");
        let (nr, nc, name) = parse_header(header, line_no)?;
        if nr == 0 && nc == 0 {
            lines.expect_end("the final `0 0` line")?;
            return Ok(puzzles);
        }
        if nr == 0 || nc == 0 {
            return Err(ParseError::line(line_no, "expected both sizes positive (or `0 0` to end the input)"));
        }
        let left = lines.left();
        let Some(rows) = lines.take(nr) else {
            return Err(ParseError::line(
                lines.last_line_number(),
                format!(
                    "expected {nr} board rows for {} (from line {}), found the end of the input after {left}",
                    quote(&name),
                    line_no + 1,
                ),
            ));
        };
        let board = parse_board_rows_of(rows, line_no + 1, nc)?;
        puzzles.push(Puzzle { name, board });
    }
}

fn parse_header(line: &str, line_no: usize) -> Result<(usize, usize, String), ParseError> {
    let mut rest = line;
    let mut nums = [0usize; 2];
    for (k, what) in ["NR (the number of rows)", "NC (the number of columns)"].iter().enumerate() {
        let start = line.len() - rest.trim_start().len();
        rest = rest.trim_start();
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let tok = &rest[..len];
        let col = line[..start].chars().count() + 1;
        if tok.is_empty() {
            return Err(ParseError::at(line_no, col, format!("expected {what}, found the end of the line")));
        }
        let v: i64 = tok.parse().map_err(|_| {
            ParseError::at(line_no, col, format!("expected {what} as an integer, found {}", quote(tok)))
        })?;
        if !(0..=MAX_SIDE).contains(&v) {
            return Err(ParseError::at(line_no, col, format!("expected {what} from 0 to {MAX_SIDE}, found {v}")));
        }
        nums[k] = v as usize;
        rest = &rest[len..];
    }
    Ok((nums[0], nums[1], rest.trim().to_string()))
}

/// Prints a board in the World Finals alphabet, one row per line.
pub fn board_rows(board: &Board) -> Vec<String> {
    (0..board.rows())
        .map(|r| {
            (0..board.cols())
                .map(|c| match board.grid[Pos::new(r, c)] {
                    Cell::Wall => '#',
                    Cell::Empty => '-',
                    Cell::Block(k) => k as char,
                })
                .collect()
        })
        .collect()
}

/// `(B,1,3,L)`: the block's letter, its row and column before the move, and the direction.
pub fn move_text(board_before: &Board, mv: Move) -> String {
    let letter = match board_before.grid.get(mv.pos) {
        Some(Cell::Block(k)) => *k as char,
        _ => '?',
    };
    format!("({},{},{},{})", letter, mv.pos.row, mv.pos.col, mv.side.letter())
}

/// The judge's solution lines: moves in `(L,r,c,D)` form, four per line.
/// A solution as the command line prints it: its lines ([`solution_lines`]), and for a Palm
/// pack the moves in Palm's own notation after `palm: `.
pub fn solution_text(kind: FileKind, start: &Board, moves: &[Move]) -> String {
    let mut out = String::new();
    for line in solution_lines(start, moves) {
        out.push_str(&line);
        out.push('\n');
    }
    if kind == FileKind::Palm
        && let Some(p) = palm_moves_text(moves)
    {
        out.push_str(&format!("palm: {p}\n"));
    }
    out
}

pub fn solution_lines(start: &Board, moves: &[Move]) -> Vec<String> {
    let mut b = start.clone();
    let mut texts = Vec::new();
    for &m in moves {
        texts.push(move_text(&b, m));
        b = b.apply(m).expect("solution lines are printed for replayed solutions").0;
    }
    texts.chunks(4).map(|c| c.join(" ")).collect()
}

/// Parses moves written as `(B,1,3,L)` (letter optional: `(1,3,L)`), separated by whitespace.
/// Errors give the 1-based column within `text` and say which move.
pub fn parse_moves(text: &str, line: usize) -> Result<Vec<Move>, ParseError> {
    Ok(parse_moves_placed(text, line)?.into_iter().map(|(m, _)| m).collect())
}

/// [`parse_moves`], with the 1-based column where each move starts.
pub fn parse_moves_placed(text: &str, line: usize) -> Result<Vec<(Move, usize)>, ParseError> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        let offset = text.len() - rest.trim_start().len();
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(out);
        }
        let col = text[..offset].chars().count() + 1;
        let k = out.len() + 1;
        let bad = |what: &str| ParseError::at(line, col, format!("move {k}: expected a move like `(B,1,3,L)`, {what}"));
        if !rest.starts_with('(') {
            let word: String = rest.chars().take_while(|c| !c.is_whitespace()).collect();
            return Err(bad(&format!("found {}", quote(&word))));
        }
        let end = rest.find(')').ok_or_else(|| bad("found no closing `)`"))?;
        let parts: Vec<&str> = rest[1..end].split(',').map(str::trim).collect();
        let (r, c, d) = match parts.as_slice() {
            [l, r, c, d] if l.len() == 1 && l.chars().all(|x| x.is_ascii_alphabetic()) => (r, c, d),
            [r, c, d] => (r, c, d),
            _ => return Err(bad(&format!("found {}", quote(&rest[..=end])))),
        };
        let row: usize = r.parse().map_err(|_| bad(&format!("found the row {}", quote(r))))?;
        let col_n: usize = c.parse().map_err(|_| bad(&format!("found the column {}", quote(c))))?;
        let side = match *d {
            "L" | "l" => Side::Left,
            "R" | "r" => Side::Right,
            _ => return Err(bad(&format!("found the direction {}", quote(d)))),
        };
        out.push((Move { pos: Pos::new(row, col_n), side }, col));
        rest = &rest[end + 1..];
    }
}

/// One level of a real-game pack (Palm `.ini` or Android `.txt`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackLevel {
    pub title: String,
    pub board: Board,
    /// The pack's par: stored-solution length (Palm) or the Android table's value.
    pub par: Option<usize>,
    /// Palm only: the stored solution, in Palm notation.
    pub solution: Option<String>,
}

/// Decodes ISO-8859-1 bytes (every byte is the code point of the same value).
pub fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// Reads an Android "Vexed Pro" pack: `title;board;par` per line, `/` between rows,
/// `.` empty, `X` wall, `a`–`h` blocks; everything outside the cropped board is wall.
pub fn parse_android(text: &str) -> Result<Vec<PackLevel>, ParseError> {
    let mut out = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let line = i + 1;
        let l = trim_eol(raw);
        if l.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = l.split(';').collect();
        if fields.len() != 3 {
            return Err(ParseError::line(
                line,
                format!("expected `title;board;par` (3 fields), found {} fields", fields.len()),
            ));
        }
        let board_col = fields[0].chars().count() + 2;
        let rows: Vec<&str> = fields[1].split('/').collect();
        // Sizes are checked before anything is built or settled, so a huge line costs no more
        // than reading it.
        let mut col = board_col;
        for (r, row) in rows.iter().enumerate() {
            let n = row.chars().count();
            if r as i64 >= MAX_SIDE {
                return Err(ParseError::at(
                    line,
                    col,
                    format!("expected a board of at most {MAX_SIDE} rows, found {}", rows.len()),
                ));
            }
            if n as i64 > MAX_SIDE {
                return Err(ParseError::at(
                    line,
                    col + MAX_SIDE as usize,
                    format!("expected a row of at most {MAX_SIDE} cells, found {n}"),
                ));
            }
            col += n + 1;
        }
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
        if width == 0 {
            return Err(ParseError::at(line, board_col, "expected a board of at least one cell, found none"));
        }
        let mut cells = Vec::new();
        let mut col = board_col;
        for r in &rows {
            for ch in r.chars() {
                cells.push(match ch {
                    '.' => Cell::Empty,
                    'X' => Cell::Wall,
                    'a'..='h' => Cell::Block(ch as u8),
                    c => {
                        return Err(ParseError::at(
                            line,
                            col,
                            format!("expected `.` (empty), `X` (wall) or a block `a`-`h`, found {}", quote_char(c)),
                        ));
                    }
                });
                col += 1;
            }
            // Ragged rows (Tutorial "Lesson 4") are padded with wall.
            cells.extend(std::iter::repeat_n(Cell::Wall, width - r.chars().count()));
            col += 1;
        }
        let par_col = board_col + fields[1].chars().count() + 1;
        let par: usize = fields[2].trim().parse().map_err(|_| {
            ParseError::at(line, par_col, format!("expected the par as a number, found {}", quote(fields[2])))
        })?;
        out.push(PackLevel {
            title: fields[0].to_string(),
            board: Board::new(Grid::from_cells(rows.len(), width, cells)),
            par: Some(par),
            solution: None,
        });
    }
    Ok(out)
}

/// Palm board dimensions.
pub const PALM_COLS: usize = 10;
pub const PALM_ROWS: usize = 8;

/// Reads a Palm Vexed 2.x `.ini` pack: `[Level]` sections with `board=`, `solution=`, `title=`.
pub fn parse_palm(text: &str) -> Result<Vec<PackLevel>, ParseError> {
    struct Partial {
        line: usize,
        board: Option<Board>,
        title: String,
        solution: Option<String>,
    }
    fn finish(p: Partial) -> Result<PackLevel, ParseError> {
        let board =
            p.board.ok_or_else(|| ParseError::line(p.line, "expected a `board=` line in this [Level] section"))?;
        let par = p.solution.as_ref().map(|s| s.len() / 2);
        Ok(PackLevel { title: p.title, board, par, solution: p.solution })
    }
    let mut out = Vec::new();
    let mut cur: Option<Partial> = None;
    for (i, raw) in text.split('\n').enumerate() {
        let line = i + 1;
        let untrimmed = trim_eol(raw);
        let l = untrimmed.trim_start();
        let indent = untrimmed.chars().count() - l.chars().count();
        if l.is_empty() || l.starts_with(';') {
            continue;
        }
        if l.starts_with('[') {
            if let Some(p) = cur.take() {
                out.push(finish(p)?);
            }
            if l.eq_ignore_ascii_case("[level]") {
                cur = Some(Partial { line, board: None, title: String::new(), solution: None });
            }
            continue;
        }
        let Some(p) = cur.as_mut() else { continue };
        let Some((key, value)) = l.split_once('=') else {
            return Err(ParseError::line(line, "expected `key=value` inside a [Level] section"));
        };
        let vcol = indent + key.chars().count() + 2;
        match key.trim() {
            "board" => p.board = Some(parse_palm_board(value, line, vcol)?),
            "title" => p.title = value.to_string(),
            "solution" => {
                parse_palm_moves(value).map_err(|(k, m)| ParseError::at(line, vcol + k, m))?;
                p.solution = Some(value.to_string());
            }
            _ => {}
        }
    }
    if let Some(p) = cur.take() {
        out.push(finish(p)?);
    }
    Ok(out)
}

fn parse_palm_board(value: &str, line: usize, vcol: usize) -> Result<Board, ParseError> {
    let rows: Vec<&str> = value.split('/').collect();
    if rows.len() != PALM_ROWS {
        return Err(ParseError::at(
            line,
            vcol,
            format!("expected {PALM_ROWS} rows separated by `/`, found {}", rows.len()),
        ));
    }
    let mut cells = Vec::with_capacity(PALM_ROWS * PALM_COLS);
    let mut col = vcol;
    for r in rows {
        let before = cells.len();
        let chars: Vec<char> = r.chars().collect();
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            if c.is_ascii_digit() {
                let mut n = 0usize;
                let start = k;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    // Saturating: a run past 10 is an error whatever its digits (no wrap-around).
                    n = n.saturating_mul(10).saturating_add(chars[k].to_digit(10).unwrap_or(0) as usize);
                    k += 1;
                }
                if n == 0 || n > PALM_COLS {
                    let digits: String = chars[start..k].iter().collect();
                    return Err(ParseError::at(
                        line,
                        col + start,
                        format!("expected a wall run from 1 to 10, found {}", quote(&digits)),
                    ));
                }
                cells.extend(std::iter::repeat_n(Cell::Wall, n));
                continue;
            }
            cells.push(match c {
                '~' => Cell::Empty,
                'a'..='h' => Cell::Block(c as u8),
                _ => {
                    return Err(ParseError::at(
                        line,
                        col + k,
                        format!("expected a wall count, `~` (empty) or a block `a`-`h`, found {}", quote_char(c)),
                    ));
                }
            });
            k += 1;
        }
        if cells.len() - before != PALM_COLS {
            return Err(ParseError::at(
                line,
                col,
                format!("expected a row that expands to {PALM_COLS} cells, found {}", cells.len() - before),
            ));
        }
        col += chars.len() + 1;
    }
    Ok(Board::new(Grid::from_cells(PALM_ROWS, PALM_COLS, cells)))
}

/// Parses Palm's two-letter move notation: column letter then row letter; an uppercase column
/// letter moves the block left, an uppercase row letter moves it right. Errors give the
/// 0-based character offset (after leading whitespace).
pub fn parse_palm_moves(text: &str) -> Result<Vec<Move>, (usize, String)> {
    let chars: Vec<char> = text.trim().chars().collect();
    if !chars.len().is_multiple_of(2) {
        return Err((
            chars.len() - 1,
            format!(
                "move {}: expected pairs of letters, found a lone {}",
                chars.len() / 2 + 1,
                quote_char(chars[chars.len() - 1])
            ),
        ));
    }
    let mut out = Vec::new();
    for (k, pair) in chars.chunks(2).enumerate() {
        let (c, r) = (pair[0], pair[1]);
        let cl = c.to_ascii_lowercase();
        let rl = r.to_ascii_lowercase();
        let shown = || quote(&format!("{c}{r}"));
        if !('a'..='j').contains(&cl) || !('a'..='h').contains(&rl) {
            return Err((
                2 * k,
                format!("move {}: expected a column `a`-`j` and a row `a`-`h`, found {}", k + 1, shown()),
            ));
        }
        let side = match (c.is_ascii_uppercase(), r.is_ascii_uppercase()) {
            (true, false) => Side::Left,
            (false, true) => Side::Right,
            _ => {
                return Err((2 * k, format!("move {}: expected exactly one uppercase letter in {}", k + 1, shown())));
            }
        };
        out.push(Move { pos: Pos::new(rl as usize - 'a' as usize, cl as usize - 'a' as usize), side });
    }
    Ok(out)
}

/// Writes moves in Palm notation (valid for boards up to 10 columns and 8 rows).
pub fn palm_moves_text(moves: &[Move]) -> Option<String> {
    let mut s = String::new();
    for m in moves {
        if m.pos.col >= PALM_COLS || m.pos.row >= PALM_ROWS {
            return None;
        }
        let c = (b'a' + m.pos.col as u8) as char;
        let r = (b'a' + m.pos.row as u8) as char;
        match m.side {
            Side::Left => {
                s.push(c.to_ascii_uppercase());
                s.push(r);
            }
            Side::Right => {
                s.push(c);
                s.push(r.to_ascii_uppercase());
            }
        }
    }
    Some(s)
}

/// A board as a World Finals puzzle text (header, rows), with a wall frame added so that a
/// cropped pack board keeps its meaning. Rows and columns shift by one.
pub fn to_judge_text(name: &str, board: &Board) -> String {
    let cols = board.cols() + 2;
    let mut s = format!("{} {} {}\n", board.rows() + 1, cols, name);
    for r in board_rows(board) {
        s.push('#');
        s.push_str(&r);
        s.push_str("#\n");
    }
    s.push_str(&"#".repeat(cols));
    s.push('\n');
    s
}

/// A level from any supported Vexed file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnyLevel {
    pub title: String,
    pub board: Board,
    pub par: Option<usize>,
    pub solution: Option<String>,
}

/// The Vexed file formats tumblebox reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    WorldFinals,
    Palm,
    Android,
}

/// Recognises a file by its content: `[Level]` sections are Palm, `title;board;par` lines
/// are Android, anything else is the World Finals format.
pub fn sniff(bytes: &[u8]) -> FileKind {
    sniff_text(&latin1(&crate::input::normalize(bytes)))
}

/// [`sniff`] on text already normalised (any decoding: the markers are ASCII).
pub fn sniff_text(text: &str) -> FileKind {
    if text.lines().any(|l| l.trim().eq_ignore_ascii_case("[level]")) {
        return FileKind::Palm;
    }
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.split(';').count() == 3 { FileKind::Android } else { FileKind::WorldFinals }
}

/// Reads any supported Vexed file (Palm and Android files are ISO-8859-1; World Finals
/// files must be UTF-8).
pub fn parse_any(bytes: &[u8]) -> Result<(FileKind, Vec<AnyLevel>), ParseError> {
    parse_normalized(&crate::input::normalize(bytes))
}

/// [`parse_any`] on bytes already normalised ([`crate::input::normalize`]).
pub fn parse_normalized(bytes: &[u8]) -> Result<(FileKind, Vec<AnyLevel>), ParseError> {
    let latin = latin1(bytes);
    let kind = sniff_text(&latin);
    let levels = match kind {
        FileKind::WorldFinals => parse_world_finals(crate::error::utf8(bytes)?)?,
        FileKind::Palm | FileKind::Android => parse_pack(kind, &latin)?,
    };
    Ok((kind, levels))
}

/// World Finals puzzles as levels.
pub fn parse_world_finals(text: &str) -> Result<Vec<AnyLevel>, ParseError> {
    Ok(parse_judge(text)?
        .into_iter()
        .map(|p| AnyLevel { title: p.name, board: p.board, par: None, solution: None })
        .collect())
}

/// A Palm or Android pack's levels, from its text read as ISO-8859-1 ([`latin1`]).
pub fn parse_pack(kind: FileKind, latin: &str) -> Result<Vec<AnyLevel>, ParseError> {
    let packs = if kind == FileKind::Palm { parse_palm(latin)? } else { parse_android(latin)? };
    Ok(packs
        .into_iter()
        .map(|l| AnyLevel { title: l.title, board: l.board, par: l.par, solution: l.solution })
        .collect())
}

/// Parses moves in either notation: `(B,1,3,L)` when there is a `(`, else Palm pairs.
pub fn parse_any_moves(text: &str) -> Result<Vec<Move>, ParseError> {
    Ok(parse_any_moves_placed(text)?.into_iter().map(|(m, _)| m).collect())
}

/// [`parse_any_moves`], with the 1-based column (character) where each move starts.
pub fn parse_any_moves_placed(text: &str) -> Result<Vec<(Move, usize)>, ParseError> {
    if text.contains('(') {
        parse_moves_placed(text, 1)
    } else {
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let moves = parse_palm_moves(text).map_err(|(k, m)| ParseError::at(1, lead + k + 1, m))?;
        Ok(moves.into_iter().enumerate().map(|(k, m)| (m, lead + 2 * k + 1)).collect())
    }
}

/// Writes a level as an Android pack line `title;board;par` (the board cropped to its
/// non-wall cells, `.` empty, `X` wall, blocks as the Android packs write them: `a`–`h`, so a
/// World Finals `A` is written `a`; a board whose kinds differ only in case, or go past `h`,
/// has no Android line).
pub fn android_line(title: &str, board: &Board, par: usize) -> String {
    let cells: Vec<Pos> = board.grid.iter().filter(|(_, c)| **c != Cell::Wall).map(|(p, _)| p).collect();
    if cells.is_empty() {
        // Nothing but wall: one wall cell (an Android board needs at least one cell).
        return format!("{title};X;{par}");
    }
    let r0 = cells.iter().map(|p| p.row).min().unwrap_or(0);
    let r1 = cells.iter().map(|p| p.row).max().unwrap_or(0);
    let c0 = cells.iter().map(|p| p.col).min().unwrap_or(0);
    let c1 = cells.iter().map(|p| p.col).max().unwrap_or(0);
    let rows: Vec<String> = (r0..=r1)
        .map(|r| {
            (c0..=c1)
                .map(|c| match board.grid[Pos::new(r, c)] {
                    Cell::Wall => 'X',
                    Cell::Empty => '.',
                    Cell::Block(k) => k.to_ascii_lowercase() as char,
                })
                .collect()
        })
        .collect();
    format!("{title};{};{par}", rows.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_errors_have_places() {
        let e = parse_judge("2 3 X\n#-#\n#A\n0 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(3)));
        let e = parse_judge("2 3 X\n#-#\n#?#\n0 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(2)));
        let e = parse_judge("2 x X\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, Some(3)));
        let e = parse_judge("2 3 X\n#-#\n").unwrap_err();
        assert!(e.message.contains("end of the input"), "{e}");
        let e = parse_judge("1 3 X\n#-#\n").unwrap_err();
        assert!(e.message.contains("`0 0`"), "{e}");
    }

    #[test]
    fn palm_notation_round_trips() {
        let moves = parse_palm_moves("eCdFdCeC").unwrap();
        assert_eq!(moves[0], Move { pos: Pos::new(2, 4), side: Side::Right });
        assert_eq!(moves[1], Move { pos: Pos::new(5, 3), side: Side::Right });
        assert_eq!(palm_moves_text(&moves).unwrap(), "eCdFdCeC");
        assert!(parse_palm_moves("eC d").is_err());
        assert!(parse_palm_moves("EC").is_err());
    }

    #[test]
    fn palm_and_android_boards_agree() {
        let palm =
            parse_palm("[Level]\nboard=10/10/3ba~~3/5~~3/3~~~~3/3a~~b3/4ab4/10\nsolution=eCdFdCeC\ntitle=Good Night\n")
                .unwrap();
        let android = parse_android("Good Night;ba../XX../..../a..b/XabX;4\r\n").unwrap();
        assert_eq!(palm[0].par, Some(4));
        assert_eq!(android[0].par, Some(4));
        assert_eq!(palm[0].title, "Good Night");
        // The Android board is the Palm board cropped to rows 2..=6, columns 3..=6.
        for r in 0..5 {
            for c in 0..4 {
                assert_eq!(android[0].board.grid[Pos::new(r, c)], palm[0].board.grid[Pos::new(r + 2, c + 3)]);
            }
        }
        let solved = palm[0].board.replay(&parse_palm_moves("eCdFdCeC").unwrap()).unwrap();
        assert!(solved.is_solved());
    }

    #[test]
    fn palm_columns_count_the_indentation_and_runs_cannot_overflow() {
        let e = parse_palm("[Level]\n    board=10/10/3bq~~3/5~~3/3~~~~3/3a~~b3/4ab4/10\n").unwrap_err();
        // `q` is the 19th character of the line.
        assert_eq!((e.line, e.column), (2, Some(19)), "{e}");
        let e = parse_palm("[Level]\n\ttitle=x\n\tsolution=eCd\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(13)), "{e}");
        // 2^64 + 10 wraps to 10 in 64-bit arithmetic: it must be refused, not read as 10.
        let e = parse_palm("[Level]\nboard=18446744073709551626/10/3ba~~3/5~~3/3~~~~3/3a~~b3/4ab4/10\n").unwrap_err();
        assert!(e.message.contains("wall run from 1 to 10"), "{e}");
        assert_eq!(e.column, Some(7));
    }

    #[test]
    fn boards_are_bounded_in_every_format() {
        let row = ".".repeat(MAX_SIDE as usize);
        let ok = format!("Big;{};1", vec![row.as_str(); MAX_SIDE as usize].join("/"));
        assert_eq!(parse_android(&ok).unwrap()[0].board.rows(), MAX_SIDE as usize);
        let tall = format!("Tall;{};1", vec!["a"; MAX_SIDE as usize + 1].join("/"));
        let e = parse_android(&tall).unwrap_err();
        assert!(e.message.contains("at most 64 rows"), "{e}");
        let wide = format!("Wide;{}.;1", row);
        let e = parse_android(&wide).unwrap_err();
        assert!(e.message.contains("at most 64 cells"), "{e}");
        // The 65th cell: the board starts at column 6.
        assert_eq!(e.column, Some(6 + MAX_SIDE as usize));
        let e = parse_judge("65 3 X\n").unwrap_err();
        assert!(e.message.contains("from 0 to 64"), "{e}");
    }

    #[test]
    fn judge_input_ends_at_the_terminator() {
        let one = "3 4 P\n#A-#\n##A#\n####\n";
        assert_eq!(parse_judge(&format!("{one}0 0 END\n\n")).unwrap().len(), 1);
        let e = parse_judge(&format!("{one}0 0\n\n{one}0 0\n")).unwrap_err();
        assert_eq!((e.line, e.column), (7, Some(1)));
        assert!(e.message.contains("after the final `0 0` line"), "{e}");
    }

    #[test]
    fn move_errors_say_which_move() {
        let e = parse_moves("(A,0,1,R) (A,0,x,L)", 1).unwrap_err();
        assert_eq!(e.column, Some(11));
        assert!(e.message.starts_with("move 2: "), "{e}");
        let placed = parse_any_moves_placed("  eCdF").unwrap();
        assert_eq!(placed.iter().map(|p| p.1).collect::<Vec<_>>(), [3, 5]);
        let e = parse_any_moves("eCdFd").unwrap_err();
        assert_eq!(e.column, Some(5));
        assert!(e.message.starts_with("move 3: "), "{e}");
    }

    #[test]
    fn latin1_keeps_accents() {
        assert_eq!(latin1(b"Caf\xe9"), "Café");
    }
}
