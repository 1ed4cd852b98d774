//! From moves to exported files, as a stream: the moves are walked one at a time (the
//! smooth timeline or the stepwise frames, sampled exactly as [`crate::anim::Timeline`] and
//! [`crate::anim::stepwise`] lay them out), each frame's scene is rendered and compressed in
//! parallel batches, and written out in order. Memory holds one batch of frames, whatever the
//! animation's length; the moves themselves may come from an iterator that plays them lazily.

use super::apng;
use super::export::{Frame, GifStream, Shrink, encode_png, stage};
use super::raster::{Indexed, Palette, render};
use crate::anim::{Animate, FPS, Pacing};
use crate::scene::Scene;
use rayon::prelude::*;
use std::io;
use std::path::Path;

/// How an animation is timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GifMode {
    /// One frame per state, one second each (every intermediate state, hidden ones included).
    Stepwise,
    /// 20 frames per second, continuous motion.
    Smooth,
}

/// Receives each frame of [`walk`]: a maker of its scene and its delay in centiseconds.
pub type FrameSink<'a> = dyn FnMut(&dyn Fn() -> Scene, u16) -> io::Result<()> + 'a;

/// Walks an animation's frames in order. `frame(make, delay_cs)` is called once per frame;
/// `make` builds its scene (a counter need not call it). Stops at the first error.
pub fn walk<S, I>(start: &S, moves: I, mode: GifMode, pacing: Pacing, frame: &mut FrameSink) -> io::Result<()>
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
{
    match mode {
        GifMode::Stepwise => {
            let delay = (100.0 / pacing.speed.max(0.01)).round().clamp(1.0, 65535.0) as u16;
            crate::anim::each_keyframe(start, moves, |state: &S, steps: &[S::Step], t| {
                frame(&|| state.scene(steps, t), delay)
            })
        }
        GifMode::Smooth => {
            let delay = (100 / FPS) as u16;
            let fps = FPS as f32;
            // The same segments, in the same order and float arithmetic, as `Timeline::new`;
            // frame k (at k / fps) shows the first segment ending after it.
            let mut k: usize = 0;
            let mut time = 0.0f32;
            let mut last: Option<(S, Vec<S::Step>, f32)> = None;
            let segment = |state: &S,
                           steps: &[S::Step],
                           d: f32,
                           k: &mut usize,
                           time: &mut f32,
                           last: &mut Option<(S, Vec<S::Step>, f32)>,
                           frame: &mut FrameSink|
             -> io::Result<()> {
                let start = *time;
                while (*k as f32 / fps) < start + d {
                    let t = *k as f32 / fps;
                    let p = if d > 0.0 { ((t - start) / d).clamp(0.0, 1.0) } else { 1.0 };
                    frame(&|| state.scene(steps, p), delay)?;
                    *k += 1;
                }
                *time += d;
                *last = Some((state.clone(), steps.to_vec(), d));
                Ok(())
            };
            let mut state = start.clone();
            if pacing.hold_start > 0.0 {
                segment(&state, &[], pacing.scaled(pacing.hold_start), &mut k, &mut time, &mut last, frame)?;
            }
            for steps in moves {
                let steps = steps.as_ref();
                let move_start = time;
                for (range, d) in state.phases(steps) {
                    let part = &steps[range];
                    segment(&state, part, pacing.scaled(d), &mut k, &mut time, &mut last, frame)?;
                    for s in part {
                        state = state.after(s);
                    }
                }
                let rest = pacing.scaled(pacing.min_move) - (time - move_start);
                if rest > 0.0 {
                    segment(&state, &[], rest, &mut k, &mut time, &mut last, frame)?;
                }
            }
            if pacing.hold_end > 0.0 {
                segment(&state, &[], pacing.scaled(pacing.hold_end), &mut k, &mut time, &mut last, frame)?;
            }
            // Frames at or after the end show the last segment finished.
            let n = (time * fps).round() as usize;
            match &last {
                Some((s, steps, _)) => {
                    while k <= n {
                        frame(&|| s.scene(steps, 1.0), delay)?;
                        k += 1;
                    }
                }
                None if k == 0 => frame(&|| state.still(), delay)?,
                None => {}
            }
            Ok(())
        }
    }
}

