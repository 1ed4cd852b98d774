//! The command line: judge-compatible front ends for the four original problems, plus solving,
//! proving, benchmarking and export tools. The judges themselves are library calls
//! (`tumblebox::judge`); this file reads, writes and chooses the exit status:
//!
//! - 0: answered (a judge), proven (solve, prove, bench), written (export);
//! - 2: bad input or flags, a file that cannot be read or written, standard output closed or
//!   failing; one line on stderr, nothing on stdout, no file written;
//! - 3: a limit decided the outcome (stderr says which; nothing printed looks optimal);
//! - 128 + N: stopped by signal N (Ctrl-C: 130, SIGTERM: 143), temporary files removed.
//!
//! Answers are assembled in full, and output files staged under temporary names, before
//! anything is printed; files are renamed into place only when everything else succeeded, so
//! a command writes all of its outputs or none.

use clap::{Parser, Subcommand};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tumblebox::anim::{Animate, Pacing};
use tumblebox::error::{ParseError, one_line, quote};
use tumblebox::render::export::Staged;
use tumblebox::render::frames::{ExportError, Request, stage_request};
use tumblebox::save::Replay;
use tumblebox::vexed::solve::{LimitKind, Limits, Outcome};
use tumblebox::{judge, shubbles, sokoban, stacks, vexed};

/// The longest time any `--time-limit` or `--search-time` accepts, in seconds (11.6 days).
pub const MAX_SECONDS: f64 = 1e6;

/// Parses a number of seconds: finite, above zero, at most [`MAX_SECONDS`].
fn seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|_| format!("expected a number of seconds, found {}", quote(s)))?;
    if !v.is_finite() || v <= 0.0 || v > MAX_SECONDS {
        return Err(format!("expected seconds above 0 and at most {MAX_SECONDS}, found {}", quote(s)));
    }
    Ok(v)
}

/// The largest `--max-states` (solver positions are numbered in 32 bits).
pub const MAX_STATES: u64 = u32::MAX as u64;

fn states(s: &str) -> Result<usize, String> {
    let v: u64 = s.trim().parse().map_err(|_| format!("expected a whole number of states, found {}", quote(s)))?;
    if v == 0 || v > MAX_STATES {
        return Err(format!("expected states from 1 to {MAX_STATES}, found {}", quote(s)));
    }
    Ok(v as usize)
}

fn duration(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

#[derive(Parser)]
#[command(name = "tumblebox", version, about = "Grid puzzles where blocks slide, fall, vanish, get pushed and pile up")]
#[command(args_conflicts_with_subcommands = true, allow_negative_numbers = true)]
#[command(after_help = "Exit status: 0 answered (solve, prove, bench: proven); 2 bad input or flags, or a file or \
standard output that cannot be read or written; 3 a limit decided the outcome; 128+N stopped by signal N.")]
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
    /// Export a save file (.tumble, from the window's File › Save game or `export --save`): the
    /// moves in effect since its last restart, as a GIF, or the position at its cursor as PNG
    #[command(group(clap::ArgGroup::new("images").required(true).multiple(true).args(["png", "gif", "apng"])))]
    Export {
        /// The save file
        save: PathBuf,
        /// Write a PNG of the position at the save's cursor
        #[arg(long, value_name = "FILE")]
        png: Option<PathBuf>,
        /// Write the moves since the last restart as an animated GIF
        #[arg(long, value_name = "FILE")]
        gif: Option<PathBuf>,
        /// Write the animation as an APNG (full colour), with the GIF's options
        #[arg(long, value_name = "FILE")]
        apng: Option<PathBuf>,
        #[command(flatten)]
        look: Look,
    },
    /// Certify the levels of any level file (the window's kinds): each one's par, proven
    /// optimal or not with its bound, unsolvable and why, or, for stacks boards, the turn the
    /// game ends in (-1: not by the last turn)
    Certify {
        /// The level file
        file: PathBuf,
        /// Only this level (from 1)
        #[arg(long, value_name = "N")]
        level: Option<usize>,
        /// Give up a level after this many seconds (Vexed and Sokoban)
        #[arg(long, value_name = "S", default_value = "10", value_parser = seconds, allow_hyphen_values = true)]
        time_limit: f64,
        /// Give up a level after storing this many positions
        #[arg(long, value_name = "N", default_value = "2000000", value_parser = states, allow_hyphen_values = true)]
        max_states: usize,
    },
    /// Generate levels certified by the solvers (how `assets/levels/` was made)
    Generate {
        /// vexed, shubbles, sokoban or stacks
        #[arg(value_parser = ["vexed", "shubbles", "sokoban", "stacks"])]
        game: String,
        /// How many levels to keep, spread from easy to hard (1 to 100)
        #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u16).range(1..=100))]
        count: u16,
        /// Random seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// The solver's limits where a command solves without being asked to (judge, export).
#[derive(clap::Args, Clone, Copy)]
pub struct SolveLimits {
    /// Give up a puzzle after this many seconds
    #[arg(long, value_name = "S", default_value = "60", value_parser = seconds, allow_hyphen_values = true)]
    pub time_limit: f64,
    /// Give up a puzzle after storing this many positions (about 50 bytes each)
    #[arg(long, value_name = "N", default_value = "20000000", value_parser = states, allow_hyphen_values = true)]
    pub max_states: usize,
}

impl SolveLimits {
    fn limits(&self) -> Limits {
        Limits { time: Some(duration(self.time_limit)), max_states: Some(self.max_states) }
    }
}

#[derive(Subcommand)]
pub enum VexedCmd {
    /// ACM World Finals 2001 "A Vexing Problem": puzzles until `0 0`, minimum solutions out.
    ///
    /// Every puzzle is read before any is solved: a bad input prints no answers. The solution
    /// printed is the first of all minimum solutions when moves are ordered by (row, column,
    /// then L before R) and compared move by move: the seed's own answers, byte for byte. A
    /// puzzle with no solution prints `NAME: No solution`. A puzzle a limit stops prints
    /// nothing; stderr says which limit, and the exit status is 3.
    Judge {
        /// Input file (default: standard input)
        file: Option<PathBuf>,
        #[command(flatten)]
        limits: SolveLimits,
    },
    /// Solve one level exactly: the solution, its length, and whether it is proven optimal.
    ///
    /// FILE may be a World Finals input, a Palm `.ini` or an Android `.txt` pack. Prints the
    /// moves in World Finals notation (on the board as the file gives it), and for `.ini` files
    /// in Palm notation too. Exit status 0 when the answer is proven (optimal, or unsolvable),
    /// 3 when a limit decided it (with or without a solution).
    Solve {
        /// The level file
        file: PathBuf,
        /// Which level of the file, from 1
        #[arg(long, default_value_t = 1)]
        level: usize,
        /// Give up after this many seconds (default: no time limit; the state limit holds)
        #[arg(long, value_name = "S", value_parser = seconds, allow_hyphen_values = true)]
        time_limit: Option<f64>,
        /// Give up after storing this many states (about 50 bytes each)
        #[arg(long, value_name = "N", default_value = "20000000", value_parser = states, allow_hyphen_values = true)]
        max_states: usize,
    },
    /// Prove a level's best solution optimal by the class sweep, in far less memory than `solve`.
    ///
    /// First searches as `solve` does, for --search-time seconds, for the shortest solution it
    /// can find (a proof found there ends it). Then sweeps every position that could lie on a
    /// shorter solution, in an order no move ever goes back on, holding only the positions
    /// still ahead. Prints the solution (an optimal shorter one if the sweep finds one), its
    /// length and whether it is proven optimal. Exit status 0 when proven, 3 when a limit was
    /// hit first.
    Prove {
        /// The level file
        file: PathBuf,
        /// Which level of the file, from 1
        #[arg(long, default_value_t = 1)]
        level: usize,
        /// Seconds for the first search (for the solution to prove; within --time-limit)
        #[arg(long, value_name = "S", default_value = "20", value_parser = seconds, allow_hyphen_values = true)]
        search_time: f64,
        /// Give up after this many seconds in all, first search, sweeps and tracing included
        /// (default: no time limit; the state limit holds)
        #[arg(long, value_name = "S", value_parser = seconds, allow_hyphen_values = true)]
        time_limit: Option<f64>,
        /// Give up when the sweep holds this many positions at once (about 40 bytes each; also the
        /// first search's state limit)
        #[arg(long, value_name = "N", default_value = "100000000", value_parser = states, allow_hyphen_values = true)]
        max_states: usize,
        /// Folder for the work files of a recorded sweep (default: the system's temporary folder)
        #[arg(long, value_name = "DIR")]
        work_dir: Option<PathBuf>,
        /// Skip the first search and sweep once below L moves, recording positions as it goes, so
        /// an optimal solution it finds is traced without a second sweep. For a length an earlier
        /// run showed can be beaten; the work files take 8 bytes per position per key word.
        #[arg(long, value_name = "L", value_parser = clap::value_parser!(u32).range(1..=255), conflicts_with = "search_time")]
        below: Option<u32>,
        /// Print progress to standard error about every million positions
        #[arg(long)]
        progress: bool,
    },
    /// Solve every level of every pack in DIR and print a per-pack table.
    ///
    /// Packs are Palm `.ini` and Android `.txt` files (levelsets.txt is skipped). Boards that
    /// repeat across packs are solved once. A level solved in fewer moves than its par is
    /// called out (its solution replay-checked). Exit status 3 when a limit decided any level
    /// (the CSV's `limit` column says which).
    Bench {
        /// The folder of packs
        dir: PathBuf,
        /// Write one row per level: pack,index,title,par,length,proven,states,millis,limit
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Per-level time limit in seconds
        #[arg(long, value_name = "S", default_value = "20", value_parser = seconds, allow_hyphen_values = true)]
        time_limit: f64,
        /// Per-level state limit (bounds memory: about 50 bytes a state, per job)
        #[arg(long, value_name = "N", default_value = "20000000", value_parser = states, allow_hyphen_values = true)]
        max_states: usize,
        /// Parallel jobs (default: every core)
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        jobs: Option<u16>,
    },
    /// Render a level and a move list (or the solver's solution) to PNG or GIF.
    ///
    /// FILE may be a World Finals input, a Palm `.ini` or an Android `.txt` pack (recognised
    /// by content). Moves are `(B,1,3,L)` or Palm pairs such as `eCdF`, on the board as the
    /// file gives it (Android boards are cropped). Without --moves the solver's solution is
    /// animated; when a limit stops its proof, the best solution found is, and the exit status
    /// is 3.
    Export {
        #[command(flatten)]
        args: ExportArgs,
        #[command(flatten)]
        limits: SolveLimits,
    },
    /// Print the physical steps of a move list (or the solver's solution), one a line: the
    /// rule debugger's list as text, or with --json one JSON object a line.
    ///
    /// Coordinates are (row, col) from 0 on the board as the file gives it.
    Trace {
        #[command(flatten)]
        args: TraceArgs,
        #[command(flatten)]
        limits: SolveLimits,
    },
}

/// What to trace: shared by every game's `trace`.
#[derive(clap::Args)]
pub struct TraceArgs {
    /// The level file
    pub file: PathBuf,
    /// Which level (or case) of the file, from 1
    #[arg(long, default_value_t = 1)]
    pub level: usize,
    /// The moves to play, in the game's notation (without it: the solver's solution; stacks:
    /// whole turns)
    #[arg(long)]
    pub moves: Option<String>,
    /// One JSON object a line instead of text
    #[arg(long)]
    pub json: bool,
}

/// The longest animation an export writes by default, in frames.
pub const MAX_FRAMES: usize = tumblebox::render::frames::MAX_FRAMES;

/// What to render and where: shared by every game's `export`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("out").required(true).multiple(true).args(["png", "gif", "apng", "strip", "save"])))]
pub struct ExportArgs {
    /// The level file
    pub file: PathBuf,
    /// Which level (or case) of the file, from 1
    #[arg(long, default_value_t = 1)]
    pub level: usize,
    /// The moves to play, in the game's notation. Without it a GIF plays the solver's
    /// solution (stacks: whole turns) and a PNG shows the start
    #[arg(long)]
    pub moves: Option<String>,
    /// Write a PNG: the position after --moves, or the start when --moves is not given
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write the moves as an animated GIF, one frame per step, one second each
    #[arg(long, value_name = "FILE")]
    pub gif: Option<PathBuf>,
    /// Write the moves as an APNG (full colour), timed as the GIF would be
    #[arg(long, value_name = "FILE")]
    pub apng: Option<PathBuf>,
    /// Write one PNG with every step side by side (at most 200 frames: choose a range)
    #[arg(long, value_name = "FILE")]
    pub strip: Option<PathBuf>,
    /// Write a save file (.tumble): the level and the moves, to open in the window or export
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    #[command(flatten)]
    pub look: Look,
}

/// How images look and how long an animation may be.
#[derive(clap::Args, Clone, Copy)]
pub struct Look {
    /// Make the GIF or APNG smooth (20 fps)
    #[arg(long)]
    pub smooth: bool,
    /// Image width and height in pixels
    #[arg(long, default_value_t = 480, value_parser = clap::value_parser!(u32).range(16..=4096))]
    pub size: u32,
    /// Refuse (exit 3, nothing written) an animation of more frames than this
    #[arg(long, value_name = "N", default_value_t = MAX_FRAMES as u32, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub max_frames: u32,
    /// Play the animation this many times as fast (0.1 to 10; 2 takes half the time)
    #[arg(long, value_name = "X", default_value_t = 1.0, value_parser = speed)]
    pub speed: f32,
    /// The GIF plays this many more times after the first; 0 loops forever
    #[arg(long = "loop", value_name = "N", default_value_t = 0)]
    pub loops: u16,
    /// Keep the last frame this many more seconds (0 to 600)
    #[arg(long, value_name = "S", default_value_t = 0.0, value_parser = hold)]
    pub hold: f32,
    /// Animate from this move on (from 1); the moves before it are played, not shown
    #[arg(long, value_name = "A", value_parser = clap::value_parser!(u32).range(1..))]
    pub from_move: Option<u32>,
    /// Animate up to this move, inclusive
    #[arg(long, value_name = "B", value_parser = clap::value_parser!(u32).range(1..))]
    pub to_move: Option<u32>,
    /// Draw the move in the game's notation and the move counter under the board
    #[arg(long)]
    pub caption: bool,
}

fn speed(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(x) if (0.1..=10.0).contains(&x) => Ok(x),
        _ => Err(format!("expected a speed from 0.1 to 10, found {}", quote(s))),
    }
}

fn hold(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(x) if (0.0..=600.0).contains(&x) => Ok(x),
        _ => Err(format!("expected seconds from 0 to 600, found {}", quote(s))),
    }
}

