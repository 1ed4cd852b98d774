//! The store against hand-worked cases and properties: every change kept across a restart,
//! two writers that never erase each other (in random interleavings, and two threads at
//! once), damaged, foreign, newer and unwritable stores, and the import from earlier versions.

use super::records::{KEPT_GAMES, LevelChange};
use super::*;
use crate::games::GameKind;
use crate::save::library::{Finder, Found, Snapshot};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tumblebox-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn key(content: u64) -> LevelKey {
    LevelKey { game: GameKind::Sokoban, pack: "Microban".into(), content }
}

fn solved(content: u64, moves: usize) -> Change {
    Change::Level(key(content), LevelChange::Solved { moves, line: Some("r".repeat(moves)) })
}

fn found(content: u64, line: &str, by: Finder) -> Change {
    let found = Found { line: line.into(), by, when: 1_796_432_400, file_line: 0 };
    Change::Level(key(content), LevelChange::Found(Kept { found, moves: line.len(), pushes: Some(1) }))
}

fn snap(content: u64, name: &str, when: u64) -> Change {
    let snapshot = Snapshot { name: name.into(), line: "uu".into(), when, file_line: 0 };
    Change::Level(key(content), LevelChange::Snap(Snap { snapshot, moves: 2 }))
}

#[test]
fn every_kind_of_change_survives_a_restart() {
    let d = dir("restart");
    let mut s = Store::open(&d);
    assert!(s.take_notices().is_empty());
    s.apply(solved(1, 7));
    s.apply(solved(1, 5));
    s.apply(Change::Level(key(1), LevelChange::Pushes { pushes: 2, moves: 5, line: "rrRRr".into() }));
    s.apply(found(1, "rrRRr", Finder::Player));
    s.apply(found(1, "rrrRRr", Finder::Solver));
    s.apply(Change::Level(key(1), LevelChange::Unfound { line: "rrrRRr".into() }));
    s.apply(snap(1, "half way", 10));
    s.apply(snap(1, "later", 20));
    s.apply(Change::Level(key(1), LevelChange::Unsnap { name: "later".into(), line: "uu".into(), when: 20 }));
    s.apply(Change::Level(key(1), LevelChange::Played { seconds: 90, attempts: 2, solved_on: Some(5) }));
    s.apply(Change::Level(key(2), LevelChange::Shown));
    s.apply(Change::Keep(key(3), Some("tumblebox save 1\nline two\n".into())));
    s.apply(Change::Setting("speed", "2".into()));
    s.apply(Change::Last(GameKind::Vexed, 4));
    s.apply(Change::Last(GameKind::Sokoban, 9));
    s.apply(Change::Pack(GameKind::Sokoban, Some("/levels/microban.xsb".into())));
    s.apply(Change::Pack(GameKind::Vexed, Some("/levels/classic.txt".into())));
    s.apply(Change::Forget("/levels/classic.txt".into()));
    let before = s.data().clone();
    drop(s);
    let back = Store::open(&d);
    assert_eq!(back.data().levels, before.levels);
    assert_eq!(back.data().kept.values().map(|(_, t)| t).collect::<Vec<_>>(), ["tumblebox save 1\nline two\n"]);
    assert_eq!((back.data().settings.clone(), back.data().last.clone()), (before.settings, before.last));
    assert_eq!((back.data().packs.clone(), back.data().recent.clone()), (before.packs, before.recent));
    let r = back.data().get(&key(1)).unwrap();
    assert_eq!((r.best, r.library.solutions.len(), r.library.snapshots.len()), (Some(5), 1, 1));
    assert_eq!(back.data().recent, [(GameKind::Sokoban, PathBuf::from("/levels/microban.xsb"))]);
}

