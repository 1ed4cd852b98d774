//! The physical steps of a game, written out: one [`Record`] per step, in order, as a line of
//! text and as a JSON object, with its cause. The window's rule debugger lists exactly these
//! texts, and `tumblebox GAME trace` prints them (text, or `--json`: one object a line), so the
//! debugger and the trace have one source.
//!
//! Coordinates are each game's own: Vexed (row, col) from 0 as the World Finals input counts
//! them, shubbles cells 1 to 29, stacks and mazes (row, col) from 1 as their inputs give them.

use crate::anim::Animate;
use crate::grid::{Dir, Pos};
use serde_json::{Map, Value, json};

/// One physical step.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The step's fields (`"step"` first), without the move number and notation the trace
    /// adds ([`trace`]).
    pub fields: Map<String, Value>,
    /// What happened, in words.
    pub text: String,
    /// The earlier step of the same move that made this one happen, if any (its index).
    pub cause: Option<usize>,
}

impl Record {
    fn new(step: &str, text: String) -> Record {
        let mut fields = Map::new();
        fields.insert("step".into(), step.into());
        Record { fields, text, cause: None }
    }

    fn with(mut self, key: &str, v: Value) -> Record {
        self.fields.insert(key.into(), v);
        self
    }
}

/// A game whose steps can be written out.
pub trait Traced: Animate {
    /// What a move is called in the trace: `move`, `op` or `turn`.
    const UNIT: &'static str;
    /// Whether a move's first step carries its notation (stacks: no, the step names its piece).
    const NOTATION: bool = true;
    /// The records of one move's steps, `self` being the state the move starts from.
    fn records(&self, steps: &[Self::Step]) -> Vec<Record>;
}

/// One move of a trace: its number (from 1; for stacks the turn), its notation, its steps
/// (borrowed, or owned when a trace is made as it is printed).
pub struct TracedMove<T> {
    pub number: usize,
    pub notation: String,
    pub steps: T,
}

/// A whole trace as JSON objects (one a step: the move's number, its notation on the first
/// step, then the step's fields) and text lines (`move 1 (B,1,3,L): slide …`).
pub fn trace<S: Traced, T: AsRef<[S::Step]>>(
    start: &S,
    moves: impl IntoIterator<Item = TracedMove<T>>,
) -> Vec<(Map<String, Value>, String)> {
    let mut out = Vec::new();
    trace_each(start, moves, &mut |obj, text| {
        out.push((obj, text));
        true
    });
    out
}

/// [`trace`] record by record, as each is made: `each` gets the JSON object and the text line
/// of every step in order, and returns false to stop. Holds one move's records at a time,
/// whatever the trace's length.
pub fn trace_each<S: Traced, T: AsRef<[S::Step]>>(
    start: &S,
    moves: impl IntoIterator<Item = TracedMove<T>>,
    each: &mut dyn FnMut(Map<String, Value>, String) -> bool,
) {
    let mut state = start.clone();
    for m in moves {
        let steps = m.steps.as_ref();
        for (i, r) in state.records(steps).into_iter().enumerate() {
            let mut obj = Map::new();
            obj.insert(S::UNIT.into(), m.number.into());
            let notation = S::NOTATION && !m.notation.is_empty();
            if i == 0 && notation {
                obj.insert("notation".into(), m.notation.clone().into());
            }
            obj.extend(r.fields);
            let text = if i == 0 && notation {
                format!("{} {} {}: {}", S::UNIT, m.number, m.notation, r.text)
            } else {
                format!("{} {}: {}", S::UNIT, m.number, r.text)
            };
            if !each(obj, text) {
                return;
            }
        }
        for s in steps {
            state = state.after(s);
        }
    }
}

fn rc0(p: Pos) -> Value {
    json!([p.row, p.col])
}

fn rc1(p: Pos) -> Value {
    json!([p.row + 1, p.col + 1])
}

fn t0(p: Pos) -> String {
    format!("({},{})", p.row, p.col)
}

fn t1(p: Pos) -> String {
    format!("({},{})", p.row + 1, p.col + 1)
}

// ---------------------------------------------------------------- Vexed

impl Traced for crate::vexed::Board {
    const UNIT: &'static str = "move";