#[derive(Subcommand)]
pub enum ShubblesCmd {
    /// Two lines in (the 29-character state, the operations); the final state or `!` out.
    ///
    /// With --png or --gif the answer is still printed; the picture or animation is written
    /// too. When the sequence fails (`!`), the animation runs up to the failure and flashes the
    /// cells involved; the PNG shows the state at the failure.
    Judge {
        /// Print the ASCII picture of the final state in its final orientation instead
        #[arg(long)]
        picture: bool,
        /// Also write a picture of the final state, in its final orientation, as PNG
        #[arg(long, value_name = "FILE")]
        png: Option<PathBuf>,
        /// Also write an animated GIF: one frame per state, one second each (smooth: 20 fps, at
        /// most one operation per second)
        #[arg(long, value_name = "FILE")]
        gif: Option<PathBuf>,
        /// Write the animation as an APNG (full colour), with the GIF's options
        #[arg(long, value_name = "FILE")]
        apng: Option<PathBuf>,
        #[command(flatten)]
        look: Look,
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
    /// The judge's two lines in (state, operations); every physical step out, one a line (text,
    /// or with --json one JSON object a line). Cells are numbered 1 to 29.
    Trace {
        /// One JSON object a line instead of text
        #[arg(long)]
        json: bool,
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
    /// The puzzle: the fewest operations that free every shubble without freeing a smole.
    ///
    /// Reads one state (the first line); prints the operations, or `impossible`. Exit status
    /// 3 when the state limit is reached first.
    Solve {
        /// Give up after this many states (16 bytes each)
        #[arg(long, value_name = "N", default_value = "5000000", value_parser = states, allow_hyphen_values = true)]
        max_states: usize,
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
pub enum SokobanCmd {
    /// UVa 589 "Pushing Boxes": mazes until `0 0`; fewest pushes, then fewest moves.
    ///
    /// Every maze is read before any is solved: a bad input prints no answers. Among equal
    /// answers, the one a plain Dijkstra search on (pushes, moves) finds, trying n, s, e, w.
    Judge {
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
    /// Render a maze of a UVa 589 file and moves (`nsewNSEW`, or the solver's) to PNG or GIF.
    Export(ExportArgs),
    /// Print the walks and pushes of a move list (or the solver's answer), one a line; rows
    /// and columns from 1.
    Trace(TraceArgs),
    /// Solve a Sokoban level (an XSB collection's, or a UVa 589 maze): the LURD solution, its
    /// moves and pushes, and whether it is proven push-optimal.
    ///
    /// Without --optimal, any solution as fast as possible (proven only when its pushes meet
    /// the lower bound). With --optimal, the fewest pushes and, among those, the fewest moves
    /// (UVa 589's order), or which limit stopped the search. The solution is replayed through
    /// the rules before it is printed. Exit status 0 when solved, 1 when the level has no
    /// solution, 3 when a limit stopped the search.
    Solve {
        /// The level file (XSB, or UVa 589)
        file: PathBuf,
        /// Which level of the file, from 1
        #[arg(long, default_value_t = 1)]
        level: usize,
        /// Give up after this many seconds
        #[arg(long, value_name = "S", default_value = "10", value_parser = seconds, allow_hyphen_values = true)]
        time_limit: f64,
        /// Give up after holding this many states (about 100 bytes each)
        #[arg(long, value_name = "N", default_value = "20000000", value_parser = states, allow_hyphen_values = true)]
        max_states: usize,
        /// Search for a push-optimal solution (fewest moves among those)
        #[arg(long)]
        optimal: bool,
    },
    /// Solve every level of a collection, one thread per level: a summary (solved, proven
    /// push-optimal, time, states a second, peak memory) and optionally a CSV.
    Bench {
        /// The level file (XSB, or UVa 589)
        file: PathBuf,
        /// Per-level time limit in seconds
        #[arg(long, value_name = "S", default_value = "10", value_parser = seconds, allow_hyphen_values = true)]
        time_limit: f64,
        /// Per-level state limit (bounds memory: about 100 bytes a state, per job)
        #[arg(long, value_name = "N", default_value = "20000000", value_parser = states, allow_hyphen_values = true)]
        max_states: usize,
        /// Levels solved at once (default: every core)
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        jobs: Option<u16>,
        /// Write pack,index,title,boxes,solved,pushes,moves,proven,millis,solution
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Search each level for a push-optimal solution
        #[arg(long)]
        optimal: bool,
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
    /// Render a Baekjoon board and moves (piece numbers, or whole turns) to PNG or GIF.
    Export {
        #[command(flatten)]
        args: ExportArgs,
        /// Baekjoon 17780's rule: only the bottom piece of a stack moves
        #[arg(long)]
        bottom_only: bool,
        /// Without --moves: play this many whole turns at most (the game may end sooner)
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        turns: u32,
    },
    /// Print every physical step of the game, one a line, in turns (until it ends, or turn 1000);
    /// rows and columns from 1 as in the input.
    Trace {
        #[command(flatten)]
        args: TraceArgs,
        /// Baekjoon 17780's rule: only the bottom piece of a stack moves
        #[arg(long)]
        bottom_only: bool,
        /// Without --moves: play this many whole turns at most (default: until the game ends,
        /// at most 1000)
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
        turns: Option<u32>,
    },
}

/// A command that ends without an answer: one line on stderr, and its exit status.
pub struct Failure {
    pub msg: String,
    pub code: u8,
}

impl Failure {
    /// Bad input, bad flags, a file that cannot be read or written: exit status 2.
    fn bad(msg: impl Into<String>) -> Failure {
        Failure { msg: msg.into(), code: 2 }
    }

    /// A limit stopped the work before it produced anything: exit status 3.
    fn limit(msg: impl Into<String>) -> Failure {
        Failure { msg: msg.into(), code: 3 }
    }

    fn parse(source: &str, e: ParseError) -> Failure {
        Failure::bad(format!("{source}: {e}"))
    }
}

/// What a command produced: standard output, notes for standard error, output files staged
/// under temporary names, and the exit status.
#[derive(Default)]
struct Done {
    out: String,
    notes: Vec<String>,
    files: Vec<Staged>,
    code: u8,
}

impl Done {
    fn text(out: String) -> Done {
        Done { out, ..Done::default() }
    }
}

struct Input {
    name: String,
    bytes: Vec<u8>,
}

fn read_input(file: &Option<PathBuf>) -> Result<Input, Failure> {
    match file {
        Some(p) => Ok(Input { name: p.display().to_string(), bytes: read_file(p)? }),
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| Failure::bad(format!("standard input: cannot read: {e}")))?;
            Ok(Input { name: "standard input".to_string(), bytes })
        }
    }
}

fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::bad(format!("{}: cannot read: {e}", path.display())))
}

/// Reads a text file under the judges' input convention.
fn read_text(path: &Path) -> Result<(String, String), Failure> {
    let name = path.display().to_string();
    let text = tumblebox::input::decode(&read_file(path)?).map_err(|e| Failure::parse(&name, e))?;
    Ok((name, text))
}

/// One line on stderr, whatever the message holds.
fn say(msg: &str) {
    eprintln!("tumblebox: {}", one_line(msg));
}

/// Clap's message, cut to one line: its first line, with quoted values shortened.
fn clap_line(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let mut lines = rendered.lines().skip_while(|l| l.trim().is_empty());
    let head = lines.next().unwrap_or("invalid arguments");
    let head = head.strip_prefix("error: ").unwrap_or(head);
    // A message ending in a colon lists what it means on the lines below (the arguments
    // missing): they join it, on the one line.
    let joined;
    let first = match head.strip_suffix(':') {
        Some(h) => {
            let listed: Vec<&str> = lines.take_while(|l| l.starts_with(' ')).map(str::trim).collect();
            joined = format!("{h}: {}", listed.join(", "));
            joined.as_str()
        }
        None => head,
    };
    // Clap quotes values as '...': a huge one is cut like every quoted piece of input.
    let mut out = String::new();
    let mut rest = first;
    while let Some(open) = rest.find('\'') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('\'') {
            Some(close) => {
                let inner = &after[..close];
                let q = quote(inner);
                out.push('\'');
                out.push_str(&q[1..q.len() - 1]);
                out.push('\'');
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    format!("{out} (see --help)")
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
                    Err(ExitCode::from(2))
                }
                _ => {
                    say(&clap_line(&e));
                    Err(ExitCode::from(2))
                }
            }
        }
    }
}