/// The scenes of an animation and each one's delay in centiseconds (all in memory: for tests
/// and short animations; exports use [`walk`]).
pub fn scenes<S: Animate>(start: &S, moves: &[Vec<S::Step>], mode: GifMode, pacing: Pacing) -> Vec<(Scene, u16)> {
    let mut out = Vec::new();
    walk(start, moves, mode, pacing, &mut |make, d| {
        out.push((make(), d));
        Ok(())
    })
    .expect("collecting scenes cannot fail");
    out
}

/// How many frames an animation has, without drawing any; counting stops past `cap` (the
/// answer is then `cap + 1`), so a huge animation costs no more than the limit it breaks.
pub fn count_frames<S, I>(start: &S, moves: I, mode: GifMode, pacing: Pacing, cap: usize) -> usize
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
{
    let mut n = 0;
    let _ = walk(start, moves, mode, pacing, &mut |_, _| {
        n += 1;
        if n > cap { Err(io::Error::other("past the cap")) } else { Ok(()) }
    });
    n
}

/// Pixels of frames held at once by a streaming export (about this many bytes per batch, and
/// a few times that in all with the compressed copies); at least two frames per thread.
const BATCH_PIXELS: usize = 4 << 20;

/// Frames per batch at this image size.
pub fn batch_len(size: (usize, usize)) -> usize {
    let per = (size.0 * size.1).max(1);
    (BATCH_PIXELS / per).clamp(2 * rayon::current_num_threads(), 256)
}

/// What an exported animation does beyond its frames: how often it loops and how long its
/// last frame stays.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Movie {
    /// Plays this many more times after the first (the GIF loop extension's count); 0: forever.
    pub loops: u16,
    /// Seconds added to the last frame.
    pub hold: f32,
}

/// Renders scenes in batches and writes them to a [`GifStream`]: a scene equal to the one
/// before is sent as the same picture; frames are rendered in parallel, each on its own
/// palette, then merged into the shared palette in frame order, so the output does not depend
/// on timing or on the batch size.
pub struct GifBuilder<W: Shrink> {
    gif: GifStream<W>,
    palette: Palette,
    size: (usize, usize),
    batch: usize,
    pending: Vec<(Scene, u16)>,
    last_scene: Option<Scene>,
    frames: usize,
    /// Each palette index's first index of the same colour, so a colour reaches the GIF as
    /// one index (two blends can come out the same).
    first_of_colour: Vec<u8>,
    colours: hashbrown::HashMap<[u8; 3], u8>,
}

impl<W: Shrink> GifBuilder<W> {
    pub fn new(out: W, size: (usize, usize)) -> io::Result<GifBuilder<W>> {
        GifBuilder::with(out, size, 0)
    }

    /// A builder whose GIF loops `loops` more times (0: forever).
    pub fn with(out: W, size: (usize, usize), loops: u16) -> io::Result<GifBuilder<W>> {
        Ok(GifBuilder {
            gif: GifStream::looping(out, size.0, size.1, loops)?,
            palette: Palette::new(),
            size,
            batch: batch_len(size),
            pending: Vec::new(),
            last_scene: None,
            frames: 0,
            first_of_colour: Vec::new(),
            colours: hashbrown::HashMap::new(),
        })
    }

