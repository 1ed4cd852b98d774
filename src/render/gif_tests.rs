//! The GIF writer's tests: every file decoded by the `gif` crate's decoder (not ours) and
//! composed frame over frame must show the source frames for as long as they last.

use super::gifenc::{Frame, GifStream, encode_gif};
use super::raster::{Indexed, Palette};
use proptest::prelude::*;
use std::io::Cursor;

/// What a file shows: each picture (RGB) and for how long (centiseconds), a picture equal
/// to the one before merged into it.
fn shown(bytes: &[u8]) -> Vec<(Vec<u8>, u32)> {
    let mut o = gif::DecodeOptions::new();
    o.set_color_output(gif::ColorOutput::RGBA);
    let mut d = o.read_info(Cursor::new(bytes)).expect("a GIF");
    let (w, h) = (d.width() as usize, d.height() as usize);
    let mut canvas = vec![0u8; w * h * 3];
    let mut out: Vec<(Vec<u8>, u32)> = Vec::new();
    while let Some(f) = d.read_next_frame().expect("a frame") {
        assert_eq!(f.dispose, gif::DisposalMethod::Keep);
        for y in 0..f.height as usize {
            for x in 0..f.width as usize {
                let s = (y * f.width as usize + x) * 4;
                if f.buffer[s + 3] != 0 {
                    let t = ((y + f.top as usize) * w + x + f.left as usize) * 3;
                    canvas[t..t + 3].copy_from_slice(&f.buffer[s..s + 3]);
                }
            }
        }
        push(&mut out, canvas.clone(), f.delay as u32);
    }
    out
}

fn push(out: &mut Vec<(Vec<u8>, u32)>, picture: Vec<u8>, delay: u32) {
    match out.last_mut() {
        Some((last, d)) if *last == picture => *d += delay,
        _ => out.push((picture, delay)),
    }
}

/// What the source frames show, the same way.
fn source(frames: &[Frame], palette: &Palette) -> Vec<(Vec<u8>, u32)> {
    let mut out = Vec::new();
    for f in frames {
        push(&mut out, f.image.to_rgb(palette), f.delay_cs as u32);
    }
    out
}

fn encode(frames: &[Frame], palette: &Palette) -> Vec<u8> {
    encode_gif(Cursor::new(Vec::new()), frames, palette).expect("written").into_inner()
}

/// A frame as the file stores it: left, top, width, height, minimum code size, local table
/// entries, delay.
type Record = (usize, usize, usize, usize, u8, usize, u16);

/// The frames as the file stores them, and the global table's entries.
fn records(bytes: &[u8]) -> (usize, Vec<Record>) {
    let table = |packed: u8| if packed & 0x80 != 0 { 2usize << (packed & 7) } else { 0 };
    let global = table(bytes[10]);
    let mut at = 13 + 3 * global;
    let mut out = Vec::new();
    let mut delay = 0;
    let skip_blocks = |at: &mut usize| {
        while bytes[*at] != 0 {
            *at += bytes[*at] as usize + 1;
        }
        *at += 1;
    };
    loop {
        match bytes[at] {
            0x21 => {
                if bytes[at + 1] == 0xf9 {
                    delay = u16::from_le_bytes([bytes[at + 4], bytes[at + 5]]);
                }
                at += 2;
                skip_blocks(&mut at);
            }
            0x2c => {
                let v = |i: usize| u16::from_le_bytes([bytes[at + 1 + 2 * i], bytes[at + 2 + 2 * i]]) as usize;
                let local = table(bytes[at + 9]);
                let (x, y, w, h) = (v(0), v(1), v(2), v(3));
                at += 10 + 3 * local;
                let min_size = bytes[at];
                at += 1;
                skip_blocks(&mut at);
                out.push((x, y, w, h, min_size, local, delay));
            }
            0x3b => return (global, out),
            b => panic!("unexpected byte {b:#x} at {at}"),
        }
    }
}

/// A picture of `w` x `h` pixels from a function of (x, y) to a palette index.
fn picture(w: usize, h: usize, f: impl Fn(usize, usize) -> u8) -> Indexed {
    Indexed {
        width: w,
        height: h,
        pixels: (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).map(|(x, y)| f(x, y)).collect(),
    }
}

