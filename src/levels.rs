//! The levels built into tumblebox: the seeds' examples plus levels generated and certified
//! with the solvers (`tumblebox generate`), kept as text in `assets/levels/`.
//!
//! A capability: depends on the games and the shared ground; no game depends on it, and it
//! never names the window (a test checks the layers).

use crate::error::ParseError;
use crate::shubbles::State;
use crate::sokoban::format::Maze;
use crate::stacks::{Game, Rule};
use crate::vexed::Board;

pub const VEXED: &str = include_str!("../assets/levels/vexed.txt");
pub const SHUBBLES: &str = include_str!("../assets/levels/shubbles.txt");
pub const SOKOBAN: &str = include_str!("../assets/levels/sokoban.txt");
pub const STACKS: &str = include_str!("../assets/levels/stacks.txt");

/// A Vexed level with its certified optimal move count.
pub fn vexed() -> Vec<(String, Board, usize)> {
    crate::vexed::format::parse_android(VEXED)
        .expect("built-in Vexed levels parse")
        .into_iter()
        .map(|l| (l.title, l.board, l.par.unwrap_or(0)))
        .collect()
}

/// A shubbles box with the length of its shortest release-all solution (when known).
#[derive(Debug, Clone)]
pub struct BoxLevel {
    pub title: String,
    pub state: State,
    pub par: Option<usize>,
}

/// Reads shubbles levels: one state per line, optionally `state;par;title`.
pub fn parse_shubbles(text: &str) -> Result<Vec<BoxLevel>, ParseError> {
    let mut out = Vec::new();
    for (i, line) in text.split('\n').enumerate() {
        let line = line.trim_end_matches(['\r', ' ', '\t']);
        if line.trim().is_empty() {
            continue;
        }
        let mut parts = line.splitn(3, ';');
        let state = crate::shubbles::format::parse_state(parts.next().unwrap_or(""), i + 1)?;
        let par = match parts.next() {
            Some(p) => Some(p.trim().parse::<usize>().map_err(|_| {
                ParseError::at(
                    i + 1,
                    31,
                    format!("expected the par (a number) after the state, found {}", crate::error::quote(p)),
                )
            })?),
            None => None,
        };
        let title = parts.next().map_or_else(|| format!("Box {}", out.len() + 1), str::to_string);
        out.push(BoxLevel { title, state, par });
    }
    Ok(out)
}

pub fn shubbles() -> Vec<BoxLevel> {
    parse_shubbles(SHUBBLES).expect("built-in shubbles levels parse")
}

pub fn sokoban() -> Vec<Maze> {
    crate::sokoban::format::parse_judge(SOKOBAN).expect("built-in mazes parse")
}

pub fn stacks() -> Vec<Game> {
    crate::stacks::format::parse_many(STACKS, Rule::CarryAbove).expect("built-in boards parse")
}
