//! `sokoban bench --merge` on big and hostile CSVs (issue 52): a million rows streamed in the
//! memory of a few; every field checked (a solution is LURD whose length and capitals are the
//! row's moves and pushes); rows that contradict themselves, files without rows and levels in
//! no file said; pack names in messages cut.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const HEAD: &str = "pack,index,title,boxes,solved,pushes,moves,proven,millis,solution,ended";

fn tb(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tumblebox")).args(args).stdin(Stdio::null()).output().unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// Status 2, one clean line on stderr holding every piece of `want`, nothing on stdout.
fn refused(o: &Output, want: &[&str]) {
    let e = err(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {e} stdout: {}", out(o));
    assert!(o.stdout.is_empty(), "printed {:?}", out(o));
    assert_eq!(e.lines().count(), 1, "{e:?}");
    assert!(!e.trim_end().chars().any(|c| c.is_control()), "{e:?}");
    for w in want {
        assert!(e.contains(w), "expected `{w}` in {e}");
    }
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tumblebox-merge-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A solved row: its pushes and moves counted here from the solution (capitals push).
fn solved(pack: &str, index: usize, solution: &str, proven: bool, millis: u64) -> String {
    let pushes = solution.chars().filter(char::is_ascii_uppercase).count();
    let moves = solution.chars().count();
    format!("{pack},{index},Level {index},2,true,{pushes},{moves},{proven},{millis},{solution},solved")
}

/// A row a search left unsolved.
fn unsolved(pack: &str, index: usize, ended: &str) -> String {
    format!("{pack},{index},Level {index},2,false,,,false,10,,{ended}")
}

fn write_csv(d: &Path, name: &str, rows: &[String]) -> PathBuf {
    let p = d.join(name);
    let mut text = format!("{HEAD}\n");
    for r in rows {
        text.push_str(r);
        text.push('\n');
    }
    std::fs::write(&p, text).unwrap();
    p
}

fn merge(files: &[&Path]) -> Output {
    let mut args = vec!["sokoban", "bench", "--merge"];
    args.extend(files.iter().map(|p| s(p)));
    tb(&args)
}

/// A million rows in two interleaved shards (about 60 MB) merge with the data segment capped
/// at 64 MiB: the rows stream through (before, the whole text and every field of every row
/// were held, and finding a level twice compared every row with every other: a million rows
/// ran for more than ten minutes at 1.2 GB). The summary's counts are the generator's own.
#[cfg(target_os = "linux")]
#[test]
fn a_million_rows_merge_in_the_memory_of_a_few() {
    use std::os::unix::process::CommandExt;
    let d = scratch("million");
    const N: usize = 1_000_000;
    let row = |i: usize| {
        // Solutions of varied length; every seventh row proven; millis from the index.
        let sol = format!("{}{}", "rUl".repeat(i % 5 + 1), "D".repeat(i % 3 + 1));
        solved("big.xsb", i, &sol, i.is_multiple_of(7), (i % 1000) as u64)
    };
    let mut shards = Vec::new();
    for k in 0..2 {
        let p = d.join(format!("s{k}.csv"));
        let mut w = std::io::BufWriter::new(std::fs::File::create(&p).unwrap());
        writeln!(w, "{HEAD}").unwrap();
        for i in (1 + k..=N).step_by(2) {
            writeln!(w, "{}", row(i)).unwrap();
        }
        w.flush().unwrap();
        shards.push(p);
    }
    let merged = d.join("all.csv");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tumblebox"));
    cmd.args(["sokoban", "bench", "--merge", s(&shards[0]), s(&shards[1]), "--csv", s(&merged)]);
    let limit = libc::rlimit { rlim_cur: 64 << 20, rlim_max: 64 << 20 };
    // SAFETY: setrlimit is async-signal-safe; it only sets the child's own limit before exec.
    unsafe {
        cmd.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_DATA, &limit) == 0 { Ok(()) } else { Err(std::io::Error::last_os_error()) }
        });
    }
    let o = cmd.stdin(Stdio::null()).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", err(&o).chars().take(2000).collect::<String>());
    let proven = (1..=N).filter(|i| i.is_multiple_of(7)).count();
    let millis: u64 = (1..=N).map(|i| (i % 1000) as u64).sum();
    assert_eq!(
        out(&o),
        format!(
            "big.xsb: {N}/{N} solved, {proven} proven push-optimal, merged from 2 files; {:.1} s of search in all\n",
            millis as f64 / 1000.0
        )
    );
    // The merged CSV: the header, then every row once, in order, as generated.
    let mut lines = std::io::BufReader::new(std::fs::File::open(&merged).unwrap()).lines();
    assert_eq!(lines.next().unwrap().unwrap(), HEAD);
    let mut n = 0;
    for (i, l) in lines.enumerate() {
        assert_eq!(l.unwrap(), row(i + 1));
        n += 1;
    }
    assert_eq!(n, N);
    std::fs::remove_dir_all(&d).unwrap();
}

