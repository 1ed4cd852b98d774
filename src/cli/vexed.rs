//! `tumblebox vexed …`: the World Finals judge, the exact solver, the proof sweep (in
//! `vexed_prove`), the bench over packs (in `vexed_bench`), export and trace.

use super::flags::{ExportArgs, SolveLimits, TraceArgs, seconds, states};
use super::message::{illegal, moves_error, pick};
use super::read::{read_file, read_input};
use super::status::{self, Done, Failure};
use super::write::{SaveAs, check_export_outputs, check_outputs, file_name, stage_images, stage_save, trace_lines};
use super::{vexed_bench, vexed_prove};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::time::Instant;
use tumblebox::anim::Pacing;
use tumblebox::judge;
use tumblebox::vexed::{self, solve::LimitKind, solve::Limits, solve::Outcome};

#[derive(Subcommand)]
pub enum VexedCmd {
    /// ACM World Finals 2001 "A Vexing Problem": puzzles until `0 0`, minimum solutions out.
    ///
    /// Every puzzle is read before any is solved: a bad input prints no answers. The solution
    /// printed is the first of all minimum solutions when moves are ordered by (row, column,
    /// then L before R) and compared move by move: the seed's own answers, byte for byte. A
    /// puzzle with no solution prints `NAME: No solution`. A puzzle a limit stops prints
    /// nothing; stderr says which limit, and the exit status is 3.
    #[command(after_help = status::after("vexed judge"))]
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
    #[command(after_help = status::after("vexed solve"))]
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
    #[command(after_help = status::after("vexed prove"))]
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
    #[command(after_help = status::after("vexed bench"))]
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
    #[command(after_help = status::after("vexed export"))]
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
    #[command(after_help = status::after("vexed trace"))]
    Trace {
        #[command(flatten)]
        args: TraceArgs,
        #[command(flatten)]
        limits: SolveLimits,
    },
}

/// Runs a `vexed` command.
pub fn run(cmd: VexedCmd) -> Result<Done, Failure> {
    match cmd {
        VexedCmd::Judge { file, limits } => judge(&file, limits),
        VexedCmd::Solve { file, level, time_limit, max_states } => solve(&file, level, time_limit, max_states),
        VexedCmd::Prove { file, level, search_time, time_limit, max_states, work_dir, below, progress } => {
            let opts = vexed_prove::ProveOptions { search_time, time_limit, max_states, work_dir, below, progress };
            vexed_prove::prove(&file, level, &opts)
        }
        VexedCmd::Bench { dir, csv, time_limit, max_states, jobs } => {
            if let Some(c) = &csv {
                check_outputs(&[("--csv", c)], &[])?;
            }
            vexed_bench::run(&dir, csv.as_deref(), time_limit, max_states, jobs.map(usize::from)).map_err(Failure::bad)
        }
        VexedCmd::Export { args, limits } => export(&args, limits),
        VexedCmd::Trace { args, limits } => trace(&args, limits),
    }
}

/// A limit's name in messages ("the time limit").
fn judge(file: &Option<PathBuf>, limits: SolveLimits) -> Result<Done, Failure> {
    let input = read_input(file)?;
    let answer =
        judge::vexed(&input.bytes, limits.limits()).map_err(|e| Failure::bad(format!("{}: {e}", input.name)))?;
    let code = if answer.stopped.is_empty() { status::OK } else { status::LIMIT };
    let notes = answer.stopped.iter().map(|s| format!("{}: {s}", input.name)).collect();
    Ok(Done { out: answer.text, notes, code, ..Done::default() })
}

/// The solver's solution for a level, as `export` and `trace` show it: the anytime search
/// within the limits, then (when that proved its length optimal) the judge's tie-break, so the
/// moves are the ones `vexed judge` prints. With whether it is proven, and the lower bound.
type Solution = Result<(Vec<vexed::Move>, bool, u32), LimitKind>;

