//! tumblebox: grid puzzles where blocks slide, fall, vanish, get pushed and pile up.
//!
//! The library holds the four games' models (rules, formats, solvers) with no drawing, UI or
//! I/O dependency; `app` is the desktop window; the binary (`src/main.rs`, `src/cli.rs`) is the
//! command line.
//!
//! A move returns the new state and the physical steps that happened:
//!
//! ```
//! use tumblebox::shubbles::format::{parse_ops, parse_state};
//! use tumblebox::shubbles::Step;
//!
//! // Fig. 1(a) of the shubbles challenge, turned once clockwise.
//! let start = parse_state(".........@...o....ooo..xox...", 1).unwrap();
//! let run = start.run(&parse_ops("+", 2).unwrap());
//! assert_eq!(run.end().text(), ".........@......o...ooo...xox");
//! let steps = &run.applied[0].1.steps;
//! assert!(matches!(steps[0], Step::Rotate { quarter_turns: 1, .. }));
//! assert!(steps[1..].iter().all(|s| matches!(s, Step::Fall { .. })));
//! ```

pub mod anim;
#[cfg(feature = "app")]
pub mod app;
pub mod certify;
pub mod cleanup;
pub mod editor;
pub mod error;
pub mod generate;
pub mod grid;
pub mod input;
pub mod judge;
pub mod levels;
pub mod loader;
pub mod render;
pub mod save;
pub mod scene;
pub mod shubbles;
pub mod sokoban;
pub mod stacks;
pub mod trace;
pub mod vexed;