#[test]
fn a_second_window_sees_the_first_ones_changes_and_erases_none() {
    let d = dir("two");
    let mut a = Store::open(&d);
    let mut b = Store::open(&d);
    a.apply(solved(1, 5));
    assert!(b.poll(), "b did not see a's commit");
    assert_eq!(b.data().get(&key(1)).and_then(|r| r.best), Some(5));
    // Each adds to the same level's library: neither entry is lost, in either window.
    b.apply(found(1, "rrrrr", Finder::Player));
    a.apply(found(1, "lllll", Finder::Solver));
    b.poll();
    for s in [&a, &b] {
        let lines: Vec<_> =
            s.data().get(&key(1)).unwrap().library.solutions.iter().map(|k| k.found.line.clone()).collect();
        assert_eq!(lines, ["rrrrr", "lllll"]);
    }
    // a quits last, with an older picture of level 2 than b's: b's solve stays.
    b.apply(solved(2, 9));
    drop(b);
    a.apply(Change::Setting("dark", "0".into()));
    drop(a);
    let c = Store::open(&d);
    assert_eq!(c.data().solved_in(GameKind::Sokoban, "Microban"), 2);
}

/// One writer's plan: changes of every kind on a few levels.
fn plan(who: u64, ops: &[(u8, u8)]) -> Vec<Change> {
    ops.iter()
        .enumerate()
        .map(|(i, &(kind, level))| {
            let level = level as u64 % 4;
            let tag = format!("w{who}n{i}");
            match kind % 5 {
                0 => solved(level, 3 + (i % 7) + who as usize),
                1 => found(level, &tag, Finder::Player),
                2 => snap(level, &tag, i as u64),
                3 => Change::Level(
                    key(level),
                    LevelChange::Played { seconds: 1 + i as u64, attempts: 1, solved_on: None },
                ),
                _ => Change::Keep(key(level + 10 * who), Some(tag)),
            }
        })
        .collect()
}

