//! The window while a level is played (headless, egui_kittest), the second pass's finish:
//! the toolbar under the pointer while the solver runs, what the status bar says after a
//! mouse push and a snapshot, the banner beside the board.

use crate::common::window::{Window, click_at, harness, sokoban, sokoban_cell, swipe};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tumblebox::app::play::{Overlay, Playable, Replay};
use tumblebox::app::session::SolverJob;
use tumblebox::app::{GameKind, TumbleApp};

#[test]
fn a_running_solver_moves_no_button_and_cancel_stands_where_solve_was() {
    let mut h = sokoban(false);
    let labels = ["Undo", "Redo", "Restart", "Reverse", "Edit level", "Hint"];
    let rects = |h: &Harness<'_, TumbleApp>| labels.map(|l| h.get_by_label(l).rect());
    let before = rects(&h);
    let solve = h.get_by_label("Solve").rect();
    // A search that is still running (its answer never comes: the sender is held here), so
    // the frame is the one the player sees for as long as the solver works.
    let (_tx, rx) = std::sync::mpsc::channel();
    let s = &mut h.state_mut().tabs.sokoban.session;
    let from = s.current().clone();
    s.solver = Some(SolverJob {
        cancel: Default::default(),
        progress: Default::default(),
        result: rx,
        hint_only: false,
        from,
    });
    h.run_steps(2);
    assert!(h.query_by_label("Solve").is_none(), "Solve is replaced while the solver runs");
    let cancel = h.get_by_label("Cancel").rect();
    assert_eq!(rects(&h), before, "a button moved when the solver started");
    assert_eq!(cancel, solve, "Cancel is not where Solve was, or not its size");
    assert!(h.get_by_label("Hint").accesskit_node().is_disabled(), "Hint is not greyed while the solver runs");
    h.get_by_label_contains("positions");
    // Cancel: Solve is back in its place.
    h.get_by_label("Cancel").click();
    h.run_steps(2);
    assert!(!h.shown().busy);
    assert_eq!(h.get_by_label("Solve").rect(), solve);
    assert_eq!(rects(&h), before);
}

#[test]
fn a_move_silences_the_messages_before_it() {
    let mut h = sokoban(true);
    h.state_mut().notify("opened mazes.txt: 3 levels", None);
    h.run_steps(2);
    h.get_by_label_contains("opened mazes.txt");
    // Maze 1: the box at (2,3) clicked, then the target (2,5): walked and pushed there.
    let p = sokoban_cell(&h, 2, 3);
    click_at(&mut h, p);
    h.run_steps(2);
    let p = sokoban_cell(&h, 2, 5);
    click_at(&mut h, p);
    for _ in 0..30 {
        h.step();
    }
    assert!(h.shown().solved);
    assert!(h.query_by_label_contains("opened mazes.txt").is_none(), "the stale message came back after the push");
    // A message after the move is shown as before.
    h.state_mut().notify("saved", None);
    h.run_steps(2);
    h.get_by_label("saved");
}

