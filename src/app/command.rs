//! Every action of the window in one table: its label, its keyboard shortcut, its tooltip and
//! when it can be used. Menus, toolbar buttons, the keys, the command palette (Ctrl+P) and the
//! help's list of keys are all read from here, so an action is added in one place (after
//! rerun's `UICommand`).

use egui::{Key, KeyboardShortcut, Modifiers};

/// Declares the commands, each once: the enum and [`Command::ALL`] are made from one list, and
/// every other fact of a command (label, keys, tooltip, when, menu) is an exhaustive match
/// below, so a command added here and missing there is a compiler error.
macro_rules! commands {
    ($($c:ident,)*) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Command {
            $($c,)*
        }

        impl Command {
            /// Every command, in the table's order (the palette's and, within a menu's group,
            /// the menu's).
            pub const ALL: [Command; [$(stringify!($c),)*].len()] = [$(Command::$c,)*];
        }
    };
}

commands! {
    Open,
    Save,
    Copy,
    CopyLink,
    Paste,
    EnterGameId,
    Export,
    ReplayBest,
    ExportBest,
    SaveBest,
    Undo,
    Redo,
    UndoPush,
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
    DeadSquares,
    WarnUnsolvable,
    TurnView,
    MirrorView,
    LevelsPanel,
    DebuggerPanel,
    Palette,
    PlayPause,
    StepBack,
    StepForward,
    MoveBack,
    MoveForward,
    TimelineStart,
    TimelineEnd,
    Edit,
    NewLevel,
    TestLevel,
    CertifyLevel,
    SaveLevel,
    AddToMyLevels,
    LeaveEditor,
    SaveMyLevels,
    MessageLog,
    Library,
    Snapshot,
    ExportLibrary,
    ImportSolutions,
    ReverseMode,
    ExportProgress,
    ImportProgress,
    Quit,
}

/// The window's menus, in the menu bar's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Menu {
    File,
    Game,
    Level,
    Debug,
    View,
    Help,
}

impl Menu {
    pub const ALL: [Menu; 6] = [Menu::File, Menu::Game, Menu::Level, Menu::Debug, Menu::View, Menu::Help];

    pub fn title(self) -> &'static str {
        match self {
            Menu::File => "File",
            Menu::Game => "Game",
            Menu::Level => "Level",
            Menu::Debug => "Debug",
            Menu::View => "View",
            Menu::Help => "Help",
        }
    }
}

/// What the window allows now: what a command's enabled-when reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Allowed {
    /// There is history before the position on screen (undo, restart, stepping back).
    pub back: bool,
    /// There is history after it (redo, stepping on).
    pub ahead: bool,
    /// A search runs.
    pub busy: bool,
    pub next_level: bool,
    pub previous_level: bool,
    /// The game is a puzzle with a goal (stacks is a simulation).
    pub puzzle: bool,
    /// The player's best solution of the level on screen is kept.
    pub best: bool,
    /// The level editor is open (on screen or testing).
    pub editing: bool,
    /// This game has a My levels pack.
    pub my_levels: bool,
    /// There is a folder to keep My levels in (none on a web page).
    pub keeps_mine: bool,
    /// The level has a reverse mode (pushing boxes with as many goals as boxes).
    pub reverse: bool,
    /// Reverse mode is on.
    pub reversed: bool,
    /// The game counts pushes (pushing boxes) and there is history before the position.
    pub pushes: bool,
    /// The game's board can be turned and mirrored (pushing boxes).
    pub turns: bool,
}

/// When a command can be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Always,
    /// The editor is open and My levels have a folder.
    KeepMine,
    /// In the desktop window, not on a web page (where a tab is closed by the browser).
    Desktop,
    Back,
    Ahead,
    /// No search runs and the game plays forward (the solvers play forward only).
    Solver,
    Busy,
    NextLevel,
    PreviousLevel,
    Puzzle,
    /// A best solution of the level is kept.
    Best,
    /// The level editor is open.
    Editing,
    /// The game has a My levels pack.
    MyLevels,
    /// The level has a reverse mode.
    Reverse,
    /// Reverse mode is off (what files and the clipboard hold are forward moves).
    Forward,
    /// The game counts pushes (pushing boxes) and there is a move before this position.
    Pushes,
    /// The game's board can be turned.
    Turns,
}