static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Run first thing: notes whether standard output was closed by the caller (`>&-`). Rust's
/// runtime reopens a closed standard descriptor on `/dev/null` (read-write) before `main`,
/// so that no file takes its number, and writes then vanish without an error; a `/dev/null`
/// opened read-write on descriptor 1 is that case (a shell's `> /dev/null` opens it
/// write-only), and is reported as an error instead of losing the answer.
pub fn guard_standard_streams() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: fstat and F_GETFL only read descriptor 1's state into a local.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        let stat_ok = unsafe { libc::fstat(1, &mut st) } == 0;
        let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
        let dev_null = stat_ok && (st.st_mode & libc::S_IFMT) == libc::S_IFCHR && st.st_rdev == libc::makedev(1, 3);
        if flags == -1 || (dev_null && flags & libc::O_ACCMODE == libc::O_RDWR) {
            STDOUT_CLOSED.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

fn emit(out: &str) -> Result<(), Failure> {
    if out.is_empty() {
        return Ok(());
    }
    if STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(Failure::bad("cannot write the answer: standard output is closed"));
    }
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(out.as_bytes())
        .and_then(|_| stdout.flush())
        .map_err(|e| Failure::bad(format!("cannot write the answer: {e}")))
}

#[cfg(feature = "app")]
fn open_window(file: Option<PathBuf>) -> ExitCode {
    match tumblebox::app::run(file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            say(&format!("cannot open the window: {e} (the command line works without a display: tumblebox --help)"));
            ExitCode::from(1)
        }
    }
}

#[cfg(not(feature = "app"))]
fn open_window(_: Option<PathBuf>) -> ExitCode {
    say("this tumblebox was built without the window (the `app` feature): see tumblebox --help");
    ExitCode::from(1)
}

pub fn run(cli: Cli) -> ExitCode {
    let Some(command) = cli.command else {
        if let Some(p) = cli.open.as_ref() {
            if !p.is_file() {
                say(&format!("{}: no such level file (and not a command: see tumblebox --help)", p.display()));
                return ExitCode::from(2);
            }
            // Read by the one loader the window uses: a file it cannot read is said here, on
            // one line, before any window opens.
            let read = std::fs::read(p).map_err(|e| format!("cannot read it: {e}"));
            if let Err(e) = read.and_then(|bytes| tumblebox::loader::load(&bytes)) {
                say(&format!("{}: {e}", p.display()));
                return ExitCode::from(2);
            }
        }
        return open_window(cli.open);
    };
    let result = match command {
        Command::Vexed(VexedCmd::Judge { file, limits }) => vexed_judge(&file, limits),
        Command::Vexed(VexedCmd::Solve { file, level, time_limit, max_states }) => {
            vexed_solve(&file, level, time_limit, max_states)
        }
        Command::Vexed(VexedCmd::Prove {
            file,
            level,
            search_time,
            time_limit,
            max_states,
            work_dir,
            below,
            progress,
        }) => {
            let opts = ProveOptions { search_time, time_limit, max_states, work_dir, below, progress };
            vexed_prove(&file, level, &opts)
        }
        Command::Vexed(VexedCmd::Bench { dir, csv, time_limit, max_states, jobs }) => {
            crate::bench::run(&dir, csv.as_deref(), time_limit, max_states, jobs.map(usize::from))
                .map(|(out, code)| Done { out, code, ..Done::default() })
                .map_err(Failure::bad)
        }
        Command::Vexed(VexedCmd::Export { args, limits }) => vexed_export(&args, limits),
        Command::Vexed(VexedCmd::Trace { args, limits }) => vexed_trace(&args, limits),
        Command::Shubbles(ShubblesCmd::Trace { json, file }) => shubbles_trace(&file, json),
        Command::Sokoban(SokobanCmd::Trace(args)) => sokoban_trace(&args),
        Command::Stacks(StacksCmd::Trace { args, bottom_only, turns }) => stacks_trace(&args, bottom_only, turns),
        Command::Shubbles(ShubblesCmd::Judge { picture, png, gif, apng, look, file }) => {
            shubbles_judge(&file, picture, &Images { png, gif, apng, strip: None, look })
        }
        Command::Shubbles(ShubblesCmd::Solve { max_states, file }) => shubbles_solve(&file, max_states),
        Command::Sokoban(SokobanCmd::Judge { file }) => sokoban_judge(&file),
        Command::Sokoban(SokobanCmd::Solve { file, level, time_limit, max_states, optimal }) => {
            sokoban_solve(&file, level, time_limit, max_states, optimal)
        }
        Command::Sokoban(SokobanCmd::Bench { file, time_limit, max_states, jobs, csv, optimal }) => {
            sokoban_bench(&file, time_limit, max_states, jobs, csv.as_deref(), optimal)
        }
        Command::Sokoban(SokobanCmd::Export(args)) => sokoban_export(&args),
        Command::Stacks(StacksCmd::Judge { bottom_only, file }) => stacks_judge(&file, bottom_only),
        Command::Stacks(StacksCmd::Export { args, bottom_only, turns }) => stacks_export(&args, bottom_only, turns),
        Command::Certify { file, level, time_limit, max_states } => certify(&file, level, time_limit, max_states),
        Command::Generate { game, count, seed } => Ok(Done::text(generate(&game, count as usize, seed))),
        Command::Export { save, png, gif, apng, look } => {
            export_save(&save, &Images { png, gif, apng, strip: None, look })
        }
    };
    let done = match result {
        Ok(d) => d,
        Err(f) => {
            say(&f.msg);
            return ExitCode::from(f.code);
        }
    };
    // Standard output first: if it fails, the staged files are dropped (removed) unwritten.
    if let Err(f) = emit(&done.out) {
        say(&f.msg);
        return ExitCode::from(f.code);
    }
    for staged in done.files {
        if let Err(e) = staged.commit() {
            say(&format!("cannot write an output file: {e}"));
            return ExitCode::from(2);
        }
    }
    for n in &done.notes {
        say(n);
    }
    ExitCode::from(done.code)
}