/// A board-like picture: cells of `cell` pixels in a few colours with lines between them.
fn board(w: usize, h: usize, cell: usize, shift: usize) -> Indexed {
    picture(
        w,
        h,
        |x, y| {
            if x % cell == 0 || y % cell == 0 { 4 } else { [3u8, 5, 6, 7][((x + shift) / cell + y / cell) % 4] }
        },
    )
}

#[test]
fn every_way_of_sending_decodes_to_the_source() {
    let palette = Palette::new();
    let (w, h) = (420, 400);
    let base = board(w, h, 20, 0);
    let mut frames = vec![Frame { image: base.clone(), delay_cs: 50 }];
    // The same picture again: no frame of its own, its time added.
    frames.push(Frame { image: base.clone(), delay_cs: 5 });
    // A small change (a small frame, every way tried).
    let mut small = base.clone();
    for y in 100..130 {
        for x in 200..260 {
            small.pixels[y * w + x] = 9;
        }
    }
    frames.push(Frame { image: small.clone(), delay_cs: 5 });
    // A large change with many unchanged pixels in it (a large frame: a sample chooses).
    frames.push(Frame { image: board(w, h, 20, 20), delay_cs: 5 });
    // A late colour in a small corner: a table of its own may pay.
    let mut late = board(w, h, 20, 20);
    for y in 0..12 {
        for x in 0..12 {
            late.pixels[y * w + x] = if (x + y) % 2 == 0 { 30 } else { 31 };
        }
    }
    frames.push(Frame { image: late.clone(), delay_cs: 65_535 });
    // Held longer than a GIF delay can say.
    frames.push(Frame { image: late, delay_cs: 200 });
    frames.push(Frame { image: base, delay_cs: 7 });
    let bytes = encode(&frames, &palette);
    assert!(shown(&bytes) == source(&frames, &palette), "the file shows other pictures");
    let (_, recs) = records(&bytes);
    // Six frames: the repeats not sent, the picture held past 65 535 cs sent as two (the
    // second one transparent pixel).
    assert_eq!(recs.len(), 6, "{recs:?}");
    assert_eq!((recs[3].6, recs[4].2, recs[4].3, recs[4].6), (65_535, 1, 1, 200));
    assert_eq!(recs[0].6, 55);
    assert_eq!(recs.iter().map(|r| r.6 as u32).sum::<u32>(), frames.iter().map(|f| f.delay_cs as u32).sum::<u32>());
    // The small change is sent as its rectangle only.
    assert_eq!((recs[1].0, recs[1].1, recs[1].2, recs[1].3), (200, 100, 60, 30));
}

#[test]
fn equal_frames_are_sent_once_with_their_time() {
    let palette = Palette::new();
    let a = board(40, 30, 10, 0);
    let b = board(40, 30, 10, 10);
    let frames: Vec<Frame> = [(&a, 5), (&a, 5), (&a, 5), (&b, 5), (&b, 10)]
        .into_iter()
        .map(|(i, d)| Frame { image: i.clone(), delay_cs: d })
        .collect();
    let bytes = encode(&frames, &palette);
    let (_, recs) = records(&bytes);
    assert_eq!(recs.iter().map(|r| r.6).collect::<Vec<_>>(), vec![15, 15]);
    assert!(shown(&bytes) == source(&frames, &palette));
}

#[test]
fn the_colour_table_holds_the_colours_sent_and_no_more() {
    // Five colours of the palette's forty or so: a global table of 8 entries (the table is
    // a power of two), or none used at all but the first frame's.
    let palette = Palette::new();
    let a = board(64, 64, 8, 0);
    let mut b = a.clone();
    b.pixels[64 * 10 + 10] = 9;
    let frames = vec![Frame { image: a, delay_cs: 10 }, Frame { image: b, delay_cs: 10 }];
    let bytes = encode(&frames, &palette);
    let (global, _) = records(&bytes);
    assert!(global <= 8, "a global table of {global} entries");
    assert!(shown(&bytes) == source(&frames, &palette));
}

