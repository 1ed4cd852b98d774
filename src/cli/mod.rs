//! The command line: judge-compatible front ends for the four original problems, plus solving,
//! proving, benchmarking, tracing and export tools. The judges and solvers are library calls;
//! this folder reads, writes and chooses the exit status ([`status`]: the one table).
//!
//! - `flags`: flags shared by several commands, checked as they are parsed;
//! - `read`: inputs (files, standard input; capped in size), `write`: outputs (checked before
//!   the work, staged under temporary names, committed together; standard output),
//!   `message`: one-line messages, `status`: exit statuses;
//! - one file per game (`vexed`, `vexed_prove`, `vexed_bench`, `shubbles`, `sokoban`,
//!   `stacks`) and per command that is no game's (`save`: `export SAVE`, `certify`,
//!   `generate`), each with its clap arguments and its runs.
//!
//! Answers are assembled in full, and output files staged under temporary names, before
//! anything is printed (traces and certify print as they go: their lines are final when
//! printed); files are renamed into place only when everything else succeeded, so a command
//! writes all of its outputs or none.
//!
//! Nothing in the library depends on this folder.

mod certify;
mod flags;
mod generate;
mod message;
mod progress;
mod read;
mod save;
mod shubbles;
mod sokoban;
mod stacks;
mod status;
mod vexed;
mod vexed_bench;
mod vexed_prove;
mod write;

use clap::{Parser, Subcommand};
use message::{clap_line, say};
use status::{Done, Failure};
use std::path::PathBuf;
use std::process::ExitCode;

pub use write::guard_standard_streams;

#[derive(Parser)]
#[command(name = "tumblebox", version, about = "Grid puzzles where blocks slide, fall, vanish, get pushed and pile up")]
#[command(args_conflicts_with_subcommands = true, allow_negative_numbers = true)]
#[command(after_help = status::summary())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// With no command: a level file to open in the window (any kind File › Open takes)
    #[arg(value_name = "LEVELS")]
    pub open: Option<PathBuf>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Vexed: slide blocks, let them fall, match twins
    #[command(subcommand)]
    Vexed(vexed::VexedCmd),
    /// The shubbles and smoles box
    #[command(subcommand)]
    Shubbles(shubbles::ShubblesCmd),
    /// Pushing boxes (UVa 589) and Sokoban (XSB collections)
    #[command(subcommand)]
    Sokoban(sokoban::SokobanCmd),
    /// Stacks (Baekjoon 17837 "New Game 2" and 17780 "New Game")
    #[command(subcommand)]
    Stacks(stacks::StacksCmd),
    /// Export a save file (.tumble, from the window's File › Save game or `export --save`): the
    /// moves in effect since its last restart, as a GIF, APNG or strip, or the position at its
    /// cursor as PNG
    #[command(after_help = status::after("export"))]
    Export(save::ExportSave),
    /// Certify the levels of any level file (the window's kinds, saves included: their level):
    /// each one's par, proven optimal or not with its bound, unsolvable and why, or, for stacks
    /// boards, the turn the game ends in (-1: not by the last turn). Each level's line is
    /// printed as it is decided.
    #[command(after_help = status::after("certify"))]
    Certify(certify::CertifyArgs),
    /// Generate levels certified by the solvers (how `assets/levels/` was made)
    #[command(after_help = status::after("generate"))]
    Generate(generate::GenerateArgs),
    /// What the window keeps of your play (solves, bests, libraries, snapshots, statistics,
    /// kept games), per game and pack; `export` and `import` move it between machines
    #[command(after_help = status::after("progress"))]
    Progress(progress::ProgressArgs),
}

/// Parses the command line; help and version go to stdout with status 0, anything else wrong
/// is one line on stderr with status 2.
pub fn parse() -> Result<Cli, ExitCode> {
    match Cli::try_parse() {
        Ok(cli) => Ok(cli),
        Err(e) => {
            use clap::error::ErrorKind;
            match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    Err(ExitCode::SUCCESS)
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    Err(ExitCode::from(status::BAD))
                }
                _ => {
                    say(&clap_line(&e));
                    Err(ExitCode::from(status::BAD))
                }
            }
        }
    }
}

/// Runs a parsed command line: the command's work, then its answer on stdout, its files
/// committed, its notes on stderr, and its exit status.
pub fn run(cli: Cli) -> ExitCode {
    let Some(command) = cli.command else {
        return match cli.open {
            Some(p) => match read::level_file(&p) {
                Ok(()) => open_window(Some(p)),
                Err(f) => finish(Err(f)),
            },
            None => open_window(None),
        };
    };
    finish(match command {
        Command::Vexed(c) => vexed::run(c),
        Command::Shubbles(c) => shubbles::run(c),
        Command::Sokoban(c) => sokoban::run(c),
        Command::Stacks(c) => stacks::run(c),
        Command::Export(a) => save::run(a),
        Command::Certify(a) => certify::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Progress(a) => progress::run(a),
    })
}

/// The end of every command: stdout first (if it fails, the staged files are dropped, so
/// removed, unwritten), then the files, then the notes.
fn finish(result: Result<Done, Failure>) -> ExitCode {
    let done = match result {
        Ok(d) => d,
        Err(f) => {
            say(&f.msg);
            return ExitCode::from(f.code);
        }
    };
    if let Err(f) = write::emit(&done.out) {
        say(&f.msg);
        return ExitCode::from(f.code);
    }
    for staged in done.files {
        if let Err(e) = staged.commit() {
            say(&format!("cannot write an output file: {e}"));
            return ExitCode::from(status::BAD);
        }
    }
    for n in &done.notes {
        say(n);
    }
    ExitCode::from(done.code)
}

#[cfg(feature = "app")]
fn open_window(file: Option<PathBuf>) -> ExitCode {
    if let Some(why) = message::no_display() {
        say(&why);
        return ExitCode::from(status::BAD);
    }
    let result = tumblebox::app::run(file);
    // Whatever a closing window left being written (an export's staged file) goes with it.
    tumblebox::cleanup::remove_all();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            say(&message::window_error(&e.to_string()));
            ExitCode::from(status::BAD)
        }
    }
}

#[cfg(not(feature = "app"))]
fn open_window(_: Option<PathBuf>) -> ExitCode {
    say("this tumblebox was built without the window (the `app` feature): see tumblebox --help");
    ExitCode::from(status::BAD)
}