    fn records(&self, steps: &[crate::vexed::Step]) -> Vec<Record> {
        use crate::vexed::Step;
        let letter = |k: u8| (k as char).to_string();
        let mut out: Vec<Record> = Vec::new();
        for (i, step) in steps.iter().enumerate() {
            let before = i.checked_sub(1).map(|j| &steps[j]);
            // A fall follows the slide (or a vanishing round); a vanishing follows the fall (or the
            // slide when nothing fell).
            let after = match before {
                Some(Step::Slide { kind, from, .. }) => {
                    format!("after the slide of {} at {}", letter(*kind), t0(*from))
                }
                Some(Step::Vanish { chain, .. }) => format!("after vanishing round {chain}"),
                Some(Step::Fall { drops }) => {
                    let who: Vec<String> =
                        drops.iter().map(|d| format!("{} to {}", letter(d.kind), t0(d.to))).collect();
                    format!("after the fall of {}", who.join(", "))
                }
                None => String::new(),
            };
            let mut r = match step {
                Step::Slide { kind, from, to } => {
                    Record::new("slide", format!("slide {} {} -> {}", letter(*kind), t0(*from), t0(*to)))
                        .with("kind", letter(*kind).into())
                        .with("from", rc0(*from))
                        .with("to", rc0(*to))
                }
                Step::Fall { drops } => {
                    let list: Vec<String> = drops
                        .iter()
                        .map(|d| format!("{} {} down {}", letter(d.kind), t0(d.from), d.to.row - d.from.row))
                        .collect();
                    let js: Vec<Value> = drops
                        .iter()
                        .map(|d| json!({"kind": letter(d.kind), "from": rc0(d.from), "to": rc0(d.to)}))
                        .collect();
                    Record::new("fall", format!("fall: {} ({after})", list.join(", "))).with("drops", js.into())
                }
                Step::Vanish { chain, groups } => {
                    let list: Vec<String> = groups
                        .iter()
                        .map(|g| {
                            let cells: Vec<String> = g.cells.iter().map(|p| t0(*p)).collect();
                            format!("{}×{} {}", letter(g.kind), g.cells.len(), cells.join(" "))
                        })
                        .collect();
                    let js: Vec<Value> = groups
                        .iter()
                        .map(|g| json!({"kind": letter(g.kind), "cells": g.cells.iter().map(|p| rc0(*p)).collect::<Vec<_>>()}))
                        .collect();
                    Record::new("vanish", format!("vanish, chain {chain}: {} ({after})", list.join("; ")))
                        .with("chain", (*chain).into())
                        .with("groups", js.into())
                }
            };
            if before.is_some() {
                r.cause = Some(i - 1);
                r.fields.insert("cause".into(), after.into());
            }
            out.push(r);
        }
        out
    }
}

// ---------------------------------------------------------------- shubbles

impl Traced for crate::shubbles::State {
    const UNIT: &'static str = "op";

    fn records(&self, steps: &[crate::shubbles::Step]) -> Vec<Record> {
        use crate::shubbles::{Content, Step};
        let mut out = Vec::new();
        // What set this operation going: the turn, or the stot's move.
        let first = steps.first().map(|s| match s {
            Step::Rotate { quarter_turns, .. } => format!("after the turn {}", turn_char(*quarter_turns)),
            Step::StotMove { from, .. } => format!("after the stot left cell {}", from + 1),
            _ => "after the operation".into(),
        });
        let creature = |c: Content| if c == Content::Smole { "smole" } else { "shubble" };
        for (i, step) in steps.iter().enumerate() {
            let mut r = match step {
                Step::Rotate { from, quarter_turns } => {
                    let o = (*from as i8 + quarter_turns).rem_euclid(4);
                    let words = match quarter_turns {
                        1 => "90° clockwise",
                        -1 => "90° counter-clockwise",
                        _ => "180°, nothing falls at 90°",
                    };
                    Record::new("rotate", format!("rotate {} ({words}): orientation {o}", turn_char(*quarter_turns)))
                        .with("quarter_turns", (*quarter_turns).into())
                        .with("orientation", o.into())
                }
                Step::StotMove { from, to } => {
                    Record::new("stot", format!("stot: cell {} -> cell {}", from + 1, to + 1))
                        .with("from", (from + 1).into())
                        .with("to", (to + 1).into())
                }
                Step::Fall { tick, moves } => {
                    let list: Vec<String> = moves.iter().map(|m| format!("{}->{}", m.from + 1, m.to + 1)).collect();
                    let js: Vec<Value> = moves.iter().map(|m| json!([m.from + 1, m.to + 1])).collect();
                    Record::new(
                        "fall",
                        format!(
                            "tick {}: fall one cell: {} ({})",
                            tick + 1,
                            list.join(", "),
                            first.clone().unwrap_or_default()
                        ),
                    )
                    .with("tick", (tick + 1).into())
                    .with("moves", js.into())
                }
                Step::Exit { creature: c, tick } => Record::new(
                    "exit",
                    format!("tick {}: a {} leaves through the outlet under cell 28", tick + 1, creature(*c)),
                )
                .with("cell", 28.into())
                .with("creature", creature(*c).into())
                .with("tick", (tick + 1).into()),
                Step::Failed(f) => Record::new("fail", format!("! {f}")).with("reason", f.to_string().into()),
            };
            // A fall follows from the operation; a creature leaves because the tick before brought
            // it onto cell 28 (or the operation did); a failure from the step before it.
            r.cause = match step {
                _ if i == 0 => None,
                Step::Exit { .. } => Some(
                    (0..i)
                        .rev()
                        .find(|&j| {
                            matches!(&steps[j], Step::Fall { moves, .. }
                                if moves.iter().any(|m| m.to == crate::shubbles::rules::OPENING_CELL))
                        })
                        .unwrap_or(0),
                ),
                Step::Failed(_) => Some(i - 1),
                _ => Some(0),
            };
            out.push(r);
        }
        out
    }
}

