//! One level being played: history with undo, redo and restart (itself undoable), the
//! animation of the move on screen (a view of its steps), jumps and play along the whole history,
//! breakpoints, solution playback, save files and the solver thread.

use super::play::{Answer, Break, Gesture, Playable};
use crate::anim::{Pacing, Timeline};
use crate::grid::Pos;
use crate::scene::Scene;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

static SEQ: AtomicU64 = AtomicU64::new(1);

/// A number that grows with every message said, app-wide: which of two messages is newer.
pub fn next_seq() -> u64 {
    SEQ.fetch_add(1, Ordering::Relaxed)
}

/// What the timeline marks on a move: its steps' notable events, once each.
fn marks_of<P: Playable>(before: &P, steps: &[P::Step]) -> Vec<super::play::Event> {
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
    /// A move; `by_solver` when the solver's playback made it. Moves of one gesture (a click
    /// that walks several cells) share a nonzero `group`, and undo takes them back together.
    Move {
        mv: P::Move,
        text: String,
        steps: Vec<P::Step>,
        before: P,
        after: P,
        by_solver: bool,
        group: u64,
        /// What the timeline marks on this move ([`super::play::Event::marked`]).
        marks: Vec<super::play::Event>,
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

/// A solver running on another thread.
pub struct SolverJob<P: Playable> {
    pub cancel: Arc<AtomicBool>,
    pub progress: Arc<AtomicUsize>,
    pub result: mpsc::Receiver<Result<Answer<P::Move>, String>>,
    /// Play the answer (solve) or only report its first move (hint).
    pub hint_only: bool,
    /// The position searched: an answer is used only while it is still on screen.
    pub from: P,
}

pub struct Session<P: Playable> {
    pub title: String,
    /// The best known move count (par) for the level, when known.
    pub par: Option<usize>,
    pub start: P,
    pub history: Vec<Entry<P>>,
    /// How many history entries are in effect.
    pub cursor: usize,
    pub playback: Option<Playback<P>>,
    pub selected: Option<Pos>,
    /// Moves waiting for the animation before them, with their gesture's group.
    pub queue: VecDeque<(P::Move, u64)>,
    /// The queued moves are a solver's solution being played (a move by the player stops it).
    pub queue_from_solver: bool,
    pub solver: Option<SolverJob<P>>,
    pub message: Option<String>,
    /// When the message was said ([`next_seq`]): the status bar shows the newest message.
    pub message_seq: u64,
    /// The hint's move, for drawing on the board (until the position changes).
    pub hint: Option<P::Move>,
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

impl<P: Playable> Session<P> {
    pub fn new(title: impl Into<String>, start: P, par: Option<usize>) -> Self {
        Session {
            title: title.into(),
            par,
            start,
            history: Vec::new(),
            cursor: 0,
            playback: None,
            selected: None,
            queue: VecDeque::new(),
            queue_from_solver: false,
            solver: None,
            message: None,
            message_seq: 0,
            hint: None,
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

    pub fn current(&self) -> &P {
        self.cursor.checked_sub(1).map_or(&self.start, |i| self.history[i].after())
    }

    /// Moves made since the last restart (what the status bar counts).
    pub fn moves(&self) -> usize {
        self.history[..self.cursor].iter().rev().take_while(|e| matches!(e, Entry::Move { .. })).count()
    }

    /// The moves since the last restart: the state they start from, their texts and steps.
    pub fn run(&self) -> (P, Vec<String>, Vec<Vec<P::Step>>) {
        let n = self.moves();
        let from = self.cursor - n;
        let start = from.checked_sub(1).map_or(self.start.clone(), |i| self.history[i].after().clone());
        let (mut texts, mut steps) = (Vec::new(), Vec::new());
        for e in &self.history[from..self.cursor] {
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

    /// Whether the moves since the last restart are all the player's own.
    pub fn by_player(&self) -> bool {
        let n = self.moves();
        !self.history[self.cursor - n..self.cursor].iter().any(|e| matches!(e, Entry::Move { by_solver: true, .. }))
    }

    /// Makes a move; a solver's move (or a queued one) may stop at a breakpoint: then the
    /// playback pauses on the step that met it, the queue waits, and this returns `true`.
    fn make_as(&mut self, mv: &P::Move, instant: bool, by_solver: bool, group: u64) -> Result<bool, String> {
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
        self.push(Entry::Move { mv: mv.clone(), text, steps, before, after, by_solver, group, marks });
        if let Some(p) = self.selected
            && !self.current().selectable(p)
        {
            self.selected = None;
        }
        Ok(by_solver && self.stop_at_break(self.cursor - 1))
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
        self.queue_paused = !self.queue.is_empty() || self.queue_from_solver;
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
        if self.queue_from_solver && !self.queue.is_empty() {
            self.queue.clear();
            self.say("solution stopped: you moved");
        }
        self.queue_from_solver = false;
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
            self.position_changed();
        }
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
            self.position_changed();
        }
    }

    /// Plays a line of moves (in the game's notation) from the level's start, after a restart
    /// (so undo brings back what was on screen): queued and animated, or at once. The whole
    /// line is checked against the rules first; a move that cannot be made changes nothing.
    pub fn play_line(&mut self, line: &str, animate: bool) -> Result<(), String> {
        let mut here = self.start.clone();
        let mut moves = Vec::new();
        for (k, text) in P::split_moves(line)?.iter().enumerate() {
            let mv = here.parse_move(text).map_err(|e| format!("move {} {text}: {e}", k + 1))?;
            here = here.play(&mv).map_err(|e| format!("move {} {text}: {e}", k + 1))?.0;
            moves.push(mv);
        }
        self.cancel_solver();
        self.stop_solution();
        self.playing = false;
        self.queue_paused = false;
        self.restart();
        if animate {
            self.queue.extend(moves.into_iter().map(|m| (m, 0)));
        } else {
            for mv in &moves {
                self.make(mv, true)?;
            }
        }
        Ok(())
    }

    pub fn restart(&mut self) {
        if self.cursor > 0 {
            self.queue.clear();
            self.playback = None;
            self.push(Entry::Restart { after: self.start.clone() });
        }
    }

    pub fn animating(&self) -> bool {
        self.playback.as_ref().is_some_and(|p| !p.paused && p.time < p.timeline.total)
    }

    /// Advances time by `dt` seconds (already scaled by speed); starts queued moves.
    /// Returns whether anything is still moving.
    pub fn tick(&mut self, dt: f32, instant: bool) -> bool {
        if let Some(p) = &mut self.playback
            && !p.paused
        {
            p.time = (p.time + dt).min(p.timeline.total);
        }
        if !self.animating()
            && !self.queue_paused
            && let Some((mv, group)) = self.queue.pop_front()
            && let Err(e) = self.make_as(&mv, instant, self.queue_from_solver, group)
        {
            self.say(e);
            self.queue.clear();
        }
        if self.playing && !self.animating() && self.queue.is_empty() {
            let (a, b) = self.play_range();
            if self.cursor < b {
                self.forward_move(!instant);
                self.stop_at_break(self.cursor - 1);
            } else if self.looping && a < b {
                self.jump(a);
                self.playing = true;
            } else {
                self.playing = false;
            }
        }
        self.animating() || !self.queue.is_empty() && !self.queue_paused || self.playing
    }

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

    /// A Rust test (for this crate's `tests/`) that traces the moves since the last restart
    /// on the command line and expects exactly the steps the debugger lists.
    pub fn trace_test(&self) -> String {
        let (start, texts, _) = self.run();
        let input = start.trace_input(&self.title, &texts);
        let expected: String = self.trace_lines().iter().map(|l| format!("{l}\n")).collect();
        let name = super::slug_by(&self.title, '_');
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

    /// The session as a save file: the level (its start), the whole history and the cursor.
    pub fn to_save(&self, pack: &str) -> crate::save::Save {
        let history = self
            .history
            .iter()
            .map(|e| match e {
                Entry::Move { text, by_solver, group, .. } => {
                    crate::save::Entry::Move { text: text.as_str().into(), solver: *by_solver, group: *group, line: 0 }
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
                Replayed::Move { mv, text, before, after, steps, solver, group } => {
                    let group = if group == 0 { 0 } else { *groups.entry(group).or_insert_with(next_seq) };
                    let marks = marks_of(&before, &steps);
                    Entry::Move { mv, text, steps, before, after, by_solver: solver, group, marks }
                }
                Replayed::Restart => Entry::Restart { after: s.start.clone() },
            });
        }
        s.cursor = save.cursor;
        s.solver_played = save.history.iter().any(|e| matches!(e, crate::save::Entry::Move { solver: true, .. }));
        s.version += 1;
        Ok(s)
    }

    /// What play and loop cover: the selected range, or the whole history.
    pub fn play_range(&self) -> (usize, usize) {
        self.range.unwrap_or((0, self.history.len()))
    }

    /// Shows the state after the first `cursor` entries of the history (a jump on the
    /// timeline). Nothing is dropped: the later moves stay, as after an undo, until a new move
    /// is made from here.
    pub fn jump(&mut self, cursor: usize) {
        let c = cursor.min(self.history.len());
        self.playing = false;
        self.queue.clear();
        self.queue_paused = false;
        self.queue_from_solver = false;
        self.playback = None;
        if c != self.cursor {
            self.cursor = c;
            self.position_changed();
            if let Some(p) = self.selected
                && !self.current().selectable(p)
            {
                self.selected = None;
            }
        }
    }

    /// One history entry on (a move made again, animated when `animate`).
    fn forward_move(&mut self, animate: bool) {
        if self.cursor >= self.history.len() {
            return;
        }
        self.cursor += 1;
        self.position_changed();
        self.playback = match &self.history[self.cursor - 1] {
            Entry::Move { before, steps, .. } if animate && !steps.is_empty() => Some(Playback {
                timeline: Timeline::new(
                    before,
                    std::slice::from_ref(steps),
                    Pacing { hold_start: 0.0, hold_end: 0.0, min_move: 0.0, speed: 1.0 },
                ),
                time: 0.0,
                paused: false,
                focus: None,
            }),
            _ => None,
        };
    }

    /// The debugger's "move >": the next move of the history, animated.
    pub fn step_move_forward(&mut self, animate: bool) {
        self.playing = false;
        self.forward_move(animate);
    }

    /// The debugger's "< move": the state before the latest move.
    pub fn step_move_back(&mut self) {
        if self.cursor > 0 {
            self.jump(self.cursor - 1);
        }
    }

    /// The debugger's "step >": the next physical step, on into the next move of the history.
    pub fn step_forward(&mut self) {
        self.playing = false;
        let n = self.last_move().map_or(0, |(_, _, s)| s.len());
        let at = self.step_at().filter(|_| self.playback.as_ref().is_some_and(|p| p.focus.is_some() || p.paused));
        match at {
            Some(k) if k + 1 < n => self.seek_step(k + 1),
            _ if self.cursor < self.history.len() => {
                self.forward_move(false);
                if self.last_move().is_some_and(|(_, _, s)| !s.is_empty()) {
                    self.seek_step(0);
                }
            }
            _ => {}
        }
    }

    /// The debugger's "< step": the previous physical step, back across the start of a move
    /// into the one before it (the state before a move's first step is the one after the
    /// previous move's last).
    pub fn step_back(&mut self) {
        self.playing = false;
        let n = self.last_move().map_or(0, |(_, _, s)| s.len());
        // At rest after a move is its last step shown.
        let at = self.step_at().filter(|_| self.playback.as_ref().is_some_and(|p| p.focus.is_some() || p.paused));
        let k = at.unwrap_or(n.saturating_sub(1));
        if n > 0 && k > 0 {
            self.seek_step(k - 1);
        } else if self.cursor > 0 {
            self.jump(self.cursor - 1);
            if let Some((_, _, s)) = self.last_move()
                && !s.is_empty()
            {
                let last = s.len() - 1;
                self.seek_step(last);
            }
        }
    }

    /// The debugger's play: the history from here (from the start of the range when at its
    /// end), resuming a paused move or a solution stopped at a breakpoint.
    pub fn play(&mut self) {
        if self.queue_paused {
            self.queue_paused = false;
        }
        if let Some(p) = &mut self.playback
            && (p.paused || p.focus.is_some())
            && p.time < p.timeline.total
        {
            if let Some(i) = p.focus.take() {
                let mut n = 0;
                for s in &p.timeline.segments {
                    if n + s.steps.len() > i {
                        p.time = s.start + s.duration;
                        break;
                    }
                    n += s.steps.len();
                }
            }
            p.paused = false;
        }
        if !self.queue.is_empty() {
            return;
        }
        let (a, b) = self.play_range();
        if self.cursor >= b || self.cursor < a {
            self.jump(a);
        }
        self.playing = true;
    }

    /// The debugger's pause: playback, play-through and a solution's queue wait.
    pub fn pause(&mut self) {
        self.playing = false;
        if !self.queue.is_empty() {
            self.queue_paused = true;
        }
        if let Some(p) = &mut self.playback {
            p.paused = true;
        }
    }

    /// Whether the debugger's play is going on (a move animating, the history or a solution
    /// playing).
    pub fn is_playing(&self) -> bool {
        self.playing || self.animating() || (!self.queue.is_empty() && !self.queue_paused)
    }

    /// The scene to show now. With the debugger stopped on a step, the state that step
    /// starts from, drawn as the stepwise export draws that step.
    pub fn scene(&self) -> Scene {
        let Some(p) = &self.playback else { return self.current().still() };
        if let (Some(i), Some((before, _, steps))) = (p.focus, self.last_move()) {
            let mut base = before.clone();
            let mut done = 0;
            for (range, t) in before.keyframes(steps) {
                if range.contains(&i) {
                    while done < range.start {
                        base = base.after(&steps[done]);
                        done += 1;
                    }
                    return base.scene(&steps[range], t);
                }
            }
        }
        if p.time < p.timeline.total {
            return p.timeline.scene_at(p.time).unwrap_or_else(|| self.current().still());
        }
        self.current().still()
    }

    /// The step the debugger shows and the state it starts from (for its outlines).
    pub fn shown_step(&self) -> Option<(P, &P::Step)> {
        let i = self.step_at()?;
        let p = self.playback.as_ref()?;
        if p.focus.is_none() && !p.paused && p.time >= p.timeline.total {
            return None;
        }
        let (before, _, steps) = self.last_move()?;
        let mut state = before.clone();
        for s in &steps[..i] {
            state = state.after(s);
        }
        Some((state, steps.get(i)?))
    }

    /// The cells of the step that caused the shown one (scene quads, drawn on the state it
    /// started from).
    pub fn cause_quads(&self) -> Vec<[crate::scene::Point; 4]> {
        let (Some(i), Some((before, _, steps))) = (self.step_at(), self.last_move()) else { return vec![] };
        let Some(c) = before.records(steps).get(i).and_then(|r| r.cause) else { return vec![] };
        let mut state = before.clone();
        for st in &steps[..c] {
            state = state.after(st);
        }
        state.touched(&steps[c])
    }

    /// The latest move's entry, if the newest entry in effect is a move.
    pub fn last_move(&self) -> Option<(&P, &String, &Vec<P::Step>)> {
        match self.cursor.checked_sub(1).map(|i| &self.history[i]) {
            Some(Entry::Move { before, text, steps, .. }) => Some((before, text, steps)),
            _ => None,
        }
    }

    /// Which step of the latest move the playback is at.
    pub fn step_at(&self) -> Option<usize> {
        let p = self.playback.as_ref()?;
        if let Some(i) = p.focus {
            return Some(i);
        }
        let (seg, _) = p.timeline.at(p.time)?;
        let (_, _, steps) = self.last_move()?;
        // Segments cover consecutive steps: count steps in earlier segments.
        let mut n = 0;
        for s in &p.timeline.segments {
            if std::ptr::eq(s, seg) {
                break;
            }
            n += s.steps.len();
        }
        Some(n.min(steps.len().saturating_sub(1)))
    }

    /// Scrubber: jump to step `i` of the latest move and pause there.
    pub fn seek_step(&mut self, i: usize) {
        let Some((before, _, steps)) = self.last_move() else { return };
        let (before, steps) = (before.clone(), steps.clone());
        let i = i.min(steps.len().saturating_sub(1));
        let p = self.playback.get_or_insert_with(|| Playback {
            timeline: Timeline::new(
                &before,
                &[steps],
                Pacing { hold_start: 0.0, hold_end: 0.0, min_move: 0.0, speed: 1.0 },
            ),
            time: 0.0,
            paused: true,
            focus: None,
        });
        p.focus = Some(i);
        let mut n = 0;
        for s in &p.timeline.segments {
            if n + s.steps.len() > i {
                p.time = s.start + s.duration * 0.5;
                break;
            }
            n += s.steps.len();
        }
        p.paused = true;
    }

    pub fn gesture(&mut self, g: Gesture, instant: bool) {
        let mut selected = self.selected;
        let moves = self.current().gesture(g, &mut selected);
        self.selected = selected;
        if !moves.is_empty() {
            self.message = None;
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

    /// Starts the solver on a background thread; `repaint` is called when it finishes.
    pub fn start_solver(&mut self, hint_only: bool, repaint: impl Fn() + Send + 'static) {
        self.cancel_solver();
        let state = self.current().clone();
        let cancel = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = mpsc::channel();
        let (c, p) = (cancel.clone(), progress.clone());
        std::thread::spawn(move || {
            let r = state.solve(&c, &p);
            let _ = tx.send(r);
            repaint();
        });
        self.solver = Some(SolverJob { cancel, progress, result: rx, hint_only, from: self.current().clone() });
        self.say("solving…");
    }

    pub fn cancel_solver(&mut self) {
        if let Some(j) = self.solver.take() {
            j.cancel.store(true, Ordering::Relaxed);
            self.say("solver cancelled");
        }
    }

    /// Collects a finished solver's answer: plays it back, or shows the hint. An answer for a
    /// position no longer on screen is dropped (moving cancels the search, so this is a guard).
    pub fn poll_solver(&mut self, instant: bool) {
        let Some(job) = &self.solver else { return };
        let Ok(result) = job.result.try_recv() else { return };
        let hint = job.hint_only;
        let stale = &job.from != self.current();
        self.solver = None;
        if stale {
            self.say("the answer was for an earlier position: dropped");
            return;
        }
        match result {
            Ok(Answer { moves, .. }) if moves.is_empty() => {
                let text = self.current().nothing_left();
                self.say(text);
            }
            Ok(answer) if hint => {
                self.hint = Some(answer.moves[0].clone());
                let text = self.current().hint_text(&answer);
                self.say(text);
                self.hint_seq = self.message_seq;
            }
            Ok(answer) => {
                let text = self.current().solution_text(&answer);
                self.say(text);
                let moves = answer.moves;
                self.solver_played = true;
                if moves.len() > 200 || instant {
                    let mut rest = moves.into_iter();
                    for m in rest.by_ref() {
                        match self.make_as(&m, true, true, 0) {
                            Err(e) => {
                                self.say(e);
                                break;
                            }
                            Ok(true) => {
                                // Stopped at a breakpoint: the rest waits for play.
                                self.queue.extend(rest.by_ref().map(|m| (m, 0)));
                                self.queue_from_solver = true;
                                self.queue_paused = true;
                                break;
                            }
                            Ok(false) => {}
                        }
                    }
                } else {
                    self.queue.extend(moves.into_iter().map(|m| (m, 0)));
                    self.queue_from_solver = true;
                }
            }
            Err(e) => self.say(e),
        }
    }
}
