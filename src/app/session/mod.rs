//! A game's midend (Tatham's `midend.c` is the model): one level being played, with its
//! history and undo, redo and restart (itself undoable), the animation clock of the move on
//! screen (a view of its steps), jumps and play along the whole history, breakpoints,
//! solution playback, save files (serialisation) and the solver job. The window calls
//! [`Session::frame`] once a frame and draws what the session holds; it owns none of this.
//!
//! `timeline` is the debugger's timeline (jumps, stepping across moves, play and loop),
//! `debug` the debugger's views of the history (a cell's history, the copied trace and test),
//! `solver` the solver thread; this file the history itself.

mod debug;
mod solver;
mod timeline;

pub use debug::{DebugView, Touch};
pub use solver::SolverJob;

use crate::anim::{Pacing, Timeline};
use crate::app::play::{Break, Gesture, Playable};
use crate::grid::Pos;
use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

static SEQ: AtomicU64 = AtomicU64::new(1);

/// One frame's input to a game's midend ([`Session::frame`]).
#[derive(Debug, Clone, Default)]
pub struct Frame {
    /// Seconds since the last frame, speed applied.
    pub dt: f32,
    /// Animations skipped: every move lands at once.
    pub instant: bool,
    /// The player's keys and typed notation, in order.
    pub gestures: Vec<Gesture>,
    /// View › Warn when unsolvable is on.
    pub warn: bool,
}

/// A number that grows with every message said, app-wide: which of two messages is newer.
pub fn next_seq() -> u64 {
    SEQ.fetch_add(1, Ordering::Relaxed)
}

/// What the timeline marks on a move: its steps' notable events, once each.
fn marks_of<P: Playable>(before: &P, steps: &[P::Step]) -> Vec<crate::app::play::Event> {
    let mut marks = Vec::new();
    let mut state = before.clone();
    for st in steps {
        for e in state.events(st) {
            if e.marked() && !marks.contains(&e) {
                marks.push(e);
            }
        }
        state = state.after(st);
    }
    marks
}

/// One entry of the history.
#[derive(Debug, Clone)]
pub enum Entry<P: Playable> {
    /// A move; `given` when the solver's playback made it. Moves of one gesture (a click
    /// that walks several cells) share a nonzero `group`, and undo takes them back together.
    Move {
        mv: P::Move,
        text: String,
        steps: Vec<P::Step>,
        before: P,
        after: P,
        given: bool,
        group: u64,
        /// What the timeline marks on this move ([`crate::app::play::Event::marked`]).
        marks: Vec<crate::app::play::Event>,
    },
    Restart {
        after: P,
    },
}

impl<P: Playable> Entry<P> {
    pub fn after(&self) -> &P {
        match self {
            Entry::Move { after, .. } | Entry::Restart { after } => after,
        }
    }
}

/// The latest move's animation and the debugger's position in it.
pub struct Playback<P: Playable> {
    pub timeline: Timeline<P>,
    pub time: f32,
    pub paused: bool,
    /// The step the debugger stopped on (steps that animate together in one phase are each
    /// reachable this way); cleared when playback resumes.
    pub focus: Option<usize>,
}

