//! The proof sweep: the exact optimum below a known solution, in a fraction of A*'s memory.
//!
//! A* must keep every position it has seen, to know a position again. Vexed gives a way out:
//! no move ever goes back. Blocks never rise and cleared blocks never return, so a move
//! either clears blocks, or lets blocks fall (the sum of the blocks' row indices grows), or is
//! a bare slide that changes neither. [`Compiled::class_of`] orders positions by
//! (blocks cleared, sum of row indices): a move never lowers a position's class, and keeps it
//! only for a bare slide.
//!
//! So the sweep takes the classes in that order. Every position of a class is reached from
//! earlier classes or from its own, so when a class comes up, everything that enters it from
//! outside is already known, with its least path length g. A breadth-first pass inside the
//! class (slides cost one move each, from many starts at different g) then gives each of its
//! positions its least g, exactly. Children in later classes wait in their class's table
//! (keeping the least g they were reached with); the finished class is then dropped, because
//! nothing can reach it again.
//!
//! Only positions with g + h within the length sought are kept (h is the admissible bound), the
//! same set A* must expand to prove the same thing. What is held at once is only the classes
//! waiting ahead, not everything seen. The first time the empty board is reached the length
//! sought drops below it, so the sweep ends with the least length of all, when there is one
//! below the limit given.
//!
//! No parents are kept, so the sweep itself gives a length, not a path. When a path is
//! wanted ([`solve_by_sweep`] finds a shorter solution than the one it was given), a second
//! sweep, now only below that optimum plus one, writes every position it expands to a file
//! per g (its g is final when it is expanded: classes come in order, and inside one class
//! positions come by g). The path is then found backwards: the position before the last one
//! is any position of file g - 1 with a move onto it, and so on back to the start. That is one
//! more pass over the positions, read from disk instead of held in memory.

use super::rules::{Board, Move};
use super::solve::{Compiled, DEAD, FastHasher, LimitKind, Limits, LowerBound, SolveError, stop_reason};
use crate::clock::Instant;
use std::collections::BTreeMap;
use std::hash::Hasher;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The longest solution a sweep looks for (depths are kept in a byte).
pub const MAX_DEPTH: u32 = 254;

/// What a sweep established.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SweepOutcome {
    /// The least number of moves that clears the board (below the limit given).
    Optimum(u32),
    /// No sequence of fewer moves than the limit clears the board (with no limit: none of
    /// up to [`MAX_DEPTH`] moves, the most a position's stored depth can hold).
    NoneBelow,
    /// A limit stopped the sweep; nothing was established.
    Limit(LimitKind),
}

/// A sweep's result and statistics.
#[derive(Debug, Clone)]
pub struct SweepReport {
    pub outcome: SweepOutcome,
    /// Positions expanded.
    pub expanded: u64,
    /// Positions stored (each class counts once, however often it was reached).
    pub stored: u64,
    /// The most positions held at once.
    pub peak_held: usize,
    /// Classes taken.
    pub classes: usize,
    pub elapsed: Duration,
}

/// Progress, passed to the observer about every million expansions.
#[derive(Debug, Clone, Copy)]
pub struct SweepProgress {
    pub expanded: u64,
    pub held: usize,
    pub classes_done: usize,
    pub classes_waiting: usize,
    /// Blocks cleared in the class being swept.
    pub cleared: u32,
}

/// The positions of one class: keys flat, their least g beside, and a hash table of indices.
struct Class {
    words: Vec<u64>,
    g: Vec<u8>,
    table: hashbrown::HashTable<u32>,
}

/// What [`Class::offer`] made of a position.
enum Offered {
    /// Not known before: stored.
    New(u32),
    /// Known, now reached in fewer moves: it must be expanded (again) at the new depth.
    Shorter(u32),
    /// Known at least as short.
    Known,
}

fn hash(words: &[u64]) -> u64 {
    let mut h = FastHasher::default();
    for &w in words {
        h.write_u64(w);
    }
    h.finish()
}

