//! The animated GIF writer: frames arrive in order, already drawn on the export's shared
//! [`Palette`]; they are taken a window at a time ([`window`]: 64 M pixels, 256 frames at
//! 480 px), compared, planned and LZW-compressed in parallel, then written in order, so memory
//! holds one window whatever the animation's length and the bytes depend neither on how the
//! frames are handed over nor on timing.
//!
//! What makes the file small (docs/measured.md has what each is worth):
//! - Colours are numbered as they are first sent, a window's new colours in gifsicle's order
//!   (those many frames need first, so frames of few colours use small numbers and short
//!   codes); the table holds only the colours sent. It is reserved at 256 entries in the
//!   header and cut to its real size when the file ends ([`Shrink`]). A frame whose own
//!   colours would make shorter codes gets a colour table of its own when that pays.
//! - After the first frame, a frame sends only the smallest rectangle holding its changes,
//!   over the frame before (disposal "keep"). A frame equal to the one before is not sent:
//!   its time is added to that frame's delay.
//! - Inside the rectangle an unchanged pixel is free: it may be sent as its colour or as the
//!   frame's transparent index, and the LZW encoder picks whichever lengthens its match
//!   ([`super::lzw`]). The transparent index is the smallest one the frame's changed pixels do
//!   not use, and each frame's minimum code size is the smallest covering what it sends.
//! - Six ways of sending the free pixels ([`encode_global`]): a small frame is compressed all
//!   of them, the shortest kept; a large one once, the way of three that sends a thirty-second
//!   of it (rows spread evenly over it) shortest.

use super::lzw::{self, Clear, FREE, PREFER_T};
use super::raster::{Indexed, Palette};
use rayon::prelude::*;
use std::io::{self, Seek, SeekFrom, Write};

/// An output a GIF can be written to: it can also move its own end back, so the colour table
/// reserved at the start can be cut to its size once the file is complete.
pub trait Shrink: Write + Seek {
    /// Moves the bytes from `from` to the end so that they start at `to` (`to < from`), and
    /// ends the output there, positioned at its new end.
    fn shift_tail(&mut self, from: u64, to: u64) -> io::Result<()>;
}