    pub fn push(&mut self, scene: Scene, delay_cs: u16) -> io::Result<()> {
        self.pending.push((scene, delay_cs));
        // The newest frame stays pending: the last one's delay may still grow (a hold).
        if self.pending.len() > self.batch {
            let last = self.pending.pop();
            self.flush()?;
            self.pending.extend(last);
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        let pending = std::mem::take(&mut self.pending);
        if pending.is_empty() {
            return Ok(());
        }
        // Which frames need drawing: those whose scene differs from the one before.
        let fresh: Vec<usize> = (0..pending.len())
            .filter(|&i| {
                let before = if i == 0 { self.last_scene.as_ref() } else { Some(&pending[i - 1].0) };
                before != Some(&pending[i].0)
            })
            .collect();
        let size = self.size;
        // Each frame starts from the shared palette as it stands, so the colours it already
        // holds keep their indices (the map below moves only the colours new in the batch); the
        // new ones are numbered in the same order either way.
        let shared = &self.palette;
        let rendered: Vec<(Indexed, Palette)> = fresh
            .par_iter()
            .map(|&i| {
                let mut local = shared.clone();
                (render(&pending[i].0, size.0, size.1, &mut local), local)
            })
            .collect();
        let mut rendered = rendered.into_iter();
        // A repeated scene is sent as "the same picture" (none), not a copy of it.
        let mut frames = Vec::with_capacity(pending.len());
        let mut k = 0;
        for (i, (_, delay)) in pending.iter().enumerate() {
            let image = if fresh.get(k) == Some(&i) {
                k += 1;
                let (mut image, local) = rendered.next().expect("one image per fresh scene");
                let mut map = self.palette.absorb(&local);
                self.palette.first_of_colour(&mut self.first_of_colour, &mut self.colours);
                map.iter_mut().for_each(|m| *m = self.first_of_colour[*m as usize]);
                image.remap(&map);
                Some(image)
            } else {
                None
            };
            frames.push((image, *delay));
        }
        self.frames += frames.len();
        self.gif.write_pictures(frames, &self.palette)?;
        self.last_scene = pending.into_iter().last().map(|(s, _)| s);
        Ok(())
    }

    /// Writes what is pending and ends the file; the number of frames written.
    pub fn finish(self) -> io::Result<(W, usize)> {
        self.finish_holding(0.0)
    }

    /// [`GifBuilder::finish`], the last frame shown `hold` seconds longer.
    pub fn finish_holding(mut self, hold: f32) -> io::Result<(W, usize)> {
        if let Some((_, d)) = self.pending.last_mut() {
            *d = (*d as f32 + (hold * 100.0).round()).min(65535.0) as u16;
        }
        self.flush()?;
        let frames = self.frames;
        Ok((self.gif.finish(&self.palette)?, frames))
    }
}

/// Renders an animation into a GIF, streaming (see [`GifBuilder`]).
pub fn encode_animation<S, I, W>(
    out: W,
    start: &S,
    moves: I,
    mode: GifMode,
    pacing: Pacing,
    size: (usize, usize),
) -> io::Result<W>
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
    W: Shrink,
{
    encode_movie(out, start, moves, mode, pacing, size, Movie::default(), &mut || Ok(()))
}

/// [`encode_animation`] with a loop count and a hold on the last frame, calling `tick` before
/// every frame (an error from it stops the export).
#[allow(clippy::too_many_arguments)]
pub fn encode_movie<S, I, W>(
    out: W,
    start: &S,
    moves: I,
    mode: GifMode,
    pacing: Pacing,
    size: (usize, usize),
    movie: Movie,
    tick: &mut dyn FnMut() -> io::Result<()>,
) -> io::Result<W>
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
    W: Shrink,
{
    let mut b = GifBuilder::with(out, size, movie.loops)?;
    walk(start, moves, mode, pacing, &mut |make, delay| {
        tick()?;
        b.push(make(), delay)
    })?;
    Ok(b.finish_holding(movie.hold)?.0)
}

/// Renders and writes an animated GIF, atomically.
pub fn export_gif<S, I>(
    path: &Path,
    start: &S,
    moves: I,
    mode: GifMode,
    pacing: Pacing,
    size: (usize, usize),
) -> io::Result<()>
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
{
    stage_gif(path, start, moves, mode, pacing, size)?.commit()
}

/// [`export_gif`] up to the rename: the caller commits (with its other outputs).
pub fn stage_gif<S, I>(
    path: &Path,
    start: &S,
    moves: I,
    mode: GifMode,
    pacing: Pacing,
    size: (usize, usize),
) -> io::Result<super::export::Staged>
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
{
    stage(path, |w| encode_animation(w, start, moves, mode, pacing, size).map(|_| ()))
}

/// Renders an animation into an APNG ([`super::apng`]: indexed when its colours fit in 256,
/// full colour otherwise), streaming a batch of frames at a time. `moves` makes the moves
/// afresh for each of its passes. `frames` is the animation's frame count ([`count_frames`]),
/// which the file states before its first frame. Loops as a GIF would (`movie.loops` more
/// times; 0: forever); the last frame holds `movie.hold` seconds longer. `tick(written)` is
/// called before every frame each pass draws (`written`: in the pass that writes it); an error
/// from it stops the export.
#[allow(clippy::too_many_arguments)]
pub fn encode_apng<S, I, W>(
    out: W,
    start: &S,
    moves: impl Fn() -> I,
    mode: GifMode,
    pacing: Pacing,
    size: (usize, usize),
    movie: Movie,
    frames: usize,
    tick: &mut dyn FnMut(bool) -> io::Result<()>,
) -> io::Result<()>
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
    W: io::Write,
{
    let plays = if movie.loops == 0 { 0 } else { movie.loops as u32 + 1 };
    let shape = apng::Shape { size, frames, plays, hold: movie.hold, batch: batch_len(size) };
    apng::encode(out, &shape, &|sink| walk(start, moves(), mode, pacing, sink), tick)
}

/// The most frames a strip holds (its width is frames x size).
pub const STRIP_MAX: usize = 200;

/// The most pixels a strip holds (frames × size², 64 Mi: 192 MiB of RGB while it is written):
/// 200 frames at the default 480 pixels fit; a larger one is refused before anything is drawn.
pub const STRIP_PIXELS: usize = 64 << 20;

/// The default limit on an animation's frames (`--max-frames`).
pub const MAX_FRAMES: usize = 100_000;

/// Everything an export is asked for: which files, how they look and play. The command line's
/// flags and the window's export panel both fill one in, and [`stage_request`] writes it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Request {
    pub png: Option<std::path::PathBuf>,
    pub gif: Option<std::path::PathBuf>,
    pub apng: Option<std::path::PathBuf>,
    /// One PNG with every stepwise frame side by side (at most [`STRIP_MAX`] frames).
    pub strip: Option<std::path::PathBuf>,
    pub smooth: bool,
    /// Image width and height in pixels.
    pub size: usize,
    pub speed: f32,
    pub loops: u16,
    pub hold: f32,
    /// Moves from 1, inclusive.
    pub from_move: Option<usize>,
    pub to_move: Option<usize>,
    pub caption: bool,
    /// An animation of more frames is refused before anything is drawn.
    pub max_frames: usize,
}

