//! One level being played: history with undo, redo and restart (itself undoable), the
//! animation of the latest move (a view of its steps), solution playback and the solver thread.

use super::play::{Answer, Gesture, Playable};
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
        self.make_as(mv, instant, false, 0)
    }

    /// Whether the moves since the last restart are all the player's own.
    pub fn by_player(&self) -> bool {
        let n = self.moves();
        !self.history[self.cursor - n..self.cursor].iter().any(|e| matches!(e, Entry::Move { by_solver: true, .. }))
    }

    fn make_as(&mut self, mv: &P::Move, instant: bool, by_solver: bool, group: u64) -> Result<(), String> {
        let before = self.current().clone();
        let text = before.move_text(mv);
        let (after, steps) = before.play(mv)?;
        self.playback = (!instant && !steps.is_empty()).then(|| Playback {
            timeline: Timeline::new(
                &before,
                std::slice::from_ref(&steps),
                Pacing { hold_start: 0.0, hold_end: 0.0, min_move: 0.0 },
            ),
            time: 0.0,
            paused: false,
            focus: None,
        });
        self.push(Entry::Move { mv: mv.clone(), text, steps, before, after, by_solver, group });
        if let Some(p) = self.selected
            && !self.current().selectable(p)
        {
            self.selected = None;
        }
        Ok(())
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
            && let Some((mv, group)) = self.queue.pop_front()
            && let Err(e) = self.make_as(&mv, instant, self.queue_from_solver, group)
        {
            self.say(e);
            self.queue.clear();
        }
        self.animating() || !self.queue.is_empty()
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
            timeline: Timeline::new(&before, &[steps], Pacing { hold_start: 0.0, hold_end: 0.0, min_move: 0.0 }),
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
                    for m in &moves {
                        if let Err(e) = self.make_as(m, true, true, 0) {
                            self.say(e);
                            break;
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