impl Shrink for io::Cursor<Vec<u8>> {
    fn shift_tail(&mut self, from: u64, to: u64) -> io::Result<()> {
        let v = self.get_mut();
        v.drain(to as usize..from as usize);
        let end = v.len() as u64;
        self.set_position(end);
        Ok(())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Shrink for io::BufWriter<std::fs::File> {
    fn shift_tail(&mut self, from: u64, to: u64) -> io::Result<()> {
        use std::io::Read;
        self.flush()?;
        let f = self.get_mut();
        let end = f.seek(SeekFrom::End(0))?;
        let mut buf = vec![0u8; 1 << 16];
        let mut at = from;
        while at < end {
            let n = ((end - at) as usize).min(buf.len());
            f.seek(SeekFrom::Start(at))?;
            f.read_exact(&mut buf[..n])?;
            f.seek(SeekFrom::Start(at - (from - to)))?;
            f.write_all(&buf[..n])?;
            at += n as u64;
        }
        let new_end = end - (from - to);
        f.set_len(new_end)?;
        f.seek(SeekFrom::Start(new_end))?;
        Ok(())
    }
}

impl<T: Shrink + ?Sized> Shrink for &mut T {
    fn shift_tail(&mut self, from: u64, to: u64) -> io::Result<()> {
        (**self).shift_tail(from, to)
    }
}

/// The largest GIF side (the format stores sizes in 16 bits).
const GIF_MAX_SIDE: usize = u16::MAX as usize;

/// Not yet sent (in [`GifStream`]'s colour numbering).
const UNSENT: u16 = u16::MAX;

/// One rendered frame of a batch, on the batch's shared palette, and its delay.
#[derive(Debug, Clone)]
pub struct Frame {
    pub image: Indexed,
    pub delay_cs: u16,
}

/// A frame compressed and waiting to be written (its delay may still grow).
struct Encoded {
    rect: Rect,
    transparent: Option<u8>,
    min_size: u8,
    data: Vec<u8>,
    delay: u32,
    /// A colour table of the frame's own (RGB triples, a power of two of them), when one
    /// makes the frame shorter than the global table's numbers do.
    local: Option<Vec<u8>>,
}

/// A rectangle of the image: left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    pub x: usize,
    pub y: usize,
    pub w: usize,
    pub h: usize,
}

/// An animated GIF being written frame by frame; see the module documentation.
pub struct GifStream<W: Shrink> {
    out: W,
    /// Where the file starts in the output.
    start: u64,
    width: usize,
    height: usize,
    /// What the last frame given shows.
    canvas: Option<Indexed>,
    /// The number each palette index is sent as ([`UNSENT`]: not yet).
    number: [u16; 256],
    /// The palette index of each number sent.
    sent: Vec<u8>,
    /// The colour table must reach this number (a transparent index past the colours).
    table_min: usize,
    held: Option<Encoded>,
    /// Frames given and not yet written, at most [`window`] of them, each as its change over
    /// the frame before (none: the same picture) and its delay.
    queue: Vec<(Option<Change>, u16)>,
    window: usize,
    frames: usize,
}

/// Pixels of frames planned together (their new colours numbered together).
const WINDOW_PIXELS: usize = 64 << 20;

/// How many frames of this size are planned together.
pub fn window(width: usize, height: usize) -> usize {
    (WINDOW_PIXELS / (width * height).max(1)).clamp(4, 256)
}

/// The order to number the colours first used in a window's frames (`sets`: each changed
/// frame's colours) that `number` has not numbered yet: colours many frames need first, so
/// frames that use few colours use small numbers (and short codes). As gifsicle orders its
/// colour table: the colour fewest frames need is put last, those frames stop counting, and
/// so on (ties: the higher palette index last).
fn number_order(sets: &[[u64; 4]], number: &[u16; 256]) -> Vec<u8> {
    let fresh = |c: usize| number[c] == UNSENT;
    let has = |s: &[u64; 4], c: usize| s[c / 64] >> (c % 64) & 1 == 1;
    let mut need = [0usize; 256];
    for s in sets {
        for c in (0..256).filter(|&c| fresh(c) && has(s, c)) {
            need[c] += 1;
        }
    }
    let mut left: Vec<usize> = (0..256).filter(|&c| need[c] > 0).collect();
    let mut counting = vec![true; sets.len()];
    let mut last_first = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let (at, &c) =
            left.iter().enumerate().min_by_key(|&(_, &c)| (need[c], std::cmp::Reverse(c))).expect("not empty");
        left.swap_remove(at);
        last_first.push(c as u8);
        for (k, s) in sets.iter().enumerate() {
            if counting[k] && has(s, c) {
                counting[k] = false;
                for d in (0..256).filter(|&d| fresh(d) && has(s, d)) {
                    need[d] -= 1;
                }
            }
        }
    }
    last_first.reverse();
    last_first
}

impl<W: Shrink> GifStream<W> {
    pub fn new(out: W, width: usize, height: usize) -> io::Result<GifStream<W>> {
        GifStream::looping(out, width, height, 0)
    }

