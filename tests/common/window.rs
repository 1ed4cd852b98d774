//! What the window's tests share: a harness at the desktop window's size, the Pushing boxes
//! tab, and pointing at a maze's cells.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tumblebox::app::{GameKind, TumbleApp};

/// The app headless at 1200 x 760 (the window's opening size).
pub fn harness() -> Harness<'static, TumbleApp> {
    Harness::builder()
        .with_size([1200.0, 760.0])
        .with_max_steps(4000)
        .build_ui_state(|ui, app: &mut TumbleApp| app.show(ui), TumbleApp::default())
}

/// A harness on the Pushing boxes tab (Maze 1 on screen), moves animated or at once.
pub fn sokoban(instant: bool) -> Harness<'static, TumbleApp> {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().kind = GameKind::Sokoban;
    h.state_mut().view.instant = instant;
    h.run_steps(2);
    h
}

/// A click: the pointer there, pressed and released.
pub fn click_at(h: &mut Harness<'_, TumbleApp>, p: egui::Pos2) {
    h.hover_at(p);
    h.drag_at(p);
    h.drop_at(p);
}

/// Screen position of a Sokoban board cell's centre.
pub fn sokoban_cell(h: &Harness<'_, TumbleApp>, row: usize, col: usize) -> egui::Pos2 {
    let rect = h.get_by_label("board").rect();
    tumblebox::app::paint::View::fit(&h.state().scene(), rect).to_screen([0.75 + col as f32, 0.75 + row as f32])
}
