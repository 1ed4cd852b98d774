//! The animated PNG writer: frames arrive as scenes, in order, and are drawn and compressed a
//! batch at a time in parallel, then written in order, so memory holds one batch whatever the
//! animation's length and the bytes do not depend on timing.
//!
//! Each frame is drawn on a palette of its own, exactly as a still PNG is. What makes the file
//! small (docs/measured.md has what each is worth):
//! - An indexed PNG (one byte a pixel, colour type 3) when the animation holds at most 256
//!   colours, as exports do: a first pass draws every frame only to collect the colours (in
//!   frame order, each frame's in its palette's order), so the colour table (PLTE) is written
//!   before the first frame; a second pass draws each frame again and sends its indices. Index
//!   0 is fully transparent (tRNS) when the colours leave room for it. More colours: full
//!   colour (RGB), one pass.
//! - After the first frame, a frame sends only the smallest rectangle holding its changes,
//!   over the frame before (disposal none). An indexed frame is compressed two ways and the
//!   shorter kept: blend source (the rectangle as it is) and blend over with every unchanged
//!   pixel transparent (runs of them compress to little). A frame equal to the one before
//!   sends one pixel.

use super::raster::{Palette, render};
use crate::scene::Scene;
use hashbrown::HashMap;
use rayon::prelude::*;
use std::io::{self, Write};

/// Receives each frame: a maker of its scene and its delay in centiseconds.
pub type Sink<'a> = dyn FnMut(&dyn Fn() -> Scene, u16) -> io::Result<()> + 'a;

/// Walks an animation's frames in order, once for every call, into the sink it is given.
pub type Walk<'a> = dyn Fn(&mut Sink) -> io::Result<()> + 'a;

/// An APNG's frame: its size and how it plays.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Width and height in pixels.
    pub size: (usize, usize),
    /// The frames the walk yields (the file states it before its first frame).
    pub frames: usize,
    /// How many times the animation plays (0: forever).
    pub plays: u32,
    /// Seconds added to the last frame.
    pub hold: f32,
    /// Frames drawn at once.
    pub batch: usize,
}

/// How far an export has gone: called before every frame a pass draws, with `true` in the
/// pass that writes (a frame done) and `false` in the one that only collects the colours. An
/// error stops the export.
pub type Tick<'a> = dyn FnMut(bool) -> io::Result<()> + 'a;

/// The PNG signature.
const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Writes the APNG of the frames `walk` yields; see the module documentation.
pub fn encode<W: Write>(out: W, shape: &Shape, walk: &Walk, tick: &mut Tick) -> io::Result<()> {
    let (w, h) = shape.size;
    if w == 0 || h == 0 || w > i32::MAX as usize || h > i32::MAX as usize {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "image size out of range for PNG"));
    }
    match colours(shape, walk, tick)? {
        Some(colours) => indexed(out, shape, &colours, walk, tick),
        None => full_colour(out, shape, walk, tick),
    }
}

/// Which of a batch's scenes need drawing: those that differ from the one before (`last`: the
/// scene before the batch).
fn fresh(scenes: &[(Scene, u16)], last: Option<&Scene>) -> Vec<bool> {
    (0..scenes.len())
        .map(|i| {
            let before = if i == 0 { last } else { Some(&scenes[i - 1].0) };
            before != Some(&scenes[i].0)
        })
        .collect()
}

/// The first pass: every colour the frames show, in the order first drawn (frame by frame,
/// each frame's in its palette's order); `None` past 256.
fn colours(shape: &Shape, walk: &Walk, tick: &mut Tick) -> io::Result<Option<Vec<[u8; 3]>>> {
    let (w, h) = shape.size;
    let mut seen: HashMap<[u8; 3], u8> = HashMap::new();
    let mut order: Vec<[u8; 3]> = Vec::new();
    let mut pending: Vec<(Scene, u16)> = Vec::new();
    let mut last: Option<Scene> = None;
    let mut over = false;
    let mut collect = |pending: &mut Vec<(Scene, u16)>| -> bool {
        let draw = fresh(pending, last.as_ref());
        let used: Vec<Vec<[u8; 3]>> = pending
            .par_iter()
            .zip(&draw)
            .filter(|(_, d)| **d)
            .map(|((scene, _), _)| {
                let mut palette = Palette::new();
                let image = render(scene, w, h, &mut palette);
                let mut shown = [false; 256];
                image.pixels.iter().for_each(|&p| shown[p as usize] = true);
                (0..palette.len()).filter(|&i| shown[i]).map(|i| palette.rgb(i as u8)).collect()
            })
            .collect();
        last = pending.pop().map(|(s, _)| s);
        pending.clear();
        for c in used.into_iter().flatten() {
            if !seen.contains_key(&c) {
                if order.len() == 256 {
                    return false;
                }
                seen.insert(c, order.len() as u8);
                order.push(c);
            }
        }
        true
    };
    let r = walk(&mut |make, delay| {
        tick(false)?;
        pending.push((make(), delay));
        if pending.len() >= shape.batch && !collect(&mut pending) {
            over = true;
            return Err(io::Error::other("more than 256 colours"));
        }
        Ok(())
    });
    if over {
        return Ok(None);
    }
    r?;
    Ok(collect(&mut pending).then_some(order))
}

