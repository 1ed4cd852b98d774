//! The player's store with 50,000 levels in it: how long a change takes to be durable (its
//! transaction committed, the write-ahead log synced), and how long the store takes to open at
//! the window's start, beside what the earlier store cost at the same size (eframe's `app.ron`
//! read and its progress text parsed).
//!
//! `cargo bench --bench store` (figures in docs/measured.md). `STORE_BENCH_DIR` chooses the
//! folder (default: the system's temporary folder).

use std::time::{Duration, Instant};
use tumblebox::games::GameKind;
use tumblebox::save::library::{Finder, Found};
use tumblebox::store::{Change, Kept, LevelChange, LevelKey, Store};

const LEVELS: u64 = 50_000;

fn key(i: u64) -> LevelKey {
    LevelKey {
        game: GameKind::Sokoban,
        pack: format!("Pack {}", i / 500),
        content: i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
    }
}

/// A level as a player's store holds one: a best, a library solution, statistics.
fn level(i: u64) -> Vec<Change> {
    let line = "uuLLddRRurDrdLLuu".repeat(1 + (i % 4) as usize);
    let found = Found { line: line.clone(), by: Finder::Player, when: 1_796_432_400 + i, file_line: 0 };
    vec![
        Change::Level(key(i), LevelChange::Solved { moves: line.len(), line: Some(line.clone()) }),
        Change::Level(key(i), LevelChange::Found(Kept { found, moves: line.len(), pushes: Some(line.len() / 3) })),
        Change::Level(
            key(i),
            LevelChange::Played { seconds: 60 + i % 600, attempts: 1 + (i % 5) as u32, solved_on: Some(i) },
        ),
    ]
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn pct(v: &[Duration], p: f64) -> Duration {
    let mut v = v.to_vec();
    v.sort();
    v[((v.len() as f64 - 1.0) * p) as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    let base = std::env::var_os("STORE_BENCH_DIR").map_or_else(std::env::temp_dir, Into::into);
    let dir = base.join(format!("tumblebox-store-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let t = Instant::now();
    let mut store = Store::open(&dir);
    for chunk in (0..LEVELS).collect::<Vec<_>>().chunks(5_000) {
        store.apply_all(chunk.iter().flat_map(|&i| level(i)).collect());
    }
    let text = store.export_text();
    drop(store);
    let size = std::fs::metadata(dir.join(tumblebox::store::FILE)).map_or(0, |m| m.len());
    println!(
        "made a store of {LEVELS} levels in {:.1} s: {:.1} MB ({:.1} MB as a progress file)",
        t.elapsed().as_secs_f64(),
        size as f64 / 1e6,
        text.len() as f64 / 1e6
    );

    // Opening it, as the window does at its start (every level read).
    let opens: Vec<Duration> = (0..7)
        .map(|_| {
            let t = Instant::now();
            let s = Store::open(&dir);
            assert_eq!(s.data().levels.len() as u64, LEVELS);
            t.elapsed()
        })
        .collect();
    // What the earlier store cost at the start: eframe's app.ron (a RON map holding the
    // progress text as one string) read and parsed, then the text read line by line.
    let ron = format!("{{\"tumblebox-progress\":{:?}}}", text);
    let ron_file = dir.join("app.ron");
    std::fs::write(&ron_file, &ron).unwrap();
    let earlier: Vec<Duration> = (0..7)
        .map(|_| {
            let t = Instant::now();
            let raw = std::fs::read_to_string(&ron_file).unwrap();
            let map: std::collections::HashMap<String, String> = ron::from_str(&raw).unwrap();
            let (p, _) = tumblebox::store::lines::read_lenient(&map["tumblebox-progress"]);
            assert_eq!(p.levels.len() as u64, LEVELS);
            t.elapsed()
        })
        .collect();
    println!(
        "open with {LEVELS} levels: {} (median of 7); the earlier store read and parsed: {} (median of 7); difference {:+.1} ms",
        ms(median(opens.clone())),
        ms(median(earlier.clone())),
        (median(opens).as_secs_f64() - median(earlier).as_secs_f64()) * 1000.0
    );

    // A change made durable: each one its own transaction, committed and synced.
    let mut store = Store::open(&dir);
    let mut solves = Vec::new();
    let mut moves = Vec::new();
    for n in 0..300u64 {
        let i = (n * 7919) % LEVELS;
        let t = Instant::now();
        store.apply(Change::Level(key(i), LevelChange::Solved { moves: 3, line: Some("RRR".into()) }));
        solves.push(t.elapsed());
        // A move: the level's kept game (a save's text) written again.
        let save = format!(
            "tumblebox save 1\ngame sokoban\ntitle L{i}\n{}cursor {n}\nend\n",
            "move R\n".repeat(n as usize + 1)
        );
        let t = Instant::now();
        store.apply(Change::Keep(key(i), Some(save)));
        moves.push(t.elapsed());
        assert_eq!(store.pending(), 0);
    }
    println!(
        "a solve durable: median {}, 95th percentile {}; a move (the kept game): median {}, 95th percentile {} (300 each)",
        ms(median(solves.clone())),
        ms(pct(&solves, 0.95)),
        ms(median(moves.clone())),
        ms(pct(&moves, 0.95))
    );
    let _ = std::fs::remove_dir_all(&dir);
}
