//! The export panel in the window (headless): a running export keeps the panel to itself, the
//! range is the timeline's and never the play cursor's, and a limit shows before the file
//! dialog.

use crate::common::window::{Window, harness};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tumblebox::app::command::Command;
use tumblebox::app::{GameKind, TumbleApp};

/// Vexed's SAMPLE-02 solved by the solver, at once: (the harness, its moves).
fn solved_sample_02() -> (Harness<'static, TumbleApp>, usize) {
    let h = crate::common::window::solved_sample_02();
    let n = h.shown().moves;
    (h, n)
}

/// The panel's line of what it would make ("338 frames drawn, 16.9 s, …"), without the size.
fn frames_line(h: &Harness<'_, TumbleApp>) -> String {
    let node = h.get_by_label_contains(" frames drawn, ");
    let n = node.accesskit_node();
    let l = n.label().or_else(|| n.value()).unwrap_or_default();
    l.split(", ").take(2).collect::<Vec<_>>().join(", ")
}

#[test]
fn a_running_export_keeps_the_panel_to_itself() {
    let dir = std::env::temp_dir().join(format!("tumblebox-export-panel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut h, _) = solved_sample_02();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run_steps(2);
    // Large frames: the export is still running while the player goes elsewhere.
    h.state_mut().export.panel.size = 3000;
    let gif = dir.join("long.gif");
    h.state_mut().start_export(gif.clone());
    h.run_steps(2);
    h.get_by_label_contains("exporting a GIF of Vexed · SAMPLE-02");
    // Another game, then its next level: the panel still speaks of the running export alone,
    // with none of this game's settings or complaints.
    h.open_game(GameKind::Stacks);
    h.press(egui::Key::PageDown);
    h.run_steps(2);
    assert!(h.state().export.running.is_some(), "the export ended too soon for this test");
    h.get_by_label_contains("exporting a GIF of Vexed · SAMPLE-02");
    assert!(h.query_by_label_contains("no moves to animate").is_none(), "a complaint over the running export");
    assert!(h.query_by_label("APNG").is_none(), "another game's settings over the running export");
    // Escape closes the panel; the export goes on, its progress in the status bar.
    h.press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.query_by_label_contains("exporting a GIF").is_none(), "Escape left the panel open");
    assert!(h.state().export.running.is_some(), "closing the panel stopped the export");
    h.get_by_label_contains("export: ");
    // Ctrl+E shows it again.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run_steps(2);
    h.get_by_label_contains("exporting a GIF of Vexed · SAMPLE-02");
    h.state_mut().finish_export_for_quit();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_export_covers_the_timeline_wherever_playback_is() {
    let (mut h, n) = solved_sample_02();
    h.state_mut().view.instant = false;
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run_steps(2);
    let all = format!("all {n} of the timeline");
    h.get_by_label_contains(&all);
    let made = frames_line(&h);
    // Back to the start, then playing the moves again: the export is the same file.
    h.menu(Command::TimelineStart);
    h.get_by_label_contains(&all);
    assert_eq!(frames_line(&h), made, "at the start");
    assert!(!h.get_by_label("Export to a file…").accesskit_node().is_disabled(), "at the start");
    h.menu(Command::PlayPause);
    for k in 0..6 {
        h.run_steps(5);
        h.get_by_label_contains(&all);
        assert_eq!(frames_line(&h), made, "while playing, look {k}");
    }
}

#[test]
fn a_strip_over_its_limit_is_refused_in_the_panel() {
    let mut h = harness();
    h.run_steps(2);
    h.open_game(GameKind::Stacks);
    h.state_mut().view.instant = true;
    // Board 1 never ends: its run stops after turn 1000, thousands of steps.
    h.get_by_label("Run to the end").click();
    h.until_at_rest();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run_steps(2);
    h.get_by_label("PNG strip of every step").click();
    h.run_steps(2);
    h.get_by_label_contains("a strip holds at most 200 frames");
    assert!(h.query_by_label_contains("nothing written").is_none(), "the panel speaks of a file not tried");
    assert!(h.get_by_label("Export to a file…").accesskit_node().is_disabled(), "Export is offered");
    // A range within the limit makes it possible.
    h.get_by_label("only moves").click();
    h.run_steps(2);
    h.state_mut().export.panel.to = 3;
    h.run_steps(2);
    assert!(h.query_by_label_contains("a strip holds").is_none());
    assert!(!h.get_by_label("Export to a file…").accesskit_node().is_disabled());
}

#[test]
fn solve_promises_no_more_than_the_solver_proves() {
    // The Sokoban solver often answers "not proven fewest": the tooltip, shared by every game,
    // promises the fewest moves only where they are proven.
    let tip = Command::Solve.info().tooltip;
    assert!(!tip.contains("an optimal solution"), "{tip}");
    assert!(tip.contains("where it can prove"), "{tip}");
    let mut h = harness();
    h.run_steps(2);
    h.open_game(GameKind::Sokoban);
    h.get_by_label("Solve").hover();
    // A tooltip shows after the pointer rests a moment.
    h.run_steps(40);
    h.get_by_label_contains("where it can prove");
}

#[test]
fn a_range_chosen_on_one_level_does_not_follow_to_another() {
    let (mut h, _) = solved_sample_02();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
    h.run_steps(2);
    h.get_by_label("only moves").click();
    h.run_steps(2);
    h.state_mut().export.panel.to = 5;
    h.run_steps(2);
    assert_eq!((h.state().export.panel.from, h.state().export.panel.to), (1, 5));
    // SAMPLE-01, two moves: the whole of them, no complaint about moves 1 to 5.
    h.open_level(0);
    use tumblebox::vexed::{Move, Side};
    h.state_mut()
        .tabs
        .vexed
        .session
        .make(&Move { pos: tumblebox::grid::Pos::new(1, 2), side: Side::Left }, true)
        .unwrap();
    h.state_mut()
        .tabs
        .vexed
        .session
        .make(&Move { pos: tumblebox::grid::Pos::new(0, 0), side: Side::Right }, true)
        .unwrap();
    h.run_steps(3);
    h.get_by_label_contains("all 2 of the timeline");
    assert!(h.query_by_label_contains("the timeline holds").is_none());
    assert!(!h.get_by_label("Export to a file…").accesskit_node().is_disabled());
}