#[test]
fn a_dragged_box_outlines_the_cell_it_can_be_pushed_to() {
    let h = sokoban(false);
    // Maze 1: the player at (2,2), the box at (2,3), the target at (2,5), a wall row 0.
    let g = h.state().tabs.sokoban.session.current().clone();
    let centre = |r: usize, c: usize| [0.75 + c as f32, 0.75 + r as f32];
    let landing = |to: [f32; 2]| {
        g.drag_overlay(centre(2, 3), to).into_iter().find_map(|o| match o {
            Overlay::Landing(q) => Some(q),
            _ => None,
        })
    };
    // Onto the target: that cell is outlined (its corners, a quarter-cell margin).
    assert_eq!(landing(centre(2, 5)), Some([[5.25, 2.25], [6.25, 2.25], [6.25, 3.25], [5.25, 3.25]]));
    // A point anywhere in the cell names it.
    assert!(landing([5.3, 3.2]).is_some());
    // Onto a wall, or back where it stands: nothing outlined, but the box follows the pointer.
    assert_eq!(landing(centre(0, 3)), None);
    assert_eq!(landing(centre(2, 3)), None);
    // Half a cell to the right: the box drawn there (its inset 0.14 from the cell's corner at
    // 3.25 + 0.5), and the cell under the pointer, (2,4), outlined.
    let o = g.drag_overlay(centre(2, 3), [4.25, 2.75]);
    assert!(
        matches!(o[..], [Overlay::Ghost(q, _, _), Overlay::Landing(l)] if (q[0][0] - 3.89).abs() < 1e-4 && l[0] == [4.25, 2.25]),
        "{o:?}"
    );
    // From a cell without a box: a swipe, the player's step that way shown as a hint is
    // (the player's cell marked, an arrow one cell right); too short a swipe shows nothing.
    let o = g.drag_overlay(centre(1, 2), centre(1, 4));
    assert!(
        matches!(o[..], [Overlay::Mark(q), Overlay::Arrow(a, b)] if q[0] == [2.25, 2.25] && a == [2.75, 2.75] && b == [3.75, 2.75]),
        "{o:?}"
    );
    assert!(g.drag_overlay(centre(2, 2), [2.95, 2.75]).is_empty());
}

#[test]
fn the_optimisers_words_begin_with_what_it_found_and_whether_it_was_stopped() {
    let h = sokoban(false);
    // Maze 1 and a detour of 4 pushes, 12 moves (tests/library.rs works it by hand); the
    // shortest is `EE`.
    let g = h.state().tabs.sokoban.session.current().clone();
    let mut here = g.clone();
    let mut moves = Vec::new();
    for c in "EneesWnwwsEE".chars() {
        let m = here.parse_move(&c.to_string()).unwrap();
        here = here.play(&m).unwrap().0;
        moves.push(m);
    }
    let meter = tumblebox::meter::Meter::new();
    let time = std::time::Duration::from_secs(10);
    let (line, words) = g.optimise(&moves, time, &std::sync::atomic::AtomicBool::new(false), &meter).unwrap();
    assert_eq!(line.map(|l| l.len()), Some(2));
    assert!(words.starts_with("found 2 pushes, 2 moves (was 4 pushes, 12 moves; searched every position"), "{words}");
    // Cancelled before it began: nothing found, and said before the detail.
    let (line, words) = g.optimise(&moves, time, &std::sync::atomic::AtomicBool::new(true), &meter).unwrap();
    assert_eq!(line, None);
    assert_eq!(
        words,
        "found nothing better, then it was cancelled (was 4 pushes, 12 moves; no vicinity searched to its end)"
    );
}

/// The board's rectangle and the part of it its scene is drawn in.
fn board_rects(h: &Harness<'_, TumbleApp>) -> (egui::Rect, egui::Rect) {
    let rect = h.get_by_label("board").rect();
    let scene = h.state().scene();
    let view = tumblebox::app::paint::View::fit(&scene, rect);
    let [lo, hi] = scene.content_bounds().unwrap();
    (rect, egui::Rect::from_min_max(view.to_screen(lo), view.to_screen(hi)))
}