impl When {
    /// Why a command that needs this cannot be used now (a disabled button's tooltip).
    pub fn why_not(self) -> &'static str {
        match self {
            When::Always => "always available",
            When::Desktop => "in the desktop window (a web page is closed by the browser)",
            When::Back => "there is no move before this position",
            When::Ahead => "there is no move after this position",
            When::Solver => "the solver is running (Escape stops it), or reverse mode is on (the solver plays forward)",
            When::Busy => "no search is running",
            When::NextLevel => "this is the pack's last level",
            When::PreviousLevel => "this is the pack's first level",
            When::Puzzle => "this game has no goal to solve",
            When::Best => "no solution of yours is kept for this level",
            When::Editing => "the level editor is not open (E opens it)",
            When::MyLevels => "this game has no My levels yet (the editor's Add to My levels makes them)",
            When::KeepMine => {
                "the level editor is not open, or there is no folder to keep My levels in (a web page has none)"
            }
            When::Reverse => "only pushing boxes has a reverse mode (with as many goals as boxes)",
            When::Forward => {
                "reverse mode is on: its moves are pulls, which files and game IDs do not hold (leave it first)"
            }
            When::Pushes => "only pushing boxes counts pushes, and there is no move before this position",
            When::Turns => "only pushing boxes turns its board (the other games' blocks fall or turn by their rules)",
        }
    }
}

/// One row of the table.
pub struct Info {
    pub label: &'static str,
    pub tooltip: &'static str,
    pub shortcut: Option<KeyboardShortcut>,
    /// A second shortcut doing the same.
    pub also: Option<KeyboardShortcut>,
    pub when: When,
}

const fn key(k: Key) -> Option<KeyboardShortcut> {
    Some(KeyboardShortcut::new(Modifiers::NONE, k))
}

const fn cmd(k: Key) -> Option<KeyboardShortcut> {
    Some(KeyboardShortcut::new(Modifiers::COMMAND, k))
}

impl Command {
    /// The debugger's timeline commands, in the Debug menu's order.
    /// Where the command is in the menus: its menu and its group there (a separator between
    /// groups). Every command is in a menu, so the menus list every action the window has.
    pub fn place(self) -> (Menu, u8) {
        use Command::*;
        use Menu as M;
        match self {
            Open | Save => (M::File, 0),
            Copy | CopyLink | Paste | EnterGameId => (M::File, 1),
            Export | ExportProgress | ImportProgress => (M::File, 2),
            Quit => (M::File, 3),
            Undo | Redo | UndoPush | Restart => (M::Game, 0),
            Solve | Hint | Cancel => (M::Game, 1),
            ReverseMode => (M::Game, 2),
            ReplayBest | ExportBest | SaveBest => (M::Game, 3),
            Library | Snapshot | ExportLibrary | ImportSolutions => (M::Game, 4),
            NextLevel | PreviousLevel | NextUnsolved => (M::Game, 5),
            Edit | NewLevel => (M::Level, 0),
            TestLevel | CertifyLevel | SaveLevel | AddToMyLevels | LeaveEditor => (M::Level, 1),
            SaveMyLevels => (M::Level, 2),
            PlayPause | StepBack | StepForward | MoveBack | MoveForward | TimelineStart | TimelineEnd => (M::Debug, 0),
            DarkTheme | Instant | CellNumbers | DeadSquares | WarnUnsolvable => (M::View, 0),
            LevelsPanel | DebuggerPanel => (M::View, 1),
            TurnView | MirrorView => (M::View, 2),
            Help | Palette | MessageLog => (M::Help, 0),
        }
    }

    /// A menu's commands in its order: by group, then the table's order; without the ones
    /// this front end lacks ([`Command::here`]).
    pub fn in_menu(menu: Menu) -> Vec<Command> {
        let mut v: Vec<(u8, usize, Command)> = Command::ALL
            .iter()
            .enumerate()
            .filter(|(_, c)| c.place().0 == menu && c.here())
            .map(|(i, c)| (c.place().1, i, *c))
            .collect();
        v.sort_by_key(|(g, i, _)| (*g, *i));
        v.into_iter().map(|(_, _, c)| c).collect()
    }

