//! The shubbles box's steps as records: turns, stot moves, falls by tick, exits, failures.

use super::{Record, Traced};
use serde_json::{Value, json};

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
