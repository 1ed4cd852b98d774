//! The command line: judge-compatible front ends for the four original problems, plus solving
//! and benchmarking tools. Library errors become one line on stderr and exit status 2; answers
//! are assembled in full before anything is printed, so a bad input never yields half an answer.

use clap::{Parser, Subcommand};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tumblebox::anim::{Animate, Pacing};
use tumblebox::error::{ParseError, utf8};
use tumblebox::render::frames::{GifMode, export_gif, export_png};
use tumblebox::{shubbles, sokoban, stacks, vexed};

#[derive(Parser)]
#[command(name = "tumblebox", version, about = "Grid puzzles where blocks slide, fall, vanish, get pushed and pile up")]
#[command(args_conflicts_with_subcommands = true)]
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
    /// Generate levels certified by the solvers (how `assets/levels/` was made)
    Generate {
        /// vexed, shubbles, sokoban or stacks
        #[arg(value_parser = ["vexed", "shubbles", "sokoban", "stacks"])]
        game: String,
        /// How many levels to keep, spread from easy to hard
        #[arg(long, default_value_t = 12)]
        count: usize,
        /// Random seed
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
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
    /// Solve one level exactly: the solution, its length, and whether it is proven optimal.
    ///
    /// FILE may be a World Finals input, a Palm `.ini` or an Android `.txt` pack. Prints the
    /// moves in World Finals notation (on the board as the file gives it), and for `.ini` files
    /// in Palm notation too. Exit status 0 when solved or proven unsolvable, 3 when a limit was
    /// hit first.
    Solve {
        /// The level file
        file: PathBuf,
        /// Which level of the file, from 1
        #[arg(long, default_value_t = 1)]
        level: usize,
        /// Give up after this many seconds
        #[arg(long, value_name = "S")]
        time_limit: Option<f64>,
        /// Give up after storing this many states (about 50 bytes each)
        #[arg(long)]
        max_states: Option<usize>,
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
        /// Seconds for the first search (for the solution to prove)
        #[arg(long, value_name = "S", default_value_t = 20.0)]
        search_time: f64,
        /// Give up the sweep after this many seconds
        #[arg(long, value_name = "S")]
        time_limit: Option<f64>,
        /// Give up when the sweep holds this many positions at once (about 40 bytes each; also the
        /// first search's state limit)
        #[arg(long)]
        max_states: Option<usize>,
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
    /// called out (its solution replay-checked).
    Bench {
        /// The folder of packs
        dir: PathBuf,
        /// Write one row per level: pack,index,title,par,length,proven,states,millis
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Per-level time limit in seconds
        #[arg(long, value_name = "S", default_value_t = 20.0)]
        time_limit: f64,
        /// Per-level state limit (bounds memory: about 50 bytes a state, per job)
        #[arg(long, default_value_t = 20_000_000)]
        max_states: usize,
        /// Parallel jobs (default: every core)
        #[arg(long)]
        jobs: Option<usize>,
    },
    /// Render a level and a move list (or the solver's solution) to PNG or GIF.
    ///
    /// FILE may be a World Finals input, a Palm `.ini` or an Android `.txt` pack (recognised
    /// by content). Moves are `(B,1,3,L)` or Palm pairs such as `eCdF`, on the board as the
    /// file gives it (Android boards are cropped).
    Export(ExportArgs),
}

/// What to render and where: shared by every game's `export`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("out").required(true).multiple(true).args(["png", "gif"])))]
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
    /// Make the GIF smooth (20 fps)
    #[arg(long, requires = "gif")]
    pub smooth: bool,
    /// Image width and height in pixels
    #[arg(long, default_value_t = 480, value_parser = clap::value_parser!(u32).range(16..=4096))]
    pub size: u32,
}

