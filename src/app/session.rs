//! One level being played: history with undo, redo and restart (itself undoable), the
//! animation of the latest move (a view of its steps), solution playback and the solver thread.

use super::play::{Answer, Gesture, Playable};
use crate::anim::{Pacing, Timeline};
use crate::grid::Pos;
use crate::scene::Scene;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

/// One entry of the history.
#[derive(Debug, Clone)]
pub enum Entry<P: Playable> {
    Move { mv: P::Move, text: String, steps: Vec<P::Step>, before: P, after: P },
    Restart { after: P },
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
}

/// A solver running on another thread.
pub struct SolverJob<M> {
    pub cancel: Arc<AtomicBool>,
    pub progress: Arc<AtomicUsize>,
    pub result: mpsc::Receiver<Result<Answer<M>, String>>,
    /// Play the answer (solve) or only report its first move (hint).
    pub hint_only: bool,
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
    pub queue: VecDeque<P::Move>,
    pub solver: Option<SolverJob<P::Move>>,
    pub message: Option<String>,
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
            solver: None,
            message: None,
        }
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
    }

    /// Makes a move, animated unless `instant`.
    pub fn make(&mut self, mv: &P::Move, instant: bool) -> Result<(), String> {
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
        });
        self.push(Entry::Move { mv: mv.clone(), text, steps, before, after });
        Ok(())
    }

    pub fn undo(&mut self) {
        if self.cursor > 0 {
            self.cursor -= 1;
            self.playback = None;
            self.queue.clear();
        }
    }

    pub fn redo(&mut self) {
        if self.cursor < self.history.len() {
            self.cursor += 1;
            self.playback = None;
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
            && let Some(mv) = self.queue.pop_front()
            && let Err(e) = self.make(&mv, instant)
        {
            self.message = Some(e);
            self.queue.clear();
        }
        self.animating() || !self.queue.is_empty()
    }

    /// The scene to show now.
    pub fn scene(&self) -> Scene {
        match &self.playback {
            Some(p) if p.time < p.timeline.total => {
                p.timeline.scene_at(p.time).unwrap_or_else(|| self.current().still())
            }
            _ => self.current().still(),
        }
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

    /// Scrubber: jump to the start of step `i` of the latest move and pause there.
    pub fn seek_step(&mut self, i: usize) {
        let Some((before, _, steps)) = self.last_move() else { return };
        let (before, steps) = (before.clone(), steps.clone());
        let p = self.playback.get_or_insert_with(|| Playback {
            timeline: Timeline::new(&before, &[steps], Pacing { hold_start: 0.0, hold_end: 0.0, min_move: 0.0 }),
            time: 0.0,
            paused: true,
        });
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
        }
        let mut moves = moves.into_iter();
        if let Some(first) = moves.next() {
            if self.animating() {
                self.queue.push_back(first);
            } else if let Err(e) = self.make(&first, instant) {
                self.message = Some(e);
                return;
            }
            self.queue.extend(moves);
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
        self.solver = Some(SolverJob { cancel, progress, result: rx, hint_only });
        self.message = Some("solving…".into());
    }

    pub fn cancel_solver(&mut self) {
        if let Some(j) = self.solver.take() {
            j.cancel.store(true, Ordering::Relaxed);
            self.message = Some("solver cancelled".into());
        }
    }

    /// Collects a finished solver's answer: plays it back, or shows the hint.
    pub fn poll_solver(&mut self, instant: bool) {
        let Some(job) = &self.solver else { return };
        let Ok(result) = job.result.try_recv() else { return };
        let hint = job.hint_only;
        self.solver = None;
        match result {
            Ok(Answer { moves, .. }) if moves.is_empty() => self.message = Some("already solved".into()),
            Ok(Answer { moves, unproven }) if hint => {
                let text = self.current().move_text(&moves[0]);
                self.message = Some(match unproven {
                    None => format!("hint: {text} ({} optimal moves left)", moves.len()),
                    Some(why) => format!("hint: {text} (best found: {} moves left; {why})", moves.len()),
                });
            }
            Ok(Answer { moves, unproven }) => {
                self.message = Some(match unproven {
                    None => format!("solution: {} moves", moves.len()),
                    Some(why) => format!("solution: {} moves, {why}", moves.len()),
                });
                if moves.len() > 200 || instant {
                    for m in &moves {
                        if let Err(e) = self.make(m, true) {
                            self.message = Some(e);
                            break;
                        }
                    }
                } else {
                    self.queue.extend(moves);
                }
            }
            Err(e) => self.message = Some(e),
        }
    }
}
