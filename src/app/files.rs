//! Levels in: files opened, pasted or dropped (through the one loader), packs switched, the
//! built-in levels as each game's tab lists them, and the names files get.

use super::GameKind;
use super::Level;
use super::Tab;
use super::TumbleApp;
use super::dialogs::Dialog;
use crate::stacks::play::StacksPlay;
use crate::vexed::Board;
use crate::{shubbles, sokoban, vexed};
use std::path::{Path, PathBuf};

/// The name of the built-in levels' pack.
pub const BUILT_IN: &str = "Built-in";

/// The name of the pack of levels made in the editor.
pub const MY_LEVELS: &str = "My levels";

pub(super) fn builtin_vexed() -> Vec<Level<Board>> {
    crate::levels::vexed().into_iter().map(|(title, b, par)| Level::new(title, b.settle().0, Some(par))).collect()
}

pub(super) fn builtin_shubbles() -> Vec<Level<shubbles::State>> {
    crate::levels::shubbles().into_iter().map(|l| Level::new(l.title, l.state, l.par)).collect()
}

/// The number before `unit` in a par's words ("6 pushes, 28 moves": 6 for "pushes").
pub(crate) fn count_of(text: &str, unit: &str) -> Option<usize> {
    let words: Vec<&str> = text.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    words.windows(2).find(|w| w[1] == unit).and_then(|w| w[0].parse().ok())
}

/// Sokoban levels of an XSB collection: no par until a solver certifies one.
pub(super) fn xsb_levels(levels: Vec<sokoban::xsb::XsbLevel>) -> Vec<Level<sokoban::scene::Game>> {
    levels
        .into_iter()
        .map(|l| {
            let boxes = l.maze.start.boxes.len();
            // A `Par:` line (the editor's certified par): its moves are the session's par.
            let moves = l.par.as_deref().and_then(|p| count_of(p, "moves"));
            let mut level = Level::new(l.title, sokoban::scene::Game::new(l.maze, true), moves);
            level.par_text = l.par;
            // The file's own metadata beside the title (the whole line in the list's tooltip).
            let mut note = format!("{boxes} box{}", if boxes == 1 { "" } else { "es" });
            if let Some(a) = &l.author {
                note.push_str(&format!(", by {a}"));
            }
            if let Some(c) = &l.comment {
                note.push_str(&format!(": {c}"));
            }
            level.note = Some(note);
            level.comment = l.comment;
            level
        })
        .collect()
}

pub(super) fn sokoban_levels(mazes: Vec<sokoban::format::Maze>) -> Vec<Level<sokoban::scene::Game>> {
    mazes
        .into_iter()
        .enumerate()
        .map(|(i, m)| {
            let sol = sokoban::solve::solve(&m);
            let par = sol.as_ref().map(|s| s.moves.len());
            let game = sokoban::scene::Game::new(m, false);
            let mut l = Level::new(format!("Maze {}", i + 1), game, par);
            l.par_text = Some(match sol {
                Some(s) => format!("{} pushes, {} moves", s.pushes, s.moves.len()),
                None => "impossible".into(),
            });
            l
        })
        .collect()
}

pub(super) fn stacks_levels(games: Vec<crate::stacks::Game>) -> Vec<Level<StacksPlay>> {
    games
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let end = g.ending_turn(1000);
            let title = match end {
                Some(t) => format!("Board {} (ends in turn {t})", i + 1),
                None => format!("Board {} (never ends: -1)", i + 1),
            };
            Level::new(title, StacksPlay { game: g, next: 0, turn: 1 }, None)
        })
        .collect()
}

impl TumbleApp {
    /// Opens a level file of any supported kind and switches to it.
    pub fn open_file(&mut self, path: &Path) -> Result<(), String> {
        let name = path.display().to_string();
        self.leave_editor_for(&name)?;
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {name}: {e}"))?;
        let mine = self.editor.my_levels.as_deref().is_some_and(|d| path.parent() == Some(d));
        let file = match path.file_name() {
            _ if mine => MY_LEVELS.to_string(),
            Some(f) => f.to_string_lossy().to_string(),
            None => name.clone(),
        };
        self.open_bytes(&name, file, &bytes)
    }

