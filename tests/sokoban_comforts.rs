//! Sokoban comforts a JSoko or Sokoban YASC player reaches for, through the window (headless,
//! egui_kittest): the hint as the next push, the mouse wheel and "undo to the last push", a
//! reverse mode that looks different.

use crate::common::window::{Window, sokoban_cell};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tumblebox::app::command::Command;
use tumblebox::app::play::{Overlay, Playable};
use tumblebox::app::{GameKind, TumbleApp};
use tumblebox::grid::Pos;

/// One box, one goal: the player at (1,1), the box at (2,3), the goal at (2,5) (from 0). The
/// only way in two pushes is to push the box right twice from (2,2): a walk of two moves
/// (`dr` or `rd`) first, then `RR`: 2 pushes, 4 moves.
const WALK_FIRST: &str = "#######\n#@    #\n#  $ .#\n#######\n";

/// The window on the Pushing boxes tab with `xsb` pasted in, moves made at once.
fn pasted(xsb: &str) -> Harness<'static, TumbleApp> {
    let mut h = crate::common::window::harness();
    h.run_steps(2);
    h.state_mut().view.instant = true;
    h.state_mut().paste(xsb).expect("the level opens");
    h.run_steps(2);
    assert_eq!(h.shown().game, GameKind::Sokoban);
    h
}

fn player_and_boxes(h: &Harness<'_, TumbleApp>) -> (Pos, Vec<Pos>) {
    let g = h.state().tabs.sokoban.session.current();
    (g.pos.player, g.pos.boxes.clone())
}

#[test]
fn the_hint_is_the_next_push_drawn_and_said() {
    let mut h = pasted(WALK_FIRST);
    h.get_by_label("Hint").click();
    h.until_at_rest();
    let said = h.shown().message.unwrap_or_default();
    // Rows and columns from 1, as the status bar names cells: the box at (3,4) goes right to
    // (3,5), pushed from (3,3), two moves away; 2 pushes and 4 moves are left.
    assert!(said.starts_with("hint: push the box at (3,4) right to (3,5), from (3,3) (2 moves there first)"), "{said}");
    assert!(said.contains("2 pushes, 4 moves left"), "{said}");
    // On the board: the box outlined, an arrow from its centre to the next cell's, and the
    // cell to push from (dashed), all in scene units (a cell is 1, the board's margin 0.25).
    let s = &h.state().tabs.sokoban.session;
    let marks = s.current().hint_line_overlay(&s.hint_line);
    let cell =
        |r: f32, c: f32| [[0.25 + c, 0.25 + r], [1.25 + c, 0.25 + r], [1.25 + c, 1.25 + r], [0.25 + c, 1.25 + r]];
    assert_eq!(
        marks,
        vec![
            Overlay::Mark(cell(2.0, 3.0)),
            Overlay::Arrow([3.75, 2.75], [4.75, 2.75]),
            Overlay::Landing(cell(2.0, 2.0))
        ]
    );
    // The hint is the walk and the push: four moves of the answer would be the whole of it.
    assert_eq!(s.hint_line.len(), 3, "two walks and the push");
    // Made, the hint's moves reach the position it promised: the box one cell right.
    let line = s.hint_line.clone();
    for mv in &line {
        h.state_mut().tabs.sokoban.session.make(mv, true).unwrap();
    }
    assert_eq!(player_and_boxes(&h), (Pos::new(2, 3), vec![Pos::new(2, 4)]));
    h.run_steps(1);
    assert!(h.state().tabs.sokoban.session.hint.is_none(), "a move takes the hint away");
    // From beside the box, the next push needs no walk: no cell to push from is drawn.
    h.get_by_label("Hint").click();
    h.until_at_rest();
    let said = h.shown().message.unwrap_or_default();
    assert!(said.starts_with("hint: push the box at (3,5) right to (3,6) (1 push, 1 move left"), "{said}");
    let s = &h.state().tabs.sokoban.session;
    assert_eq!(
        s.current().hint_line_overlay(&s.hint_line),
        vec![Overlay::Mark(cell(2.0, 4.0)), Overlay::Arrow([4.75, 2.75], [5.75, 2.75])]
    );
}

/// A mouse wheel notch over the board (`up`: rolled away from the player).
fn wheel(h: &mut Harness<'_, TumbleApp>, up: bool) {
    let over = sokoban_cell(h, 1, 3);
    h.hover_at(over);
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, if up { 1.0 } else { -1.0 }),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(2);
}

