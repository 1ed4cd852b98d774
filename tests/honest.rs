//! Honest under every limit: a stopped search is never reported as exhausted, the exit status
//! means one thing everywhere (one table, checked per command), the one loader refuses what
//! the window could not replay, every output is checked before the work (two outputs naming
//! one file, an output over an input, a folder, a missing folder), memory stays flat however
//! long the game, and every echoed piece of input is short.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tumblebox")
}

fn tb(args: &[&str]) -> Output {
    Command::new(bin()).args(args).stdin(Stdio::null()).output().unwrap()
}

/// Without a display: the window's checks run, then it says it has no display.
fn tb_headless(args: &[&str]) -> Output {
    Command::new(bin())
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// Status 2, one clean line on stderr holding `want`, nothing on stdout.
fn refused(o: &Output, want: &str) {
    let e = err(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {e}");
    assert!(o.stdout.is_empty(), "printed {:?}", out(o));
    assert_eq!(e.lines().count(), 1, "{e:?}");
    assert!(!e.trim_end().chars().any(|c| c.is_control()), "{e:?}");
    assert!(e.contains(want), "expected `{want}` in {e}");
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tumblebox-honest-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const SAMPLE: &str = "4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n6 7 SAMPLE-02\n#--Y--#\n#-ZX-X#\n#-##-##\n#-XZ--#\n####YZ#\n#######\n0 0\n";

/// A Sokoban level of two boxes (the fast solver, not UVa 589's one-box search).
const TWO_BOXES: &str = "; Two\n######\n#@$ .#\n# $ .#\n######\n";

/// Stacks: four pieces that never meet.
const NEVER_ENDS: &str = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n2 1 1\n";

/// Runs tumblebox with its data segment capped (`RLIMIT_DATA`: the heap and every private
/// writable mapping) at `mib` MiB, stdout to `stdout_to`: its status and stderr. Past the cap an
/// allocation fails and the process aborts, so a pass shows the run fits.
#[cfg(target_os = "linux")]
fn run_capped(args: &[&str], stdout_to: &Path, mib: u64) -> (Option<i32>, String) {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(bin());
    cmd.args(args).stdin(Stdio::null()).stdout(std::fs::File::create(stdout_to).unwrap()).stderr(Stdio::piped());
    let limit = libc::rlimit { rlim_cur: mib << 20, rlim_max: mib << 20 };
    // SAFETY: setrlimit is async-signal-safe; it only sets the child's own limit before exec.
    unsafe {
        cmd.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_DATA, &limit) == 0 { Ok(()) } else { Err(std::io::Error::last_os_error()) }
        });
    }
    let o = cmd.output().unwrap();
    (o.status.code(), String::from_utf8_lossy(&o.stderr).chars().take(2000).collect())
}

// ---------------------------------------------------------------- wrong answers

#[test]
fn a_stopped_sokoban_search_is_never_called_exhausted() {
    // Every XSokoban and Microban level is solvable; tiny limits stop the search at every
    // point of its start-up (the tables, the first searches' roots, their first steps).
    use std::sync::atomic::AtomicBool;
    use tumblebox::sokoban::search::{Limits, Mode, Outcome, search};
    for (file, count) in [("xsokoban-90.xsb", 12), ("microban-155.xsb", 40)] {
        let Some(dir) = crate::common::data_dir("sokoban-levels") else { return };
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let levels = tumblebox::sokoban::xsb::parse_collection(&text).unwrap();
        for (i, l) in levels.iter().take(count).enumerate() {
            for micros in [300, 700, 1000, 2000, 5000] {
                for mode in [Mode::Fast, Mode::Optimal] {
                    let limits = Limits { time: std::time::Duration::from_micros(micros), max_states: 1 << 20 };
                    let r = search(
                        &l.maze.level,
                        &l.maze.start,
                        mode,
                        limits,
                        &AtomicBool::new(false),
                        &tumblebox::meter::Meter::new(),
                    );
                    assert!(!matches!(r.outcome, Outcome::Unsolvable), "{file} #{} at {micros} µs: unsolvable", i + 1);
                }
            }
        }
    }
}