#[test]
fn a_frame_of_few_colours_has_short_codes() {
    // A later frame that changes 2 colours sends codes of a 2- or 3-bit alphabet, not the
    // palette's 8 bits.
    let palette = Palette::new();
    let a = board(80, 80, 10, 0);
    let mut b = a.clone();
    for y in 20..40 {
        for x in 20..40 {
            b.pixels[y * 80 + x] = if x < 30 { 3 } else { 5 };
        }
    }
    let frames = vec![Frame { image: a, delay_cs: 10 }, Frame { image: b, delay_cs: 10 }];
    let bytes = encode(&frames, &palette);
    let (_, recs) = records(&bytes);
    assert!(recs[1].4 <= 3, "minimum code size {}", recs[1].4);
    assert!(shown(&bytes) == source(&frames, &palette));
}

#[test]
fn unchanged_pixels_sent_as_their_colours_when_that_is_shorter() {
    // Stripes that shift by one pixel: the unchanged pixels are scattered, so sending them all
    // as transparent breaks the stripes' repeats; the writer's frame must be shorter than
    // that (what the old writer sent), measured against another LZW encoder.
    let palette = Palette::new();
    let a = picture(200, 200, |x, y| [3u8, 5, 6][(x + y) % 3]);
    let b = picture(200, 200, |x, y| [3u8, 5, 6, 5][(x + y + 1) % 4]);
    let frames = vec![Frame { image: a.clone(), delay_cs: 10 }, Frame { image: b.clone(), delay_cs: 10 }];
    let bytes = encode(&frames, &palette);
    let (_, recs) = records(&bytes);
    // The second frame's data: what follows its descriptor, sub-blocks without their lengths.
    let data_len = |bytes: &[u8], nth: usize| {
        let mut seen = 0;
        let mut at = 13 + 3 * records(bytes).0;
        loop {
            match bytes[at] {
                0x21 => {
                    at += 2;
                    while bytes[at] != 0 {
                        at += bytes[at] as usize + 1;
                    }
                    at += 1;
                }
                0x2c => {
                    let p = bytes[at + 9];
                    at += 11 + if p & 0x80 != 0 { 3 * (2 << (p & 7)) } else { 0 };
                    let mut n = 0;
                    while bytes[at] != 0 {
                        n += bytes[at] as usize;
                        at += bytes[at] as usize + 1;
                    }
                    at += 1;
                    if seen == nth {
                        return n;
                    }
                    seen += 1;
                }
                _ => panic!("no frame {nth}"),
            }
        }
    };
    let ours = data_len(&bytes, 1);
    // Every unchanged pixel transparent (index 0 here: no changed pixel uses it), at the
    // same minimum code size, by weezl.
    let min_size = recs[1].4;
    let all_t: Vec<u8> = a.pixels.iter().zip(&b.pixels).map(|(p, q)| if p == q { 0 } else { *q }).collect();
    let numbered: Vec<u8> = all_t.iter().map(|&c| [0u8, 0, 0, 1, 0, 2, 3][c as usize]).collect();
    let theirs = weezl::encode::Encoder::new(weezl::BitOrder::Lsb, min_size.max(2)).encode(&numbered).unwrap().len();
    assert!(ours < theirs, "{ours} bytes, all transparent {theirs}");
    assert!(shown(&bytes) == source(&frames, &palette));
}

#[test]
fn the_bytes_do_not_depend_on_how_frames_are_handed_over() {
    let palette = Palette::new();
    let frames: Vec<Frame> = (0..12).map(|k| Frame { image: board(50, 40, 10, k * 3), delay_cs: 5 }).collect();
    let whole = encode(&frames, &palette);
    for chunk in [1, 5, 7] {
        let mut g = GifStream::new(Cursor::new(Vec::new()), 50, 40).unwrap();
        for part in frames.chunks(chunk) {
            g.write_batch(part.to_vec(), &palette).unwrap();
        }
        assert_eq!(g.finish(&palette).unwrap().into_inner(), whole, "handed over {chunk} at a time");
    }
}

