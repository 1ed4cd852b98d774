//! Stacks: Baekjoon 17837 "New Game 2" and its sibling 17780 "New Game". Pieces ride stacks
//! across white, red and blue squares; the game ends the moment a square holds four pieces.
//!
//! `rules` moves one piece at a time and reports every physical step; `format` reads the
//! Baekjoon input.

pub mod format;
pub mod play;
pub mod rules;
pub mod scene;

pub use rules::{Color, Game, Heading, Rule, Step};
