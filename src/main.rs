//! The `tumblebox` binary: the command line (see `cli.rs`).

mod bench;
mod cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    cli::run(cli::Cli::parse())
}
