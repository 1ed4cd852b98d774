//! `GameTab`: one game's tab as the window sees it, whatever the game (the role Tatham's
//! midend plays), and its one implementation for every `Tab<P: Playable>`.

use super::Level;
use super::Tab;
use super::export::ExportJob;
use super::export::ExportKind;
use super::play::Playable;
use super::session::Session;
use crate::render::frames::GifMode;
use crate::render::frames::export_gif;
use crate::render::frames::export_png;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// An optimiser run (see [`GameTab::optimise_job`]).
pub(crate) type OptimiseJob =
    Box<dyn FnOnce(&AtomicBool, &crate::meter::Meter) -> Result<(Option<String>, String), String> + Send + 'static>;

/// What the window shows of a game's midend now ([`GameTab::status`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Status<'a> {
    /// The level on screen, in its pack, and how many the pack has.
    pub index: usize,
    pub level_count: usize,
    pub pack: &'a str,
    pub title: &'a str,
    /// Moves since the last restart, and the pushes among them in a game that counts them.
    pub moves: usize,
    pub pushes: Option<usize>,
    /// The moves of the timeline's line (those since the last restart and the undone ones
    /// after them up to the next): what an export animates.
    pub line_moves: usize,
    /// The timeline's selected range as moves since the last restart (from 1, inclusive),
    /// when it lies within the line.
    pub selected_moves: Option<(usize, usize)>,
    /// The session on screen (a number no other session shares) and where its run since the
    /// last restart starts in the history: a new attempt is a first move on a new pair.
    pub attempt: (u64, usize),
    /// The solver played moves of the session on screen (moves not the player's are the
    /// solver's then, otherwise a file's or a paste's).
    pub solver_played: bool,
    /// Reverse mode is on.
    pub reversed: bool,
    /// The game's newest message and its sequence number (for the message log).
    pub message: Option<(u64, &'a str)>,
    /// The level done, at rest: the moves and whether they were the player's own.
    pub finished: Option<(usize, bool)>,
    /// The same without waiting for the last move's animation: what is recorded the moment
    /// the solving move is made.
    pub solved_run: Option<(usize, bool)>,
    /// Which game is kept and how far it has gone (session, its history's version, cursor):
    /// changes whenever what [`GameTab::kept`] gives does.
    pub history_stamp: (u64, u64, usize),
    /// A search runs, and the positions it has counted so far.
    pub busy: bool,
    pub searched: Option<usize>,
    pub can_undo: bool,
    pub can_redo: bool,
    /// Nothing played yet on the level's (forward) game.
    pub fresh: bool,
    /// The position on screen is solved; a move animates or waits in the queue.
    pub solved: bool,
    pub moving: bool,
}

/// What a game is, whatever its state: the facts its type declares ([`Playable`],
/// [`super::edit::Editable`]).
#[derive(Debug, Clone)]
pub(crate) struct Facts {
    /// How to play ([`Playable::HELP`]).
    pub help: super::play::Help,
    /// A level to solve, not a simulation ([`Playable::PUZZLE`]).
    pub puzzle: bool,
    /// The extension of Export solutions…'s file ([`Playable::LIBRARY_EXTENSION`]).
    pub library_extension: &'static str,
    /// The game has an optimiser.
    pub can_optimise: bool,
    /// The editor's blank level variants.
    pub edit_variants: &'static [&'static str],
    /// The game has a reverse mode ([`Playable::REVERSE`]).
    pub reverse: bool,
    /// The game's own actions the palette offers ([`Playable::actions`]).
    pub actions: Vec<(&'static str, super::play::Gesture)>,
    /// What Solve is called in this game ("Run to the end" in stacks).
    pub solve_label: &'static str,
    /// The board can be turned ([`Playable::TURNS`]).
    pub turns: bool,
}