    /// The debugger's timeline commands (the Debug menu).
    pub fn timeline() -> Vec<Command> {
        Command::in_menu(Menu::Debug)
    }

    pub fn info(self) -> Info {
        use Command::*;
        use When::*;
        let ctrl_shift = Modifiers::COMMAND.plus(Modifiers::SHIFT);
        let (label, tooltip, shortcut, also, when) = match self {
            Copy => (
                "Copy level and moves",
                "The level and the moves since the last restart, as text in the game's own format",
                cmd(Key::C),
                None,
                Forward,
            ),
            CopyLink => ("Copy link", "The game in one line (a game ID) that Paste opens again", None, None, Forward),
            Paste => (
                "Paste",
                "Open what is on the clipboard: a game ID, a level with its moves, a save, any level file's text",
                cmd(Key::V),
                None,
                Always,
            ),
            EnterGameId => (
                "Enter game ID…",
                "Type or paste a game ID, or any level's text, and open it (as Simon Tatham's puzzles' Game › Specific)",
                cmd(Key::G),
                None,
                Always,
            ),
            MessageLog => (
                "Message log",
                "Every message the status bar showed, newest last, whole (a click on the status bar opens it)",
                None,
                None,
                Always,
            ),
            Library => (
                "Solutions and snapshots…",
                "This level's library: every solution found (yours, the solver's, the optimiser's), snapshots, time spent and attempts",
                cmd(Key::L),
                None,
                Puzzle,
            ),
            Snapshot => (
                "Take snapshot",
                "Keep the game on screen under a name, to come back to it from the library",
                Some(KeyboardShortcut::new(ctrl_shift, Key::S)),
                None,
                Forward,
            ),
            ReverseMode => (
                "Reverse mode",
                "Play backwards from the solved position, pulling boxes back to where they start; when they get there, the forward solution plays (as JSoko and Sokoban YASC have it)",
                Some(KeyboardShortcut::new(ctrl_shift, Key::R)),
                None,
                Reverse,
            ),
            ExportLibrary => (
                "Export solutions…",
                "The level and every solution and snapshot of its library as one text file (Sokoban: SOK, XSB and LURD)",
                None,
                None,
                Puzzle,
            ),
            ImportSolutions => (
                "Import solutions…",
                "Pushing boxes: a SOK or XSB file's solutions (a `Solution` line and its LURD moves under each level, as JSoko and YSokoban write them) into each level's library, every one replayed first",
                None,
                None,
                Always,
            ),
            ExportProgress => (
                "Export my progress…",
                "Everything kept of your play (solves, bests, libraries, snapshots, statistics, kept games) as one file, to move to another machine or the web page",
                None,
                None,
                Always,
            ),
            ImportProgress => (
                "Import progress…",
                "Merge a progress file exported here or elsewhere: bests, libraries and statistics join yours; nothing of yours is replaced",
                None,
                None,
                Always,
            ),
            Quit => {
                ("Quit", "Close tumblebox (an export still running is asked about first)", cmd(Key::Q), None, Desktop)
            }
            Open => ("Open…", "Open a level or save file (or drop one onto the window)", cmd(Key::O), None, Always),
            Save => (
                "Save game…",
                "The level and the whole history (undo and redo survive), as a .tumble file",
                cmd(Key::S),
                None,
                Forward,
            ),
            Export => (
                "Export…",
                "GIF, APNG or PNG of the timeline's moves since the last restart: size, speed, range, loop, hold, captions",
                cmd(Key::E),
                None,
                Always,
            ),
            ReplayBest => (
                "Replay my best",
                "Play your best solution of this level from the start (after a restart: undo brings back your game)",
                None,
                None,
                Best,
            ),
            ExportBest => (
                "Export my best…",
                "Your best solution of this level, played at once, in the export panel",
                None,
                None,
                Best,
            ),
            SaveBest => {
                ("Save my best…", "Your best solution of this level alone, as a .tumble save file", None, None, Best)
            }
            Undo => ("Undo", "Take back the last move (a restart too)", cmd(Key::Z), None, Back),
            Redo => (
                "Redo",
                "Make the move taken back again",
                cmd(Key::Y),
                Some(KeyboardShortcut::new(ctrl_shift, Key::Z)),
                Ahead,
            ),
            UndoPush => (
                "Undo to the last push",
                "Pushing boxes: take back the walks since the last push and that push (the box goes back, the player stands where they pushed from)",
                cmd(Key::U),
                None,
                Pushes,
            ),
            Restart => ("Restart", "Back to the start (undo brings the moves back)", key(Key::R), None, Back),
            Solve => (
                "Solve",
                "Let the solver play a solution from here (the fewest moves, pushes first in pushing boxes, where it can prove them: its message says)",
                None,
                None,
                Solver,
            ),
            Hint => ("Hint", "The next move of the solver's solution, marked on the board", cmd(Key::H), None, Solver),
            Cancel => ("Cancel", "Stop the solver", key(Key::Escape), None, Busy),
            Command::NextLevel => {
                ("Next level", "The next level of the pack", key(Key::PageDown), None, When::NextLevel)
            }
            Command::PreviousLevel => {
                ("Previous level", "The previous level of the pack", key(Key::PageUp), None, When::PreviousLevel)
            }
            NextUnsolved => (
                "Next unsolved",
                "The next level you have not solved",
                Some(KeyboardShortcut::new(Modifiers::SHIFT, Key::PageDown)),
                None,
                Puzzle,
            ),
            Help => ("How to play", "Rules, colours and keys of this game (also `?`)", key(Key::F1), None, Always),
            DarkTheme => ("Dark theme", "Dark or light window", None, None, Always),
            Instant => ("Instant", "Skip the animations", cmd(Key::I), None, Always),
            CellNumbers => ("Cell numbers", "Number the shubbles box's cells 1 to 29", None, None, Always),
            DeadSquares => (
                "Dead squares",
                "Mark the cells (goals excepted) from which a box can never reach a goal (pushing boxes)",
                None,
                None,
                Always,
            ),
            WarnUnsolvable => (
                "Warn when unsolvable",
                "After each of your moves, say in the status bar when the position can no longer be solved",
                None,
                None,
                Puzzle,
            ),
            TurnView => (
                "Turn the board",
                "Pushing boxes: turn the board a quarter clockwise on screen (four times: back as it was); keys and clicks follow it, moves and files stay in the level's own frame",
                None,
                None,
                Turns,
            ),
            MirrorView => (
                "Mirror the board",
                "Pushing boxes: mirror the board left to right on screen (with Turn the board, any of the 8 ways); keys and clicks follow it, moves and files stay in the level's own frame",
                None,
                None,
                Turns,
            ),
            LevelsPanel => ("Level list", "Show or hide the level list on the left", key(Key::F9), None, Always),
            DebuggerPanel => {
                ("Rule debugger", "Show or hide the rule debugger on the right", key(Key::F12), None, Always)
            }
            Palette => ("Command palette…", "Find any action by name and run it", cmd(Key::P), None, Always),
            PlayPause => {
                ("Play / pause", "Play the game's moves from here in the debugger, or pause", key(Key::P), None, Always)
            }
            StepBack => {
                ("Step back", "The debugger's previous physical step, across moves", key(Key::Comma), None, Back)
            }
            StepForward => {
                ("Step forward", "The debugger's next physical step, across moves", key(Key::Period), None, Always)
            }
            MoveBack => (
                "Move back",
                "The state before the move on screen (nothing is dropped)",
                cmd(Key::ArrowLeft),
                None,
                Back,
            ),
            MoveForward => {
                ("Move forward", "The next move of the history, animated", cmd(Key::ArrowRight), None, Ahead)
            }
            TimelineStart => {
                ("Timeline start", "The level before any move (nothing is dropped)", key(Key::Home), None, Back)
            }
            TimelineEnd => ("Timeline end", "After the last move of the history", key(Key::End), None, Ahead),
            Edit => (
                "Edit level",
                "Open the level on screen in the level editor; there, play it and come back (as PuzzleScript's E)",
                key(Key::E),
                None,
                Always,
            ),
            NewLevel => ("New level", "A blank level of this game in the level editor", cmd(Key::N), None, Always),
            TestLevel => (
                "Test",
                "Play the level being edited at once; Back to editor returns with its edit history",
                cmd(Key::T),
                None,
                Editing,
            ),
            CertifyLevel => (
                "Certify",
                "Run the solver on the level being edited: its par (proven optimal or not) or why it cannot be solved",
                None,
                None,
                Editing,
            ),
            SaveLevel => (
                "Save level as…",
                "The level being edited, in its game's own format (File › Open and the judges read it)",
                None,
                None,
                Editing,
            ),
            AddToMyLevels => (
                "Add to My levels",
                "Keep the level being edited, with its certified par, in this game's My levels pack",
                None,
                None,
                KeepMine,
            ),
            SaveMyLevels => (
                "Save My levels as…",
                "This game's whole My levels pack, in its own format, to a file of your choice",
                None,
                None,
                MyLevels,
            ),
            LeaveEditor => (
                "Leave the editor",
                "Back to the pack's levels (changes not kept are dropped only when asked twice)",
                None,
                None,
                Editing,
            ),
        };
        Info { label, tooltip, shortcut, also, when }
    }