impl Class {
    fn new() -> Class {
        Class { words: Vec::new(), g: Vec::new(), table: hashbrown::HashTable::new() }
    }

    fn len(&self) -> usize {
        self.g.len()
    }

    fn key(&self, stride: usize, id: u32) -> &[u64] {
        let at = id as usize * stride;
        &self.words[at..at + stride]
    }

    /// Records `words` reached in `g` moves.
    fn offer(&mut self, stride: usize, words: &[u64], g: u8) -> Offered {
        let h = hash(words);
        let all = &self.words;
        let same = |&id: &u32| {
            let at = id as usize * stride;
            (0..stride).all(|i| all[at + i] == words[i])
        };
        if let Some(&id) = self.table.find(h, same) {
            let old = &mut self.g[id as usize];
            if *old <= g {
                return Offered::Known;
            }
            *old = g;
            return Offered::Shorter(id);
        }
        let id = self.g.len() as u32;
        self.words.extend_from_slice(words);
        self.g.push(g);
        let all = &self.words;
        self.table.insert_unique(h, id, |&i| hash(&all[i as usize * stride..(i as usize + 1) * stride]));
        Offered::New(id)
    }
}

/// The least length of a solution shorter than `below` (all solutions when `None`), by the
/// class sweep. `limits.max_states` bounds the positions held at once (about 32 bytes each);
/// `observe` is called about every million expansions and may return `false` to cancel.
pub fn sweep(
    board: &Board,
    below: Option<u32>,
    limits: Limits,
    observe: &mut dyn FnMut(SweepProgress) -> bool,
) -> Result<SweepReport, SolveError> {
    sweep_recorded(board, below, limits, None, observe)
}

/// Files of expanded positions, one per g.
struct Recorder {
    dir: PathBuf,
    files: Vec<Option<BufWriter<std::fs::File>>>,
}

impl Recorder {
    fn path(dir: &Path, g: usize) -> PathBuf {
        dir.join(format!("g{g:03}.bin"))
    }

    fn write(&mut self, g: usize, words: &[u64]) -> std::io::Result<()> {
        if self.files.len() <= g {
            self.files.resize_with(g + 1, || None);
        }
        if self.files[g].is_none() {
            self.files[g] = Some(BufWriter::new(std::fs::File::create(Recorder::path(&self.dir, g))?));
        }
        let f = self.files[g].as_mut().expect("opened");
        for &w in words {
            f.write_all(&w.to_le_bytes())?;
        }
        Ok(())
    }

    fn finish(&mut self) -> std::io::Result<()> {
        for f in self.files.iter_mut().flatten() {
            f.flush()?;
        }
        self.files.clear();
        Ok(())
    }
}

/// How often (in positions) the sweep and the trace read the clock.
const CHECK_EVERY: u64 = 4096;

fn io_error(e: std::io::Error) -> SolveError {
    SolveError::Io(e.to_string())
}