/// A game's midend: generic over the game, so everything here is written once for every game.
pub struct Session<P: Playable> {
    /// A number no other session of this run shares (what counts attempts).
    pub id: u64,
    pub title: String,
    /// The best known move count (par) for the level, when known.
    pub par: Option<usize>,
    pub start: P,
    pub history: Vec<Entry<P>>,
    /// How many history entries are in effect.
    pub cursor: usize,
    pub playback: Option<Playback<P>>,
    pub selected: Option<Pos>,
    /// The keyboard cursor roams over the blocks rather than holding the selected one (Vexed).
    pub roaming: bool,
    /// The history (cursor, length) last checked for a dead end (View › Warn when unsolvable).
    pub checked: Option<(usize, usize)>,
    /// Moves waiting for the animation before them, with their gesture's group.
    pub queue: VecDeque<(P::Move, u64)>,
    /// The queued moves are a solver's solution being played (a move by the player stops it).
    pub queue_given: bool,
    pub solver: Option<SolverJob<P>>,
    pub message: Option<String>,
    /// When the message was said ([`next_seq`]): the status bar shows the newest message.
    pub message_seq: u64,
    /// The hint's move, for drawing on the board (until the position changes).
    pub hint: Option<P::Move>,
    /// The hint's moves as the board shows them ([`Playable::hint_len`]: Sokoban's next push).
    pub hint_line: Vec<P::Move>,
    /// The message that said the hint (cleared with it).
    hint_seq: u64,
    /// Whether the solver played moves of this session (a solve it showed is not the player's).
    pub solver_played: bool,
    /// The debugger plays the history forward (the timeline's play button).
    pub playing: bool,
    /// A stretch of the timeline, as two cursor positions `a < b` (the state after `a` entries
    /// to the state after `b`): what Loop repeats.
    pub range: Option<(usize, usize)>,
    /// Play the range (or the whole history) over and over.
    pub looping: bool,
    /// Where "run until" stops playback (solver playback, stacks' run, the timeline's play).
    pub breaks: Vec<Break>,
    /// Queued moves wait: playback stopped at a breakpoint, or was paused.
    pub queue_paused: bool,
    /// Grows whenever the history changes (what the debugger's caches are keyed on).
    pub version: u64,
    /// The debugger's filters and inspector.
    pub debug: DebugView,
}

/// The most moves one frame makes (a frame long enough for more, or instant moves, leaves
/// the rest to the next frame).
const MOVES_A_FRAME: usize = 256;

impl<P: Playable> Session<P> {
    pub fn new(title: impl Into<String>, start: P, par: Option<usize>) -> Self {
        Session {
            id: next_seq(),
            title: title.into(),
            par,
            start,
            history: Vec::new(),
            cursor: 0,
            playback: None,
            selected: None,
            roaming: false,
            checked: None,
            queue: VecDeque::new(),
            queue_given: false,
            solver: None,
            message: None,
            // A new session on screen makes older messages stale (as opening a level does).
            message_seq: next_seq(),
            hint: None,
            hint_line: Vec::new(),
            hint_seq: 0,
            solver_played: false,
            playing: false,
            range: None,
            looping: false,
            breaks: Vec::new(),
            queue_paused: false,
            version: 0,
            debug: DebugView::default(),
        }
    }

