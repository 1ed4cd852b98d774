//! The shubbles and smoles box: a 29-cell box that rotates; shubbles and smoles fall; the stot
//! moves; creatures leave through the opening under cell 28. Geometry and rules follow
//! `specs/shubbles-box.md`.
//!
//! `rules` simulates one operation at a time and reports every physical step; `format` reads
//! the judge input and prints the state string and the ASCII picture.
//!
//! Depends on the shared ground (`grid`, `scene`, `anim`, `error`, `input`, `cleanup`) and
//! its own files only: never on `trace`, `save`, `certify`, `editor`, the window or the
//! command line, which hold this game's part in a file of their own (a test checks the layers).

pub mod format;
pub mod rules;
pub mod scene;
pub mod solve;

pub use rules::{Content, Failure, Op, State, Step};