/// A file being written: chunks with their CRCs, frames numbered in sequence.
struct Chunks<W: Write> {
    out: W,
    sequence: u32,
    frames: usize,
}

/// How a frame is laid over the canvas: the APNG blend op.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Blend {
    Source = 0,
    Over = 1,
}

/// A rectangle of the image: left, top, width, height in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rect {
    x: usize,
    y: usize,
    w: usize,
    h: usize,
}

impl<W: Write> Chunks<W> {
    /// The signature and header (IHDR, acTL) of a file of `colour` type.
    fn start(mut out: W, shape: &Shape, colour: u8) -> io::Result<Chunks<W>> {
        out.write_all(SIGNATURE)?;
        let mut c = Chunks { out, sequence: 0, frames: 0 };
        let mut ihdr = Vec::with_capacity(13);
        ihdr.extend_from_slice(&(shape.size.0 as u32).to_be_bytes());
        ihdr.extend_from_slice(&(shape.size.1 as u32).to_be_bytes());
        ihdr.extend_from_slice(&[8, colour, 0, 0, 0]);
        c.chunk(b"IHDR", &ihdr)?;
        let mut actl = (shape.frames.max(1) as u32).to_be_bytes().to_vec();
        actl.extend_from_slice(&shape.plays.to_be_bytes());
        c.chunk(b"acTL", &actl)?;
        Ok(c)
    }

    fn chunk(&mut self, kind: &[u8; 4], data: &[u8]) -> io::Result<()> {
        let len = u32::try_from(data.len()).map_err(|_| io::Error::other("a PNG chunk over 4 GB"))?;
        self.out.write_all(&len.to_be_bytes())?;
        let mut crc = crc32fast::Hasher::new();
        crc.update(kind);
        crc.update(data);
        self.out.write_all(kind)?;
        self.out.write_all(data)?;
        self.out.write_all(&crc.finalize().to_be_bytes())
    }

    /// One frame: its control chunk, then its compressed rows (IDAT for the first, which is
    /// also the still image; fdAT after).
    fn frame(&mut self, r: Rect, delay_cs: u16, blend: Blend, zlib: &[u8]) -> io::Result<()> {
        let mut fctl = Vec::with_capacity(26);
        for v in [self.sequence, r.w as u32, r.h as u32, r.x as u32, r.y as u32] {
            fctl.extend_from_slice(&v.to_be_bytes());
        }
        fctl.extend_from_slice(&delay_cs.to_be_bytes());
        fctl.extend_from_slice(&100u16.to_be_bytes());
        fctl.extend_from_slice(&[0, blend as u8]);
        self.sequence += 1;
        self.chunk(b"fcTL", &fctl)?;
        if self.frames == 0 {
            self.chunk(b"IDAT", zlib)?;
        } else {
            let mut fdat = Vec::with_capacity(4 + zlib.len());
            fdat.extend_from_slice(&self.sequence.to_be_bytes());
            fdat.extend_from_slice(zlib);
            self.sequence += 1;
            self.chunk(b"fdAT", &fdat)?;
        }
        self.frames += 1;
        Ok(())
    }

    fn finish(mut self, shape: &Shape) -> io::Result<()> {
        if self.frames != shape.frames.max(1) {
            return Err(io::Error::other(format!(
                "the animation had {} frames, not the {} counted",
                self.frames, shape.frames
            )));
        }
        self.chunk(b"IEND", &[])?;
        self.out.flush()
    }
}

/// The delay of frame `k` (from 0) of `shape`: the last one holds longer.
fn delay_of(shape: &Shape, k: usize, delay: u16) -> u16 {
    let mut d = delay as f32;
    if k + 1 == shape.frames.max(1) {
        d += (shape.hold * 100.0).round();
    }
    d.min(65535.0) as u16
}

