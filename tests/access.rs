//! The web page's accessible region (`app::access`): what a screen reader finds beside the
//! canvas, read from the desktop build (the DOM side is the browser test's, web/test).

use crate::common::window::harness;
use tumblebox::app::GameKind;
use tumblebox::app::access::{Pick, aria_keys};
use tumblebox::app::command::{Command, Menu};

#[test]
fn the_region_names_the_game_the_level_the_move_and_every_command() {
    let mut h = harness();
    h.run_steps(2);
    let ctx = h.ctx.clone();
    let m = h.state().mirror(&ctx);
    assert!(m.status.starts_with("Vexed · SAMPLE-01 · move 0"), "{}", m.status);
    assert!(!m.status.contains("tumblebox"), "{}", m.status);
    let pressed: Vec<GameKind> = m.games.iter().filter(|g| g.1).map(|g| g.0).collect();
    assert_eq!(pressed, [GameKind::Vexed]);
    assert_eq!(m.games.len(), GameKind::ALL.len());
    // Every command the window has here, in one of the menus, once.
    let listed: Vec<Command> = m.menus.iter().flat_map(|(_, e)| e.iter().map(|e| e.command)).collect();
    let here: Vec<Command> = Command::ALL.into_iter().filter(|c| c.here()).collect();
    assert_eq!(listed.len(), here.len());
    assert!(here.iter().all(|c| listed.contains(c)));
    let game = &m.menus.iter().find(|(menu, _)| *menu == Menu::Game).unwrap().1;
    let undo = game.iter().find(|e| e.command == Command::Undo).unwrap();
    assert_eq!((undo.label, undo.enabled, undo.keys.as_deref()), ("Undo", false, Some("Control+Z")));
    let hint = game.iter().find(|e| e.command == Command::Hint).unwrap();
    assert!(hint.enabled && !hint.description.is_empty());
    let view = &m.menus.iter().find(|(menu, _)| *menu == Menu::View).unwrap().1;
    let dark = view.iter().find(|e| e.command == Command::DarkTheme).unwrap();
    assert!(dark.pressed.is_some(), "a switch says whether it is on");
}

#[test]
fn a_click_on_the_region_does_what_the_window_does() {
    let mut h = harness();
    h.run_steps(2);
    let ctx = h.ctx.clone();
    // A game's button shows that game; the status line follows.
    h.state_mut().pick(Pick::Game(GameKind::Sokoban), &ctx);
    h.run_steps(2);
    let m = h.state().mirror(&ctx);
    assert!(m.status.starts_with("Pushing boxes · "), "{}", m.status);
    assert!(m.status.contains(" · move 0"), "{}", m.status);
    assert_eq!(m.games.iter().filter(|g| g.1).map(|g| g.0).collect::<Vec<_>>(), [GameKind::Sokoban]);
    // Undo cannot be used yet: the click says why instead of doing nothing.
    h.state_mut().pick(Pick::Command(Command::Undo), &ctx);
    h.run_steps(2);
    let m = h.state().mirror(&ctx);
    assert!(m.status.contains("there is no move before this position"), "{}", m.status);
    // A move by key, then Undo from the region: back to move 0.
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(20);
    assert!(h.state().mirror(&ctx).status.contains(" · move 1"), "{}", h.state().mirror(&ctx).status);
    h.state_mut().pick(Pick::Command(Command::Undo), &ctx);
    h.run_steps(20);
    assert!(h.state().mirror(&ctx).status.contains(" · move 0"), "{}", h.state().mirror(&ctx).status);
}

#[test]
fn shortcuts_are_spelled_as_aria_spells_them() {
    assert_eq!(aria_keys("Ctrl+Shift+Z"), "Control+Shift+Z");
    assert_eq!(aria_keys("F1"), "F1");
    assert_eq!(aria_keys("Ctrl+P"), "Control+P");
}
