//! Every integration test, in one binary: the graphics stack is linked once, not once a
//! file. Each module is one subject (its own comment says which); `common` holds what they
//! share. The window's tests (`app`, `save`) need the `app` feature.

mod common;

#[cfg(feature = "app")]
mod access;
#[cfg(feature = "app")]
mod app;
mod builtin_levels;
mod cli;
mod copied_from_debugger;
mod export;
mod fuzz_regressions;
mod hardening;
mod honest;
#[cfg(feature = "app")]
mod library;
mod library_lines;
mod merge;
mod progress;
mod properties;
#[cfg(feature = "app")]
mod reverse;
#[cfg(feature = "app")]
mod save;
#[cfg(feature = "app")]
mod sokoban_comforts;
mod sokoban_levels;
mod trace;
mod vexed_levels;
#[cfg(feature = "app")]
mod window;
#[cfg(feature = "app")]
mod window_bugs;
#[cfg(feature = "app")]
mod window_drop;
#[cfg(feature = "app")]
mod window_export;
#[cfg(feature = "app")]
mod window_phone;
#[cfg(feature = "app")]
mod window_play;