fn limit_name(k: LimitKind) -> &'static str {
    match k {
        LimitKind::States => "state",
        LimitKind::Time => "time",
        LimitKind::Cancelled => "cancel",
    }
}

fn vexed_judge(file: &Option<PathBuf>, limits: SolveLimits) -> Result<Done, Failure> {
    let input = read_input(file)?;
    let answer =
        judge::vexed(&input.bytes, limits.limits()).map_err(|e| Failure::bad(format!("{}: {e}", input.name)))?;
    let code = if answer.stopped.is_empty() { 0 } else { 3 };
    let notes = answer.stopped.iter().map(|s| format!("{}: {s}", input.name)).collect();
    Ok(Done { out: answer.text, notes, code, ..Done::default() })
}

/// Image outputs requested on the command line.
pub struct Images {
    pub png: Option<PathBuf>,
    pub gif: Option<PathBuf>,
    pub apng: Option<PathBuf>,
    pub strip: Option<PathBuf>,
    pub look: Look,
}

impl Images {
    /// Stages the requested files for a start state, its moves (an iterator made afresh for
    /// each pass: the moves are counted, then rendered, never all held) and the state shown in
    /// the PNG. `names` gives the moves' notation (asked only for captions). The GIF shows
    /// `--from-move`..`--to-move` at `--speed`, loops `--loop` times and holds its last frame
    /// `--hold` seconds longer. An animation longer than --max-frames is refused before anything
    /// is drawn.
    fn stage<S, I>(
        &self,
        start: &S,
        moves: impl Fn() -> I,
        shown: &S,
        pacing: Pacing,
        names: &dyn Fn() -> Vec<String>,
    ) -> Result<Vec<Staged>, Failure>
    where
        S: Animate,
        I: IntoIterator,
        I::Item: AsRef<[S::Step]>,
    {
        let look = self.look;
        let req = Request {
            png: self.png.clone(),
            gif: self.gif.clone(),
            apng: self.apng.clone(),
            strip: self.strip.clone(),
            smooth: look.smooth,
            size: look.size as usize,
            speed: look.speed,
            loops: look.loops,
            hold: look.hold,
            from_move: look.from_move.map(|a| a as usize),
            to_move: look.to_move.map(|b| b as usize),
            caption: look.caption,
            max_frames: look.max_frames as usize,
        };
        stage_request(&req, start, moves, shown, pacing, names, &mut |_| true).map_err(|e| match e {
            ExportError::Limit(m) => Failure::limit(m),
            ExportError::Bad(m) => Failure::bad(m),
            ExportError::Cancelled => Failure::bad("cancelled".to_string()),
        })
    }
}

/// Shubbles timing: at most one operation per second.
pub const SHUBBLES_PACING: Pacing = Pacing { hold_start: 1.0, hold_end: 1.5, min_move: 1.0, speed: 1.0 };

fn shubbles_judge(file: &Option<PathBuf>, picture: bool, images: &Images) -> Result<Done, Failure> {
    let input = read_input(file)?;
    let text = tumblebox::input::decode(&input.bytes).map_err(|e| Failure::parse(&input.name, e))?;
    let (state, ops) = shubbles::format::parse_judge(&text).map_err(|e| Failure::parse(&input.name, e))?;
    let (end, failure) = state.outcome(&ops);
    let out = judge::shubbles_answer(&end, failure.is_some(), picture);
    let mut done = Done::text(out);
    if images.png.is_some() || images.gif.is_some() || images.apng.is_some() {
        // Each operation's steps, made as the animation reaches it, up to a failure.
        let moves = || {
            let mut s = state;
            let mut failed = false;
            ops.iter().map_while(move |&op| {
                if failed {
                    return None;
                }
                let a = s.apply(op);
                failed = a.failure.is_some();
                s = a.state;
                Some(a.steps)
            })
        };
        let names = || ops.iter().map(|o| o.char().to_string()).collect();
        done.files = images.stage(&state, moves, &end, SHUBBLES_PACING, &names)?;
    }
    Ok(done)
}

fn sokoban_judge(file: &Option<PathBuf>) -> Result<Done, Failure> {
    let input = read_input(file)?;
    judge::sokoban(&input.bytes).map(Done::text).map_err(|e| Failure::parse(&input.name, e))
}

/// The levels of a Sokoban file (XSB or UVa 589).
fn sokoban_levels_of(file: &Path) -> Result<Vec<tumblebox::sokoban::xsb::XsbLevel>, Failure> {
    let (name, text) = read_text(file)?;
    tumblebox::sokoban::xsb::parse_any(&text).map_err(|e| Failure::parse(&name, e))
}

fn sokoban_limits(time_limit: f64, max_states: usize) -> tumblebox::sokoban::search::Limits {
    tumblebox::sokoban::search::Limits { time: std::time::Duration::from_secs_f64(time_limit), max_states }
}

fn sokoban_solve(
    file: &Path,
    level: usize,
    time_limit: f64,
    max_states: usize,
    optimal: bool,
) -> Result<Done, Failure> {
    use tumblebox::sokoban::bench;
    use tumblebox::sokoban::search::Mode;
    let levels = sokoban_levels_of(file)?;
    let l = pick(levels, level, file)?;
    let mode = if optimal { Mode::Optimal } else { Mode::Fast };
    let row = bench::solve_one(level, &l, mode, sokoban_limits(time_limit, max_states));
    let secs = row.millis as f64 / 1000.0;
    let mut out = format!("; {}\n", one_line(&l.title));
    let code = match (row.pushes, row.moves) {
        (Some(p), Some(m)) => {
            out.push_str(&format!("{}\n", row.solution));
            let proof = if row.proven {
                if optimal { "proven push-optimal, fewest moves among those" } else { "proven push-optimal" }
            } else {
                "not proven push-optimal"
            };
            out.push_str(&format!("moves {m}, pushes {p}: {proof}\n"));
            0
        }
        _ if row.ended == "unsolvable" => {
            out.push_str("no solution: every position was searched\n");
            1
        }
        _ => {
            let what = match row.ended {
                "time" => format!("the time limit ({time_limit} s)"),
                "boxes" => format!("the box limit ({})", tumblebox::sokoban::search::MAX_BOXES),
                _ => format!("the state limit ({max_states})"),
            };
            out.push_str(&format!("not solved: {what} stopped the search\n"));
            3
        }
    };
    out.push_str(&format!("states {} created, {} expanded, {secs:.2} s\n", row.states, row.expanded));
    Ok(Done { out, code, ..Done::default() })
}

fn sokoban_bench(
    file: &Path,
    time_limit: f64,
    max_states: usize,
    jobs: Option<u16>,
    csv: Option<&Path>,
    optimal: bool,
) -> Result<Done, Failure> {
    use tumblebox::sokoban::bench;
    use tumblebox::sokoban::search::Mode;
    let levels = sokoban_levels_of(file)?;
    let pack = file.file_name().map_or(file.display().to_string(), |f| f.to_string_lossy().to_string());
    let jobs = jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), usize::from);
    let mode = if optimal { Mode::Optimal } else { Mode::Fast };
    let limits = sokoban_limits(time_limit, max_states);
    let began = std::time::Instant::now();
    let rows = bench::run(&levels, mode, limits, jobs, &|r| {
        let what = match (r.pushes, r.moves) {
            (Some(p), Some(m)) => format!("{p} pushes, {m} moves{}", if r.proven { ", proven" } else { "" }),
            _ => format!("not solved ({})", r.ended),
        };
        eprintln!("{} {}: {what}, {} ms", r.index, one_line(&r.title), r.millis);
    });
    let out = bench::summary(&pack, &rows, began.elapsed(), jobs, limits);
    let mut files = Vec::new();
    if let Some(path) = csv {
        let mut text = format!("{}\n", bench::HEADER);
        for r in &rows {
            text.push_str(&r.csv(&pack));
            text.push('\n');
        }
        files.push(
            tumblebox::render::export::stage(path, |w| w.write_all(text.as_bytes()))
                .map_err(|e| Failure::bad(format!("{}: cannot write: {e}", path.display())))?,
        );
    }
    Ok(Done { out, files, ..Done::default() })
}

