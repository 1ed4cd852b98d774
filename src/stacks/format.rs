//! The Baekjoon 17837 / 17780 input: `N K`, N rows of N colours (0 white, 1 red, 2 blue), then
//! K lines `row col heading` (1-based; heading 1 →, 2 ←, 3 ↑, 4 ↓).

use super::rules::{Color, Game, Heading, Rule};
use crate::error::{ParseError, Tokens, quote};
use crate::grid::{Grid, Pos};

/// Parses a whole input; nothing but whitespace may follow the last piece.
pub fn parse(text: &str, rule: Rule) -> Result<Game, ParseError> {
    let mut t = Tokens::new(text);
    let (n, _) = t.int("N (the board size)", 4, 12)?;
    let (k, _) = t.int("K (the number of pieces)", 4, 10)?;
    let n = n as usize;
    let mut colors = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            let (v, _) = t.int(&format!("the colour of row {}, column {} (0, 1 or 2)", r + 1, c + 1), 0, 2)?;
            colors.push([Color::White, Color::Red, Color::Blue][v as usize]);
        }
    }
    let mut pieces: Vec<(Pos, Heading)> = Vec::new();
    for i in 0..k {
        let piece = i + 1;
        let (r, tok) = t.int(&format!("piece {piece}'s row"), 1, n as i64)?;
        let (c, _) = t.int(&format!("piece {piece}'s column"), 1, n as i64)?;
        let (d, _) = t.int(&format!("piece {piece}'s heading"), 1, 4)?;
        let p = Pos::new(r as usize - 1, c as usize - 1);
        if let Some(other) = pieces.iter().position(|q| q.0 == p) {
            return Err(ParseError::at(
                tok.line,
                tok.column,
                format!(
                    "expected each piece on its own square, but piece {piece} shares row {r}, column {c} with piece {}",
                    other + 1
                ),
            ));
        }
        pieces.push((p, Heading::from_code(d).unwrap_or(Heading(crate::grid::Dir::Right))));
    }
    if let Some(extra) = t.next_token() {
        return Err(ParseError::at(
            extra.line,
            extra.column,
            format!("expected the end of the input after {k} pieces, found {}", quote(extra.text)),
        ));
    }
    Ok(Game::new(Grid::from_cells(n, n, colors), &pieces, rule))
}

/// Parses a move list: piece numbers from 1, separated by whitespace or commas. Errors say
/// which move and give its 1-based column.
pub fn parse_moves(text: &str, pieces: usize, line: usize) -> Result<Vec<usize>, ParseError> {
    Ok(parse_moves_placed(text, pieces, line)?.into_iter().map(|(m, _)| m).collect())
}

/// [`parse_moves`], with the 1-based column where each move starts.
pub fn parse_moves_placed(text: &str, pieces: usize, line: usize) -> Result<Vec<(usize, usize)>, ParseError> {
    let mut out = Vec::new();
    let mut col = 1;
    for part in text.split(|c: char| c.is_whitespace() || c == ',') {
        if !part.is_empty() {
            match part.parse::<usize>() {
                Ok(n) if (1..=pieces).contains(&n) => out.push((n - 1, col)),
                _ => {
                    return Err(ParseError::at(
                        line,
                        col,
                        format!(
                            "move {}: expected a piece number from 1 to {pieces}, found {}",
                            out.len() + 1,
                            quote(part)
                        ),
                    ));
                }
            }
        }
        col += part.chars().count() + 1;
    }
    Ok(out)
}

/// Writes a move list as piece numbers from 1.
pub fn moves_text(moves: &[usize]) -> String {
    moves.iter().map(|m| (m + 1).to_string()).collect::<Vec<_>>().join(" ")
}

/// Writes a game's starting position in the Baekjoon input format.
pub fn write(game: &super::rules::Game) -> String {
    let n = game.colors.rows();
    let mut s = format!("{n} {}\n", game.pieces());
    for r in 0..n {
        let row: Vec<&str> = (0..n)
            .map(|c| match game.colors[Pos::new(r, c)] {
                Color::White => "0",
                Color::Red => "1",
                Color::Blue => "2",
            })
            .collect();
        s.push_str(&row.join(" "));
        s.push('\n');
    }
    for i in 0..game.pieces() {
        let p = game.pos[i];
        s.push_str(&format!("{} {} {}\n", p.row + 1, p.col + 1, game.heading[i].code()));
    }
    s
}

/// Splits a file of several Baekjoon boards separated by blank lines (or `---` lines) and
/// parses each; errors name the line in the whole file.
pub fn parse_many(text: &str, rule: Rule) -> Result<Vec<Game>, ParseError> {
    let mut games = Vec::new();
    let mut chunk = String::new();
    let mut first = 1;
    for (i, line) in text.split('\n').chain(std::iter::once("")).enumerate() {
        let sep = line.trim().is_empty() || line.trim() == "---";
        if sep {
            if !chunk.trim().is_empty() {
                games.push(parse(&chunk, rule).map_err(|mut e| {
                    e.line += first - 1;
                    e
                })?);
            }
            chunk.clear();
            first = i + 2;
        } else {
            chunk.push_str(line);
            chunk.push('\n');
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_places() {
        let e = parse("4 4\n0 0 0 0\n0 0 3 0\n", Rule::CarryAbove).unwrap_err();
        assert_eq!((e.line, e.column), (3, Some(5)));
        let e = parse("3 4\n", Rule::CarryAbove).unwrap_err();
        assert_eq!((e.line, e.column), (1, Some(1)));
        let board = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
        let e = parse(&format!("{board}1 1 1\n1 1 2\n"), Rule::CarryAbove).unwrap_err();
        assert_eq!((e.line, e.column), (7, Some(1)));
        assert!(e.message.contains("shares"), "{e}");
        let e = parse(&format!("{board}1 1 1\n1 2 5\n"), Rule::CarryAbove).unwrap_err();
        assert_eq!((e.line, e.column), (7, Some(5)));
        let e = parse(&format!("{board}1 1 1\n1 2 1\n"), Rule::CarryAbove).unwrap_err();
        assert!(e.message.contains("end of the input"), "{e}");
        let e = parse(&format!("{board}1 1 1\n1 2 1\n1 3 1\n1 4 1\n9\n"), Rule::CarryAbove).unwrap_err();
        assert_eq!((e.line, e.column), (10, Some(1)));
    }
}

#[cfg(test)]
mod move_tests {
    use super::*;

    #[test]
    fn piece_numbers_round_trip() {
        let m = parse_moves("1 2,4  3", 4, 1).unwrap();
        assert_eq!(m, vec![0, 1, 3, 2]);
        assert_eq!(moves_text(&m), "1 2 4 3");
        assert_eq!(parse_moves("1 5", 4, 1).unwrap_err().column, Some(3));
    }
}