    /// Whether the command can be used now.
    pub fn enabled(self, a: &Allowed) -> bool {
        match self.info().when {
            When::Always => true,
            When::Desktop => cfg!(not(target_arch = "wasm32")),
            When::Back => a.back,
            When::Ahead => a.ahead,
            When::Solver => !a.busy && !a.reversed,
            When::Busy => a.busy,
            When::NextLevel => a.next_level,
            When::PreviousLevel => a.previous_level,
            When::Puzzle => a.puzzle,
            When::Best => a.best,
            When::Editing => a.editing,
            When::MyLevels => a.my_levels,
            When::KeepMine => a.editing && a.keeps_mine,
            When::Reverse => a.reverse,
            When::Forward => !a.reversed,
            When::Pushes => a.pushes,
            When::Turns => a.turns,
        }
    }

    /// The commands whose label or tooltip holds every word of `query` (any case), in the
    /// table's order: what the palette lists.
    /// The commands whose label and tooltip hold every word of `query`: those whose label
    /// starts with it first, then those whose label holds every word, then the rest (a
    /// tooltip's mention: "paste" finds Paste before Copy link, whose tooltip names Paste).
    pub fn matching(query: &str) -> Vec<Command> {
        let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
        let mut found: Vec<(u8, Command)> = Command::ALL
            .into_iter()
            .filter(|c| c.here())
            .filter_map(|c| {
                let i = c.info();
                let label = i.label.to_lowercase();
                let hay = format!("{label} {}", i.tooltip.to_lowercase());
                if !words.iter().all(|w| hay.contains(w.as_str())) {
                    return None;
                }
                let rank = if label.starts_with(&words.join(" ")) {
                    0
                } else if words.iter().all(|w| label.contains(w.as_str())) {
                    1
                } else {
                    2
                };
                Some((rank, c))
            })
            .collect();
        found.sort_by_key(|&(rank, _)| rank);
        found.into_iter().map(|(_, c)| c).collect()
    }