/// One game's tab as the app sees it, whatever the game (the role Tatham's `struct game`
/// plays for his midend): the app reaches a tab through [`Tabs::get`] and [`Tabs::get_mut`],
/// and everything else (panels, menus, commands, progress, export) is written once against
/// this trait. Adding a game is a `Playable` implementation, a field of [`Tabs`] and a line
/// in those two functions.
pub(crate) trait GameTab {
    /// What the window shows of the game now, in one look.
    fn status(&self) -> Status<'_>;
    /// What the game is, whatever its state.
    fn facts(&self) -> Facts;
    /// The level has a reverse mode (Sokoban, as many goals as boxes), or it is on. Not in
    /// [`GameTab::status`]: it builds the reverse game to know.
    fn can_reverse(&self) -> bool;
    /// A command on the history: undo, redo, restart, stopping the solver, and the debugger's
    /// timeline (play or pause, a step or a move back or on, either end); others do nothing.
    fn command(&mut self, c: super::command::Command, instant: bool);
    /// One of the game's own actions (a key, a character of its notation), as if typed.
    fn act(&mut self, g: super::play::Gesture, instant: bool);
    /// Opens level `i` of the pack (a fresh session).
    fn open(&mut self, i: usize);
    /// The level of the pack whose start is the level `text` (in the game's own format) reads as.
    fn find_level(&self, text: &str) -> Option<usize>;
    /// The content hash of level `i` (what its progress is stored under, with game and pack).
    fn content(&self, i: usize) -> Option<u64>;
    /// The scene on screen.
    fn scene(&self) -> crate::scene::Scene;
    /// Exports the moves since the last restart (GIF) or the position on screen (PNG).
    fn export(&self, path: &Path, kind: ExportKind) -> std::io::Result<()>;
    /// The game as a save file (its library is the app's to add).
    fn to_save(&self) -> crate::save::Save;
    /// A line of moves played from the level's start: its moves, its pushes (in a game that
    /// counts them) and whether it solves the level; or which move fails.
    fn measure(&self, line: &str) -> Result<(usize, Option<usize>, bool), String>;
    /// The level (its start, with its title) as text in the game's own format.
    fn level_text(&self) -> String;
    /// Turns reverse mode on (a reverse game from the level's solved position; the forward
    /// game set aside) or off (the forward game back as it was).
    fn set_reverse(&mut self, on: bool);
    /// Once a frame in reverse mode: when the reverse game has met the forward start, the
    /// forward game comes back and plays the solution it gives (animated or at once): its
    /// moves and pushes, or why it could not be made.
    fn reverse_met(&mut self, instant: bool) -> Option<Result<(usize, usize), String>>;
    /// The optimiser on a solution (a line from the level's start), to run on another
    /// thread: the better line if it found one, and what it searched, in words.
    fn optimise_job(&self, line: &str, time: std::time::Duration) -> Result<OptimiseJob, String>;
    /// An export of the moves since the last restart (and the position on screen, for a PNG)
    /// as asked, to run on another thread: it renders, calls `tick(frames)` for every frame
    /// (returning `false` cancels, leaving no file) and commits the files.
    fn export_job(&self, req: crate::render::frames::Request) -> ExportJob;
    /// The same optimiser run and export as requests for a web page's worker
    /// ([`super::work`]); `None` when the positions' texts cannot carry them.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn optimise_request(&self, line: &str, time: std::time::Duration) -> Option<String>;
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn export_request(&self, req: &crate::render::frames::Request, measure: bool) -> Option<String>;
    /// The animation a request would make: frames and seconds (or why it would be refused).
    fn export_plan(&self, req: &crate::render::frames::Request) -> Result<(usize, f32), String>;
    /// Replays a line of moves in the game's notation from the position on screen (a paste);
    /// the moves before a bad one stay made.
    fn replay(&mut self, moves: &str) -> Result<(), String>;
    /// The level and the moves since the last restart, as text in the game's own format (what
    /// Copy puts on the clipboard and Paste reads back).
    fn copy_text(&self) -> String;
    /// The same as a one-line game ID (Copy link).
    fn game_id(&self) -> String;
    /// Opens a save file: its level in this tab (the level of the pack on screen with the same
    /// content, or a one-level pack named `file`) with its whole history.
    fn load(&mut self, save: &crate::save::Save, file: &str) -> Result<(), crate::error::ParseError>;
    /// Marks the whole history as not the player's own (moves that came from a file).
    fn mark_given(&mut self);
    /// The moves since the last restart as one line in the game's notation.
    fn solution_line(&self) -> String;
    /// Plays a line of moves from the level's start after a restart (a best solution):
    /// animated, or at once.
    fn play_line(&mut self, line: &str, instant: bool) -> Result<(), String>;
    /// The same for a line that is not the player's own (a library entry found by the solver,
    /// the optimiser or a file): a level it solves is not counted as the player's.
    fn play_given_line(&mut self, line: &str, instant: bool) -> Result<(), String>;
    /// A save file of the level on screen played by `line` from its start (the best run).
    fn line_save(&self, line: &str) -> Result<String, String>;
    /// A kept session's save, if its run at the cursor solves its level by the player's own
    /// moves: the level's content hash, the moves and their line (progress's migration).
    fn solved_by(&self, save: &crate::save::Save) -> Option<(u64, usize, String)>;
    /// Starts the solver (or the hint), unless one runs.
    fn solve(&mut self, hint_only: bool, repaint: Box<dyn Fn() + Send + 'static>);
    /// The session of a level just left, once (content hash, save text).
    fn take_left(&mut self) -> Option<(u64, String)>;
    /// The session on screen, if anything was played.
    fn kept(&self) -> Option<(u64, String)>;
    /// The tab's panels for one frame.
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut super::ui::Shared<'_>) -> super::ui::Asked;
    /// The editor on the level on screen (its start), if the game has one.
    fn edit(&self) -> Option<Box<dyn super::edit::Pad>>;
    /// The editor on a blank level of about that size.
    fn edit_blank(&self, rows: usize, cols: usize, variant: usize) -> Option<Box<dyn super::edit::Pad>>;
    /// Plays a level's text as a pack of one (with its par): the tab as it was, to put back.
    fn test(
        &mut self,
        text: &str,
        title: &str,
        par: Option<usize>,
        par_text: Option<String>,
    ) -> Result<Box<dyn std::any::Any>, String>;
    /// Puts back the tab [`GameTab::test`] set aside.
    fn untest(&mut self, stash: Box<dyn std::any::Any>);
}

impl<P: Playable + Clone + super::edit::Editable> GameTab for Tab<P> {
    fn status(&self) -> Status<'_> {
        let s = &self.session;
        let (a, b) = s.range.unwrap_or((0, 0));
        let run_start = s.cursor - s.moves();
        let line_end = s.line_end();
        let at_rest = s.current().solved() && s.queue.is_empty() && s.moves() > 0;
        let kept = self.forward_aside.as_ref().unwrap_or(s);
        Status {
            index: self.index,
            level_count: self.levels.len(),
            pack: &self.pack,
            title: &s.title,
            moves: s.moves(),
            line_moves: line_end - run_start,
            pushes: P::counts_pushes().then(|| s.pushes()),
            selected_moves: (s.range.is_some() && a >= run_start && b <= line_end && a < b)
                .then(|| (a - run_start + 1, b - run_start)),
            attempt: (s.id, run_start),
            solver_played: s.solver_played,
            reversed: self.reversed(),
            message: s.message.as_deref().map(|m| (s.message_seq, m)),
            finished: (at_rest && !s.animating()).then(|| (s.moves(), s.by_player())),
            solved_run: at_rest.then(|| (s.moves(), s.by_player())),
            history_stamp: (kept.id, kept.version, kept.cursor),
            busy: s.solver.is_some(),
            searched: s.solver.as_ref().map(|j| j.progress.load(std::sync::atomic::Ordering::Relaxed)),
            can_undo: s.cursor > 0,
            can_redo: s.cursor < s.history.len(),
            // A reverse game is not the level's game: the offer to continue is for the forward one.
            fresh: !self.reversed() && s.history.is_empty(),
            solved: s.current().solved(),
            moving: s.animating() || !s.queue.is_empty(),
        }
    }
    fn can_reverse(&self) -> bool {
        self.reversed() || P::REVERSE && self.levels.get(self.index).is_some_and(|l| l.start.reversed_game().is_some())
    }
    fn facts(&self) -> Facts {
        Facts {
            help: P::HELP,
            puzzle: P::PUZZLE,
            library_extension: P::LIBRARY_EXTENSION,
            can_optimise: P::can_optimise(),
            edit_variants: P::VARIANTS,
            reverse: P::REVERSE,
            actions: P::actions(),
            solve_label: P::solve_label(),
            turns: P::TURNS,
        }
    }
    fn act(&mut self, g: super::play::Gesture, instant: bool) {
        self.session.gesture(g, instant);
    }
    fn command(&mut self, c: super::command::Command, instant: bool) {
        use super::command::Command::*;
        let s = &mut self.session;
        match c {
            Undo => s.undo(),
            Redo => s.redo(),
            UndoPush => s.undo_push(),
            Restart => s.restart(),
            Cancel => s.cancel_solver(),
            PlayPause if s.is_playing() => s.pause(),
            PlayPause => s.play(),
            StepBack => s.step_back(),
            StepForward => s.step_forward(),
            MoveBack => s.step_move_back(),
            MoveForward => s.step_move_forward(instant),
            TimelineStart => s.jump(0),
            TimelineEnd => s.to_end(),
            _ => {}
        }
    }
    fn edit(&self) -> Option<Box<dyn super::edit::Pad>> {
        let title = self.levels.get(self.index).map_or("My level", |l| l.title.as_str());
        let title = if title.ends_with("(edited)") { title.to_string() } else { format!("{title} (edited)") };
        self.session.start.pad(&title)
    }