    /// Another level is about to replace the tab the editor came from: the editor closes first,
    /// asking once when its level has changes not kept.
    pub(super) fn leave_editor_for(&mut self, name: &str) -> Result<(), String> {
        if self.editor.mode.is_some() {
            if !self.may_drop() {
                return Err(format!(
                    "{name} not opened: the level being edited has changes not kept (open it again to drop them)"
                ));
            }
            self.stop_editing();
        }
        Ok(())
    }

    /// Opens pasted text and says what was opened, or why not.
    pub(super) fn paste_and_say(&mut self, text: &str) {
        match self.paste(text) {
            Ok(()) => {
                let what = format!("opened what was pasted: {}", self.tab().status().title);
                self.notify(what, Some(self.kind));
            }
            Err(e) => self.notify(e, Some(self.kind)),
        }
    }

    /// Opens text pasted from the clipboard: a game ID, a save, anything File › Open reads, or
    /// a level followed by one line of moves (what Copy puts there), whose moves are replayed.
    pub fn paste(&mut self, text: &str) -> Result<(), String> {
        self.leave_editor_for("pasted text")?;
        // Blank lines before and whitespace after go; the first line's own leading spaces stay
        // (an XSB board's first row often begins with them: its place in the level).
        let text = text.trim_end();
        let text = match text.find(|c: char| !c.is_whitespace()) {
            Some(i) => &text[text[..i].rfind('\n').map_or(0, |n| n + 1)..],
            None => "",
        };
        // A web page's link (`…/index.html#tumblebox:1:…`) is its game ID.
        let text = text.rsplit_once('#').filter(|(_, id)| id.starts_with("tumblebox:")).map_or(text, |(_, id)| id);
        if let Some(id) = crate::save::GameId::parse(text.trim_start()) {
            let id = id.map_err(|e| format!("pasted game ID: {e}"))?;
            // A level of the game's pack on screen (a shared link to a built-in level) opens
            // there, in its place in the list, with its par and progress.
            if let Some(kind) = GameKind::from_key(&id.game)
                && let Some(i) = self.tabs.get(kind).find_level(&id.level)
            {
                self.kind = kind;
                self.open_level(i);
                return self.tab_mut().replay(&id.moves).map_err(|e| format!("pasted: the level is open, but {e}"));
            }
            return self.open_with_moves("pasted", &id.level, &id.moves);
        }
        // An XSB level and a LURD (or run-length) solution after it: the moves line would
        // read as a comment, so it is taken apart first.
        let lines: Vec<&str> = text.lines().collect();
        if let Some((last, rest)) = lines.split_last()
            && !rest.is_empty()
            && last.chars().any(|c| "lurdLURD".contains(c))
            && last.chars().all(|c| "lurdLURD0123456789() ".contains(c))
            && rest.iter().any(|l| sokoban::xsb::is_board_row(l))
        {
            let level = rest.join("\n") + "\n";
            // Read as XSB: the game whose format it is (not another's that read it too).
            let xsb = <sokoban::scene::Game as crate::games::Game>::KIND;
            if self.open_bytes("pasted text", "Pasted".to_string(), level.as_bytes()).is_ok() && self.kind == xsb {
                return self.tab_mut().replay(last).map_err(|e| format!("pasted text: the level is open, but {e}"));
            }
        }
        let bytes = text.as_bytes();
        let whole = self.open_bytes("pasted text", "Pasted".to_string(), bytes);
        if whole.is_ok() {
            return whole;
        }
        // A level and its moves: the last line holds the moves.
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() >= 2 {
            let level = lines[..lines.len() - 1].join("\n") + "\n";
            let moves = lines[lines.len() - 1];
            if self.open_bytes("pasted text", "Pasted".to_string(), level.as_bytes()).is_ok() {
                // The level is open; moves that do not replay stop there, and say why.
                return self.tab_mut().replay(moves).map_err(|e| format!("pasted text: the level is open, but {e}"));
            }
        }
        whole
    }

