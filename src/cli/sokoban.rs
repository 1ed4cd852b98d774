//! `tumblebox sokoban …`: the UVa 589 judge, and for Sokoban levels of many boxes (XSB
//! collections, LURD moves) the solver, its bench, export and trace.

use super::flags::{ExportArgs, TraceArgs, seconds, seconds_or_zero, states};
use super::message::{illegal, moves_error, pick};
use super::read::{open_file, read_input, read_text};
use super::status::{self, Done, Failure};
use super::write::{SaveAs, check_export_outputs, check_outputs, file_name, stage_images, stage_save, trace_lines};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use tumblebox::anim::Pacing;
use tumblebox::error::one_line;
use tumblebox::sokoban::{self, bench, search};
use tumblebox::{judge, save::Replay};

/// The solver's limits for a command that solves a level.
#[derive(clap::Args, Clone, Copy)]
pub struct SokobanLimits {
    /// Give up after this many seconds
    #[arg(long, value_name = "S", default_value = "10", value_parser = seconds, allow_hyphen_values = true)]
    pub time_limit: f64,
    /// Give up after holding this many states (about 140 bytes each; with --optimal about 70)
    #[arg(long, value_name = "N", default_value = "20000000", value_parser = states, allow_hyphen_values = true)]
    pub max_states: usize,
    /// Then search near a solution not proven push-optimal for fewer pushes, at most this many
    /// seconds more (0: not at all)
    #[arg(long, value_name = "S", default_value = "0", value_parser = seconds_or_zero, allow_hyphen_values = true)]
    pub optimise: f64,
}

impl SokobanLimits {
    fn polish(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.optimise)
    }

    fn limits(&self) -> search::Limits {
        search::Limits { time: std::time::Duration::from_secs_f64(self.time_limit), max_states: self.max_states }
    }

    /// Which limit an ending names, in words.
    fn said(&self, ended: &str) -> String {
        match ended {
            "time" => format!("the time limit ({} s)", self.time_limit),
            "boxes" => format!("the box limit ({} boxes)", search::MAX_BOXES),
            _ => format!("the state limit ({})", self.max_states),
        }
    }
}

#[derive(Subcommand)]
pub enum SokobanCmd {
    /// UVa 589 "Pushing Boxes": mazes until `0 0`; fewest pushes, then fewest moves.
    ///
    /// Every maze is read before any is solved: a bad input prints no answers. Among equal
    /// answers, the one a plain Dijkstra search on (pushes, moves) finds, trying n, s, e, w.
    #[command(after_help = status::after("sokoban judge"))]
    Judge {
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
    /// Render a level (a UVa 589 maze or an XSB level) and moves (`nsewNSEW` or LURD, or the
    /// solver's) to PNG, GIF, APNG or a strip.
    #[command(after_help = status::after("sokoban export"))]
    Export {
        #[command(flatten)]
        args: ExportArgs,
        #[command(flatten)]
        limits: SokobanLimits,
    },
    /// Print the walks and pushes of a move list (or the solver's answer), one a line.
    ///
    /// Rows and columns from 1 on the board as tumblebox reads it: UVa 589 mazes as their
    /// input gives them; an XSB level's row 1 is its first board line and column 1 its
    /// leftmost wall (indentation before it is not counted), as in the window's debugger.
    /// Errors in the file itself name the file's own lines and columns, as `solve`'s do.
    #[command(after_help = status::after("sokoban trace"))]
    Trace {
        #[command(flatten)]
        args: TraceArgs,
        #[command(flatten)]
        limits: SokobanLimits,
    },
    /// Solve a Sokoban level (an XSB collection's, or a UVa 589 maze): the LURD solution, its
    /// moves and pushes, and whether it is proven push-optimal.
    ///
    /// Without --optimal, any solution as fast as possible, then polished by a short search
    /// near it for fewer pushes (at most 1000 positions, and a tenth of the search's time or
    /// 50 ms, inside the time limit; proven only when its pushes meet the lower bound). With
    /// --optimal, the fewest pushes and, among those, the fewest moves (UVa 589's order), or which limit stopped the search. The solution is replayed through
    /// the rules before it is printed; "no solution" is said only when the whole search ended
    /// without one, never when a limit stopped it.
    #[command(after_help = status::after("sokoban solve"))]
    Solve {
        /// The level file (XSB, or UVa 589)
        file: PathBuf,
        /// Which level of the file, from 1
        #[arg(long, default_value_t = 1)]
        level: usize,
        #[command(flatten)]
        limits: SokobanLimits,
        /// Search for a push-optimal solution (fewest moves among those)
        #[arg(long)]
        optimal: bool,
        /// Threads for the fast search: a portfolio of different searches, one a thread, the
        /// first answer stopping the others; the state limit is shared between them (at most
        /// 4 are used; --optimal uses one)
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: u16,
    },
    /// Solve every level of a collection, one thread per level: a line per level as it ends
    /// (on stderr), then a summary (solved, proven push-optimal, time, states a second, peak
    /// memory) and optionally a CSV.
    #[command(after_help = status::after("sokoban bench"))]
    Bench {
        /// The level file (XSB, or UVa 589)
        #[arg(required_unless_present = "merge")]
        file: Option<PathBuf>,
        /// Per-level limits (the state limit bounds memory, per job)
        #[command(flatten)]
        limits: SokobanLimits,
        /// Levels solved at once (default: every core)
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        jobs: Option<u16>,
        /// Write pack,index,title,boxes,solved,pushes,moves,proven,millis,solution,ended (RFC 4180)
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Search each level for a push-optimal solution
        #[arg(long)]
        optimal: bool,
        /// Run the I-th of N interleaved slices of the levels (levels I, I+N, I+2N, …), for
        /// spreading one bench over machines (a job array); the CSV keeps the file's indexes
        #[arg(long, value_name = "I/N", value_parser = parse_shard, conflicts_with = "merge")]
        shard: Option<(usize, usize)>,
        /// Join shards' CSVs (written with --csv) into one summary (and one CSV with --csv);
        /// runs no search
        #[arg(long, value_name = "CSV", num_args = 1.., conflicts_with_all = ["file", "optimal", "jobs"])]
        merge: Vec<PathBuf>,
    },
}

/// `I/N` with 1 <= I <= N.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("expected I/N with 1 <= I <= N (such as 3/8), found {}", tumblebox::error::quote(text));
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (usize, usize) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if i == 0 || n == 0 || i > n || n > 1_000_000 {
        return Err(bad());
    }
    Ok((i, n))
}