    /// A stream whose file plays `loops` more times after the first (0: forever), as the
    /// NETSCAPE2.0 loop extension counts.
    pub fn looping(mut out: W, width: usize, height: usize, loops: u16) -> io::Result<GifStream<W>> {
        if width > GIF_MAX_SIDE || height > GIF_MAX_SIDE || width == 0 || height == 0 {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "image size out of range for GIF"));
        }
        let start = out.stream_position()?;
        let mut head = Vec::with_capacity(13 + 768 + 19);
        head.extend_from_slice(b"GIF89a");
        head.extend_from_slice(&(width as u16).to_le_bytes());
        head.extend_from_slice(&(height as u16).to_le_bytes());
        // A global table of 256 entries for now (cut at the end), background 0, no aspect.
        head.extend_from_slice(&[0xf7, 0, 0]);
        head.resize(13 + 768, 0);
        head.extend_from_slice(b"\x21\xff\x0bNETSCAPE2.0\x03\x01");
        head.extend_from_slice(&loops.to_le_bytes());
        head.push(0);
        out.write_all(&head)?;
        Ok(GifStream {
            out,
            start,
            width,
            height,
            canvas: None,
            number: [UNSENT; 256],
            sent: Vec::new(),
            table_min: 0,
            held: None,
            queue: Vec::new(),
            window: window(width, height),
            frames: 0,
        })
    }

    /// Takes frames whose images use the export's palette; they are written a window at a
    /// time ([`window`] frames, fixed by the image size), so the bytes do not depend on how
    /// the frames are handed over.
    pub fn write_batch(&mut self, frames: Vec<Frame>, palette: &Palette) -> io::Result<()> {
        self.write_pictures(frames.into_iter().map(|f| (Some(f.image), f.delay_cs)).collect(), palette)
    }

    /// As [`GifStream::write_batch`], a frame given as its picture or, none, as the same
    /// picture as the frame before (so a held picture is not copied to be compared).
    pub fn write_pictures(&mut self, frames: Vec<(Option<Indexed>, u16)>, palette: &Palette) -> io::Result<()> {
        let (w, h) = (self.width, self.height);
        if frames.iter().flat_map(|f| &f.0).any(|i| (i.width, i.height) != (w, h)) {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "a frame of another size"));
        }
        if self.canvas.is_none() && frames.first().is_some_and(|f| f.0.is_none()) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "a frame repeats the picture before it, and there is none",
            ));
        }
        // Each frame kept as its change over the one before; only the last picture is kept.
        let canvas = self.canvas.take();
        // Each picture's predecessor: the last picture given before it.
        let mut last = canvas.as_ref();
        let pairs: Vec<(Option<&Indexed>, Option<&Indexed>)> = frames
            .iter()
            .map(|(img, _)| {
                let before = last;
                if img.is_some() {
                    last = img.as_ref();
                }
                (before, img.as_ref())
            })
            .collect();
        let changes: Vec<Option<Change>> =
            pairs.par_iter().map(|&(before, img)| img.and_then(|img| change(before, img))).collect();
        drop(pairs);
        let mut newest = canvas;
        for (c, (img, delay)) in changes.into_iter().zip(frames) {
            self.frames += 1;
            self.queue.push((c, delay));
            if self.queue.len() == self.window {
                let q = std::mem::take(&mut self.queue);
                self.write_window(q, palette)?;
            }
            if img.is_some() {
                newest = img;
            }
        }
        self.canvas = newest;
        Ok(())
    }

    fn write_window(&mut self, frames: Vec<(Option<Change>, u16)>, palette: &Palette) -> io::Result<()> {
        if frames.is_empty() {
            return Ok(());
        }
        let sets: Vec<[u64; 4]> = frames.iter().filter_map(|(c, _)| c.as_ref().map(|c| c.used)).collect();
        for c in number_order(&sets, &self.number) {
            self.number[c as usize] = self.sent.len() as u16;
            self.sent.push(c);
        }
        let number = &self.number;
        let sent = &self.sent;
        let rgb = |n: u16| palette.rgb(sent[n as usize]);
        let encoded: Vec<Option<Encoded>> = frames
            .par_iter()
            .map(|(c, delay)| c.as_ref().map(|c| encode_plan(plan(c, number), c.rect, *delay, &rgb)))
            .collect();
        for (e, (_, delay)) in encoded.into_iter().zip(&frames) {
            match e {
                Some(e) => {
                    if let Some(t) = e.transparent {
                        self.table_min = self.table_min.max(t as usize + 1);
                    }
                    if let Some(held) = self.held.replace(e) {
                        self.write_frame(held)?;
                    }
                }
                None => {
                    let held = self.held.as_mut().expect("a frame equal to the one before follows one");
                    held.delay += *delay as u32;
                }
            }
        }
        Ok(())
    }

    /// How many frames have been given so far (equal frames in a row are written as one).
    pub fn frames_written(&self) -> usize {
        self.frames
    }

    fn write_frame(&mut self, e: Encoded) -> io::Result<()> {
        let mut rec = Vec::with_capacity(e.data.len() + e.data.len() / 255 + 32);
        let mut delay = e.delay;
        let first = delay.min(65535);
        delay -= first;
        frame_record(&mut rec, &e, first as u16);
        // A delay past the format's 16 bits: one transparent pixel for the rest.
        while delay > 0 {
            let d = delay.min(65535);
            delay -= d;
            let one = Encoded {
                rect: Rect { x: 0, y: 0, w: 1, h: 1 },
                transparent: Some(0),
                min_size: 2,
                data: lzw::encode(&[0], 2, 0, Clear::Eager),
                delay: 0,
                local: None,
            };
            frame_record(&mut rec, &one, d as u16);
        }
        self.out.write_all(&rec)
    }

    /// Ends the file and writes the colour table (the palette's colours in the order sent),
    /// cut to the size it needs.
    pub fn finish(mut self, palette: &Palette) -> io::Result<W> {
        let q = std::mem::take(&mut self.queue);
        self.write_window(q, palette)?;
        let Some(held) = self.held.take() else {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "an animation needs at least one frame"));
        };
        self.write_frame(held)?;
        self.out.write_all(&[0x3b])?;
        let need = self.sent.len().max(self.table_min).max(2);
        let bits = need.next_power_of_two().trailing_zeros() as u8;
        let entries = 1usize << bits;
        let mut table: Vec<u8> = self.sent.iter().flat_map(|&c| palette.rgb(c)).collect();
        table.resize(entries * 3, 0);
        let end = self.out.stream_position()?;
        self.out.seek(SeekFrom::Start(self.start + 10))?;
        self.out.write_all(&[0xf0 | (bits - 1)])?;
        self.out.seek(SeekFrom::Start(self.start + 13))?;
        self.out.write_all(&table)?;
        self.out.seek(SeekFrom::Start(end))?;
        let reserved = self.start + 13 + 768;
        if entries < 256 {
            self.out.shift_tail(reserved, self.start + 13 + table.len() as u64)?;
        }
        Ok(self.out)
    }
}