#[test]
fn undo_to_the_last_push_and_the_mouse_wheel() {
    use egui::Key::*;
    let mut h = pasted(WALK_FIRST);
    // Walk down and right, push right, walk up and right: 5 moves, 1 push.
    for k in [ArrowDown, ArrowRight, ArrowRight, ArrowUp, ArrowRight] {
        h.press(k);
    }
    assert_eq!((h.shown().moves, h.shown().pushes), (5, Some(1)));
    assert_eq!(player_and_boxes(&h), (Pos::new(1, 4), vec![Pos::new(2, 4)]));
    // Ctrl+U: the two walks after the push and the push go; the player stands where they
    // pushed from, the box where it was.
    h.key_press_modifiers(egui::Modifiers::COMMAND, U);
    h.run_steps(2);
    assert_eq!((h.shown().moves, h.shown().pushes), (2, Some(0)));
    assert_eq!(player_and_boxes(&h), (Pos::new(2, 2), vec![Pos::new(2, 3)]));
    // Again, from the Game menu: no push is left to take back, and nothing moves.
    h.menu(Command::UndoPush);
    assert_eq!(h.shown().moves, 2);
    assert!(h.shown().message.unwrap_or_default().starts_with("no push to take back"));
    // The wheel rolled up over the board takes back one move; rolled down, redoes them.
    wheel(&mut h, true);
    assert_eq!((h.shown().moves, player_and_boxes(&h).0), (1, Pos::new(2, 1)));
    wheel(&mut h, false);
    wheel(&mut h, false);
    assert_eq!((h.shown().moves, h.shown().pushes), (3, Some(1)));
    assert_eq!(player_and_boxes(&h), (Pos::new(2, 3), vec![Pos::new(2, 4)]));
    // Pushing boxes only: Vexed's board takes no notice of the wheel, and the command is greyed.
    h.open_game(GameKind::Vexed);
    assert!(!Command::UndoPush.enabled(&h.state().allowed()));
    let v = h.state().tabs.vexed.session.current().clone();
    let answer = v.solve(&Default::default(), &tumblebox::meter::Meter::new()).unwrap();
    h.state_mut().tabs.vexed.session.make(&answer.moves[0], true).unwrap();
    h.run_steps(2);
    assert_eq!(h.shown().moves, 1);
    let rect = h.get_by_label("board").rect();
    h.hover_at(rect.center());
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: egui::vec2(0.0, 1.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(2);
    assert_eq!(h.shown().moves, 1);
}

#[test]
fn reverse_mode_is_tinted_and_says_so_on_the_board() {
    let mut h = pasted(WALK_FIRST);
    let ppp = h.ctx.pixels_per_point();
    // An empty floor cell's middle, as drawn.
    let floor = |h: &mut Harness<'_, TumbleApp>| {
        let at = sokoban_cell(h, 1, 3);
        let img = h.render().expect("a picture");
        img.get_pixel((at.x * ppp) as u32, (at.y * ppp) as u32).0
    };
    let forward = floor(&mut h);
    assert!(h.query_by_label("reverse").is_none(), "no word on the forward board");
    h.get_by_label("Reverse").click();
    h.run_steps(2);
    assert!(h.shown().reversed);
    let reverse = floor(&mut h);
    h.get_by_label("reverse");
    // The tinted floor leans to violet: blue over green grows by far more than a rounding.
    let violet = |p: [u8; 4]| p[2] as i32 - p[1] as i32;
    assert!(violet(reverse) >= violet(forward) + 30, "reverse floor {reverse:?} against {forward:?}: not tinted");
    // Off again: the forward look comes back.
    h.get_by_label("Reverse").click();
    h.run_steps(2);
    assert_eq!(floor(&mut h), forward);
    assert!(h.query_by_label("reverse").is_none());
}

/// Three one-row levels with comments: `R` solves the first (1 push, 1 move), `RR` the
/// second (2 pushes, 2 moves), `rR` the third.
const THREE: &str = "; one\n#####\n#@$.#\n#####\nComment: the first\n\n; two\n######\n#@$ .#\n######\nComment:\npush it\ntwice\nComment-End:\n\n; three\n######\n#@ $.#\n######\n";