impl ExportArgs {
    fn images(&self) -> Images {
        Images { png: self.png.clone(), gif: self.gif.clone(), smooth: self.smooth, size: self.size as usize }
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
        /// Also write an animated GIF: one frame per state, one second each
        #[arg(long, value_name = "FILE")]
        gif: Option<PathBuf>,
        /// Make the GIF smooth: 20 fps, at most one operation per second
        #[arg(long, requires = "gif")]
        smooth: bool,
        /// Image width and height in pixels
        #[arg(long, default_value_t = 480, value_parser = clap::value_parser!(u32).range(16..=4096))]
        size: u32,
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
    /// The puzzle: the fewest operations that free every shubble without freeing a smole.
    ///
    /// Reads one state (the first line); prints the operations, or `impossible`.
    Solve {
        /// Give up after this many states
        #[arg(long, default_value_t = 5_000_000)]
        max_states: usize,
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
    /// Render a maze of a UVa 589 file and moves (`nsewNSEW`, or the solver's) to PNG or GIF.
    Export(ExportArgs),
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
        #[arg(long, default_value_t = 20)]
        turns: u32,
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
            let bytes = std::fs::read(p).map_err(|e| Failure(format!("{name}: cannot read: {e}")))?;
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
    let text = utf8(&bytes).map_err(|e| Failure::parse(&name, e))?.to_string();
    Ok(Input { name, text })
}

pub fn run(cli: Cli) -> ExitCode {
    let Some(command) = cli.command else {
        if let Some(p) = cli.open.as_ref().filter(|p| !p.is_file()) {
            eprintln!("tumblebox: {}: no such level file (and not a command: see tumblebox --help)", p.display());
            return ExitCode::from(2);
        }
        return match tumblebox::app::run(cli.open) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tumblebox: cannot open the window: {e}");
                eprintln!("(the command line works without a display: tumblebox --help)");
                ExitCode::from(1)
            }
        };
    };
    let result = match command {
        Command::Vexed(VexedCmd::Judge { file }) => vexed_judge(&file),
        Command::Shubbles(ShubblesCmd::Judge { picture, png, gif, smooth, size, file }) => {
            let images = Images { png, gif, smooth, size: size as usize };
            shubbles_judge(&file, picture, &images)
        }
        Command::Sokoban(SokobanCmd::Judge { file }) => sokoban_judge(&file),
        Command::Vexed(VexedCmd::Export(args)) => vexed_export(&args),
        Command::Vexed(VexedCmd::Solve { file, level, time_limit, max_states }) => {
            return finish(vexed_solve(&file, level, time_limit, max_states));
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
            return finish(vexed_prove(&file, level, &opts));
        }
        Command::Vexed(VexedCmd::Bench { dir, csv, time_limit, max_states, jobs }) => {
            crate::bench::run(&dir, csv.as_deref(), time_limit, max_states, jobs).map_err(Failure)
        }
        Command::Shubbles(ShubblesCmd::Solve { max_states, file }) => shubbles_solve(&file, max_states),
        Command::Generate { game, count, seed } => Ok(generate(&game, count, seed)),
        Command::Sokoban(SokobanCmd::Export(args)) => sokoban_export(&args),
        Command::Stacks(StacksCmd::Export { args, bottom_only, turns }) => stacks_export(&args, bottom_only, turns),
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

/// For commands whose answer chooses the exit status: (output, status).
fn finish(result: Result<(String, u8), Failure>) -> ExitCode {
    match result.and_then(|(out, code)| emit(&out).map(|_| code)) {
        Ok(code) => ExitCode::from(code),
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
    let puzzles = vexed::format::parse_judge(&input.text).map_err(|e| Failure::parse(&input.name, e))?;
    let mut out = String::new();
    for p in &puzzles {
        let report = vexed::solve::solve(&p.board, Default::default())
            .map_err(|e| Failure(format!("{}: puzzle `{}`: {e}", input.name, p.name)))?;
        match report.outcome {
            vexed::solve::Outcome::Solved { moves, .. } => {
                out.push_str(&format!("{}: Minimum solution length = {}\n", p.name, moves.len()));
                for line in vexed::format::solution_lines(&p.board.settle().0, &moves) {
                    out.push_str(&line);
                    out.push('\n');
                }
            }
            vexed::solve::Outcome::Unsolvable => out.push_str(&format!("{}: No solution\n", p.name)),
            vexed::solve::Outcome::LimitReached(_) => {
                return Err(Failure(format!("{}: puzzle `{}`: the search hit a limit", input.name, p.name)));
            }
        }
    }
    Ok(out)
}

/// Image outputs requested on the command line.
pub struct Images {
    pub png: Option<PathBuf>,
    pub gif: Option<PathBuf>,
    pub smooth: bool,
    pub size: usize,
}

impl Images {
    /// Writes the requested files for a start state, its moves' steps and the end state.
    fn write<S: Animate>(&self, start: &S, moves: &[Vec<S::Step>], end: &S, pacing: Pacing) -> Result<(), Failure> {
        let size = (self.size, self.size);
        let cannot = |p: &PathBuf, e: std::io::Error| Failure(format!("{}: cannot write: {e}", p.display()));
        if let Some(p) = &self.png {
            export_png(p, end, size).map_err(|e| cannot(p, e))?;
        }
        if let Some(p) = &self.gif {
            let mode = if self.smooth { GifMode::Smooth } else { GifMode::Stepwise };
            export_gif(p, start, moves, mode, pacing, size).map_err(|e| cannot(p, e))?;
        }
        Ok(())
    }
}

/// Shubbles timing: at most one operation per second.
pub const SHUBBLES_PACING: Pacing = Pacing { hold_start: 1.0, hold_end: 1.5, min_move: 1.0 };

fn shubbles_judge(file: &Option<PathBuf>, picture: bool, images: &Images) -> Result<String, Failure> {
    let input = read_input(file)?;
    let (state, ops) = shubbles::format::parse_judge(&input.text).map_err(|e| Failure::parse(&input.name, e))?;
    let run = state.run(&ops);
    let moves: Vec<Vec<shubbles::Step>> = run.applied.iter().map(|(_, a)| a.steps.clone()).collect();
    images.write(&run.start, &moves, &run.end(), SHUBBLES_PACING)?;
    Ok(match run.failure() {
        Some(_) => "!\n".to_string(),
        None if picture => shubbles::format::picture(&run.end()),
        None => format!("{}\n", run.end().text()),
    })
}

fn sokoban_judge(file: &Option<PathBuf>) -> Result<String, Failure> {
    let input = read_input(file)?;
    let mazes = sokoban::format::parse_judge(&input.text).map_err(|e| Failure::parse(&input.name, e))?;
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
    let rule = if bottom_only { stacks::Rule::BottomOnly } else { stacks::Rule::CarryAbove };
    let game = stacks::format::parse(&input.text, rule).map_err(|e| Failure::parse(&input.name, e))?;
    Ok(match game.ending_turn(1000) {
        Some(t) => format!("{t}\n"),
        None => "-1\n".to_string(),
    })
}

fn read_file(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure(format!("{}: cannot read: {e}", path.display())))
}

fn pick<T>(items: Vec<T>, level: usize, file: &Path) -> Result<T, Failure> {
    let n = items.len();
    items
        .into_iter()
        .nth(level.wrapping_sub(1))
        .ok_or_else(|| Failure(format!("{}: expected --level from 1 to {n}, found {level}", file.display())))
}

fn moves_error(file: &Path, e: ParseError) -> Failure {
    Failure(format!("{}: --moves: column {}: {}", file.display(), e.column.unwrap_or(1), e.message))
}

fn vexed_export(args: &ExportArgs) -> Result<String, Failure> {
    let bytes = read_file(&args.file)?;
    let name = args.file.display().to_string();
    let (_, levels) = vexed::format::parse_any(&bytes).map_err(|e| Failure::parse(&name, e))?;
    let level = pick(levels, args.level, &args.file)?;
    let start = level.board.settle().0;
    let moves = match &args.moves {
        Some(text) => vexed::format::parse_any_moves(text).map_err(|e| moves_error(&args.file, e))?,
        None if args.gif.is_some() => {
            let report = vexed::solve::solve(&start, Default::default())
                .map_err(|e| Failure(format!("{name}: level {}: {e}", args.level)))?;
            match report.outcome {
                vexed::solve::Outcome::Solved { moves, .. } => moves,
                _ => {
                    return Err(Failure(format!("{name}: level {}: no solution to animate", args.level)));
                }
            }
        }
        None => vec![],
    };
    let mut board = start.clone();
    let mut steps = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let text = vexed::format::move_text(&board, m);
        let (next, s) = board.apply(m).map_err(|e| Failure(format!("{name}: move {} {text}: {e}", i + 1)))?;
        steps.push(s);
        board = next;
    }
    let shown = if args.moves.is_some() { &board } else { &start };
    args.images().write(&start, &steps, shown, Pacing::default())?;
    Ok(String::new())
}

fn sokoban_export(args: &ExportArgs) -> Result<String, Failure> {
    let bytes = read_file(&args.file)?;
    let name = args.file.display().to_string();
    let text = utf8(&bytes).map_err(|e| Failure::parse(&name, e))?;
    let mazes = sokoban::format::parse_judge(text).map_err(|e| Failure::parse(&name, e))?;
    let maze = pick(mazes, args.level, &args.file)?;
    let moves: Vec<sokoban::Move> = match &args.moves {
        Some(t) => t
            .chars()
            .filter(|c| !c.is_whitespace())
            .enumerate()
            .map(|(i, c)| {
                sokoban::Move::from_char(c).ok_or_else(|| {
                    Failure(format!("{name}: --moves: character {}: expected one of nsewNSEW, found `{c}`", i + 1))
                })
            })
            .collect::<Result<_, _>>()?,
        None if args.gif.is_some() => match sokoban::solve::solve(&maze) {
            Some(sol) => sol.moves,
            None => {
                return Err(Failure(format!("{name}: maze {}: impossible, nothing to animate", args.level)));
            }
        },
        None => vec![],
    };
    let start = sokoban::scene::Game { level: std::sync::Arc::new(maze.level), pos: maze.start };
    let mut pos = start.pos.clone();
    let mut steps = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let (next, s) =
            start.level.apply(&pos, m).map_err(|e| Failure(format!("{name}: move {} `{}`: {e}", i + 1, m.char())))?;
        steps.push(vec![s]);
        pos = next;
    }
    let end = sokoban::scene::Game { level: start.level.clone(), pos };
    let shown = if args.moves.is_some() { &end } else { &start };
    args.images().write(&start, &steps, shown, Pacing::default())?;
    Ok(String::new())
}