fn stacks_judge(file: &Option<PathBuf>, bottom_only: bool) -> Result<Done, Failure> {
    let input = read_input(file)?;
    let rule = if bottom_only { stacks::Rule::BottomOnly } else { stacks::Rule::CarryAbove };
    judge::stacks(&input.bytes, rule).map(Done::text).map_err(|e| Failure::parse(&input.name, e))
}

fn pick<T>(items: Vec<T>, level: usize, file: &Path) -> Result<T, Failure> {
    let n = items.len();
    items
        .into_iter()
        .nth(level.wrapping_sub(1))
        .ok_or_else(|| Failure::bad(format!("{}: expected --level from 1 to {n}, found {level}", file.display())))
}

/// A `--moves` error: which move and character (the library's message starts with the move).
fn moves_error(file: &Path, e: ParseError) -> Failure {
    let col = e.column.unwrap_or(1);
    let msg = match e.message.strip_prefix("move ").and_then(|r| r.split_once(": ")) {
        Some((k, rest)) => format!("move {k}, character {col}: {rest}"),
        None => format!("character {col}: {}", e.message),
    };
    Failure::bad(format!("{}: --moves: {msg}", file.display()))
}

/// A move that parses but cannot be played: `text` is the whole `--moves` text, `column`
/// (1-based, in characters) where the move starts; a move is `(...)` or `width` characters.
fn illegal(file: &Path, k: usize, text: &str, column: usize, width: usize, why: impl std::fmt::Display) -> Failure {
    let rest: String = text.chars().skip(column - 1).collect();
    let written = match rest.find(')') {
        Some(end) if rest.starts_with('(') => rest[..=end].to_string(),
        _ if rest.starts_with('(') => rest,
        _ => rest.chars().take(width).collect(),
    };
    Failure::bad(format!("{}: --moves: move {k} {}, character {column}: {why}", file.display(), quote(&written)))
}

/// The solver's solution for a level, as `export` and `trace` show it: the anytime search
/// within the limits, then (when that proved its length optimal) the judge's tie-break, so the
/// moves are the ones `vexed judge` prints. With whether it is proven, and the lower bound.
type Solution = Result<(Vec<vexed::Move>, bool, u32), LimitKind>;

fn vexed_solution(start: &vexed::Board, limits: Limits) -> Result<Solution, vexed::solve::SolveError> {
    let started = Instant::now();
    let report = vexed::solve::solve_anytime(start, limits)?;
    Ok(match report.outcome {
        Outcome::Solved { moves, proven: true } => {
            let left = Limits { time: limits.time.map(|t| t.saturating_sub(started.elapsed())), ..limits };
            let moves = match vexed::first::first_solution(start, moves.len() as u32, left)? {
                vexed::first::First::Found(first) if first.len() == moves.len() => first,
                _ => moves,
            };
            Ok((moves, true, report.bound))
        }
        Outcome::Solved { moves, proven: false } => Ok((moves, false, report.bound)),
        Outcome::Unsolvable => Ok((vec![], true, 0)),
        Outcome::LimitReached(k) => Err(k),
    })
}

/// [`vexed_solution`] as a command reports it: the moves, a note and exit 3 when not proven.
fn vexed_solution_for(
    start: &vexed::Board,
    limits: Limits,
    what: &str,
    place: &str,
    done: &mut Done,
) -> Result<Vec<vexed::Move>, Failure> {
    let fail = |e: vexed::solve::SolveError| Failure::bad(format!("{place}: {e}"));
    match vexed_solution(start, limits).map_err(fail)? {
        Ok((moves, _, _)) if moves.is_empty() && !start.is_solved() => {
            Err(Failure::bad(format!("{place}: no solution to {what}")))
        }
        Ok((moves, proven, bound)) => {
            if !proven {
                done.code = 3;
                done.notes.push(format!(
                    "{place}: a limit stopped the proof: the {} moves {what}d are not proven optimal (the optimum is at least {bound})",
                    moves.len()
                ));
            }
            Ok(moves)
        }
        Err(k) => Err(Failure::limit(format!(
            "{place}: the {} limit was reached before a solution was found: nothing written",
            limit_name(k)
        ))),
    }
}

/// A Vexed level of a file (settled) and the moves given for it, each checked against the rules
/// (an illegal one names itself): what `export` and `trace` read.
type VexedInput = (String, vexed::format::AnyLevel, vexed::Board, Option<Vec<vexed::Move>>);

fn vexed_input(file: &Path, level: usize, moves: &Option<String>) -> Result<VexedInput, Failure> {
    let bytes = read_file(file)?;
    let name = file.display().to_string();
    let (_, levels) = vexed::format::parse_any(&bytes).map_err(|e| Failure::parse(&name, e))?;
    let level = pick(levels, level, file)?;
    let start = level.board.settle().0;
    let given = match moves {
        Some(text) => {
            let placed = vexed::format::parse_any_moves_placed(text).map_err(|e| moves_error(file, e))?;
            let mut board = start.clone();
            for (k, &(m, col)) in placed.iter().enumerate() {
                board = board.apply(m).map_err(|e| illegal(file, k + 1, text, col, 2, e))?.0;
            }
            Some(placed.into_iter().map(|(m, _)| m).collect())
        }
        None => None,
    };
    Ok((name, level, start, given))
}

/// A maze of a UVa 589 file and the moves given for it, checked as [`vexed_input`] checks.
/// A maze read for export or trace: the file's name, the maze, the moves given (checked),
/// and whether it is Sokoban's XSB (LURD moves) rather than UVa 589.
type SokobanInput = (String, sokoban::format::Maze, Option<Vec<sokoban::Move>>, bool);

fn sokoban_input(file: &Path, level: usize, moves: &Option<String>) -> Result<SokobanInput, Failure> {
    let (name, text) = read_text(file)?;
    let levels = sokoban::xsb::parse_any(&text).map_err(|e| Failure::parse(&name, e))?;
    // A UVa maze has no first board line of its own.
    let xsb = levels.first().is_some_and(|l| l.line > 0);
    let maze = pick(levels, level, file)?.maze;
    let given = match moves {
        Some(t) => {
            let placed = if xsb {
                sokoban::xsb::parse_lurd_placed(t).map_err(|e| moves_error(file, e))?
            } else {
                sokoban::rules::parse_moves(t).map_err(|e| moves_error(file, e))?
            };
            let mut pos = maze.start.clone();
            for (k, &(m, col)) in placed.iter().enumerate() {
                pos = maze.level.apply(&pos, m).map_err(|e| illegal(file, k + 1, t, col, 1, e))?.0;
            }
            Some(placed.into_iter().map(|(m, _)| m).collect())
        }
        None => None,
    };
    Ok((name, maze, given, xsb))
}

/// The solver's moves for a maze: UVa 589's exact search for one box and one target, the
/// Sokoban solver (its default limits) for more.
fn sokoban_solution(
    maze: &sokoban::format::Maze,
    name: &str,
    level: usize,
    what: &str,
) -> Result<Vec<sokoban::Move>, Failure> {
    use tumblebox::sokoban::search::{self, Limits, Mode, Outcome};
    if maze.start.boxes.len() == 1 && maze.level.goals.len() == 1 {
        return sokoban::solve::solve(maze)
            .map(|s| s.moves)
            .ok_or_else(|| Failure::bad(format!("{name}: maze {level}: impossible, nothing to {what}")));
    }
    let never = std::sync::atomic::AtomicBool::new(false);
    let r = search::search(&maze.level, &maze.start, Mode::Fast, Limits::default(), &never, &Default::default());
    match r.outcome {
        Outcome::Solved(f) => Ok(f.moves),
        Outcome::Unsolvable => Err(Failure::bad(format!("{name}: level {level}: no solution, nothing to {what}"))),
        Outcome::TooManyBoxes => Err(Failure::bad(format!(
            "{name}: level {level}: more than {} boxes for the solver, nothing to {what}",
            search::MAX_BOXES
        ))),
        _ => Err(Failure {
            msg: format!("{name}: level {level}: the solver's limit stopped it, nothing to {what}"),
            code: 3,
        }),
    }
}

fn vexed_export(args: &ExportArgs, limits: SolveLimits) -> Result<Done, Failure> {
    let (name, level, start, given) = vexed_input(&args.file, args.level, &args.moves)?;
    let mut done = Done::default();
    let moves: Vec<vexed::Move> = match given {
        Some(moves) => moves,
        None if args.animates() => {
            let place = format!("{name}: level {}", args.level);
            vexed_solution_for(&start, limits.limits(), "animate", &place, &mut done)?
        }
        None => vec![],
    };
    let end = start.replay(&moves).map_err(|(i, e)| Failure::bad(format!("{name}: move {}: {e}", i + 1)))?;
    let shown = if args.moves.is_some() { &end } else { &start };
    let steps = || {
        let mut b = start.clone();
        moves.iter().map(move |&m| {
            let (next, s) = b.apply(m).expect("moves replayed above");
            b = next;
            s
        })
    };
    let names = || {
        let mut b = start.clone();
        moves
            .iter()
            .map(|&m| {
                let t = vexed::format::move_text(&b, m);
                b = b.apply(m).expect("moves replayed above").0;
                t
            })
            .collect()
    };
    let mut files = args.images().stage(&start, steps, shown, Pacing::default(), &names)?;
    if let Some(p) = &args.save {
        files.push(stage_save(p, &level.title, &file_name(&args.file), level.par, &start, &moves)?);
    }
    done.files = files;
    Ok(done)
}

