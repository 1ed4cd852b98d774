//! From moves to exported files: the timeline or the stepwise frames rendered to indexed
//! images on one palette, then written as GIF or PNG.

use super::export::{Frame, write_gif, write_png};
use super::raster::{Indexed, Palette, render};
use crate::anim::{Animate, FPS, Pacing, Timeline, stepwise};
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

/// The scenes of an animation and each one's delay in centiseconds.
pub fn scenes<S: Animate>(start: &S, moves: &[Vec<S::Step>], mode: GifMode, pacing: Pacing) -> Vec<(Scene, u16)> {
    match mode {
        GifMode::Stepwise => stepwise(start, moves).into_iter().map(|sc| (sc, 100)).collect(),
        GifMode::Smooth => {
            let tl = Timeline::new(start, moves, pacing);
            let delay = (100 / FPS) as u16;
            tl.frame_times(FPS).into_iter().filter_map(|t| tl.scene_at(t)).map(|sc| (sc, delay)).collect()
        }
    }
}

/// Renders the frames of an animation onto `palette`. Frames are rendered in parallel, each
/// on its own palette, then merged in frame order, so the result does not depend on timing.
pub fn frames<S: Animate>(
    start: &S,
    moves: &[Vec<S::Step>],
    mode: GifMode,
    pacing: Pacing,
    size: (usize, usize),
    palette: &mut Palette,
) -> Vec<Frame> {
    let scenes = scenes(start, moves, mode, pacing);
    // A scene equal to the one before (a rest) reuses that frame's image.
    let fresh: Vec<usize> = (0..scenes.len()).filter(|&i| i == 0 || scenes[i].0 != scenes[i - 1].0).collect();
    let rendered: Vec<(Indexed, Palette)> = fresh
        .par_iter()
        .map(|&i| {
            let mut local = Palette::new();
            (render(&scenes[i].0, size.0, size.1, &mut local), local)
        })
        .collect();
    let mut images: Vec<Indexed> = Vec::with_capacity(rendered.len());
    for (mut image, local) in rendered {
        image.remap(&palette.absorb(&local));
        images.push(image);
    }
    let mut out = Vec::with_capacity(scenes.len());
    let mut k = 0;
    for (i, (_, delay_cs)) in scenes.iter().enumerate() {
        if fresh.get(k + 1) == Some(&i) {
            k += 1;
        }
        out.push(Frame { image: images[k].clone(), delay_cs: *delay_cs });
    }
    out
}

/// Renders and writes an animated GIF.
pub fn export_gif<S: Animate>(
    path: &Path,
    start: &S,
    moves: &[Vec<S::Step>],
    mode: GifMode,
    pacing: Pacing,
    size: (usize, usize),
) -> io::Result<()> {
    let mut palette = Palette::new();
    let f = frames(start, moves, mode, pacing, size, &mut palette);
    write_gif(path, &f, &palette)
}

/// Renders a state at rest and writes it as PNG.
pub fn export_png<S: Animate>(path: &Path, state: &S, size: (usize, usize)) -> io::Result<()> {
    let mut palette = Palette::new();
    let img = render(&state.still(), size.0, size.1, &mut palette);
    write_png(path, &img, &palette)
}