#[test]
fn the_level_comment_and_the_pack_statistics_are_shown() {
    use egui::Key::*;
    let mut h = pasted(THREE);
    // The level's own comment, under the list; a block's lines joined.
    h.get_by_label("Comment: the first");
    h.get_by_label_contains("in all: nothing solved yet");
    h.press(ArrowRight);
    h.until_at_rest();
    assert!(h.shown().solved);
    h.press(PageDown);
    h.get_by_label("Comment: push it twice");
    assert!(h.query_by_label("Comment: the first").is_none(), "only the level on screen's comment");
    h.press(ArrowRight);
    h.press(ArrowRight);
    h.until_at_rest();
    assert!(h.shown().solved);
    h.press(PageDown);
    assert!(h.query_by_label_contains("Comment: ").is_none(), "the third level has no comment");
    // Two of three solved: 1 + 2 pushes, 1 + 2 moves.
    h.get_by_label_contains("in all: 3 pushes, 3 moves");
    // Time played, as the store has it: two hours on the third level.
    let content = h.state().tabs.sokoban.levels[2].content;
    let key = tumblebox::store::LevelKey { game: GameKind::Sokoban, pack: h.shown().pack, content };
    let played = tumblebox::store::LevelChange::Played { seconds: 7200, attempts: 1, solved_on: None };
    h.state_mut().store.apply(tumblebox::store::Change::Level(key, played));
    h.run_steps(2);
    h.get_by_label_contains("in all: 3 pushes, 3 moves · 2 h 0 min played");
}

#[test]
fn a_real_collections_comments_are_shown() {
    let Some(dir) = crate::common::data_dir("sokoban-levels") else { return };
    let mut h = crate::common::window::harness();
    h.run_steps(2);
    h.state_mut().open_file(&dir.join("grigr2002-40.xsb")).unwrap();
    h.run_steps(2);
    // Level 101's block reads `Comment:` / `color green` / `Comment-End:`; 102's `color blue`.
    h.get_by_label("Comment: color green");
    h.open_level(1);
    h.get_by_label("Comment: color blue");
    h.get_by_label_contains("in all: nothing solved yet");
}

/// A SOK file as JSoko and YSokoban write one: levels one and two of [`THREE`] with
/// solutions (a titled one with its comment, one with its moves on the header line and the
/// next), a snapshot (skipped), and a level [`THREE`] lacks, with its solution.
const SOK: &str = "; one\n#####\n#@$.#\n#####\n\nSolution 1/1\nComment: by hand\nR\n\n; two\n######\n#@$ .#\n######\nSolution: R\nR\nSnapshot half way\nR\n\n; four\n#######\n#@$  .#\n#######\nSolution (moves 3, pushes 3)\nRRR\n";

#[test]
fn solutions_are_imported_from_a_sok_file_into_each_levels_library() {
    let mut h = pasted(THREE);
    let said = h.state_mut().import_solutions("/some/where/mine.sok", SOK.as_bytes()).unwrap();
    assert_eq!(
        said,
        "imported 2 solutions from mine.sok into the libraries of 2 levels; 1 solution for levels not in this pack"
    );
    // Level one's library lists it, found by a file: 1 push, 1 move.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::L);
    h.run_steps(3);
    h.get_by_label("1 / 1");
    h.get_by_label("a file");
    let lib = h.state().library();
    assert_eq!(
        lib.solutions.iter().map(|k| (k.found.line.as_str(), k.pushes, k.moves)).collect::<Vec<_>>(),
        vec![("R", Some(1), 1)]
    );
    h.open_level(1);
    let lib = h.state().library();
    assert_eq!(
        lib.solutions.iter().map(|k| (k.found.line.as_str(), k.pushes, k.moves)).collect::<Vec<_>>(),
        vec![("RR", Some(2), 2)]
    );
    // Again: nothing new.
    let again = h.state_mut().import_solutions("mine.sok", SOK.as_bytes()).unwrap();
    assert!(
        again.starts_with("imported 0 solutions from mine.sok into the libraries of 0 levels; 2 were there already"),
        "{again}"
    );
    // A bad move anywhere: one line naming its line and column, and nothing kept. Line 15 is
    // the second line of level two's solution: `RU` (a wall above: `U` cannot be made).
    let bad = SOK.replace("Solution: R\nR\n", "Solution: R\nRU\n");
    let e = h.state_mut().import_solutions("bad.sok", bad.as_bytes()).unwrap_err();
    assert!(e.starts_with("bad.sok: line 15, column 2: move 3 of the solution, one that can be made"), "{e}");
    assert!(e.ends_with("; nothing imported") && !e.contains('\n'), "{e}");
    let bad = SOK.replace("RRR\n", "RRr\n");
    let e = h.state_mut().import_solutions("bad.sok", bad.as_bytes()).unwrap_err();
    assert!(
        e.starts_with("bad.sok: line 24, column 3: move 3 of the solution written as it is made: lowercase"),
        "{e}"
    );
    let short = SOK.replace("RRR\n", "RR\n");
    let e = h.state_mut().import_solutions("bad.sok", short.as_bytes()).unwrap_err();
    assert!(e.starts_with("bad.sok: line 23: a solution of `four`: after its last move (move 2)"), "{e}");
    assert_eq!(h.state().library().solutions.len(), 1, "nothing kept from a bad file");
    // A file none of whose levels is in the pack on screen opens as the pack, its solutions
    // with it.
    let four = &SOK[SOK.find("; four").unwrap()..];
    let said = h.state_mut().import_solutions("four.sok", four.as_bytes()).unwrap();
    assert_eq!(said, "opened four.sok and imported 1 solution from four.sok into the library of 1 level");
    h.run_steps(2);
    assert_eq!((h.shown().pack.as_str(), h.shown().title.as_str()), ("four.sok", "four"));
    assert_eq!(h.state().library().solutions[0].found.line, "RRR");
}

