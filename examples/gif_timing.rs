//! Splits the smooth-GIF benchmark into render and encode time (see scripts/bench-gif.sh).
use std::time::Instant;
use tumblebox::anim::Pacing;
use tumblebox::render::export::encode_gif;
use tumblebox::render::frames::{GifMode, frames};
use tumblebox::render::raster::Palette;
use tumblebox::shubbles::format::{parse_ops, parse_state};

fn main() {
    let state = parse_state(".........@...o....ooo..xox...", 1).unwrap();
    let run = state.run(&parse_ops("+>|<-v+^+", 2).unwrap());
    let moves: Vec<_> = run.applied.iter().map(|(_, a)| a.steps.clone()).collect();
    let pacing = Pacing { hold_start: 1.0, hold_end: 1.5, min_move: 1.0, speed: 1.0 };
    let ts = Instant::now();
    let sc = tumblebox::render::frames::scenes(&run.start, &moves, GifMode::Smooth, pacing);
    println!("{} scenes in {:.1} ms", sc.len(), ts.elapsed().as_secs_f64() * 1e3);
    let t0 = Instant::now();
    let mut palette = Palette::new();
    let f = frames(&run.start, &moves, GifMode::Smooth, pacing, (480, 480), &mut palette);
    let t1 = Instant::now();
    let mut out = std::io::Cursor::new(Vec::new());
    encode_gif(&mut out, &f, &palette).unwrap();
    let out = out.into_inner();
    let t2 = Instant::now();
    println!(
        "{} frames: render {:.1} ms, encode {:.1} ms, {} bytes, {} palette entries",
        f.len(),
        (t1 - t0).as_secs_f64() * 1e3,
        (t2 - t1).as_secs_f64() * 1e3,
        out.len(),
        palette.len()
    );
}