    /// Opens a level's text and replays a line of moves on it.
    pub(super) fn open_with_moves(&mut self, name: &str, level: &str, moves: &str) -> Result<(), String> {
        self.open_bytes(name, "Pasted".to_string(), level.as_bytes())?;
        self.tab_mut().replay(moves).map_err(|e| format!("{name}: the level is open, but {e}"))
    }

    /// Opens whatever `bytes` hold (`loader::load` decides which game and format).
    pub(super) fn open_bytes(&mut self, name: &str, file: String, bytes: &[u8]) -> Result<(), String> {
        // Another level replaces the tab the editor came from: the editor closes first (asking
        // once when its level has changes not kept).
        if self.editor.mode.is_some() {
            if !self.may_drop() {
                return Err(format!(
                    "{name} not opened: the level being edited has changes not kept (open it again to drop them)"
                ));
            }
            self.stop_editing();
        }
        self.keep_all();
        let loaded = crate::loader::load(bytes).map_err(|e| format!("{name}: {e}"))?;
        let kind = loaded.kind();
        match loaded {
            crate::loader::Loaded::Save(save) => {
                self.tabs.get_mut(kind).load(&save, &file).map_err(|e| format!("{name}: {e}"))?;
                // Moves from a file are shown and replayed, not counted as the player's.
                self.tabs.get_mut(kind).mark_given();
                self.kind = kind;
                self.import_library(&save);
            }
            crate::loader::Loaded::Vexed(_, levels) => return self.set_vexed(file, levels),
            crate::loader::Loaded::Shubbles(levels) => {
                let levels = levels.into_iter().map(|l| Level::new(l.title, l.state, l.par)).collect();
                self.tabs.shubbles = Tab::new(file, levels);
            }
            crate::loader::Loaded::Mazes(mazes) => self.tabs.sokoban = Tab::new(file, sokoban_levels(mazes)),
            crate::loader::Loaded::Xsb(levels) => {
                self.tabs.sokoban = Tab::new(file, xsb_levels(levels));
                self.tabs.sokoban.header = crate::sokoban::xsb::file_header(&String::from_utf8_lossy(bytes));
            }
            crate::loader::Loaded::Stacks(games) => self.tabs.stacks = Tab::new(file, stacks_levels(games)),
        }
        self.kind = kind;
        // A new list shows its current level, not the old list's scroll position.
        self.view.scroll_to_current = true;
        Ok(())
    }

    pub(super) fn set_vexed(&mut self, file: String, levels: Vec<vexed::format::AnyLevel>) -> Result<(), String> {
        if levels.is_empty() {
            return Err(format!("{file}: no levels"));
        }
        let levels = levels.into_iter().map(|l| Level::new(l.title, l.board.settle().0, l.par)).collect();
        self.tabs.vexed = Tab::new(file, levels);
        self.kind = <vexed::Board as crate::games::Game>::KIND;
        self.view.scroll_to_current = true;
        Ok(())
    }

    /// Switches the current game to another pack: the built-in levels (`None`) or a file.
    pub fn switch_pack(&mut self, pack: Option<PathBuf>) {
        self.keep_all();
        match pack {
            None => {
                let kind = self.kind;
                self.tabs.reset(kind);
                self.keep_change(crate::store::Change::Pack(kind, None));
                self.keep_change(crate::store::Change::Last(kind, 0));
                self.view.scroll_to_current = true;
            }
            Some(p) => {
                let _ = self.dialogs.0.send(Dialog::Open(p));
            }
        }
    }
}