fn turn_char(q: i8) -> char {
    match q {
        1 => '+',
        -1 => '-',
        _ => '|',
    }
}

// ---------------------------------------------------------------- stacks

/// A stacks board as the trace sees it (the game, whose pieces move in turns).
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

// ---------------------------------------------------------------- pushing boxes

impl Traced for crate::sokoban::scene::Game {
    const UNIT: &'static str = "move";

    fn records(&self, steps: &[crate::sokoban::Step]) -> Vec<Record> {
        use crate::sokoban::Step;
        steps
            .iter()
            .map(|s| match *s {
                Step::Walk { from, to } => Record::new("walk", format!("walk {} -> {}", t1(from), t1(to)))
                    .with("player_from", rc1(from))
                    .with("player_to", rc1(to)),
                Step::Push { from, to, box_from, box_to } => {
                    Record::new("push", format!("push the box {} -> {}", t1(box_from), t1(box_to)))
                        .with("player_from", rc1(from))
                        .with("player_to", rc1(to))
                        .with("box_from", rc1(box_from))
                        .with("box_to", rc1(box_to))
                }
            })
            .collect()
    }
}

// ---------------------------------------------------------------- stacks, as played

impl Traced for crate::stacks::play::StacksPlay {
    const UNIT: &'static str = "turn";
    const NOTATION: bool = false;
    fn records(&self, steps: &[crate::stacks::Step]) -> Vec<Record> {
        self.game.records(steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vexed::format::parse_judge;

    #[test]
    fn a_shubble_leaves_because_a_tick_brought_it_onto_cell_28() {
        use crate::shubbles::{Op, Step};
        // Fig. 1(a), turned `|` then `-`; the next `-` drops a shubble 23 -> 28 in tick 2, and it
        // leaves in tick 3: that fall is the exit's cause, not the turn.
        let mut s = crate::shubbles::format::parse_state(".........@...o....ooo..xox...", 1).unwrap();
        for op in [Op::HalfTurn, Op::CounterClockwise] {
            s = s.apply(op).state;
        }
        let steps = s.apply(Op::CounterClockwise).steps;
        let records = s.records(&steps);
        let exit = steps.iter().position(|st| matches!(st, Step::Exit { .. })).unwrap();
        let cause = records[exit].cause.unwrap();
        assert!(
            matches!(&steps[cause], Step::Fall { moves, .. } if moves.iter().any(|m| m.from == 22 && m.to == 27)),
            "{:?}",
            steps[cause]
        );
        // Falls follow from the turn.
        let fall = steps.iter().position(|st| matches!(st, Step::Fall { .. })).unwrap();
        assert_eq!(records[fall].cause, Some(0));
    }

    #[test]
    fn the_seed_sample_one_traces_as_the_spec_shows() {
        let b = &parse_judge("4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n0 0\n").unwrap()[0].board;
        let m = crate::vexed::Move { pos: Pos::new(1, 3), side: crate::vexed::Side::Left };
        let (_, steps) = b.apply(m).unwrap();
        let t = trace(b, [TracedMove { number: 1, notation: "(B,1,3,L)".into(), steps: &steps }]);
        let lines: Vec<String> = t.iter().map(|(o, _)| Value::Object(o.clone()).to_string()).collect();
        assert_eq!(lines[0], r#"{"move":1,"notation":"(B,1,3,L)","step":"slide","kind":"B","from":[1,3],"to":[1,2]}"#);
        // The B lands on the other B at once: no fall, the pair vanishes.
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[1],
            r#"{"move":1,"step":"vanish","chain":1,"groups":[{"kind":"B","cells":[[1,2],[2,2]]}],"cause":"after the slide of B at (1,3)"}"#
        );
        assert_eq!(t[0].1, "move 1 (B,1,3,L): slide B (1,3) -> (1,2)");
        assert_eq!(t[1].1, "move 1: vanish, chain 1: B×2 (1,2) (2,2) (after the slide of B at (1,3))");
    }
}
