//! `tumblebox progress` as a real process: what the store keeps printed, exported and imported
//! (a merge), its exit statuses, and a store killed in the middle of a big import: never cut,
//! never empty.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tumblebox(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tumblebox")).args(args).output().unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tumblebox-progress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// A progress file of `n` levels, each solved, with a library solution: made here, by hand.
fn progress_file(n: usize) -> String {
    let mut t = String::from("tumblebox progress 4\n");
    for i in 0..n {
        t.push_str(&format!("level\tsokoban\t{i:016x}\t3\t0\tRRR\tBig pack\n"));
        t.push_str(&format!("found\tsokoban\t{i:016x}\tplayer\t1796432400\t3\t3\tRRR\tBig pack\n"));
    }
    t
}

#[test]
fn progress_prints_exports_and_imports_as_a_merge() {
    let d = scratch("merge");
    let (a, b) = (d.join("a"), d.join("b"));
    let o = tumblebox(&["progress", "--store", s(&a)]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains("nothing kept yet"), "{}", out(&o));
    // A's store gets two levels by import; B has a better best of one of them.
    let file = d.join("two.txt");
    std::fs::write(&file, progress_file(2)).unwrap();
    let o = tumblebox(&["progress", "import", s(&file), "--store", s(&a)]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(err(&o).contains("2 levels gained something"), "{}", err(&o));
    let better = "tumblebox progress 4\nlevel\tsokoban\t0000000000000001\t2\t0\tRR\tBig pack\n";
    std::fs::write(d.join("better.txt"), better).unwrap();
    assert_eq!(tumblebox(&["progress", "import", s(&d.join("better.txt")), "--store", s(&b)]).status.code(), Some(0));
    // A's export merged into B: B keeps its better best, gains the other level and both
    // library solutions.
    let exported = d.join("a.txt");
    let o = tumblebox(&["progress", "export", s(&exported), "--store", s(&a)]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let o = tumblebox(&["progress", "import", s(&exported), "--store", s(&b)]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let shown = out(&tumblebox(&["progress", "--store", s(&b)]));
    assert!(shown.contains("sokoban · Big pack: 2 solved, 0 shown by the solver, 2 solutions"), "{shown}");
    assert!(shown.contains("0000000000000001: best 2 moves, 1 solutions"), "{shown}");
    assert!(shown.contains("0000000000000000: best 3 moves, 1 solutions"), "{shown}");
    // To standard output too, and that is the same text as the file.
    let o = tumblebox(&["progress", "export", "-", "--store", s(&a)]);
    assert_eq!(out(&o), std::fs::read_to_string(&exported).unwrap());
}

#[test]
fn bad_input_and_unwritable_outputs_are_exit_status_two_with_nothing_changed() {
    let d = scratch("bad");
    let store = d.join("store");
    let file = d.join("one.txt");
    std::fs::write(&file, progress_file(1)).unwrap();
    assert_eq!(tumblebox(&["progress", "import", s(&file), "--store", s(&store)]).status.code(), Some(0));
    let before = out(&tumblebox(&["progress", "--store", s(&store)]));
    // A damaged file: one line naming its line and column; nothing imported.
    let damaged = d.join("damaged.txt");
    std::fs::write(
        &damaged,
        "tumblebox progress 4\nlevel\tsokoban\t00000000000000ff\t3\t0\tRRR\tP\nlevel\tsokoban\tzz\t1\t0\t-\tP\n",
    )
    .unwrap();
    let o = tumblebox(&["progress", "import", s(&damaged), "--store", s(&store)]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        err(&o).trim_end(),
        format!("tumblebox: {}: line 3, column 15: expected the level's hash (hexadecimal)", damaged.display())
    );
    assert_eq!(out(&tumblebox(&["progress", "--store", s(&store)])), before, "a damaged file changed the store");
    // An output that is a folder: refused before anything is written.
    let o = tumblebox(&["progress", "export", s(&d), "--store", s(&store)]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert_eq!(err(&o).lines().count(), 1);
    // A store that cannot be written (a file where its folder should be): refused, said.
    let blocked = d.join("blocked");
    std::fs::write(&blocked, "in the way").unwrap();
    let o = tumblebox(&["progress", "import", s(&file), "--store", s(&blocked)]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("progress cannot be kept"), "{}", err(&o));
    assert_eq!(std::fs::read_to_string(&blocked).unwrap(), "in the way");
}

#[test]
fn a_store_killed_during_a_big_import_is_whole_before_or_whole_after() {
    let d = scratch("kill");
    let file = d.join("big.txt");
    std::fs::write(&file, progress_file(20_000)).unwrap();
    for (round, wait_ms) in [5u64, 40, 120, 300, 700, 1200, 1800].into_iter().enumerate() {
        let store = d.join(format!("store{round}"));
        let one = d.join("one.txt");
        std::fs::write(&one, progress_file(1)).unwrap();
        assert_eq!(tumblebox(&["progress", "import", s(&one), "--store", s(&store)]).status.code(), Some(0));
        let mut child = Command::new(env!("CARGO_BIN_EXE_tumblebox"))
            .args(["progress", "import", s(&file), "--store", s(&store)])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(wait_ms));
        let _ = child.kill();
        let _ = child.wait();
        let o = tumblebox(&["progress", "--store", s(&store)]);
        assert_eq!(o.status.code(), Some(0));
        assert!(err(&o).is_empty(), "the store was damaged: {}", err(&o));
        let summary = out(&o);
        let whole = summary.contains("Big pack: 1 solved") || summary.contains("Big pack: 20000 solved");
        assert!(whole, "killed after {wait_ms} ms: {}", summary.lines().nth(1).unwrap_or(""));
    }
}
