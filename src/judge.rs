//! The four judges as library calls: the input's bytes in (read under the one input
//! convention of [`crate::input`]), the answer text out, or one error. The binary adds only
//! the reading, the writing and the exit status; the fuzz targets call these directly.
//!
//! Every judge reads the whole input before answering, so a bad input yields no answer at
//! all. The Vexed judge is the only one whose work is not bounded by the input's size: it is
//! bounded by [`Limits`] per puzzle, and a puzzle a limit stops gets no answer (a note
//! instead; see [`Answer::stopped`]).
//!
//! A capability: depends on the games and the shared ground; no game depends on it, and it
//! never names the window (a test checks the layers).

use crate::error::{ParseError, quote};
use crate::vexed::first::First;
use crate::vexed::solve::{LimitKind, Limits, Outcome, solve_first};
use crate::{shubbles, sokoban, stacks, vexed};
use std::fmt;
use std::time::Duration;

/// Why a judge gave no answer at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JudgeError {
    /// The input is not valid.
    Parse(ParseError),
    /// A puzzle the solver cannot take (too large for its bitboards).
    Puzzle { name: String, message: String },
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::Parse(e) => write!(f, "{e}"),
            JudgeError::Puzzle { name, message } => write!(f, "puzzle {}: {message}", quote(name)),
        }
    }
}

impl From<ParseError> for JudgeError {
    fn from(e: ParseError) -> Self {
        JudgeError::Parse(e)
    }
}

/// A judge's answer.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Answer {
    /// What goes to standard output.
    pub text: String,
    /// One line per puzzle a limit decided (for standard error; exit status 3). A puzzle the
    /// limit stopped before its minimum was proven prints nothing on standard output.
    pub stopped: Vec<String>,
    /// What each puzzle got, in input order.
    pub verdicts: Vec<Verdict>,
}

/// One Vexed puzzle's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A minimum solution (printed), replayed; `first` when it is the tie-break's choice
    /// (false only when a limit stopped the tie-break).
    Minimum { moves: Vec<vexed::Move>, first: bool },
    /// Proven to have no solution (`NAME: No solution`).
    NoSolution,
    /// Stopped by a limit before a minimum was proven: nothing printed.
    Stopped,
}

/// The Vexed judge's default limits per puzzle: 60 seconds and 20 million positions (about
/// 1 GB). A World Finals puzzle takes milliseconds.
pub const VEXED_TIME: Duration = Duration::from_secs(60);
pub const VEXED_STATES: usize = 20_000_000;

fn limit_words(k: LimitKind) -> &'static str {
    match k {
        LimitKind::Time => "the time limit",
        LimitKind::States => "the state limit",
        LimitKind::Cancelled => "a cancel",
    }
}

/// The World Finals 2001 judge: for each puzzle, `NAME: Minimum solution length = N` and the
/// moves four per line, or `NAME: No solution`. The solution printed is the first of all
/// minimum solutions with moves ordered by (row, column, then L before R), compared move by
/// move (the seed's own answers). `limits` apply to each puzzle.
pub fn vexed(input: &[u8], limits: Limits) -> Result<Answer, JudgeError> {
    let text = crate::input::decode(input)?;
    let puzzles = vexed::format::parse_judge(&text)?;
    let mut answer = Answer::default();
    for p in &puzzles {
        let bad = |e: vexed::solve::SolveError| JudgeError::Puzzle { name: p.name.clone(), message: e.to_string() };
        let (report, first) = solve_first(&p.board, limits).map_err(bad)?;
        let start = p.board.settle().0;
        let moves = match report.outcome {
            Outcome::Solved { moves, .. } => moves,
            Outcome::Unsolvable => {
                answer.text.push_str(&format!("{}: No solution\n", p.name));
                answer.verdicts.push(Verdict::NoSolution);
                continue;
            }
            Outcome::LimitReached(k) => {
                answer.verdicts.push(Verdict::Stopped);
                answer.stopped.push(format!(
                    "puzzle {}: {} stopped the search before a minimum was proven (the optimum is at least {}); no answer printed",
                    quote(&p.name),
                    limit_words(k),
                    report.bound
                ));
                continue;
            }
        };
        let (moves, is_first) = match first {
            Some(First::Found(first)) if first.len() == moves.len() => (first, true),
            Some(First::Limit(k)) => {
                answer.stopped.push(format!(
                    "puzzle {}: {} stopped the tie-break: the minimum solution printed may not be the first one",
                    quote(&p.name),
                    limit_words(k)
                ));
                (moves, false)
            }
            _ => unreachable!("the tie-break search disagrees with the proven optimum"),
        };
        answer.text.push_str(&format!("{}: Minimum solution length = {}\n", p.name, moves.len()));
        for line in vexed::format::solution_lines(&start, &moves) {
            answer.text.push_str(&line);
            answer.text.push('\n');
        }
        answer.verdicts.push(Verdict::Minimum { moves, first: is_first });
    }
    Ok(answer)
}

