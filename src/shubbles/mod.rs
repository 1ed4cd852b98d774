//! The shubbles and smoles box: a 29-cell box that rotates; shubbles and smoles fall; the stot
//! moves; creatures leave through the opening under cell 28. Geometry and rules follow
//! `specs/shubbles-box.md`.
//!
//! `rules` simulates one operation at a time and reports every physical step; `format` reads
//! the judge input and prints the state string and the ASCII picture.

pub mod format;
pub mod rules;
pub mod scene;
pub mod solve;

pub use rules::{Content, Failure, Op, State, Step};
