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
//! Animated GIFs are written as a stream by [`super::gifenc`] (re-exported here).

use super::raster::{Indexed, Palette};
use std::io::{self, Write};
use std::path::Path;

pub use super::gifenc::{Frame, GifStream, Shrink, encode_gif};

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
