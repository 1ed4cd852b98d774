//! The desktop app (eframe): a level browser, the board drawn from the same scene as the
//! exporter, play with mouse and keys, the rule debugger, the solver on a background thread,
//! export, and progress that persists. Only this module imports eframe and egui.
//!
//! Depends on everything in the library; nothing in the library depends on it (the `app`
//! feature: without it the library and the command line build with no graphics stack).

pub mod access;
pub mod command;
mod dialogs;
pub mod edit;
mod export;
mod files;
pub mod help;
mod import;
mod kept;
pub mod library;
pub mod paint;
pub mod play;
pub mod progress;
pub mod session;
mod shelf;
mod tab;
#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(target_arch = "wasm32")]
mod web_keys;
pub mod work;

use dialogs::Dialog;
pub use dialogs::Notice;
pub(crate) use export::slug_by;
pub use export::{ExportJob, ExportKind, ExportPanel, ExportPlan, RunningExport};
pub use files::{BUILT_IN, MY_LEVELS};
pub(crate) use tab::GameTab;

use play::Playable;
pub use progress::{LevelKey, Progress, Record};
use session::Session;
use std::path::PathBuf;
use std::sync::mpsc;

pub use crate::games::GameKind;

/// A level as the browser lists it.
#[derive(Clone)]
pub struct Level<P> {
    pub title: String,
    pub start: P,
    pub par: Option<usize>,
    /// [`progress::content_hash`] of the start's text: with the game and the pack, what
    /// progress is stored under.
    pub content: u64,
    /// The par in words where a number says too little (pushing boxes: pushes and moves).
    pub par_text: Option<String>,
    /// What the level list says of it beside its title and par (a Sokoban level: its boxes).
    pub note: Option<String>,
    /// The level's own comment (an XSB file's `Comment:`), shown under the list while it is on
    /// screen.
    pub comment: Option<String>,
}

impl<P: Playable> Level<P> {
    pub fn new(title: impl Into<String>, start: P, par: Option<usize>) -> Level<P> {
        let content = progress::content_hash(&start.key_text());
        Level { title: title.into(), start, par, content, par_text: None, note: None, comment: None }
    }
}

/// One game's pack and the level being played.
pub struct Tab<P: Playable> {
    pub pack: String,
    pub levels: Vec<Level<P>>,
    pub index: usize,
    pub session: Session<P>,
    /// The pack file's header (a collection's name, author, terms), as the file gives it.
    pub header: Vec<String>,
    /// The forward game, set aside while reverse mode is on (`session` then plays backwards);
    /// `None` when reverse mode is off.
    pub forward_aside: Option<Session<P>>,
    /// The reverse game left (reverse mode turned off), taken up again when it is turned on
    /// on the same level.
    reverse_left: Option<Session<P>>,
    /// The session of the level just left (its content hash and save text), for the app to
    /// keep.
    left: Option<(u64, String)>,
}

impl<P: Playable + Clone> Tab<P> {
    fn new(pack: impl Into<String>, levels: Vec<Level<P>>) -> Self {
        let l = &levels[0];
        let session = Session::new(l.title.clone(), l.start.clone(), l.par);
        Tab {
            pack: pack.into(),
            levels,
            index: 0,
            session,
            header: Vec::new(),
            forward_aside: None,
            reverse_left: None,
            left: None,
        }
    }

    /// Reverse mode is on.
    pub fn reversed(&self) -> bool {
        self.forward_aside.is_some()
    }

    pub fn open(&mut self, index: usize) {
        // Reverse mode ends with its level: the forward game is the one kept.
        if let Some(f) = self.forward_aside.take() {
            self.session.cancel_solver();
            self.session = f;
        }
        self.reverse_left = None;
        if self.levels.get(index).is_some() {
            self.left = self.kept();
        }
        if let Some(l) = self.levels.get(index) {
            self.session.cancel_solver();
            self.index = index;
            self.session = Session::new(l.title.clone(), l.start.clone(), l.par);
            // Messages about the level left are stale.
            self.session.silence();
        }
    }
}

