//! The debugger's views of a session's history: how it shows the steps (filters, collapsed
//! runs, the focused step), every step that touched a cell, and the copied trace and test.

use super::Entry;
use super::Session;
use crate::app::play::Playable;
use crate::grid::Pos;

/// How the debugger shows the steps: filters, collapsed runs, the inspected cell.
#[derive(Debug, Clone, Default)]
pub struct DebugView {
    /// Step kinds hidden from the list (`fall`, `vanish`, …: the trace's `step` field).
    pub hidden: std::collections::BTreeSet<String>,
    /// Runs of steps of one kind shown as one line ("fall ×5").
    pub collapse: bool,
    /// Only the steps that touch the inspected cell.
    pub only_cell: bool,
    /// The cell pinned in the inspector (right-click on the board).
    pub pinned: Option<Pos>,
    /// The cell under the pointer.
    pub hovered: Option<Pos>,
    /// The position the move list last scrolled to.
    pub listed: Option<usize>,
    /// Only the steps whose words hold this text (any case).
    pub find: String,
    /// The inspector's last list, for (cell, history version, cursor).
    pub touches: Option<((Pos, u64, usize), Vec<Touch>)>,
}

impl DebugView {
    /// The cell the inspector shows: the pinned one, else the one under the pointer.
    pub fn cell(&self) -> Option<Pos> {
        self.pinned.or(self.hovered)
    }
}

/// One step of the history that touched a cell, for the inspector.
#[derive(Debug, Clone, PartialEq)]
pub struct Touch {
    /// The history entry (from 0) and the step in it (from 0).
    pub entry: usize,
    pub step: usize,
    /// The step, in the trace's words.
    pub text: String,
}

impl<P: Playable> Session<P> {
    /// Every step of the history in effect that touched `cell`, oldest first (the inspector's
    /// list; at most the newest `limit`).
    pub fn cell_history(&self, cell: Pos, limit: usize) -> Vec<Touch> {
        let mut out = Vec::new();
        for (entry, e) in self.history[..self.cursor].iter().enumerate() {
            let Entry::Move { before, steps, .. } = e else { continue };
            let mut state = before.clone();
            let mut hit = Vec::new();
            for (k, st) in steps.iter().enumerate() {
                if state.step_cells(st).contains(&cell) {
                    hit.push(k);
                }
                state = state.after(st);
            }
            if !hit.is_empty() {
                let records = before.records(steps);
                out.extend(hit.into_iter().map(|k| Touch { entry, step: k, text: records[k].text.clone() }));
            }
        }
        let skip = out.len().saturating_sub(limit);
        out.split_off(skip)
    }

    /// The moves since the last restart as `tumblebox GAME trace` prints them (text lines):
    /// what "Copy trace" copies.
    pub fn trace_lines(&self) -> Vec<String> {
        let (start, texts, steps) = self.run();
        let mut state = start.clone();
        let mut moves = Vec::new();
        for (i, (t, st)) in texts.iter().zip(&steps).enumerate() {
            moves.push(crate::trace::TracedMove { number: state.trace_number(i), notation: t.clone(), steps: st });
            for s in st {
                state = state.after(s);
            }
        }
        crate::trace::trace(&start, moves).into_iter().map(|(_, t)| t).collect()
    }

    /// A Rust test (a file of its own in this crate's `tests/`, or a module of
    /// `tests/main.rs`) that traces the moves since the last restart
    /// on the command line and expects exactly the steps the debugger lists.
    pub fn trace_test(&self) -> String {
        let (start, texts, _) = self.run();
        let input = start.trace_input(&self.title, &texts);
        let expected: String = self.trace_lines().iter().map(|l| format!("{l}\n")).collect();
        let name = crate::app::slug_by(&self.title, '_');
        let args: Vec<String> = input.args.iter().map(|a| format!("{a:?}")).collect();
        format!(
            r#"#[test]
fn trace_{game}_{name}() {{
    // From tumblebox's rule debugger: the level, the moves, and the steps they make.
    let level = {level:?};
    let expected = {expected:?};
    let file = std::env::temp_dir().join(format!("tumblebox-trace_{game}_{name}-{{}}.txt", std::process::id()));
    std::fs::write(&file, level).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tumblebox"))
        .args([{game:?}, "trace"])
        .arg(&file){args}
        .output()
        .unwrap();
    std::fs::remove_file(&file).ok();
    assert!(out.status.success(), "{{}}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}}
"#,
            game = input.game,
            name = if name.is_empty() { "level".into() } else { name },
            level = input.file,
            args = if args.is_empty() { String::new() } else { format!("\n        .args([{}])", args.join(", ")) },
        )
    }

    /// [`Session::cell_history`] of the inspected cell, computed again only when the cell or
    /// the history changes.
    pub fn inspected_history(&mut self, cell: Pos) -> Vec<Touch> {
        let key = (cell, self.version, self.cursor);
        match &self.debug.touches {
            Some((k, t)) if *k == key => t.clone(),
            _ => {
                let t = self.cell_history(cell, 100);
                self.debug.touches = Some((key, t.clone()));
                t
            }
        }
    }
}
