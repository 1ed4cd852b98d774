//! Time: a move's steps laid out on a timeline and sampled (20 fps for smooth output, one
//! state per second for the stepwise mode). Everything here is a view of the steps list; the
//! games say how steps group into phases, how long each lasts and how to draw a phase at a
//! given progress.
//!
//! Shared ground: depends on nothing in the crate but the rest of the ground (`grid`,
//! `scene`, `anim`, `error`, `input`, `cleanup`); every game may use it (a test checks).

use crate::scene::Scene;
use std::ops::Range;

/// Frames per second of smooth animation.
pub const FPS: u32 = 20;

/// A game state that can be animated through its steps.
pub trait Animate: Clone + std::fmt::Debug {
    type Step: Clone + std::fmt::Debug + Send + Sync + 'static;

    /// The game's timing in every animation of it (the window's, the page's and the command
    /// line's exports alike).
    const PACING: Pacing = Pacing::DEFAULT;

    /// The state after one step.
    fn after(&self, step: &Self::Step) -> Self;

    /// Smooth mode: consecutive ranges of `steps` that animate together, with their duration
    /// in seconds. The ranges cover `steps` in order.
    fn phases(&self, steps: &[Self::Step]) -> Vec<(Range<usize>, f32)>;

    /// Stepwise mode: the frames to show, each as the range of steps it plays and the progress
    /// through them; the range starts where the previous frame's range started or ended.
    fn keyframes(&self, steps: &[Self::Step]) -> Vec<(Range<usize>, f32)> {
        (0..steps.len()).map(|i| (i..i + 1, 1.0)).collect()
    }

    /// The scene of this state while `steps` play, at progress `t` in 0..=1 (the game eases).
    fn scene(&self, steps: &[Self::Step], t: f32) -> Scene;

    /// The scene of this state at rest.
    fn still(&self) -> Scene {
        self.scene(&[], 1.0)
    }
}

/// Phases for games whose steps each animate on their own: one phase a step, lasting
/// `duration(step)` seconds.
pub fn phase_per_step<S>(steps: &[S], duration: impl Fn(&S) -> f32) -> Vec<(Range<usize>, f32)> {
    steps.iter().enumerate().map(|(i, s)| (i..i + 1, duration(s))).collect()
}

/// Smoothstep easing: starts and ends at rest.
pub fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A stretch of the timeline: a state and the steps playing from it.
#[derive(Debug, Clone)]
pub struct Segment<S: Animate> {
    pub state: S,
    pub steps: Vec<S::Step>,
    pub start: f32,
    pub duration: f32,
    /// Which move (0-based) this segment belongs to; `None` for holds at either end.
    pub mv: Option<usize>,
}

/// Timing choices.
#[derive(Debug, Clone, Copy)]
pub struct Pacing {
    /// Rest shown before the first move, seconds.
    pub hold_start: f32,
    /// Rest shown after the last move, seconds.
    pub hold_end: f32,
    /// Each move takes at least this long (the rest is a pause after it), seconds.
    pub min_move: f32,
    /// How fast it all plays: every duration above and every step's is divided by it (2 plays
    /// twice as fast, in half the time). Stepwise frames last a second divided by it.
    pub speed: f32,
}

impl Pacing {
    /// A duration at this pacing's speed.
    pub fn scaled(&self, d: f32) -> f32 {
        if self.speed > 0.0 { d / self.speed } else { d }
    }
}

impl Pacing {
    /// Most games' timing: half a second before the first move, a second after the last.
    pub const DEFAULT: Pacing = Pacing { hold_start: 0.5, hold_end: 1.0, min_move: 0.0, speed: 1.0 };
}

impl Default for Pacing {
    fn default() -> Self {
        Pacing::DEFAULT
    }
}

/// Moves laid out in time.
#[derive(Debug, Clone)]
pub struct Timeline<S: Animate> {
    pub segments: Vec<Segment<S>>,
    pub total: f32,
}

impl<S: Animate> Timeline<S> {
    /// Lays out `moves` (each a list of steps) from `start`.
    pub fn new(start: &S, moves: &[Vec<S::Step>], pacing: Pacing) -> Timeline<S> {
        let mut segments = Vec::new();
        let mut time = 0.0;
        let mut state = start.clone();
        let hold = |state: &S, time: &mut f32, d: f32, mv: Option<usize>, segments: &mut Vec<Segment<S>>| {
            if d > 0.0 {
                segments.push(Segment { state: state.clone(), steps: vec![], start: *time, duration: d, mv });
                *time += d;
            }
        };
        hold(&state, &mut time, pacing.scaled(pacing.hold_start), None, &mut segments);
        for (m, steps) in moves.iter().enumerate() {
            let move_start = time;
            for (range, d) in state.phases(steps) {
                let d = pacing.scaled(d);
                let part = steps[range].to_vec();
                segments.push(Segment {
                    state: state.clone(),
                    steps: part.clone(),
                    start: time,
                    duration: d,
                    mv: Some(m),
                });
                time += d;
                for s in &part {
                    state = state.after(s);
                }
            }
            let spent = time - move_start;
            hold(&state, &mut time, pacing.scaled(pacing.min_move) - spent, Some(m), &mut segments);
        }
        hold(&state, &mut time, pacing.scaled(pacing.hold_end), None, &mut segments);
        Timeline { segments, total: time }
    }

    /// The segment playing at `time` and the progress through it.
    pub fn at(&self, time: f32) -> Option<(&Segment<S>, f32)> {
        let i = self.segments.partition_point(|s| s.start + s.duration <= time);
        let seg = self.segments.get(i).or(self.segments.last())?;
        let t = if seg.duration > 0.0 { ((time - seg.start) / seg.duration).clamp(0.0, 1.0) } else { 1.0 };
        Some((seg, t))
    }