/// A frame's graphic control extension, image descriptor and data sub-blocks.
fn frame_record(rec: &mut Vec<u8>, e: &Encoded, delay: u16) {
    let (r, transparent, min_size, data) = (e.rect, e.transparent, e.min_size, &e.data);
    // Disposal 1: keep the frame for the next to draw over.
    rec.extend_from_slice(&[0x21, 0xf9, 0x04, (1 << 2) | transparent.is_some() as u8]);
    rec.extend_from_slice(&delay.to_le_bytes());
    rec.extend_from_slice(&[transparent.unwrap_or(0), 0, 0x2c]);
    for v in [r.x, r.y, r.w, r.h] {
        rec.extend_from_slice(&(v as u16).to_le_bytes());
    }
    match &e.local {
        Some(table) => {
            rec.push(0x80 | ((table.len() / 3).trailing_zeros() as u8 - 1));
            rec.extend_from_slice(table);
        }
        None => rec.push(0),
    }
    rec.push(min_size);
    for block in data.chunks(255) {
        rec.push(block.len() as u8);
        rec.extend_from_slice(block);
    }
    rec.push(0);
}

/// A frame as the GIF writer keeps it until its window is written: the smallest rectangle
/// holding its changes over the frame before (the whole frame for the first), the colours of
/// its changed pixels (a 256-bit set), the rectangle's palette indices, and which of them are
/// unchanged (free: [`FREE`] in the plan), a bit each.
pub(crate) struct Change {
    pub rect: Rect,
    pub used: [u64; 4],
    pub px: Vec<u8>,
    /// Bit `i % 64` of word `i / 64`: pixel `i` is unchanged (empty for the first frame).
    pub free: Vec<u64>,
    /// Whether there was a frame before (else nothing is free).
    pub over: bool,
}

/// `img`'s change over `before` (none for the first frame); none when they are equal.
pub(crate) fn change(before: Option<&Indexed>, img: &Indexed) -> Option<Change> {
    let r = match before {
        None => Rect { x: 0, y: 0, w: img.width, h: img.height },
        Some(b) => changed_rect(b, img)?,
    };
    // Which colours the changed pixels use (an unchanged pixel marks the extra slot).
    let mut seen = [false; 257];
    let n = r.w * r.h;
    let mut px = Vec::with_capacity(n);
    let mut free =
        Bits64 { words: Vec::with_capacity(if before.is_some() { n.div_ceil(64) } else { 0 }), bits: 0, held: 0 };
    for y in r.y..r.y + r.h {
        let row = y * img.width;
        let now = &img.pixels[row + r.x..row + r.x + r.w];
        match before {
            None => now.iter().for_each(|&c| seen[c as usize] = true),
            Some(b) => {
                let was = &b.pixels[row + r.x..row + r.x + r.w];
                // Eight pixels at a time: a word of them all unchanged marks only the extra
                // slot; otherwise each pixel marks its colour when it differs.
                let mut now8 = now.chunks_exact(8);
                let mut was8 = was.chunks_exact(8);
                for (c8, p8) in (&mut now8).zip(&mut was8) {
                    let same = if word(c8) == word(p8) {
                        seen[256] = true;
                        0xff
                    } else {
                        unchanged(c8, p8, &mut seen)
                    };
                    free.put(same, 8);
                }
                let (c, p) = (now8.remainder(), was8.remainder());
                free.put(unchanged(c, p, &mut seen), c.len() as u32);
            }
        }
        px.extend_from_slice(now);
    }
    let mut used = [0u64; 4];
    for c in (0..256).filter(|&c| seen[c]) {
        used[c / 64] |= 1 << (c % 64);
    }
    Some(Change { rect: r, used, px, free: free.finish(), over: before.is_some() })
}

