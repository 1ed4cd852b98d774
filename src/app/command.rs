//! Every action of the window in one table: its label, its keyboard shortcut and its tooltip.
//! Menus, toolbar buttons, the keys and the help's list of keys are all read from here, so an
//! action is added in one place (after rerun's `UICommand`).

use egui::{Key, KeyboardShortcut, Modifiers};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    Open,
    ExportSmooth,
    ExportStepwise,
    ExportPng,
    Undo,
    Redo,
    Restart,
    Solve,
    Hint,
    Cancel,
    NextLevel,
    PreviousLevel,
    NextUnsolved,
    Help,
    DarkTheme,
    Instant,
    CellNumbers,
}

/// One row of the table.
pub struct Info {
    pub label: &'static str,
    pub tooltip: &'static str,
    pub shortcut: Option<KeyboardShortcut>,
    /// A second shortcut doing the same.
    pub also: Option<KeyboardShortcut>,
}

const fn key(k: Key) -> Option<KeyboardShortcut> {
    Some(KeyboardShortcut::new(Modifiers::NONE, k))
}

const fn cmd(k: Key) -> Option<KeyboardShortcut> {
    Some(KeyboardShortcut::new(Modifiers::COMMAND, k))
}

impl Command {
    pub const ALL: [Command; 17] = [
        Command::Open,
        Command::ExportSmooth,
        Command::ExportStepwise,
        Command::ExportPng,
        Command::Undo,
        Command::Redo,
        Command::Restart,
        Command::Solve,
        Command::Hint,
        Command::Cancel,
        Command::NextLevel,
        Command::PreviousLevel,
        Command::NextUnsolved,
        Command::Help,
        Command::DarkTheme,
        Command::Instant,
        Command::CellNumbers,
    ];

    pub fn info(self) -> Info {
        use Command::*;
        let (label, tooltip, shortcut, also) = match self {
            Open => ("Open…", "Open a level file (or drop one onto the window)", cmd(Key::O), None),
            ExportSmooth => ("Export smooth GIF…", "The moves since the last restart, at 20 fps", cmd(Key::E), None),
            ExportStepwise => ("Export GIF, one step per second…", "Every physical step, a second each", None, None),
            ExportPng => ("Export PNG…", "The position on screen", None, None),
            Undo => ("Undo", "Take back the last move (a restart too)", cmd(Key::Z), None),
            Redo => (
                "Redo",
                "Make the move taken back again",
                cmd(Key::Y),
                Some(KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z)),
            ),
            Restart => ("Restart", "Back to the start (undo brings the moves back)", key(Key::R), None),
            Solve => ("Solve", "Let the solver play an optimal solution from here", None, None),
            Hint => ("Hint", "The next move of an optimal solution, marked on the board", cmd(Key::H), None),
            Cancel => ("Cancel", "Stop the solver", key(Key::Escape), None),
            NextLevel => ("Next level", "The next level of the pack", key(Key::PageDown), None),
            PreviousLevel => ("Previous level", "The previous level of the pack", key(Key::PageUp), None),
            NextUnsolved => (
                "Next unsolved",
                "The next level you have not solved",
                Some(KeyboardShortcut::new(Modifiers::SHIFT, Key::PageDown)),
                None,
            ),
            Help => ("How to play", "Rules, colours and keys of this game (also `?`)", key(Key::F1), None),
            DarkTheme => ("Dark theme", "Dark or light window", None, None),
            Instant => ("Instant", "Skip the animations", cmd(Key::I), None),
            CellNumbers => ("Cell numbers", "Number the shubbles box's cells 1 to 29", None, None),
        };
        Info { label, tooltip, shortcut, also }
    }

    pub fn label(self) -> &'static str {
        self.info().label
    }

    /// The shortcut as the help and the menus show it ("Ctrl+Z").
    pub fn shortcut_text(self, ctx: &egui::Context) -> Option<String> {
        self.info().shortcut.map(|s| ctx.format_shortcut(&s))
    }

    /// The commands whose shortcut was pressed this frame (their key presses are consumed, so
    /// the game never sees them).
    pub fn pressed(ctx: &egui::Context) -> Vec<Command> {
        ctx.input_mut(|i| {
            // More modifiers first: Shift+PageDown before PageDown, Ctrl+Shift+Z before Ctrl+Z.
            let mut table: Vec<(Command, KeyboardShortcut)> = Command::ALL
                .iter()
                .flat_map(|&c| {
                    let info = c.info();
                    [info.shortcut, info.also].into_iter().flatten().map(move |s| (c, s))
                })
                .collect();
            table.sort_by_key(|(_, s)| std::cmp::Reverse(modifier_count(s.modifiers)));
            let mut out = Vec::new();
            for (c, s) in table {
                if i.consume_shortcut(&s) && !out.contains(&c) {
                    out.push(c);
                }
            }
            out
        })
    }
}

fn modifier_count(m: Modifiers) -> u8 {
    m.alt as u8 + m.ctrl as u8 + m.shift as u8 + m.command as u8 + m.mac_cmd as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_commands_share_a_shortcut() {
        let mut seen = Vec::new();
        for c in Command::ALL {
            let i = c.info();
            for s in [i.shortcut, i.also].into_iter().flatten() {
                assert!(!seen.contains(&(s.modifiers, s.logical_key)), "{c:?} repeats a shortcut");
                seen.push((s.modifiers, s.logical_key));
            }
            assert!(!i.label.is_empty() && !i.tooltip.is_empty());
        }
    }
}