/// How hard the rows sent are compressed (miniz's scale, 0 to 10).
const LEVEL: u8 = 9;

/// How hard the two ways of sending a frame are compressed to choose between them.
const TRIAL_LEVEL: u8 = 4;

/// Rows of `r` from an image of `width` one-byte pixels, each after its filter byte (0, none),
/// the pixels passed through `pick(index in the image)`.
fn rows(r: Rect, width: usize, pick: impl Fn(usize) -> u8) -> Vec<u8> {
    let mut raw = Vec::with_capacity((r.w + 1) * r.h);
    for y in r.y..r.y + r.h {
        raw.push(0);
        raw.extend((y * width + r.x..y * width + r.x + r.w).map(&pick));
    }
    raw
}

fn zlib(raw: &[u8], level: u8) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(raw, level)
}

/// The second pass of an animation of these `colours`: each frame's indices.
fn indexed<W: Write>(out: W, shape: &Shape, colours: &[[u8; 3]], walk: &Walk, tick: &mut Tick) -> io::Result<()> {
    let (w, h) = shape.size;
    let mut file = Chunks::start(out, shape, 3)?;
    // Index 0 fully transparent (when there is room), the colours after it.
    let transparent = (colours.len() < 256).then_some(0u8);
    let first = u8::from(transparent.is_some());
    let mut plte: Vec<u8> = if transparent.is_some() { vec![0, 0, 0] } else { Vec::new() };
    plte.extend(colours.iter().flatten());
    file.chunk(b"PLTE", &plte)?;
    if transparent.is_some() {
        file.chunk(b"tRNS", &[0])?;
    }
    let number: HashMap<[u8; 3], u8> = colours.iter().enumerate().map(|(i, &c)| (c, i as u8 + first)).collect();
    let mut pending: Vec<(Scene, u16)> = Vec::new();
    let mut last: Option<Scene> = None;
    let mut before: Option<Vec<u8>> = None;
    let mut write = |pending: &mut Vec<(Scene, u16)>, file: &mut Chunks<W>| -> io::Result<()> {
        let draw = fresh(pending, last.as_ref());
        // Each frame drawn anew, its palette's indices turned into the file's.
        let images: Vec<Option<Vec<u8>>> = pending
            .par_iter()
            .zip(&draw)
            .map(|((scene, _), &d)| {
                if !d {
                    return Ok(None);
                }
                let mut palette = Palette::new();
                let mut image = render(scene, w, h, &mut palette);
                let mut shown = [false; 256];
                image.pixels.iter().for_each(|&p| shown[p as usize] = true);
                let mut table = [0u8; 256];
                for (i, t) in table.iter_mut().enumerate().take(palette.len()).filter(|&(i, _)| shown[i]) {
                    *t = *number
                        .get(&palette.rgb(i as u8))
                        .ok_or_else(|| io::Error::other("a frame drew a colour the first pass did not see"))?;
                }
                image.pixels.iter_mut().for_each(|p| *p = table[*p as usize]);
                Ok(Some(image.pixels))
            })
            .collect::<io::Result<_>>()?;
        // What each frame shows, and what the one before it showed.
        let mut shown: Vec<&[u8]> = Vec::with_capacity(images.len());
        for image in &images {
            let s = match image {
                Some(px) => &px[..],
                None => shown.last().copied().or(before.as_deref()).expect("a repeated scene has an image before it"),
            };
            shown.push(s);
        }
        let sent: Vec<(Rect, Blend, Vec<u8>)> = (0..images.len())
            .into_par_iter()
            .map(|k| {
                let now = shown[k];
                let was = if k == 0 { before.as_deref() } else { Some(shown[k - 1]) };
                let Some(was) = was else {
                    let r = Rect { x: 0, y: 0, w, h };
                    return (r, Blend::Source, zlib(&rows(r, w, |i| now[i]), LEVEL));
                };
                // An equal frame: one pixel, unchanged.
                let r = changed_rect(was, now, w, 1).unwrap_or(Rect { x: 0, y: 0, w: 1, h: 1 });
                let source = rows(r, w, |i| now[i]);
                let Some(t) = transparent else {
                    return (r, Blend::Source, zlib(&source, LEVEL));
                };
                // The shorter way, as a quick compression finds it, compressed hard.
                let over = rows(r, w, |i| if now[i] == was[i] { t } else { now[i] });
                if zlib(&over, TRIAL_LEVEL).len() < zlib(&source, TRIAL_LEVEL).len() {
                    (r, Blend::Over, zlib(&over, LEVEL))
                } else {
                    (r, Blend::Source, zlib(&source, LEVEL))
                }
            })
            .collect();
        for ((_, delay), (r, blend, zlib)) in pending.iter().zip(sent) {
            file.frame(r, delay_of(shape, file.frames, *delay), blend, &zlib)?;
        }
        if let Some(px) = images.into_iter().flatten().last() {
            before = Some(px);
        }
        last = pending.pop().map(|(s, _)| s);
        pending.clear();
        Ok(())
    };
    walk(&mut |make, delay| {
        tick(true)?;
        pending.push((make(), delay));
        if pending.len() >= shape.batch { write(&mut pending, &mut file) } else { Ok(()) }
    })?;
    write(&mut pending, &mut file)?;
    file.finish(shape)
}