    pub fn scene_at(&self, time: f32) -> Option<Scene> {
        self.at(time).map(|(seg, t)| seg.state.scene(&seg.steps, t))
    }

    /// Frame times at `fps`, from 0 to the end inclusive.
    pub fn frame_times(&self, fps: u32) -> Vec<f32> {
        let n = (self.total * fps as f32).round() as usize;
        (0..=n).map(|k| k as f32 / fps as f32).collect()
    }
}

/// Stepwise frames: the initial state, then every keyframe of every move.
pub fn stepwise<S: Animate>(start: &S, moves: &[Vec<S::Step>]) -> Vec<Scene> {
    let mut frames = Vec::new();
    let _ = each_keyframe(start, moves, |state: &S, steps: &[S::Step], t| -> Result<(), ()> {
        frames.push(state.scene(steps, t));
        Ok(())
    });
    frames
}

/// The stepwise frames one by one, without keeping them: `frame(state, steps, t)` for the
/// initial state at rest, then for every keyframe of every move (the state it plays from, the
/// steps playing, the progress). Moves may come from an iterator that plays them lazily.
/// Stops at the first error.
pub fn each_keyframe<S, E, I, F>(start: &S, moves: I, mut frame: F) -> Result<(), E>
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
    F: FnMut(&S, &[S::Step], f32) -> Result<(), E>,
{
    frame(start, &[], 1.0)?;
    let mut state = start.clone();
    for steps in moves {
        let steps = steps.as_ref();
        let mut base = state.clone();
        let mut done = 0;
        for (range, t) in state.keyframes(steps) {
            while done < range.start {
                base = base.after(&steps[done]);
                done += 1;
            }
            frame(&base, &steps[range], t)?;
        }
        for s in steps {
            state = state.after(s);
        }
    }
    Ok(())
}

/// A game drawn with a caption under the board: the move playing (or the last one played) in
/// the game's notation as the window writes it, and the move counter ("move 3/9  (b,1,3,L)"),
/// in the one face of [`crate::font`], set smaller when the board is narrower than the text. Each step carries the index of its move; [`captioned`] wraps a game's moves so.
#[derive(Debug, Clone)]
pub struct Captioned<S> {
    pub inner: S,
    /// Moves finished (or begun: the caption of a move shows from its first step).
    pub done: usize,
    /// Every move's notation, how many come before the first one shown (a range), and the
    /// captions' one size (the widest caption's, found once).
    pub names: std::sync::Arc<(Vec<String>, usize, std::sync::OnceLock<f32>)>,
}

/// How tall the caption band is, in board units.
pub const CAPTION_BAND: f32 = 0.9;

impl<S: Animate> Captioned<S> {
    pub fn new(inner: S, names: Vec<String>, first: usize) -> Captioned<S> {
        Captioned { inner, done: 0, names: std::sync::Arc::new((names, first, std::sync::OnceLock::new())) }
    }
}

/// A game's moves with each step tagged by its move's index (what [`Captioned`] plays).
pub fn captioned<S: Animate, M: AsRef<[S::Step]>>(
    moves: impl IntoIterator<Item = M>,
) -> impl Iterator<Item = Vec<(usize, S::Step)>> {
    moves.into_iter().enumerate().map(|(k, m)| m.as_ref().iter().map(|s| (k, s.clone())).collect())
}

impl<S: Animate> Animate for Captioned<S> {
    type Step = (usize, S::Step);

    fn after(&self, step: &Self::Step) -> Self {
        Captioned { inner: self.inner.after(&step.1), done: step.0 + 1, names: self.names.clone() }
    }

    fn phases(&self, steps: &[Self::Step]) -> Vec<(Range<usize>, f32)> {
        let inner: Vec<S::Step> = steps.iter().map(|s| s.1.clone()).collect();
        self.inner.phases(&inner)
    }

    fn keyframes(&self, steps: &[Self::Step]) -> Vec<(Range<usize>, f32)> {
        let inner: Vec<S::Step> = steps.iter().map(|s| s.1.clone()).collect();
        self.inner.keyframes(&inner)
    }

    fn scene(&self, steps: &[Self::Step], t: f32) -> Scene {
        let inner: Vec<S::Step> = steps.iter().map(|s| s.1.clone()).collect();
        let mut scene = self.inner.scene(&inner, t);
        let (names, first, size) = &*self.names;
        // Moves done (or the one playing, counted from its first step), from the first move.
        let shown = first + steps.first().map_or(self.done, |s| s.0 + 1);
        let total = names.len();
        let text = match shown.checked_sub(1).and_then(|i| names.get(i)) {
            Some(n) => format!("move {shown}/{total}  {n}"),
            None => format!("move {shown}/{total}"),
        };
        let (w, h) = (scene.width, scene.height);
        scene.height += CAPTION_BAND;
        // A light band whatever the game's background, dark text on it.
        let b = CAPTION_BAND;
        scene.quad([[0.0, h], [w, h], [w, h + b], [0.0, h + b]], crate::scene::Ink::Cell, 1.0);
        // One size through the animation: the widest caption's, so no caption grows or
        // shrinks from one frame to the next.
        let size = *size.get_or_init(|| {
            let room = w * crate::font::TEXT_ROOM;
            names
                .iter()
                .fold(b * 0.6, |s, n| s.min(crate::font::fit(&format!("move {total}/{total}  {n}"), b * 0.6, room)))
        });
        scene.text([w / 2.0, h + b / 2.0], size, text, crate::scene::Ink::Text);
        scene
    }
}
