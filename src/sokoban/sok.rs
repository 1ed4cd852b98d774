//! Solutions in a SOK file (or an XSB collection with solutions), as JSoko, YSokoban and
//! Sokoban YASC write them: under a level, a `Solution` line (`Solution`, `Solution 8/33`,
//! `Solution (moves 33, pushes 8)`, `Solution/Pushes`, or `Solution: ` with the moves on the
//! same line), an optional `Comment:` line or `Comment:` … `Comment-End:` block, then the moves
//! in LURD or run-length form on one line or several, up to a blank line or any other text.
//! `Snapshot` sections (unfinished games) are skipped.
//!
//! Every solution is replayed through the rules before it is given back: each move must be
//! possible and written as what it does (a push uppercase, a walk lowercase), and the last
//! must leave every box on a goal. A fault is one error naming its line and column.

use super::rules::Move;
use super::xsb::XsbLevel;
use crate::error::ParseError;

/// A solution read from the file, replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SokSolution {
    /// Which of the file's levels (an index into [`super::xsb::parse_collection`]'s answer).
    pub level: usize,
    /// The 1-based line of its `Solution` header.
    pub line: usize,
    pub moves: Vec<Move>,
    pub pushes: usize,
}

/// Whether a line of a section is its moves: it starts as moves do (a LURD letter, a count,
/// a bracket) and is no `Key: value` line nor a board row. A bad letter further on is then an
/// error naming its column, not the end of the solution.
fn is_moves(line: &str) -> bool {
    let t = line.trim();
    t.starts_with(|c: char| "lurdLURD0123456789(".contains(c)) && !t.contains(':') && !super::xsb::is_board_row(t)
}

/// Reads every solution of `text` (whose levels `levels` are, as
/// [`super::xsb::parse_collection`] read them) and replays each on its level.
pub fn solutions(text: &str, levels: &[XsbLevel]) -> Result<Vec<SokSolution>, ParseError> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some((solution, rest)) = super::xsb::section(lines[i]) else {
            i += 1;
            continue;
        };
        let header = i + 1;
        // The level it belongs to: the last whose board starts before it.
        let level = levels.iter().rposition(|l| l.line < header);
        // The moves: on the header line after a `:`, then the lines that hold moves only.
        let mut parts: Vec<(usize, usize, &str)> = Vec::new();
        let rest_trim = rest.trim_start();
        if let Some(after) = rest_trim.strip_prefix(':')
            && is_moves(after)
        {
            let col = lines[i].chars().count() - after.chars().count() + 1;
            parts.push((header, col, after));
        }
        i += 1;
        let mut in_block = false;
        while i < lines.len() {
            let t = lines[i].trim();
            if in_block {
                in_block = !t.eq_ignore_ascii_case("comment-end:");
            } else if t.to_ascii_lowercase().starts_with("comment:") {
                in_block = t["comment:".len()..].trim().is_empty();
            } else if is_moves(t) {
                parts.push((i + 1, 1, lines[i]));
            } else {
                break;
            }
            i += 1;
        }
        if !solution {
            continue;
        }
        let Some(level) = level else {
            return Err(ParseError::line(header, "a level's board before its `Solution`"));
        };
        if parts.is_empty() {
            return Err(ParseError::line(header, "the solution's moves (LURD) after its `Solution` line"));
        }
        out.push(replay(&levels[level], level, header, &parts)?);
    }
    Ok(out)
}

/// Reads a solution's lines and plays them on the level through the rules.
fn replay(
    l: &XsbLevel,
    level: usize,
    header: usize,
    parts: &[(usize, usize, &str)],
) -> Result<SokSolution, ParseError> {
    let mut g = super::scene::Game::new(l.maze.clone(), true);
    let (mut moves, mut pushes) = (Vec::new(), 0);
    for &(line, col, text) in parts {
        let placed = super::xsb::parse_lurd_placed(text)
            .map_err(|e| ParseError::at(line, col - 1 + e.column.unwrap_or(1), e.message))?;
        for (m, c) in placed {
            let at = |what: String| ParseError::at(line, col - 1 + c, what);
            let n = moves.len() + 1;
            let (pos, step) =
                g.step_move(m).map_err(|e| at(format!("move {n} of the solution, one that can be made ({e})")))?;
            let pushed = step.moved_box().is_some();
            if pushed != m.push {
                let (written, does) = if m.push { ("uppercase", "a walk") } else { ("lowercase", "a push") };
                return Err(at(format!("move {n} of the solution written as it is made: {written}, but it is {does}")));
            }
            pushes += usize::from(pushed);
            moves.push(m);
            g = g.at(pos);
        }
    }
    if !g.done() {
        return Err(ParseError::line(
            header,
            format!(
                "a solution of {}: after its last move (move {}) a box is still off a goal",
                crate::error::quote(&l.title),
                moves.len()
            ),
        ));
    }
    Ok(SokSolution { level, line: header, moves, pushes })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "Title: One\n#####\n#@$.#\n#####\n\nSolution 1/1\nComment: you\nR\n\n; Two\n######\n#@$ .#\n######\nSolution: R\nR\nSnapshot half\nR\n";

    #[test]
    fn solutions_are_read_under_their_levels_and_replayed() {
        let levels = super::super::xsb::parse_collection(FILE).unwrap();
        assert_eq!(levels.len(), 2);
        // A solution's comment is not the level's.
        assert_eq!(levels[0].comment, None);
        let s = solutions(FILE, &levels).unwrap();
        assert_eq!(
            s.iter().map(|x| (x.level, x.line, x.moves.len(), x.pushes)).collect::<Vec<_>>(),
            vec![(0, 6, 1, 1), (1, 14, 2, 2)]
        );
    }

    #[test]
    fn a_bad_solution_names_its_line_and_column() {
        let bad = FILE.replace("Solution: R\nR", "Solution: R\nr");
        let levels = super::super::xsb::parse_collection(&bad).unwrap();
        let e = solutions(&bad, &levels).unwrap_err().to_string();
        assert!(e.starts_with("line 15, column 1: move 2 of the solution written as it is made: lowercase"), "{e}");
        let bad = FILE.replace("Solution: R\nR", "Solution: R\nRx");
        let e = solutions(&bad, &levels).unwrap_err().to_string();
        assert!(e.starts_with("line 15, column 2: move 2: expected one of `lurdLURD`"), "{e}");
        let bad = FILE.replace("Solution: R\nR", "Solution: R\n");
        let e = solutions(&bad, &levels).unwrap_err().to_string();
        assert_eq!(e, "line 14: a solution of `Two`: after its last move (move 1) a box is still off a goal");
        let bad = FILE.replace("Solution 1/1\nComment: you\nR", "Solution 1/1\nComment: you\nL");
        let e = solutions(&bad, &levels).unwrap_err().to_string();
        assert!(e.starts_with("line 8, column 1: move 1 of the solution"), "{e}");
    }
}