#[test]
fn a_picture_given_as_the_same_as_before_writes_what_its_copy_writes() {
    let palette = Palette::new();
    // Held pictures (the same picture again) at the start of a hand-over and inside one.
    let keys = [0, 0, 3, 3, 3, 6, 9, 9, 12, 12];
    let frames: Vec<Frame> =
        keys.iter().enumerate().map(|(i, &k)| Frame { image: board(50, 40, 10, k), delay_cs: 5 + i as u16 }).collect();
    let whole = encode(&frames, &palette);
    for chunk in [1, 3, 10] {
        let mut g = GifStream::new(Cursor::new(Vec::new()), 50, 40).unwrap();
        for (c, part) in frames.chunks(chunk).enumerate() {
            let given = part
                .iter()
                .enumerate()
                .map(|(j, f)| {
                    let i = c * chunk + j;
                    let same = i > 0 && keys[i] == keys[i - 1];
                    ((!same).then(|| f.image.clone()), f.delay_cs)
                })
                .collect();
            g.write_pictures(given, &palette).unwrap();
        }
        assert_eq!(g.finish(&palette).unwrap().into_inner(), whole, "handed over {chunk} at a time");
    }
    let mut g = GifStream::new(Cursor::new(Vec::new()), 50, 40).unwrap();
    let err = g.write_pictures(vec![(None, 5)], &palette).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
}

#[test]
fn a_file_output_is_cut_to_size_like_a_memory_one() {
    let palette = Palette::new();
    let frames: Vec<Frame> = (0..3).map(|k| Frame { image: board(30, 30, 6, k * 6), delay_cs: 5 }).collect();
    let in_memory = encode(&frames, &palette);
    let dir = std::env::temp_dir().join(format!("tumblebox-gif-shrink-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a.gif");
    super::export::write_atomic(&path, |w| encode_gif(w, &frames, &palette).map(|_| ())).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), in_memory);
    std::fs::remove_dir_all(&dir).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The changed rectangle (found eight pixels at a time) is the bounding box of the pixels
    /// that differ, found one by one.
    #[test]
    fn the_changed_rectangle_bounds_exactly_the_pixels_that_differ(
        w in 1usize..40, h in 1usize..12, changes in proptest::collection::vec((0usize..40, 0usize..12, 1u8..4), 0..6),
    ) {
        let a = picture(w, h, |x, y| ((x * 7 + y * 3) % 5) as u8);
        let mut b = a.clone();
        for &(x, y, d) in &changes {
            if x < w && y < h {
                b.pixels[y * w + x] = b.pixels[y * w + x].wrapping_add(d);
            }
        }
        let differ: Vec<(usize, usize)> =
            (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).filter(|&(x, y)| a.get(x, y) != b.get(x, y)).collect();
        let expected = (!differ.is_empty()).then(|| {
            let (x0, x1) = (differ.iter().map(|p| p.0).min().unwrap(), differ.iter().map(|p| p.0).max().unwrap());
            let (y0, y1) = (differ.iter().map(|p| p.1).min().unwrap(), differ.iter().map(|p| p.1).max().unwrap());
            super::gifenc::Rect { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 }
        });
        prop_assert_eq!(super::gifenc::changed_rect(&a, &b), expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random animations: random sizes, colours, changed rectangles, repeats and delays.
    #[test]
    fn random_animations_show_their_frames(
        w in 1usize..40,
        h in 1usize..30,
        steps in prop::collection::vec((0usize..40, 0usize..30, 0usize..40, 0usize..30, 0u8..38, 0u8..4, 1u16..300), 1..10),
        seed in any::<u64>(),
    ) {
        let palette = Palette::new();
        let mut x = seed | 1;
        let mut rnd = move || { x ^= x << 13; x ^= x >> 7; x ^= x << 17; x };
        let mut img = picture(w, h, |_, _| 0);
        img.pixels.iter_mut().for_each(|p| *p = (rnd() % 6) as u8);
        let mut frames = vec![Frame { image: img.clone(), delay_cs: 5 }];
        for (x0, y0, dw, dh, colour, kind, delay) in steps {
            let (x0, y0) = (x0 % w, y0 % h);
            for y in y0..(y0 + dh).min(h) {
                for x in x0..(x0 + dw).min(w) {
                    let p = &mut img.pixels[y * w + x];
                    *p = match kind {
                        0 => colour,                      // a solid patch
                        1 => (rnd() % 38) as u8,          // noise
                        2 => if rnd() % 3 == 0 { colour } else { *p }, // scattered changes
                        _ => *p,                          // nothing (a repeat)
                    };
                }
            }
            frames.push(Frame { image: img.clone(), delay_cs: delay });
        }
        let bytes = encode(&frames, &palette);
        prop_assert!(shown(&bytes) == source(&frames, &palette));
        prop_assert_eq!(encode(&frames, &palette), bytes, "the same frames, the same bytes");
    }
}