/// Why an export wrote nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportError {
    /// A limit (`--max-frames`) refused it.
    Limit(String),
    /// The request or a file was wrong.
    Bad(String),
    /// Cancelled while rendering.
    Cancelled,
}

/// How an animation a [`Request`] asks for plays: its first state (after the moves before the
/// range), which moves it shows, its pacing, and its frame count.
pub struct Plan<S> {
    pub first: S,
    pub skip: usize,
    pub take: usize,
    pub pacing: Pacing,
    pub mode: GifMode,
    pub frames: usize,
}

impl Request {
    /// The animation's plan: the range checked, the frames counted (refused past
    /// `max_frames`).
    pub fn plan<S, I>(&self, start: &S, moves: impl Fn() -> I, pacing: Pacing) -> Result<Plan<S>, ExportError>
    where
        S: Animate,
        I: IntoIterator,
        I::Item: AsRef<[S::Step]>,
    {
        let (skip, take) = match (self.from_move, self.to_move) {
            (None, None) => (0, usize::MAX),
            (a, b) => {
                let n = moves().into_iter().count();
                let a = a.unwrap_or(1);
                let b = b.unwrap_or(n);
                if a == 0 || a > b || b > n {
                    return Err(ExportError::Bad(format!(
                        "--from-move {a} --to-move {b}: expected 1 <= A <= B <= {n}, the number of moves"
                    )));
                }
                (a - 1, b - a + 1)
            }
        };
        let mut first = start.clone();
        for m in moves().into_iter().take(skip) {
            for st in m.as_ref() {
                first = first.after(st);
            }
        }
        let pacing = Pacing { speed: self.speed, ..pacing };
        let mode = if self.smooth { GifMode::Smooth } else { GifMode::Stepwise };
        let max = self.max_frames;
        let frames = count_frames(&first, moves().into_iter().skip(skip).take(take), mode, pacing, max);
        if frames > max {
            return Err(ExportError::Limit(format!(
                "the animation has more than --max-frames {max} frames: nothing written"
            )));
        }
        // A strip's own limits, known before anything is drawn (the window greys Export).
        if self.strip.is_some() && !self.smooth {
            strip_fits(frames, (self.size, self.size))?;
        }
        Ok(Plan { first, skip, take, pacing, mode, frames })
    }
}