/// A shard's rows come in the order the bench wrote them (by index); one out of order, or a
/// level twice in one file, is refused on its line.
#[test]
fn a_shard_lists_its_levels_in_order_each_once() {
    let d = scratch("order");
    let a = write_csv(&d, "a.csv", &[solved("p", 3, "R", true, 1), solved("p", 1, "R", true, 1)]);
    refused(&merge(&[&a]), &["a.csv: line 3", "level 1 after level 3"]);
    let b = write_csv(&d, "b.csv", &[solved("p", 2, "R", true, 1), solved("p", 2, "R", true, 1)]);
    refused(&merge(&[&b]), &["b.csv: line 3", "level 2 after level 2"]);
    std::fs::remove_dir_all(&d).unwrap();
}

/// Item 2: the solution column is LURD and agrees with the moves and pushes columns; anything
/// else (control characters, a quoted CR, text that is not moves) is refused on its line, so a
/// merged CSV always merges again, to the same bytes.
#[test]
fn the_solution_field_is_lurd_and_agrees_with_its_counts() {
    let d = scratch("solution");
    let bad_solutions = [
        ("a NUL", "R\u{0}L".to_string()),
        ("a backspace", "R\u{8}L".to_string()),
        ("an ESC", "R\u{1b}[2JL".to_string()),
        ("a quoted CR", "\"RL\rR\"".to_string()),
        ("a quoted LF", "\"RL\nR\"".to_string()),
        ("not moves", "hello".to_string()),
        ("moves with a space", "R L".to_string()),
    ];
    for (what, sol) in bad_solutions {
        let row = format!("p,1,Level 1,2,true,2,3,false,5,{sol},solved");
        let f = write_csv(&d, "bad.csv", &[row]);
        let o = merge(&[&f]);
        assert_eq!(o.status.code(), Some(2), "{what}: {}", out(&o));
        refused(&o, &["bad.csv: line 2", "solution"]);
    }
    // The counts must be the solution's own.
    for (row, want) in [
        ("p,1,L,2,true,1,4,false,5,rRlU,solved", "pushes"),
        ("p,1,L,2,true,2,5,false,5,rRlU,solved", "moves"),
        ("p,1,L,2,true,,4,false,5,rRlU,solved", "pushes"),
    ] {
        let f = write_csv(&d, "counts.csv", &[row.to_string()]);
        refused(&merge(&[&f]), &["counts.csv: line 2", want]);
    }
    // A good file, its title holding an ESC, a comma and a quote: merged, and the merge merged
    // again, gives the same bytes.
    let a = write_csv(
        &d,
        "a.csv",
        &[
            "p,1,\"a \\u{1b} title, \"\"quoted\"\" \u{1b}[2J\",2,true,2,4,true,5,rRlU,solved".to_string(),
            unsolved("p", 3, "states"),
        ],
    );
    let b = write_csv(&d, "b.csv", &[solved("p", 2, "uuLLddR", false, 7)]);
    let (m1, m2) = (d.join("m1.csv"), d.join("m2.csv"));
    let o = tb(&["sokoban", "bench", "--merge", s(&a), s(&b), "--csv", s(&m1)]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    let o2 = tb(&["sokoban", "bench", "--merge", s(&m1), "--csv", s(&m2)]);
    assert_eq!(o2.status.code(), Some(3), "{}", err(&o2));
    let (t1, t2) = (std::fs::read_to_string(&m1).unwrap(), std::fs::read_to_string(&m2).unwrap());
    assert_eq!(t1, t2);
    assert_eq!(t1.lines().count(), 4, "{t1}");
    assert!(t1.lines().all(|l| !l.chars().any(|c| c.is_control())), "{t1:?}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Item 3: a row that says two things is refused on one line naming the file and the line.
#[test]
fn rows_that_contradict_themselves_are_refused() {
    let d = scratch("contradict");
    for (row, why) in [
        // Proven push-optimal, and unsolvable.
        ("p,1,L,2,false,,,true,5,,unsolvable", "proven"),
        // Solved, and stopped by the time limit.
        ("p,1,L,2,true,1,1,false,5,R,time", "ended"),
        // Unsolved, and ended solved.
        ("p,1,L,2,false,,,false,5,,solved", "ended"),
        // Unsolved with a solution.
        ("p,1,L,2,false,1,1,false,5,R,time", "unsolved"),
    ] {
        let ok = solved("p", 2, "R", true, 1);
        let f = write_csv(&d, "c.csv", &[row.to_string(), ok]);
        refused(&merge(&[&f]), &["c.csv: line 2", why]);
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// Item 4: CSVs holding no row at all are refused (there is no collection to name); an empty
/// shard beside others is a shard like any (a slice of a few levels may hold none).
#[test]
fn csvs_without_rows_are_refused_and_an_empty_shard_is_fine() {
    let d = scratch("empty");
    let empty = write_csv(&d, "e.csv", &[]);
    refused(&merge(&[&empty]), &["e.csv", "no level"]);
    let empty2 = write_csv(&d, "f.csv", &[]);
    refused(&merge(&[&empty, &empty2]), &["no level"]);
    let a = write_csv(&d, "a.csv", &[solved("p", 1, "R", true, 0)]);
    let o = merge(&[&a, &empty]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(out(&o), "p: 1/1 solved, 1 proven push-optimal, merged from 2 files; 0.0 s of search in all\n");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Item 5: levels below the highest merged that no CSV holds (a shard left out) are named as
/// ranges and the status is 3: the summary is not of the whole collection.
#[test]
fn levels_in_no_csv_are_named_and_exit_3() {
    let d = scratch("missing");
    // Shards 1/4 and 2/4 of ten levels: 1, 5, 9 and 2, 6, 10.
    let a = write_csv(&d, "a.csv", &[1, 5, 9].map(|i| solved("p", i, "R", true, 1)));
    let b = write_csv(&d, "b.csv", &[2, 6, 10].map(|i| solved("p", i, "R", true, 1)));
    let o = merge(&[&a, &b]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    let text = out(&o);
    assert!(text.starts_with("p: 6/6 solved, 6 proven push-optimal, merged from 2 files;"), "{text}");
    assert!(text.contains("missing: 4 levels in no CSV (a shard left out?): 3-4, 7-8\n"), "{text}");
    // A first level missing too.
    let c = write_csv(&d, "c.csv", &[solved("p", 3, "R", true, 1)]);
    let o = merge(&[&c]);
    assert_eq!(o.status.code(), Some(3));
    assert!(out(&o).contains("missing: 2 levels in no CSV (a shard left out?): 1-2\n"), "{}", out(&o));
    // All there: status 0, no such line.
    let e = write_csv(&d, "e.csv", &[3, 4, 7, 8].map(|i| solved("p", i, "R", true, 1)));
    let o = merge(&[&a, &b, &e]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(!out(&o).contains("missing"), "{}", out(&o));
    std::fs::remove_dir_all(&d).unwrap();
}

/// Item 9: a pack name in a message is cut as every echoed piece of input is.
#[test]
fn pack_names_in_merge_errors_are_cut() {
    let d = scratch("long-pack");
    let pack = format!("{}\u{1b}", "P".repeat(300_000));
    let a = write_csv(&d, "a.csv", &[solved(&pack, 1, "R", true, 1)]);
    // The same level in two files.
    let o = merge(&[&a, &a]);
    refused(&o, &["is in", "…"]);
    assert!(err(&o).len() < 400, "{} bytes", err(&o).len());
    // Two collections.
    let b = write_csv(&d, "b.csv", &[solved("other", 2, "R", true, 1)]);
    let o = merge(&[&a, &b]);
    refused(&o, &["one collection at a time", "…"]);
    assert!(err(&o).len() < 400, "{} bytes", err(&o).len());
    std::fs::remove_dir_all(&d).unwrap();
}