/// Which of up to eight pixels `now` are the same in `was` (bit `k` for pixel `k`), each
/// marking in `seen` its colour when it changed, the extra slot when not.
#[inline]
fn unchanged(now: &[u8], was: &[u8], seen: &mut [bool; 257]) -> u64 {
    let mut same = 0u64;
    for (k, (&c, &p)) in now.iter().zip(was).enumerate() {
        seen[if c == p { 256 } else { c as usize }] = true;
        same |= ((c == p) as u64) << k;
    }
    same
}

/// Bits gathered into 64-bit words, the first bit lowest.
struct Bits64 {
    words: Vec<u64>,
    /// The bits not yet in a word, and how many.
    bits: u64,
    held: u32,
}

impl Bits64 {
    /// Adds the low `count` bits of `b` (at most 8; the bits above them clear).
    #[inline]
    fn put(&mut self, b: u64, count: u32) {
        self.bits |= b << self.held;
        self.held += count;
        if self.held >= 64 {
            self.words.push(self.bits);
            self.held -= 64;
            self.bits = if self.held == 0 { 0 } else { b >> (count - self.held) };
        }
    }

    fn finish(mut self) -> Vec<u64> {
        if self.held > 0 {
            self.words.push(self.bits);
        }
        self.words
    }
}

/// What one frame sends: its rectangle's symbols (free ones marked [`FREE`]), minimum code
/// size and transparent index.
pub(crate) struct Plan {
    pub px: Vec<u16>,
    pub min_size: u8,
    pub transparent: Option<u8>,
}

/// Plans one frame from its change, with colours numbered by `number`.
pub(crate) fn plan(c: &Change, number: &[u16; 256]) -> Plan {
    // The numbers the changed pixels use, and the largest.
    let mut taken = [false; 257];
    let mut max = 0u16;
    for (col, &n) in number.iter().enumerate() {
        if c.used[col / 64] >> (col % 64) & 1 == 1 {
            taken[n as usize] = true;
            max = max.max(n);
        }
    }
    let mut transparent = None;
    let px = if c.over {
        let t = taken.iter().position(|&x| !x).expect("at most 256 colours") as u16;
        let limit = (1u16 << lzw::min_code_size(max.max(t) as u8)) - 1;
        // What each pixel (a colour, maybe free) is sent as.
        let send: [u16; 512] = std::array::from_fn(|v| {
            let n = number[v & 0xff];
            if v as u16 & FREE == 0 {
                n
            } else if n <= limit {
                n | FREE
            } else {
                t
            }
        });
        let any_free = c.free.iter().any(|&w| w != 0);
        let mut px = Vec::with_capacity(c.px.len());
        for (chunk, &w) in c.px.chunks(64).zip(&c.free) {
            px.extend(chunk.iter().enumerate().map(|(k, &v)| send[v as usize | ((w >> k) as usize & 1) << 8]));
        }
        if any_free {
            transparent = Some(t as u8);
            max = max.max(t);
        }
        px
    } else {
        c.px.iter().map(|&v| number[v as usize]).collect()
    };
    Plan { px, min_size: lzw::min_code_size(max as u8), transparent }
}

/// Compresses a planned frame: on the global table ([`encode_global`]), and on a table of its
/// own when that shortens its codes ([`encode_local`]); the shorter kept.
fn encode_plan(mut p: Plan, r: Rect, delay: u16, rgb: &dyn Fn(u16) -> [u8; 3]) -> Encoded {
    let global = encode_global(&mut p, r, delay);
    encode_local(&p, r, delay, global.data.len(), rgb).unwrap_or(global)
}

