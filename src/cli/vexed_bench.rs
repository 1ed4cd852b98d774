//! `tumblebox vexed bench`: every level of every pack in a folder, solved in parallel, with a
//! per-pack table and an optional per-level CSV. Boards repeated across packs are solved once.

use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};
use tumblebox::error::csv_field;
use tumblebox::vexed::format::{latin1, parse_android, parse_palm};
use tumblebox::vexed::solve::{Limits, Outcome, solve_anytime};
use tumblebox::vexed::{Board, Move};

struct Level {
    pack: String,
    index: usize,
    title: String,
    par: Option<usize>,
    board: Board,
}

#[derive(Clone)]
struct Result1 {
    moves: Option<Vec<Move>>,
    proven: bool,
    unsolvable: bool,
    states: usize,
    expanded: usize,
    millis: f64,
    /// The limit that decided the outcome (the answer is then not proven).
    limit: Option<&'static str>,
    note: Option<String>,
}

/// Approximate bytes per stored state (hash entry + node), for the memory column.
const BYTES_PER_STATE: f64 = 100.0;

fn load(dir: &Path) -> Result<Vec<Level>, String> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: cannot read the folder: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
            (ext == "ini" || ext == "txt") && p.file_name().is_some_and(|n| n != "levelsets.txt")
        })
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = latin1(&std::fs::read(&f).map_err(|e| format!("{}: {e}", f.display()))?);
        let pack = f.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let levels = if f.extension().is_some_and(|e| e == "ini") { parse_palm(&text) } else { parse_android(&text) }
            .map_err(|e| format!("{}: {e}", f.display()))?;
        for (i, l) in levels.into_iter().enumerate() {
            out.push(Level { pack: pack.clone(), index: i, title: l.title, par: l.par, board: l.board.settle().0 });
        }
    }
    if out.is_empty() {
        return Err(format!("{}: no .ini or .txt packs", dir.display()));
    }
    Ok(out)
}

fn peak_rss_mib() -> Option<f64> {
    tumblebox::sokoban::bench::peak_memory().map(|b| b as f64 / (1 << 20) as f64)
}

