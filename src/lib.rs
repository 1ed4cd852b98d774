//! tumblebox: grid puzzles where blocks slide, fall, vanish, get pushed and pile up.
//!
//! The library holds the four games' models (rules, formats, solvers) with no drawing, UI or
//! I/O dependency; the binary (`src/main.rs`, `src/cli.rs`) is the command line.

pub mod anim;
pub mod app;
pub mod error;
pub mod generate;
pub mod grid;
pub mod levels;
pub mod render;
pub mod scene;
pub mod shubbles;
pub mod sokoban;
pub mod stacks;
pub mod vexed;