/// Runs a `sokoban` command.
pub fn run(cmd: SokobanCmd) -> Result<Done, Failure> {
    match cmd {
        SokobanCmd::Judge { file } => {
            let input = read_input(&file)?;
            judge::sokoban(&input.bytes).map(Done::text).map_err(|e| Failure::parse(&input.name, e))
        }
        SokobanCmd::Solve { file, level, limits, optimal, threads } => solve(&file, level, limits, optimal, threads),
        SokobanCmd::Bench { file: _, merge, csv, .. } if !merge.is_empty() => merge_csvs(&merge, csv.as_deref()),
        SokobanCmd::Bench { file, limits, jobs, csv, optimal, shard, .. } => {
            let file = file.ok_or_else(|| Failure::bad("sokoban bench: a level file, or --merge CSV…"))?;
            bench(&file, limits, jobs, csv.as_deref(), optimal, shard)
        }
        SokobanCmd::Export { args, limits } => export(&args, limits),
        SokobanCmd::Trace { args, limits } => trace(&args, limits),
    }
}

/// The levels of a Sokoban file (XSB or UVa 589).
fn levels_of(file: &Path) -> Result<Vec<sokoban::xsb::XsbLevel>, Failure> {
    let (name, text) = read_text(file)?;
    sokoban::xsb::parse_any(&text).map_err(|e| Failure::parse(&name, e))
}

fn mode(optimal: bool) -> search::Mode {
    if optimal { search::Mode::Optimal } else { search::Mode::Fast }
}

fn solve(file: &Path, level: usize, limits: SokobanLimits, optimal: bool, threads: u16) -> Result<Done, Failure> {
    let levels = levels_of(file)?;
    let l = pick(levels, level, file)?;
    let row = bench::solve_one(level, &l, mode(optimal), limits.limits(), limits.polish(), threads.into());
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
            status::OK
        }
        _ if row.ended == "unsolvable" => {
            out.push_str("no solution: the whole search ended without one (proven unsolvable)\n");
            status::OK
        }
        _ => {
            out.push_str(&format!("not solved: {} stopped the search\n", limits.said(row.ended)));
            status::LIMIT
        }
    };
    out.push_str(&format!("states {} created, {} expanded, {secs:.2} s\n", row.states, row.expanded));
    Ok(Done { out, code, ..Done::default() })
}