/// `vexed bench DIR`: the table, the CSV staged, status 3 when a limit decided any level.
pub fn run(
    dir: &Path,
    csv: Option<&Path>,
    time_limit: f64,
    max_states: usize,
    jobs: Option<usize>,
) -> Result<super::status::Done, String> {
    let levels = load(dir)?;
    // Distinct boards, in first-seen order.
    let mut index: HashMap<&Board, usize> = HashMap::new();
    let mut distinct: Vec<&Board> = Vec::new();
    for l in &levels {
        index.entry(&l.board).or_insert_with(|| {
            distinct.push(&l.board);
            distinct.len() - 1
        });
    }
    let limits = Limits { max_states: Some(max_states), time: Some(Duration::from_secs_f64(time_limit)) };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))?;
    let wall = Instant::now();
    let results: Vec<Result1> = pool.install(|| {
        distinct
            .par_iter()
            // One task per board: hard boards sit together in a pack, and a long run of them in
            // one task would leave the other workers idle.
            .with_max_len(1)
            .map(|b| {
                let t = Instant::now();
                match solve_anytime(b, limits) {
                    Ok(r) => {
                        let (moves, proven, unsolvable) = match r.outcome {
                            Outcome::Solved { moves, proven } => (Some(moves), proven, false),
                            Outcome::Unsolvable => (None, true, true),
                            Outcome::LimitReached(_) => (None, false, false),
                        };
                        // Not proven means a limit stopped the proof; which one: the state
                        // limit if the store reached it, else the clock.
                        let limit = (!proven).then_some(if r.stored >= max_states { "states" } else { "time" });
                        Result1 {
                            moves,
                            proven,
                            unsolvable,
                            states: r.stored,
                            expanded: r.expanded,
                            millis: t.elapsed().as_secs_f64() * 1e3,
                            limit,
                            note: None,
                        }
                    }
                    Err(e) => Result1 {
                        moves: None,
                        proven: false,
                        unsolvable: false,
                        states: 0,
                        expanded: 0,
                        millis: 0.0,
                        limit: None,
                        note: Some(e.to_string()),
                    },
                }
            })
            .collect()
    });
    let wall = wall.elapsed();
    // Per-pack table.
    #[derive(Default)]
    struct Row {
        levels: usize,
        solved: usize,
        proven: usize,
        equal: usize,
        below: usize,
        above: usize,
        millis: f64,
        peak_states: usize,
    }
    let mut packs: Vec<(String, Row)> = Vec::new();
    let mut news = Vec::new();
    let mut csv_text = String::from("pack,index,title,par,length,proven,states,millis,limit\n");
    let mut limited = 0usize;
    for l in &levels {
        let r = &results[index[&l.board]];
        if packs.last().is_none_or(|p| p.0 != l.pack) {
            packs.push((l.pack.clone(), Row::default()));
        }
        let row = &mut packs.last_mut().unwrap().1;
        row.levels += 1;
        row.millis += r.millis;
        row.peak_states = row.peak_states.max(r.states);
        let len = r.moves.as_ref().map(Vec::len);
        if let Some(n) = len {
            row.solved += 1;
            row.proven += r.proven as usize;
            match l.par {
                Some(p) if n == p => row.equal += 1,
                Some(p) if n < p => {
                    row.below += 1;
                    // Replay-checked before it is called out.
                    let ok = r.moves.as_ref().is_some_and(|m| l.board.replay(m).is_ok_and(|b| b.is_solved()));
                    news.push(format!(
                        "BELOW PAR: {} #{} \"{}\": {n} moves < par {p}{} ({})",
                        l.pack,
                        l.index + 1,
                        l.title,
                        if r.proven { ", proven optimal" } else { "" },
                        if ok { "replay-checked" } else { "REPLAY FAILED" }
                    ));
                }
                Some(p) => {
                    row.above += 1;
                    if r.proven {
                        news.push(format!(
                            "PAR UNATTAINABLE: {} #{} \"{}\": proven optimum {n} > par {p} under these rules",
                            l.pack,
                            l.index + 1,
                            l.title
                        ));
                    }
                }
                None => {}
            }
        }
        limited += r.limit.is_some() as usize;
        let _ = writeln!(
            csv_text,
            "{},{},{},{},{},{},{},{:.1},{}",
            csv_field(&l.pack),
            l.index + 1,
            csv_field(&l.title),
            l.par.map_or(String::new(), |p| p.to_string()),
            len.map_or(if r.unsolvable { "unsolvable".to_string() } else { String::new() }, |n| n.to_string()),
            r.proven,
            r.states,
            r.millis,
            r.limit.unwrap_or("")
        );
        if let Some(n) = &r.note {
            news.push(format!("{} #{}: {n}", l.pack, l.index + 1));
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<28} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>9} {:>9}",
        "pack", "levels", "solved", "proven", "=par", "<par", ">par", "time s", "peak MiB"
    );
    let mut total = Row::default();
    for (name, r) in &packs {
        let _ = writeln!(
            out,
            "{:<28} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>9.1} {:>9.0}",
            name.chars().take(28).collect::<String>(),
            r.levels,
            r.solved,
            r.proven,
            r.equal,
            r.below,
            r.above,
            r.millis / 1e3,
            r.peak_states as f64 * BYTES_PER_STATE / (1 << 20) as f64
        );
        total.levels += r.levels;
        total.solved += r.solved;
        total.proven += r.proven;
        total.equal += r.equal;
        total.below += r.below;
        total.above += r.above;
        total.millis += r.millis;
        total.peak_states = total.peak_states.max(r.peak_states);
    }
    let _ = writeln!(
        out,
        "{:<28} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>9.1} {:>9.0}",
        "all",
        total.levels,
        total.solved,
        total.proven,
        total.equal,
        total.below,
        total.above,
        total.millis / 1e3,
        total.peak_states as f64 * BYTES_PER_STATE / (1 << 20) as f64
    );
    let expanded: usize = results.iter().map(|r| r.expanded).sum();
    let _ = writeln!(
        out,
        "{} levels, {} distinct boards; wall time {:.1} s on {} jobs; {} states expanded ({:.0} per second per job); peak resident memory {}",
        levels.len(),
        distinct.len(),
        wall.as_secs_f64(),
        pool.current_num_threads(),
        expanded,
        expanded as f64 / (results.iter().map(|r| r.millis).sum::<f64>() / 1e3).max(1e-9),
        peak_rss_mib().map_or("unknown".into(), |m| format!("{m:.0} MiB"))
    );
    for n in news {
        let _ = writeln!(out, "{n}");
    }
    if limited > 0 {
        let _ = writeln!(out, "{limited} levels not proven: a limit decided them (the CSV's limit column)");
    }
    let mut files = Vec::new();
    if let Some(path) = csv {
        let staged = tumblebox::render::export::stage(path, |w| std::io::Write::write_all(w, csv_text.as_bytes()))
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        files.push(staged);
    }
    let code = if limited > 0 { super::status::LIMIT } else { super::status::OK };
    Ok(super::status::Done { out, files, code, ..Default::default() })
}
