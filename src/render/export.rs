//! Files out: PNG and animated GIF, written atomically (a temporary file beside the target,
//! then a rename), so an interrupted or failed export never leaves a truncated file under the
//! target name. A command with several outputs stages them all first ([`stage`]) and renames
//! them only when every one is written ([`Staged::commit`]), so it writes all of them or none.
//!
//! What may be replaced: an absent path, or a regular file. A symbolic link is followed to the
//! file it names (the link stays; the file it points to is replaced). Anything else (a FIFO, a
//! device, a socket, a folder, a link to one of those, a link to nothing) is refused with an
//! error before anything is written.
//!
//! GIFs are written as a stream ([`GifStream`]): frames arrive in order, are rendered and
//! LZW-compressed in parallel a batch at a time, and are written out, so memory holds one
//! batch whatever the animation's length. One global palette (the frames' shared
//! [`Palette`], grown in frame order) is written at the end over a 256-entry table reserved in
//! the header. After the first frame, each frame encodes only the rectangle that changed, with
//! unchanged pixels transparent (the transparent index is the palette's size after that frame,
//! an index no pixel of it uses), and keeps the previous frame underneath. A frame identical to
//! the one before is a 1x1 transparent frame, so every frame keeps its own delay.

use super::raster::{Indexed, Palette};
use rayon::prelude::*;
use std::io::{self, Seek, SeekFrom, Write};
use std::path::Path;

#[cfg(not(target_arch = "wasm32"))]
mod disk;
#[cfg(not(target_arch = "wasm32"))]
pub use disk::{Sink, Staged, real_target, stage};

#[cfg(target_arch = "wasm32")]
mod download;
#[cfg(target_arch = "wasm32")]
pub use download::{Sink, Staged, push_download, stage, take_downloads};

/// Writes a file atomically: `write` fills a temporary file in the same folder, which is then
/// renamed over `path`. On any error the temporary file is removed and `path` is untouched.
pub fn write_atomic(path: &Path, write: impl FnOnce(&mut Sink) -> io::Result<()>) -> io::Result<()> {
    stage(path, write)?.commit()
}

/// Encodes one indexed image as an RGB PNG.
pub fn encode_png<W: Write>(out: W, img: &Indexed, palette: &Palette) -> io::Result<()> {
    use image::ImageEncoder;
    let rgb = img.to_rgb(palette);
    image::codecs::png::PngEncoder::new(out)
        .write_image(&rgb, img.width as u32, img.height as u32, image::ExtendedColorType::Rgb8)
        .map_err(io::Error::other)
}

/// Writes one indexed image as an RGB PNG, atomically.
pub fn write_png(path: &Path, img: &Indexed, palette: &Palette) -> io::Result<()> {
    write_atomic(path, |w| encode_png(w, img, palette))
}

/// The largest GIF side (the format stores sizes in 16 bits).
const GIF_MAX_SIDE: usize = u16::MAX as usize;

/// An animated GIF being written frame by frame (looping forever). Frames are given already
/// rendered, a batch at a time ([`GifStream::write_batch`]); see the module documentation.
pub struct GifStream<W: Write + Seek> {
    enc: gif::Encoder<W>,
    /// Where the global colour table starts in the output.
    table_at: u64,
    prev: Option<Indexed>,
    frames: usize,
}

/// One rendered frame of a batch, on the batch's shared palette, and its delay.
pub struct Frame {
    pub image: Indexed,
    pub delay_cs: u16,
}

