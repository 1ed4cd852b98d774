//! The fast search replayed on a fixed schedule, for telling whether two builds search alike
//! (`scripts/search_trace.sh`). The real fast search shares its turns out by the clock (the
//! forward searches' shares, the backward side's, the stall rule), so its counts differ from
//! run to run; here the turns go round a fixed cycle instead (Festival's mode three turns,
//! the eager mode two, the backward side one), and everything else is the real code: the
//! same `Prepared`, `Fess` and `Side` steps, the same meeting test, the same path and replay.
//! Each level prints one line: how it ended, the states each side made and expanded, a digest
//! of every state made, in order, and of the solution's moves. Two builds that print the same
//! lines made the same positions in the same order and found the same answers. Not run by
//! default (`#[ignore]`); only `Instant` deadlines far in the future, so no clock decides.
//!
//! The script copies this file into the commit it compares against, so it uses only what
//! older commits have too: the backward side's set-up below is `search::run`'s, written
//! out again rather than shared.

use super::board::{Board, INF, has, push_distances, set};
use super::fess;
use super::side::{Queue, Side};
use super::states::States;
use super::walk::{pulls_as_pushes, walk_pushes};
use super::work::Work;
use crate::sokoban::rules::{Level, Position};

/// FNV-1a over 64-bit words.
fn mix(h: &mut u64, x: u64) {
    for byte in x.to_le_bytes() {
        *h ^= byte as u64;
        *h = h.wrapping_mul(0x100_0000_01b3);
    }
}

