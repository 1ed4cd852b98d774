//! The window, finished (headless, egui_kittest): what stays under the pointer, what the
//! export panel keeps, keys that all count, the fonts' glyphs, moves that are not the
//! player's, the message log, quitting during an export. What talks to the system (the
//! clipboard, the window manager, real fonts on screen) is driven through the real window by
//! `scripts/e2e.sh`.

use crate::common::window::{Window, click_at, harness, sokoban, sokoban_cell};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tumblebox::app::play::{Playable, Replay};
use tumblebox::app::{GameKind, TumbleApp};
use tumblebox::grid::Pos;
use tumblebox::vexed::{Move, Side};

/// Steps until no move animates (bounded).
fn settle(h: &mut Harness<'_, TumbleApp>) {
    for _ in 0..600 {
        h.step();
        let s = &h.state().tabs.vexed.session;
        if !s.animating() && s.queue.is_empty() && s.solver.is_none() {
            break;
        }
        if s.solver.is_some() {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
    h.run_steps(2);
}

#[test]
fn the_continue_offer_moves_nothing_under_the_pointer() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().tabs.vexed.session.make(&Move { pos: Pos::new(1, 2), side: Side::Left }, true).unwrap();
    h.run_steps(1);
    h.get_by_label("SAMPLE-02  par 9").click();
    h.run_steps(2);
    let before =
        [h.get_by_label("SAMPLE-02  par 9").rect(), h.get_by_label("Undo").rect(), h.get_by_label("Solve").rect()];
    h.get_by_label_contains("SAMPLE-01  par 2").click();
    // An area is measured on its first frame and shown on the next.
    h.run_steps(4);
    assert!(h.state().kept.offer.is_some(), "no offer");
    h.get_by_label_contains("You played SAMPLE-01 before");
    let after =
        [h.get_by_label("SAMPLE-02  par 9").rect(), h.get_by_label("Undo").rect(), h.get_by_label("Solve").rect()];
    assert_eq!(before, after, "the offer moved the list or the toolbar");
    // It is over the board's foot, below the toolbar.
    let offer = h.get_by_label("Continue").rect();
    assert!(offer.min.y > after[2].max.y + 100.0, "{offer:?}");
}

#[test]
fn the_export_range_stays_while_the_timeline_moves_and_the_panel_names_no_flags() {
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("SAMPLE-02  par 9").click();
    h.run_steps(2);
    h.state_mut().view.instant = true;
    h.get_by_label("Solve").click();
    settle(&mut h);
    let n = h.state().tabs.vexed.session.moves();
    assert!(n >= 9, "{n} moves");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run_steps(2);
    h.state_mut().export.panel.from = 2;
    h.state_mut().export.panel.to = 5;
    h.run_steps(2);
    h.get_by_label_contains("frames drawn,");
    for key in [egui::Key::Home, egui::Key::End, egui::Key::Home] {
        h.key_press(key);
        h.run_steps(3);
        let e = &h.state().export.panel;
        assert_eq!((e.from, e.to), (2, 5), "after {key:?}");
        assert!(h.query_all_by_label_contains("--").next().is_none(), "a flag name in the window after {key:?}");
    }
    // At the start (Home) the timeline still holds every move: the range is not the play
    // cursor's, and the export is ready.
    h.key_press(egui::Key::Home);
    h.run_steps(3);
    assert!(h.query_by_label_contains("the timeline holds").is_none());
    assert!(!h.get_by_label("Export to a file…").accesskit_node().is_disabled());
}

#[test]
fn every_page_down_counts_even_two_in_one_frame() {
    let mut h = harness();
    h.run_steps(2);
    let start = h.state().tabs.vexed.index;
    // Two presses arriving between two frames (a busy frame, fast fingers).
    for _ in 0..2 {
        h.event(egui::Event::Key {
            key: egui::Key::PageDown,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.run_steps(2);
    assert_eq!(h.state().tabs.vexed.index, start + 2);
}

#[test]
fn a_blocked_vexed_move_says_why() {
    let mut h = harness();
    h.run_steps(2);
    // SAMPLE-01 (a.. / X.b / abX): the block at row 0, column 0 has the board's edge on its
    // left.
    h.state_mut().tabs.vexed.session.selected = Some(Pos::new(0, 0));
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    let s = &h.state().tabs.vexed.session;
    assert_eq!(s.moves(), 0);
    let m = s.message.clone().unwrap_or_default();
    assert!(m.contains("cannot move there"), "{m:?}");
    h.get_by_label_contains("cannot move there");
}

#[test]
fn moves_from_a_paste_are_not_the_players() {
    // A solved game pasted as a game ID opens solved, and the level stays unsolved by the
    // player (its best is not theirs).
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().view.instant = true;
    h.get_by_label("Solve").click();
    settle(&mut h);
    let id = h.state().game_id();
    let mut g = harness();
    g.run_steps(2);
    g.event(egui::Event::Paste(id));
    g.run_steps(4);
    assert!(g.state().tabs.vexed.session.current().is_solved());
    assert_eq!(g.state().progress().solved_in(GameKind::Vexed, "Built-in"), 0);
    assert!(g.query_by_label_contains("[solved]").is_none());
    // The same moves played by the player count.
    let mut p = harness();
    p.run_steps(2);
    p.state_mut().tabs.vexed.session.make(&Move { pos: Pos::new(1, 2), side: Side::Left }, true).unwrap();
    p.state_mut().tabs.vexed.session.make(&Move { pos: Pos::new(0, 0), side: Side::Right }, true).unwrap();
    p.run_steps(3);
    assert!(p.state().tabs.vexed.session.current().is_solved());
    assert_eq!(p.state().progress().solved_in(GameKind::Vexed, "Built-in"), 1);
}

#[test]
fn enter_game_id_opens_what_is_typed() {
    let mut src = harness();
    src.run_steps(2);
    src.state_mut().tabs.vexed.session.make(&Move { pos: Pos::new(1, 2), side: Side::Left }, true).unwrap();
    src.run_steps(2);
    let id = src.state().game_id();
    let mut h = harness();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::G);
    h.run_steps(2);
    assert!(h.state().view.game_id_entry.is_some(), "Ctrl+G opened nothing");
    h.state_mut().view.game_id_entry = Some(id);
    h.run_steps(1);
    h.get_by_label("Open").click();
    h.run_steps(3);
    assert!(h.state().view.game_id_entry.is_none());
    assert_eq!(h.state().tabs.vexed.session.moves(), 1);
    // Nonsense stays in the field, and the status bar says why.
    h.state_mut().view.game_id_entry = Some("tumblebox:1:vexed:AAAA:AAAA:00000000".into());
    h.run_steps(1);
    h.get_by_label("Open").click();
    h.run_steps(2);
    assert!(h.state().view.game_id_entry.is_some());
    assert!(h.state().messages.notice.as_ref().unwrap().text.contains("checksum"));
    // Escape closes it.
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.state().view.game_id_entry.is_none());
}

#[test]
fn file_menu_has_quit_and_enter_game_id_and_view_shows_the_panel_keys() {
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label_contains("Quit");
    h.get_by_label_contains("Enter game ID…");
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label_contains("Level list   F9");
    h.get_by_label_contains("Rule debugger   F12");
}

#[test]
fn quitting_during_an_export_leaves_no_file() {
    let dir = std::env::temp_dir().join(format!("tumblebox-quit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("SAMPLE-02  par 9").click();
    h.run_steps(2);
    h.state_mut().view.instant = true;
    h.get_by_label("Solve").click();
    settle(&mut h);
    h.state_mut().export.panel.size = 3000;
    let gif = dir.join("long.gif");
    h.state_mut().start_export(gif.clone());
    h.run_steps(2);
    assert!(h.state().export.running.is_some());
    // What Quit does once the player confirms (and what closing the window does).
    h.state_mut().finish_export_for_quit();
    assert!(h.state().export.running.is_none());
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_string_the_window_writes_has_its_glyphs() {
    // The stacks' piece headings (arrows), the help, every command's label and tooltip.
    let mut h = harness();
    h.run_steps(2);
    let mut texts: Vec<String> = Vec::new();
    for c in tumblebox::app::command::Command::ALL {
        let i = c.info();
        texts.push(i.label.into());
        texts.push(i.tooltip.into());
    }
    for kind in GameKind::ALL {
        let help = tumblebox::app::help::help(kind);
        for (a, b) in help.sections {
            texts.push((*a).into());
            texts.push((*b).into());
        }
        for (a, b) in help.keys {
            texts.push((*a).into());
            texts.push((*b).into());
        }
    }
    texts.push("5← 1↓ 3→ 2↑".into());
    let ctx = h.ctx.clone();
    let missing: Vec<String> = ctx.fonts_mut(|f| {
        texts
            .iter()
            .flat_map(|t| t.chars())
            .filter(|c| !c.is_whitespace() && !f.has_glyph(&egui::FontId::proportional(14.0), *c))
            .map(|c| format!("{c} U+{:04X}", c as u32))
            .collect()
    });
    assert!(missing.is_empty(), "no glyph for {missing:?}");
}

#[test]
fn animation_keeps_the_clocks_time_at_half_a_frame_a_second() {
    // Frames two seconds apart (a loaded machine), played at a quarter speed: a move of more
    // than a second of the clock is over in one frame, not slowed to a second a frame.
    let mut h = Harness::builder()
        .with_size([1200.0, 760.0])
        .with_step_dt(2.0)
        .build_ui_state(|ui, app: &mut TumbleApp| app.show(ui), TumbleApp::default());
    h.run_steps(2);
    h.state_mut().view.speed = 0.25;
    let s = &mut h.state_mut().tabs.vexed.session;
    let m = s.current().moves()[0];
    s.make(&m, false).unwrap();
    let total = s.playback.as_ref().unwrap().timeline.total;
    assert!(total / 0.25 > 1.0 && total / 0.25 < 2.0, "a {total} s move");
    h.step();
    assert!(!h.state().tabs.vexed.session.animating(), "a {} s move still plays after 2 s", total / 0.25);
}

#[test]
fn the_message_log_keeps_every_message_whole() {
    let mut h = harness();
    h.run_steps(2);
    let long = format!("a long message {}", "that goes on ".repeat(40));
    h.state_mut().notify("first message", None);
    h.run_steps(1);
    h.state_mut().notify(long.clone(), None);
    h.run_steps(2);
    // The status bar holds the newest; a click opens the log with both, whole.
    h.get_by_label_contains("a long message").click();
    h.run_steps(2);
    assert!(h.state().view.log_open);
    assert!(h.state().messages.log.iter().any(|m| m == "first message"));
    assert!(h.state().messages.log.contains(&long));
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().view.log_open);
}

#[test]
fn the_debugger_numbers_moves_as_the_status_bar_does() {
    let mut h = harness();
    h.run_steps(2);
    let s = &mut h.state_mut().tabs.vexed.session;
    s.make(&Move { pos: Pos::new(1, 2), side: Side::Left }, true).unwrap();
    s.restart();
    s.make(&Move { pos: Pos::new(1, 2), side: Side::Left }, true).unwrap();
    h.run_steps(3);
    // History: move, restart, move; the last is move 1 of the run on screen.
    assert_eq!(h.state().tabs.vexed.session.moves(), 1);
    let label = match &h.state().tabs.vexed.session.history[0] {
        tumblebox::app::session::Entry::Move { text, before, .. } => before.entry_label(text),
        _ => unreachable!(),
    };
    assert_eq!(h.query_all_by_label(&format!("1. {label}")).count(), 2, "each run's first move is 1");
    assert!(h.query_by_label(&format!("3. {label}")).is_none());
    h.get_by_label_contains("restart");
    h.get_by_label_contains("Move 1 ");
}

#[test]
fn a_solved_level_is_kept_for_continue_at_once() {
    let mut h = harness();
    h.run_steps(2);
    let s = &mut h.state_mut().tabs.vexed.session;
    s.make(&Move { pos: Pos::new(1, 2), side: Side::Left }, true).unwrap();
    s.make(&Move { pos: Pos::new(0, 0), side: Side::Right }, true).unwrap();
    h.run_steps(3);
    assert!(h.state().tabs.vexed.session.current().is_solved());
    // Stored now, without leaving the level (a SIGTERM next would lose nothing).
    let app = TumbleApp::with_store(tumblebox::store::Store::memory_with(h.state().progress().clone()));
    let mut g =
        Harness::builder().with_size([1200.0, 760.0]).build_ui_state(|ui, app: &mut TumbleApp| app.show(ui), app);
    g.run_steps(4);
    g.get_by_label_contains("You played SAMPLE-01 before");
}

#[test]
fn the_stacks_editor_resizes_its_square_board() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().kind = GameKind::Stacks;
    h.run_steps(2);
    h.key_press(egui::Key::E);
    h.run_steps(3);
    assert!(h.state().editor.mode.is_some());
    let (r, c) = h.state().editor.mode.as_ref().unwrap().pad.size();
    assert_eq!(r, c);
    // One size field (rows and columns would fight over a square board), typed into.
    assert!(h.query_by_label("rows").is_none());
    let tool = h.state().editor.mode.as_ref().unwrap().tool;
    h.get_by_label("size").click();
    h.run_steps(2);
    h.get_by_label("size").focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text("6".into()));
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert_eq!(h.state().editor.mode.as_ref().unwrap().pad.size(), (6, 6));
    // The digit went to the field, not to the palette.
    assert_eq!(h.state().editor.mode.as_ref().unwrap().tool, tool);
}

#[test]
fn a_small_window_keeps_a_usable_board() {
    let mut h = Harness::builder()
        .with_size([640.0, 480.0])
        .build_ui_state(|ui, app: &mut TumbleApp| app.show(ui), TumbleApp::default());
    h.run_steps(3);
    // The rule debugger folds away by itself; the board has most of the window.
    assert!(!h.state().shows_debugger());
    let board = h.get_by_label("board").rect();
    assert!(board.width() > 300.0 && board.height() > 250.0, "{board:?}");
    // F12 brings it back, and F12 folds it again.
    h.key_press(egui::Key::F12);
    h.run_steps(3);
    assert!(h.state().shows_debugger());
    // In a narrow window it floats over the board (its window inside the screen), and the
    // board keeps its room.
    let title = h.get_by_label("Rule debugger").rect();
    assert!(title.min.x >= 0.0 && title.max.x <= 640.0, "{title:?}");
    assert!(h.get_by_label("board").rect().width() > 300.0);
    h.key_press(egui::Key::F12);
    h.run_steps(3);
    assert!(!h.state().shows_debugger());
    // Narrower still: the level list folds too.
    let mut h = Harness::builder()
        .with_size([500.0, 400.0])
        .build_ui_state(|ui, app: &mut TumbleApp| app.show(ui), TumbleApp::default());
    h.run_steps(3);
    assert!(!h.state().shows_levels());
    assert!(h.get_by_label("board").rect().width() > 250.0);
}

#[test]
fn a_dead_vexed_position_is_provably_unsolvable_and_the_warning_says_so() {
    use tumblebox::app::play::Playable;
    let mut h = harness();
    h.run_steps(2);
    // SAMPLE-01 after (a,0,0,R): the a's can no longer meet (Hint proves it; the dead rules
    // alone did not).
    let s = &mut h.state_mut().tabs.vexed.session;
    s.make(&Move { pos: Pos::new(0, 0), side: Side::Right }, true).unwrap();
    let why = s.current().unsolvable();
    assert!(why.is_some(), "not proven unsolvable");
    // View › Warn when unsolvable: the player's next move into a dead end is said at once.
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Warn when unsolvable").click();
    h.run_steps(2);
    assert!(h.state().progress().warn());
    h.state_mut().tabs.vexed.session.selected = Some(Pos::new(0, 0));
    h.key_press(egui::Key::ArrowRight);
    settle(&mut h);
    let m = h.state().tabs.vexed.session.message.clone().unwrap_or_default();
    assert!(m.contains("can no longer be solved"), "{m:?}");
}

#[test]
fn pushing_boxes_counts_pushes_and_moves_against_its_par() {
    use std::sync::atomic::AtomicBool;
    use tumblebox::app::play::Playable;
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().kind = GameKind::Sokoban;
    h.run_steps(2);
    let game = h.state().tabs.sokoban.session.current().clone();
    let par = h.state().tabs.sokoban.levels[0].par_text.clone().unwrap();
    assert!(par.contains("pushes") && par.contains("moves"), "{par}");
    let answer = game.solve(&AtomicBool::new(false), &tumblebox::meter::Meter::new()).unwrap();
    let hint = game.hint_text(&answer);
    assert!(hint.contains(" pushes, ") && hint.contains(" moves left"), "{hint}");
    // The solver's optimal moves, played by the player: par on both counts.
    for mv in &answer.moves {
        h.state_mut().tabs.sokoban.session.make(mv, true).unwrap();
    }
    h.run_steps(3);
    let banner = format!("Solved in {}: par, optimal", par);
    h.get_by_label(&banner);
    // The best is kept by pushes as well as by moves, and outlives the window.
    h.get_by_label_contains(&format!("[solved] best {par}"));
    let back = tumblebox::store::lines::read(&h.state().store.export_text()).unwrap();
    let rec = back.levels.values().find(|r| r.pushes.is_some()).expect("the pushes best is stored");
    let (p, m, _) = rec.pushes.clone().unwrap();
    assert_eq!(format!("{p} pushes, {m} moves"), par);
}

#[test]
fn a_blank_vexed_board_says_it_has_no_blocks() {
    let mut h = harness();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run_steps(3);
    assert!(h.state().editor.mode.is_some());
    h.get_by_label_contains("has no blocks");
    assert!(h.query_by_label_contains("valid: Test plays it").is_none());
}

#[test]
fn step_filters_are_words() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().kind = GameKind::Stacks;
    h.run_steps(2);
    h.get_by_label("Board 2 (ends in turn 1)").click();
    h.run_steps(2);
    h.state_mut().view.instant = true;
    h.get_by_label("Run to the end").click();
    for _ in 0..50 {
        h.step();
    }
    h.get_by_label("reached four");
    assert!(h.query_by_label_contains("reached_four").is_none());
}

#[test]
fn a_new_pack_shows_its_current_level() {
    let Some(dir) = crate::common::data_dir("vexed-levels") else { return };
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().open_file(&dir.join("android/classic_levels.txt")).unwrap();
    h.run_steps(2);
    for _ in 0..45 {
        h.key_press(egui::Key::PageDown);
        h.run_steps(1);
    }
    h.run_steps(2);
    // Back to the built-in pack: its first level is on screen, not the old scroll position.
    h.state_mut().switch_pack(None);
    h.run_steps(4);
    let r = h.get_by_label("SAMPLE-01  par 2").rect();
    assert!(r.min.y >= 0.0 && r.max.y <= 760.0, "{r:?}");
}

/// The text of the first label holding `part`.
fn label_text(h: &Harness<'_, TumbleApp>, part: &str) -> String {
    use egui_kittest::kittest::NodeT;
    // A label's text is its AccessKit value (its role is Label).
    let node = h.get_by_label_contains(part);
    let n = node.accesskit_node();
    n.label().or_else(|| n.value()).unwrap_or_default()
}

/// Steps until the export panel has measured its file's size (bounded: 60 s).
fn until_measured(h: &mut Harness<'_, TumbleApp>, part: &str) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        h.step();
        if h.query_by_label_contains("measuring the size").is_none() && h.query_by_label_contains(part).is_some() {
            return label_text(h, part);
        }
        assert!(std::time::Instant::now() < deadline, "the size was never measured");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// "…, 1.2 MB" or "…, about 340 KB": bytes, and whether it was exact.
fn size_said(text: &str) -> (f64, bool) {
    let tail = text.rsplit(", ").next().unwrap();
    let exact = !tail.starts_with("about ");
    let tail = tail.trim_start_matches("about ");
    let (n, unit) = tail.split_once(' ').unwrap_or_else(|| panic!("{text}"));
    let n: f64 = n.parse().unwrap();
    let scale = match unit {
        "bytes" => 1.0,
        "KB" => 1e3,
        "MB" => 1e6,
        other => panic!("{other}"),
    };
    (n * scale, exact)
}

#[test]
fn the_export_panel_measures_its_size_and_shows_only_what_the_format_uses() {
    let dir = std::env::temp_dir().join(format!("tumblebox-estimate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut h = harness();
    h.run_steps(2);
    // No moves: nothing to animate, said so (not "301 frames").
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run_steps(2);
    h.get_by_label_contains("no moves to animate here");
    h.get_by_label("SAMPLE-02  par 9").click();
    h.run_steps(2);
    h.state_mut().view.instant = true;
    h.get_by_label("Solve").click();
    settle(&mut h);
    // Small enough to write whole: the size shown is the file's.
    let said = until_measured(&mut h, " frames drawn, ");
    let (bytes, exact) = size_said(&said);
    assert!(exact, "{said}");
    let gif = dir.join("whole.gif");
    h.state().export_to(&gif, tumblebox::app::ExportKind::Panel).unwrap();
    let real = std::fs::metadata(&gif).unwrap().len() as f64;
    assert!((bytes - real).abs() <= real * 0.01 + 1000.0, "said {said}, wrote {real}");
    // Larger: measured on the first moves and scaled, within 30 % of the file.
    h.state_mut().export.panel.size = 1400;
    let said = until_measured(&mut h, " frames drawn, ");
    let (bytes, exact) = size_said(&said);
    assert!(!exact, "{said}");
    let big = dir.join("big.gif");
    h.state().export_to(&big, tumblebox::app::ExportKind::Panel).unwrap();
    let real = std::fs::metadata(&big).unwrap().len() as f64;
    assert!((bytes - real).abs() <= real * 0.3, "said {said}, wrote {real}");
    // A strip: no speed, loop or hold (it has no timing); captions it has.
    h.state_mut().export.panel.size = 240;
    let speeds = h.query_all_by_label("speed").count();
    h.get_by_label("loop:");
    h.get_by_label("PNG strip of every step").click();
    h.run_steps(2);
    assert_eq!(h.state().export.panel.format, 3);
    // (The speed left is the rule debugger's.)
    assert!(h.query_all_by_label("speed").count() < speeds);
    assert!(h.query_by_label("loop:").is_none());
    assert!(h.query_by_label_contains("hold the last frame").is_none());
    h.get_by_label_contains("captions");
    let said = until_measured(&mut h, " in a row, ");
    let (bytes, _) = size_said(&said);
    let strip = dir.join("strip.png");
    h.state().export_to(&strip, tumblebox::app::ExportKind::Panel).unwrap();
    let real = std::fs::metadata(&strip).unwrap().len() as f64;
    assert!((bytes - real).abs() <= real * 0.3, "said {said}, wrote {real}");
    // The settings outlive the window.
    h.state_mut().export.panel.size = 600;
    h.run_steps(2);
    let back = TumbleApp::with_store(tumblebox::store::Store::memory_with(h.state().progress().clone()));
    assert_eq!((back.export.panel.format, back.export.panel.size), (3, 600));
    // Nothing of the measuring is left in the temporary folder (once the last one is done;
    // other tests of this process may be measuring too, so this waits for them).
    until_measured(&mut h, " in a row, ");
    let left = || {
        std::fs::read_dir(std::env::temp_dir())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with(&format!("tumblebox-size-{}-", std::process::id())))
            .count()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while left() > 0 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(left(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn my_levels_holds_a_level_once_and_is_listed_once() {
    let dir = std::env::temp_dir().join(format!("tumblebox-my-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut h = harness();
    h.state_mut().editor.my_levels = Some(dir.clone());
    h.run_steps(2);
    h.key_press(egui::Key::E);
    h.run_steps(2);
    let ctx = h.ctx.clone();
    // A Vexed line carries its par: certified first.
    h.state_mut().run(tumblebox::app::command::Command::CertifyLevel, &ctx);
    for _ in 0..500 {
        h.step();
        if h.state().editor.mode.as_ref().is_some_and(|e| e.certifying.is_none()) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    for _ in 0..2 {
        h.state_mut().run(tumblebox::app::command::Command::AddToMyLevels, &ctx);
        h.run_steps(2);
    }
    let said = h.state().messages.notice.as_ref().unwrap().text.clone();
    assert!(said.contains("already in My levels"), "{said}");
    let file = h.state().my_pack(GameKind::Vexed).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().filter(|l| !l.trim().is_empty()).count(), 1, "{text}");
    // Opened (through its own path too), it is one entry of the switcher: My levels.
    h.state_mut().run(tumblebox::app::command::Command::LeaveEditor, &ctx);
    h.run_steps(2);
    h.state_mut().switch_pack(Some(file.clone()));
    h.run_steps(3);
    h.get_by_label_contains("0 / 1 solved");
    h.get_by_label("pack").click();
    h.run_steps(2);
    let name = file.file_name().unwrap().to_string_lossy().to_string();
    assert!(h.query_by_label(&name).is_none(), "{name} listed beside My levels");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    // A second entry (SAMPLE-02's board under another title), then renamed, moved, deleted.
    let line = std::fs::read_to_string(&file).unwrap();
    let second = line.replacen("SAMPLE-01 (edited)", "Second", 1).replacen("a../X.b/abX", "ab/X./ab", 1);
    std::fs::write(&file, format!("{line}{second}")).unwrap();
    h.state_mut().switch_pack(Some(file.clone()));
    h.run_steps(3);
    let titles =
        |h: &Harness<'_, TumbleApp>| h.state().tabs.vexed.levels.iter().map(|l| l.title.clone()).collect::<Vec<_>>();
    assert_eq!(titles(&h), ["SAMPLE-01 (edited)", "Second"]);
    // Renamed through its menu as a player does: a right-click on the row, a click into the
    // name field (the menu stays open: it closed at once before), words typed, Rename.
    h.get_by_label_contains("Second").click_secondary();
    h.run_steps(2);
    h.get_by_role(egui::accesskit::Role::TextInput).click();
    h.run_steps(2);
    assert!(h.query_by_label("Rename").is_some(), "a click in the name field closed the menu");
    h.event(egui::Event::Text(" two".into()));
    h.run_steps(2);
    h.get_by_label("Rename").click();
    h.run_steps(3);
    assert_eq!(titles(&h), ["SAMPLE-01 (edited)", "Second two"]);
    use tumblebox::app::edit::mine::Change;
    h.state_mut().change_my_level(1, Change::Up);
    h.run_steps(2);
    assert_eq!(titles(&h), ["Second two", "SAMPLE-01 (edited)"]);
    assert_eq!(h.state().tabs.vexed.index, 0, "the moved entry stays the current one");
    h.state_mut().change_my_level(1, Change::Rename("Mine; really".into()));
    h.run_steps(2);
    assert_eq!(titles(&h), ["Second two", "Mine  really"]);
    h.state_mut().change_my_level(0, Change::Delete);
    h.run_steps(2);
    assert_eq!(titles(&h), ["Mine  really"]);
    // The last one stays.
    h.state_mut().change_my_level(0, Change::Delete);
    h.run_steps(2);
    assert_eq!(titles(&h).len(), 1);
    assert!(h.state().messages.notice.as_ref().unwrap().text.contains("stays"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_level_list_is_also_a_grid_of_pictures_drawn_only_on_screen() {
    // A pack of 46,500 levels (as big as the largest collections): the grid draws the rows
    // on screen only, and a picture opens its level.
    let dir = std::env::temp_dir().join(format!("tumblebox-grid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pack = dir.join("big.txt");
    let text: String = (1..=46_500).map(|i| format!("Level {i};a../X.b/abX;2\n")).collect();
    std::fs::write(&pack, text).unwrap();
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().open_file(&pack).unwrap();
    h.run_steps(2);
    h.get_by_label("grid").click();
    h.run_steps(3);
    assert!(h.state().progress().grid());
    let shown = (1..=200).filter(|i| h.query_by_label(&format!("Level {i}")).is_some()).count();
    assert!(shown > 4 && shown < 100, "{shown} pictures laid out");
    assert!(h.query_by_label("Level 46500").is_none());
    h.get_by_label("Level 3").click();
    h.run_steps(2);
    assert_eq!(h.state().tabs.vexed.index, 2);
    // Far down the pack by key (PageUp from the last level): its picture comes into view.
    h.state_mut().tabs.vexed.open(46_499);
    let ctx = h.ctx.clone();
    h.state_mut().run(tumblebox::app::command::Command::PreviousLevel, &ctx);
    h.run_steps(3);
    assert_eq!(h.state().tabs.vexed.index, 46_498);
    h.get_by_label("Level 46499");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn how_to_play_has_a_drawn_legend() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().kind = GameKind::Shubbles;
    h.run_steps(2);
    h.key_press(egui::Key::F1);
    h.run_steps(3);
    h.get_by_label("What you see");
    for name in ["shubble", "smole", "stot"] {
        assert!(h.query_by_label(name).is_some(), "{name} not in the legend");
    }
    // Escape closes it.
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().view.help_open);
}

#[test]
fn the_keyboard_focus_has_a_visible_ring() {
    let mut h = harness();
    h.run_steps(2);
    h.key_press(egui::Key::Tab);
    h.run_steps(3);
    let ctx = h.ctx.clone();
    let id = ctx.memory(|m| m.focused()).expect("Tab focuses a widget");
    let rect = ctx.read_response(id).unwrap().rect;
    let img = h.render().unwrap();
    let ppp = ctx.pixels_per_point();
    // The ring's colour just outside the focused widget's edge.
    let ring = (0..=6)
        .flat_map(|d| {
            let x = ((rect.center().x) * ppp) as u32;
            let y = ((rect.top() - 1.0 - d as f32 * 0.5) * ppp).max(0.0) as u32;
            [img.get_pixel(x, y).0]
        })
        .filter(|p| p[0] > 0xe0 && (0x90..0xd0).contains(&p[1]) && p[2] < 0x40)
        .count();
    assert!(ring > 0, "no ring above {rect:?}");
}

#[test]
fn the_palette_scrolls_to_its_last_command_in_a_small_window() {
    let mut h = Harness::builder()
        .with_size([640.0, 480.0])
        .build_ui_state(|ui, app: &mut TumbleApp| app.show(ui), TumbleApp::default());
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::P);
    h.run_steps(2);
    for _ in 0..tumblebox::app::command::Command::ALL.len() {
        h.key_press(egui::Key::ArrowDown);
        h.run_steps(1);
    }
    h.run_steps(2);
    // The last row, highlighted, is on screen: the commands that can be used now come first,
    // each group in the table's order, so it is the table's last greyed command (or Quit).
    let allowed = h.state().allowed();
    let mut commands = tumblebox::app::command::Command::ALL.into_iter().filter(|c| c.here());
    let greyed = commands.rfind(|c| !c.enabled(&allowed));
    let label = greyed.map_or("Quit", |c| c.label());
    let last = h.get_all_by_label_contains(label).last().unwrap().rect();
    assert!(last.max.y <= 480.0 && last.min.y >= 0.0, "{last:?}");
}

#[test]
fn vexed_blocks_carry_the_letters_the_steps_name_them_by() {
    use tumblebox::app::play::Playable;
    let mut h = harness();
    h.run_steps(2);
    let labels = h.state().tabs.vexed.session.current().debug_labels();
    let mut letters: Vec<String> = labels.into_iter().map(|(_, t)| t).collect();
    letters.sort();
    assert_eq!(letters, ["a", "a", "b", "b"]);
    // And the step texts use the same letters.
    h.state_mut().tabs.vexed.session.make(&Move { pos: Pos::new(1, 2), side: Side::Left }, true).unwrap();
    h.run_steps(2);
    h.get_by_label_contains("slide b (1,2)");
}

#[test]
fn pushing_boxes_pushes_with_the_mouse_in_one_undo_step() {
    let mut h = sokoban(true);
    // Maze 1: the player at (2,2), the box at (2,3), the target at (2,5). A click on the box
    // selects it; a click on a wall says it cannot go there.
    let p = sokoban_cell(&h, 2, 3);
    click_at(&mut h, p);
    h.run_steps(2);
    assert_eq!(h.state().tabs.sokoban.session.selected, Some(Pos::new(2, 3)));
    let p = sokoban_cell(&h, 0, 3);
    click_at(&mut h, p);
    h.run_steps(2);
    let m = h.shown().message.unwrap_or_default();
    assert!(m.contains("cannot be pushed"), "{m:?}");
    // A click on the target: walked and pushed there, fewest pushes.
    let p = sokoban_cell(&h, 2, 5);
    click_at(&mut h, p);
    for _ in 0..30 {
        h.step();
    }
    let s = &h.state().tabs.sokoban.session;
    assert!(s.current().solved(), "not pushed onto the target");
    assert_eq!(s.moves(), 2);
    // One undo step takes the whole push back.
    h.get_by_label("Undo").click();
    h.run_steps(3);
    assert_eq!(h.state().tabs.sokoban.session.moves(), 0);
    // Dragging the box does the same.
    h.drag_at(sokoban_cell(&h, 2, 3));
    h.hover_at(sokoban_cell(&h, 2, 4));
    h.run_steps(1);
    h.hover_at(sokoban_cell(&h, 2, 5));
    h.run_steps(1);
    h.drop_at(sokoban_cell(&h, 2, 5));
    for _ in 0..30 {
        h.step();
    }
    assert!(h.shown().solved);
}

#[test]
fn a_sokoban_levels_author_and_comment_show_in_the_list() {
    let dir = std::env::temp_dir().join(format!("tumblebox-meta-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("meta.xsb");
    std::fs::write(
        &f,
        "; Rooms (2 puzzles), by A. Person\n; free to share\n\n; One\n\n#####\n#@$.#\n#####\nAuthor: A. Person\nComment: a first room\n",
    )
    .unwrap();
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().open_file(&f).unwrap();
    h.run_steps(3);
    h.get_by_label_contains("(1 box, by A. Person: a first room)");
    // The file's header is the pack's credit: its first line, the whole on hover.
    h.get_by_label("Rooms (2 puzzles), by A. Person");
    assert_eq!(h.state().tabs.sokoban.header, ["Rooms (2 puzzles), by A. Person", "free to share"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_command_of_the_table_is_in_its_menu() {
    // The menus are made from the command table: opening each menu shows, as new items, every
    // command the table places there (a command missing from the menus fails here).
    use tumblebox::app::command::{Command, Menu};
    let mut h = harness();
    h.run_steps(2);
    let mut seen = 0;
    for menu in Menu::ALL {
        let before: Vec<usize> =
            Command::in_menu(menu).iter().map(|c| h.query_all_by_label_contains(c.label()).count()).collect();
        h.get_by_label(menu.title()).click();
        h.run_steps(2);
        for (c, was) in Command::in_menu(menu).iter().zip(before) {
            let now = h.query_all_by_label_contains(c.label()).count();
            assert!(now > was, "{:?} ({}) is not in the {} menu", c, c.label(), menu.title());
            seen += 1;
        }
        h.key_press(egui::Key::Escape);
        h.run_steps(2);
    }
    assert_eq!(seen, Command::ALL.len(), "every command is in a menu");
}

#[test]
fn reverse_mode_is_offered_only_where_the_game_has_one() {
    // B22: in Vexed, Game › Reverse mode is greyed and the help's keys do not list it; in
    // pushing boxes (Maze 1, as many goals as boxes) it is enabled and listed.
    use crate::common::window::Window;
    use egui_kittest::kittest::NodeT;
    let mut h = harness();
    h.run_steps(2);
    for (kind, offered) in [(GameKind::Vexed, false), (GameKind::Sokoban, true)] {
        h.open_game(kind);
        h.get_by_label("Game").click();
        h.run_steps(2);
        let item = h.get_by_label_contains("Reverse mode");
        assert_eq!(!item.accesskit_node().is_disabled(), offered, "{kind:?}: Game › Reverse mode");
        h.press(egui::Key::Escape);
        h.press(egui::Key::F1);
        h.run_steps(2);
        let listed = h.query_all_by_label_contains("Reverse mode").count() > 0;
        assert_eq!(listed, offered, "{kind:?}: the help's keys");
        h.press(egui::Key::F1);
        h.run_steps(2);
    }
}

#[test]
fn escape_closes_an_open_menu_after_its_keys() {
    use crate::common::window::Window;
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("View").click();
    h.run_steps(2);
    h.press(egui::Key::ArrowUp);
    h.run_steps(2);
    assert!(h.query_by_label_contains("Dark theme").is_some());
    h.press(egui::Key::Escape);
    h.run_steps(3);
    assert!(h.query_by_label_contains("Dark theme").is_none(), "the menu stayed open");
}