    pub fn label(self) -> &'static str {
        self.info().label
    }

    /// Whether the command exists where this build runs (Quit is not a web page's).
    pub fn here(self) -> bool {
        self.info().when != When::Desktop || cfg!(not(target_arch = "wasm32"))
    }

    /// The shortcut as the help and the menus show it ("Ctrl+Z").
    pub fn shortcut_text(self, ctx: &egui::Context) -> Option<String> {
        self.info().shortcut.map(|s| ctx.format_shortcut(&s))
    }

    /// The commands whose shortcut was pressed this frame, once for every press (two quick
    /// PageDowns in one frame are two levels on); their key presses are consumed, so the game
    /// never sees them.
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
                // Exactly these modifiers: `<` (Shift and the comma key) is a game's move, never
                // also the debugger's step back on `,` (egui's own matching ignores Shift).
                let mut n = 0;
                i.events.retain(|e| {
                    let hit = matches!(e, egui::Event::Key { key, modifiers, pressed: true, .. }
                        if *key == s.logical_key && modifiers.matches_exact(s.modifiers));
                    n += hit as usize;
                    !hit
                });
                out.extend(std::iter::repeat_n(c, n));
            }
            out
        })
    }
}

impl Command {
    /// Whether the web page takes a key from the browser (its `keydown` default prevented):
    /// a command's shortcut from this table, when the browser would act on it itself (with
    /// Ctrl, Alt or Cmd, or a function key: Ctrl+H history, F1 help, Ctrl+Shift+R reload).
    /// Keys that type (letters, `<`) stay the browser's, or the text they type would not
    /// reach the app; so do Ctrl+C, Ctrl+X and Ctrl+V, whose copy and paste events the app
    /// reads.
    pub fn taken_from_browser(key: Key, modifiers: Modifiers) -> bool {
        use Key::*;
        let function = matches!(key, F1 | F2 | F3 | F4 | F5 | F6 | F7 | F8 | F9 | F10 | F11 | F12);
        let held = modifiers.ctrl || modifiers.alt || modifiers.command || modifiers.mac_cmd;
        if !(function || held) || (modifiers.command && matches!(key, C | X | V) && !modifiers.shift) {
            return false;
        }
        Command::ALL.iter().any(|c| {
            let info = c.info();
            [info.shortcut, info.also]
                .into_iter()
                .flatten()
                .any(|s| s.logical_key == key && modifiers.matches_exact(s.modifiers))
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

    #[test]
    fn no_two_commands_share_a_label_and_the_palette_finds_them() {
        let labels: std::collections::HashSet<&str> = Command::ALL.iter().map(|c| c.label()).collect();
        assert_eq!(labels.len(), Command::ALL.len());
        assert_eq!(Command::matching(""), Command::ALL.to_vec());
        // The command named so first, then those whose tooltips mention it, in the table's order.
        assert_eq!(
            Command::matching("UNDO"),
            vec![Command::Undo, Command::UndoPush, Command::Save, Command::ReplayBest, Command::Restart]
        );
        assert_eq!(Command::matching("paste")[0], Command::Paste);
        assert_eq!(Command::matching("copy")[..2], [Command::Copy, Command::CopyLink]);
        assert_eq!(Command::matching("step back"), vec![Command::StepBack]);
        assert!(Command::matching("no such thing").is_empty());
    }

    #[test]
    fn enabled_when_follows_the_state() {
        let none = Allowed::default();
        assert!(!Command::Undo.enabled(&none) && !Command::Redo.enabled(&none) && !Command::Cancel.enabled(&none));
        assert!(Command::Solve.enabled(&none) && Command::Open.enabled(&none));
        let busy = Allowed { busy: true, back: true, ..none };
        assert!(Command::Cancel.enabled(&busy) && !Command::Solve.enabled(&busy) && Command::Undo.enabled(&busy));
        // The solvers play forward: Solve and Hint wait for reverse mode to end.
        let reversed = Allowed { reversed: true, ..none };
        assert!(!Command::Solve.enabled(&reversed) && !Command::Hint.enabled(&reversed));
    }

    /// The keys the new player's review found the browser kept (Ctrl+H, Ctrl+E, Ctrl+L,
    /// Ctrl+G, F1, F9, F12, Ctrl+Shift+R), as the page's keyboard gives them (Ctrl is also
    /// Command off a Mac), are taken; keys that type, the clipboard's and F5 are not.
    #[test]
    fn the_page_takes_from_the_browser_the_shortcuts_it_handles() {
        use egui::{Key, Modifiers};
        let ctrl = Modifiers { ctrl: true, command: true, ..Modifiers::NONE };
        let ctrl_shift = Modifiers { shift: true, ..ctrl };
        for (key, m) in [
            (Key::H, ctrl),
            (Key::E, ctrl),
            (Key::L, ctrl),
            (Key::G, ctrl),
            (Key::F1, Modifiers::NONE),
            (Key::F9, Modifiers::NONE),
            (Key::F12, Modifiers::NONE),
            (Key::R, ctrl_shift),
            (Key::P, ctrl),
        ] {
            assert!(Command::taken_from_browser(key, m), "{key:?} {m:?} is left to the browser");
        }
        for (key, m) in [
            (Key::C, ctrl),
            (Key::V, ctrl),
            (Key::X, ctrl),
            (Key::F5, Modifiers::NONE),
            (Key::R, ctrl),
            (Key::N, Modifiers::NONE),
            (Key::ArrowLeft, Modifiers::NONE),
            (Key::H, Modifiers::NONE),
        ] {
            assert!(!Command::taken_from_browser(key, m), "{key:?} {m:?} is taken from the browser");
        }
    }
}