/// `--merge`: shards' CSVs joined, each level once, streamed (`sokoban::merge`); the summary,
/// and the joined CSV (staged as it is made: a refused row leaves nothing written).
fn merge_csvs(files: &[PathBuf], csv: Option<&Path>) -> Result<Done, Failure> {
    use tumblebox::sokoban::merge::{self, MergeError, Shard};
    if let Some(c) = csv {
        let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
        check_outputs(&[("--csv", c)], &inputs)?;
    }
    let mut shards = Vec::new();
    for f in files {
        let r = std::io::BufReader::with_capacity(1 << 16, open_file(f)?);
        shards.push(Shard::open(&f.display().to_string(), r).map_err(Failure::bad)?);
    }
    let refused = |e: MergeError, path: &Path| match e {
        MergeError::Bad(m) => Failure::bad(m),
        MergeError::Write(e) => Failure::bad(format!("{}: cannot write: {e}", path.display())),
    };
    let (merged, files) = match csv {
        None => (merge::merge(&mut shards, &mut |_, _| Ok(())).map_err(|e| refused(e, Path::new("")))?, Vec::new()),
        Some(path) => {
            let mut merged = None;
            let staged = tumblebox::render::export::stage(path, |w| {
                use std::io::Write;
                writeln!(w, "{}", bench::HEADER)?;
                let r = merge::merge(&mut shards, &mut |pack, row| writeln!(w, "{}", row.csv(pack)));
                let failed = r.is_err();
                merged = Some(r);
                // A refused row: the staged file is removed.
                if failed { Err(std::io::Error::other("the merge stopped")) } else { Ok(()) }
            });
            // The merge's own error first; without one, the file's (its creation, its flush).
            let m = match merged {
                Some(r) => r.map_err(|e| refused(e, path))?,
                None => merge::Merged::default(),
            };
            (m, vec![staged.map_err(|e| refused(MergeError::Write(e), path))?])
        }
    };
    let code = if merged.partial() { status::LIMIT } else { status::OK };
    Ok(Done { out: merged.summary(), files, code, ..Done::default() })
}

/// A bench's answer: its summary, its CSV staged, status 3 when a limit stopped any level.
fn finish_bench(out: String, pack: &str, rows: &[bench::Row], csv: Option<&Path>) -> Result<Done, Failure> {
    let limited = rows.iter().any(|r| !r.solved && r.ended != "unsolvable");
    let mut files = Vec::new();
    if let Some(path) = csv {
        let mut text = format!("{}\n", bench::HEADER);
        for r in rows {
            text.push_str(&r.csv(pack));
            text.push('\n');
        }
        files.push(
            tumblebox::render::export::stage(path, |w| std::io::Write::write_all(w, text.as_bytes()))
                .map_err(|e| Failure::bad(format!("{}: cannot write: {e}", path.display())))?,
        );
    }
    let code = if limited { status::LIMIT } else { status::OK };
    Ok(Done { out, files, code, ..Done::default() })
}

fn bench(
    file: &Path,
    limits: SokobanLimits,
    jobs: Option<u16>,
    csv: Option<&Path>,
    optimal: bool,
    shard: Option<(usize, usize)>,
) -> Result<Done, Failure> {
    if let Some(c) = csv {
        check_outputs(&[("--csv", c)], &[file])?;
    }
    let all = levels_of(file)?;
    let total = all.len();
    // A shard's levels keep their index in the file (the CSV's rows and --merge rely on it).
    let (index, levels): (Vec<usize>, Vec<_>) = all
        .into_iter()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(i, _)| shard.is_none_or(|s| bench::in_shard(*i, s)))
        .unzip();
    let pack = file_name(file);
    let jobs = jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), usize::from);
    let began = std::time::Instant::now();
    let rows = bench::run(&levels, &index, mode(optimal), limits.limits(), limits.polish(), jobs, &|r| {
        let what = match (r.pushes, r.moves) {
            (Some(p), Some(m)) => format!("{p} pushes, {m} moves{}", if r.proven { ", proven" } else { "" }),
            _ if r.ended == "unsolvable" => "proven unsolvable".to_string(),
            _ => format!("not solved: {} stopped it", limits.said(r.ended)),
        };
        eprintln!("{} {}: {what}, {} ms", r.index, one_line(&r.title), r.millis);
    });
    let threads = jobs.clamp(1, levels.len().max(1));
    let mut out = bench::summary(&pack, &rows, began.elapsed(), threads, limits.limits());
    if limits.optimise > 0.0 {
        out.push_str(&format!(
            "each solution not proven push-optimal was then optimised for at most {} s (--optimise); the times include it\n",
            limits.optimise
        ));
    }
    if let Some((i, n)) = shard {
        out.push_str(&format!(
            "shard {i}/{n}: {} of the {total} levels (join the shards' CSVs with --merge)\n",
            rows.len()
        ));
    }
    finish_bench(out, &pack, &rows, csv)
}

