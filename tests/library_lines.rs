//! A save's library lines (`solution WHO WHEN MOVES`, `snapshot WHEN "NAME" MOVES`) read as
//! strictly as its history (issue 52): replayed without holding a move apiece and refused over
//! a stated count, one rule for times, names and a move's spelling, and a line cut short named
//! without a column past its end.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use tumblebox::games::visit::check_save as check;
use tumblebox::save::{Save, library};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tumblebox-library-lines-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A Sokoban save of a one-box room and no moves: its library lines start on line 9.
fn room_save(library: &str) -> String {
    format!(
        "tumblebox save 2\ngame sokoban\ntitle Room\nlevel\n| ; Room\n| #######\n| #@ $ .#\n| #######\n{library}end\n"
    )
}

/// SAMPLE-01 (Vexed) and no moves: its library lines start on line 11.
fn vexed_save(library: &str) -> String {
    format!(
        "tumblebox save 2\ngame vexed\ntitle SAMPLE-01\nlevel\n| 4 5 SAMPLE-01\n| #A--#\n| ##-B#\n| #AB##\n| #####\n| 0 0\n{library}end\n"
    )
}

/// Runs tumblebox with its data segment capped (`RLIMIT_DATA`) at `mib` MiB, without a display:
/// its status and stderr. Past the cap an allocation fails and the process aborts.
#[cfg(target_os = "linux")]
fn run_capped(args: &[&str], mib: u64) -> Output {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tumblebox"));
    cmd.args(args).env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY").stdin(Stdio::null());
    let limit = libc::rlimit { rlim_cur: mib << 20, rlim_max: mib << 20 };
    // SAFETY: setrlimit is async-signal-safe; it only sets the child's own limit before exec.
    unsafe {
        cmd.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_DATA, &limit) == 0 { Ok(()) } else { Err(std::io::Error::last_os_error()) }
        });
    }
    cmd.output().unwrap()
}

/// Item 6: a library line is replayed move by move, as the history is (before, about 57 bytes
/// a move were held: a 100 MB save aborted), and a line of more than a million moves (the
/// run-length reader's cap) is refused on one line naming its line, in `export`, `certify`
/// and `tumblebox FILE` alike.
#[cfg(target_os = "linux")]
#[test]
fn a_long_library_line_streams_and_one_over_the_cap_is_refused() {
    let d = scratch("long");
    // 999,999 moves: walks back and forth, then pushes the box home.
    let ok = d.join("ok.tumble");
    let walk = format!("{}rRR", "rl".repeat(499_998));
    assert_eq!(walk.len(), 999_999);
    std::fs::write(&ok, room_save(&format!("solution player 2026-12-05T01:20:00Z {walk}\n"))).unwrap();
    let o = run_capped(&["export", s(&ok), "--png", s(&d.join("ok.png"))], 48);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    // Three million and one.
    let long = d.join("long.tumble");
    let walk = format!("{}rRR", "rl".repeat(1_500_000 - 1));
    std::fs::write(
        &long,
        room_save(&format!("snapshot 2026-12-05T01:20:00Z \"far\" rl\nsolution player 2026-12-05T01:20:00Z {walk}\n")),
    )
    .unwrap();
    for args in [vec!["export", s(&long), "--png", s(&d.join("long.png"))], vec!["certify", s(&long)], vec![s(&long)]] {
        let o = run_capped(&args, 48);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(e.contains("line 10") && e.contains("at most 1000000 moves"), "{args:?}: {e}");
    }
    assert!(!d.join("long.png").exists());
    std::fs::remove_dir_all(&d).unwrap();
}

/// Item 7: a time is digits where the form has digits (`+1` is not a minute).
#[test]
fn times_are_read_strictly() {
    for bad in [
        "2026-12-05T01:+1:00Z",
        "+026-12-05T01:01:00Z",
        "2026-+2-05T01:01:00Z",
        "2026-12-+5T01:01:00Z",
        "2026-12-05T+1:01:00Z",
        "2026-12-05T01:01:+0Z",
    ] {
        assert_eq!(library::parse_rfc3339(bad), None, "{bad}");
        let e = Save::parse(&room_save(&format!("solution player {bad} rRR\n"))).unwrap_err();
        assert_eq!((e.line, e.column), (9, Some(17)), "{bad}: {e}");
        let e = Save::parse(&room_save(&format!("snapshot {bad} \"x\" r\n"))).unwrap_err();
        assert_eq!((e.line, e.column), (9, Some(10)), "{bad}: {e}");
    }
    assert_eq!(library::parse_rfc3339("2026-12-05T01:01:00Z"), Some(1_796_432_460));
}