fn stacks_export(args: &ExportArgs, bottom_only: bool, turns: u32) -> Result<String, Failure> {
    let bytes = read_file(&args.file)?;
    let name = args.file.display().to_string();
    let text = utf8(&bytes).map_err(|e| Failure::parse(&name, e))?;
    if args.level != 1 {
        return Err(Failure(format!("{name}: a Baekjoon file holds one board: expected --level 1")));
    }
    let rule = if bottom_only { stacks::Rule::BottomOnly } else { stacks::Rule::CarryAbove };
    let start = stacks::format::parse(text, rule).map_err(|e| Failure::parse(&name, e))?;
    let mut game = start.clone();
    let mut steps = Vec::new();
    match &args.moves {
        Some(t) => {
            let pieces = stacks::format::parse_moves(t, start.pieces(), 1).map_err(|e| moves_error(&args.file, e))?;
            for p in pieces {
                if game.over {
                    break;
                }
                let (next, s) = game.move_piece(p);
                steps.push(s);
                game = next;
            }
        }
        None if args.gif.is_some() => {
            for _ in 0..turns {
                if game.over {
                    break;
                }
                for p in 0..game.pieces() {
                    if game.over {
                        break;
                    }
                    let (next, s) = game.move_piece(p);
                    steps.push(s);
                    game = next;
                }
            }
        }
        None => {}
    }
    let shown = if args.moves.is_some() { &game } else { &start };
    args.images().write(&start, &steps, shown, Pacing::default())?;
    Ok(String::new())
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

fn shubbles_solve(file: &Option<PathBuf>, max_states: usize) -> Result<String, Failure> {
    let input = read_input(file)?;
    let line = input.text.split('\n').next().unwrap_or("");
    let state = shubbles::format::parse_state(line, 1).map_err(|e| Failure::parse(&input.name, e))?;
    Ok(match shubbles::solve::solve(&state, max_states) {
        shubbles::solve::Outcome::Solved(ops) => {
            format!("{} ({} operations)\n", ops.iter().map(|o| o.char()).collect::<String>(), ops.len())
        }
        shubbles::solve::Outcome::Impossible => "impossible\n".to_string(),
        shubbles::solve::Outcome::LimitReached => {
            return Err(Failure(format!("{}: no answer within {max_states} states", input.name)));
        }
    })
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

fn limit_name(k: vexed::solve::LimitKind) -> &'static str {
    match k {
        vexed::solve::LimitKind::States => "state",
        vexed::solve::LimitKind::Time => "time",
        vexed::solve::LimitKind::Cancelled => "cancel",
    }
}

struct ProveOptions {
    search_time: f64,
    time_limit: Option<f64>,
    max_states: Option<usize>,
    work_dir: Option<PathBuf>,
    below: Option<u32>,
    progress: bool,
}

fn vexed_prove(file: &Path, level: usize, opts: &ProveOptions) -> Result<(String, u8), Failure> {
    use vexed::solve::Outcome;
    use vexed::sweep::SweepSolution;
    let bytes = read_file(file)?;
    let name = file.display().to_string();
    let (kind, levels) = vexed::format::parse_any(&bytes).map_err(|e| Failure::parse(&name, e))?;
    let lvl = pick(levels, level, file)?;
    let start = lvl.board.settle().0;
    let fail = |e: vexed::solve::SolveError| Failure(format!("{name}: level {level}: {e}"));
    let mut out = format!("{} (level {level} of {name})\n", lvl.title);
    if let Some(p) = lvl.par {
        out.push_str(&format!("par: {p}\n"));
    }
    let limits = vexed::solve::Limits {
        max_states: opts.max_states,
        time: opts.time_limit.map(std::time::Duration::from_secs_f64),
    };
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
    if let Some(below) = opts.below {
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
        return Ok((out, code));
    }
    let search = vexed::solve::Limits {
        max_states: opts.max_states,
        time: Some(std::time::Duration::from_secs_f64(opts.search_time.max(0.0))),
    };
    let first = vexed::solve::solve_anytime(&start, search).map_err(fail)?;
    let given = match &first.outcome {
        Outcome::Solved { moves, proven: true } => {
            out.push_str(&format!(
                "length: {} (proven optimal by the first search: every shorter sequence was ruled out)\n",
                moves.len()
            ));
            push_solution(&mut out, kind, &start, moves);
            out.push_str(&format!("first search: {} states, {:.1} s\n", first.expanded, first.elapsed.as_secs_f64()));
            return Ok((out, 0));
        }
        Outcome::Unsolvable => {
            out.push_str("proven unsolvable: the whole reachable space was searched\n");
            return Ok((out, 0));
        }
        Outcome::Solved { moves, proven: false } => Some(moves.clone()),
        // A sweep with no length to stay below would take every reachable position: a beam
        // (a fraction of a second) gives it one.
        Outcome::LimitReached(_) => {
            vexed::solve::solve_beam(&start, 1 << 12, vexed::solve::Limits::default()).map_err(fail)?.moves
        }
    };
    out.push_str(&format!(
        "first search: {} in {:.1} s, lower bound {}\n",
        given.as_ref().map_or("no solution".to_string(), |m| format!("{} moves, not proven", m.len())),
        first.elapsed.as_secs_f64(),
        first.bound
    ));
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
    Ok((out, code))
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

fn vexed_solve(
    file: &Path,
    level: usize,
    time_limit: Option<f64>,
    max_states: Option<usize>,
) -> Result<(String, u8), Failure> {
    let bytes = read_file(file)?;
    let name = file.display().to_string();
    let (kind, levels) = vexed::format::parse_any(&bytes).map_err(|e| Failure::parse(&name, e))?;
    let lvl = pick(levels, level, file)?;
    let limits = vexed::solve::Limits { max_states, time: time_limit.map(std::time::Duration::from_secs_f64) };
    let start = lvl.board.settle().0;
    let report =
        vexed::solve::solve_anytime(&start, limits).map_err(|e| Failure(format!("{name}: level {level}: {e}")))?;
    let mut out = format!("{} (level {level} of {name})\n", lvl.title);
    if let Some(p) = lvl.par {
        out.push_str(&format!("par: {p}\n"));
    }
    let code = match &report.outcome {
        vexed::solve::Outcome::Solved { moves, proven } => {
            let status = if *proven {
                "proven optimal: every shorter sequence was ruled out".to_string()
            } else {
                format!("not proven optimal: the optimum is at least {}", report.bound)
            };
            out.push_str(&format!("length: {} ({status})\n", moves.len()));
            push_solution(&mut out, kind, &start, moves);
            0
        }
        vexed::solve::Outcome::Unsolvable => {
            out.push_str("proven unsolvable: the whole reachable space was searched\n");
            0
        }
        vexed::solve::Outcome::LimitReached(k) => {
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
    Ok((out, code))
}
