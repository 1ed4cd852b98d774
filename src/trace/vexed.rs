//! Vexed's steps as records: slides, falls and vanishing rounds, each with its cause.

use super::{Record, Traced, rc0, t0};
use serde_json::{Value, json};

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