fn sweep_recorded(
    board: &Board,
    below: Option<u32>,
    limits: Limits,
    mut record: Option<&mut Recorder>,
    observe: &mut dyn FnMut(SweepProgress) -> bool,
) -> Result<SweepReport, SolveError> {
    let start_time = Instant::now();
    let board = board.settle().0;
    let (c, start) = Compiled::new(&board)?;
    let mut lb = LowerBound::default();
    let stride = c.key_stride();
    let blocks: u32 = start.iter().map(|k| k.count_ones()).sum();
    let deadline = limits.time.map(|t| start_time + t);
    let mut report = SweepReport {
        outcome: SweepOutcome::NoneBelow,
        expanded: 0,
        stored: 0,
        peak_held: 0,
        classes: 0,
        elapsed: Duration::ZERO,
    };
    // Solutions of at most `most` moves are sought.
    let mut most: u32 = below.map_or(MAX_DEPTH, |b| b.saturating_sub(1)).min(MAX_DEPTH);
    if blocks == 0 {
        report.outcome = if below.is_none_or(|b| b > 0) { SweepOutcome::Optimum(0) } else { SweepOutcome::NoneBelow };
        report.elapsed = start_time.elapsed();
        return Ok(report);
    }
    let h0 = lb.estimate(&c, &start);
    let mut found: Option<u32> = None;
    let mut waiting: BTreeMap<u32, Class> = BTreeMap::new();
    let mut held = 0usize;
    if h0 != DEAD && h0 <= most {
        let mut w = vec![0u64; stride];
        c.key_to_words(&c.pack(&start), &mut w);
        let mut first = Class::new();
        first.offer(stride, &w, 0);
        waiting.insert(c.class_of(&start, blocks), first);
        held = 1;
        report.stored = 1;
    }
    let mut words = vec![0u64; stride];
    let mut moves = Vec::new();
    let (mut m, mut n, mut parts) = (Vec::new(), Vec::new(), Vec::new());
    let mut next_report = 1u64 << 20;
    let mut next_check = CHECK_EVERY;
    while let Some((class, mut cur)) = waiting.pop_first() {
        report.classes += 1;
        // Breadth-first inside the class, from every position at its g.
        let mut queue: Vec<Vec<u32>> = vec![Vec::new(); most as usize + 2];
        for (id, &g) in cur.g.iter().enumerate() {
            if (g as u32) <= most {
                queue[g as usize].push(id as u32);
            }
        }
        let mut g = 0usize;
        while g <= most as usize {
            let layer = std::mem::take(&mut queue[g]);
            for id in layer {
                if cur.g[id as usize] as usize != g {
                    continue; // reached more cheaply since
                }
                c.unpack_into(&c.words_to_key(cur.key(stride, id)), &mut m);
                if lb.parts(&c, &m, &mut parts).is_none() {
                    continue;
                }
                let h: u32 = parts.iter().sum();
                if g as u32 + h > most {
                    continue; // `most` dropped since this position was stored
                }
                report.expanded += 1;
                if let Some(r) = record.as_deref_mut() {
                    r.write(g, cur.key(stride, id)).map_err(io_error)?;
                }
                // The clock every few thousand positions (a limit is honoured within
                // milliseconds); the observer, which may print, every million.
                if report.expanded >= next_check {
                    next_check += CHECK_EVERY;
                    if let Some(kind) = stop_reason(true, deadline) {
                        report.outcome = SweepOutcome::Limit(kind);
                        report.elapsed = start_time.elapsed();
                        return Ok(report);
                    }
                }
                if report.expanded >= next_report {
                    next_report += 1 << 20;
                    let progress = SweepProgress {
                        expanded: report.expanded,
                        held,
                        classes_done: report.classes - 1,
                        classes_waiting: waiting.len(),
                        cleared: class >> 16,
                    };
                    if let Some(kind) = stop_reason(observe(progress), deadline) {
                        report.outcome = SweepOutcome::Limit(kind);
                        report.elapsed = start_time.elapsed();
                        return Ok(report);
                    }
                }
                let ng = g as u32 + 1;
                c.moves(&m, &mut moves);
                for &(cell, side) in &moves {
                    c.apply_into(&m, cell, side, &mut n);
                    if n.iter().all(|&k| k == 0) {
                        if ng > most {
                            continue; // no shorter than what is known (h can be 0 here)
                        }
                        // Cleared in `ng` moves (shorter than any found before, which is
                        // above `most`): from now on only shorter solutions matter.
                        found = Some(ng);
                        most = ng - 1;
                        continue;
                    }
                    let hn = lb.estimate_from(&c, &m, &parts, &n);
                    if hn == DEAD || ng + hn > most {
                        continue;
                    }
                    c.key_to_words(&c.pack(&n), &mut words);
                    let to = c.class_of(&n, blocks);
                    let offered = if to == class {
                        let offered = cur.offer(stride, &words, ng as u8);
                        if let Offered::New(id) | Offered::Shorter(id) = offered {
                            queue[ng as usize].push(id);
                        }
                        offered
                    } else {
                        debug_assert!(to > class, "a move never lowers the class");
                        waiting.entry(to).or_insert_with(Class::new).offer(stride, &words, ng as u8)
                    };
                    if let Offered::New(_) = offered {
                        held += 1;
                        report.stored += 1;
                    }
                    report.peak_held = report.peak_held.max(held);
                    if limits.max_states.is_some_and(|max| held > max) {
                        report.outcome = SweepOutcome::Limit(LimitKind::States);
                        report.elapsed = start_time.elapsed();
                        return Ok(report);
                    }
                }
            }
            g += 1;
        }
        held -= cur.len();
    }
    report.outcome = match found {
        Some(len) => SweepOutcome::Optimum(len),
        None => SweepOutcome::NoneBelow,
    };
    if let Some(r) = record {
        r.finish().map_err(io_error)?;
    }
    report.elapsed = start_time.elapsed();
    Ok(report)
}

