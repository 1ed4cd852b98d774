//! The window on a phone and by touch (issue 51): menus that switch with one tap, controls a
//! finger can hit, the rule debugger kept off the board, pinch to zoom.

use crate::common::window::{Window, click_at, harness};
use egui_kittest::kittest::Queryable;

/// Bug 13: with File open, one click on Game opens Game, whether the pointer rested on Game
/// first (a mouse: egui's menu bar then opens Game by hover, and the click used to shut it)
/// or lands there with the press (a touch). A second click on a menu opened by a click shuts
/// it, as before.
#[test]
fn one_click_switches_from_one_menu_to_another() {
    let mut h = harness();
    h.run_steps(2);
    let title = |h: &egui_kittest::Harness<'_, tumblebox::app::TumbleApp>, name: &str| {
        h.query_all_by_label(name).next().expect("the menu's title").rect().center()
    };
    // "Reverse mode" is only in the Game menu; "Copy link" only in File.
    let game_open = |h: &egui_kittest::Harness<'_, tumblebox::app::TumbleApp>| {
        h.query_all_by_label_contains("Reverse mode").next().is_some()
    };
    let file_open = |h: &egui_kittest::Harness<'_, tumblebox::app::TumbleApp>| {
        h.query_all_by_label_contains("Copy link").next().is_some()
    };
    // A mouse: File clicked open, the pointer moved onto Game and rests, then one click.
    let file = title(&h, "File");
    click_at(&mut h, file);
    h.run_steps(2);
    assert!(file_open(&h));
    let game = title(&h, "Game");
    h.hover_at(game);
    h.run_steps(3);
    h.drag_at(game);
    h.run_steps(1);
    h.drop_at(game);
    h.run_steps(3);
    assert!(game_open(&h) && !file_open(&h), "a mouse click on Game with File open left Game shut");
    // Game is now open by that click: a second click shuts it.
    click_at(&mut h, game);
    h.run_steps(3);
    assert!(!game_open(&h), "a second click on Game left it open");
    // A touch: File tapped open, then one tap on Game (the pointer arrives with the press).
    click_at(&mut h, file);
    h.run_steps(2);
    assert!(file_open(&h));
    click_at(&mut h, game);
    h.run_steps(3);
    assert!(game_open(&h) && !file_open(&h), "a tap on Game with File open left Game shut");
    h.press(egui::Key::Escape);
    // A menu opened by a click shuts on a second click.
    click_at(&mut h, file);
    h.run_steps(2);
    click_at(&mut h, file);
    h.run_steps(2);
    assert!(!file_open(&h), "a second click on File left it open");
}

/// The app headless at a phone's size (390 x 844 points).
fn phone() -> egui_kittest::Harness<'static, tumblebox::app::TumbleApp> {
    let mut h = egui_kittest::Harness::builder()
        .with_size([390.0, 844.0])
        .with_max_steps(4000)
        .build_ui_state(|ui, app: &mut tumblebox::app::TumbleApp| app.show(ui), tumblebox::app::TumbleApp::default());
    h.run_steps(3);
    h
}

/// At 390 px wide every control a game is played with is at least 44 px tall (a finger's
/// size): the menus' titles, the toolbar's buttons, the shubbles box's turn buttons; at the
/// desktop's width with a mouse they keep egui's own size, and a touch there makes them a
/// finger's size too.
#[test]
fn controls_are_a_fingers_size_on_a_phone() {
    let mut h = phone();
    h.open_game(tumblebox::app::GameKind::Shubbles);
    h.run_steps(2);
    for name in ["File", "Game", "Undo", "Restart", "Solve", "Hint", "+ turn clockwise", "- turn counter-clockwise"] {
        let r = h.query_all_by_label(name).next().unwrap_or_else(|| panic!("{name} on the phone")).rect();
        assert!(r.height() >= 43.5, "{name} is {} px tall at 390 px wide", r.height());
    }
    let mut h = harness();
    h.run_steps(2);
    let small = h.get_by_label("Undo").rect().height();
    assert!(small < 30.0, "Undo is {small} px tall on the desktop");
    h.event(egui::Event::Touch {
        device_id: egui::TouchDeviceId(1),
        id: egui::TouchId(1),
        phase: egui::TouchPhase::Start,
        pos: egui::pos2(5.0, 700.0),
        force: None,
    });
    h.run_steps(3);
    let big = h.get_by_label("Undo").rect().height();
    assert!(big >= 43.5, "Undo is {big} px tall after a touch");
}

/// On a phone the rule debugger starts closed, and F12 brings it under the board: none of
/// it covers the board.
#[test]
fn the_rule_debugger_on_a_phone_starts_closed_and_stays_off_the_board() {
    let mut h = phone();
    assert!(h.query_by_label("Rule debugger").is_none(), "the debugger is open at 390 px");
    h.press(egui::Key::F12);
    h.run_steps(3);
    let heading = h.get_by_label("Rule debugger").rect();
    let board = h.get_by_label("board").rect();
    assert!(board.height() > 150.0, "the board keeps room: {board:?}");
    assert!(heading.top() >= board.bottom(), "the debugger ({heading:?}) covers the board ({board:?})");
    let timeline = h.get_by_label("Timeline").rect();
    assert!(!timeline.intersects(board), "the timeline ({timeline:?}) covers the board ({board:?})");
}