/// Whether a strip of `frames` tiles of `size` is within a strip's limits (frames and pixels).
fn strip_fits(frames: usize, size: (usize, usize)) -> Result<(), ExportError> {
    if frames > STRIP_MAX {
        return Err(ExportError::Limit(format!(
            "a strip holds at most {STRIP_MAX} frames; this one would have {frames} (choose a range of \
             moves): nothing written"
        )));
    }
    let pixels = frames.saturating_mul(size.0 * size.1);
    if pixels > STRIP_PIXELS {
        return Err(ExportError::Limit(format!(
            "a strip holds at most {} M pixels; {} frames of {}×{} would be {} M (choose a smaller --size \
             or a range of moves): nothing written",
            STRIP_PIXELS >> 20,
            frames,
            size.0,
            size.1,
            pixels >> 20
        )));
    }
    Ok(())
}

/// Stages the files a request asks for: the PNG of `shown`, and the GIF and APNG of the moves
/// (an iterator made afresh for each pass: counted, then rendered, never all held). `names`
/// gives the moves' notation (asked only for captions). `tick(frames_done)` is called for every
/// frame rendered (an APNG's first pass, which only collects its colours, calls it with the
/// count unchanged); returning `false` cancels (nothing is left behind).
pub fn stage_request<S, I>(
    req: &Request,
    start: &S,
    moves: impl Fn() -> I,
    shown: &S,
    pacing: Pacing,
    names: &dyn Fn() -> Vec<String>,
    tick: &mut dyn FnMut(usize) -> bool,
) -> Result<Vec<super::export::Staged>, ExportError>
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
{
    let size = (req.size, req.size);
    let cannot = |p: &Path, e: io::Error| {
        if e.kind() == io::ErrorKind::Interrupted {
            ExportError::Cancelled
        } else {
            ExportError::Bad(format!("{}: cannot write: {e}", p.display()))
        }
    };
    let mut staged = Vec::new();
    if let Some(p) = &req.png {
        staged.push(stage_png(p, shown, size).map_err(|e| cannot(p, e))?);
    }
    if let Some(p) = &req.strip {
        // Every step, one frame each (the stepwise frames), side by side.
        let stepwise = Request { smooth: false, ..req.clone() };
        let plan = stepwise.plan(start, &moves, pacing)?;
        strip_fits(plan.frames, size)?;
        // The strip's pixels, filled a batch of tiles at a time (drawn in parallel).
        let (w, h) = (size.0 * plan.frames.max(1), size.1);
        let mut rgb = vec![0u8; w * h * 3];
        let mut batch: Vec<Scene> = Vec::new();
        let mut placed = 0usize;
        let mut flush = |batch: &mut Vec<Scene>, rgb: &mut Vec<u8>| {
            let tiles: Vec<Vec<u8>> = batch
                .par_iter()
                .map(|sc| {
                    let mut palette = Palette::new();
                    render(sc, size.0, size.1, &mut palette).to_rgb(&palette)
                })
                .collect();
            for t in tiles {
                let k = placed;
                placed += 1;
                if k * size.0 >= w {
                    break;
                }
                for y in 0..h {
                    let src = &t[y * size.0 * 3..(y + 1) * size.0 * 3];
                    let at = (y * w + k * size.0) * 3;
                    rgb[at..at + size.0 * 3].copy_from_slice(src);
                }
            }
            batch.clear();
        };
        let per_batch = batch_len(size);
        let ranged = moves().into_iter().skip(plan.skip).take(plan.take);
        let mut sink = |make: &dyn Fn() -> Scene, _| {
            batch.push(make());
            if batch.len() >= per_batch {
                flush(&mut batch, &mut rgb);
            }
            Ok(())
        };
        // Captions under each tile, as the animations have them.
        if req.caption {
            let first = crate::anim::Captioned::new(plan.first.clone(), names(), plan.skip);
            walk(&first, crate::anim::captioned::<S, _>(ranged), GifMode::Stepwise, plan.pacing, &mut sink)
        } else {
            walk(&plan.first, ranged, GifMode::Stepwise, plan.pacing, &mut sink)
        }
        .map_err(|e| cannot(p, e))?;
        flush(&mut batch, &mut rgb);
        let r = stage(p, |out| {
            use image::ImageEncoder;
            image::codecs::png::PngEncoder::new(out)
                .write_image(&rgb, w as u32, h as u32, image::ExtendedColorType::Rgb8)
                .map_err(io::Error::other)
        });
        staged.push(r.map_err(|e| cannot(p, e))?);
    }
    if req.gif.is_none() && req.apng.is_none() {
        return Ok(staged);
    }
    let plan = req.plan(start, &moves, pacing)?;
    let ranged = || moves().into_iter().skip(plan.skip).take(plan.take);
    let movie = Movie { loops: req.loops, hold: req.hold };
    if req.caption {
        let first = crate::anim::Captioned::new(plan.first.clone(), names(), plan.skip);
        let moves = || crate::anim::captioned::<S, _>(ranged());
        stage_animations(req, &plan, &first, moves, movie, tick, &mut staged).map_err(|(p, e)| cannot(&p, e))?;
    } else {
        stage_animations(req, &plan, &plan.first, ranged, movie, tick, &mut staged).map_err(|(p, e)| cannot(&p, e))?;
    }
    Ok(staged)
}