/// The frame with a colour table of its own: its colours numbered from 0 in the order of the
/// global numbers, the transparent index next; free pixels of other colours transparent.
/// None when that would not shorten its codes or would not make it (data and table) shorter
/// than `beat` bytes.
fn encode_local(p: &Plan, r: Rect, delay: u16, beat: usize, rgb: &dyn Fn(u16) -> [u8; 3]) -> Option<Encoded> {
    if p.px.len() > LOCAL_MAX {
        return None;
    }
    let t = p.transparent.map(|t| t as u16);
    let mut fixed = [false; 256];
    for &v in &p.px {
        if v & FREE == 0 && Some(v) != t {
            fixed[(v & 0xff) as usize] = true;
        }
    }
    let mut map = [u16::MAX; 256];
    let mut colours = Vec::new();
    for (n, _) in fixed.iter().enumerate().filter(|(_, f)| **f) {
        map[n] = colours.len() as u16;
        colours.push(n as u16);
    }
    let local_t = colours.len() as u16;
    let top = if t.is_some() { local_t } else { local_t.max(1) - 1 };
    let min_size = lzw::min_code_size(top as u8);
    if min_size >= p.min_size {
        return None;
    }
    let px: Vec<u16> =
        p.px.iter()
            .map(|&v| {
                let m = map[(v & 0xff) as usize];
                if Some(v) == t || (v & FREE != 0 && m == u16::MAX) { local_t } else { m | (v & !0xff) }
            })
            .collect();
    let lt = t.map(|_| local_t as u8);
    let table_len = 3 << min_size;
    let data = lzw::encode_under(&px, min_size, lt.unwrap_or(0), Clear::Deferred, beat.checked_sub(table_len)?)?;
    let mut table: Vec<u8> = colours.iter().flat_map(|&n| rgb(n)).collect();
    table.resize(table_len, 0);
    Some(Encoded { rect: r, transparent: lt, min_size, data, delay: delay as u32, local: Some(table) })
}

/// Frames of more pixels than this are not tried with a colour table of their own.
const LOCAL_MAX: usize = 1 << 17;

/// The frame on the global colour table, its free pixels sent one of six ways ([`way`]). A
/// small frame (at most [`SMALL`] pixels) is compressed all six ways and the shortest kept
/// (a way stops once it cannot be shorter, and one sending what an earlier way sent is skipped). A
/// large one is compressed once, the way among the three that win on large frames (free pixels
/// in mixed runs transparent first, all their colour first, settled as gifsicle settles them)
/// that sends a sample of its rows (one in [`SAMPLE_PART`], spread evenly) shortest.
fn encode_global(p: &mut Plan, r: Rect, delay: u16) -> Encoded {
    let t = p.transparent.unwrap_or(0);
    let runs = free_runs(&p.px);
    prefer_mixed_runs(&mut p.px, &runs);
    let encoded = |data: Vec<u8>, min_size: u8| Encoded {
        rect: r,
        transparent: p.transparent,
        min_size,
        data,
        delay: delay as u32,
        local: None,
    };
    if p.transparent.is_none() {
        let data = lzw::encode(&p.px, p.min_size, t, Clear::Deferred);
        return encoded(data, p.min_size);
    }
    let n = p.px.len();
    let best = if n <= SMALL {
        // Each way must be shorter than the best before it (ties keep the earlier way), so a
        // way that sends the same symbols as one before it is not compressed again.
        let mut tried: Vec<(Vec<u16>, u8)> = Vec::with_capacity(WAYS);
        let mut best: Option<(Vec<u8>, usize)> = None;
        // The best stream's pace: a way falling behind it stops (frames over `PACED` pixels).
        let mut best_pace: Vec<u32> = Vec::new();
        for k in 0..WAYS {
            let q = way(&p.px, &runs, k, t);
            let size = way_size(&q, k, p.min_size);
            if tried.iter().any(|(e, s)| *s == size && *e == q) {
                continue;
            }
            let limit = best.as_ref().map_or(usize::MAX, |b| b.0.len());
            let keep = if n > PACED { std::mem::take(&mut best_pace) } else { Vec::new() };
            let mut pace = lzw::Pace { keep, own: Vec::new() };
            if let Some(d) = lzw::encode_paced(&q, size, t, Clear::Deferred, limit, &mut pace) {
                best = Some((d, tried.len()));
                best_pace = pace.own;
            } else {
                best_pace = pace.keep;
            }
            tried.push((q, size));
        }
        best.map(|(d, i)| {
            let (q, size) = tried.swap_remove(i);
            (d, i, q, size)
        })
    } else {
        let rows = (n / SAMPLE_PART).max(SAMPLE_MIN).div_ceil(r.w).min(r.h);
        let step = r.h / rows;
        let sample: Vec<u16> = (0..rows)
            .flat_map(|i| &p.px[(i * step + step / 2) * r.w..(i * step + step / 2 + 1) * r.w])
            .copied()
            .collect();
        let sample = &sample[..];
        let sample_runs = free_runs(sample);
        let (mut k, mut shortest) = (0, usize::MAX);
        for j in [0, 1, 4] {
            let q = way(sample, &sample_runs, j, t);
            if let Some(d) = lzw::encode_under(&q, p.min_size, t, Clear::Deferred, shortest) {
                (k, shortest) = (j, d.len());
            }
        }
        let q = way(&p.px, &runs, k, t);
        let size = way_size(&q, k, p.min_size);
        Some((lzw::encode(&q, size, t, Clear::Deferred), k, q, size))
    };
    let (data, _, q, size) = best.expect("six ways");
    // The way chosen also goes to the trial of a table of its own.
    p.px = q;
    p.min_size = size;
    encoded(data, size)
}