#[test]
fn the_banner_stands_beside_the_board_when_there_is_room_and_can_be_hidden_when_not() {
    // Two levels: a wide one (room above and below it) and one taller than the board is wide.
    let dir = std::env::temp_dir().join(format!("tumblebox-banner-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("shapes.xsb");
    let mut xsb = String::from(
        "; Wide\n\n####################\n#@$.               #\n####################\n\n; Tall\n\n#####\n#@$.#\n",
    );
    for _ in 0..14 {
        xsb.push_str("#   #\n");
    }
    xsb.push_str("#####\n");
    std::fs::write(&f, xsb).unwrap();
    let mut h = harness();
    h.run_steps(2);
    // Vexed SAMPLE-01 solved: the banner lies over the wall margin above the cells only.
    let s = &mut h.state_mut().tabs.vexed.session;
    for m in [
        tumblebox::vexed::Move { pos: tumblebox::grid::Pos::new(1, 2), side: tumblebox::vexed::Side::Left },
        tumblebox::vexed::Move { pos: tumblebox::grid::Pos::new(0, 0), side: tumblebox::vexed::Side::Right },
    ] {
        s.make(&m, true).unwrap();
    }
    h.run_steps(4);
    let (_, drawn) = board_rects(&h);
    let banner = h.get_by_label("Solved in 2 moves, par 2: optimal").rect();
    assert!(!banner.intersects(drawn), "the banner covers SAMPLE-01's cells: {banner:?} {drawn:?}");
    assert!(h.query_by_label("Hide").is_none());
    h.state_mut().open_file(&f).unwrap();
    h.state_mut().view.instant = true;
    h.run_steps(3);
    assert_eq!((h.shown().game, h.shown().levels), (GameKind::Sokoban, 2));
    // The wide level solved: the banner stands in the room above the board.
    h.state_mut().tabs.sokoban.session.play_line("R", true).unwrap();
    h.run_steps(4);
    let (area, drawn) = board_rects(&h);
    assert!(drawn.top() - area.top() > 80.0, "the wide level leaves room above: {area:?} {drawn:?}");
    let banner = h.get_by_label_contains("Solved in 1 push").rect();
    assert!(!banner.intersects(drawn), "the banner covers the board: {banner:?} {drawn:?}");
    assert!(area.contains_rect(banner));
    assert!(h.query_by_label("Hide").is_none(), "nothing to hide when the board is not covered");
    // The tall level: no room, so the banner lies over the board's top edge, and Hide takes
    // it away until the game changes.
    h.state_mut().tabs.sokoban.open(1);
    h.run_steps(2);
    h.state_mut().tabs.sokoban.session.play_line("R", true).unwrap();
    h.run_steps(4);
    let (area, drawn) = board_rects(&h);
    assert!(drawn.top() - area.top() < 20.0, "the tall level fills the board's height: {area:?} {drawn:?}");
    let banner = h.get_by_label_contains("Solved in 1 push").rect();
    assert!(banner.bottom() > drawn.top(), "the banner lies over the board's top edge: {banner:?} {drawn:?}");
    h.get_by_label("Hide").click();
    h.run_steps(3);
    assert!(h.query_by_label_contains("Solved in 1 push").is_none(), "Hide left the banner");
    // Undo and redo: the solved position again, the banner back.
    h.get_by_label("Undo").click();
    h.run_steps(2);
    h.get_by_label("Redo").click();
    h.run_steps(3);
    h.get_by_label_contains("Solved in 1 push");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_solution_found_after_moves_says_it_counts_from_there() {
    let mut h = sokoban(true);
    // Maze 1: one step up, then Solve: its counts are from move 1, the banner's from the start.
    h.key_press(egui::Key::ArrowUp);
    h.run_steps(2);
    h.get_by_label("Solve").click();
    let t = std::time::Instant::now();
    while !h.shown().solved && t.elapsed() < std::time::Duration::from_secs(30) {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.run_steps(3);
    let said = h.shown().message.unwrap_or_default();
    assert!(said.starts_with("solution: ") && said.ends_with(" (from move 1)"), "{said}");
}

#[test]
fn a_level_played_through_the_test_api_alone() {
    // Maze 1 of pushing boxes: the player at (2,2), the box at (2,3), the target at (2,5), so
    // two pushes right solve it (worked by hand); Game › Undo takes the last push back.
    use crate::common::window::Window;
    use tumblebox::app::command::Command;
    let mut h = harness();
    h.run_steps(2);
    h.open_game(GameKind::Sokoban);
    h.open_level(0);
    h.press(egui::Key::ArrowRight);
    h.press(egui::Key::ArrowRight);
    h.until_at_rest();
    let s = h.shown();
    assert_eq!((s.game, s.level, s.moves, s.pushes, s.solved), (GameKind::Sokoban, 0, 2, Some(2), true), "{s:?}");
    h.menu(Command::Undo);
    h.until_at_rest();
    let s = h.shown();
    assert_eq!((s.moves, s.pushes, s.solved), (1, Some(1), false), "{s:?}");
}

#[test]
fn a_click_on_floor_the_player_cannot_reach_says_why() {
    // B20: the player at (2,2) behind a box at (2,3); the floor at (2,4) and the goal at (2,5)
    // lie beyond it (rows and columns from 1, as the window names cells). A click on the goal
    // walks nowhere and says so; a click on a reachable cell says nothing.
    use crate::common::window::Window;
    let dir = std::env::temp_dir().join(format!("tumblebox-unreachable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("one.xsb");
    std::fs::write(&f, "; Beyond\n######\n#@$ .#\n######\n").unwrap();
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().open_file(&f).unwrap();
    h.state_mut().view.instant = true;
    h.run_steps(3);
    assert_eq!(h.shown().game, GameKind::Sokoban);
    let p = sokoban_cell(&h, 1, 4);
    click_at(&mut h, p);
    h.until_at_rest();
    let s = h.shown();
    assert_eq!(s.moves, 0);
    assert!(s.message.as_deref().is_some_and(|m| m.contains("cannot walk to (2,5)")), "{s:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_long_pack_name_is_cut_and_moves_nothing() {
    // B9: a collection whose file name is far wider than the level list: the pack's name is
    // cut (the list keeps its width), so the board stays where it was.
    use crate::common::window::Window;
    let dir = std::env::temp_dir().join(format!("tumblebox-long-pack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(format!("{}.xsb", "Aymeric_Du_Peloux_282_and_a_name_that_goes_on_and_on_and_on"));
    std::fs::write(&f, "; One\n#####\n#@$.#\n#####\n").unwrap();
    let mut h = harness();
    h.run_steps(2);
    h.open_game(GameKind::Sokoban);
    h.run_steps(4);
    let before = h.get_by_label("board").rect().left();
    h.state_mut().open_file(&f).unwrap();
    h.run_steps(6);
    assert!(h.shown().pack.starts_with("Aymeric"), "{:?}", h.shown());
    let after = h.get_by_label("board").rect().left();
    assert!((after - before).abs() < 1.0, "the board moved from x = {before} to {after}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The shubbles box's Box 11 (par 10), the one built-in level no turns alone can solve,
/// solved by pointer alone: its optimal answer `++-<^-++--` (the solver's, checked through the
/// rules here) has two stot moves, made with the box turned a quarter clockwise, where the
/// box's left is the screen's up and the box's up the screen's right. The turns are the
/// toolbar's buttons; `<` is a tap on the cell above the stot on screen, `^` a swipe to the
/// right that starts away from the stot. No key is pressed.
#[test]
fn a_shubbles_level_that_needs_stot_moves_is_solved_by_pointer_alone() {
    use tumblebox::shubbles::{Op, rules::StotDir};
    let mut h = harness();
    h.run_steps(2);
    h.open_game(GameKind::Shubbles);
    h.open_level(12);
    assert_eq!(h.shown().title, "Box 11");
    let start = *h.state().tabs.shubbles.session.current();
    // No sequence of turns ever solves it: every box turns alone reach, searched.
    let mut seen = std::collections::HashSet::from([start]);
    let mut todo = vec![start];
    while let Some(s) = todo.pop() {
        assert!(!s.solved(), "turns alone solve it");
        for op in [Op::Clockwise, Op::HalfTurn, Op::CounterClockwise] {
            let (next, _) = s.play(&op).unwrap();
            if seen.insert(next) {
                todo.push(next);
            }
        }
    }
    let answer: Vec<Op> = "++-<^-++--".chars().map(|c| Op::from_char(c).unwrap()).collect();
    let end = answer.iter().fold(start, |s, op| s.play(op).unwrap().0);
    assert!(end.solved());
    let board = h.get_by_label("board").rect();
    let turn = |h: &mut Harness<'_, TumbleApp>, label: &str| {
        let at = h.get_by_label(label).rect().center();
        click_at(h, at);
        h.until_at_rest();
    };
    for label in ["+ turn clockwise", "+ turn clockwise", "- turn counter-clockwise"] {
        turn(&mut h, label);
    }
    assert_eq!(h.shown().moves, 3);
    // The screen points of the stot's cell and the cell on its left in the box's frame.
    let s = *h.state().tabs.shubbles.session.current();
    assert_eq!(s.orientation % 4, 1, "a quarter turn clockwise");
    let (r, c) = tumblebox::shubbles::rules::cell_pos(s.stot().expect("a stot"));
    let frame = tumblebox::shubbles::scene::transform(std::f32::consts::FRAC_PI_2);
    let view = tumblebox::app::paint::View::fit(&h.state().scene(), board);
    let stot = view.to_screen(frame.apply([c as f32 + 0.5, r as f32 + 0.5]));
    let left = view.to_screen(frame.apply([c as f32 - 0.5, r as f32 + 0.5]));
    assert!(left.y < stot.y - 10.0 && (left.x - stot.x).abs() < 1.0, "the box's left is up: {stot:?} {left:?}");
    click_at(&mut h, left);
    h.until_at_rest();
    assert_eq!(h.shown().moves, 4, "a tap beside the stot: {:?}", h.shown());
    // A swipe to the right, from the board's lower left (not the stot): the box's up.
    let from = board.center() + egui::vec2(-board.width() / 4.0, board.height() / 4.0);
    swipe(&mut h, from, from + egui::vec2(80.0, 10.0));
    h.until_at_rest();
    assert_eq!(h.shown().moves, 5, "a swipe right: {:?}", h.shown());
    let (cw, ccw) = ("+ turn clockwise", "- turn counter-clockwise");
    for label in [ccw, cw, cw, ccw, ccw] {
        turn(&mut h, label);
    }
    let s = h.shown();
    assert!(s.solved && s.moves == 10, "{s:?}");
    let played: Vec<Op> = h.state().tabs.shubbles.session.moves_made();
    assert_eq!(played, answer);
    assert_eq!(played[3..5], [Op::Stot(StotDir::Left), Op::Stot(StotDir::Up)]);
}

/// A swipe on the pushing boxes board is the arrow key that way: Maze 1 (the player at (2,2),
/// the box at (2,3), the target at (2,5); rows and columns from 0) solved by two swipes right,
/// one from the player's cell and one from a floor cell away from the player, neither on the
/// box. A short wobble under half a cell moves nothing, and a drag from the box still pushes
/// it to where it is dropped.
#[test]
fn a_swipe_on_the_pushing_boxes_board_walks_and_pushes() {
    let mut h = sokoban(true);
    let player = sokoban_cell(&h, 2, 2);
    let cell = sokoban_cell(&h, 2, 3) - player;
    swipe(&mut h, player, player + cell * 0.3);
    h.until_at_rest();
    assert_eq!(h.shown().moves, 0, "a wobble of 0.3 cells moved: {:?}", h.shown());
    swipe(&mut h, player, player + cell * 1.5 + egui::vec2(0.0, cell.x * 0.4));
    h.until_at_rest();
    assert_eq!((h.shown().moves, h.shown().pushes), (1, Some(1)), "{:?}", h.shown());
    // From a cell above the player, not the player's own: still the player's step.
    let away = sokoban_cell(&h, 1, 2);
    swipe(&mut h, away, away + cell);
    h.until_at_rest();
    let s = h.shown();
    assert_eq!((s.moves, s.pushes, s.solved), (2, Some(2), true), "{s:?}");
    // The box dragged back is pushed no more (it cannot be pulled): a drag from a box is not
    // a swipe.
    h.menu(tumblebox::app::command::Command::Restart);
    h.until_at_rest();
    assert_eq!(h.shown().moves, 0);
    let (b, target) = (sokoban_cell(&h, 2, 3), sokoban_cell(&h, 2, 5));
    swipe(&mut h, b, target);
    h.until_at_rest();
    let s = h.shown();
    assert_eq!((s.moves, s.pushes, s.solved), (2, Some(2), true), "the box dragged to the target: {s:?}");
}
