//! Sokoban's own formats: XSB levels (`#` wall, `@` player, `+` player on a goal, `$` box, `*`
//! box on a goal, `.` goal, space, `-` or `_` floor), whole collections in one file with
//! titles and comments; LURD solutions (`lurd` walk, `LURD` push) and their run-length form
//! (`3l`, `2(lU)`).
//!
//! A collection is read the way the classic files are written (see
//! `../shared/data/sokoban-levels/SOURCES.md`): a board row holds only `#@+$*. -_` and at
//! least one `#`; consecutive board rows are one level; rows are ragged (padded to the widest
//! with outside); the `;` comment just before a board is its title (`; 1`, `;screen.01`), a
//! quoted line there (`'Particle Theory'`) is added to it, and a `Title:` line after the board
//! replaces it; a `Par:` line after it gives its par (as tumblebox's editor writes it); an
//! `Author:` line and a `Comment:` (one line, or a `Comment:` … `Comment-End:` block) after it
//! are kept with the level; a block holds no board row (one there means its `Comment-End:` is
//! missing: refused, naming the block's first line), and may run to the file's end. The
//! file's header (its text before the first level's title) is read by [`file_header`]; other
//! text is skipped.
//!
//! Cells the player could reach from outside the board without crossing a wall are outside:
//! they become walls. A player, box or goal there is an error (the level is not closed).

use super::format::Maze;
use super::rules::{Level, Move, Position};
use crate::error::{ParseError, quote_char};
use crate::grid::{Dir, Grid, Pos};

/// The largest side of a level read (rows and columns); larger is refused.
pub const MAX_SIDE: usize = 100;

/// A level of a collection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XsbLevel {
    pub title: String,
    pub maze: Maze,
    /// The 1-based line of the level's first board row.
    pub line: usize,
    /// The par a `Par:` line after the board gives (what tumblebox's editor writes when it
    /// certified the level: `Par: 13 pushes, 41 moves (proven optimal)`).
    pub par: Option<String>,
    /// The `Author:` line after the board, and its `Comment:` (one line, or the lines of a
    /// `Comment:` … `Comment-End:` block, joined): what a player's list shows beside the title.
    pub author: Option<String>,
    pub comment: Option<String>,
}

/// A line of metadata as the window shows it: no control characters, at most 200 characters.
fn meta(text: &str) -> String {
    text.trim().chars().filter(|c| !c.is_control()).take(200).collect()
}

/// Whether a line is a board row.
pub fn is_board_row(line: &str) -> bool {
    let l = line.trim_end();
    l.contains('#') && l.chars().all(|c| "#@+$*. -_".contains(c))
}

/// Whether a line opens a SOK file's solution or snapshot section ([`super::sok`]): its
/// first word is `Solution` or `Snapshot` (any case), alone or followed by `:`, `/`, a space or
/// a bracket.
pub fn is_section(line: &str) -> bool {
    section(line).is_some()
}

/// The section a line opens (`true`: a solution), and what follows its first word.
pub fn section(line: &str) -> Option<(bool, &str)> {
    let t = line.trim();
    for (word, solution) in [("solution", true), ("snapshot", false)] {
        let Some(head) = t.get(..word.len()) else { continue };
        let rest = &t[word.len()..];
        if head.eq_ignore_ascii_case(word) && rest.chars().next().is_none_or(|c| " :/(\t".contains(c)) {
            return Some((solution, rest));
        }
    }
    None
}

/// Reads a whole collection (one level or many). Errors name the line and column.
pub fn parse_collection(text: &str) -> Result<Vec<XsbLevel>, ParseError> {
    Ok(parse_titled(text)?.0)
}