/// An animation of more than 256 colours: each frame's changed rectangle in RGB, through the
/// `png` crate's writer (disposal none, blend source).
fn full_colour<W: Write>(out: W, shape: &Shape, walk: &Walk, tick: &mut Tick) -> io::Result<()> {
    let size = shape.size;
    let mut enc = png::Encoder::new(out, size.0 as u32, size.1 as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_animated(shape.frames.max(1) as u32, shape.plays).map_err(io::Error::other)?;
    let mut w = enc.write_header().map_err(io::Error::other)?;
    let mut pending: Vec<(Scene, u16)> = Vec::new();
    let mut written = 0usize;
    // The picture before: a frame sends only the rectangle that changed over it.
    let mut before: Option<Vec<u8>> = None;
    let mut write = |pending: &mut Vec<(Scene, u16)>, w: &mut png::Writer<W>| -> io::Result<()> {
        let images: Vec<Vec<u8>> = pending
            .par_iter()
            .map(|(scene, _)| {
                let mut palette = Palette::new();
                render(scene, size.0, size.1, &mut palette).to_rgb(&palette)
            })
            .collect();
        let rects: Vec<Rect> = (0..images.len())
            .into_par_iter()
            .map(|k| {
                let was = if k == 0 { before.as_deref() } else { Some(&images[k - 1][..]) };
                match was {
                    None => Rect { x: 0, y: 0, w: size.0, h: size.1 },
                    // An equal frame: one pixel, unchanged.
                    Some(b) => changed_rect(b, &images[k], size.0, 3).unwrap_or(Rect { x: 0, y: 0, w: 1, h: 1 }),
                }
            })
            .collect();
        for (((_, delay), rgb), r) in pending.iter().zip(&images).zip(rects) {
            let fail = io::Error::other;
            w.set_frame_delay(delay_of(shape, written, *delay), 100).map_err(fail)?;
            written += 1;
            w.set_frame_position(0, 0).map_err(fail)?;
            w.set_frame_dimension(r.w as u32, r.h as u32).map_err(fail)?;
            w.set_frame_position(r.x as u32, r.y as u32).map_err(fail)?;
            let mut part = Vec::with_capacity(r.w * r.h * 3);
            for y in r.y..r.y + r.h {
                let row = (y * size.0 + r.x) * 3;
                part.extend_from_slice(&rgb[row..row + r.w * 3]);
            }
            w.write_image_data(&part).map_err(fail)?;
        }
        before = images.into_iter().last().or(before.take());
        pending.clear();
        Ok(())
    };
    walk(&mut |make, delay| {
        tick(true)?;
        pending.push((make(), delay));
        if pending.len() >= shape.batch { write(&mut pending, &mut w) } else { Ok(()) }
    })?;
    write(&mut pending, &mut w)?;
    if written != shape.frames.max(1) {
        return Err(io::Error::other(format!("the animation had {written} frames, not the {} counted", shape.frames)));
    }
    w.finish().map_err(io::Error::other)
}

/// The smallest rectangle holding every pixel of picture `b` (`width` pixels a row, `bpp`
/// bytes a pixel) that differs from `a`'s (none when nothing does).
fn changed_rect(a: &[u8], b: &[u8], width: usize, bpp: usize) -> Option<Rect> {
    let row = width * bpp;
    let rows = a.len() / row;
    let differs = |y: &usize| a[y * row..(y + 1) * row] != b[y * row..(y + 1) * row];
    let y0 = (0..rows).find(differs)?;
    let y1 = (y0..rows).rev().find(differs)?;
    let (mut left, mut right) = (width, 0);
    for y in y0..=y1 {
        let (p, q) = (&a[y * row..(y + 1) * row], &b[y * row..(y + 1) * row]);
        let same = |x: &usize| p[x * bpp..(x + 1) * bpp] == q[x * bpp..(x + 1) * bpp];
        if let Some(l) = (0..left).find(|x| !same(x)) {
            left = l;
        }
        if let Some(r) = (right..width).rev().find(|x| !same(x)) {
            right = right.max(r);
        }
    }
    Some(Rect { x: left, y: y0, w: right - left + 1, h: y1 - y0 + 1 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::frames::{GifMode, scenes};
    use crate::scene::Ink;

    /// The file of these scenes (each frame 5 cs), drawn `batch` at a time.
    fn apng_of(frames: &[Scene], size: usize, batch: usize) -> Vec<u8> {
        let shape = Shape { size: (size, size), frames: frames.len(), plays: 0, hold: 0.0, batch };
        let mut out = Vec::new();
        let walk = |sink: &mut Sink| frames.iter().try_for_each(|s| sink(&|| s.clone(), 5));
        encode(&mut out, &shape, &walk, &mut |_| Ok(())).unwrap();
        out
    }

    /// Each scene drawn on its own, as a still PNG is: RGB.
    fn drawn(frames: &[Scene], size: usize) -> Vec<Vec<u8>> {
        frames
            .iter()
            .map(|s| {
                let mut palette = Palette::new();
                render(s, size, size, &mut palette).to_rgb(&palette)
            })
            .collect()
    }

    /// An APNG decoded by the `png` crate and composed by hand (disposal none; blend source
    /// copies the rectangle, blend over keeps the canvas under a transparent pixel): the
    /// colour type, and each frame's RGB, rectangle, blend op and delay.
    #[allow(clippy::type_complexity)]
    fn decode(file: &[u8], size: usize) -> (png::ColorType, Vec<(Vec<u8>, (u32, u32), png::BlendOp, u16)>) {
        let mut d = png::Decoder::new(io::Cursor::new(file));
        d.set_transformations(png::Transformations::EXPAND);
        let mut reader = d.read_info().unwrap();
        let colour = reader.info().color_type;
        let n = reader.info().animation_control.unwrap().num_frames;
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let mut canvas = vec![0u8; size * size * 4];
        let mut out = Vec::new();
        for _ in 0..n {
            reader.next_frame(&mut buf).unwrap();
            let fc = reader.info().frame_control.unwrap();
            assert_eq!(fc.dispose_op, png::DisposeOp::None);
            let (bpp, _) = reader.output_color_type();
            let bpp = bpp.samples();
            let (x, y, w, h) = (fc.x_offset as usize, fc.y_offset as usize, fc.width as usize, fc.height as usize);
            assert!(x + w <= size && y + h <= size);
            for r in 0..h {
                for c in 0..w {
                    let px = &buf[(r * w + c) * bpp..(r * w + c + 1) * bpp];
                    let alpha = if bpp == 4 { px[3] } else { 255 };
                    assert!(alpha == 0 || alpha == 255, "a partly transparent pixel");
                    let at = ((y + r) * size + x + c) * 4;
                    if alpha == 255 || fc.blend_op == png::BlendOp::Source {
                        canvas[at..at + 3].copy_from_slice(&px[..3]);
                        canvas[at + 3] = alpha;
                    }
                }
            }
            assert!(canvas.chunks(4).all(|p| p[3] == 255), "the canvas is opaque");
            let rgb: Vec<u8> = canvas.chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
            let delay = (fc.delay_num as u32 * 100 / fc.delay_den.max(1) as u32) as u16;
            out.push((rgb, (fc.width, fc.height), fc.blend_op, delay));
        }
        (colour, out)
    }

    fn pixels_differing(a: &[u8], b: &[u8]) -> usize {
        a.chunks(3).zip(b.chunks(3)).filter(|(p, q)| p != q).count()
    }

    /// A small smooth animation (the shubbles box), with a frame repeated and one that changes
    /// a few pixels put in.
    fn sample(size: usize) -> Vec<Scene> {
        use crate::shubbles::format::{parse_ops, parse_state};
        let state = parse_state(".........@...o....ooo..xox...", 1).unwrap();
        let run = state.run(&parse_ops("+>|<-v", 2).unwrap());
        let moves: Vec<Vec<_>> = run.applied.iter().map(|(_, a)| a.steps.clone()).collect();
        let mut frames: Vec<Scene> = scenes(&run.start, &moves, GifMode::Smooth, crate::anim::Pacing::default())
            .into_iter()
            .map(|x| x.0)
            .collect();
        let at = frames.len() / 2;
        let mut dot = frames[at].clone();
        let unit = dot.width.max(dot.height) / size as f32;
        dot.rect(dot.width / 2.0, dot.height / 2.0, 2.0 * unit, unit, Ink::Flash);
        frames.insert(at + 1, frames[at].clone());
        frames.insert(at + 2, dot);
        frames
    }

    #[test]
    fn indexed_frames_decode_to_the_frames_drawn() {
        let size = 64;
        let frames = sample(size);
        let want = drawn(&frames, size);
        // The sample has what it should: a frame equal to the one before, and one that changes
        // a few pixels.
        let changes: Vec<usize> = (1..want.len()).map(|k| pixels_differing(&want[k - 1], &want[k])).collect();
        assert!(changes.contains(&0));
        assert!(changes.iter().any(|&c| (1..=6).contains(&c)), "{changes:?}");
        let file = apng_of(&frames, size, 3);
        // The batch does not change the bytes.
        assert_eq!(file, apng_of(&frames, size, 1000));
        let (colour, got) = decode(&file, size);
        assert_eq!(colour, png::ColorType::Indexed);
        assert_eq!(got.len(), frames.len());
        for (k, (rgb, (w, h), _, delay)) in got.iter().enumerate() {
            assert!(rgb == &want[k], "frame {k}: {} pixels differ", pixels_differing(rgb, &want[k]));
            assert_eq!(*delay, 5);
            match changes.get(k.wrapping_sub(1)) {
                None => assert_eq!((*w, *h), (size as u32, size as u32)),
                // An equal frame sends one pixel; a few pixels changed, a small rectangle.
                Some(0) => assert_eq!((*w, *h), (1, 1), "frame {k}"),
                Some(&c) if c <= 6 => assert!(w * h <= 6, "frame {k}: {w}×{h} for {c} pixels"),
                Some(_) => {}
            }
        }
        // Both blend ops are used: over where unchanged pixels inside the rectangle are many.
        assert!(got.iter().any(|f| f.2 == png::BlendOp::Over));
        assert!(got[1..].iter().any(|f| f.2 == png::BlendOp::Source));
    }

    #[test]
    fn colour_type_is_indexed_when_the_colours_fit_and_full_colour_past_256() {
        let size = 32;
        let frames = sample(size);
        let (colour, _) = decode(&apng_of(&frames, size, 4), size);
        assert_eq!(colour, png::ColorType::Indexed);
        // Frames of many blends: each one of eight inks at seven levels over a background that
        // changes from frame to frame, so the animation shows more than 256 colours in all
        // (each frame far fewer).
        let inks = Ink::all();
        let many: Vec<Scene> = (0..40)
            .map(|f| {
                let mut s = Scene::new(8.0, 8.0, inks[f % inks.len()]);
                for j in 0..7 {
                    let ink = inks[(f * 7 + j + 1) % inks.len()];
                    s.rect_alpha(j as f32, 0.0, 1.0, 8.0, ink, (j + 1) as f32 / 8.0);
                }
                s
            })
            .collect();
        let want = drawn(&many, size);
        let distinct: std::collections::HashSet<&[u8]> = want.iter().flat_map(|f| f.chunks(3)).collect();
        assert!(distinct.len() > 256, "{} colours", distinct.len());
        let (colour, got) = decode(&apng_of(&many, size, 4), size);
        assert_eq!(colour, png::ColorType::Rgb);
        assert_eq!(got.len(), many.len());
        for (k, f) in got.iter().enumerate() {
            assert!(f.0 == want[k], "frame {k}");
            assert_eq!(f.2, png::BlendOp::Source);
        }
        // The first 20 frames fit: indexed, the same pictures.
        let (colour, got) = decode(&apng_of(&many[..20], size, 4), size);
        let fewer: std::collections::HashSet<&[u8]> = want[..20].iter().flat_map(|f| f.chunks(3)).collect();
        assert!(fewer.len() <= 256, "{} colours", fewer.len());
        assert_eq!(colour, png::ColorType::Indexed);
        assert!(got.iter().zip(&want).all(|(g, w)| &g.0 == w));
    }
}