/// One level on the fixed schedule until it is solved, a side runs out, or `budget` states.
fn trace(level: &Level, start: &Position, budget: usize) -> String {
    let b = Board::new(level);
    let n = b.pos.len();
    let mut w = Work::new(n);
    let mut bits = vec![0u64; b.words];
    let boxes: Vec<u16> = start.boxes.iter().map(|&p| b.cell(p)).collect();
    for &c in &boxes {
        set(&mut bits, c);
    }
    let player0 = b.cell(start.player);
    if boxes.iter().all(|&c| b.goal[c as usize]) || b.bound(&boxes, &mut w.hungarian) == INF {
        return "trivial".into();
    }
    let key0 = w.region_min(&b, &bits, player0);
    let mut bwd = (b.goals.len() == boxes.len()).then(|| {
        let dist = push_distances(&b, &boxes);
        let dead = (0..n).map(|c| dist.iter().all(|d| d[c] == INF)).collect();
        let mut side = Side {
            backward: true,
            exact: false,
            states: States::new(b.words),
            heap: Queue::new(false),
            closed: Vec::new(),
            expanded: 0,
            dist,
            dead,
            target: bits.clone(),
            target_key: key0,
            done: false,
        };
        let mut solved = vec![0u64; b.words];
        for &g in &b.goals {
            set(&mut solved, g);
        }
        let mut keys = Vec::new();
        for c in 0..n as u16 {
            if !has(&solved, c) {
                let k = w.region_min(&b, &solved, c);
                if !keys.contains(&k) {
                    keys.push(k);
                    side.add_root(&b, &mut w, &solved, k);
                }
            }
        }
        side
    });
    let far = crate::clock::Instant::now() + std::time::Duration::from_secs(3600);
    let prep = std::rc::Rc::new(fess::Prepared::new(&b, &bits, player0, far));
    let mut fss: Vec<fess::Fess> = fess::PORTFOLIO
        .iter()
        .map(|&(advice, _)| fess::Fess::new(&b, &mut w, prep.clone(), &bits, player0, far, advice))
        .collect();
    let mut digest = 0xcbf2_9ce4_8422_2325u64;
    let (mut child, mut new) = (vec![0u64; b.words], Vec::new());
    let total = |f: &[fess::Fess], s: &Option<Side>| {
        f.iter().map(|f| f.len()).sum::<usize>() + s.as_ref().map_or(0, |s| s.states.len())
    };
    let mut turn = 0usize;
    let (how, pushes) = loop {
        if total(&fss, &bwd) >= budget {
            break ("budget", None);
        }
        turn += 1;
        let slot = turn % 6;
        if slot == 0 && bwd.is_some() {
            let side = bwd.as_mut().expect("a backward side");
            if let Some(s) = side.expand(&b, &mut w, &mut child, &mut new) {
                break ("backward", Some(pulls_as_pushes(&b, &side.path(s))));
            }
            if side.done {
                bwd = None;
                continue;
            }
            let side = bwd.as_ref().expect("a backward side");
            for &ns in &new {
                mix(&mut digest, side.states.hash[ns as usize]);
            }
            let hit = new.iter().find_map(|&ns| {
                let bx = side.states.boxes_of(ns);
                let key = side.states.player[ns as usize];
                fss.iter().find_map(|fs| fs.states.find(bx, key, side.states.hash[ns as usize]).map(|c| (fs, c, ns)))
            });
            if let Some((fs, c, bs)) = hit {
                let mut p = fs.path(&b, &mut w, c, player0);
                p.extend(pulls_as_pushes(&b, &side.path(bs)));
                break ("met", Some(p));
            }
            continue;
        }
        let k = usize::from(slot >= 4);
        let fs = &mut fss[k];
        match fs.step(&b, &mut w) {
            fess::Step::Solved(s) => break ("forward", Some(fs.path(&b, &mut w, s, player0))),
            fess::Step::Exhausted => break ("exhausted", None),
            fess::Step::Went => {}
        }
        let fs = &fss[k];
        mix(&mut digest, fs.new.map_or(0, |c| fs.states.hash[c as usize]));
        if let (Some(c), Some(side)) = (fs.new, bwd.as_ref()) {
            let bx = fs.states.boxes_of(c);
            if let Some(bs) = side.states.find(bx, fs.states.player[c as usize], fs.states.hash[c as usize]) {
                let mut p = fs.path(&b, &mut w, c, player0);
                p.extend(pulls_as_pushes(&b, &side.path(bs)));
                break ("met", Some(p));
            }
        }
    };
    let mut line = format!(
        "{how} states {} expanded {}",
        total(&fss, &bwd),
        fss.iter().map(|f| f.expanded.to_string()).collect::<Vec<_>>().join("+")
    );
    if let Some(side) = &bwd {
        line += &format!("+{}", side.expanded);
    }
    line += &format!(" digest {digest:016x}");
    if let Some(p) = pushes {
        let moves = walk_pushes(&b, start, &p, &mut w);
        let end = level.replay(start, &moves).expect("a legal answer");
        assert!(level.is_solved(&end), "the answer solves the level");
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for m in &moves {
            mix(&mut h, crate::sokoban::xsb::lurd_char(*m) as u64);
        }
        line += &format!(" pushes {} moves {} solution {h:016x}", p.len(), moves.len());
    }
    line
}

/// `TRACE` lists what to run: `FILE:FIRST-LAST:BUDGET` items split by `;` (the levels of an
/// XSB collection, each until `BUDGET` states).
#[test]
#[ignore = "prints digests for scripts/search_trace.sh"]
fn fast_search_traces() {
    let spec = std::env::var("TRACE").expect("TRACE=FILE:FIRST-LAST:BUDGET;...");
    for item in spec.split(';').filter(|s| !s.is_empty()) {
        let parts: Vec<&str> = item.rsplitn(3, ':').collect();
        let [budget, range, file] = parts[..] else { panic!("bad item {item}") };
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let (first, last): (usize, usize) = (first.parse().expect("a level"), last.parse().expect("a level"));
        let budget: usize = budget.parse().expect("a budget");
        let text = std::fs::read_to_string(file).expect("the level file");
        let levels = crate::sokoban::xsb::parse_collection(&text).expect("a collection");
        let name = std::path::Path::new(file).file_name().and_then(|s| s.to_str()).unwrap_or(file);
        for i in first..=last.min(levels.len()) {
            let m = &levels[i - 1].maze;
            let began = std::time::Instant::now();
            let line = trace(&m.level, &m.start, budget);
            println!("TRACE {name} {i}: {line} ({:.2} s)", began.elapsed().as_secs_f64());
        }
    }
}