impl<P: Playable + Clone> Tab<P> {
    /// The session on screen as a save, if anything was played (its level's content hash).
    fn kept(&self) -> Option<(u64, String)> {
        let l = self.levels.get(self.index)?;
        // In reverse mode, the forward game set aside.
        let s = self.forward_aside.as_ref().unwrap_or(&self.session);
        (!s.history.is_empty()).then(|| (l.content, s.to_save(&self.pack).write()))
    }
}

mod ui;

/// Something the window does with a game's type, chosen by its kind ([`visit`]).
pub trait VisitPlayable {
    type Out;
    fn visit<P: Playable + crate::games::Game + Clone>(self) -> Self::Out;
}

macro_rules! declare_tabs {
    ($($(#[$attr:meta])* $kind:ident $field:ident = $key:literal, $name:literal, $ty:ty;)*) => {
        /// Every game's tab, one a game of the registry ([`crate::each_game!`]).
        pub struct Tabs {
            $($(#[$attr])* pub $field: Tab<$ty>,)*
        }

        impl Tabs {
            /// Every game on its built-in levels.
            pub fn built_in() -> Tabs {
                Tabs { $($(#[$attr])* $field: Tab::new(BUILT_IN, <$ty as Playable>::built_in()),)* }
            }

            /// A game's tab back on its built-in levels.
            pub fn reset(&mut self, kind: GameKind) {
                match kind {
                    $($(#[$attr])* GameKind::$kind => self.$field = Tab::new(BUILT_IN, <$ty as Playable>::built_in()),)*
                }
            }

            /// A game's tab. With [`Tabs::get_mut`], where the window switches on the game: the
            /// rest of the app is written against [`GameTab`].
            pub(crate) fn get(&self, kind: GameKind) -> &dyn GameTab {
                match kind {
                    $($(#[$attr])* GameKind::$kind => &self.$field,)*
                }
            }

            pub(crate) fn get_mut(&mut self, kind: GameKind) -> &mut dyn GameTab {
                match kind {
                    $($(#[$attr])* GameKind::$kind => &mut self.$field,)*
                }
            }
        }

        /// Does `v` with a game's type (the window's dispatch on a game's kind).
        pub fn visit<V: VisitPlayable>(kind: GameKind, v: V) -> V::Out {
            match kind {
                $($(#[$attr])* GameKind::$kind => v.visit::<$ty>(),)*
            }
        }
    };
}

crate::each_game!(declare_tabs);

impl Tabs {
    /// A game's tab's move count since the last restart and its level's title (for tests).
    pub fn get_title(&self, kind: GameKind) -> (usize, String) {
        let t = self.get(kind);
        (t.status().moves, t.status().title.to_string())
    }
}

/// The window: what the window as a whole owns (the game shown, the games' midends, the view,
/// the player's store, the export job, the editor, the library window). Each game's own state
/// (its history, undo, animation clock, solver) lives in its midend ([`Tab`], through
/// [`Tabs`]).
pub struct TumbleApp {
    /// The game shown.
    pub kind: GameKind,
    /// Each game's midend, one per game of the registry.
    pub tabs: Tabs,
    /// Speed, panels, the small windows open, the window's width.
    pub view: View,
    /// The player's data: progress, libraries, kept games, settings ([`crate::store`]).
    pub store: crate::store::Store,
    /// What was last kept in the store, to keep only what changed.
    pub kept: Kept,
    /// The status bar's notice and the message log.
    pub messages: Messages,
    /// The export panel and the export running in the background.
    pub export: Exports,
    /// The level editor and My levels.
    pub editor: Editor,
    /// The library window, the optimiser and the statistics clock.
    pub shelf: shelf::Shelf,
    dialogs: (mpsc::Sender<Dialog>, mpsc::Receiver<Dialog>),
    /// Quitting asked, or confirmed, while an export ran.
    pub quit: Quit,
    /// The window's context, for threads that finish work to wake it (an export).
    pub(crate) ctx: Option<egui::Context>,
}

/// How the window is shown: speed, panels, the small windows open.
pub struct View {
    /// Animation speed multiplier (0.25 to 4).
    pub speed: f32,
    /// Frames since Edit › Paste asked the system for the clipboard's text, until it comes
    /// (none comes when the clipboard holds no text: then that is said).
    pub paste_wait: Option<u8>,
    /// Skip animations.
    pub instant: bool,
    /// The side panels hidden (View › Level list, View › Rule debugger): room for the board in
    /// a small window.
    pub hide_levels: bool,
    pub hide_debugger: bool,
    /// A side panel brought back by its key (F9, F12) although the window is narrow.
    pub levels_forced: bool,
    pub debugger_forced: bool,
    /// The window's width at the last frame: side panels fold away by themselves below
    /// [`LEVELS_FOLD_BELOW`] and [`DEBUGGER_FOLDS_BELOW`].
    pub width: f32,
    /// The level changed by key: scroll the list to it.
    pub scroll_to_current: bool,
    pub drag_start: Option<[f32; 2]>,
    /// The help window is open.
    pub help_open: bool,
    /// Help › Message log is open.
    pub log_open: bool,
    /// The command palette, when open: what is typed and the highlighted line.
    pub palette: Option<(String, usize)>,
    /// File › Enter game ID…, when open: what is typed so far.
    pub game_id_entry: Option<String>,
    /// The window's fonts are installed (on the first frame).
    pub fonts_installed: bool,
    /// A touch has been seen: controls are sized for a finger from then on
    /// ([`FINGER`]).
    pub touch: bool,
    /// How the board is turned (View › Turn the board, Mirror the board; games that turn).
    pub turn: paint::Turn,
}

impl Default for View {
    fn default() -> Self {
        View {
            speed: 1.0,
            paste_wait: None,
            instant: false,
            hide_levels: false,
            hide_debugger: false,
            levels_forced: false,
            debugger_forced: false,
            width: 1200.0,
            scroll_to_current: false,
            drag_start: None,
            help_open: false,
            log_open: false,
            palette: None,
            game_id_entry: None,
            fonts_installed: false,
            touch: false,
            turn: paint::Turn::default(),
        }
    }
}

/// The pack a level tested from the editor plays in (nobody's progress: nothing of it is kept).
pub const TESTING_PACK: &str = "Testing";

/// What the window last kept in the store or showed, to keep and offer only what changed.
pub struct Kept {
    /// Each game's history as last kept (session, version, cursor): a change is kept at once.
    pub stamps: [(u64, u64, usize); GameKind::ALL.len()],
    /// The game shown, speed, Instant and the export panel's settings as last kept or read.
    pub settings: (GameKind, f32, bool, String),
    /// The level on screen when the last frame ended (to notice a level opened).
    pub shown: Option<LevelKey>,
    /// A kept game the player may continue (its level), offered above the board.
    pub offer: Option<LevelKey>,
    /// The offer's strip keeps its room while the level it was offered on stays on screen:
    /// the board does not move when the offer goes.
    pub room: bool,
    /// What the page's address was last set to follow (game, level, history).
    #[cfg(target_arch = "wasm32")]
    pub web_address: Option<(GameKind, usize, (u64, u64, usize))>,
}

impl Default for Kept {
    fn default() -> Self {
        Kept {
            stamps: [(0, 0, 0); GameKind::ALL.len()],
            settings: (GameKind::ALL[0], 1.0, false, String::new()),
            shown: None,
            offer: None,
            room: false,
            #[cfg(target_arch = "wasm32")]
            web_address: None,
        }
    }
}

/// The status bar's newest notice and every message shown (Help › Message log).
#[derive(Default)]
pub struct Messages {
    /// The app's newest notice (files opened, exports, stored progress), and its tab.
    pub notice: Option<Notice>,
    /// Every message shown in the status bar, oldest first.
    pub log: Vec<String>,
    /// The newest game message already in the log (its sequence number).
    pub logged_seq: u64,
}

/// The export panel and the export running in the background.
#[derive(Default)]
pub struct Exports {
    /// The export panel's choices.
    pub panel: ExportPanel,
    /// The export running in the background, if any.
    pub running: Option<RunningExport>,
    /// The export panel's last plan (frames, seconds) and what it was for.
    pub(crate) plan: Option<(String, ExportPlan)>,
    /// The export panel's file size, measured for its current settings.
    pub(crate) estimating: Option<export::Estimating>,
}

/// The level editor and where My levels are kept.
#[derive(Default)]
pub struct Editor {
    /// The level editor, when it is open (`E`).
    pub mode: Option<edit::EditMode>,
    /// Where My levels are kept (one file per game); `None`: nowhere (no data folder).
    pub my_levels: Option<PathBuf>,
    /// How far the editor's Certify may go.
    pub certify_bounds: crate::certify::Bounds,
}

/// Quitting while an export runs.
#[derive(Default)]
pub struct Quit {
    /// Quitting was asked while an export ran: the window asks before it closes.
    pub asked: bool,
    /// Quitting was confirmed (the export cancelled, its file removed): close.
    pub(crate) confirmed: bool,
}

/// What the window shows of the game on screen ([`TumbleApp::shown`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    pub game: GameKind,
    /// The level on screen (from 0) and how many its pack has.
    pub level: usize,
    pub levels: usize,
    pub pack: String,
    pub title: String,
    /// Moves since the last restart, and the pushes among them in a game that counts them.
    pub moves: usize,
    pub pushes: Option<usize>,
    /// The position on screen is solved.
    pub solved: bool,
    /// A move is animating or waiting to be made (a solution playing).
    pub moving: bool,
    /// A search runs.
    pub busy: bool,
    pub reversed: bool,
    /// The game's newest message, and the window's newest notice.
    pub message: Option<String>,
    pub notice: Option<String>,
}

/// Below this window width the level list folds away by itself (F9 brings it back).
pub const LEVELS_FOLD_BELOW: f32 = 600.0;
/// The height of a control a finger can hit (Apple's and the WCAG's 44 px), used on a narrow
/// window ([`LEVELS_FOLD_BELOW`]) or once a touch has been seen.
pub const FINGER: f32 = 44.0;
/// Below this width the rule debugger folds away by itself (F12 brings it back).
pub const DEBUGGER_FOLDS_BELOW: f32 = 980.0;

impl Default for TumbleApp {
    fn default() -> Self {
        TumbleApp {
            kind: GameKind::ALL[0],
            tabs: Tabs::built_in(),
            view: View::default(),
            store: crate::store::Store::memory(),
            kept: Kept::default(),
            messages: Messages::default(),
            export: Exports::default(),
            editor: Editor::default(),
            shelf: shelf::Shelf::default(),
            dialogs: mpsc::channel(),
            quit: Quit::default(),
            ctx: None,
        }
    }
}

impl TumbleApp {
    /// The window on the player's store: on a desktop the database in the data folder (an
    /// earlier version's `app.ron` imported once, and only read), on a web page the browser's
    /// storage.
    pub fn new(_cc: &eframe::CreationContext<'_>) -> Self {
        #[cfg(not(target_arch = "wasm32"))]
        let (store, earlier, my_levels) = match crate::store::default_dir() {
            Some(dir) => (crate::store::Store::open(&dir), progress::earlier_store(&dir), Some(dir.join("my-levels"))),
            None => (crate::store::Store::memory(), (None, None), None),
        };
        #[cfg(target_arch = "wasm32")]
        let (store, earlier, my_levels) = web::store();
        let mut store = store;
        let said = store.import_earlier(earlier.0.as_deref(), earlier.1.as_deref());
        let mut app = TumbleApp::with_store(store);
        app.editor.my_levels = my_levels;
        if let Some(said) = said {
            app.adopt_sessions();
            app.restore();
            app.notify(said, None);
        }
        app
    }

    /// The level list is on screen: not hidden, and the window wide enough (or brought back).
    pub fn shows_levels(&self) -> bool {
        !self.view.hide_levels && (self.view.width >= LEVELS_FOLD_BELOW || self.view.levels_forced)
    }

    /// The rule debugger is on screen: not hidden, and the window wide enough (or brought back).
    pub fn shows_debugger(&self) -> bool {
        !self.view.hide_debugger && (self.view.width >= DEBUGGER_FOLDS_BELOW || self.view.debugger_forced)
    }

    /// Says something in the status bar (the newest message wins).
    pub fn notify(&mut self, text: impl Into<String>, tab: Option<GameKind>) {
        let seq = session::next_seq();
        let text = text.into();
        self.log_message(seq, &text);
        self.messages.notice = Some(Notice { text, seq, tab });
    }

    /// Adds a message to the log (the newest 500 are kept).
    pub(crate) fn log_message(&mut self, seq: u64, text: &str) {
        if seq <= self.messages.logged_seq {
            return;
        }
        self.messages.logged_seq = seq;
        self.messages.log.push(text.to_string());
        let over = self.messages.log.len().saturating_sub(500);
        self.messages.log.drain(..over);
    }

    /// The current game as a one-line game ID (what Copy link copies).
    pub fn game_id(&self) -> String {
        self.tab().game_id()
    }

    /// What is on screen in a line (the web page's title): the game, the level, the move,
    /// whether it is solved, or the positions a running search has counted.
    pub fn page_title(&self) -> String {
        if let Some(e) = self.editor.mode.as_ref().filter(|e| e.testing.is_none()) {
            let mut s = format!("Editing · {} · {}", self.kind.name(), e.pad.title());
            if e.certifying.is_some() {
                s.push_str(" · certifying…");
            } else if let Some(v) = e.verdict() {
                s.push_str(&format!(" · {}", v.words(self.editor.certify_bounds.max_turns)));
            }
            return s + " — tumblebox";
        }
        let t = self.tab();
        let mut s = format!("{} · {} · move {}", self.kind.name(), t.status().title, t.status().moves);
        if t.status().finished.is_some() {
            s.push_str(" · solved");
        }
        if let Some(n) = t.status().searched {
            s.push_str(&format!(" · solving… {n} positions"));
        }
        s.push_str(" — tumblebox");
        s
    }

    /// Opens a game ID from a link (the web page's address): its level at its last move, or
    /// says why not.
    pub fn open_link(&mut self, id: &str) {
        match self.paste(id) {
            Ok(()) => self.notify("opened the game of the link", Some(self.kind)),
            Err(e) => self.notify(format!("the link: {e}"), None),
        }
    }

    /// What the commands may do now (their enabled-when).
    pub fn allowed(&self) -> command::Allowed {
        let t = self.tab();
        if let Some(e) = self.editor.mode.as_ref().filter(|e| e.testing.is_none()) {
            // The editor's own undo and redo; its certification is what Cancel stops.
            return command::Allowed {
                back: e.pad.can_undo(),
                ahead: e.pad.can_redo(),
                busy: e.certifying.is_some(),
                editing: true,
                my_levels: self.my_pack(self.kind).is_some(),
                keeps_mine: self.editor.my_levels.is_some(),
                ..Default::default()
            };
        }
        command::Allowed {
            editing: self.editor.mode.is_some(),
            my_levels: self.my_pack(self.kind).is_some(),
            keeps_mine: self.editor.my_levels.is_some(),
            back: t.status().can_undo,
            ahead: t.status().can_redo,
            busy: t.status().busy,
            next_level: t.status().index + 1 < t.status().level_count,
            previous_level: t.status().index > 0,
            puzzle: t.facts().puzzle,
            best: self.best_line().is_some(),
            reverse: self.editor.mode.is_none() && t.can_reverse(),
            reversed: t.status().reversed,
            pushes: t.status().pushes.is_some() && t.status().can_undo,
            turns: t.facts().turns,
        }
    }

    /// The current game's tab.
    pub(crate) fn tab(&self) -> &dyn GameTab {
        self.tabs.get(self.kind)
    }

    pub(crate) fn tab_mut(&mut self) -> &mut dyn GameTab {
        self.tabs.get_mut(self.kind)
    }

    /// The state shown now, as a scene (what the window paints and the PNG export writes).
    pub fn scene(&self) -> crate::scene::Scene {
        if let Some(e) = self.editor.mode.as_ref().filter(|e| e.testing.is_none()) {
            let marked = e.pad.check().err().map(|i| i.cells).unwrap_or_default();
            return e.pad.scene(&[], None, &marked);
        }
        self.tab().scene()
    }

    /// Switches the stacks level between Baekjoon 17837's rule and 17780's (only the bottom
    /// piece of a stack moves): the level starts again under the rule chosen.
    pub fn set_bottom_only(&mut self, on: bool) {
        let rule = if on { crate::stacks::Rule::BottomOnly } else { crate::stacks::Rule::CarryAbove };
        let t = &mut self.tabs.stacks;
        // The game on screen is kept under the rule it was played by (its level's content
        // before the switch), to be continued when the rule is switched back.
        let played = t.kept();
        let l = &mut t.levels[t.index];
        l.start.game.rule = rule;
        let end = l.start.game.ending_turn(1000);
        let base = l.title.split(" (").next().unwrap_or("").to_string();
        l.title = match end {
            Some(e) => format!("{base} (ends in turn {e})"),
            None => format!("{base} (never ends: -1)"),
        };
        l.content = progress::content_hash(&l.start.key_text());
        let i = t.index;
        t.open(i);
        if played.is_some() {
            t.left = played;
            let (now, then) = if on { ("17780's", "17837's") } else { ("17837's", "17780's") };
            self.notify(
                format!("the board starts again under Baekjoon {now} rule; the game played under {then} is kept (switch back to continue it)"),
                Some(GameKind::Stacks),
            );
        }
    }

    /// The key progress is stored under for level `index` of the current game's pack.
    pub fn level_key(&self, index: usize) -> Option<LevelKey> {
        let game = self.kind;
        let t = self.tab();
        t.content(index).map(|content| LevelKey { game, pack: t.status().pack.to_string(), content })
    }

    fn index(&self) -> usize {
        self.tab().status().index
    }

    /// What the window shows of the game on screen (the status bar's facts), the window's
    /// read side for tests and tools.
    pub fn shown(&self) -> Shown {
        let s = self.tab().status();
        Shown {
            game: self.kind,
            level: s.index,
            levels: s.level_count,
            pack: s.pack.to_string(),
            title: s.title.to_string(),
            moves: s.moves,
            pushes: s.pushes,
            solved: s.solved,
            moving: s.moving,
            busy: s.busy,
            reversed: s.reversed,
            message: s.message.map(|(_, m)| m.to_string()),
            notice: self.messages.notice.as_ref().map(|n| n.text.clone()),
        }
    }

    /// Opens level `i` of the pack on screen (as the level list does).
    pub fn open_level(&mut self, i: usize) {
        self.tab_mut().open(i);
        self.remember_level(self.index());
    }

    /// Remembers level `i` of the pack on screen as the one to come back to, when a restart
    /// finds that pack again: the built-in levels, or a file whose path is kept. A pasted,
    /// dropped or (on a web page) picked file is not kept, so its level numbers would name
    /// another pack's levels after a restart.
    pub fn remember_level(&mut self, i: usize) {
        let pack = self.tab().status().pack;
        let found_again = match self.progress().packs.get(&self.kind) {
            Some(path) => pack == MY_LEVELS || path.file_name().is_some_and(|f| f.to_string_lossy() == pack),
            None => pack == BUILT_IN,
        };
        if found_again {
            self.keep_change(crate::store::Change::Last(self.kind, i));
        }
    }

    fn level_count(&self) -> usize {
        self.tab().status().level_count
    }
}

impl eframe::App for TumbleApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
        #[cfg(target_arch = "wasm32")]
        {
            self.web_frame();
            access::frame(self);
        }
    }

    /// The window closes: an export still running (closed by the window manager without
    /// asking) is cancelled and its staged file removed before the process ends.
    #[cfg(not(target_arch = "wasm32"))]
    fn on_exit(&mut self) {
        self.cancel_optimiser();
        self.finish_export_for_quit();
    }

    /// The same on a page, whose window draws with glow (Cargo.toml): eframe passes its context.
    #[cfg(target_arch = "wasm32")]
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.cancel_optimiser();
        self.finish_export_for_quit();
    }

    /// eframe's own store keeps only the window's size and egui's memory; the player's data is
    /// written through as it changes ([`crate::store`]): here only the clock's seconds.
    fn save(&mut self, _storage: &mut dyn eframe::Storage) {
        self.flush_clock();
        self.keep_all();
    }
}

/// Opens the window; `open`, if given, is a level file opened at once (as File › Open does).
#[cfg(not(target_arch = "wasm32"))]
pub fn run(open: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_inner_size([1200.0, 760.0]).with_title("tumblebox"),
        // eframe's own file (the window's size, egui's memory) beside the player's database;
        // an earlier version's app.ron is only read, once, for the import.
        persistence_path: crate::store::default_dir().map(|d| d.join("window.ron")),
        ..Default::default()
    };
    eframe::run_native(
        "tumblebox",
        options,
        Box::new(move |cc| {
            let app = TumbleApp::new(cc);
            if let Some(p) = open {
                let _ = app.dialogs.0.send(Dialog::Open(p));
            }
            Ok(Box::new(app))
        }),
    )
}
