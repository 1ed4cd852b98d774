//! Files out: PNG and animated GIF, written atomically (a temporary file beside the target,
//! then a rename), so an interrupted or failed export never leaves a truncated file under the
//! target name.
//!
//! GIFs use one global palette (the frames' shared [`Palette`]); after the first frame, each
//! frame encodes only the rectangle that changed, with unchanged pixels transparent, and keeps
//! the previous frame underneath. A frame identical to the one before is a 1x1 transparent
//! frame, so every frame keeps its own delay.

use super::raster::{Indexed, Palette};
use rayon::prelude::*;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Writes a file atomically: `write` fills a temporary file in the same folder, which is then
/// renamed over `path`. On any error the temporary file is removed and `path` is untouched.
pub fn write_atomic(path: &Path, write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name =
        path.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the target is not a file name"))?;
    let tmp = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
    let result = (|| {
        let mut w = BufWriter::new(File::create(&tmp)?);
        write(&mut w)?;
        w.flush()?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Writes one indexed image as an RGB PNG.
pub fn write_png(path: &Path, img: &Indexed, palette: &Palette) -> io::Result<()> {
    use image::ImageEncoder;
    let rgb = img.to_rgb(palette);
    write_atomic(path, |w| {
        image::codecs::png::PngEncoder::new(w)
            .write_image(&rgb, img.width as u32, img.height as u32, image::ExtendedColorType::Rgb8)
            .map_err(io::Error::other)
    })
}

/// One frame of an animation and how long it shows, in centiseconds.
pub struct Frame {
    pub image: Indexed,
    pub delay_cs: u16,
}

/// Encodes frames as an animated GIF (looping forever) to any writer.
pub fn encode_gif<W: Write>(out: W, frames: &[Frame], palette: &Palette) -> io::Result<()> {
    let Some(first) = frames.first() else {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "an animation needs at least one frame"));
    };
    let (w, h) = (first.image.width, first.image.height);
    if w > u16::MAX as usize || h > u16::MAX as usize {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "image too large for GIF"));
    }
    let mut table = palette.rgb_table();
    let transparent = palette.len() as u8; // index 255 at most: kept free by the palette
    table.extend([0, 0, 0]);
    let mut enc = gif::Encoder::new(out, w as u16, h as u16, &table).map_err(io::Error::other)?;
    enc.set_repeat(gif::Repeat::Infinite).map_err(io::Error::other)?;
    // Each frame is cut and LZW-compressed independently (in parallel), then written in order.
    let encoded: Vec<gif::Frame<'static>> = frames
        .par_iter()
        .enumerate()
        .map(|(k, f)| {
            let prev = k.checked_sub(1).map(|p| &frames[p].image);
            let mut frame = frame_for(prev, &f.image, transparent);
            frame.delay = f.delay_cs;
            frame.make_lzw_pre_encoded();
            frame
        })
        .collect();
    for frame in &encoded {
        enc.write_lzw_pre_encoded_frame(frame).map_err(io::Error::other)?;
    }
    enc.into_inner().map_err(io::Error::other)?;
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

/// Writes an animated GIF atomically.
pub fn write_gif(path: &Path, frames: &[Frame], palette: &Palette) -> io::Result<()> {
    write_atomic(path, |w| encode_gif(w, frames, palette))
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
