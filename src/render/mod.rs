//! Drawing scenes without a window: [`raster`] turns a scene into palette indices, [`export`]
//! writes PNG and animated GIF files atomically.

pub mod export;
pub mod frames;
pub mod raster;