/// A collection, and whether the comment before its first board is the file's header rather
/// than that level's title: so when a blank line parts it from the board, no other level has
/// a `;` title of its own (a file that opens with its name, then boards without titles), and
/// the file has more than one level.
fn parse_titled(text: &str) -> Result<(Vec<XsbLevel>, bool), ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<XsbLevel> = Vec::new();
    // Which levels took their title from a `;` comment alone, and whether the first's stood
    // apart from its board; the line of the last `;` comment.
    let mut by_comment: Vec<bool> = Vec::new();
    let mut apart = false;
    let mut last_comment = usize::MAX;
    // Title candidates since the last board: a `;` comment and a quoted name.
    let mut comment: Option<String> = None;
    let mut quoted: Option<String> = None;
    let mut in_comment_block = false;
    // The line a `Comment:` block opened on.
    let mut block_line = 0;
    // Within a SOK file's `Solution` or `Snapshot` section: its `Comment:` is the solution's,
    // not the level's (see [`super::sok`]).
    let mut in_section = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_end_matches('\r');
        let t = line.trim();
        if in_comment_block {
            // A block holds no board: one there means its `Comment-End:` is missing (and every
            // level up to the next one would be lost).
            if is_board_row(line) {
                return Err(ParseError::line(
                    block_line,
                    format!("a `Comment-End:` line closing this `Comment:` block before the board on line {}", i + 1),
                ));
            }
            in_comment_block = !t.eq_ignore_ascii_case("comment-end:");
            if in_comment_block
                && !in_section
                && !t.is_empty()
                && let Some(last) = out.last_mut()
            {
                let joined = match last.comment.take() {
                    Some(c) => format!("{c} {}", meta(t)),
                    None => meta(t),
                };
                last.comment = Some(joined.chars().take(400).collect());
            }
            i += 1;
            continue;
        }
        if is_board_row(line) {
            let first = i;
            while i < lines.len() && is_board_row(lines[i].trim_end_matches('\r')) {
                i += 1;
            }
            let rows: Vec<&str> = lines[first..i].iter().map(|l| l.trim_end_matches('\r').trim_end()).collect();
            let maze = parse_board(&rows, first + 1)?;
            in_section = false;
            by_comment.push(comment.is_some() && quoted.is_none());
            if out.is_empty() {
                apart = last_comment.wrapping_add(1) != first;
            }
            let mut title = comment.take().unwrap_or_default();
            if let Some(q) = quoted.take() {
                title = if title.is_empty() { q } else { format!("{title} {q}") };
            }
            if title.is_empty() {
                title = format!("Level {}", out.len() + 1);
            }
            out.push(XsbLevel { title, maze, line: first + 1, par: None, author: None, comment: None });
            continue;
        }
        if is_section(t) {
            in_section = true;
        } else if let Some(c) = t.strip_prefix(';') {
            last_comment = i;
            // A separator (`; ==========`, `; ----`) names nothing: only a comment with a
            // letter or a digit is a title.
            if c.chars().any(char::is_alphanumeric) {
                comment = Some(c.trim().to_string());
            }
        } else if t.len() >= 2 && t.starts_with('\'') && t.ends_with('\'') {
            quoted = Some(t[1..t.len() - 1].trim().to_string());
        } else if let Some((key, value)) = t.split_once(':') {
            match key.trim().to_ascii_lowercase().as_str() {
                "title" if !out.is_empty() && comment.is_none() && !value.trim().is_empty() => {
                    if let Some(last) = out.last_mut() {
                        last.title = value.trim().to_string();
                    }
                }
                "par" if !value.trim().is_empty() => {
                    if let Some(last) = out.last_mut() {
                        last.par = Some(value.trim().chars().filter(|c| !c.is_control()).take(80).collect());
                    }
                }
                "author" if !value.trim().is_empty() => {
                    if let Some(last) = out.last_mut() {
                        last.author = Some(meta(value));
                    }
                }
                "comment" => {
                    in_comment_block = value.trim().is_empty();
                    block_line = i + 1;
                    if !in_comment_block
                        && !in_section
                        && let Some(last) = out.last_mut()
                    {
                        last.comment = Some(meta(value));
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    let header = out.len() >= 2 && apart && by_comment[0] && !by_comment[1..].contains(&true);
    if header {
        out[0].title = "Level 1".to_string();
    }
    Ok((out, header))
}

/// A collection's file header: the text before its first level, as the file gives it (the
/// collection's name, its author, where it comes from, its terms), `;` markers taken off, at
/// most 20 lines of at most 200 characters. The block of lines just before the first board
/// is that level's title, not the header; a UVa 589 input has none.
pub fn file_header(text: &str) -> Vec<String> {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.split_whitespace().next().is_some_and(|w| w.chars().all(|c| c.is_ascii_digit())) {
        return Vec::new();
    }
    let before: Vec<&str> = text.lines().take_while(|l| !is_board_row(l.trim_end_matches('\r'))).collect();
    let mut blocks: Vec<Vec<String>> = vec![Vec::new()];
    for l in before {
        let t = l.trim();
        let t = t.strip_prefix(';').unwrap_or(t).trim();
        if t.is_empty() {
            if blocks.last().is_some_and(|b| !b.is_empty()) {
                blocks.push(Vec::new());
            }
        } else {
            blocks.last_mut().expect("a block").push(meta(t));
        }
    }
    blocks.retain(|b| !b.is_empty());
    if !parse_titled(text).is_ok_and(|(_, header)| header) {
        blocks.pop();
    }
    blocks.into_iter().flatten().take(20).collect()
}

/// Reads Sokoban levels in either form: a UVa 589 input (its first line is `r c`), each maze
/// titled `Maze N`, or an XSB collection.
pub fn parse_any(text: &str) -> Result<Vec<XsbLevel>, ParseError> {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.split_whitespace().next().is_some_and(|w| w.chars().all(|c| c.is_ascii_digit())) {
        let mazes = super::format::parse_judge(text)?;
        return Ok(mazes
            .into_iter()
            .enumerate()
            .map(|(i, maze)| XsbLevel {
                title: format!("Maze {}", i + 1),
                maze,
                line: 0,
                par: None,
                author: None,
                comment: None,
            })
            .collect());
    }
    let levels = parse_collection(text)?;
    if levels.is_empty() {
        return Err(ParseError::line(1, "expected a Sokoban level (XSB rows of `#@+$*. -_`), found none"));
    }
    Ok(levels)
}

/// Reads one board (its rows, `first_line` being the 1-based line of the first).
pub fn parse_board(rows: &[&str], first_line: usize) -> Result<Maze, ParseError> {
    let height = rows.len();
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    if height > MAX_SIDE || width > MAX_SIDE {
        return Err(ParseError::line(
            first_line,
            format!("expected a level of at most {MAX_SIDE} rows and columns, found {height} × {width}"),
        ));
    }
    // 0 outside-or-floor, 1 wall; then flood the outside from the border.
    let mut wall = vec![false; height * width];
    let mut player = None;
    let (mut boxes, mut goals) = (Vec::new(), Vec::new());
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let p = Pos::new(r, c);
            match ch {
                '#' => wall[r * width + c] = true,
                ' ' | '-' | '_' => {}
                '.' => goals.push(p),
                '$' => boxes.push(p),
                '*' => {
                    boxes.push(p);
                    goals.push(p);
                }
                '@' | '+' => {
                    if let Some(Pos { row, col }) = player {
                        return Err(ParseError::at(
                            first_line + r,
                            c + 1,
                            format!(
                                "expected one player (`@` or `+`), found a second (the first is at line {}, column {})",
                                first_line + row,
                                col + 1
                            ),
                        ));
                    }
                    player = Some(p);
                    if ch == '+' {
                        goals.push(p);
                    }
                }
                _ => {
                    return Err(ParseError::at(
                        first_line + r,
                        c + 1,
                        format!("expected one of `#@+$*. -_`, found {}", quote_char(ch)),
                    ));
                }
            }
        }
    }
    let last = first_line + height.saturating_sub(1);
    let player = player.ok_or_else(|| ParseError::line(first_line, "expected a player (`@` or `+`), found none"))?;
    if boxes.is_empty() {
        return Err(ParseError::line(first_line, "expected at least one box (`$` or `*`), found none"));
    }
    if boxes.len() > goals.len() {
        return Err(ParseError::line(
            last,
            format!(
                "expected no more boxes than goals, found {} and {}",
                crate::error::count(boxes.len(), "box", "boxes"),
                crate::error::count(goals.len(), "goal", "goals")
            ),
        ));
    }
    // The outside: what a walker from beyond the border reaches without crossing a wall.
    let mut outside = vec![false; height * width];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for r in 0..height {
        for c in 0..width {
            if (r == 0 || c == 0 || r + 1 == height || c + 1 == width) && !wall[r * width + c] {
                outside[r * width + c] = true;
                stack.push((r, c));
            }
        }
    }
    while let Some((r, c)) = stack.pop() {
        let mut near = Vec::with_capacity(4);
        if r > 0 {
            near.push((r - 1, c));
        }
        if c > 0 {
            near.push((r, c - 1));
        }
        if r + 1 < height {
            near.push((r + 1, c));
        }
        if c + 1 < width {
            near.push((r, c + 1));
        }
        for (nr, nc) in near {
            let k = nr * width + nc;
            if !wall[k] && !outside[k] {
                outside[k] = true;
                stack.push((nr, nc));
            }
        }
    }
    let out_at = |p: Pos| outside[p.row * width + p.col];
    let place = |p: Pos, what: &str| {
        ParseError::at(first_line + p.row, p.col + 1, format!("{what} outside the walls: expected the level closed"))
    };
    if out_at(player) {
        return Err(place(player, "the player is"));
    }
    if let Some(&b) = boxes.iter().find(|&&b| out_at(b)) {
        return Err(place(b, "a box is"));
    }
    if let Some(&g) = goals.iter().find(|&&g| out_at(g)) {
        return Err(place(g, "a goal is"));
    }
    // Cropped to the inside and one cell around it (outside rows and columns beyond are
    // drawing, not level), so a level reads the same however it was padded.
    let inside: Vec<(usize, usize)> =
        (0..height * width).filter(|&k| !wall[k] && !outside[k]).map(|k| (k / width, k % width)).collect();
    let r0 = inside.iter().map(|p| p.0).min().unwrap_or(0).saturating_sub(1);
    let c0 = inside.iter().map(|p| p.1).min().unwrap_or(0).saturating_sub(1);
    let r1 = (inside.iter().map(|p| p.0).max().unwrap_or(0) + 2).min(height);
    let c1 = (inside.iter().map(|p| p.1).max().unwrap_or(0) + 2).min(width);
    let window = || (r0..r1).flat_map(|r| (c0..c1).map(move |c| r * width + c));
    let cells = window().map(|k| wall[k] || outside[k]);
    let beyond = Grid::from_cells(r1 - r0, c1 - c0, window().map(|k| outside[k]).collect());
    let shift = |p: Pos| Pos::new(p.row - r0, p.col - c0);
    let mut boxes: Vec<Pos> = boxes.into_iter().map(shift).collect();
    let mut goals: Vec<Pos> = goals.into_iter().map(shift).collect();
    boxes.sort();
    goals.sort();
    goals.dedup();
    let walls = Grid::from_cells(r1 - r0, c1 - c0, cells.collect());
    Ok(Maze { level: Level { walls, goals, outside: beyond }, start: Position { player: shift(player), boxes } })
}

/// A level as XSB rows, each line ended by `\n`: the outside as spaces, so the board reads as
/// it was drawn and reads back the same.
pub fn write_board(maze: &Maze) -> String {
    let walls = &maze.level.walls;
    let (rows, cols) = (walls.rows(), walls.cols());
    let mut s = String::new();
    for r in 0..rows {
        let mut line = String::new();
        for c in 0..cols {
            let p = Pos::new(r, c);
            let goal = maze.level.goals.contains(&p);
            let ch = if walls[p] {
                if maze.level.is_outside(p) { ' ' } else { '#' }
            } else if p == maze.start.player {
                if goal { '+' } else { '@' }
            } else if maze.start.boxes.contains(&p) {
                if goal { '*' } else { '$' }
            } else if goal {
                '.'
            } else {
                // Inside floor as `-`, so a row never ends in a space that editors strip.
                '-'
            };
            line.push(ch);
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

/// A level as XSB with its title as a `;` comment before the board.
pub fn write_level(title: &str, maze: &Maze) -> String {
    let title: String = title.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    format!("; {}\n\n{}", title.trim(), write_board(maze))
}

/// A move in LURD (`lurd` walk, `LURD` push).
pub fn lurd_char(m: Move) -> char {
    let c = match m.dir {
        Dir::Left => 'l',
        Dir::Up => 'u',
        Dir::Right => 'r',
        Dir::Down => 'd',
    };
    if m.push { c.to_ascii_uppercase() } else { c }
}

/// A LURD letter as a move.
pub fn lurd_move(c: char) -> Option<Move> {
    let dir = match c.to_ascii_lowercase() {
        'l' => Dir::Left,
        'u' => Dir::Up,
        'r' => Dir::Right,
        'd' => Dir::Down,
        _ => return None,
    };
    Some(Move { dir, push: c.is_ascii_uppercase() })
}

/// Moves as plain LURD.
pub fn lurd_text(moves: &[Move]) -> String {
    moves.iter().map(|&m| lurd_char(m)).collect()
}

/// Moves in run-length form: a run of two or more of a letter as its count and the letter.
pub fn rle_text(moves: &[Move]) -> String {
    let mut s = String::new();
    let mut i = 0;
    while i < moves.len() {
        let mut j = i;
        while j < moves.len() && moves[j] == moves[i] {
            j += 1;
        }
        if j - i > 1 {
            s.push_str(&(j - i).to_string());
        }
        s.push(lurd_char(moves[i]));
        i = j;
    }
    s
}

/// The most moves a solution text may expand to (a run-length count is bounded by it).
pub const MAX_MOVES: usize = 1_000_000;

/// Reads LURD or its run-length form (counts before a letter or a bracketed group, groups
/// nested; whitespace and `|` ignored). Errors name the 1-based column on `line`.
pub fn parse_lurd(text: &str, line: usize) -> Result<Vec<Move>, ParseError> {
    Ok(parse_lurd_at(text, line)?.into_iter().map(|(m, _)| m).collect())
}

/// [`parse_lurd`] on line 1, each move with the 1-based column of its letter (what
/// `--moves` errors point at).
pub fn parse_lurd_placed(text: &str) -> Result<Vec<(Move, usize)>, ParseError> {
    parse_lurd_at(text, 1)
}

fn parse_lurd_at(text: &str, line: usize) -> Result<Vec<(Move, usize)>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut k = 0;
    let moves = group(&chars, &mut k, line, 0)?;
    if k < chars.len() {
        return Err(ParseError::at(line, k + 1, "expected a move (`lurdLURD`), a count or `(`, found `)`"));
    }
    Ok(moves)
}

fn group(chars: &[char], k: &mut usize, line: usize, depth: usize) -> Result<Vec<(Move, usize)>, ParseError> {
    if depth > 32 {
        return Err(ParseError::at(line, *k + 1, "expected brackets nested at most 32 deep"));
    }
    let mut out: Vec<(Move, usize)> = Vec::new();
    while *k < chars.len() {
        let c = chars[*k];
        if c.is_whitespace() || c == '|' {
            *k += 1;
            continue;
        }
        if c == ')' {
            return Ok(out);
        }
        let start = *k;
        let mut count: usize = 1;
        if c.is_ascii_digit() {
            let mut n: usize = 0;
            while *k < chars.len() && chars[*k].is_ascii_digit() {
                n = n.saturating_mul(10).saturating_add(chars[*k] as usize - '0' as usize);
                *k += 1;
            }
            if n == 0 || n > MAX_MOVES {
                return Err(ParseError::at(line, start + 1, format!("expected a count from 1 to {MAX_MOVES}")));
            }
            count = n;
        }
        let Some(&c) = chars.get(*k) else {
            return Err(ParseError::at(line, *k + 1, "expected a move or `(` after the count, found the end"));
        };
        let body = if c == '(' {
            let open = *k;
            *k += 1;
            let inner = group(chars, k, line, depth + 1)?;
            if chars.get(*k) != Some(&')') {
                return Err(ParseError::at(line, open + 1, "expected the `(` closed by a `)`"));
            }
            *k += 1;
            inner
        } else if let Some(m) = lurd_move(c) {
            *k += 1;
            vec![(m, *k)]
        } else {
            return Err(ParseError::at(
                line,
                *k + 1,
                format!("move {}: expected one of `lurdLURD`, a count or `(`, found {}", out.len() + 1, quote_char(c)),
            ));
        };
        if out.len() + body.len().saturating_mul(count) > MAX_MOVES {
            return Err(ParseError::at(line, start + 1, format!("expected at most {MAX_MOVES} moves in all")));
        }
        for _ in 0..count {
            out.extend_from_slice(&body);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "; 1\n\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";

    #[test]
    fn microban_one() {
        let levels = parse_collection(ONE).unwrap();
        assert_eq!(levels.len(), 1);
        let l = &levels[0];
        assert_eq!((l.title.as_str(), l.line), ("1", 3));
        assert_eq!(l.maze.start.player, Pos::new(3, 2));
        assert_eq!(l.maze.start.boxes, vec![Pos::new(3, 1), Pos::new(4, 3)]);
        assert_eq!(l.maze.level.goals, vec![Pos::new(1, 2), Pos::new(3, 1)]);
        // Ragged rows: the short ones are padded with outside (walls).
        assert_eq!((l.maze.level.walls.rows(), l.maze.level.walls.cols()), (7, 6));
        assert!(l.maze.level.walls[Pos::new(0, 5)]);
        assert_eq!(write_level("1", &l.maze), "; 1\n\n####\n#-.#\n#--###\n#*@--#\n#--$-#\n#--###\n####\n");
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse_collection("#####\n#@@$.#\n#####\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, Some(3)));
        let e = parse_collection("#####\n# $.#\n#####\n").unwrap_err();
        assert!(e.message.contains("found none"), "{e}");
        let e = parse_collection("######\n#@$$.#\n######\n").unwrap_err();
        assert!(e.message.contains("2 boxes and 1 goal"), "{e}");
        // A box beyond a gap in the wall.
        let e = parse_collection("#####\n#@ .#\n#####\n#$\n").unwrap_err();
        assert_eq!((e.line, e.column), (4, Some(2)), "{e}");
        assert!(e.message.starts_with("a box is outside"), "{e}");
        // A gap in the wall lets the player out.
        let e = parse_collection("#####\n#@$.#\n## ##\n").unwrap_err();
        assert!(e.message.starts_with("the player is outside"), "{e}");
        let e = parse_collection("####\n#@$.\n####\n").unwrap_err();
        assert!(e.message.contains("outside the walls"), "{e}");
    }

    #[test]
    fn lurd_and_rle() {
        let m = parse_lurd("dlUrr rdL", 1).unwrap();
        assert_eq!(lurd_text(&m), "dlUrrrdL");
        assert_eq!(rle_text(&m), "dlU3rdL");
        assert_eq!(parse_lurd("dlU3rdL", 1).unwrap(), m);
        assert_eq!(lurd_text(&parse_lurd("2(lU)3d", 1).unwrap()), "lUlUddd");
        assert_eq!(lurd_text(&parse_lurd("2(r2(lu))", 1).unwrap()), "rlulurlulu");
        let e = parse_lurd("ddx", 4).unwrap_err();
        assert_eq!((e.line, e.column), (4, Some(3)));
        assert!(parse_lurd("2(lu", 1).unwrap_err().message.contains("closed"));
        assert!(parse_lurd("99999999999l", 1).is_err());
        assert!(parse_lurd("1000(1000(1000(l)))", 1).is_err());
    }
}

#[cfg(test)]
mod header_tests {
    use super::file_header;

    #[test]
    fn the_header_is_the_text_before_the_first_levels_title() {
        let grigr = ";These levels are made by someone\n;on his home page\n\n;You may do everything\n\n;101\n#####\n#@$.#\n#####\n";
        assert_eq!(
            file_header(grigr),
            ["These levels are made by someone", "on his home page", "You may do everything"]
        );
        // A title straight before the board, and nothing else: no header.
        assert!(file_header(";screen.01\n#####\n#@$.#\n#####\n").is_empty());
        assert_eq!(
            file_header("; Microban (155 puzzles)\n; for beginners\n \n; 1\n\n####\n#@$.#\n####\n"),
            ["Microban (155 puzzles)", "for beginners"]
        );
        assert!(file_header("1 3\nSBT\n0 0\n").is_empty());
    }

    #[test]
    fn a_separator_comment_is_not_a_title() {
        // B21: a collection that draws a line between levels; the title stays the named one,
        // and a board after a bare line is numbered.
        let text = "; Twisty\n; ==========\n#####\n#@$.#\n#####\n\n; ----------\n#####\n#.$@#\n#####\n";
        let levels = super::parse_collection(text).unwrap();
        let titles: Vec<&str> = levels.iter().map(|l| l.title.as_str()).collect();
        assert_eq!(titles, ["Twisty", "Level 2"]);
    }

    #[test]
    fn a_files_opening_comment_is_its_header_when_no_board_has_a_title() {
        // B21's rest: a pack that opens with its name, then boards with no titles of their
        // own; the name is the header, the boards are numbered.
        let text = "; My pack by me\n\n#####\n#@$.#\n#####\n\n#####\n#.$@#\n#####\n";
        let levels = super::parse_collection(text).unwrap();
        let titles: Vec<&str> = levels.iter().map(|l| l.title.as_str()).collect();
        assert_eq!(titles, ["Level 1", "Level 2"]);
        assert_eq!(file_header(text), ["My pack by me"]);
        // One level: its comment is its title (as the editor writes a level).
        let one = "; Twisty\n\n#####\n#@$.#\n#####\n";
        assert_eq!(super::parse_collection(one).unwrap()[0].title, "Twisty");
        assert!(file_header(one).is_empty());
        // Titled levels keep the first's.
        let titled = "; One\n#####\n#@$.#\n#####\n; Two\n#####\n#.$@#\n#####\n";
        assert_eq!(super::parse_collection(titled).unwrap()[0].title, "One");
    }
}