/// What [`solve_by_sweep`] or [`solve_below`] established.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SweepSolution {
    /// The solution given is optimal: nothing shorter exists.
    GivenIsOptimal,
    /// A shorter solution, proven optimal (traced through a recorded sweep), replayed.
    Shorter(Vec<Move>),
    /// With no solution given: no solution of up to [`MAX_DEPTH`] moves exists.
    Unsolvable,
    /// From [`solve_below`]: no solution shorter than this many moves exists.
    NoneBelow(u32),
    /// A limit stopped it.
    Limit(LimitKind),
}

/// Proves `given` optimal, or finds an optimal shorter solution, by class sweeps (see the
/// module documentation). `work_dir` holds the second sweep's files (removed afterwards); the
/// system's temporary directory by default. Returns the outcome and the sweeps' reports.
pub fn solve_by_sweep(
    board: &Board,
    given: Option<&[Move]>,
    limits: Limits,
    work_dir: Option<&Path>,
    observe: &mut dyn FnMut(SweepProgress) -> bool,
) -> Result<(SweepSolution, Vec<SweepReport>), SolveError> {
    let board = board.settle().0;
    let below = given.map(|m| m.len() as u32);
    let started = Instant::now();
    let first = sweep(&board, below, limits, observe)?;
    let optimum = match first.outcome {
        SweepOutcome::Limit(k) => return Ok((SweepSolution::Limit(k), vec![first])),
        SweepOutcome::NoneBelow if given.is_some() => return Ok((SweepSolution::GivenIsOptimal, vec![first])),
        SweepOutcome::NoneBelow => return Ok((SweepSolution::Unsolvable, vec![first])),
        SweepOutcome::Optimum(k) => k,
    };
    // The second sweep has what is left of the time.
    let rest = Limits { time: limits.time.map(|t| t.saturating_sub(started.elapsed())), ..limits };
    let (result, second) = recorded_sweep(&board, optimum + 1, rest, work_dir, observe)?;
    match second.outcome {
        SweepOutcome::Limit(_) => {}
        SweepOutcome::Optimum(k) if k == optimum => {}
        other => panic!("solver bug: a second sweep found {other:?}, the first {optimum}"),
    }
    Ok((result, vec![first, second]))
}

/// The optimal solution if one of fewer than `below` moves exists, in one sweep that records
/// its positions as it goes (so the solution is traced without a second sweep). For a length
/// already known to be beatable: recording costs disk, `key_stride` words per position.
pub fn solve_below(
    board: &Board,
    below: u32,
    limits: Limits,
    work_dir: Option<&Path>,
    observe: &mut dyn FnMut(SweepProgress) -> bool,
) -> Result<(SweepSolution, SweepReport), SolveError> {
    recorded_sweep(&board.settle().0, below, limits, work_dir, observe)
}