/// A file's name without its folders (what a save calls the pack).
fn file_name(p: &Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |f| f.to_string_lossy().to_string())
}

/// Stages a save file of a level and its moves (`--save`): the moves replayed through the rules
/// as the window would, so the file opens there with this history.
fn stage_save<R: Replay + Clone>(
    path: &Path,
    title: &str,
    pack: &str,
    par: Option<usize>,
    start: &R,
    moves: &[R::Move],
) -> Result<Staged, Failure> {
    let mut history = Vec::with_capacity(moves.len());
    let mut here = start.clone();
    for m in moves {
        history.push(tumblebox::save::Entry::Move { text: here.move_text(m), solver: false, group: 0, line: 0 });
        here = here.play(m).map_err(Failure::bad)?.0;
    }
    let save = tumblebox::save::Save {
        game: R::GAME.to_string(),
        title: title.to_string(),
        pack: pack.to_string(),
        par,
        bottom_only: start.bottom_only() == Some(true),
        level: start.level_text(title),
        level_line: 0,
        cursor: history.len(),
        history,
    };
    let text = save.write();
    tumblebox::render::export::stage(path, |w| w.write_all(text.as_bytes()))
        .map_err(|e| Failure::bad(format!("{}: cannot write: {e}", path.display())))
}

/// `tumblebox export SAVE`: the save read and replayed as the window reads it, then the moves
/// in effect since its last restart exported.
fn export_save(path: &Path, images: &Images) -> Result<Done, Failure> {
    use tumblebox::save::Save;
    let name = path.display().to_string();
    let text = tumblebox::input::decode(&read_file(path)?).map_err(|e| Failure::parse(&name, e))?;
    let save = Save::parse(&text).map_err(|e| Failure::parse(&name, e))?;
    fn go<R: Replay + Clone>(save: &Save, name: &str, images: &Images, pacing: Pacing) -> Result<Done, Failure> {
        let (start, entries) = tumblebox::save::replay::<R>(save).map_err(|e| Failure::parse(name, e))?;
        let (first, moves) = tumblebox::save::run(&start, &entries, save.cursor);
        let shown = match save.cursor.checked_sub(1).and_then(|i| entries.get(i)) {
            Some(tumblebox::save::Replayed::Move { after, .. }) => after.clone(),
            _ => start.clone(),
        };
        let steps = || moves.iter().map(|(_, s)| s.as_slice());
        let names = || moves.iter().map(|(t, _)| t.clone()).collect();
        let files = images.stage(&first, steps, &shown, pacing, &names)?;
        Ok(Done { files, ..Done::default() })
    }
    match save.game.as_str() {
        "vexed" => go::<vexed::Board>(&save, &name, images, Pacing::default()),
        "shubbles" => go::<shubbles::State>(&save, &name, images, SHUBBLES_PACING),
        "sokoban" => go::<sokoban::scene::Game>(&save, &name, images, Pacing::default()),
        _ => go::<tumblebox::stacks::play::StacksPlay>(&save, &name, images, Pacing::default()),
    }
}

impl ExportArgs {
    /// Whether an animation is asked for (GIF or APNG).
    fn animates(&self) -> bool {
        self.gif.is_some() || self.apng.is_some() || self.strip.is_some()
    }

    fn images(&self) -> Images {
        Images {
            png: self.png.clone(),
            gif: self.gif.clone(),
            apng: self.apng.clone(),
            strip: self.strip.clone(),
            look: self.look,
        }
    }
}

fn sokoban_export(args: &ExportArgs) -> Result<Done, Failure> {
    let (name, maze, given, xsb) = sokoban_input(&args.file, args.level, &args.moves)?;
    let moves: Vec<sokoban::Move> = match given {
        Some(moves) => moves,
        None if args.animates() => sokoban_solution(&maze, &name, args.level, "animate")?,
        None => vec![],
    };
    let start = sokoban::scene::Game::new(maze, xsb);
    let mut end = start.pos.clone();
    for &m in &moves {
        end = start.level.apply(&end, m).expect("moves checked above").0;
    }
    let end = start.at(end);
    let shown = if args.moves.is_some() { &end } else { &start };
    let steps = || {
        let mut pos = start.pos.clone();
        let level = &start.level;
        moves.iter().map(move |&m| {
            let (next, s) = level.apply(&pos, m).expect("moves checked above");
            pos = next;
            [s]
        })
    };
    let names = || {
        let mut g = start.clone();
        moves
            .iter()
            .map(|m| {
                let t = g.move_text(m);
                g = g.play(m).expect("moves checked above").0;
                t
            })
            .collect()
    };
    let mut files = args.images().stage(&start, steps, shown, Pacing::default(), &names)?;
    if let Some(p) = &args.save {
        let title = format!("Maze {}", args.level);
        files.push(stage_save(p, &title, &file_name(&args.file), None, &start, &moves)?);
    }
    Ok(Done { files, ..Done::default() })
}

fn stacks_export(args: &ExportArgs, bottom_only: bool, turns: u32) -> Result<Done, Failure> {
    let (name, text) = read_text(&args.file)?;
    if args.level != 1 {
        return Err(Failure::bad(format!("{name}: a Baekjoon file holds one board: expected --level 1")));
    }
    let rule = if bottom_only { stacks::Rule::BottomOnly } else { stacks::Rule::CarryAbove };
    let start = stacks::format::parse(&text, rule).map_err(|e| Failure::parse(&name, e))?;
    // Which pieces move, in order: the ones given, or every piece of every turn.
    let pieces: Vec<usize> = match &args.moves {
        Some(t) => stacks::format::parse_moves_placed(t, start.pieces(), 1)
            .map_err(|e| moves_error(&args.file, e))?
            .into_iter()
            .map(|(p, _)| p)
            .collect(),
        None => vec![],
    };
    let whole_turns = args.moves.is_none() && args.animates();
    let k = start.pieces();
    let order = || -> Box<dyn Iterator<Item = usize> + '_> {
        if whole_turns {
            Box::new((0..turns as usize * k).map(move |i| i % k))
        } else {
            Box::new(pieces.iter().copied())
        }
    };
    // The moves play until the game ends (four on a square).
    let steps = || {
        let mut g = start.clone();
        order().map_while(move |p| {
            if g.over {
                return None;
            }
            let (next, s) = g.move_piece(p);
            g = next;
            Some(s)
        })
    };
    let mut end = start.clone();
    for p in order() {
        if end.over {
            break;
        }
        end = end.move_piece(p).0;
    }
    let shown = if args.moves.is_some() { &end } else { &start };
    // The pieces that moved (the game stops at its end).
    let names = || {
        let mut g = start.clone();
        order()
            .map_while(|p| {
                if g.over {
                    return None;
                }
                g = g.move_piece(p).0;
                Some((p + 1).to_string())
            })
            .collect()
    };
    let mut files = args.images().stage(&start, steps, shown, Pacing::default(), &names)?;
    if let Some(p) = &args.save {
        // The window plays pieces in turn order: a save keeps them that way.
        let mut g = start.clone();
        let played: Vec<usize> = order()
            .map_while(|q| {
                if g.over {
                    return None;
                }
                g = g.move_piece(q).0;
                Some(q)
            })
            .collect();
        if let Some(i) = played.iter().enumerate().position(|(i, &q)| q != i % k) {
            return Err(Failure::bad(format!(
                "--save: a save keeps the pieces in turn order (1 to {k}, then 1 again); move {} is piece {}, not {}",
                i + 1,
                played[i] + 1,
                i % k + 1
            )));
        }
        let play = tumblebox::stacks::play::StacksPlay { game: start.clone(), next: 0, turn: 1 };
        let moves = vec![tumblebox::stacks::play::NextPiece; played.len()];
        files.push(stage_save(p, "Board 1", &file_name(&args.file), None, &play, &moves)?);
    }
    Ok(Done { files, ..Done::default() })
}

/// A trace as the command prints it: text lines, or JSON objects one a line.
fn trace_text(lines: Vec<(serde_json::Map<String, serde_json::Value>, String)>, json: bool) -> String {
    let mut out = String::new();
    for (obj, text) in lines {
        if json {
            out.push_str(&serde_json::Value::Object(obj).to_string());
        } else {
            out.push_str(&text);
        }
        out.push('\n');
    }
    out
}

fn vexed_trace(args: &TraceArgs, limits: SolveLimits) -> Result<Done, Failure> {
    use tumblebox::trace::{TracedMove, trace};
    let (name, _, start, given) = vexed_input(&args.file, args.level, &args.moves)?;
    let mut done = Done::default();
    let moves: Vec<vexed::Move> = match given {
        Some(moves) => moves,
        None => {
            let place = format!("{name}: level {}", args.level);
            vexed_solution_for(&start, limits.limits(), "trace", &place, &mut done)?
        }
    };
    let mut b = start.clone();
    let mut played = Vec::new();
    for &m in &moves {
        let text = vexed::format::move_text(&b, m);
        let (next, steps) = b.apply(m).expect("moves replayed above");
        played.push((text, steps));
        b = next;
    }
    let traced =
        played.iter().enumerate().map(|(i, (n, st))| TracedMove { number: i + 1, notation: n.clone(), steps: st });
    done.out = trace_text(trace(&start, traced), args.json);
    Ok(done)
}

