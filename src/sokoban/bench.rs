//! `tumblebox sokoban bench`: every level of a collection, one thread per level (up to
//! `jobs` at a time), each bounded by the same limits; a summary and a CSV row per level
//! (read back and joined by `merge`).

use super::search::{self, Limits, Mode, Outcome};
use super::xsb::{self, XsbLevel};
use crate::clock::Instant;
use crate::error::csv_field;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// One level's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// From 1.
    pub index: usize,
    pub title: String,
    pub boxes: usize,
    pub solved: bool,
    pub pushes: Option<usize>,
    pub moves: Option<usize>,
    pub proven: bool,
    pub millis: u128,
    /// Plain LURD (empty when unsolved).
    pub solution: String,
    pub states: usize,
    pub expanded: usize,
    /// How the search ended: `solved`, `unsolvable`, `time`, `states`, `boxes` (too many).
    pub ended: &'static str,
}

/// The CSV's header: exactly these columns (`ended`: how the search ended, as [`Row::ended`]).
pub const HEADER: &str = "pack,index,title,boxes,solved,pushes,moves,proven,millis,solution,ended";

/// The header before `ended` was written: read by `--merge`, its unsolved rows taken as
/// stopped by a limit (the cautious reading).
pub const HEADER_V1: &str = "pack,index,title,boxes,solved,pushes,moves,proven,millis,solution";

/// The words of [`Row::ended`].
pub const ENDINGS: [&str; 5] = ["solved", "unsolvable", "time", "states", "boxes"];

impl Row {
    pub fn csv(&self, pack: &str) -> String {
        let n = |v: Option<usize>| v.map_or(String::new(), |v| v.to_string());
        format!(
            "{},{},{},{},{},{},{},{},{},{},{}",
            csv_field(pack),
            self.index,
            csv_field(&self.title),
            self.boxes,
            self.solved,
            n(self.pushes),
            n(self.moves),
            self.proven,
            self.millis,
            csv_field(&self.solution),
            self.ended
        )
    }
}

/// `--shard I/N`: the levels whose index (from 1) is I, I + N, I + 2N, … (interleaved, so each
/// shard gets easy and hard levels alike).
pub fn in_shard(index: usize, shard: (usize, usize)) -> bool {
    (index - 1) % shard.1 == shard.0 - 1
}

/// Solves one level under the limits; a solution not proven push-optimal is then given to the
/// optimiser for at most `polish` (zero: not at all): a better one replaces it, and one whose
/// pushes meet the start's lower bound is proven push-optimal. The fast search runs on
/// `threads` threads (`search::search_threads`).
pub fn solve_one(index: usize, level: &XsbLevel, mode: Mode, limits: Limits, polish: Duration, threads: usize) -> Row {
    let began = Instant::now();
    let r = search::search_threads(
        &level.maze.level,
        &level.maze.start,
        mode,
        limits,
        threads,
        &AtomicBool::new(false),
        &crate::meter::Meter::new(),
    );
    let millis = began.elapsed().as_millis();
    let mut row = Row {
        index,
        title: level.title.clone(),
        boxes: level.maze.start.boxes.len(),
        solved: false,
        pushes: None,
        moves: None,
        proven: false,
        millis,
        solution: String::new(),
        states: r.states,
        expanded: r.expanded,
        ended: "solved",
    };
    match r.outcome {
        Outcome::Solved(mut f) => {
            if !f.proven && !polish.is_zero() {
                let (l, s) = (&level.maze.level, &level.maze.start);
                let never = AtomicBool::new(false);
                if let Ok(o) =
                    search::optimise(l, s, &f.moves, polish, limits.max_states, &never, &crate::meter::Meter::new())
                    && o.better
                {
                    f.pushes = o.pushes;
                    f.moves = o.moves;
                }
                f.proven = f.pushes == r.bound;
                row.millis = began.elapsed().as_millis();
            }
            row.solved = true;
            row.pushes = Some(f.pushes);
            row.moves = Some(f.moves.len());
            row.proven = f.proven;
            row.solution = xsb::lurd_text(&f.moves);
        }
        Outcome::Unsolvable => row.ended = "unsolvable",
        Outcome::TimeLimit | Outcome::Cancelled => row.ended = "time",
        Outcome::StateLimit => row.ended = "states",
        Outcome::TooManyBoxes => row.ended = "boxes",
    }
    row
}

/// Every level, `jobs` threads taking the next level as they finish one; `each` is called
/// with every row as it comes (from the threads, in the order they finish).
/// `index[i]` is the file's index (from 1) of `levels[i]` (a shard keeps the file's numbers).
pub fn run(
    levels: &[XsbLevel],
    index: &[usize],
    mode: Mode,
    limits: Limits,
    polish: Duration,
    jobs: usize,
    each: &(dyn Fn(&Row) + Sync),
) -> Vec<Row> {
    let next = AtomicUsize::new(0);
    let rows = Mutex::new(Vec::with_capacity(levels.len()));
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, levels.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(level) = levels.get(i) else { break };
                    let row = solve_one(index.get(i).copied().unwrap_or(i + 1), level, mode, limits, polish, 1);
                    each(&row);
                    rows.lock().unwrap_or_else(|e| e.into_inner()).push(row);
                }
            });
        }
    });
    let mut rows = rows.into_inner().unwrap_or_else(|e| e.into_inner());
    rows.sort_by_key(|r| r.index);
    rows
}

/// The process's peak resident memory in bytes (Linux `VmHWM`), if known.
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The summary: solved, proven, time, states per second, peak memory.
pub fn summary(pack: &str, rows: &[Row], wall: Duration, jobs: usize, limits: Limits) -> String {
    let solved = rows.iter().filter(|r| r.solved).count();
    let proven = rows.iter().filter(|r| r.proven).count();
    let unsolvable = rows.iter().filter(|r| r.ended == "unsolvable").count();
    let cpu_ms: u128 = rows.iter().map(|r| r.millis).sum();
    let states: usize = rows.iter().map(|r| r.states).sum();
    let expanded: usize = rows.iter().map(|r| r.expanded).sum();
    let rate = if cpu_ms > 0 { states as f64 / (cpu_ms as f64 / 1000.0) } else { 0.0 };
    let mem = peak_memory().map_or("unknown".to_string(), |b| format!("{:.0} MiB", b as f64 / (1 << 20) as f64));
    let mut s = format!(
        "{pack}: {solved}/{} solved, {proven} proven push-optimal{}, in {:.1} s on {jobs} thread{} ({} s a level at most)\n",
        rows.len(),
        if unsolvable > 0 { format!(", {unsolvable} shown unsolvable") } else { String::new() },
        wall.as_secs_f64(),
        if jobs == 1 { "" } else { "s" },
        limits.time.as_secs_f64()
    );
    s.push_str(&format!(
        "states: {states} created, {expanded} expanded, {:.0} created a second per thread; peak memory {mem}\n",
        rate
    ));
    let unsolved: Vec<String> =
        rows.iter().filter(|r| !r.solved).map(|r| format!("{} ({})", r.index, r.ended)).collect();
    if !unsolved.is_empty() {
        s.push_str(&format!("unsolved: {}\n", unsolved.join(", ")));
    }
    s
}