#[test]
fn solve_bench_and_certify_say_which_limit_stopped_them_and_exit_3() {
    let Some(dir) = crate::common::data_dir("sokoban-levels") else { return };
    let xs = dir.join("xsokoban-90.xsb");
    for _ in 0..12 {
        let o = tb(&["sokoban", "solve", s(&xs), "--level", "2", "--time-limit", "0.001"]);
        assert!(!out(&o).contains("no solution"), "{}", out(&o));
        if !out(&o).contains("moves ") {
            assert_eq!(o.status.code(), Some(3), "{}", out(&o));
            assert!(out(&o).contains("not solved: the time limit (0.001 s) stopped the search"), "{}", out(&o));
        }
    }
    // The bench: every level stopped by the clock is exit 3, none "shown unsolvable".
    let o = tb(&["sokoban", "bench", s(&xs), "--time-limit", "0.001", "--jobs", "2"]);
    assert_eq!(o.status.code(), Some(3), "{}", out(&o));
    assert!(!out(&o).contains("unsolvable"), "{}", out(&o));
    // Certify: "not certified" is a limit's outcome.
    let o = tb(&["certify", s(&xs), "--level", "2", "--time-limit", "0.001"]);
    assert_eq!(o.status.code(), Some(3), "{}", out(&o));
    assert!(out(&o).starts_with("2 "), "{}", out(&o));
    assert!(out(&o).contains("not certified") || out(&o).contains("not proven"), "{}", out(&o));
}

// ---------------------------------------------------------------- exit status