fn shubbles_trace(file: &Option<PathBuf>, json: bool) -> Result<Done, Failure> {
    use tumblebox::trace::{TracedMove, trace};
    let input = read_input(file)?;
    let text = tumblebox::input::decode(&input.bytes).map_err(|e| Failure::parse(&input.name, e))?;
    let (state, ops) = shubbles::format::parse_judge(&text).map_err(|e| Failure::parse(&input.name, e))?;
    let run = state.run(&ops);
    let traced = run.applied.iter().enumerate().map(|(i, (op, a))| TracedMove {
        number: i + 1,
        notation: op.char().to_string(),
        steps: &a.steps,
    });
    Ok(Done::text(trace_text(trace(&run.start, traced), json)))
}

fn sokoban_trace(args: &TraceArgs) -> Result<Done, Failure> {
    use tumblebox::trace::{TracedMove, trace};
    let (name, maze, given, xsb) = sokoban_input(&args.file, args.level, &args.moves)?;
    let moves: Vec<sokoban::Move> = match given {
        Some(moves) => moves,
        None => sokoban_solution(&maze, &name, args.level, "trace")?,
    };
    let start = sokoban::scene::Game::new(maze, xsb);
    let mut pos = start.pos.clone();
    let mut played = Vec::new();
    for &m in &moves {
        let (next, s) = start.level.apply(&pos, m).expect("moves checked above");
        played.push((start.notation(m).to_string(), vec![s]));
        pos = next;
    }
    let traced =
        played.iter().enumerate().map(|(i, (n, st))| TracedMove { number: i + 1, notation: n.clone(), steps: st });
    Ok(Done::text(trace_text(trace(&start, traced), args.json)))
}

fn stacks_trace(args: &TraceArgs, bottom_only: bool, turns: Option<u32>) -> Result<Done, Failure> {
    use tumblebox::trace::{TracedMove, trace};
    let (name, text) = read_text(&args.file)?;
    if args.level != 1 {
        return Err(Failure::bad(format!("{name}: a Baekjoon file holds one board: expected --level 1")));
    }
    let rule = if bottom_only { stacks::Rule::BottomOnly } else { stacks::Rule::CarryAbove };
    let start = stacks::format::parse(&text, rule).map_err(|e| Failure::parse(&name, e))?;
    let k = start.pieces();
    // Which pieces move: the ones given, or every piece of every turn (until the game ends).
    let order: Vec<usize> = match &args.moves {
        Some(t) => stacks::format::parse_moves_placed(t, k, 1)
            .map_err(|e| moves_error(&args.file, e))?
            .into_iter()
            .map(|(p, _)| p)
            .collect(),
        None => (0..turns.unwrap_or(1000) as usize * k).map(|i| i % k).collect(),
    };
    // Turns: a new one begins whenever the piece order starts again.
    let mut g = start.clone();
    let mut turn = 1;
    let mut last: Option<usize> = None;
    let mut played = Vec::new();
    for p in order {
        if g.over {
            break;
        }
        if last.is_some_and(|l| p <= l) {
            turn += 1;
        }
        last = Some(p);
        let (next, s) = g.move_piece(p);
        played.push((turn, (p + 1).to_string(), s));
        g = next;
    }
    // Stacks records are per piece move; each carries its turn.
    let traced = played.iter().map(|(t, _, st)| TracedMove { number: *t, notation: String::new(), steps: st });
    Ok(Done::text(trace_text(trace(&start, traced), args.json)))
}

fn shubbles_solve(file: &Option<PathBuf>, max_states: usize) -> Result<Done, Failure> {
    let input = read_input(file)?;
    let text = tumblebox::input::decode(&input.bytes).map_err(|e| Failure::parse(&input.name, e))?;
    let mut lines = tumblebox::input::Lines::new(&text);
    lines.skip_blank();
    let (n, line) = lines.next_line().unwrap_or((1, ""));
    let state = shubbles::format::parse_state(line, n).map_err(|e| Failure::parse(&input.name, e))?;
    Ok(Done::text(match shubbles::solve::solve(&state, max_states) {
        shubbles::solve::Outcome::Solved(ops) => {
            format!("{} ({} operations)\n", ops.iter().map(|o| o.char()).collect::<String>(), ops.len())
        }
        shubbles::solve::Outcome::Impossible => "impossible\n".to_string(),
        shubbles::solve::Outcome::LimitReached => {
            return Err(Failure::limit(format!("{}: no answer within {max_states} states", input.name)));
        }
    }))
}

/// The moves in World Finals notation, and in Palm notation for `.ini` files.
fn push_solution(out: &mut String, kind: vexed::format::FileKind, start: &vexed::Board, moves: &[vexed::Move]) {
    for line in vexed::format::solution_lines(start, moves) {
        out.push_str(&line);
        out.push('\n');
    }
    if kind == vexed::format::FileKind::Palm
        && let Some(p) = vexed::format::palm_moves_text(moves)
    {
        out.push_str(&format!("palm: {p}\n"));
    }
}

struct ProveOptions {
    search_time: f64,
    time_limit: Option<f64>,
    max_states: usize,
    work_dir: Option<PathBuf>,
    below: Option<u32>,
    progress: bool,
}

fn vexed_prove(file: &Path, level: usize, opts: &ProveOptions) -> Result<Done, Failure> {
    use vexed::sweep::SweepSolution;
    let started = Instant::now();
    let deadline = opts.time_limit.map(|t| started + duration(t));
    let left = || deadline.map(|d| d.saturating_duration_since(Instant::now()));
    let bytes = read_file(file)?;
    let name = file.display().to_string();
    let (kind, levels) = vexed::format::parse_any(&bytes).map_err(|e| Failure::parse(&name, e))?;
    let lvl = pick(levels, level, file)?;
    let start = lvl.board.settle().0;
    let fail = |e: vexed::solve::SolveError| Failure::bad(format!("{name}: level {level}: {e}"));
    let mut out = format!("{} (level {level} of {name})\n", lvl.title);
    if let Some(p) = lvl.par {
        out.push_str(&format!("par: {p}\n"));
    }
    let progress = opts.progress;
    let mut observe = |p: vexed::sweep::SweepProgress| {
        if progress {
            eprintln!(
                "sweep: {} expanded, {} held, {} classes done, {} waiting, {} blocks cleared",
                p.expanded, p.held, p.classes_done, p.classes_waiting, p.cleared
            );
        }
        true
    };
    let done = |out: String, code: u8| Ok(Done { out, code, ..Done::default() });
    if let Some(below) = opts.below {
        let limits = Limits { max_states: Some(opts.max_states), time: left() };
        let (result, report) =
            vexed::sweep::solve_below(&start, below, limits, opts.work_dir.as_deref(), &mut observe).map_err(fail)?;
        let code = match result {
            SweepSolution::Shorter(moves) => {
                out.push_str(&format!(
                    "length: {} (proven optimal by the sweep below {below}: every shorter sequence was ruled out)\n",
                    moves.len()
                ));
                push_solution(&mut out, kind, &start, &moves);
                0
            }
            SweepSolution::Limit(k) => {
                out.push_str(&format!("not proven: the sweep's {} limit was reached\n", limit_name(k)));
                3
            }
            _ => {
                out.push_str(&format!("no solution of fewer than {below} moves: the sweep ruled them all out\n"));
                0
            }
        };
        push_sweep_reports(&mut out, std::slice::from_ref(&report));
        return done(out, code);
    }
    let search_time = match left() {
        Some(l) => l.min(duration(opts.search_time)),
        None => duration(opts.search_time),
    };
    let search = Limits { max_states: Some(opts.max_states), time: Some(search_time) };
    let first = vexed::solve::solve_anytime(&start, search).map_err(fail)?;
    let given = match &first.outcome {
        Outcome::Solved { moves, proven: true } => {
            out.push_str(&format!(
                "length: {} (proven optimal by the first search: every shorter sequence was ruled out)\n",
                moves.len()
            ));
            push_solution(&mut out, kind, &start, moves);
            out.push_str(&format!("first search: {} states, {:.1} s\n", first.expanded, first.elapsed.as_secs_f64()));
            return done(out, 0);
        }
        Outcome::Unsolvable => {
            out.push_str("proven unsolvable: the whole reachable space was searched\n");
            return done(out, 0);
        }
        Outcome::Solved { moves, proven: false } => Some(moves.clone()),
        // A sweep with no length to stay below would take every reachable position: a beam
        // (a fraction of a second) gives it one.
        Outcome::LimitReached(_) => {
            let limits = Limits { max_states: Some(opts.max_states), time: left() };
            vexed::solve::solve_beam(&start, 1 << 12, limits).map_err(fail)?.moves
        }
    };
    out.push_str(&format!(
        "first search: {} in {:.1} s, lower bound {}\n",
        given.as_ref().map_or("no solution".to_string(), |m| format!("{} moves, not proven", m.len())),
        first.elapsed.as_secs_f64(),
        first.bound
    ));
    if left().is_some_and(|l| l.is_zero()) {
        out.push_str("not proven: the time limit was reached in the first search\n");
        if let Some(moves) = &given {
            out.push_str(&format!("best found: {} (the optimum is at least {})\n", moves.len(), first.bound));
            push_solution(&mut out, kind, &start, moves);
        }
        return done(out, 3);
    }
    let limits = Limits { max_states: Some(opts.max_states), time: left() };
    let (result, reports) =
        vexed::sweep::solve_by_sweep(&start, given.as_deref(), limits, opts.work_dir.as_deref(), &mut observe)
            .map_err(fail)?;
    let code = match result {
        SweepSolution::GivenIsOptimal => {
            let moves = given.expect("a given solution");
            out.push_str(&format!(
                "length: {} (proven optimal by the sweep: every shorter sequence was ruled out)\n",
                moves.len()
            ));
            push_solution(&mut out, kind, &start, &moves);
            0
        }
        SweepSolution::Shorter(moves) => {
            out.push_str(&format!(
                "length: {} (proven optimal by the sweep, shorter than the first search's)\n",
                moves.len()
            ));
            push_solution(&mut out, kind, &start, &moves);
            0
        }
        SweepSolution::Unsolvable | SweepSolution::NoneBelow(_) => {
            out.push_str(&format!(
                "no solution of at most {} moves: the sweep ruled them all out\n",
                vexed::sweep::MAX_DEPTH
            ));
            0
        }
        SweepSolution::Limit(k) => {
            out.push_str(&format!("not proven: the sweep's {} limit was reached\n", limit_name(k)));
            if let Some(moves) = &given {
                out.push_str(&format!("best found: {} (the optimum is at least {})\n", moves.len(), first.bound));
                push_solution(&mut out, kind, &start, moves);
            }
            3
        }
    };
    push_sweep_reports(&mut out, &reports);
    done(out, code)
}