/// Frames of more pixels than this (compressed every way) stop a way that falls behind the
/// best one's [`lzw::Pace`]: on smaller frames the ways' lengths cross more often, and stopping
/// early lost bytes (docs/measured.md).
const PACED: usize = 1 << 16;

/// How many ways of sending the free pixels [`way`] knows.
const WAYS: usize = 6;

/// Frames of at most this many pixels are compressed every way (see [`encode_global`]).
const SMALL: usize = 1 << 17;

/// A large frame chooses its way by this part of its pixels (whole rows, evenly spaced)...
const SAMPLE_PART: usize = 32;

/// ... and at least this many.
const SAMPLE_MIN: usize = 1 << 12;

/// A frame's pixels (free ones marked, mixed runs marked transparent first) sent way `k`:
/// 0 as marked; 1 every free pixel its colour first; 2 every free pixel transparent first;
/// 3 every free pixel transparent; 4 and 5 settled as gifsicle settles them ([`settle`]).
/// `runs`: the frame's [`free_runs`].
///
/// A free pixel whose colour is the transparent index cannot branch, so its [`PREFER_T`] is
/// cleared (two ways that differ only there send the same).
fn way(px: &[u16], runs: &[(usize, usize, bool)], k: usize, t: u8) -> Vec<u16> {
    let t16 = t as u16;
    match k {
        0 => px.iter().map(|&v| if v & 0xff == t16 { v & !PREFER_T } else { v }).collect(),
        1 => px.iter().map(|&v| v & !PREFER_T).collect(),
        2 => px.iter().map(|&v| if v & FREE != 0 && v & 0xff != t16 { v | PREFER_T } else { v & !PREFER_T }).collect(),
        3 => px.iter().map(|&v| if v & FREE != 0 { t as u16 } else { v }).collect(),
        _ => settle(px, runs, t, k == 5),
    }
}

/// The minimum code size way `k` needs: a settled way's codes need cover only the symbols it
/// sends.
fn way_size(q: &[u16], k: usize, min_size: u8) -> u8 {
    if k < 3 { min_size } else { lzw::min_code_size(q.iter().map(|&v| v as u8).max().unwrap_or(0)) }
}

/// The runs of free pixels (in sending order): each run's start, its end (exclusive) and
/// whether it holds more than one colour.
fn free_runs(px: &[u16]) -> Vec<(usize, usize, bool)> {
    // Stretches of 16 pixels are looked at whole first (an OR and an AND over them).
    const S: usize = 16;
    let n = px.len();
    let mut runs = Vec::new();
    let mut i = 0;
    loop {
        while i + S <= n && px[i..i + S].iter().fold(0, |a, &v| a | v) & FREE == 0 {
            i += S;
        }
        while i < n && px[i] & FREE == 0 {
            i += 1;
        }
        if i >= n {
            return runs;
        }
        let c = px[i] & 0xff;
        let mut j = i;
        let mut mixed = false;
        while j + S <= n && px[j..j + S].iter().fold(FREE, |a, &v| a & v) != 0 {
            mixed |= px[j..j + S].iter().fold(0, |a, &v| a | (v ^ c)) & 0xff != 0;
            j += S;
        }
        while j < n && px[j] & FREE != 0 {
            mixed |= px[j] & 0xff != c;
            j += 1;
        }
        runs.push((i, j, mixed));
        i = j;
    }
}