/// A level read for export or trace: the file's name, the level's title, the maze, the moves
/// given (checked), and whether it is Sokoban's XSB (LURD moves) rather than UVa 589.
struct Input {
    name: String,
    title: String,
    maze: sokoban::format::Maze,
    given: Option<Vec<sokoban::Move>>,
    xsb: bool,
}

fn input(file: &Path, level: usize, moves: &Option<String>) -> Result<Input, Failure> {
    let (name, text) = read_text(file)?;
    let levels = sokoban::xsb::parse_any(&text).map_err(|e| Failure::parse(&name, e))?;
    // A UVa maze has no first board line of its own.
    let xsb = levels.first().is_some_and(|l| l.line > 0);
    let l = pick(levels, level, file)?;
    let maze = l.maze;
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
    Ok(Input { name, title: l.title, maze, given, xsb })
}

/// The solver's moves for a maze: UVa 589's exact search for one box and one target, the
/// Sokoban solver (within `limits`) for more.
fn solution(
    maze: &sokoban::format::Maze,
    name: &str,
    level: usize,
    what: &str,
    limits: SokobanLimits,
) -> Result<Vec<sokoban::Move>, Failure> {
    use search::Outcome;
    if maze.start.boxes.len() == 1 && maze.level.goals.len() == 1 {
        return sokoban::solve::solve(maze)
            .map(|s| s.moves)
            .ok_or_else(|| Failure::bad(format!("{name}: level {level}: impossible, nothing to {what}")));
    }
    let never = std::sync::atomic::AtomicBool::new(false);
    let r = search::search(&maze.level, &maze.start, search::Mode::Fast, limits.limits(), &never, &Default::default());
    let stopped = |ended: &str| {
        Failure::limit(format!("{name}: level {level}: {} stopped the solver, nothing to {what}", limits.said(ended)))
    };
    match r.outcome {
        Outcome::Solved(f) if !f.proven && limits.optimise > 0.0 => {
            let o = search::optimise(
                &maze.level,
                &maze.start,
                &f.moves,
                limits.polish(),
                limits.max_states,
                &never,
                &Default::default(),
            );
            Ok(o.map_or(f.moves, |o| o.moves))
        }
        Outcome::Solved(f) => Ok(f.moves),
        Outcome::Unsolvable => {
            Err(Failure::bad(format!("{name}: level {level}: no solution (proven), nothing to {what}")))
        }
        Outcome::TooManyBoxes => Err(stopped("boxes")),
        Outcome::StateLimit => Err(stopped("states")),
        Outcome::TimeLimit | Outcome::Cancelled => Err(stopped("time")),
    }
}

fn export(args: &ExportArgs, limits: SokobanLimits) -> Result<Done, Failure> {
    check_export_outputs(args)?;
    let Input { name, title, maze, given, xsb } = input(&args.file, args.level, &args.moves)?;
    let solver = given.is_none();
    let moves: Vec<sokoban::Move> = match given {
        Some(moves) => moves,
        None if args.plays() => solution(&maze, &name, args.level, "animate", limits)?,
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
    let mut files = stage_images(&args.images(), &start, steps, shown, Pacing::default(), &names)?;
    if let Some(p) = &args.save {
        let to = SaveAs { path: p, title: &title, pack: file_name(&args.file), par: None, given: solver };
        files.push(stage_save(&to, &start, &moves)?);
    }
    Ok(Done { files, ..Done::default() })
}

/// Each move's step made and printed as the trace reaches it.
fn trace(args: &TraceArgs, limits: SokobanLimits) -> Result<Done, Failure> {
    use tumblebox::trace::TracedMove;
    let Input { name, maze, given, xsb, .. } = input(&args.file, args.level, &args.moves)?;
    let moves: Vec<sokoban::Move> = match given {
        Some(moves) => moves,
        None => solution(&maze, &name, args.level, "trace", limits)?,
    };
    let start = sokoban::scene::Game::new(maze, xsb);
    let mut pos = start.pos.clone();
    let traced = moves.iter().enumerate().map(|(i, &m)| {
        let (next, s) = start.level.apply(&pos, m).expect("moves checked above");
        pos = next;
        TracedMove { number: i + 1, notation: start.notation(m).to_string(), steps: [s] }
    });
    trace_lines(&start, traced, args.json)?;
    Ok(Done::default())
}