fn push_sweep_reports(out: &mut String, reports: &[vexed::sweep::SweepReport]) {
    for (i, r) in reports.iter().enumerate() {
        out.push_str(&format!(
            "sweep {}: {} positions expanded, at most {} held at once, {} classes, {:.1} s\n",
            i + 1,
            r.expanded,
            r.peak_held,
            r.classes,
            r.elapsed.as_secs_f64()
        ));
    }
}

fn vexed_solve(file: &Path, level: usize, time_limit: Option<f64>, max_states: usize) -> Result<Done, Failure> {
    let bytes = read_file(file)?;
    let name = file.display().to_string();
    let (kind, levels) = vexed::format::parse_any(&bytes).map_err(|e| Failure::parse(&name, e))?;
    let lvl = pick(levels, level, file)?;
    let limits = Limits { max_states: Some(max_states), time: time_limit.map(duration) };
    let start = lvl.board.settle().0;
    let report =
        vexed::solve::solve_anytime(&start, limits).map_err(|e| Failure::bad(format!("{name}: level {level}: {e}")))?;
    let mut out = format!("{} (level {level} of {name})\n", lvl.title);
    if let Some(p) = lvl.par {
        out.push_str(&format!("par: {p}\n"));
    }
    let code = match &report.outcome {
        Outcome::Solved { moves, proven } => {
            let status = if *proven {
                "proven optimal: every shorter sequence was ruled out".to_string()
            } else {
                format!("not proven optimal: a limit stopped the proof; the optimum is at least {}", report.bound)
            };
            out.push_str(&format!("length: {} ({status})\n", moves.len()));
            push_solution(&mut out, kind, &start, moves);
            if *proven { 0 } else { 3 }
        }
        Outcome::Unsolvable => {
            out.push_str("proven unsolvable: the whole reachable space was searched\n");
            0
        }
        Outcome::LimitReached(k) => {
            out.push_str(&format!("no answer: the {} limit was reached\n", limit_name(*k)));
            3
        }
    };
    out.push_str(&format!(
        "states: {} expanded, {} stored; {:.1} ms\n",
        report.expanded,
        report.stored,
        report.elapsed.as_secs_f64() * 1e3
    ));
    Ok(Done { out, code, ..Done::default() })
}

/// Picks `count` items spread evenly over candidates sorted by difficulty, hardest last.
fn spread<T>(mut items: Vec<(u64, T)>, count: usize) -> Vec<(u64, T)> {
    items.sort_by_key(|x| x.0);
    let n = items.len();
    if n <= count {
        return items;
    }
    let picks: Vec<usize> = (0..count).map(|i| i * (n - 1) / (count - 1).max(1)).collect();
    items.into_iter().enumerate().filter(|(i, _)| picks.contains(i)).map(|(_, x)| x).collect()
}

/// `tumblebox certify`: every level of a file (or one), through the one loader, one line each.
fn certify(file: &Path, level: Option<usize>, time_limit: f64, max_states: usize) -> Result<Done, Failure> {
    use tumblebox::certify::{Bounds, Certify};
    use tumblebox::loader::Loaded;
    let name = file.display().to_string();
    let bytes = read_file(file)?;
    let loaded = tumblebox::loader::load(&bytes).map_err(|e| Failure::bad(format!("{name}: {e}")))?;
    let bounds = Bounds { time: duration(time_limit), max_states, ..Bounds::default() };
    let levels: Vec<(String, Box<dyn Certify>)> = match loaded {
        Loaded::Save(_) => {
            return Err(Failure::bad(format!("{name}: a save file, not a level file (open it in the window)")));
        }
        Loaded::Vexed(_, levels) => levels.into_iter().map(|l| (l.title, boxed(l.board.settle().0))).collect(),
        Loaded::Shubbles(levels) => levels.into_iter().map(|l| (l.title, boxed(l.state))).collect(),
        Loaded::Mazes(mazes) => mazes
            .into_iter()
            .enumerate()
            .map(|(i, m)| (format!("Maze {}", i + 1), boxed(sokoban::scene::Game::new(m, false))))
            .collect(),
        Loaded::Xsb(levels) => {
            levels.into_iter().map(|l| (l.title, boxed(sokoban::scene::Game::new(l.maze, true)))).collect()
        }
        Loaded::Stacks(games) => games
            .into_iter()
            .enumerate()
            .map(|(i, game)| (format!("Board {}", i + 1), boxed(stacks::play::StacksPlay { game, next: 0, turn: 1 })))
            .collect(),
    };
    let n = levels.len();
    let chosen = match level {
        None => 0..n,
        Some(k) if (1..=n).contains(&k) => k - 1..k,
        Some(k) => return Err(Failure::bad(format!("--level {k}: {name} has levels 1 to {n}"))),
    };
    let mut out = String::new();
    let never = std::sync::atomic::AtomicBool::new(false);
    for i in chosen {
        let (title, level) = &levels[i];
        let said = level.certify(bounds, &never, &std::sync::atomic::AtomicUsize::new(0)).words(bounds.max_turns);
        out.push_str(&format!("{} {}: {said}\n", i + 1, one_line(title)));
    }
    Ok(Done::text(out))
}

fn boxed<C: tumblebox::certify::Certify + 'static>(level: C) -> Box<dyn tumblebox::certify::Certify> {
    Box::new(level)
}

fn generate(game: &str, count: usize, seed: u64) -> String {
    use tumblebox::generate::*;
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    match game {
        "vexed" => {
            let mut found = Vec::new();
            let limits = vexed::solve::Limits { max_states: Some(300_000), time: None };
            while found.len() < count * 25 {
                let b = vexed_candidate(&mut rng);
                if b.is_solved() {
                    continue;
                }
                if let Ok(r) = vexed::solve::solve(&b, limits)
                    && let vexed::solve::Outcome::Solved { moves, proven: true } = r.outcome
                    && moves.len() >= 2
                    && !found.iter().any(|(_, x): &(u64, vexed::Board)| x == &b)
                {
                    found.push(((moves.len() as u64) << 32 | r.expanded.min(u32::MAX as usize) as u64, b));
                }
            }
            for (i, (key, b)) in spread(found, count).into_iter().enumerate() {
                out.push_str(&vexed::format::android_line(&format!("Tumble {}", i + 1), &b, (key >> 32) as usize));
                out.push('\n');
            }
        }
        "shubbles" => {
            let mut found = Vec::new();
            while found.len() < count * 10 {
                let Some(s) = shubbles_candidate(&mut rng) else { continue };
                if let shubbles::solve::Outcome::Solved(ops) = shubbles::solve::solve(&s, 400_000)
                    && ops.len() >= 2
                {
                    found.push((ops.len() as u64, s));
                }
            }
            for (i, (len, s)) in spread(found, count).into_iter().enumerate() {
                out.push_str(&format!("{};{};Box {}\n", s.text(), len, i + 1));
            }
        }
        "sokoban" => {
            let mut found = Vec::new();
            while found.len() < count * 20 {
                let Some(m) = sokoban_candidate(&mut rng) else { continue };
                if let Some(sol) = sokoban::solve::solve(&m)
                    && sol.pushes >= 2
                {
                    found.push(((sol.pushes as u64) << 32 | sol.moves.len() as u64, m));
                }
            }
            for (_, m) in spread(found, count) {
                out.push_str(&sokoban::format::write(&m));
            }
            out.push_str("0 0\n");
        }
        _ => {
            let mut found = Vec::new();
            while found.len() < count * 20 {
                let g = stacks_candidate(&mut rng);
                if let Some(t) = g.ending_turn(1000)
                    && t >= 2
                {
                    found.push((t as u64, g));
                }
            }
            let boards: Vec<String> = spread(found, count).iter().map(|(_, g)| stacks::format::write(g)).collect();
            out.push_str(&boards.join("\n"));
        }
    }
    out
}