impl<W: Write + Seek> GifStream<W> {
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
        // Reserved: the real palette is written over it at the end.
        let table = [0u8; 256 * 3];
        let mut enc = gif::Encoder::new(out, width as u16, height as u16, &table).map_err(io::Error::other)?;
        let repeat = if loops == 0 { gif::Repeat::Infinite } else { gif::Repeat::Finite(loops) };
        enc.set_repeat(repeat).map_err(io::Error::other)?;
        // "GIF89a" and the logical screen descriptor come before the table.
        Ok(GifStream { enc, table_at: start + 13, prev: None, frames: 0 })
    }

    /// Writes frames whose images use `palette` as it stands (every index below
    /// `palette_len[k]` for frame k: the palette's size right after that frame was added).
    pub fn write_batch(&mut self, frames: &[Frame], palette_len: &[usize]) -> io::Result<()> {
        let prev = self.prev.take();
        let encoded: Vec<gif::Frame<'static>> = frames
            .par_iter()
            .enumerate()
            .map(|(k, f)| {
                let before = if k == 0 { prev.as_ref() } else { Some(&frames[k - 1].image) };
                let transparent = palette_len[k].min(255) as u8;
                let mut frame = frame_for(before, &f.image, transparent);
                frame.delay = f.delay_cs;
                frame.make_lzw_pre_encoded();
                frame
            })
            .collect();
        for frame in &encoded {
            self.enc.write_lzw_pre_encoded_frame(frame).map_err(io::Error::other)?;
        }
        self.frames += frames.len();
        self.prev = match frames.last() {
            Some(f) => Some(f.image.clone()),
            None => prev,
        };
        Ok(())
    }

    /// How many frames have been written so far.
    pub fn frames_written(&self) -> usize {
        self.frames
    }

    /// Ends the file and writes the final palette into the reserved table.
    pub fn finish(self, palette: &Palette) -> io::Result<W> {
        if self.frames == 0 {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "an animation needs at least one frame"));
        }
        let mut out = self.enc.into_inner().map_err(io::Error::other)?;
        let end = out.stream_position()?;
        let mut table = palette.rgb_table();
        table.resize(256 * 3, 0);
        out.seek(SeekFrom::Start(self.table_at))?;
        out.write_all(&table)?;
        out.seek(SeekFrom::Start(end))?;
        Ok(out)
    }
}

/// Encodes already rendered frames as an animated GIF (looping forever) to any writer.
pub fn encode_gif<W: Write + Seek>(out: W, frames: &[Frame], palette: &Palette) -> io::Result<()> {
    let Some(first) = frames.first() else {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "an animation needs at least one frame"));
    };
    let mut gif = GifStream::new(out, first.image.width, first.image.height)?;
    let lens = vec![palette.len(); frames.len()];
    gif.write_batch(frames, &lens)?;
    gif.finish(palette)?;
    Ok(())
}

/// The GIF frame for `img` drawn over `prev`: the whole image first, then only the changed
/// rectangle, with unchanged pixels transparent (a 1x1 transparent frame when nothing changed).
fn frame_for(prev: Option<&Indexed>, img: &Indexed, transparent: u8) -> gif::Frame<'static> {
    let w = img.width;
    let (left, top, fw, fh, buf) = match prev {
        None => (0, 0, w, img.height, img.pixels.clone()),
        Some(p) => match changed_rect(p, img) {
            None => (0, 0, 1, 1, vec![transparent]),
            Some((x0, y0, x1, y1)) => {
                let mut buf = Vec::with_capacity((x1 - x0 + 1) * (y1 - y0 + 1));
                for y in y0..=y1 {
                    let row = y * w;
                    for x in x0..=x1 {
                        let v = img.pixels[row + x];
                        buf.push(if v == p.pixels[row + x] { transparent } else { v });
                    }
                }
                (x0, y0, x1 - x0 + 1, y1 - y0 + 1, buf)
            }
        },
    };
    gif::Frame {
        dispose: gif::DisposalMethod::Keep,
        transparent: prev.map(|_| transparent),
        left: left as u16,
        top: top as u16,
        width: fw as u16,
        height: fh as u16,
        buffer: std::borrow::Cow::Owned(buf),
        ..gif::Frame::default()
    }
}

/// The bounding box (x0, y0, x1, y1), inclusive, of the pixels that differ.
fn changed_rect(a: &Indexed, b: &Indexed) -> Option<(usize, usize, usize, usize)> {
    let w = a.width;
    let mut y0 = None;
    let mut y1 = 0;
    let (mut x0, mut x1) = (usize::MAX, 0);
    for y in 0..a.height {
        let (ra, rb) = (&a.pixels[y * w..(y + 1) * w], &b.pixels[y * w..(y + 1) * w]);
        if ra == rb {
            continue;
        }
        y0.get_or_insert(y);
        y1 = y;
        let first = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap_or(0);
        let last = ra.iter().zip(rb).rposition(|(p, q)| p != q).unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last);
    }
    y0.map(|y0| (x0, y0, x1, y1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_write_leaves_nothing() {
        let dir = std::env::temp_dir().join(format!("tumblebox-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("out.gif");
        let r = write_atomic(&target, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("interrupted"))
        });
        assert!(r.is_err());
        assert!(!target.exists());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "temporary file removed");
        // A previous good file survives a failed rewrite.
        std::fs::write(&target, b"good").unwrap();
        let _ = write_atomic(&target, |_| Err(io::Error::other("no")));
        assert_eq!(std::fs::read(&target).unwrap(), b"good");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