    fn edit_blank(&self, rows: usize, cols: usize, variant: usize) -> Option<Box<dyn super::edit::Pad>> {
        self.session.start.blank_pad("My level", rows, cols, variant)
    }

    fn test(
        &mut self,
        text: &str,
        title: &str,
        par: Option<usize>,
        par_text: Option<String>,
    ) -> Result<Box<dyn std::any::Any>, String> {
        let start = P::from_level(text, self.session.start.bottom_only().unwrap_or(false))
            .map_err(|e| format!("cannot test: {e}"))?;
        let mut level = Level::new(title, start, par);
        level.par_text = par_text;
        let tested = Tab::new(super::TESTING_PACK, vec![level]);
        Ok(Box::new(std::mem::replace(self, tested)))
    }

    fn untest(&mut self, stash: Box<dyn std::any::Any>) {
        if let Ok(tab) = stash.downcast::<Tab<P>>() {
            self.session.cancel_solver();
            *self = *tab;
        }
    }

    fn open(&mut self, i: usize) {
        Tab::open(self, i)
    }
    fn find_level(&self, text: &str) -> Option<usize> {
        let bottom_only = self.session.start.bottom_only().unwrap_or(false);
        let level = P::from_level(text, bottom_only).ok()?;
        self.levels.iter().position(|l| l.start == level)
    }
    fn content(&self, i: usize) -> Option<u64> {
        self.levels.get(i).map(|l| l.content)
    }
    fn scene(&self) -> crate::scene::Scene {
        self.session.scene()
    }
    fn export(&self, path: &Path, kind: ExportKind) -> std::io::Result<()> {
        let s = &self.session;
        let size = (480, 480);
        if kind == ExportKind::Save {
            let text = self.to_save().write();
            return crate::render::export::write_atomic(path, |w| std::io::Write::write_all(w, text.as_bytes()));
        }
        if kind == ExportKind::Png {
            return export_png(path, s.current(), size);
        }
        let (start, _, steps) = s.run();
        let mode = if kind == ExportKind::GifSmooth { GifMode::Smooth } else { GifMode::Stepwise };
        export_gif(path, &start, &steps, mode, P::PACING, size)
    }
    fn to_save(&self) -> crate::save::Save {
        self.session.to_save(&self.pack)
    }
    fn measure(&self, line: &str) -> Result<(usize, Option<usize>, bool), String> {
        let start = self.levels.get(self.index).map_or(&self.session.start, |l| &l.start);
        let mut s = Session::new("", start.clone(), None);
        s.play_line(line, true)?;
        Ok((s.moves(), P::counts_pushes().then(|| s.pushes()), s.current().solved()))
    }
    fn set_reverse(&mut self, on: bool) {
        if on == self.reversed() {
            return;
        }
        if on {
            let Some(l) = self.levels.get(self.index) else { return };
            let Some(rev) = l.start.reversed_game() else { return };
            self.session.cancel_solver();
            // The reverse game left last on this level comes back as it was.
            let s =
                self.reverse_left.take().unwrap_or_else(|| Session::new(format!("{} (reverse)", l.title), rev, None));
            self.forward_aside = Some(std::mem::replace(&mut self.session, s));
        } else if let Some(f) = self.forward_aside.take() {
            self.session.cancel_solver();
            self.reverse_left = Some(std::mem::replace(&mut self.session, f));
        }
    }
    fn reverse_met(&mut self, instant: bool) -> Option<Result<(usize, usize), String>> {
        let s = &self.session;
        if !(self.reversed() && s.current().solved() && !s.animating() && s.queue.is_empty()) {
            return None;
        }
        // The reverse game's moves since its last restart, from where that run began.
        let n = s.moves();
        let from = s.cursor - n;
        let start = from.checked_sub(1).map_or(s.start.clone(), |i| s.history[i].after().clone());
        let moves = s.moves_made();
        let forward = P::forward_of(&start, &moves, s.current());
        self.set_reverse(false);
        self.reverse_left = None;
        let Some(forward) = forward else {
            return Some(Err("the reverse game's moves give no forward solution".into()));
        };
        let level = self.levels.get(self.index).map(|l| l.start.clone())?;
        let texts = match crate::save::texts_of(&level, &forward) {
            Ok(t) => t,
            Err(e) => return Some(Err(format!("the forward solution does not replay: {e}"))),
        };
        let line = crate::save::moves_line_of(&level, &self.session.title, &texts);
        if let Err(e) = self.session.play_line(&line, instant) {
            return Some(Err(e));
        }
        let pushes = if P::counts_pushes() { self.measure(&line).ok().and_then(|m| m.1).unwrap_or(0) } else { 0 };
        Some(Ok((forward.len(), pushes)))
    }
    fn optimise_job(&self, line: &str, time: std::time::Duration) -> Result<OptimiseJob, String> {
        let start = self.levels.get(self.index).map_or(&self.session.start, |l| &l.start).clone();
        let title = self.session.title.clone();
        let (moves, _) = crate::save::read_line(&start, line)?;
        Ok(Box::new(move |cancel, progress| {
            let (better, words) = start.optimise(&moves, time, cancel, progress)?;
            let line = match better {
                Some(mv) => Some(crate::save::moves_line_of(&start, &title, &crate::save::texts_of(&start, &mv)?)),
                None => None,
            };
            Ok((line, words))
        }))
    }
    fn level_text(&self) -> String {
        let title = self.levels.get(self.index).map_or(self.session.title.as_str(), |l| l.title.as_str());
        self.session.start.level_text(title)
    }
    fn optimise_request(&self, line: &str, time: std::time::Duration) -> Option<String> {
        let start = self.levels.get(self.index).map_or(&self.session.start, |l| &l.start);
        super::work::optimise_request(start, &self.session.title, line, time.as_secs_f32())
    }
    fn export_request(&self, req: &crate::render::frames::Request, measure: bool) -> Option<String> {
        let (start, texts, _) = self.session.line();
        super::work::export_request(&start, &texts, self.session.current(), req, measure)
    }
    fn export_job(&self, req: crate::render::frames::Request) -> ExportJob {
        let (start, texts, steps) = self.session.line();
        let shown = self.session.current().clone();
        Box::new(move |tick| {
            let staged = crate::render::frames::stage_request(
                &req,
                &start,
                || steps.iter().map(|s| s.as_slice()),
                &shown,
                P::PACING,
                &|| texts.clone(),
                tick,
            )?;
            for f in staged {
                f.commit().map_err(|e| crate::render::frames::ExportError::Bad(format!("cannot write: {e}")))?;
            }
            Ok(())
        })
    }
    fn export_plan(&self, req: &crate::render::frames::Request) -> Result<(usize, f32), String> {
        let (start, _, steps) = self.session.line();
        let plan = req.plan(&start, || steps.iter().map(|s| s.as_slice()), P::PACING).map_err(|e| match e {
            crate::render::frames::ExportError::Limit(m) | crate::render::frames::ExportError::Bad(m) => m,
            crate::render::frames::ExportError::Cancelled => "cancelled".into(),
        })?;
        // Seconds: the frames' delays, as the file will hold them.
        let mut cs = 0u64;
        let moves = steps.iter().map(|s| s.as_slice()).skip(plan.skip).take(plan.take);
        let _ = crate::render::frames::walk(&plan.first, moves, plan.mode, plan.pacing, &mut |_, d| {
            cs += d as u64;
            Ok(())
        });
        Ok((plan.frames, cs as f32 / 100.0 + req.hold))
    }
    fn replay(&mut self, moves: &str) -> Result<(), String> {
        // The moves before a bad one are made, then the bad one is said.
        let mut good = Vec::new();
        let read = crate::save::walk_line(self.session.current(), moves, false, &mut |(mv, _, _)| good.push(mv));
        for mv in &good {
            self.session.make_given(mv, true)?;
        }
        read.map(|_| ())
    }
    fn copy_text(&self) -> String {
        let (start, texts, _) = self.session.run();
        crate::save::copy_text(&start, &self.session.title, &texts)
    }
    fn game_id(&self) -> String {
        let (start, texts, _) = self.session.run();
        // The level's par goes with it when the game on screen starts at that level.
        let par = self.levels.get(self.index).filter(|l| l.start == start).and_then(|l| l.par);
        crate::save::GameId::with_par(&start, &self.session.title, par, &texts).to_string()
    }
    fn load(&mut self, save: &crate::save::Save, file: &str) -> Result<(), crate::error::ParseError> {
        let session = Session::<P>::from_save(save)?;
        let content = super::progress::content_hash(&session.start.key_text());
        // A level of this pack played under the other rule (stacks' 17780 switch) is still
        // this pack's level: it opens in its place under the rule saved.
        let ruled = |l: &Level<P>| {
            let on = session.start.bottom_only()?;
            let p = P::from_level(&l.start.level_text(&l.title), on).ok()?;
            Some(super::progress::content_hash(&p.key_text()))
        };
        let same = self.levels.iter().position(|l| l.content == content);
        let other_rule = || self.levels.iter().position(|l| ruled(l) == Some(content));
        match same.or_else(other_rule) {
            Some(i) if self.pack == save.pack => {
                let l = &mut self.levels[i];
                if l.content != content {
                    (l.start, l.content, l.title) = (session.start.clone(), content, save.title.clone());
                }
                self.open(i);
            }
            _ => {
                *self = Tab::new(file, vec![Level::new(save.title.clone(), session.start.clone(), save.par)]);
            }
        }
        self.session = session;
        Ok(())
    }
    fn mark_given(&mut self) {
        self.session.mark_given();
    }
    fn solution_line(&self) -> String {
        let (start, texts, _) = self.session.run();
        crate::save::moves_line_of(&start, &self.session.title, &texts)
    }
    fn play_line(&mut self, line: &str, instant: bool) -> Result<(), String> {
        self.session.play_line(line, instant)
    }
    fn play_given_line(&mut self, line: &str, instant: bool) -> Result<(), String> {
        self.session.play_given_line(line, instant)
    }
    fn line_save(&self, line: &str) -> Result<String, String> {
        let l = self.levels.get(self.index).ok_or("no level")?;
        let mut s = Session::new(l.title.clone(), l.start.clone(), l.par);
        s.play_line(line, true)?;
        Ok(s.to_save(&self.pack).write())
    }
    fn solved_by(&self, save: &crate::save::Save) -> Option<(u64, usize, String)> {
        let s = Session::<P>::from_save(save).ok()?;
        if !(s.current().solved() && s.moves() > 0 && s.by_player()) {
            return None;
        }
        let (start, texts, _) = s.run();
        let content = super::progress::content_hash(&s.start.key_text());
        Some((content, texts.len(), crate::save::moves_line_of(&start, &s.title, &texts)))
    }
    fn solve(&mut self, hint_only: bool, repaint: Box<dyn Fn() + Send + 'static>) {
        if self.session.solver.is_none() {
            self.session.start_solver(hint_only, repaint);
        }
    }
    fn take_left(&mut self) -> Option<(u64, String)> {
        self.left.take()
    }
    fn kept(&self) -> Option<(u64, String)> {
        Tab::kept(self)
    }
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut super::ui::Shared<'_>) -> super::ui::Asked {
        super::ui::game_ui(ui, self, shared)
    }
}
