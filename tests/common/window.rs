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

/// Vexed's SAMPLE-02 (par 9) solved by the solver, at once (moves made instantly).
pub fn solved_sample_02() -> Harness<'static, TumbleApp> {
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("SAMPLE-02  par 9").click();
    h.run_steps(2);
    h.state_mut().view.instant = true;
    h.get_by_label("Solve").click();
    h.until_at_rest();
    assert!(h.shown().solved && h.shown().moves >= 9, "{:?}", h.shown());
    h
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

/// A swipe (a touch or a mouse drag): pressed at `from`, moved to `to` in a few frames, and
/// released there.
pub fn swipe(h: &mut Harness<'_, TumbleApp>, from: egui::Pos2, to: egui::Pos2) {
    h.hover_at(from);
    h.drag_at(from);
    h.run_steps(1);
    for t in [0.25, 0.5, 0.75, 1.0] {
        h.hover_at(from + (to - from) * t);
        h.run_steps(1);
    }
    h.drop_at(to);
    h.run_steps(1);
}

/// Screen position of a Sokoban board cell's centre.
pub fn sokoban_cell(h: &Harness<'_, TumbleApp>, row: usize, col: usize) -> egui::Pos2 {
    let rect = h.get_by_label("board").rect();
    tumblebox::app::paint::View::fit(&h.state().scene(), rect).to_screen([0.75 + col as f32, 0.75 + row as f32])
}

/// The window as its tests drive it: by name (open a game or a level, press a key, click a
/// cell, run a command, wait until at rest) and read through [`TumbleApp::shown`], not by
/// reaching into the window's fields.
pub trait Window {
    /// Opens a game by clicking its tab.
    fn open_game(&mut self, kind: GameKind);
    /// Opens level `i` (from 0) of the pack on screen.
    fn open_level(&mut self, i: usize);
    /// A key pressed and released.
    fn press(&mut self, key: egui::Key);
    /// A command run from its menu (a click on the menu, then on the item).
    fn menu(&mut self, c: tumblebox::app::command::Command);
    /// A click on a board cell (scene units: the cell's centre at `[x, y]`).
    fn click_board(&mut self, p: [f32; 2]);
    /// Frames until nothing moves and no search runs (a minute at most).
    fn until_at_rest(&mut self);
    /// What the window shows of the game on screen.
    fn shown(&self) -> tumblebox::app::Shown;
}

impl Window for Harness<'_, TumbleApp> {
    fn open_game(&mut self, kind: GameKind) {
        if self.shown().game != kind {
            // The tab beside the menus (the first of the labels with the game's name).
            self.query_all_by_label(kind.name()).next().expect("the game's tab").click();
            self.run_steps(2);
        }
        assert_eq!(self.shown().game, kind);
    }
    fn open_level(&mut self, i: usize) {
        self.state_mut().open_level(i);
        self.run_steps(2);
    }
    fn press(&mut self, key: egui::Key) {
        self.key_press(key);
        self.run_steps(1);
    }
    fn menu(&mut self, c: tumblebox::app::command::Command) {
        let before: Vec<egui::Rect> = self.query_all_by_label_contains(c.label()).map(|n| n.rect()).collect();
        self.get_by_label(c.place().0.title()).click();
        self.run_steps(2);
        // The menu's item is the one its opening added (the toolbar may have a button too).
        let item = self.query_all_by_label_contains(c.label()).find(|n| !before.contains(&n.rect()));
        item.unwrap_or_else(|| panic!("{} is not in its menu", c.label())).click();
        self.run_steps(2);
    }
    fn click_board(&mut self, p: [f32; 2]) {
        let rect = self.get_by_label("board").rect();
        let at = tumblebox::app::paint::View::fit(&self.state().scene(), rect).to_screen(p);
        click_at(self, at);
    }
    fn until_at_rest(&mut self) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            self.step();
            let s = self.shown();
            if !s.moving && !s.busy {
                break;
            }
            assert!(std::time::Instant::now() < deadline, "the window did not come to rest in a minute");
            if s.busy {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
        self.run_steps(2);
    }
    fn shown(&self) -> tumblebox::app::Shown {
        self.state().shown()
    }
}