#[test]
fn a_proven_unsolvable_level_is_an_answer_exit_0() {
    let d = scratch("unsolvable");
    // The box in a corner off its goal: a freeze deadlock, proven at once.
    let f = d.join("stuck.xsb");
    std::fs::write(&f, "; Stuck\n#####\n#$ @#\n#  .#\n#####\n").unwrap();
    let o = tb(&["sokoban", "solve", s(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", out(&o), err(&o));
    assert!(out(&o).contains("no solution") && out(&o).contains("proven"), "{}", out(&o));
    let o = tb(&["sokoban", "solve", s(&f), "--optimal"]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let o = tb(&["sokoban", "bench", s(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    let o = tb(&["certify", s(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(out(&o).contains("unsolvable"), "{}", out(&o));
    // A found solution is an answer; an unproven one says so in words.
    let f = d.join("two.xsb");
    std::fs::write(&f, TWO_BOXES).unwrap();
    let o = tb(&["sokoban", "solve", s(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn every_help_gives_its_exit_status_and_no_status_is_outside_the_table() {
    let top = out(&tb(&["--help"]));
    for code in ["0 ", "2 ", "3 ", "128+N"] {
        assert!(top.contains(&format!("  {code}")), "{top}");
    }
    assert!(!top.contains("\n  1 "), "{top}");
    for cmd in [
        &["vexed", "judge"][..],
        &["vexed", "solve"],
        &["vexed", "prove"],
        &["vexed", "bench"],
        &["vexed", "export"],
        &["vexed", "trace"],
        &["shubbles", "judge"],
        &["shubbles", "trace"],
        &["shubbles", "solve"],
        &["sokoban", "judge"],
        &["sokoban", "solve"],
        &["sokoban", "bench"],
        &["sokoban", "export"],
        &["sokoban", "trace"],
        &["stacks", "judge"],
        &["stacks", "export"],
        &["stacks", "trace"],
        &["export"],
        &["certify"],
        &["generate"],
    ] {
        let mut args = cmd.to_vec();
        args.push("--help");
        let h = out(&tb(&args));
        assert!(h.contains("Exit status: 0 "), "{cmd:?}: {h}");
        assert!(h.contains("; 3 "), "{cmd:?}: {h}");
        assert!(!h.contains("status 1") && !h.contains(" 1 when"), "{cmd:?}: {h}");
    }
}

#[test]
fn without_a_display_the_window_says_so_on_one_short_line() {
    let o = tb_headless(&[]);
    refused(&o, "no display");
    assert!(err(&o).len() < 200, "{}", err(&o).len());
    assert!(!err(&o).contains(".rs"), "{}", err(&o));
}

// ---------------------------------------------------------------- the one loader

/// SAMPLE-02's save with the solver's nine moves, made by the command line.
fn good_save(d: &Path) -> PathBuf {
    let input = d.join("s.in");
    std::fs::write(&input, SAMPLE).unwrap();
    let save = d.join("two.tumble");
    let o = tb(&["vexed", "export", s(&input), "--level", "2", "--save", s(&save)]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    save
}

#[test]
fn a_damaged_save_is_refused_before_any_window() {
    let d = scratch("damaged");
    let save = good_save(&d);
    let text = std::fs::read_to_string(&save).unwrap();
    assert_eq!(text.matches("\nmove ").count(), 9, "{text}");
    for (what, damaged, want) in [
        ("an illegal move", text.replacen("move (Y,0,3,R)", "move (Z,0,0,R)", 1), "line 14"),
        ("a level that does not parse", text.replacen("| #-##-##", "| #-##-#", 1), "line "),
        ("a move in the wrong case", text.replacen("move (Y,0,3,R)", "move (y,0,3,r)", 1), "line 14"),
    ] {
        let f = d.join("bad.tumble");
        std::fs::write(&f, &damaged).unwrap();
        let o = tb_headless(&[s(&f)]);
        refused(&o, want);
        assert!(!err(&o).contains("display"), "{what}: {}", err(&o));
        // The same rule as the export.
        let o = tb(&["export", s(&f), "--png", s(&d.join("x.png"))]);
        refused(&o, want);
    }
    // A good save passes the loader and only then meets the missing display.
    refused(&tb_headless(&[s(&save)]), "no display");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_save_opening_with_a_comment_is_a_save_everywhere() {
    let d = scratch("comment");
    let save = good_save(&d);
    let commented = d.join("c.tumble");
    std::fs::write(&commented, format!("# kept by hand\n\n{}", std::fs::read_to_string(&save).unwrap())).unwrap();
    refused(&tb_headless(&[s(&commented)]), "no display");
    let (a, b) = (d.join("a.gif"), d.join("b.gif"));
    assert_eq!(tb(&["export", s(&commented), "--gif", s(&a)]).status.code(), Some(0));
    assert_eq!(tb(&["export", s(&save), "--gif", s(&b)]).status.code(), Some(0));
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // Certify takes a save: its level.
    let o = tb(&["certify", s(&commented)]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(out(&o), "1 SAMPLE-02: par 9 moves (proven optimal)\n");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn things_that_exist_but_are_not_level_files_are_named() {
    let d = scratch("kinds");
    refused(&tb_headless(&[s(&d)]), "it is a folder");
    let fifo = d.join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    refused(&tb_headless(&[s(&fifo)]), "it is a FIFO");
    refused(&tb_headless(&["/dev/null"]), "it is a device");
    refused(&tb_headless(&[s(&d.join("absent.txt"))]), "no such file");
    std::fs::remove_dir_all(&d).unwrap();
}

// ---------------------------------------------------------------- outputs

#[test]
fn two_outputs_naming_one_file_are_refused_before_the_work() {
    let d = scratch("same");
    let input = d.join("s.in");
    std::fs::write(&input, SAMPLE).unwrap();
    let img = d.join("out.img");
    std::fs::write(&img, b"keep").unwrap();
    let o = tb(&["vexed", "export", s(&input), "--level", "2", "--gif", s(&img), "--apng", s(&img)]);
    refused(&o, "names the same file");
    assert_eq!(std::fs::read(&img).unwrap(), b"keep");
    let png = d.join("a.png");
    refused(&tb(&["vexed", "export", s(&input), "--png", s(&png), "--save", s(&png)]), "names the same file");
    assert!(!png.exists());
    // Through a symbolic link.
    std::os::unix::fs::symlink(&img, d.join("link.img")).unwrap();
    let o = tb(&["vexed", "export", s(&input), "--gif", s(&img), "--png", s(&d.join("link.img"))]);
    refused(&o, "names the same file");
    assert_eq!(std::fs::read(&img).unwrap(), b"keep");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn an_output_over_an_input_is_refused_and_a_replaced_file_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let d = scratch("over");
    let save = good_save(&d);
    let before = std::fs::read(&save).unwrap();
    refused(&tb(&["export", s(&save), "--png", s(&save)]), "is the input");
    assert_eq!(std::fs::read(&save).unwrap(), before);
    let xsb = d.join("lv.xsb");
    std::fs::write(&xsb, TWO_BOXES).unwrap();
    refused(&tb(&["sokoban", "export", s(&xsb), "--png", s(&xsb)]), "is the input");
    assert_eq!(std::fs::read_to_string(&xsb).unwrap(), TWO_BOXES);
    let input = d.join("s.in");
    refused(&tb(&["shubbles", "judge", s(&input), "--png", s(&input)]), "is the input");
    // A replaced regular file keeps its permissions.
    let png = d.join("kept.png");
    std::fs::write(&png, b"old").unwrap();
    std::fs::set_permissions(&png, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert_eq!(tb(&["vexed", "export", s(&input), "--png", s(&png)]).status.code(), Some(0));
    assert_ne!(std::fs::read(&png).unwrap(), b"old");
    assert_eq!(std::fs::metadata(&png).unwrap().permissions().mode() & 0o777, 0o640);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn an_unwritable_output_is_found_before_the_work() {
    let d = scratch("unwritable");
    let started = std::time::Instant::now();
    if let Some(dir) = crate::common::data_dir("sokoban-levels") {
        // The whole bench would take minutes: refused at once, before any level's line.
        let o = tb(&["sokoban", "bench", s(&dir.join("xsokoban-90.xsb")), "--csv", s(&d)]);
        refused(&o, "--csv");
        assert!(err(&o).contains("it is a folder"), "{}", err(&o));
    }
    if let Some(dir) = crate::common::data_dir("vexed-levels") {
        // Clay's proof takes minutes: refused before the solver starts.
        let o = tb(&["vexed", "export", s(&dir.join("android/impossible_pack.txt")), "--level", "3", "--gif", s(&d)]);
        refused(&o, "--gif");
    }
    let input = d.join("s.in");
    std::fs::write(&input, SAMPLE).unwrap();
    let missing = d.join("no/such/folder/x.gif");
    refused(&tb(&["vexed", "export", s(&input), "--level", "2", "--gif", s(&missing)]), "there is no folder");
    let dangling = d.join("dangling.gif");
    std::os::unix::fs::symlink(d.join("nowhere/x"), &dangling).unwrap();
    refused(&tb(&["vexed", "export", s(&input), "--level", "2", "--gif", s(&dangling)]), "--gif");
    refused(&tb(&["vexed", "export", s(&input), "--level", "2", "--gif", "/dev/null"]), "a device");
    // Far less than the work would take (the bench alone: 90 levels at 10 s).
    assert!(started.elapsed() < std::time::Duration::from_secs(60), "{:?}", started.elapsed());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_save_alone_holds_what_the_export_would_animate() {
    let d = scratch("save-alone");
    // Vexed: the solver's nine moves; `export SAVE` then gives the same GIF bytes.
    let input = d.join("s.in");
    std::fs::write(&input, SAMPLE).unwrap();
    let save = good_save(&d);
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("move (Y,0,3,R) solver\n"), "{text}");
    assert!(text.contains("cursor 9\n"), "{text}");
    let (a, b) = (d.join("a.gif"), d.join("b.gif"));
    assert_eq!(tb(&["vexed", "export", s(&input), "--level", "2", "--gif", s(&a)]).status.code(), Some(0));
    assert_eq!(tb(&["export", s(&save), "--gif", s(&b)]).status.code(), Some(0));
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // Sokoban, the same; and its XSB title kept.
    let xsb = d.join("lv.xsb");
    std::fs::write(&xsb, "; screen.05\n######\n#@$ .#\n# $ .#\n######\n").unwrap();
    let ss = d.join("lv.tumble");
    assert_eq!(tb(&["sokoban", "export", s(&xsb), "--save", s(&ss)]).status.code(), Some(0));
    let text = std::fs::read_to_string(&ss).unwrap();
    assert!(text.contains("title screen.05\n"), "{text}");
    assert!(text.contains(" solver\n"), "{text}");
    assert_eq!(tb(&["sokoban", "export", s(&xsb), "--gif", s(&a)]).status.code(), Some(0));
    assert_eq!(tb(&["export", s(&ss), "--gif", s(&b)]).status.code(), Some(0));
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // Stacks: the whole turns the GIF would show.
    let board = d.join("board.in");
    std::fs::write(&board, NEVER_ENDS).unwrap();
    let st = d.join("st.tumble");
    assert_eq!(tb(&["stacks", "export", s(&board), "--turns", "3", "--save", s(&st)]).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&st).unwrap().matches("\nmove ").count(), 12);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_save_that_cannot_hold_the_turns_says_so_and_writes_nothing() {
    let d = scratch("turns");
    let board = d.join("board.in");
    std::fs::write(&board, NEVER_ENDS).unwrap();
    let (g, sv) = (d.join("g.gif"), d.join("s.tumble"));
    let o = tb(&["stacks", "export", s(&board), "--turns", "1001", "--gif", s(&g), "--save", s(&sv)]);
    refused(&o, "--save");
    assert!(err(&o).contains("1000 turns") && err(&o).contains("turn 1001"), "{}", err(&o));
    assert!(!g.exists() && !sv.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

// ---------------------------------------------------------------- bounded memory

/// A Sokoban save of `n` moves walking back and forth in a small room.
fn long_sokoban_save(d: &Path, n: usize) -> PathBuf {
    let mut text =
        String::from("tumblebox save 1\ngame sokoban\ntitle Room\nlevel\n| ; Room\n| #######\n| #@ $ .#\n| #######\n");
    text.reserve(n * 7);
    for i in 0..n {
        text.push_str(if i % 2 == 0 { "move r\n" } else { "move l\n" });
    }
    text.push_str("end\n");
    let p = d.join("long.tumble");
    std::fs::write(&p, text).unwrap();
    p
}

/// A million moves in 300 MiB (before: about 600 bytes a move held for `export SAVE`, 1.66 GB
/// for a trace of a million Sokoban moves, 1.4 KB a step for shubbles).
#[cfg(target_os = "linux")]
#[test]
fn exporting_and_tracing_a_long_game_takes_the_memory_of_a_short_one() {
    let d = scratch("long");
    let save = long_sokoban_save(&d, 1_000_000);
    let sink = d.join("stdout");
    let (code, e) = run_capped(&["export", s(&save), "--png", s(&d.join("end.png"))], &sink, 300);
    assert_eq!(code, Some(0), "{e}");
    // A trace of a million moves, written as it is made.
    let level = d.join("room.xsb");
    std::fs::write(&level, "; Room\n#######\n#@ $ .#\n#######\n").unwrap();
    // (A million moves as text would pass the kernel's 128 KiB limit on one argument.)
    let (code, e) = run_capped(&["sokoban", "trace", s(&level), "--moves", "500000(rl)"], &sink, 300);
    assert_eq!(code, Some(0), "{e}");
    let lines = std::io::BufReader::new(std::fs::File::open(&sink).unwrap()).lines().count();
    assert_eq!(lines, 1_000_000);
    // Shubbles: a million operations.
    let ops = d.join("ops.txt");
    let mut f = std::fs::File::create(&ops).unwrap();
    writeln!(f, ".........@...o....ooo..xox...").unwrap();
    writeln!(f, "{}", "<>".repeat(500_000)).unwrap();
    drop(f);
    let (code, e) = run_capped(&["shubbles", "trace", s(&ops)], &sink, 300);
    assert_eq!(code, Some(0), "{e}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_strip_over_its_pixel_budget_is_refused_before_drawing() {
    let d = scratch("strip");
    let input = d.join("s.in");
    std::fs::write(&input, SAMPLE).unwrap();
    let strip = d.join("strip.png");
    let o = tb(&["vexed", "export", s(&input), "--level", "2", "--strip", s(&strip), "--size", "4096"]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    assert!(err(&o).contains("M pixels"), "{}", err(&o));
    assert!(!strip.exists());
    // Within the budget it is written, also from a save.
    let save = good_save(&d);
    let o = tb(&["export", s(&save), "--strip", s(&strip), "--size", "64"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let img = image::open(&strip).unwrap();
    assert_eq!(img.height(), 64);
    assert_eq!(img.width() % 64, 0);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn an_endless_input_is_refused_at_its_size_cap() {
    let o = tb(&["certify", "/dev/zero"]);
    refused(&o, "MiB");
    let o =
        Command::new(bin()).args(["vexed", "judge"]).stdin(std::fs::File::open("/dev/zero").unwrap()).output().unwrap();
    refused(&o, "MiB");
}

// ---------------------------------------------------------------- messages

#[test]
fn a_long_move_in_a_save_is_cut_in_the_message() {
    let d = scratch("long-move");
    let save = good_save(&d);
    let text =
        std::fs::read_to_string(&save).unwrap().replacen("move (Y,0,3,R)", &format!("move {}", "Q".repeat(200_000)), 1);
    let f = d.join("bad.tumble");
    std::fs::write(&f, text).unwrap();
    let o = tb(&["export", s(&f), "--png", s(&d.join("x.png"))]);
    refused(&o, "line 14");
    assert!(err(&o).len() < 300, "{} bytes", err(&o).len());
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_missing_value_names_its_line_not_a_column_past_the_end() {
    let d = scratch("missing");
    let save = good_save(&d);
    let text = std::fs::read_to_string(&save).unwrap();
    for (damaged, line) in [
        (text.replacen("move (Y,0,3,R) solver", "move", 1), 14),
        (text.replacen("game vexed", "game", 1), 2),
        (text.replacen("cursor 9", "cursor", 1), 23),
        (text.replacen("pack s.in", "par", 1), 4),
    ] {
        let f = d.join("bad.tumble");
        std::fs::write(&f, damaged).unwrap();
        let o = tb(&["export", s(&f), "--png", s(&d.join("x.png"))]);
        refused(&o, &format!("line {line}: "));
        assert!(!err(&o).contains("column"), "{}", err(&o));
    }
    // A file of one comment: its line 1, not a line past the end.
    let f = d.join("comment.tumble");
    std::fs::write(&f, "# only this\n").unwrap();
    let o = tb(&["export", s(&f), "--png", s(&d.join("x.png"))]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!err(&o).contains("line 2"), "{}", err(&o));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn the_bench_csv_is_one_line_a_level_and_never_a_formula() {
    let d = scratch("csv");
    let xsb = d.join("lv.xsb");
    std::fs::write(&xsb, format!("; =HYPERLINK(\"x\")\n{}\n; a\u{1b}[2Jb\n{}", &TWO_BOXES[6..], &TWO_BOXES[6..]))
        .unwrap();
    let csv = d.join("out.csv");
    let o = tb(&["sokoban", "bench", s(&xsb), "--csv", s(&csv), "--jobs", "1024"]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains(" on 2 threads"), "{}", out(&o));
    let text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(text.contains(",\"'=HYPERLINK(\"\"x\"\")\","), "{text}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// A level of 401 boxes, each beside its goal: more than the solver takes.
fn many_boxes() -> String {
    let mut rows = vec!["#".repeat(44)];
    for _ in 0..20 {
        rows.push(format!("#{}  #", "$.".repeat(20)));
    }
    rows.push(format!("#$.{}@#", " ".repeat(39)));
    rows.push("#".repeat(44));
    format!("; many\n{}\n", rows.join("\n"))
}

#[test]
fn the_box_limit_is_a_limit_everywhere() {
    let d = scratch("boxes");
    let f = d.join("many.xsb");
    std::fs::write(&f, many_boxes()).unwrap();
    let o = tb(&["sokoban", "solve", s(&f)]);
    assert_eq!(o.status.code(), Some(3), "{}{}", out(&o), err(&o));
    assert!(out(&o).contains("box limit"), "{}", out(&o));
    let o = tb(&["sokoban", "trace", s(&f)]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    assert!(err(&o).contains("box limit"), "{}", err(&o));
    std::fs::remove_dir_all(&d).unwrap();
}

/// A large open room of many boxes: 216, each beside its goal, on 2,204 floor cells.
fn large_room() -> String {
    let mut g = vec![vec!['#'; 60]; 40];
    for row in g.iter_mut().take(39).skip(1) {
        for c in row.iter_mut().take(59).skip(1) {
            *c = ' ';
        }
    }
    for r in (3..37).step_by(3) {
        for c in (3..57).step_by(3) {
            g[r][c] = '$';
            g[r + 1][c + 1] = '.';
        }
    }
    g[1][1] = '@';
    let rows: Vec<String> = g.into_iter().map(|r| r.into_iter().collect()).collect();
    format!("; large\n{}\n", rows.join("\n"))
}

/// The level's time limit bounds the planning before the search too: on a large room, where one
/// step of the backward packing search's planning over every box took seconds, the search stops
/// at its limit (a generous bound: three times the limit; the planning once took six).
#[test]
fn a_large_levels_search_stops_at_its_time_limit() {
    let d = scratch("large");
    let f = d.join("large.xsb");
    std::fs::write(&f, large_room()).unwrap();
    let started = std::time::Instant::now();
    let o = tb(&["sokoban", "solve", s(&f), "--time-limit", "1"]);
    let took = started.elapsed();
    assert_eq!(o.status.code(), Some(3), "{}{}", out(&o), err(&o));
    assert!(out(&o).contains("the time limit (1 s) stopped the search"), "{}", out(&o));
    assert!(took < std::time::Duration::from_secs(3), "{took:?}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// One coordinate rule for an XSB board: row 1 is its first board line, column 1 its leftmost
/// wall, so indenting the board changes no coordinate of its trace; the help says so.
#[test]
fn trace_coordinates_ignore_the_indentation_and_the_help_says_so() {
    let d = scratch("indent");
    let (flat, indented) = (d.join("flat.xsb"), d.join("indented.xsb"));
    std::fs::write(&flat, "######\n#@$ .#\n######\n").unwrap();
    std::fs::write(&indented, "   ######\n   #@$ .#\n   ######\n").unwrap();
    let a = tb(&["sokoban", "trace", s(&flat)]);
    let b = tb(&["sokoban", "trace", s(&indented)]);
    assert_eq!((a.status.code(), b.status.code()), (Some(0), Some(0)));
    // The box starts on the second line, third character of the unindented file.
    assert!(out(&a).starts_with("move 1 R: push the box (2,3) -> (2,4)\n"), "{}", out(&a));
    assert_eq!(out(&a), out(&b));
    let help = out(&tb(&["sokoban", "trace", "--help"]));
    assert!(help.contains("indentation before it is not counted"), "{help}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn certify_prints_each_level_as_it_is_decided() {
    let Some(dir) = crate::common::data_dir("vexed-levels") else { return };
    let d = scratch("certify-stream");
    // An easy level, then Clay (minutes to prove): the first line comes long before the end.
    let text = std::fs::read(dir.join("android/impossible_pack.txt")).unwrap();
    let clay = tumblebox::vexed::format::latin1(&text).lines().nth(2).unwrap().to_string();
    let f = d.join("two.txt");
    std::fs::write(&f, format!("Easy;a.a/XXX;1\n{clay}\n")).unwrap();
    let mut child = Command::new(bin())
        .args(["certify", s(&f), "--time-limit", "5"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut first).unwrap();
    assert!(first.starts_with("1 Easy: par 1 moves (proven optimal)"), "{first}");
    assert!(child.try_wait().unwrap().is_none(), "the second level was already decided");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(3));
    std::fs::remove_dir_all(&d).unwrap();
}
