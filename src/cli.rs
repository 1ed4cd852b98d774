//! The command line: judge-compatible front ends for the four original problems, plus solving
//! and benchmarking tools. Library errors become one line on stderr and exit status 2; answers
//! are assembled in full before anything is printed, so a bad input never yields half an answer.

use clap::{Parser, Subcommand};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use tumblebox::error::{ParseError, utf8};
use tumblebox::{shubbles, sokoban, stacks, vexed};

#[derive(Parser)]
#[command(
    name = "tumblebox",
    version,
    about = "Grid puzzles where blocks slide, fall, vanish, get pushed and pile up"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Vexed: slide blocks, let them fall, match twins
    #[command(subcommand)]
    Vexed(VexedCmd),
    /// The shubbles and smoles box
    #[command(subcommand)]
    Shubbles(ShubblesCmd),
    /// Pushing boxes (UVa 589)
    #[command(subcommand)]
    Sokoban(SokobanCmd),
    /// Stacks (Baekjoon 17837 "New Game 2" and 17780 "New Game")
    #[command(subcommand)]
    Stacks(StacksCmd),
}

#[derive(Subcommand)]
pub enum VexedCmd {
    /// ACM World Finals 2001 "A Vexing Problem": puzzles until `0 0`, minimum solutions out.
    ///
    /// Every puzzle is read before any is solved: a bad input prints no answers. A puzzle with
    /// no solution prints `NAME: No solution`.
    Judge {
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
pub enum ShubblesCmd {
    /// Two lines in (the 29-character state, the operations); the final state or `!` out.
    Judge {
        /// Print the ASCII picture of the final state in its final orientation instead
        #[arg(long)]
        picture: bool,
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
pub enum SokobanCmd {
    /// UVa 589 "Pushing Boxes": mazes until `0 0`; fewest pushes, then fewest moves.
    ///
    /// Every maze is read before any is solved: a bad input prints no answers.
    Judge {
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
pub enum StacksCmd {
    /// Baekjoon 17837 "New Game 2": the turn in which four pieces first share a square, or -1.
    Judge {
        /// Baekjoon 17780's rule: only the bottom piece of a stack moves
        #[arg(long)]
        bottom_only: bool,
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
}

/// A failure the binary reports: one line on stderr, exit status 2.
pub struct Failure(pub String);

impl Failure {
    fn parse(source: &str, e: ParseError) -> Failure {
        Failure(format!("{source}: {e}"))
    }
}

struct Input {
    name: String,
    text: String,
}

fn read_input(file: &Option<PathBuf>) -> Result<Input, Failure> {
    let (name, bytes) = match file {
        Some(p) => {
            let name = p.display().to_string();
            let bytes =
                std::fs::read(p).map_err(|e| Failure(format!("{name}: cannot read: {e}")))?;
            (name, bytes)
        }
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| Failure(format!("standard input: cannot read: {e}")))?;
            ("standard input".to_string(), bytes)
        }
    };
    let text = utf8(&bytes)
        .map_err(|e| Failure::parse(&name, e))?
        .to_string();
    Ok(Input { name, text })
}

pub fn run(cli: Cli) -> ExitCode {
    let Some(command) = cli.command else {
        use clap::CommandFactory;
        let _ = Cli::command().print_help();
        println!();
        return ExitCode::SUCCESS;
    };
    let result = match command {
        Command::Vexed(VexedCmd::Judge { file }) => vexed_judge(&file),
        Command::Shubbles(ShubblesCmd::Judge { picture, file }) => shubbles_judge(&file, picture),
        Command::Sokoban(SokobanCmd::Judge { file }) => sokoban_judge(&file),
        Command::Stacks(StacksCmd::Judge { bottom_only, file }) => stacks_judge(&file, bottom_only),
    };
    match result.and_then(|out| emit(&out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(msg)) => {
            eprintln!("tumblebox: {msg}");
            ExitCode::from(2)
        }
    }
}

fn emit(out: &str) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(out.as_bytes())
        .and_then(|_| stdout.flush())
        .map_err(|e| Failure(format!("cannot write the answer: {e}")))
}

fn vexed_judge(file: &Option<PathBuf>) -> Result<String, Failure> {
    let input = read_input(file)?;
    let puzzles =
        vexed::format::parse_judge(&input.text).map_err(|e| Failure::parse(&input.name, e))?;
    let mut out = String::new();
    for p in &puzzles {
        let report = vexed::solve::solve(&p.board, Default::default())
            .map_err(|e| Failure(format!("{}: puzzle `{}`: {e}", input.name, p.name)))?;
        match report.outcome {
            vexed::solve::Outcome::Solved { moves, .. } => {
                out.push_str(&format!(
                    "{}: Minimum solution length = {}\n",
                    p.name,
                    moves.len()
                ));
                for line in vexed::format::solution_lines(&p.board.settle().0, &moves) {
                    out.push_str(&line);
                    out.push('\n');
                }
            }
            vexed::solve::Outcome::Unsolvable => {
                out.push_str(&format!("{}: No solution\n", p.name))
            }
            vexed::solve::Outcome::LimitReached(_) => {
                return Err(Failure(format!(
                    "{}: puzzle `{}`: the search hit a limit",
                    input.name, p.name
                )));
            }
        }
    }
    Ok(out)
}

fn shubbles_judge(file: &Option<PathBuf>, picture: bool) -> Result<String, Failure> {
    let input = read_input(file)?;
    let (state, ops) =
        shubbles::format::parse_judge(&input.text).map_err(|e| Failure::parse(&input.name, e))?;
    let run = state.run(&ops);
    Ok(match run.failure() {
        Some(_) => "!\n".to_string(),
        None if picture => shubbles::format::picture(&run.end()),
        None => format!("{}\n", run.end().text()),
    })
}

fn sokoban_judge(file: &Option<PathBuf>) -> Result<String, Failure> {
    let input = read_input(file)?;
    let mazes =
        sokoban::format::parse_judge(&input.text).map_err(|e| Failure::parse(&input.name, e))?;
    let mut out = String::new();
    for (k, maze) in mazes.iter().enumerate() {
        out.push_str(&format!("Maze #{}\n", k + 1));
        match sokoban::solve::solve(maze) {
            Some(sol) => out.push_str(&sokoban::rules::moves_text(&sol.moves)),
            None => out.push_str("Impossible."),
        }
        out.push_str("\n\n");
    }
    Ok(out)
}

fn stacks_judge(file: &Option<PathBuf>, bottom_only: bool) -> Result<String, Failure> {
    let input = read_input(file)?;
    let rule = if bottom_only {
        stacks::Rule::BottomOnly
    } else {
        stacks::Rule::CarryAbove
    };
    let game =
        stacks::format::parse(&input.text, rule).map_err(|e| Failure::parse(&input.name, e))?;
    Ok(match game.ending_turn(1000) {
        Some(t) => format!("{t}\n"),
        None => "-1\n".to_string(),
    })
}