fn stage_animations<S, T, I>(
    req: &Request,
    plan: &Plan<T>,
    first: &S,
    moves: impl Fn() -> I,
    movie: Movie,
    tick: &mut dyn FnMut(usize) -> bool,
    staged: &mut Vec<super::export::Staged>,
) -> Result<(), (std::path::PathBuf, io::Error)>
where
    S: Animate,
    I: IntoIterator,
    I::Item: AsRef<[S::Step]>,
{
    let size = (req.size, req.size);
    let mut done = 0usize;
    // A frame done counts; a frame drawn only to collect an APNG's colours just asks whether
    // to go on.
    let mut count = |tick: &mut dyn FnMut(usize) -> bool, counts: bool| {
        done += usize::from(counts);
        if tick(done) { Ok(()) } else { Err(io::Error::new(io::ErrorKind::Interrupted, "cancelled")) }
    };
    if let Some(p) = &req.gif {
        let r = stage(p, |w| {
            encode_movie(w, first, moves(), plan.mode, plan.pacing, size, movie, &mut || count(tick, true)).map(|_| ())
        });
        staged.push(r.map_err(|e| (p.clone(), e))?);
    }
    if let Some(p) = &req.apng {
        let r = stage(p, |w| {
            encode_apng(w, first, &moves, plan.mode, plan.pacing, size, movie, plan.frames, &mut |c| count(tick, c))
        });
        staged.push(r.map_err(|e| (p.clone(), e))?);
    }
    Ok(())
}

/// A state at rest as an indexed image.
pub fn still<S: Animate>(state: &S, size: (usize, usize)) -> (Indexed, Palette) {
    let mut palette = Palette::new();
    let img = render(&state.still(), size.0, size.1, &mut palette);
    (img, palette)
}

/// [`export_png`] up to the rename.
pub fn stage_png<S: Animate>(path: &Path, state: &S, size: (usize, usize)) -> io::Result<super::export::Staged> {
    let (img, palette) = still(state, size);
    stage(path, |w| encode_png(w, &img, &palette))
}

/// Renders a state at rest and writes it as PNG, atomically.
pub fn export_png<S: Animate>(path: &Path, state: &S, size: (usize, usize)) -> io::Result<()> {
    stage_png(path, state, size)?.commit()
}

