//! The desktop app, headless (egui_kittest): pick levels, move by clicking and by keys, undo
//! and redo, step the rule debugger, run the solver, export, and snapshots of one board per
//! game. Animation time comes from egui's input, so every run is the same.

mod common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tumblebox::app::paint::View;
use tumblebox::app::play::Playable;
use tumblebox::app::{ExportKind, GameKind, Progress, TumbleApp};
use tumblebox::grid::Pos;
use tumblebox::vexed::{Move, Side};

fn harness() -> Harness<'static, TumbleApp> {
    Harness::builder()
        .with_size([1200.0, 760.0])
        .with_max_steps(2000)
        .build_ui_state(|ui, app: &mut TumbleApp| app.show(ui), TumbleApp::default())
}

/// Screen position of a board point (scene units), using the board widget's rectangle.
fn board_point(h: &Harness<'_, TumbleApp>, p: [f32; 2]) -> egui::Pos2 {
    let rect = h.get_by_label("board").rect();
    View::fit(&h.state().scene(), rect).to_screen(p)
}

/// Steps until nothing animates and no solver runs (bounded: 60 s of real time for a solver
/// thread, which the harness's steps do not wait for).
fn settle(h: &mut Harness<'_, TumbleApp>) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        h.step();
        let s = &h.state().vexed.session;
        if !s.animating() && s.queue.is_empty() && s.solver.is_none() {
            break;
        }
        if s.solver.is_some() {
            assert!(std::time::Instant::now() < deadline, "the solver did not finish");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
    h.run_steps(2);
}

#[test]
fn pick_a_level_move_by_click_and_key_undo_redo() {
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("SAMPLE-01  par 2").click();
    h.run_steps(2);
    assert_eq!(h.state().vexed.index, 0);
    // SAMPLE-01 as an Android-style cropped board: b at (1,2); click it, then press Left.
    let p = board_point(&h, [0.25 + 2.5, 0.25 + 1.5]);
    h.hover_at(p);
    h.drag_at(p);
    h.drop_at(p);
    h.run_steps(2);
    assert_eq!(h.state().vexed.session.selected, Some(Pos::new(1, 2)));
    h.key_press(egui::Key::ArrowLeft);
    settle(&mut h);
    assert_eq!(h.state().vexed.session.moves(), 1);
    // The rule debugger lists exactly the rule engine's steps for that move.
    let start = &h.state().vexed.levels[0].start;
    let (_, steps) = start.apply(Move { pos: Pos::new(1, 2), side: Side::Left }).unwrap();
    assert_eq!(steps.len(), 2);
    for (i, st) in steps.iter().enumerate() {
        let text = format!("{}. {}", i + 1, start.describe(st));
        h.get_by_label(&text);
    }
    // Step the debugger back to the slide: it pauses on step 1.
    h.get_by_label("< step").click();
    h.run_steps(2);
    assert_eq!(h.state().vexed.session.step_at(), Some(0));
    h.get_by_label("step >").click();
    h.run_steps(2);
    assert_eq!(h.state().vexed.session.step_at(), Some(1));
    // Undo and redo.
    h.get_by_label("Undo").click();
    h.run_steps(2);
    assert_eq!(h.state().vexed.session.moves(), 0);
    h.get_by_label("Redo").click();
    h.run_steps(2);
    assert_eq!(h.state().vexed.session.moves(), 1);
    // A drag moves a block too: a at (0,0) right by one cell.
    let from = board_point(&h, [0.25 + 0.5, 0.25 + 0.5]);
    let to = board_point(&h, [0.25 + 1.5, 0.25 + 0.5]);
    h.drag_at(from);
    h.run_steps(1);
    h.hover_at(to);
    h.run_steps(1);
    h.drop_at(to);
    settle(&mut h);
    assert_eq!(h.state().vexed.session.moves(), 2);
    assert!(h.state().vexed.session.current().is_solved());
    h.get_by_label("solved"); // the status bar
    h.get_by_label("SAMPLE-01  [solved]  best 2  par 2"); // the level browser
    // Restart, then undo the restart.
    h.get_by_label("Restart (R)").click();
    h.run_steps(2);
    assert_eq!(h.state().vexed.session.moves(), 0);
    h.get_by_label("Undo").click();
    h.run_steps(2);
    assert_eq!(h.state().vexed.session.moves(), 2);
}

#[test]
fn hint_says_unsolvable_from_a_dead_end() {
    let mut h = harness();
    h.run_steps(2);
    // The seed's dead end: (A,0,1,R) first. Cropped board: `a` at (0,0).
    let p = board_point(&h, [0.25 + 0.5, 0.25 + 0.5]);
    h.hover_at(p);
    h.drag_at(p);
    h.drop_at(p);
    h.run_steps(2);
    h.key_press(egui::Key::ArrowRight);
    settle(&mut h);
    assert_eq!(h.state().vexed.session.moves(), 1);
    h.get_by_label("Hint").click();
    settle(&mut h);
    let msg = h.state().vexed.session.message.clone().unwrap_or_default();
    assert!(msg.starts_with("unsolvable from here"), "{msg}");
    // From the start the hint is the unique first move, with 2 optimal moves left.
    h.get_by_label("Undo").click();
    h.run_steps(2);
    h.get_by_label("Hint").click();
    settle(&mut h);
    let msg = h.state().vexed.session.message.clone().unwrap_or_default();
    assert_eq!(msg, "hint: (b,1,2,L) (2 optimal moves left)");
}

#[test]
fn solver_runs_in_the_background_and_plays_the_solution() {
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("SAMPLE-02  par 9").click();
    h.run_steps(2);
    h.get_by_label("Solve").click();
    settle(&mut h);
    let s = &h.state().vexed.session;
    assert!(s.current().is_solved(), "{:?}", s.message);
    assert_eq!(s.moves(), 9);
    assert!(h.state().progress.best.contains_key(&(GameKind::Vexed, "SAMPLE-02".to_string())));
}

#[test]
fn pushing_boxes_click_to_walk_and_keys() {
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("Pushing boxes").click();
    h.run_steps(2);
    assert_eq!(h.state().kind, GameKind::Sokoban);
    let game = h.state().sokoban.session.current().clone();
    // Click the floor cell left of the player (if it is floor): the player walks there.
    let p = game.pos.player;
    let target = [Pos::new(p.row, p.col.wrapping_sub(1)), Pos::new(p.row - 1, p.col), Pos::new(p.row + 1, p.col)]
        .into_iter()
        .find(|&q| game.level.is_floor(q) && !game.pos.boxes.contains(&q))
        .expect("a free neighbour");
    let at = board_point(&h, [0.25 + target.col as f32 + 0.5, 0.25 + target.row as f32 + 0.5]);
    h.hover_at(at);
    h.drag_at(at);
    h.drop_at(at);
    for _ in 0..40 {
        h.step();
    }
    assert_eq!(h.state().sokoban.session.current().pos.player, target);
    // Keys: WASD and arrows walk too (or bump into rock without moving).
    let before = h.state().sokoban.session.moves();
    h.key_press(egui::Key::D);
    for _ in 0..20 {
        h.step();
    }
    assert!(h.state().sokoban.session.moves() <= before + 1);
}

#[test]
fn shubbles_and_stacks_buttons() {
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("Shubbles box").click();
    h.run_steps(2);
    h.get_by_label("+ turn clockwise").click();
    for _ in 0..40 {
        h.step();
    }
    let s = h.state().shubbles.session.current();
    assert_eq!(s.orientation, 1);
    assert_eq!(s.text(), ".........@......o...ooo...xox");
    h.get_by_label("Stacks").click();
    h.run_steps(2);
    h.get_by_label("Next piece (N)").click();
    for _ in 0..20 {
        h.step();
    }
    assert_eq!(h.state().stacks.session.moves(), 1);
    h.get_by_label("Run to the end").click();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    h.run_steps(2);
    while h.state().stacks.session.solver.is_some() {
        assert!(std::time::Instant::now() < deadline, "the run did not finish");
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    h.run_steps(2);
    // Board 1 is the seed's first example: it never ends (-1), so the run stops after turn 1000.
    let st = h.state().stacks.session.current();
    assert!(!st.game.over && st.turn > 1000, "turn {}", st.turn);
}

#[test]
fn export_to_writes_files_that_decode() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().vexed.session.make(&Move { pos: Pos::new(1, 2), side: Side::Left }, true).unwrap();
    let dir = std::env::temp_dir().join(format!("tumblebox-app-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gif = dir.join("history.gif");
    h.state().export_to(&gif, ExportKind::GifStepwise).unwrap();
    let mut d = gif::DecodeOptions::new().read_info(std::fs::File::open(&gif).unwrap()).unwrap();
    let mut frames = 0;
    while d.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 1 + 2); // the start, the slide, the vanish
    let png = dir.join("now.png");
    h.state().export_to(&png, ExportKind::Png).unwrap();
    assert_eq!(image::open(&png).unwrap().width(), 480);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn progress_survives_and_a_damaged_store_is_ignored() {
    let mut p = Progress::default();
    p.best.insert((GameKind::Vexed, "Tumble 3".into()), 4);
    p.last = Some((GameKind::Sokoban, 2));
    assert_eq!(Progress::from_text(&p.to_text()).unwrap(), p);
    let mut app = TumbleApp::default();
    app.restore(&p.to_text());
    assert_eq!(app.kind, GameKind::Sokoban);
    assert_eq!(app.sokoban.index, 2);
    let mut app = TumbleApp::default();
    app.restore("best\tvexed\tnot-a-number\tX\n\u{0}garbage");
    assert!(app.notice.as_deref().is_some_and(|n| n.contains("damaged")));
    assert_eq!(app.kind, GameKind::Vexed);
}

#[test]
fn open_file_reads_every_kind_and_reports_bad_files() {
    let dir = std::env::temp_dir().join(format!("tumblebox-app-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = TumbleApp::default();
    let f = dir.join("boxes.txt");
    std::fs::write(&f, ".........@...o....ooo..xox...\n").unwrap();
    app.open_file(&f).unwrap();
    assert_eq!(app.kind, GameKind::Shubbles);
    let f = dir.join("maze.in");
    std::fs::write(&f, "1 7\nSB....T\n0 0\n").unwrap();
    app.open_file(&f).unwrap();
    assert_eq!(app.kind, GameKind::Sokoban);
    let f = dir.join("wf.in");
    std::fs::write(&f, "4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n0 0\n").unwrap();
    app.open_file(&f).unwrap();
    assert_eq!(app.kind, GameKind::Vexed);
    let f = dir.join("bad.in");
    std::fs::write(&f, "this is not a level\n").unwrap();
    let e = app.open_file(&f).unwrap_err();
    assert!(e.contains("line 1"), "{e}");
    if let Some(data) = common::data_dir("vexed-levels/palm") {
        app.open_file(&data.join("Classic Levels.ini")).unwrap();
        assert_eq!(app.vexed.levels.len(), 59);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn snapshots_of_one_board_per_game() {
    let mut h = harness();
    for kind in GameKind::ALL {
        h.state_mut().kind = kind;
        h.run_steps(3);
        h.snapshot(format!("board-{}", kind.name().to_lowercase().replace(' ', "-")));
    }
}