/// A sweep below `below` that writes every expanded position to a file per depth in a fresh
/// folder under `work_dir`; if it finds an optimum, the path is traced back through the files
/// and replayed by the rules (`Shorter`). The folder is removed afterwards, whatever happened.
fn recorded_sweep(
    board: &Board,
    below: u32,
    limits: Limits,
    work_dir: Option<&Path>,
    observe: &mut dyn FnMut(SweepProgress) -> bool,
) -> Result<(SweepSolution, SweepReport), SolveError> {
    let started = Instant::now();
    let base = work_dir.map_or_else(std::env::temp_dir, Path::to_path_buf);
    // Work folders of tumblebox runs that were killed before they could clean up.
    crate::cleanup::remove_stale(&base, None);
    let dir = base.join(format!("tumblebox-sweep-{}-{}", std::process::id(), start_nanos()));
    let guard = crate::cleanup::register_dir(&dir);
    std::fs::create_dir_all(&dir).map_err(io_error)?;
    let result = (|| {
        std::fs::write(dir.join(crate::cleanup::WORK_MARKER), format!("{}\n", std::process::id())).map_err(io_error)?;
        let mut rec = Recorder { dir: dir.clone(), files: Vec::new() };
        let report = sweep_recorded(board, Some(below), limits, Some(&mut rec), observe)?;
        drop(rec);
        let optimum = match report.outcome {
            SweepOutcome::Limit(k) => return Ok((SweepSolution::Limit(k), report)),
            SweepOutcome::NoneBelow => return Ok((SweepSolution::NoneBelow(below), report)),
            SweepOutcome::Optimum(k) => k,
        };
        let deadline = limits.time.map(|t| started + t);
        let Some(moves) = trace(board, optimum, &dir, deadline)? else {
            return Ok((SweepSolution::Limit(LimitKind::Time), report));
        };
        match board.replay(&moves) {
            Ok(end) if end.is_solved() && moves.len() as u32 == optimum => {}
            _ => panic!("solver bug: the traced path does not clear the board in {optimum} moves"),
        }
        Ok((SweepSolution::Shorter(moves), report))
    })();
    guard.finish(|| std::fs::remove_dir_all(&dir).ok());
    result
}

fn start_nanos() -> u128 {
    crate::clock::SystemTime::now().duration_since(crate::clock::UNIX_EPOCH).map_or(0, |d| d.as_nanos())
}

/// The moves of an optimal `length`-move solution, backwards through the recorded files: the
/// position before `target` is one of file g - 1 with a move onto `target`. `None` if the
/// deadline passes first.
fn trace(board: &Board, length: u32, dir: &Path, deadline: Option<Instant>) -> Result<Option<Vec<Move>>, SolveError> {
    let (c, _) = Compiled::new(board)?;
    let stride = c.key_stride();
    let mut target = vec![0u128; c.kinds()];
    let mut path = Vec::with_capacity(length as usize);
    let (mut m, mut n, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    let mut words = vec![0u64; stride];
    let mut buf = vec![0u8; stride * 8];
    for g in (0..length as usize).rev() {
        let mut reader = BufReader::new(std::fs::File::open(Recorder::path(dir, g)).map_err(io_error)?);
        let mut step = None;
        let mut read = 0usize;
        'scan: loop {
            read += 1;
            if read.is_multiple_of(CHECK_EVERY as usize) && stop_reason(true, deadline).is_some() {
                return Ok(None);
            }
            match reader.read_exact(&mut buf) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => break,
                Err(e) => return Err(io_error(e)),
            }
            for (w, b) in words.iter_mut().zip(buf.chunks_exact(8)) {
                *w = u64::from_le_bytes(b.try_into().expect("8 bytes"));
            }
            c.unpack_into(&c.words_to_key(&words), &mut m);
            c.moves(&m, &mut moves);
            for &(cell, side) in &moves {
                c.apply_into(&m, cell, side, &mut n);
                if n == target {
                    step = Some((m.clone(), c.to_move(cell, side)));
                    break 'scan;
                }
            }
        }
        let (before, mv) = step.unwrap_or_else(|| panic!("solver bug: no recorded position {g} moves in leads on"));
        path.push(mv);
        target = before;
    }
    path.reverse();
    Ok(Some(path))
}
