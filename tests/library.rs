//! Each level's library in the window (headless, egui_kittest): every solution kept with who
//! found it and its counts, the bests marked, the optimiser, snapshots, statistics, and the
//! library in save files and SOK exports.

use crate::common::window::{Window, harness, sokoban};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tumblebox::app::command::Command;
use tumblebox::app::library::Finder;
use tumblebox::app::play::Replay;
use tumblebox::app::{ExportKind, TumbleApp};

/// Maze 1 of the built-in mazes: the player at (2,2), the box at (2,3), the target at (2,5).
/// The shortest solution is `EE`; this one pushes the box on, back and on again: 4 pushes,
/// 12 moves (worked by hand on the maze).
const DETOUR: &str = "EneesWnwwsEE";

fn run(h: &mut Harness<'_, TumbleApp>, c: Command) {
    let ctx = h.ctx.clone();
    h.state_mut().run(c, &ctx);
}

fn play(h: &mut Harness<'_, TumbleApp>, line: &str) {
    h.state_mut().tabs.sokoban.session.play_line(line, true).unwrap();
    h.run_steps(3);
}

#[test]
fn a_solve_joins_the_library_and_the_optimiser_finds_the_short_one() {
    let mut h = sokoban(true);
    play(&mut h, DETOUR);
    let lib = h.state().library();
    assert_eq!(lib.solutions.len(), 1);
    let k = &lib.solutions[0];
    assert_eq!((k.pushes, k.moves, k.found.by, k.found.line.as_str()), (Some(4), 12, Finder::Player, DETOUR));
    assert!(lib.stats.solved_on.is_some());
    // The window lists it; the optimiser, from its button, adds the better one.
    run(&mut h, Command::Library);
    h.run_steps(2);
    h.get_by_label("4 / 12");
    let buttons = |h: &Harness<'_, TumbleApp>| {
        ["Replay", "Copy", "Optimise", "Delete"].map(|b| h.get_all_by_label(b).next().unwrap().rect())
    };
    let before = buttons(&h);
    h.get_by_label("Optimise").click();
    for _ in 0..400 {
        h.step();
        if h.state().shelf.optimising.is_none() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run_steps(2);
    let lib = h.state().library();
    assert_eq!(lib.solutions.len(), 2, "{:?} {:?}", lib.solutions, h.state().messages.notice);
    let k = &lib.solutions[1];
    assert_eq!((k.pushes, k.moves, k.found.by, k.found.line.as_str()), (Some(2), 2, Finder::Optimiser, "EE"));
    assert_eq!((lib.best_by_pushes(), lib.best_by_moves()), (Some(1), Some(1)));
    h.get_by_label("2 / 2");
    // The new entry (a wider "found by", the best marks moved to it) moved no button of the
    // first row: the columns are as wide as their widest text from the start.
    assert_eq!(buttons(&h), before, "the first row's buttons moved when the optimiser's entry came");
    h.get_by_label("best by pushes, best by moves");
    let said = h.shown().message.unwrap_or_default();
    let notice = h.shown().notice.unwrap_or_default();
    assert!(notice.contains("2 pushes, 2 moves (was 4 pushes, 12 moves"), "{notice:?} {said:?}");
    // Replay plays it from the start, and is not an attempt.
    let attempts = h.state().library().stats.attempts;
    h.get_all_by_label("Replay").next().unwrap().click();
    h.run_steps(3);
    assert!(h.shown().solved);
    assert_eq!(h.state().library().stats.attempts, attempts);
    // Delete asks once: the first click only changes the button, and moves nothing (the
    // button is as wide either way: the row's buttons stay under the pointer).
    let replay = h.get_all_by_label("Replay").next().unwrap().rect();
    let delete = h.get_all_by_label("Delete").next().unwrap().rect();
    h.get_all_by_label("Delete").next().unwrap().click();
    h.run_steps(2);
    assert_eq!(h.state().library().solutions.len(), 2);
    assert_eq!(h.get_all_by_label("Replay").next().unwrap().rect(), replay);
    assert_eq!(h.get_by_label("Delete: sure?").rect(), delete);
    h.get_by_label("Delete: sure?").click();
    h.run_steps(2);
    let lib = h.state().library();
    assert_eq!(lib.solutions.iter().map(|k| k.found.line.as_str()).collect::<Vec<_>>(), ["EE"]);
}