fn solution(start: &vexed::Board, limits: Limits) -> Result<Solution, vexed::solve::SolveError> {
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

/// [`solution`] as a command reports it: the moves, a note and exit 3 when not proven.
fn solution_for(
    start: &vexed::Board,
    limits: Limits,
    what: &str,
    place: &str,
    done: &mut Done,
) -> Result<Vec<vexed::Move>, Failure> {
    let fail = |e: vexed::solve::SolveError| Failure::bad(format!("{place}: {e}"));
    match solution(start, limits).map_err(fail)? {
        Ok((moves, _, _)) if moves.is_empty() && !start.is_solved() => {
            Err(Failure::bad(format!("{place}: no solution to {what}")))
        }
        Ok((moves, proven, bound)) => {
            if !proven {
                done.limited();
                done.notes.push(format!(
                    "{place}: a limit stopped the proof: the {} moves {what}d are not proven optimal (the optimum is at least {bound})",
                    moves.len()
                ));
            }
            Ok(moves)
        }
        Err(k) => Err(Failure::limit(format!(
            "{place}: the {} limit was reached before a solution was found: nothing written",
            k.name()
        ))),
    }
}

/// A Vexed level of a file (settled) and the moves given for it, each checked against the rules
/// (an illegal one names itself): what `export` and `trace` read.
type VexedInput = (String, vexed::format::AnyLevel, vexed::Board, Option<Vec<vexed::Move>>);

fn input(file: &Path, level: usize, moves: &Option<String>) -> Result<VexedInput, Failure> {
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

fn export(args: &ExportArgs, limits: SolveLimits) -> Result<Done, Failure> {
    check_export_outputs(args)?;
    let (name, level, start, given) = input(&args.file, args.level, &args.moves)?;
    let mut done = Done::default();
    let solver = given.is_none();
    let moves: Vec<vexed::Move> = match given {
        Some(moves) => moves,
        None if args.plays() => {
            let place = format!("{name}: level {}", args.level);
            solution_for(&start, limits.limits(), "animate", &place, &mut done)?
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
    let mut files = stage_images(&args.images(), &start, steps, shown, Pacing::default(), &names)?;
    if let Some(p) = &args.save {
        let to = SaveAs { path: p, title: &level.title, pack: file_name(&args.file), par: level.par, given: solver };
        files.push(stage_save(&to, &start, &moves)?);
    }
    done.files = files;
    Ok(done)
}

fn trace(args: &TraceArgs, limits: SolveLimits) -> Result<Done, Failure> {
    use tumblebox::trace::TracedMove;
    let (name, _, start, given) = input(&args.file, args.level, &args.moves)?;
    let mut done = Done::default();
    let moves: Vec<vexed::Move> = match given {
        Some(moves) => moves,
        None => {
            let place = format!("{name}: level {}", args.level);
            solution_for(&start, limits.limits(), "trace", &place, &mut done)?
        }
    };
    // Each move's steps made as the trace reaches it.
    let mut b = start.clone();
    let traced = moves.iter().enumerate().map(|(i, &m)| {
        let notation = vexed::format::move_text(&b, m);
        let (next, steps) = b.apply(m).expect("moves replayed above");
        b = next;
        TracedMove { number: i + 1, notation, steps }
    });
    trace_lines(&start, traced, args.json)?;
    Ok(done)
}

/// The moves in World Finals notation, and in Palm notation for `.ini` files.
fn solve(file: &Path, level: usize, time_limit: Option<f64>, max_states: usize) -> Result<Done, Failure> {
    let bytes = read_file(file)?;
    let name = file.display().to_string();
    let (kind, levels) = vexed::format::parse_any(&bytes).map_err(|e| Failure::parse(&name, e))?;
    let lvl = pick(levels, level, file)?;
    let limits = Limits { max_states: Some(max_states), time: time_limit.map(super::flags::duration) };
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
            out.push_str(&vexed::format::solution_text(kind, &start, moves));
            if *proven { status::OK } else { status::LIMIT }
        }
        Outcome::Unsolvable => {
            out.push_str("proven unsolvable: the whole reachable space was searched\n");
            status::OK
        }
        Outcome::LimitReached(k) => {
            out.push_str(&format!("no answer: the {} limit was reached\n", k.name()));
            status::LIMIT
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
