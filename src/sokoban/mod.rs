//! Pushing boxes (UVa 589), the one-box ancestor of Sokoban.
//!
//! `rules` walks and pushes (for any number of boxes, so the same engine plays Sokoban levels);
//! `format` reads UVa 589 mazes and prints answers; `solve` finds the fewest pushes, then the
//! fewest moves, over (box, player) states; `xsb` reads Sokoban collections (XSB, SOK);
//! `search/` is the many-box solver (the largest subsystem: see its module documentation);
//! `bench` runs it over a collection; `scene` is how a position looks and each step moves;
//! `merge` joins libraries of solutions.
//!
//! Depends on the shared ground (the layers test's `GROUND` in `lib.rs`) and
//! its own files only: never on `trace`, `save`, `certify`, `editor`, the window or the
//! command line, which hold this game's part in a file of their own (a test checks the layers).

pub mod bench;
pub mod format;
pub mod merge;
pub mod rules;
pub mod scene;
pub mod search;
pub mod sok;
pub mod solve;
pub mod xsb;

pub use rules::{Level, Move, Position, Step};
