//! The clocks. A desktop process has the operating system's; a web page (wasm32) has none in
//! `std` (`Instant::now` panics there), so it reads the browser's `performance.now()` and
//! `Date.now()` through `web-time`, which has the same types and methods.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::{Instant, SystemTime, UNIX_EPOCH};
#[cfg(target_arch = "wasm32")]
pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
