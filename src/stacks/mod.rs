//! Stacks: Baekjoon 17837 "New Game 2" and its sibling 17780 "New Game". Pieces ride stacks
//! across white, red and blue squares; the game ends the moment a square holds four pieces.
//!
//! `rules` moves one piece at a time and reports every physical step; `format` reads the
//! Baekjoon input.
//!
//! Depends on the shared ground (`grid`, `scene`, `anim`, `error`, `input`, `cleanup`) and
//! its own files only: never on `trace`, `save`, `certify`, `editor`, the window or the
//! command line, which hold this game's part in a file of their own (a test checks the layers).

pub mod format;
pub mod play;
pub mod rules;
pub mod scene;

pub use rules::{Color, Game, Heading, Rule, Step};
