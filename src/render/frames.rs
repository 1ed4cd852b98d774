//! From moves to exported files: the timeline or the stepwise frames rendered to indexed
//! images on one palette, then written as GIF or PNG.

use super::export::{Frame, write_gif, write_png};
use super::raster::{Palette, render};
use crate::anim::{Animate, FPS, Pacing, Timeline, stepwise};
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

/// Renders the frames of an animation.
pub fn frames<S: Animate>(
    start: &S,
    moves: &[Vec<S::Step>],
    mode: GifMode,
    pacing: Pacing,
    size: (usize, usize),
    palette: &mut Palette,
) -> Vec<Frame> {
    match mode {
        GifMode::Stepwise => stepwise(start, moves)
            .iter()
            .map(|sc| Frame {
                image: render(sc, size.0, size.1, palette),
                delay_cs: 100,
            })
            .collect(),
        GifMode::Smooth => {
            let tl = Timeline::new(start, moves, pacing);
            let delay = (100 / FPS) as u16;
            tl.frame_times(FPS)
                .into_iter()
                .filter_map(|t| tl.scene_at(t))
                .map(|sc| Frame {
                    image: render(&sc, size.0, size.1, palette),
                    delay_cs: delay,
                })
                .collect()
        }
    }
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