#[test]
fn the_solvers_solution_is_kept_as_the_solvers() {
    let mut h = sokoban(true);
    run(&mut h, Command::Solve);
    for _ in 0..400 {
        h.step();
        let s = &h.state().tabs.sokoban.session;
        if s.solver.is_none() && s.queue.is_empty() && s.current().solved() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run_steps(3);
    let lib = h.state().library();
    assert_eq!(lib.solutions.len(), 1);
    assert_eq!((lib.solutions[0].found.by, lib.solutions[0].pushes), (Finder::Solver, Some(2)));
    // Not the player's: no day solved.
    assert_eq!(lib.stats.solved_on, None);
    // Replayed from the library, animated, it is still not the player's solve.
    h.state_mut().view.instant = false;
    run(&mut h, Command::Restart);
    run(&mut h, Command::Library);
    h.run_steps(2);
    h.get_by_label("Replay").click();
    for _ in 0..400 {
        h.step();
        let s = &h.state().tabs.sokoban.session;
        if s.queue.is_empty() && !s.animating() && s.current().solved() {
            break;
        }
    }
    h.run_steps(3);
    let s = &h.state().tabs.sokoban.session;
    assert!(s.current().solved() && !s.by_player());
    assert_eq!(h.state().library().stats.solved_on, None);
    assert_eq!(h.state().library().solutions.len(), 1);
}

#[test]
fn a_snapshot_brings_the_game_back_and_travels_in_a_save() {
    let dir = tempdir();
    let mut h = sokoban(true);
    play(&mut h, "Ene");
    let here = h.state().tabs.sokoban.session.current().clone();
    run(&mut h, Command::Library);
    h.run_steps(2);
    h.state_mut().shelf.name = "around the box".into();
    h.get_by_label("Take snapshot").click();
    h.run_steps(2);
    // The same snapshot twice is kept once.
    h.state_mut().shelf.name = "around the box".into();
    h.get_by_label("Take snapshot").click();
    h.run_steps(2);
    assert_eq!(h.state().library().snapshots.len(), 1);
    h.get_by_label("around the box");
    h.get_by_label("3 moves");
    run(&mut h, Command::Restart);
    h.run_steps(2);
    assert_ne!(*h.state().tabs.sokoban.session.current(), here);
    h.get_by_label("Open").click();
    h.run_steps(3);
    assert_eq!(*h.state().tabs.sokoban.session.current(), here);
    // The status bar says where the game now is.
    let said = h.shown().notice.unwrap_or_default();
    assert_eq!(said, "snapshot \"around the box\" opened: 3 moves (undo goes back)");
    // Solve it too, then save: the save carries both; another window opening it gets them.
    play(&mut h, "EE");
    let file = dir.join("maze.tumble");
    h.state().export_to(&file, ExportKind::Save).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("tumblebox save 2\n"), "{text}");
    assert!(text.contains("\nsolution player ") && text.contains(" EE\n"), "{text}");
    assert!(text.contains("\nsnapshot ") && text.contains(" \"around the box\" Ene\n"), "{text}");
    let mut other = harness();
    other.run_steps(2);
    other.state_mut().open_file(&file).unwrap();
    other.run_steps(3);
    let lib = other.state().library();
    assert_eq!(lib.solutions.iter().map(|k| k.found.line.as_str()).collect::<Vec<_>>(), ["EE"]);
    assert_eq!(
        lib.snapshots.iter().map(|s| (s.snapshot.name.as_str(), s.moves)).collect::<Vec<_>>(),
        [("around the box", 3)]
    );
    // A save whose solution does not solve the level is refused by the loader, by its line.
    let bad = text.replace(" EE\n", " E\n");
    std::fs::write(dir.join("bad.tumble"), &bad).unwrap();
    let e = other.state_mut().open_file(&dir.join("bad.tumble")).unwrap_err();
    let line = bad.lines().position(|l| l.starts_with("solution ")).unwrap() + 1;
    assert!(e.contains(&format!("line {line}: a solution that solves the level")), "{e}");
}

#[test]
fn attempts_and_time_are_counted_and_stored() {
    let mut h = sokoban(true);
    play(&mut h, "n");
    run(&mut h, Command::Undo);
    h.run_steps(2);
    // Back at the start and on again: the same attempt.
    play(&mut h, "s");
    assert_eq!(h.state().library().stats.attempts, 1);
    run(&mut h, Command::Restart);
    h.run_steps(2);
    play(&mut h, "E");
    assert_eq!(h.state().library().stats.attempts, 2);
    // The clock runs while the window is used (a kittest step is a quarter second of input
    // time) and stops after a minute without input.
    h.hover_at(egui::pos2(600.0, 310.0));
    h.state_mut().flush_clock();
    let s0 = h.state().library().stats.seconds;
    h.run_steps(400);
    h.state_mut().flush_clock();
    let idle = h.state().library().stats.seconds - s0;
    assert!((58..=61).contains(&idle), "{idle} s counted over 100 s, a minute of it with input");
    h.hover_at(egui::pos2(600.0, 300.0));
    h.run_steps(40);
    h.state_mut().flush_clock();
    let secs = h.state().library().stats.seconds;
    assert!((s0 + idle + 9..=s0 + idle + 11).contains(&secs), "{secs}");
    let back = tumblebox::store::lines::read(&h.state().store.export_text()).unwrap();
    let rec = back.levels.values().find(|r| r.library.stats.attempts == 2).expect("stored");
    assert_eq!(rec.library.stats.seconds, secs);
}

#[test]
fn the_solutions_export_as_one_text_with_each_titled() {
    let dir = tempdir();
    let mut h = sokoban(true);
    play(&mut h, DETOUR);
    play(&mut h, "EE");
    let file = dir.join("solutions.txt");
    h.state().export_to(&file, ExportKind::Library).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\nSolution 4/12\nComment: you, "), "{text}");
    assert!(
        text.contains("\nSolution 2/2\nComment: you, ") && text.contains("best by pushes, best by moves\nEE\n"),
        "{text}"
    );
}

fn tempdir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "tumblebox-library-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_first_solution_does_not_widen_the_library_window() {
    let mut h = sokoban(true);
    run(&mut h, Command::Library);
    h.run_steps(3);
    // The window's title is centred on it: it stays put while the window keeps its place and width.
    let title = |h: &Harness<'_, TumbleApp>| h.get_by_label("Solutions and snapshots").rect();
    let empty = title(&h);
    play(&mut h, DETOUR);
    h.run_steps(3);
    h.get_by_label("4 / 12");
    assert_eq!(title(&h), empty, "the library window moved or widened when its first solution came");
}