    /// Sets the session's message (the newest one the status bar shows, on this game's tab).
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(text.into());
        self.message_seq = next_seq();
    }

    /// Makes every message before now stale, the app's too (the status bar shows none older):
    /// the game moved on (a move, an undo, a redo, a restart, another level).
    pub fn silence(&mut self) {
        self.message = None;
        self.message_seq = next_seq();
    }

    pub fn current(&self) -> &P {
        self.cursor.checked_sub(1).map_or(&self.start, |i| self.history[i].after())
    }

    /// Moves made since the last restart (what the status bar counts).
    pub fn moves(&self) -> usize {
        self.cursor.checked_sub(1).map_or(0, |e| self.move_number(e))
    }

    /// The number the status bar gives history entry `e`: its place among the moves since the
    /// restart before it (0 for a restart). The timeline and the inspector number moves so.
    pub fn move_number(&self, e: usize) -> usize {
        self.history[..=e].iter().rev().take_while(|x| matches!(x, Entry::Move { .. })).count()
    }

    /// The moves since the last restart, in order.
    pub fn moves_made(&self) -> Vec<P::Move> {
        let n = self.moves();
        self.history[self.cursor - n..self.cursor]
            .iter()
            .filter_map(|e| match e {
                Entry::Move { mv, .. } => Some(mv.clone()),
                _ => None,
            })
            .collect()
    }

    /// The pushes among the moves since the last restart (the games that count them).
    pub fn pushes(&self) -> usize {
        let n = self.moves();
        self.history[self.cursor - n..self.cursor]
            .iter()
            .filter(|e| matches!(e, Entry::Move { steps, .. } if steps.iter().any(P::is_push)))
            .count()
    }

    /// The moves since the last restart: the state they start from, their texts and steps.
    pub fn run(&self) -> (P, Vec<String>, Vec<Vec<P::Step>>) {
        self.run_to(self.cursor)
    }

    /// The history entry where the timeline's line ends: the moves after the cursor up to the
    /// next restart (those undone, or passed over by playback) belong to it.
    pub fn line_end(&self) -> usize {
        self.cursor + self.history[self.cursor..].iter().take_while(|e| matches!(e, Entry::Move { .. })).count()
    }

    /// The line the timeline shows, from the restart before the cursor to the next one, undone
    /// moves included: what an export animates, the same wherever playback or undo put the
    /// cursor.
    pub fn line(&self) -> (P, Vec<String>, Vec<Vec<P::Step>>) {
        self.run_to(self.line_end())
    }

    fn run_to(&self, end: usize) -> (P, Vec<String>, Vec<Vec<P::Step>>) {
        let from = self.cursor - self.moves();
        let start = from.checked_sub(1).map_or(self.start.clone(), |i| self.history[i].after().clone());
        let (mut texts, mut steps) = (Vec::new(), Vec::new());
        for e in &self.history[from..end] {
            if let Entry::Move { text, steps: s, .. } = e {
                texts.push(text.clone());
                steps.push(s.clone());
            }
        }
        (start, texts, steps)
    }

    fn push(&mut self, e: Entry<P>) {
        self.history.truncate(self.cursor);
        self.history.push(e);
        self.cursor += 1;
        self.version += 1;
        if self.range.is_some_and(|(_, b)| b > self.history.len()) {
            self.range = None;
        }
        self.position_changed();
    }

    /// The position on screen changed: a search for the old one is cancelled (its answer would
    /// be for a position that is gone), and its hint no longer applies.
    fn position_changed(&mut self) {
        self.hint_line.clear();
        if self.hint.take().is_some() && self.message_seq == self.hint_seq {
            // The hint's words were about the position that is gone.
            self.message = None;
        }
        if let Some(j) = self.solver.take() {
            j.cancel.store(true, Ordering::Relaxed);
            self.say("search cancelled: the position changed (Solve or Hint again for this one)");
        }
    }

    /// Makes a move, animated unless `instant`.
    pub fn make(&mut self, mv: &P::Move, instant: bool) -> Result<(), String> {
        self.make_as(mv, instant, false, 0).map(|_| ())
    }

    /// Makes a move that arrived from outside (a paste, a game ID, a file): shown and replayed
    /// like any, but not the player's own (a level it solves is not marked solved by them).
    pub fn make_given(&mut self, mv: &P::Move, instant: bool) -> Result<(), String> {
        self.make_as(mv, instant, true, 0).map(|_| ())
    }

    /// Marks every move of the history as not the player's (a save opened from a file).
    pub fn mark_given(&mut self) {
        for e in &mut self.history {
            if let Entry::Move { given, .. } = e {
                *given = true;
            }
        }
    }

    /// Whether the moves since the last restart are all the player's own.
    pub fn by_player(&self) -> bool {
        let n = self.moves();
        !self.history[self.cursor - n..self.cursor].iter().any(|e| matches!(e, Entry::Move { given: true, .. }))
    }

    /// Makes a move; a solver's move (or a queued one) may stop at a breakpoint: then the
    /// playback pauses on the step that met it, the queue waits, and this returns `true`.
    fn make_as(&mut self, mv: &P::Move, instant: bool, given: bool, group: u64) -> Result<bool, String> {
        // A failed attempt (a shubbles box whose stot could not move) ends there: play goes
        // on only from an earlier position.
        if let Some((_, _, steps)) = self.last_move()
            && steps.iter().any(P::is_failure)
        {
            return Err("the attempt has failed: undo or restart to go on".into());
        }
        let before = self.current().clone();
        let text = before.move_text(mv);
        let (after, steps) = before.play(mv)?;
        self.playback = (!instant && !steps.is_empty()).then(|| Playback {
            timeline: Timeline::new(
                &before,
                std::slice::from_ref(&steps),
                Pacing { hold_start: 0.0, hold_end: 0.0, min_move: 0.0, speed: 1.0 },
            ),
            time: 0.0,
            paused: false,
            focus: None,
        });
        let marks = marks_of(&before, &steps);
        // The selection follows what it holds (a Vexed block that slid and fell).
        let followed = self.selected.and_then(|p| before.follow(p, &steps));
        self.push(Entry::Move { mv: mv.clone(), text, steps, before, after, given, group, marks });
        if let Some(p) = self.selected
            && !self.current().selectable(p)
        {
            self.selected = followed.filter(|&q| self.current().selectable(q));
        }
        Ok(given && self.stop_at_break(self.cursor - 1))
    }

    /// The first step of history entry `i` that meets a breakpoint, and which one: a step's
    /// event, or (on the last step) the level solved or proven unsolvable after it.
    pub fn break_in(&self, i: usize) -> Option<(usize, Break)> {
        let Some(Entry::Move { before, steps, after, .. }) = self.history.get(i) else { return None };
        if self.breaks.is_empty() {
            return None;
        }
        let mut state = before.clone();
        for (k, st) in steps.iter().enumerate() {
            for e in state.events(st) {
                if let Some(b) = self.breaks.iter().find(|b| b.hit_by(e)) {
                    return Some((k, *b));
                }
            }
            state = state.after(st);
        }
        let last = steps.len().saturating_sub(1);
        let solved_before = before.solved();
        if !solved_before && after.solved() && self.breaks.contains(&Break::Solved) {
            return Some((last, Break::Solved));
        }
        if self.breaks.contains(&Break::Unsolvable) && before.unsolvable().is_none() && after.unsolvable().is_some() {
            return Some((last, Break::Unsolvable));
        }
        None
    }

    /// Stops playback at entry `i`'s breakpoint, if it has one (the entry is the latest in
    /// effect): the step is shown, playing and the queue stop. Returns whether it stopped.
    fn stop_at_break(&mut self, i: usize) -> bool {
        let Some((k, b)) = self.break_in(i) else { return false };
        self.playing = false;
        self.queue_paused = !self.queue.is_empty() || self.queue_given;
        let why = match b {
            Break::Unsolvable => self.current().unsolvable().map(|w| format!(": {w}")).unwrap_or_default(),
            _ => String::new(),
        };
        self.seek_step(k);
        self.say(format!("breakpoint: {} at move {}, step {}{why} (play goes on)", b.label(), self.moves(), k + 1));
        true
    }

    /// Stops a solution being played back (the moves already made stay).
    fn stop_solution(&mut self) {
        if self.queue_given && !self.queue.is_empty() {
            self.queue.clear();
            self.say("solution stopped: you moved");
        }
        self.queue_given = false;
    }

    fn group_of(&self, i: usize) -> u64 {
        match &self.history[i] {
            Entry::Move { group, .. } => *group,
            Entry::Restart { .. } => 0,
        }
    }

    /// Takes back the last move, or the whole gesture it belonged to.
    pub fn undo(&mut self) {
        if self.cursor > 0 {
            let g = self.group_of(self.cursor - 1);
            self.cursor -= 1;
            while g != 0 && self.cursor > 0 && self.group_of(self.cursor - 1) == g {
                self.cursor -= 1;
            }
            self.playback = None;
            self.queue.clear();
            self.silence();
            self.position_changed();
        }
    }

    /// Takes back the moves since the last push and that push (Sokoban's "undo to the last
    /// push"): the box goes back and the player stands where they pushed from. Never past a
    /// restart; with no push since it, says so and changes nothing.
    pub fn undo_push(&mut self) {
        let run = self.cursor - self.moves();
        let last = (run..self.cursor)
            .rev()
            .find(|&i| matches!(&self.history[i], Entry::Move { steps, .. } if steps.iter().any(P::is_push)));
        let Some(i) = last else {
            self.say("no push to take back since the start (or the last restart)");
            return;
        };
        self.cursor = i;
        self.playback = None;
        self.queue.clear();
        self.silence();
        self.position_changed();
    }

    pub fn redo(&mut self) {
        if self.cursor < self.history.len() {
            let g = self.group_of(self.cursor);
            self.cursor += 1;
            while g != 0 && self.cursor < self.history.len() && self.group_of(self.cursor) == g {
                self.cursor += 1;
            }
            self.playback = None;
            self.queue.clear();
            self.silence();
            self.position_changed();
        }
    }

    /// Plays a line of moves (in the game's notation) from the level's start, after a restart
    /// (so undo brings back what was on screen): queued and animated, or at once. The whole
    /// line is checked against the rules first; a move that cannot be made changes nothing.
    pub fn play_line(&mut self, line: &str, instant: bool) -> Result<(), String> {
        self.play_line_as(line, instant, false)
    }

    /// [`Session::play_line`] for a line that is not the player's own (the solver's, the
    /// optimiser's, a file's): shown and replayed like any, but a level it solves is not
    /// marked solved by the player (as [`Session::make_given`]).
    pub fn play_given_line(&mut self, line: &str, instant: bool) -> Result<(), String> {
        self.play_line_as(line, instant, true)
    }

    fn play_line_as(&mut self, line: &str, instant: bool, given: bool) -> Result<(), String> {
        let (moves, _) = crate::save::read_line(&self.start, line)?;
        self.cancel_solver();
        self.stop_solution();
        self.playing = false;
        self.queue_paused = false;
        self.restart();
        // A line played from the start: what was said of the game before is stale (the
        // optimiser's figures stayed through a replay of the best).
        self.silence();
        if !instant {
            self.queue.extend(moves.into_iter().map(|m| (m, 0)));
            self.queue_given = given;
        } else {
            for mv in &moves {
                self.make_as(mv, true, given, 0)?;
            }
        }
        Ok(())
    }

    pub fn restart(&mut self) {
        if self.cursor > 0 {
            self.queue.clear();
            self.playback = None;
            self.silence();
            self.push(Entry::Restart { after: self.start.clone() });
        }
    }

    pub fn animating(&self) -> bool {
        self.playback.as_ref().is_some_and(|p| !p.paused && p.time < p.timeline.total)
    }

    /// The midend's one entry point per frame (Tatham's `midend_timer` and
    /// `midend_process_key` in one): the solver's answer taken in, time advanced, the player's
    /// keys and typed moves made, and (View › Warn when unsolvable) a position at rest checked
    /// once. Returns whether anything was still moving before the keys.
    pub fn frame(&mut self, input: &Frame) -> bool {
        self.poll_solver(input.instant);
        let moving = self.tick(if input.instant { 1e6 } else { input.dt }, input.instant);
        for g in &input.gestures {
            self.gesture(*g, input.instant);
        }
        // Once the history moves and the board is at rest, the position on screen is checked
        // (the game's proof, bounded), and a dead end is said.
        if input.warn
            && !self.animating()
            && self.queue.is_empty()
            && self.checked != Some((self.cursor, self.history.len()))
        {
            self.checked = Some((self.cursor, self.history.len()));
            if self.cursor > 0
                && let Some(why) = self.current().unsolvable()
            {
                self.say(format!("this position can no longer be solved: {why} (undo goes back)"));
            }
        }
        moving
    }

    /// Advances time by `dt` seconds (already scaled by speed); starts queued moves (and the
    /// timeline's next ones while it plays). Time follows the clock at any frame rate: what is
    /// left of `dt` when a move ends goes to the next, so a slow frame drops frames, never
    /// slows the game. Returns whether anything is still moving.
    pub fn tick(&mut self, dt: f32, instant: bool) -> bool {
        let mut left = dt;
        // Bounded: a frame makes at most this many moves (instant ones take no time).
        for _ in 0..MOVES_A_FRAME {
            if let Some(p) = &mut self.playback
                && !p.paused
            {
                let used = left.min((p.timeline.total - p.time).max(0.0));
                p.time += used;
                left -= used;
            }
            let before = (self.cursor, self.history.len(), self.version);
            self.next_move(instant);
            let started = before != (self.cursor, self.history.len(), self.version);
            if !started || left <= 0.0 {
                break;
            }
        }
        self.animating() || !self.queue.is_empty() && !self.queue_paused || self.playing
    }

    /// Once a move is over: the queue's next move, or the timeline's while it plays.
    fn next_move(&mut self, instant: bool) {
        if !self.animating()
            && !self.queue_paused
            && let Some((mv, group)) = self.queue.pop_front()
            && let Err(e) = self.make_as(&mv, instant, self.queue_given, group)
        {
            self.say(e);
            self.queue.clear();
        }
        if self.playing && !self.animating() && self.queue.is_empty() {
            let (a, b) = self.play_range();
            if self.cursor < b {
                self.forward_move(instant);
                self.stop_at_break(self.cursor - 1);
            } else if self.looping && a < b {
                self.jump(a);
                self.playing = true;
            } else {
                self.playing = false;
            }
        }
    }

    /// The session as a save file: the level (its start), the whole history and the cursor.
    pub fn to_save(&self, pack: &str) -> crate::save::Save {
        let history = self
            .history
            .iter()
            .map(|e| match e {
                Entry::Move { text, given, group, .. } => {
                    crate::save::Entry::Move { text: text.as_str().into(), given: *given, group: *group, line: 0 }
                }
                Entry::Restart { .. } => crate::save::Entry::Restart,
            })
            .collect();
        crate::save::Save {
            game: P::GAME.to_string(),
            title: self.title.clone(),
            pack: pack.to_string(),
            par: self.par,
            bottom_only: self.start.bottom_only() == Some(true),
            level: self.start.level_text(&self.title),
            level_line: 0,
            history,
            cursor: self.cursor,
            found: Vec::new(),
            snapshots: Vec::new(),
        }
    }

    /// A session from a save file: its level read by the game's parser and every move of its
    /// history replayed through the rules. A message names the file's line.
    pub fn from_save(save: &crate::save::Save) -> Result<Session<P>, crate::error::ParseError> {
        use crate::save::Replayed;
        let (start, entries) = crate::save::replay::<P>(save)?;
        let mut s = Session::new(save.title.clone(), start, save.par);
        // Groups get numbers of this run, so they never meet a live gesture's.
        let mut groups = std::collections::HashMap::new();
        for e in entries {
            s.history.push(match e {
                Replayed::Move { mv, text, before, after, steps, given, group } => {
                    let group = if group == 0 { 0 } else { *groups.entry(group).or_insert_with(next_seq) };
                    let marks = marks_of(&before, &steps);
                    Entry::Move { mv, text, steps, before, after, given, group, marks }
                }
                Replayed::Restart => Entry::Restart { after: s.start.clone() },
            });
        }
        s.cursor = save.cursor;
        s.solver_played = save.history.iter().any(|e| matches!(e, crate::save::Entry::Move { given: true, .. }));
        s.version += 1;
        Ok(s)
    }

    pub fn gesture(&mut self, g: Gesture, instant: bool) {
        // Before the first move a click may place the player elsewhere (reverse mode).
        if self.history.is_empty()
            && let Gesture::Click(p) = g
            && let Some(start) = self.start.relocate(p)
        {
            self.start = start;
            self.version += 1;
            return;
        }
        let before = self.selected;
        let mut sel = crate::app::play::Selection { at: self.selected, roaming: self.roaming };
        let moves = self.current().gesture(g, &mut sel);
        (self.selected, self.roaming) = (sel.at, sel.roaming);
        if moves.is_empty()
            && let Some(why) = self.current().no_moves_why(g, before)
        {
            self.say(why);
            return;
        }
        if !moves.is_empty() {
            // A move makes every message before it stale, the app's ("opened …") too.
            self.silence();
            self.stop_solution();
            self.playing = false;
            self.queue_paused = false;
        }
        let group = if moves.len() > 1 { next_seq() } else { 0 };
        let mut moves = moves.into_iter();
        if let Some(first) = moves.next() {
            if self.animating() {
                self.queue.push_back((first, group));
            } else if let Err(e) = self.make_as(&first, instant, false, group) {
                self.say(e);
                return;
            }
            self.queue.extend(moves.map(|m| (m, group)));
        }
    }
}