/// What both writers' changes together must leave, computed from the plans alone.
fn check_all_kept(p: &Progress, plans: &[Vec<Change>]) {
    let mut want = Progress::default();
    for c in plans.iter().flatten() {
        want.apply(c);
    }
    for (k, r) in &want.levels {
        let got = p.get(k).unwrap_or_else(|| panic!("level {k:?} lost"));
        assert_eq!(got.best, r.best, "{k:?}");
        let lines = |r: &Record| {
            let mut v: Vec<String> = r.library.solutions.iter().map(|k| k.found.line.clone()).collect();
            v.sort();
            v
        };
        assert_eq!(lines(got), lines(r), "solutions of {k:?}");
        assert_eq!(got.library.snapshots.len(), r.library.snapshots.len(), "snapshots of {k:?}");
        assert_eq!(got.library.stats, r.library.stats, "statistics of {k:?}");
    }
    // Kept games are each writer's own levels: the last one written of each is there.
    for (k, (_, t)) in &want.kept {
        assert_eq!(p.kept_game(k), Some(t.as_str()));
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
    #[test]
    fn two_writers_in_any_interleaving_keep_every_record(
        a_ops in proptest::collection::vec((0u8..5, 0u8..4), 1..25),
        b_ops in proptest::collection::vec((0u8..5, 0u8..4), 1..25),
        order in proptest::collection::vec(proptest::bool::ANY, 50),
        polls in proptest::collection::vec(0u8..3, 50),
    ) {
        let d = dir("prop");
        let (pa, pb) = (plan(1, &a_ops), plan(2, &b_ops));
        let mut a = Store::open(&d);
        let mut b = Store::open(&d);
        let (mut ia, mut ib) = (pa.iter(), pb.iter());
        let mut step = 0;
        loop {
            let pick_a = order[step % order.len()];
            let next = if pick_a { ia.next().map(|c| (0, c)).or_else(|| ib.next().map(|c| (1, c))) } else { ib.next().map(|c| (1, c)).or_else(|| ia.next().map(|c| (0, c))) };
            let Some((who, c)) = next else { break };
            let s = if who == 0 { &mut a } else { &mut b };
            s.apply(c.clone());
            // Sometimes a window looks at what the other did, sometimes not for a while.
            match polls[step % polls.len()] {
                0 => { a.poll(); }
                1 => { b.poll(); }
                _ => {}
            }
            step += 1;
        }
        a.poll();
        b.poll();
        let plans = [pa, pb];
        check_all_kept(a.data(), &plans);
        check_all_kept(b.data(), &plans);
        drop((a, b));
        check_all_kept(Store::open(&d).data(), &plans);
    }
}

#[test]
fn two_writers_at_once_on_two_threads_keep_every_record() {
    let d = dir("threads");
    let plans: Vec<Vec<Change>> =
        (1..=2).map(|w| plan(w, &(0..60).map(|i| ((i * 7 + w) as u8, (i * 3) as u8)).collect::<Vec<_>>())).collect();
    let handles: Vec<_> = plans
        .iter()
        .cloned()
        .map(|p| {
            let d = d.clone();
            std::thread::spawn(move || {
                let mut s = Store::open(&d);
                for c in p {
                    s.apply(c);
                    assert_eq!(s.pending(), 0, "a change waited: {:?}", s.trouble());
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    check_all_kept(Store::open(&d).data(), &plans);
}

#[test]
fn a_damaged_store_is_moved_aside_named_and_a_fresh_one_starts() {
    for (name, damage) in [("cut", 0usize), ("garbage", 1), ("appended", 2)] {
        let d = dir(&format!("damaged-{name}"));
        let mut s = Store::open(&d);
        for i in 0..300 {
            s.apply(solved(i, 5));
        }
        drop(s);
        let path = d.join(FILE);
        let bytes = std::fs::read(&path).unwrap();
        let _ = std::fs::remove_file(d.join(format!("{FILE}-wal")));
        let _ = std::fs::remove_file(d.join(format!("{FILE}-shm")));
        match damage {
            0 => std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap(),
            1 => std::fs::write(&path, b"this is not what tumblebox wrote\n".repeat(100)).unwrap(),
            _ => {
                let mut more = bytes.clone();
                more.extend_from_slice(b"trailing bytes");
                std::fs::write(&path, more).unwrap();
            }
        }
        let mut s = Store::open(&d);
        let notices = s.take_notices();
        let aside: Vec<_> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .filter(|n| n.contains(".damaged-"))
            .collect();
        if damage == 2 {
            // Bytes after the database's end hide nothing: every record reads, nothing moved.
            assert_eq!((s.data().levels.len(), notices.len(), aside.len()), (300, 0, 0), "{notices:?}");
            continue;
        }
        assert_eq!(aside.len(), 1, "{name}: {aside:?}");
        assert_eq!(notices.len(), 1, "{name}: {notices:?}");
        assert!(notices[0].contains("was damaged") && notices[0].contains(&aside[0]), "{name}: {}", notices[0]);
        // The moved file is the damaged one, byte for byte; the fresh store works.
        let moved = std::fs::read(d.join(&aside[0])).unwrap();
        assert_eq!(moved.len(), if damage == 0 { bytes.len() / 2 } else { 3300 });
        assert!(s.data().levels.is_empty());
        s.apply(solved(1, 3));
        assert_eq!(Store::open(&d).data().levels.len(), 1);
    }
}

#[test]
fn a_folder_or_another_programs_database_is_moved_aside_with_its_own_name() {
    let d = dir("folder");
    std::fs::create_dir_all(d.join(FILE).join("inside")).unwrap();
    let mut s = Store::open(&d);
    let n = s.take_notices();
    assert!(n.len() == 1 && n[0].contains("is not a file") && n[0].contains("not-a-file-"), "{n:?}");
    assert!(std::fs::read_dir(&d).unwrap().any(|e| e.unwrap().path().join("inside").is_dir()));
    s.apply(solved(1, 3));
    assert_eq!(Store::open(&d).data().levels.len(), 1);

    let d = dir("foreign");
    let other = rusqlite::Connection::open(d.join(FILE)).unwrap();
    other.execute_batch("CREATE TABLE bookmarks (url TEXT); INSERT INTO bookmarks VALUES ('x');").unwrap();
    drop(other);
    let mut s = Store::open(&d);
    let n = s.take_notices();
    assert!(n.len() == 1 && n[0].contains("another program's database") && n[0].contains("foreign-"), "{n:?}");
    let aside = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_string_lossy().contains(".foreign-"))
        .unwrap();
    let back = rusqlite::Connection::open(aside).unwrap();
    assert_eq!(back.query_row("SELECT url FROM bookmarks", [], |r| r.get::<_, String>(0)).unwrap(), "x");
}

#[test]
fn a_newer_versions_store_is_shown_read_only_and_left_untouched() {
    let d = dir("newer");
    let mut s = Store::open(&d);
    s.apply(solved(1, 4));
    drop(s);
    let c = rusqlite::Connection::open(d.join(FILE)).unwrap();
    c.execute_batch(&format!("PRAGMA user_version = {}; PRAGMA wal_checkpoint(TRUNCATE);", sqlite::SCHEMA + 1))
        .unwrap();
    drop(c);
    let before = std::fs::read(d.join(FILE)).unwrap();
    let mut s = Store::open(&d);
    let n = s.take_notices();
    assert!(n.len() == 1 && n[0].contains("newer tumblebox") && !n[0].contains("damaged"), "{n:?}");
    assert_eq!(s.data().get(&key(1)).and_then(|r| r.best), Some(4), "its progress is shown");
    s.apply(solved(2, 3));
    s.poll();
    drop(s);
    assert_eq!(std::fs::read(d.join(FILE)).unwrap(), before, "the newer store was changed");
    let names: Vec<String> =
        std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().to_string()).collect();
    assert!(names.iter().all(|n| !n.contains(".damaged") && !n.contains(".foreign")), "moved aside: {names:?}");
}

#[test]
fn an_unwritable_folder_keeps_play_going_says_so_once_and_catches_up() {
    // Root ignores permissions, so the folder is made unusable the way that binds root too:
    // a file where the folder should be.
    let d = dir("unwritable");
    let blocked = d.join("data");
    std::fs::write(&blocked, b"a file in the way").unwrap();
    let mut s = Store::open(&blocked);
    let n = s.take_notices();
    assert!(n.len() == 1 && n[0].contains("progress cannot be kept"), "{n:?}");
    s.apply(solved(1, 5));
    s.apply(solved(2, 6));
    assert_eq!(s.data().levels.len(), 2, "play goes on");
    assert!(s.take_notices().is_empty(), "said once");
    assert_eq!(std::fs::read(&blocked).unwrap(), b"a file in the way", "nothing half-written");
    // The way clears: the next retry opens the store and writes what waited.
    std::fs::remove_file(&blocked).unwrap();
    std::fs::create_dir_all(&blocked).unwrap();
    s.last_try = None;
    s.poll();
    assert_eq!(s.pending(), 0);
    assert!(s.take_notices().iter().any(|n| n.contains("kept again")));
    assert_eq!(Store::open(&blocked).data().levels.len(), 2);
}

#[test]
fn a_full_disk_loses_nothing_and_writes_nothing_half() {
    let d = dir("full");
    let mut s = Store::open(&d);
    s.apply(solved(1, 5));
    // SQLite's own page limit stands in for a full disk: the same SQLITE_FULL error.
    if let Backend::Sqlite(db) = &mut s.backend {
        db.limit_pages_for_tests(true);
    }
    let long = "r".repeat(60_000);
    let big = |i: u64| Change::Level(key(i), LevelChange::Solved { moves: long.len(), line: Some(long.clone()) });
    for i in 10..20 {
        s.apply(big(i));
    }
    assert!(s.pending() > 0, "the full disk was not noticed");
    let n = s.take_notices();
    assert!(n.len() == 1 && n[0].contains("full"), "{n:?}");
    assert_eq!(s.data().levels.len(), 11, "play goes on with every solve");
    // What was committed reads back whole.
    let kept_now = Store::open(&d).data().levels.len();
    assert!((1..11).contains(&kept_now), "{kept_now}");
    if let Backend::Sqlite(db) = &mut s.backend {
        db.limit_pages_for_tests(false);
    }
    s.last_try = None;
    s.poll();
    assert_eq!(s.pending(), 0);
    assert_eq!(Store::open(&d).data().levels.len(), 11);
}

#[test]
fn the_schema_migrates_from_every_earlier_version() {
    for from in 0..sqlite::SCHEMA {
        let d = dir(&format!("migrate-{from}"));
        let c = rusqlite::Connection::open(d.join(FILE)).unwrap();
        for sql in &sqlite::MIGRATIONS[..from as usize] {
            c.execute_batch(sql).unwrap();
        }
        c.execute_batch(&format!("PRAGMA user_version = {from}; PRAGMA application_id = {};", sqlite::APPLICATION_ID))
            .unwrap();
        drop(c);
        let mut s = Store::open(&d);
        assert!(s.take_notices().is_empty());
        s.apply(solved(1, 2));
        let c = rusqlite::Connection::open(d.join(FILE)).unwrap();
        let v: i32 = c.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(v, sqlite::SCHEMA);
        assert_eq!(Store::open(&d).data().levels.len(), 1);
    }
}

#[test]
fn kept_games_past_the_cap_go_oldest_first_in_the_database_too() {
    let d = dir("kept-cap");
    let mut s = Store::open(&d);
    for i in 0..KEPT_GAMES as u64 + 5 {
        s.apply(Change::Keep(key(i), Some(format!("game {i}"))));
    }
    let back = Store::open(&d);
    assert_eq!(back.data().kept.len(), KEPT_GAMES);
    assert!(back.data().kept_game(&key(4)).is_none() && back.data().kept_game(&key(5)).is_some());
}

#[test]
fn two_tabs_on_one_browser_storage_merge() {
    use kv::map::{MapKv, Shared};
    let shared = std::rc::Rc::new(std::cell::RefCell::new(Shared::default()));
    let mut a = Store::on_kv(Box::new(MapKv::on(&shared)));
    let mut b = Store::on_kv(Box::new(MapKv::on(&shared)));
    // The review's case: tab A solves a Vexed level, tab B a pushing-boxes one.
    let vexed = LevelKey { game: GameKind::Vexed, pack: "Built-in".into(), content: 1 };
    a.apply(Change::Level(vexed.clone(), LevelChange::Solved { moves: 2, line: Some("(b,1,2,L) (a,0,0,R)".into()) }));
    b.apply(solved(2, 2));
    b.apply(Change::Last(GameKind::Sokoban, 1));
    a.apply(Change::Last(GameKind::Shubbles, 3));
    assert!(a.poll() && b.poll());
    let c = Store::on_kv(Box::new(MapKv::on(&shared)));
    for s in [&a, &b, &c] {
        assert_eq!(s.data().solved_in(GameKind::Vexed, "Built-in"), 1);
        assert_eq!(s.data().solved_in(GameKind::Sokoban, "Microban"), 1);
        assert_eq!(
            (s.data().last.get(&GameKind::Sokoban), s.data().last.get(&GameKind::Shubbles)),
            (Some(&1), Some(&3))
        );
    }
    // A full storage: play goes on, said once, kept when room comes back.
    shared.borrow_mut().quota = Some(0);
    a.apply(solved(3, 4));
    assert_eq!(a.pending(), 1);
    assert!(a.take_notices().iter().any(|n| n.contains("storage is full")));
    shared.borrow_mut().quota = None;
    a.last_try = None;
    a.poll();
    assert_eq!(a.pending(), 0);
    b.poll();
    assert_eq!(b.data().solved_in(GameKind::Sokoban, "Microban"), 2);
}

#[test]
fn the_first_start_imports_an_earlier_store_once_and_an_import_merges() {
    let d = dir("earlier");
    let mut s = Store::open(&d);
    s.apply(solved(1, 9));
    let v3 = "tumblebox progress 3\nlevel\tsokoban\t0000000000000001\t5\t0\trrrrr\tMicroban\n\
              found\tsokoban\t0000000000000002\tplayer\t1\t4\t1\trrrr\tMicroban\n\
              garbage line\nlast\tvexed\t3\nspeed\t2\npack\tsokoban\t/l/microban.xsb\nrecent\tsokoban\t/l/microban.xsb";
    let sessions = r#"{"sokoban|Microban|0000000000000007":"tumblebox save 1\n"}"#;
    let said = s.import_earlier(Some(v3), Some(sessions)).unwrap();
    assert!(said.contains("1 damaged lines"), "{said}");
    assert_eq!(s.data().get(&key(1)).and_then(|r| r.best), Some(5), "the shorter best");
    assert_eq!(s.data().get(&key(2)).unwrap().library.solutions.len(), 1);
    assert_eq!(s.data().kept_game(&key(7)), Some("tumblebox save 1\n"));
    assert_eq!((s.data().setting("speed"), s.data().setting("game")), (Some("2"), Some("vexed")));
    assert_eq!(s.data().packs.get(&GameKind::Sokoban), Some(&PathBuf::from("/l/microban.xsb")));
    drop(s);
    let mut s = Store::open(&d);
    assert_eq!(s.import_earlier(Some(v3), Some(sessions)), None, "imported twice");
    assert_eq!(s.data().levels.len(), 2);
    // An exported file imports into another store as a merge: nothing there is replaced.
    let text = s.export_text();
    let mut other = Store::open(&dir("earlier-other"));
    other.apply(solved(1, 3));
    other.apply(solved(5, 8));
    // Level 2's solution and level 7's kept game are new there; level 1's best there is better.
    assert_eq!(other.import(&text).unwrap(), 2);
    assert_eq!(other.data().get(&key(1)).and_then(|r| r.best), Some(3));
    assert_eq!((other.data().levels.len(), other.data().kept.len()), (3, 1));
    let again = other.data().clone();
    other.import(&text).unwrap();
    assert_eq!(other.data().levels, again.levels, "an import twice is an import once");
    // A damaged file changes nothing and names its line.
    let e = other.import("tumblebox progress 4\nlevel\tvexed\t01\t2\t0\t-\tp\nlevel\tnope").unwrap_err();
    assert_eq!(e.line, 3);
    assert_eq!(other.data().levels, again.levels);
}

#[test]
fn a_store_damaged_while_in_use_is_moved_aside_and_rebuilt_from_memory() {
    let d = dir("damaged-in-use");
    let mut s = Store::open(&d);
    for i in 0..300 {
        s.apply(solved(i, 5));
    }
    drop(s);
    // A page the first load never reads (the revisions' index), zeroed on disk.
    let c = rusqlite::Connection::open(d.join(FILE)).unwrap();
    let root: i64 =
        c.query_row("SELECT rootpage FROM sqlite_schema WHERE name = 'level_rev'", [], |r| r.get(0)).unwrap();
    let size: i64 = c.query_row("PRAGMA page_size", [], |r| r.get(0)).unwrap();
    c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    drop(c);
    let mut bytes = std::fs::read(d.join(FILE)).unwrap();
    let at = ((root - 1) * size) as usize;
    bytes[at..at + size as usize].fill(0);
    std::fs::write(d.join(FILE), &bytes).unwrap();
    let mut s = Store::open(&d);
    assert_eq!(s.data().levels.len(), 300, "the load reads every level");
    assert!(s.take_notices().is_empty());
    // A change that needs the damaged index: the store is rebuilt, nothing is lost.
    s.apply(solved(1000, 4));
    let n = s.take_notices();
    assert!(n.len() == 1 && n[0].contains("was damaged") && n[0].contains("kept as"), "{n:?}");
    assert_eq!(s.pending(), 0);
    let back = Store::open(&d);
    assert_eq!(back.data().levels.len(), 301);
    assert!(std::fs::read_dir(&d).unwrap().any(|e| e.unwrap().file_name().to_string_lossy().contains(".damaged-")));
}
