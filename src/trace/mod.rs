//! The physical steps of a game, written out: one [`Record`] per step, in order, as a line of
//! text and as a JSON object, with its cause. The window's rule debugger lists exactly these
//! texts, and `tumblebox GAME trace` prints them (text, or `--json`: one object a line), so the
//! debugger and the trace have one source.
//!
//! Coordinates are each game's own: Vexed (row, col) from 0 as the World Finals input counts
//! them, shubbles cells 1 to 29, stacks and mazes (row, col) from 1 as their inputs give them.
//!
//! One file per game (`vexed`, `shubbles`, `stacks`, `sokoban`) holds its `Traced`; this one the
//! trait, the record and the trace's machinery. Games do not know their traces: the games'
//! folders depend on nothing here.
//!
//! A capability: depends on the games and the shared ground; no game depends on it, and it
//! never names the window (a test checks the layers).

#[cfg(test)]
mod lights;
mod shubbles;
mod sokoban;
mod stacks;
mod vexed;

use crate::anim::Animate;
use crate::grid::Pos;
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
    pub(crate) fn new(step: &str, text: String) -> Record {
        let mut fields = Map::new();
        fields.insert("step".into(), step.into());
        Record { fields, text, cause: None }
    }

    pub(crate) fn with(mut self, key: &str, v: Value) -> Record {
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

/// A cell (row, col) from 0, as JSON.
pub(crate) fn rc0(p: Pos) -> Value {
    json!([p.row, p.col])
}

/// A cell (row, col) from 1, as JSON.
pub(crate) fn rc1(p: Pos) -> Value {
    json!([p.row + 1, p.col + 1])
}

/// A cell (row, col) from 0, in words.
pub(crate) fn t0(p: Pos) -> String {
    format!("({},{})", p.row, p.col)
}

/// A cell (row, col) from 1, in words.
pub(crate) fn t1(p: Pos) -> String {
    format!("({},{})", p.row + 1, p.col + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vexed::format::parse_judge;

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
