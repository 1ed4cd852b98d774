//! Drawing scenes without a window: [`raster`] turns a scene into palette indices, [`export`]
//! writes PNG and animated GIF files atomically.
//!
//! Depends on the shared ground only (scenes in, pixels and files out): no game, no window.

pub mod apng;
pub mod export;
pub mod frames;
pub mod gifenc;
pub mod lzw;
pub mod raster;

#[cfg(test)]
mod gif_tests;