#[test]
fn the_board_turns_and_mirrors_and_moves_stay_in_the_levels_frame() {
    use egui::Key::*;
    let mut h = pasted(WALK_FIRST);
    let scene = h.state().scene();
    let (sw, sh) = (scene.width, scene.height);
    h.menu(Command::TurnView);
    assert!(h.shown().notice.unwrap_or_default().starts_with("the board turned 90°"));
    // Exports and the game are not turned: the scene is the level's.
    assert_eq!((h.state().scene().width, h.state().scene().height), (sw, sh));
    // Where a cell's middle is on screen, worked out here: turned a quarter clockwise, the
    // scene is sh wide and sw high, fitted and centred in the board; a level point (x, y) is
    // at (sh - y, x) in it.
    let on_screen = |h: &Harness<'_, TumbleApp>, row: usize, col: usize| {
        let rect = h.get_by_label("board").rect();
        let scale = (rect.width() / sh).min(rect.height() / sw);
        let (ox, oy) =
            (rect.min.x + (rect.width() - sh * scale) / 2.0, rect.min.y + (rect.height() - sw * scale) / 2.0);
        let (x, y) = (0.75 + col as f32, 0.75 + row as f32);
        egui::pos2(ox + (sh - y) * scale, oy + x * scale)
    };
    // A click on (1,4) as it is drawn: the player walks there in the level.
    let at = on_screen(&h, 1, 4);
    crate::common::window::click_at(&mut h, at);
    h.run_steps(2);
    assert_eq!(player_and_boxes(&h).0, Pos::new(1, 4));
    h.menu(Command::Undo);
    assert_eq!(player_and_boxes(&h).0, Pos::new(1, 1));
    // Screen down is the level's right when turned a quarter clockwise.
    h.press(ArrowDown);
    assert_eq!(player_and_boxes(&h).0, Pos::new(1, 2));
    // Mirrored as well (mirrored, then turned 270°): screen right is the level's down.
    h.menu(Command::MirrorView);
    assert!(h.shown().notice.unwrap_or_default().starts_with("the board mirrored, then turned 270°"));
    h.press(ArrowRight);
    assert_eq!(player_and_boxes(&h).0, Pos::new(2, 2));
    // The moves are the level's: `rd` in LURD, whatever the view.
    let (_, texts, _) = h.state().tabs.sokoban.session.run();
    assert_eq!(texts.concat(), "rd");
    // Pushing boxes only: the commands are greyed in Vexed, and its keys are its own.
    h.open_game(GameKind::Vexed);
    assert!(!Command::TurnView.enabled(&h.state().allowed()));
}

#[test]
fn solve_in_the_window_answers_a_level_the_quick_proof_cannot_with_the_portfolio() {
    // Issue 49 item 3: when the push-optimal search runs out of its few seconds, the window's
    // Solve runs the fast portfolio on every core (as `sokoban solve --threads` does), and
    // its answer, replayed by the window, solves the level. XSokoban #2: the push-optimal
    // search holds 5 million states after 11 s without an answer, so its 3 s cannot prove it
    // (`sokoban solve xsokoban-90.xsb --level 2 --optimal --max-states 5000000`).
    let Some(dir) = crate::common::data_dir("sokoban-levels") else { return };
    let text = std::fs::read_to_string(dir.join("xsokoban-90.xsb")).unwrap();
    let first = tumblebox::sokoban::xsb::parse_collection(&text).unwrap().remove(1);
    let xsb = tumblebox::sokoban::xsb::write_level(&first.title, &first.maze);
    let mut h = pasted(&xsb);
    h.menu(Command::Solve);
    h.until_at_rest();
    let shown = h.shown();
    assert!(shown.solved, "{shown:?}");
    // The answer was the fast search's: said not proven fewest.
    let m = shown.message.unwrap_or_default() + &shown.notice.unwrap_or_default();
    assert!(m.contains("not proven"), "{m:?}");
}