/// Pinch to zoom (here Ctrl and the wheel, which egui gives as the same zoom): the board
/// doubles about the pinch's centre. Pushing boxes' Maze 1 (the player at (2,2), floor along
/// row 1; rows and columns from 0): zoomed 2× about the centre of (1,1), the point that was
/// the centre of (1,5) is now over (1,3), two cells nearer; a tap there walks the player two
/// moves, (1,2) and (1,3), where before the zoom it walked four, to (1,5). Another level starts
/// fitted again.
#[test]
fn a_pinch_zooms_the_board_about_its_centre() {
    let mut h = crate::common::window::sokoban(true);
    let (pivot, far) = (crate::common::window::sokoban_cell(&h, 1, 1), crate::common::window::sokoban_cell(&h, 1, 5));
    h.hover_at(pivot);
    h.run_steps(1);
    h.event(egui::Event::Zoom(2.0));
    h.run_steps(2);
    click_at(&mut h, far);
    h.until_at_rest();
    assert_eq!(h.shown().moves, 2, "the tap after a 2× zoom: {:?}", h.shown());
    // The next level, and back: fitted again (the same tap walks four).
    h.open_level(1);
    h.open_level(0);
    h.menu(tumblebox::app::command::Command::Restart);
    h.until_at_rest();
    click_at(&mut h, far);
    h.until_at_rest();
    assert_eq!(h.shown().moves, 4, "the tap unzoomed: {:?}", h.shown());
}

/// The phone play-test's finding: at 390 px wide How to play ran past the screen's right
/// edge for Vexed, Stacks and pushing boxes (its keys' table did not wrap and widened the
/// window). Every rule and every key's line of every game now lies within the screen.
#[test]
fn how_to_play_fits_a_phones_width() {
    let mut h = phone();
    for kind in tumblebox::app::GameKind::ALL {
        // As the Game menu's list does (the tabs beside the menus are cut off at this width).
        h.state_mut().switch_game(kind);
        h.state_mut().view.help_open = true;
        h.run_steps(4);
        let help = tumblebox::app::help::help(kind);
        let texts = help.sections.iter().map(|(_, t)| *t).chain(help.keys.iter().map(|(_, w)| *w));
        for text in texts {
            // The label's node: its first 30 characters name it (a wrapped label is one node).
            let start: String = text.chars().take(30).collect();
            let node = h.query_all_by_label_contains(&start).next();
            let r = node.unwrap_or_else(|| panic!("{}: \"{start}\" is not in How to play", kind.name())).rect();
            assert!(
                r.right() <= 390.5 && r.left() >= -0.5,
                "{}: \"{start}…\" spans x {:.0}–{:.0} on a 390-px screen",
                kind.name(),
                r.left(),
                r.right()
            );
        }
        h.state_mut().view.help_open = false;
        h.run_steps(2);
    }
}

/// The phone play-test's finding: at 390 × 844 the Game menu (finger-sized rows, taller than
/// the screen) was lifted over the menu bar, so a tap meant for View picked the menu's first
/// item, a game. It now opens below the bar and scrolls; a tap on View opens View.
#[test]
fn a_tall_menu_on_a_phone_stays_below_the_menu_bar() {
    let mut h = phone();
    let title = |h: &egui_kittest::Harness<'_, tumblebox::app::TumbleApp>, name: &str| {
        h.query_all_by_label(name).next().expect("the menu's title").rect()
    };
    let (game, view) = (title(&h, "Game"), title(&h, "View"));
    click_at(&mut h, game.center());
    h.run_steps(3);
    // The menu's first item: the Shubbles box's radio button (the tab of the same name beside
    // the menus is cut off at this width, so the menu's is the one below the bar).
    let items: Vec<egui::Rect> = h.query_all_by_label("Shubbles box").map(|n| n.rect()).collect();
    let first = items.iter().filter(|r| r.top() > game.top() + 1.0).min_by(|a, b| a.top().total_cmp(&b.top()));
    let first = first.expect("the Game menu's games");
    assert!(
        first.top() >= game.bottom() - 0.5,
        "the Game menu's first item at y {:.0}, over the bar (its bottom {:.0})",
        first.top(),
        game.bottom()
    );
    let before = h.state().shown().game;
    click_at(&mut h, view.center());
    h.run_steps(3);
    assert_eq!(h.state().shown().game, before, "a tap on View picked a game");
    assert!(
        h.query_all_by_label_contains("Dark theme").next().is_some(),
        "a tap on View with Game open left View shut"
    );
    // The second play-test's finding: a menu scrolled down, shut, and opened again opened
    // scrolled, so a tap at an item's first place hit another. It opens at its top again.
    h.press(egui::Key::Escape);
    h.run_steps(2);
    let games_row = |h: &egui_kittest::Harness<'_, tumblebox::app::TumbleApp>| {
        h.query_all_by_label("Shubbles box").map(|n| n.rect()).find(|r| r.top() > game.bottom() - 1.0)
    };
    click_at(&mut h, game.center());
    h.run_steps(3);
    let at_first = games_row(&h).expect("the Game menu open");
    for _ in 0..6 {
        h.hover_at(at_first.center());
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -120.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
        h.run_steps(2);
    }
    let scrolled = games_row(&h).map(|r| r.top());
    assert!(scrolled.is_none_or(|t| t < at_first.top() - 50.0), "the menu did not scroll: {scrolled:?}");
    h.press(egui::Key::Escape);
    h.run_steps(2);
    click_at(&mut h, game.center());
    h.run_steps(3);
    let again = games_row(&h).expect("the Game menu open again");
    assert!(
        (again.top() - at_first.top()).abs() < 0.5,
        "opened again at y {:.0}, first at {:.0}",
        again.top(),
        at_first.top()
    );
}
