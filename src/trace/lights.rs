//! Lights Out's steps as records (the test-only toy game): the press, then each light it
//! toggles, caused by the press. Cells as `[row, col]` from 1 and by name (`b2`).

use super::{Record, Traced, rc1};
use crate::lights::{Lights, Step, format::cell_name};

impl Traced for Lights {
    const UNIT: &'static str = "move";

    fn records(&self, steps: &[Step]) -> Vec<Record> {
        let mut press = None;
        steps
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                Step::Press(cell) => {
                    press = Some(i);
                    Record::new("press", format!("press {}", cell_name(*cell)))
                        .with("cell", rc1(*cell))
                        .with("name", cell_name(*cell).into())
                }
                Step::Toggle { cell, lit } => {
                    let word = if *lit { "on" } else { "off" };
                    let mut r = Record::new("toggle", format!("{} turns {word}", cell_name(*cell)))
                        .with("cell", rc1(*cell))
                        .with("name", cell_name(*cell).into())
                        .with("lit", (*lit).into());
                    r.cause = press;
                    r
                }
            })
            .collect()
    }
}