/// Renders the frames of an animation onto `palette`, all in memory (for measurements and
/// tests; exports stream instead).
pub fn frames<S: Animate>(
    start: &S,
    moves: &[Vec<S::Step>],
    mode: GifMode,
    pacing: Pacing,
    size: (usize, usize),
    palette: &mut Palette,
) -> Vec<Frame> {
    let scenes = scenes(start, moves, mode, pacing);
    let rendered: Vec<(Indexed, Palette)> = scenes
        .par_iter()
        .map(|(sc, _)| {
            let mut local = Palette::new();
            (render(sc, size.0, size.1, &mut local), local)
        })
        .collect();
    rendered
        .into_iter()
        .zip(&scenes)
        .map(|((mut image, local), (_, delay))| {
            image.remap(&palette.absorb(&local));
            Frame { image, delay_cs: *delay }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anim::{Timeline, stepwise};
    use crate::shubbles::format::{parse_ops, parse_state};

    fn sample() -> (crate::shubbles::State, Vec<Vec<crate::shubbles::Step>>) {
        let state = parse_state(".........@...o....ooo..xox...", 1).unwrap();
        let run = state.run(&parse_ops("+>|<-v+^+", 2).unwrap());
        (run.start, run.applied.iter().map(|(_, a)| a.steps.clone()).collect())
    }

    #[test]
    fn the_stream_samples_the_timeline() {
        let (start, moves) = sample();
        for pacing in [
            Pacing::default(),
            Pacing { hold_start: 1.0, hold_end: 1.5, min_move: 1.0, speed: 1.0 },
            Pacing { speed: 2.5, ..Pacing::default() },
        ] {
            let tl = Timeline::new(&start, &moves, pacing);
            let want: Vec<Scene> = tl.frame_times(FPS).into_iter().filter_map(|t| tl.scene_at(t)).collect();
            let got: Vec<Scene> = scenes(&start, &moves, GifMode::Smooth, pacing).into_iter().map(|x| x.0).collect();
            assert_eq!(got.len(), want.len());
            assert!(got == want, "streamed smooth frames differ from the timeline's");
        }
        let want = stepwise(&start, &moves);
        let got: Vec<Scene> =
            scenes(&start, &moves, GifMode::Stepwise, Pacing::default()).into_iter().map(|x| x.0).collect();
        assert!(got == want);
        assert_eq!(count_frames(&start, &moves, GifMode::Stepwise, Pacing::default(), usize::MAX), want.len());
        assert_eq!(count_frames(&start, &moves, GifMode::Stepwise, Pacing::default(), 3), 4);
    }

    #[test]
    fn frames_are_written_as_they_come() {
        let (start, moves) = sample();
        let mut b = GifBuilder::new(io::Cursor::new(Vec::new()), (64, 64)).unwrap();
        b.batch = 4;
        let mut pushed = 0;
        walk(&start, &moves, GifMode::Smooth, Pacing::default(), &mut |make, d| {
            b.push(make(), d)?;
            pushed += 1;
            // Never more than one batch waits in memory (the newest frame waits for a possible
            // hold); the rest is in the file.
            assert!(b.pending.len() <= 4);
            assert_eq!(b.gif.frames_written() + b.pending.len(), pushed);
            Ok(())
        })
        .unwrap();
        assert!(pushed > 100);
        let (out, n) = b.finish().unwrap();
        assert_eq!(n, pushed);
        // Equal frames in a row are one GIF frame with their delays added: the file lasts
        // every frame's 5 cs.
        let mut d = gif::DecodeOptions::new().read_info(io::Cursor::new(out.into_inner())).unwrap();
        let mut time = 0;
        while let Some(f) = d.read_next_frame().unwrap() {
            time += f.delay as usize;
        }
        assert_eq!(time, pushed * 5);
    }

    #[test]
    fn batch_size_does_not_change_the_file() {
        let (start, moves) = sample();
        let encode = |batch: usize| {
            let mut b = GifBuilder::new(io::Cursor::new(Vec::new()), (96, 96)).unwrap();
            b.batch = batch;
            walk(&start, &moves, GifMode::Smooth, Pacing::default(), &mut |make, d| b.push(make(), d)).unwrap();
            b.finish().unwrap().0.into_inner()
        };
        let one = encode(1);
        assert_eq!(one, encode(7));
        assert_eq!(one, encode(100_000));
    }
}