/// Item 7: a snapshot's name holds no hidden character (a right-to-left override, a line
/// separator, a zero-width space): refused where read, and never written (the name a player
/// gives is cleaned as it is kept).
#[test]
fn snapshot_names_hold_no_hidden_characters() {
    for (c, col) in [('\u{202e}', 35), ('\u{2028}', 35), ('\u{200b}', 35), ('\u{feff}', 35)] {
        let text = room_save(&format!("snapshot 2026-12-05T01:20:00Z \"abc{c}def\" r\n"));
        let e = Save::parse(&text).unwrap_err();
        assert_eq!((e.line, e.column), (9, Some(col)), "{c:?}: {e}");
        assert!(e.message.contains(&format!("\\u{{{:x}}}", c as u32)), "{e}");
        assert_eq!(library::clean_name(&format!("abc{c}def")), "abc def");
    }
    // A plain name still reads back, and so does one whose emoji are joined (U+200D).
    let save = Save::parse(&room_save("snapshot 2026-12-05T01:20:00Z \"before the corner\" r\n")).unwrap();
    assert_eq!(save.snapshots[0].name, "before the corner");
    let family = "\u{1f469}\u{200d}\u{1f467} and \u{200c}";
    let save = Save::parse(&room_save(&format!("snapshot 2026-12-05T01:20:00Z \"{family}\" r\n"))).unwrap();
    assert_eq!(save.snapshots[0].name, family);
    assert_eq!(library::clean_name(family), family);
}

/// Item 7: a library line's moves are spelled as tumblebox writes them, as a history's must be:
/// Vexed's `(b,1,3,l)` is a hand edit there and here.
#[test]
fn a_library_move_is_spelled_as_the_history_spells_it() {
    let good = Save::parse(&vexed_save("solution player 2026-12-05T01:20:00Z (B,1,3,L) (A,0,1,R)\n")).unwrap();
    check(&good).unwrap();
    let hand = Save::parse(&vexed_save("solution player 2026-12-05T01:20:00Z (b,1,3,l) (A,0,1,R)\n")).unwrap();
    let e = check(&hand).unwrap_err();
    assert_eq!(e.line, 11, "{e}");
    assert!(e.message.contains("move 1") && e.message.contains("expected it written `(B,1,3,L)`"), "{e}");
    let snap = Save::parse(&vexed_save("snapshot 2026-12-05T01:20:00Z \"x\" (B,1,3,l)\n")).unwrap();
    assert!(check(&snap).unwrap_err().message.contains("expected it written `(B,1,3,L)`"));
    // The history says the same of the same spelling.
    let history = vexed_save("move (b,1,3,l)\n");
    let e = check(&Save::parse(&history).unwrap()).unwrap_err();
    assert!(e.message.contains("expected it written `(B,1,3,L)`"), "{e}");
}

/// Item 8: a library line cut short names its line, and a column only where there is one.
#[test]
fn a_library_line_cut_short_names_no_column_past_its_end() {
    for line in [
        "solution",
        "solution player",
        "solution player ",
        "solution player 2026-12-05T01:20:00Z",
        "solution  player",
        "snapshot",
        "snapshot 2026-12-05T01:20:00Z",
        "snapshot 2026-12-05T01:20:00Z ",
        "snapshot 2026-12-05T01:20:00Z \"",
        "snapshot 2026-12-05T01:20:00Z \"name",
    ] {
        let e = Save::parse(&room_save(&format!("{line}\n"))).unwrap_err();
        assert_eq!(e.line, 9, "{line:?}: {e}");
        let len = line.trim_end().chars().count();
        assert!(e.column.is_none_or(|c| c <= len), "{line:?} ({len} characters): {e}");
    }
    // A wrong value is still placed at its column.
    let e = Save::parse(&room_save("solution robot 2026-12-05T01:20:00Z rRR\n")).unwrap_err();
    assert_eq!(e.column, Some(10), "{e}");
    let e = Save::parse(&room_save("solution  robot 2026-12-05T01:20:00Z rRR\n")).unwrap_err();
    assert_eq!(e.column, Some(11), "{e}");
}

/// Found by the `library_lines` fuzz target: a save may hold a tab in a line of moves, and a
/// library line holding one was written back with a space (the same moves, another line).
#[test]
fn a_library_line_writes_back_as_it_was_read() {
    let text = room_save("solution player 2026-12-05T01:20:00Z r\tRR\nsnapshot 2026-12-05T01:20:00Z \"t\" r\t\tl\n");
    let save = Save::parse(&text).unwrap();
    check(&save).unwrap();
    let again = Save::parse(&save.write()).unwrap();
    assert_eq!((again.found[0].line.as_str(), again.snapshots[0].line.as_str()), ("r\tRR", "r\t\tl"));
    assert_eq!(again.write(), save.write());
}