/// The shubbles judge: the final state, or `!`; with `picture`, the ASCII picture of the final
/// state in its final orientation. Keeps no step history (memory does not grow with the
/// number of operations).
pub fn shubbles(input: &[u8], picture: bool) -> Result<String, ParseError> {
    let text = crate::input::decode(input)?;
    let (state, ops) = shubbles::format::parse_judge(&text)?;
    let (end, failure) = state.outcome(&ops);
    Ok(shubbles_answer(&end, failure.is_some(), picture))
}

/// The shubbles judge's answer for a run that ended at `end` (or failed).
pub fn shubbles_answer(end: &shubbles::State, failed: bool, picture: bool) -> String {
    match () {
        _ if failed => "!\n".to_string(),
        _ if picture => shubbles::format::picture(end),
        _ => format!("{}\n", end.text()),
    }
}

/// UVa 589: `Maze #k`, the moves or `Impossible.`, and a blank line after every maze.
pub fn sokoban(input: &[u8]) -> Result<String, ParseError> {
    let text = crate::input::decode(input)?;
    let mazes = sokoban::format::parse_judge(&text)?;
    let mut solver = sokoban::solve::Solver::default();
    let mut out = String::new();
    for (k, maze) in mazes.iter().enumerate() {
        out.push_str(&format!("Maze #{}\n", k + 1));
        match solver.solve(maze) {
            Some(sol) => out.push_str(&sokoban::rules::moves_text(&sol.moves)),
            None => out.push_str("Impossible."),
        }
        out.push_str("\n\n");
    }
    Ok(out)
}

/// Baekjoon 17837 (or 17780 with [`stacks::Rule::BottomOnly`]): the turn in which four pieces
/// first share a square, or `-1` when that is later than turn 1000 or never.
pub fn stacks(input: &[u8], rule: stacks::Rule) -> Result<String, ParseError> {
    let text = crate::input::decode(input)?;
    let game = stacks::format::parse(&text, rule)?;
    Ok(match game.ending_turn(1000) {
        Some(t) => format!("{t}\n"),
        None => "-1\n".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n6 7 SAMPLE-02\n#--Y--#\n#-ZX-X#\n#-##-##\n#-XZ--#\n####YZ#\n#######\n0 0 END\n";

    /// The seed's output, byte for byte (its line breaks restored as the spec gives them).
    const SEED_OUT: &str = "SAMPLE-01: Minimum solution length = 2\n(B,1,3,L) (A,0,1,R)\nSAMPLE-02: Minimum solution length = 9\n(Y,0,3,R) (Z,4,5,L) (X,1,3,R) (Z,1,2,R)\n(Z,1,3,R) (X,3,4,R) (X,3,2,R) (X,4,5,L)\n(X,1,5,L)\n";

    #[test]
    fn vexed_judge_prints_the_seeds_answers() {
        let a = vexed(SAMPLE.as_bytes(), Limits::default()).unwrap();
        assert_eq!(a.text, SEED_OUT);
        assert!(a.stopped.is_empty());
    }

    #[test]
    fn a_stopped_puzzle_prints_nothing_that_looks_optimal() {
        let a = vexed(SAMPLE.as_bytes(), Limits { max_states: Some(3), time: None }).unwrap();
        assert!(!a.text.contains("SAMPLE-02"), "{}", a.text);
        assert!(a.stopped.iter().any(|s| s.contains("SAMPLE-02")), "{:?}", a.stopped);
    }
}