/// Every free pixel settled, as gifsicle settles them: a run of free pixels (in sending order)
/// of several colours transparent, of one colour its colour, or with `before_other`,
/// transparent too when the pixel after the run has another colour.
fn settle(px: &[u16], runs: &[(usize, usize, bool)], t: u8, before_other: bool) -> Vec<u16> {
    let mut out: Vec<u16> = px.iter().map(|&v| v & 0xff).collect();
    for &(i, j, mixed) in runs {
        if mixed || (before_other && j < px.len() && px[j] & 0xff != px[i] & 0xff) {
            out[i..j].fill(t as u16);
        }
    }
    out
}

/// Marks the free pixels of runs (of free pixels, in sending order) that hold more than one
/// colour to be tried as transparent first: one transparent run then replaces several.
fn prefer_mixed_runs(px: &mut [u16], runs: &[(usize, usize, bool)]) {
    for &(i, j, mixed) in runs {
        if mixed {
            px[i..j].iter_mut().for_each(|v| *v |= PREFER_T);
        }
    }
}

/// The smallest rectangle holding every pixel that differs (none when nothing does).
pub fn changed_rect(a: &Indexed, b: &Indexed) -> Option<Rect> {
    let w = a.width;
    let row = |y: usize| (&a.pixels[y * w..(y + 1) * w], &b.pixels[y * w..(y + 1) * w]);
    let differs = |y: &usize| {
        let (p, q) = row(*y);
        p != q
    };
    let y0 = (0..a.height).find(differs)?;
    let y1 = (y0..a.height).rev().find(differs)?;
    let (mut left, mut right) = (w, None::<usize>);
    for y in y0..=y1 {
        let (p, q) = row(y);
        if let Some(f) = first_difference(&p[..left], &q[..left]) {
            left = f;
        }
        let from = right.map_or(0, |r| r + 1);
        if let Some(l) = last_difference(&p[from..], &q[from..]) {
            right = Some(from + l);
        }
    }
    let right = right.expect("a row that differs has a pixel that differs");
    Some(Rect { x: left, y: y0, w: right - left + 1, h: y1 - y0 + 1 })
}

/// Eight bytes as one word (in order: the first byte lowest).
#[inline]
fn word(s: &[u8]) -> u64 {
    u64::from_le_bytes(s.try_into().expect("eight bytes"))
}

/// The first position where `p` and `q` (of one length) differ, eight bytes at a time.
fn first_difference(p: &[u8], q: &[u8]) -> Option<usize> {
    let whole = p.len() / 8 * 8;
    for (i, (a, b)) in p[..whole].chunks_exact(8).zip(q[..whole].chunks_exact(8)).enumerate() {
        let x = word(a) ^ word(b);
        if x != 0 {
            return Some(i * 8 + x.trailing_zeros() as usize / 8);
        }
    }
    (whole..p.len()).find(|&i| p[i] != q[i])
}

/// The last position where `p` and `q` (of one length) differ, eight bytes at a time.
fn last_difference(p: &[u8], q: &[u8]) -> Option<usize> {
    let tail = p.len() % 8;
    if let Some(i) = (p.len() - tail..p.len()).rev().find(|&i| p[i] != q[i]) {
        return Some(i);
    }
    let whole = p.len() - tail;
    for i in (0..whole / 8).rev() {
        let x = word(&p[i * 8..i * 8 + 8]) ^ word(&q[i * 8..i * 8 + 8]);
        if x != 0 {
            return Some(i * 8 + 7 - x.leading_zeros() as usize / 8);
        }
    }
    None
}

/// Encodes already rendered frames as an animated GIF (looping forever) to any output.
pub fn encode_gif<W: Shrink>(out: W, frames: &[Frame], palette: &Palette) -> io::Result<W> {
    let Some(first) = frames.first() else {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "an animation needs at least one frame"));
    };
    let mut gif = GifStream::new(out, first.image.width, first.image.height)?;
    gif.write_batch(frames.to_vec(), palette)?;
    gif.finish(palette)
}
