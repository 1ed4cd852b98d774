//! Pushing boxes (UVa 589), the one-box ancestor of Sokoban.
//!
//! `rules` walks and pushes (for any number of boxes, so the same engine plays Sokoban levels);
//! `format` reads UVa 589 mazes and prints answers; `solve` finds the fewest pushes, then the
//! fewest moves, over (box, player) states.
//!
//! Depends on the shared ground (`grid`, `scene`, `anim`, `error`, `input`, `cleanup`) and
//! its own files only: never on `trace`, `save`, `certify`, `editor`, the window or the
//! command line, which hold this game's part in a file of their own (a test checks the layers).

pub mod bench;
pub mod format;
pub mod merge;
pub mod rules;
pub mod scene;
pub mod search;
pub mod solve;
pub mod xsb;

pub use rules::{Level, Move, Position, Step};
