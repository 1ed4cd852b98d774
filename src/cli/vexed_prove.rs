//! `tumblebox vexed prove`: a level's best solution proven optimal by the class sweep (after a
//! first search for the solution to prove), or a length beaten with `--below`.

use super::message::pick;
use super::read::read_file;
use super::status::{self, Done, Failure};
use std::path::{Path, PathBuf};
use std::time::Instant;
use tumblebox::vexed::{self, solve::Limits, solve::Outcome};

/// `vexed prove`'s flags.
pub struct ProveOptions {
    pub search_time: f64,
    pub time_limit: Option<f64>,
    pub max_states: usize,
    pub work_dir: Option<PathBuf>,
    pub below: Option<u32>,
    pub progress: bool,
}

pub fn prove(file: &Path, level: usize, opts: &ProveOptions) -> Result<Done, Failure> {
    use vexed::sweep::SweepSolution;
    if let Some(d) = &opts.work_dir {
        match std::fs::metadata(d) {
            Ok(m) if m.is_dir() => {}
            Ok(m) => {
                let what = tumblebox::input::kind_of(&m);
                return Err(Failure::bad(format!("--work-dir {}: it is {what}, not a folder", d.display())));
            }
            Err(_) => return Err(Failure::bad(format!("--work-dir {}: there is no such folder", d.display()))),
        }
    }
    let started = Instant::now();
    let deadline = opts.time_limit.map(|t| started + super::flags::duration(t));
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
                out.push_str(&vexed::format::solution_text(kind, &start, &moves));
                status::OK
            }
            SweepSolution::Limit(k) => {
                out.push_str(&format!("not proven: the sweep's {} limit was reached\n", k.name()));
                status::LIMIT
            }
            _ => {
                out.push_str(&format!("no solution of fewer than {below} moves: the sweep ruled them all out\n"));
                status::OK
            }
        };
        push_sweep_reports(&mut out, std::slice::from_ref(&report));
        return done(out, code);
    }
    let search_time = match left() {
        Some(l) => l.min(super::flags::duration(opts.search_time)),
        None => super::flags::duration(opts.search_time),
    };
    let search = Limits { max_states: Some(opts.max_states), time: Some(search_time) };
    let first = vexed::solve::solve_anytime(&start, search).map_err(fail)?;
    let given = match &first.outcome {
        Outcome::Solved { moves, proven: true } => {
            out.push_str(&format!(
                "length: {} (proven optimal by the first search: every shorter sequence was ruled out)\n",
                moves.len()
            ));
            out.push_str(&vexed::format::solution_text(kind, &start, moves));
            out.push_str(&format!("first search: {} states, {:.1} s\n", first.expanded, first.elapsed.as_secs_f64()));
            return done(out, status::OK);
        }
        Outcome::Unsolvable => {
            out.push_str("proven unsolvable: the whole reachable space was searched\n");
            return done(out, status::OK);
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
            out.push_str(&vexed::format::solution_text(kind, &start, moves));
        }
        return done(out, status::LIMIT);
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
            out.push_str(&vexed::format::solution_text(kind, &start, &moves));
            status::OK
        }
        SweepSolution::Shorter(moves) => {
            out.push_str(&format!(
                "length: {} (proven optimal by the sweep, shorter than the first search's)\n",
                moves.len()
            ));
            out.push_str(&vexed::format::solution_text(kind, &start, &moves));
            status::OK
        }
        SweepSolution::Unsolvable | SweepSolution::NoneBelow(_) => {
            out.push_str(&format!(
                "no solution of at most {} moves: the sweep ruled them all out\n",
                vexed::sweep::MAX_DEPTH
            ));
            status::OK
        }
        SweepSolution::Limit(k) => {
            out.push_str(&format!("not proven: the sweep's {} limit was reached\n", k.name()));
            if let Some(moves) = &given {
                out.push_str(&format!("best found: {} (the optimum is at least {})\n", moves.len(), first.bound));
                out.push_str(&vexed::format::solution_text(kind, &start, moves));
            }
            status::LIMIT
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
