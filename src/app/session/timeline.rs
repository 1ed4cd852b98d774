//! The debugger's timeline over a session: what play covers, jumps (only viewing: later
//! moves stay until a new move), stepping through every physical step across moves, play
//! and loop, and the scene shown at the step in focus.

use super::Entry;
use super::Playback;
use super::Session;
use crate::app::play::Playable;
use crate::app::session::Pacing;
use crate::app::session::Timeline;
use crate::scene::Scene;

impl<P: Playable> Session<P> {
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
        self.queue_given = false;
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

    /// The timeline's end (End): a solution still playing is made to its end at once first,
    /// never dropped.
    pub fn to_end(&mut self) {
        while !self.queue_paused
            && let Some((mv, group)) = self.queue.pop_front()
        {
            if let Err(e) = self.make_as(&mv, true, self.queue_given, group) {
                self.say(e);
                break;
            }
        }
        self.jump(self.history.len());
    }

    /// One history entry on (a move made again, animated unless `instant`).
    pub(super) fn forward_move(&mut self, instant: bool) {
        if self.cursor >= self.history.len() {
            return;
        }
        self.cursor += 1;
        self.position_changed();
        self.playback = match &self.history[self.cursor - 1] {
            Entry::Move { before, steps, .. } if !instant && !steps.is_empty() => Some(Playback {
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
    pub fn step_move_forward(&mut self, instant: bool) {
        self.playing = false;
        self.forward_move(instant);
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
                self.forward_move(true);
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

    /// With the debugger stopped on a step: the state its keyframe starts from, the steps
    /// that keyframe draws and where in them (as the stepwise export lays them out).
    fn focused_keyframe(&self) -> Option<(P, &[P::Step], f32)> {
        let i = self.playback.as_ref()?.focus?;
        let (before, _, steps) = self.last_move()?;
        let (range, t) = before.keyframes(steps).into_iter().find(|(range, _)| range.contains(&i))?;
        let mut base = before.clone();
        for s in &steps[..range.start] {
            base = base.after(s);
        }
        Some((base, &steps[range], t))
    }

    /// The scene to show now. With the debugger stopped on a step, the state that step
    /// starts from, drawn as the stepwise export draws that step.
    pub fn scene(&self) -> Scene {
        let Some(p) = &self.playback else { return self.current().still() };
        if let Some((base, steps, t)) = self.focused_keyframe() {
            return base.scene(steps, t);
        }
        if p.time < p.timeline.total {
            return p.timeline.scene_at(p.time).unwrap_or_else(|| self.current().still());
        }
        self.current().still()
    }

    /// The state whose cells the scene shows as they are (for labels on them, the Vexed
    /// blocks' letters): the position at rest, or with the debugger stopped on a step the
    /// state its picture shows; `None` while blocks are between cells.
    pub fn shown_state(&self) -> Option<P> {
        let Some(p) = &self.playback else { return Some(self.current().clone()) };
        if let Some((base, steps, t)) = self.focused_keyframe() {
            return match t {
                t if t <= 0.0 => Some(base),
                t if t >= 1.0 => Some(steps.iter().fold(base, |s, st| s.after(st))),
                _ => None,
            };
        }
        (p.time >= p.timeline.total).then(|| self.current().clone())
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
}
