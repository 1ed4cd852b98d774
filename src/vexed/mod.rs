//! Vexed: blocks slide left or right, fall, and touching twins vanish in chains.
//!
//! `rules` is the reference engine that reports every physical step; `format` reads and
//! writes the World Finals judge format, the Palm `.ini` and Android `.txt` packs and the move
//! notations; `solve` is the exact minimum-move solver (its own compact bitboard engine,
//! checked against `rules` by replay and by property tests).
//!
//! Depends on the shared ground (`grid`, `scene`, `anim`, `error`, `input`, `cleanup`) and
//! its own files only: never on `trace`, `save`, `certify`, `editor`, the window or the
//! command line, which hold this game's part in a file of their own (a test checks the layers).

pub mod format;
pub mod rules;
pub mod scene;
pub mod solve;
pub mod sweep;

pub use rules::{Board, Cell, Move, Side, Step};
/// The judge's tie-break, kept where callers have always found it.
pub use solve::first;
