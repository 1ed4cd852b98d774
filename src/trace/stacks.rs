//! Stacks' steps as records: piece moves with what they carried, bounces, blocks, skips, four
//! reached; and the game as the window plays it (with its turn order).

use super::{Record, Traced, rc1, t1};
use crate::anim::Animate;
use crate::grid::Dir;
use serde_json::json;

impl Traced for crate::stacks::Game {
    const UNIT: &'static str = "turn";
    const NOTATION: bool = false;

    fn records(&self, steps: &[crate::stacks::Step]) -> Vec<Record> {
        use crate::stacks::{Color, Step};
        let mut out = Vec::new();
        let mut state = self.clone();
        let heading = |d: Dir| match d {
            Dir::Right => "right",
            Dir::Left => "left",
            Dir::Up => "up",
            Dir::Down => "down",
        };
        for (i, step) in steps.iter().enumerate() {
            let mut r = match step {
                Step::Skip { piece } => {
                    Record::new("skip", format!("piece {} skips: not at the bottom of its stack (17780)", piece + 1))
                        .with("piece", (piece + 1).into())
                }
                Step::Reverse { piece, heading: h } => {
                    // What it bounced off: the square ahead in its old heading.
                    let at = state.pos[*piece];
                    let ahead = state.colors.neighbour(at, h.0.opposite());
                    let what = match ahead {
                        Some(q) if state.colors[q] == Color::Blue => format!("blue {}", t1(q)),
                        _ => "the edge".to_string(),
                    };
                    Record::new(
                        "bounce",
                        format!("piece {} bounces off {what}; now heading {}", piece + 1, heading(h.0)),
                    )
                    .with("piece", (piece + 1).into())
                    .with("off", if what == "the edge" { "edge".into() } else { "blue".into() })
                    .with("heading", h.code().into())
                }
                Step::Blocked { piece } => {
                    Record::new("blocked", format!("piece {} stays: blue or the edge both ways", piece + 1))
                        .with("piece", (piece + 1).into())
                }
                Step::StackMove { piece, from, to, carried, reversed } => {
                    let c: Vec<usize> = carried.iter().map(|p| p + 1).collect();
                    let cs: Vec<String> = c.iter().map(|p| p.to_string()).collect();
                    let red = if *reversed { format!(", reversed on red {}", t1(*to)) } else { String::new() };
                    Record::new(
                        "move",
                        format!(
                            "piece {} moves {} -> {} carrying [{}]{red}",
                            piece + 1,
                            t1(*from),
                            t1(*to),
                            cs.join(" ")
                        ),
                    )
                    .with("piece", (piece + 1).into())
                    .with("from", rc1(*from))
                    .with("to", rc1(*to))
                    .with("carried", json!(c))
                    .with("reversed", (*reversed).into())
                }
                Step::ReachedFour { at, pieces } => {
                    let c: Vec<usize> = pieces.iter().map(|p| p + 1).collect();
                    let cs: Vec<String> = c.iter().map(|p| p.to_string()).collect();
                    Record::new(
                        "reached_four",
                        format!("square {} holds {} pieces [{}]: the game ends", t1(*at), pieces.len(), cs.join(" ")),
                    )
                    .with("square", rc1(*at))
                    .with("stack", json!(c))
                }
            };
            // A move after its piece bounced, and the end after the move that made it.
            if i > 0 && matches!(step, Step::StackMove { .. } | Step::ReachedFour { .. } | Step::Blocked { .. }) {
                let prev = &steps[i - 1];
                let same_piece = match (prev, step) {
                    (Step::Reverse { piece: a, .. }, Step::StackMove { piece: b, .. } | Step::Blocked { piece: b }) => {
                        a == b
                    }
                    (Step::StackMove { .. }, Step::ReachedFour { .. }) => true,
                    _ => false,
                };
                if same_piece {
                    r.cause = Some(i - 1);
                }
            }
            out.push(r);
            state = state.after(step);
        }
        out
    }
}

impl Traced for crate::stacks::play::StacksPlay {
    const UNIT: &'static str = "turn";
    const NOTATION: bool = false;
    fn records(&self, steps: &[crate::stacks::Step]) -> Vec<Record> {
        self.game.records(steps)
    }
}
