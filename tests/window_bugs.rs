//! The window review's bugs (round 4, `../shared/reviews/window.md`), each caught by a test
//! through the window (headless, egui_kittest): what the board marks, panels that keep their
//! width, messages that go stale, fields that lose what was typed.

use crate::common::window::{Window, harness};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tumblebox::app::play::{Playable, Replay};
use tumblebox::app::{GameKind, TumbleApp};
use tumblebox::grid::Pos;

/// A harness with `text` opened from a file named `name` (a folder of its own, removed by
/// the caller with the returned path).
fn opened(name: &str, text: &str) -> (Harness<'static, TumbleApp>, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("tumblebox-bugs-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().open_file(&f).unwrap();
    h.state_mut().view.instant = true;
    h.run_steps(3);
    (h, dir)
}

#[test]
fn the_dead_square_cross_is_never_over_the_player() {
    // B8: the player stands in a corner, a dead square. The other two corners away from the
    // goal are dead and marked; the player's is not.
    let (h, dir) = opened("corner.xsb", "; Corner\n#####\n#@  #\n# $ #\n#  .#\n#####\n");
    assert_eq!(h.shown().game, GameKind::Sokoban);
    let dead = h.state().tabs.sokoban.session.current().dead_cells();
    assert!(!dead.contains(&Pos::new(1, 1)), "the player's cell is marked: {dead:?}");
    assert!(dead.contains(&Pos::new(1, 3)) && dead.contains(&Pos::new(3, 1)), "{dead:?}");
    assert!(!dead.contains(&Pos::new(3, 3)), "the goal is marked: {dead:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Stacks' Board 9 run to its end (instantly), the rule debugger beside it.
fn stacks_board_9_at_its_end() -> Harness<'static, TumbleApp> {
    let mut h = harness();
    h.run_steps(2);
    h.open_game(GameKind::Stacks);
    h.state_mut().view.instant = true;
    h.open_level(8);
    h.get_by_label("Run to the end").click();
    h.until_at_rest();
    h.run_steps(3);
    h
}

#[test]
fn side_panels_keep_their_width_whatever_they_show() {
    // B10: stacks at the end of a run, a cell pinned in the inspector (its long line of
    // pieces), then a range selected: the rule debugger keeps its width, so the board stays.
    let mut h = stacks_board_9_at_its_end();
    let board = h.get_by_label("board").rect();
    // The cell holding the most pieces: the longest line the inspector writes.
    let st = h.state().tabs.stacks.session.current().clone();
    let most = (0..st.game.colors.rows())
        .flat_map(|r| (0..st.game.colors.cols()).map(move |c| Pos::new(r, c)))
        .max_by_key(|&p| st.contents(p).len())
        .unwrap();
    h.state_mut().tabs.stacks.session.debug.pinned = Some(most);
    h.run_steps(4);
    // The trace's buttons stay in sight above the inspector's long history (they were below
    // the window's edge).
    let copy = h.get_by_label("Copy trace").rect();
    assert!(copy.bottom() <= h.ctx.content_rect().bottom(), "Copy trace at {copy:?}");
    assert_eq!(h.get_by_label("board").rect(), board, "pinning a cell moved the board");
    let n = h.state().tabs.stacks.session.history.len();
    h.state_mut().tabs.stacks.session.range = Some((1, n));
    h.run_steps(4);
    // Nothing in the debugger is cut at its edge: the range's line and the inspector's long
    // rows wrap within the panel. The timeline strip spans the panel's width.
    let right = h.get_by_label_contains("timeline: position").rect().right();
    // The range in the move list's numbers: positions 1 to n are moves 2 to n.
    h.get_by_label(&format!("moves 2–{n}"));
    let wide = h.get_all_by_label_contains(" step ").chain(h.get_all_by_label_contains("moves 2–"));
    for node in wide.chain(h.get_all_by_label("speed")) {
        let r = node.rect();
        assert!(
            r.right() <= right + 0.5,
            "{:?} at {r:?} runs past the panel's edge {right}",
            node.accesskit_node().label()
        );
    }
    h.state_mut().tabs.stacks.session.debug.pinned = None;
    h.run_steps(4);
    assert_eq!(h.get_by_label("board").rect(), board, "the inspector and a range moved the board");
    // And in another game afterwards.
    h.open_game(GameKind::Vexed);
    h.run_steps(3);
    h.open_game(GameKind::Stacks);
    h.run_steps(3);
    assert_eq!(h.get_by_label("board").rect(), board);
}

#[test]
fn copy_as_test_compiles_as_a_file_under_tests() {
    // B13: the copied test, alone in a file (a crate of its own, as a new file under tests/
    // is), compiles and passes against this build's command line.
    let h = crate::common::window::solved_sample_02();
    let test = h.state().tabs.vexed.session.trace_test();
    let dir = std::env::temp_dir().join(format!("tumblebox-copied-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("copied.rs"), &test).unwrap();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let built = std::process::Command::new(rustc)
        .args(["--edition", "2024", "--test", "copied.rs", "-o", "copied"])
        .env("CARGO_BIN_EXE_tumblebox", env!("CARGO_BIN_EXE_tumblebox"))
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(built.status.success(), "{}\n{test}", String::from_utf8_lossy(&built.stderr));
    let ran = std::process::Command::new(dir.join("copied")).output().unwrap();
    let out = String::from_utf8_lossy(&ran.stdout);
    assert!(ran.status.success() && out.contains("1 passed"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_editor_names_a_cell_as_the_game_does() {
    // B14: hovering a cell of the Vexed editor names it as Vexed's own messages do (rows and
    // columns from 0): the game's complaint about a move at that cell names the same cell.
    let mut h = harness();
    h.state_mut().editor.my_levels = Some(std::env::temp_dir().join("tumblebox-bugs-no-levels"));
    h.run_steps(2);
    let level = h.state().tabs.vexed.session.current().clone();
    // SAMPLE-01's empty cell at row 1, column 1 (`X.b`): no block to move there.
    let mv = tumblebox::vexed::Move { pos: Pos::new(1, 1), side: tumblebox::vexed::Side::Left };
    let said = tumblebox::save::Replay::play(&level, &mv).expect_err("an empty cell moves nothing");
    h.get_by_label("Edit level").click();
    h.run_steps(2);
    let name = h.state().editor.mode.as_ref().unwrap().pad.cell_name((1, 1));
    assert!(said.contains(&format!("at {name}")), "{said:?} names the cell otherwise than {name:?}");
}

#[test]
fn words_about_a_level_left_or_an_edit_undone_go_stale() {
    // B15: a pasted level's "opened what was pasted" is gone once the built-in levels are back.
    let mut h = harness();
    h.run_steps(2);
    h.event(egui::Event::Paste("5 5 PASTED-ONE\n-----\n-a-a-\n-###-\n-----\n#####\n0 0\n".into()));
    h.run_steps(2);
    assert_eq!(h.shown().title, "PASTED-ONE");
    h.get_by_label_contains("opened what was pasted");
    h.state_mut().switch_pack(None);
    h.run_steps(2);
    assert_eq!(h.shown().pack, tumblebox::app::BUILT_IN);
    assert!(h.query_by_label_contains("opened what was pasted").is_none(), "a stale message");
    // The editor's "changes not kept: do it again" is gone after the next stroke (it no longer
    // holds: the next ask warns again).
    h.state_mut().editor.my_levels = Some(std::env::temp_dir().join("tumblebox-bugs-no-levels"));
    h.get_by_label("Edit level").click();
    h.run_steps(2);
    h.state_mut().editor.mode.as_mut().unwrap().pad.stroke(&[(0, 1)], Some('a'));
    h.run_steps(2);
    assert!(!h.state_mut().may_drop(), "unkept changes dropped at the first ask");
    h.run_steps(2);
    h.get_by_label_contains("changes not kept");
    h.state_mut().editor.mode.as_mut().unwrap().pad.stroke(&[(0, 2)], Some('a'));
    h.run_steps(2);
    assert!(h.query_by_label_contains("changes not kept").is_none(), "a stale warning after a stroke");
    assert!(!h.state_mut().may_drop(), "a stroke after the warning, and one ask dropped the changes");
}

/// Where the board's cells are drawn on screen (its scene fitted into the board's rectangle).
fn cells(h: &Harness<'_, TumbleApp>) -> egui::Rect {
    let scene = h.state().scene();
    let v = tumblebox::app::paint::View::fit(&scene, h.get_by_label("board").rect());
    egui::Rect::from_two_pos(v.to_screen([0.0, 0.0]), v.to_screen([scene.width, scene.height]))
}

#[test]
fn the_continue_offer_covers_no_cell_and_can_be_hidden() {
    // B16: a game kept on SAMPLE-01, then back to it: the offer sits in a strip under the
    // board, over none of it, and Hide puts it away (the kept game stays).
    let mut h = harness();
    h.run_steps(2);
    h.state_mut()
        .tabs
        .vexed
        .session
        .make(&tumblebox::vexed::Move { pos: Pos::new(1, 2), side: tumblebox::vexed::Side::Left }, true)
        .unwrap();
    h.run_steps(1);
    h.open_level(1);
    h.open_level(0);
    h.run_steps(3);
    assert!(h.state().kept.offer.is_some(), "no offer");
    let board = cells(&h);
    for part in ["You played SAMPLE-01 before", "Continue", "Start over", "Hide"] {
        let r = h.get_by_label_contains(part).rect();
        assert!(!r.intersects(board), "{part} at {r:?} covers the board at {board:?}");
    }
    h.get_by_label("Hide").click();
    h.run_steps(3);
    assert!(h.state().kept.offer.is_none());
    // The board had room under it for the offer: it did not move when the offer went.
    assert_eq!(cells(&h), board, "the board moved when the offer went");
    assert!(h.query_by_label_contains("You played").is_none());
    assert_eq!(h.shown().moves, 0, "Hide played the kept game");
}

/// Keys as a keyboard types `text` (each a key press with its text, then its release), one
/// frame for all of them.
fn type_text(h: &mut Harness<'_, TumbleApp>, text: &str) {
    for ch in text.chars() {
        let key = egui::Key::from_name(&ch.to_ascii_uppercase().to_string()).unwrap_or(egui::Key::Space);
        let k = |pressed| egui::Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        };
        h.event(k(true));
        h.event(egui::Event::Text(ch.to_string()));
        h.event(k(false));
    }
}

#[test]
fn a_snapshot_keeps_every_letter_typed_and_enter_takes_it() {
    // B18: a name typed, then at once a click on Take snapshot: the whole name; and Enter in
    // the field takes the snapshot too.
    let mut h = harness();
    h.state_mut()
        .tabs
        .vexed
        .session
        .make(&tumblebox::vexed::Move { pos: Pos::new(1, 2), side: tumblebox::vexed::Side::Left }, true)
        .unwrap();
    h.run_steps(2);
    h.menu(tumblebox::app::command::Command::Library);
    h.get_by_label("name:").click();
    h.run_steps(1);
    type_text(&mut h, "half way");
    h.get_by_label(tumblebox::app::command::Command::Snapshot.label()).click();
    h.run_steps(3);
    let n = h.shown().notice.unwrap_or_default();
    assert!(n.contains("snapshot \"half way\" kept"), "{n:?}");
    h.get_by_label("name:").click();
    h.run_steps(1);
    type_text(&mut h, "again");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    let n = h.shown().notice.unwrap_or_default();
    assert!(n.contains("snapshot \"again\" kept"), "{n:?}");
}

#[test]
fn a_click_in_the_move_list_leaves_the_row_under_the_pointer() {
    // B19: stacks at the end of a run, the move list scrolled to its end; a click on a row
    // higher up jumps there, and that row stays where it was clicked.
    let mut h = stacks_board_9_at_its_end();
    let n = h.state().tabs.stacks.session.history.len();
    assert!(n > 20, "{n} moves");
    // The rows on screen: the second one from the top of the list.
    let rows: Vec<(String, egui::Rect)> = h
        .query_all_by_label_contains(", turn ")
        .map(|r| (r.accesskit_node().label().unwrap_or_default(), r.rect()))
        .collect();
    assert!(rows.len() > 3, "{rows:?}");
    let (label, rect) = rows[1].clone();
    h.get_by_label(&label).click();
    h.run_steps(4);
    assert!(h.state().tabs.stacks.session.cursor < n, "the click jumped nowhere");
    assert_eq!(h.get_by_label(&label).rect(), rect, "the row clicked moved from under the pointer");
}

#[test]
fn a_paste_of_no_text_says_so() {
    // B20: Edit › Paste with no text on the clipboard (the system answers nothing: kittest's
    // clipboard is empty), and a picture pasted: each says why nothing opened.
    let mut h = harness();
    h.run_steps(2);
    h.menu(tumblebox::app::command::Command::Paste);
    h.run_steps(5);
    let n = h.shown().notice.unwrap_or_default();
    assert!(n.contains("the clipboard holds no text"), "{n:?}");
    h.event(egui::Event::PasteImage(std::sync::Arc::new(egui::ColorImage::new([2, 2], vec![egui::Color32::RED; 4]))));
    h.run_steps(2);
    let n = h.shown().notice.unwrap_or_default();
    assert!(n.contains("the clipboard holds a picture"), "{n:?}");
    assert_eq!(h.shown().title, "SAMPLE-01", "something opened");
}

#[test]
fn moves_from_a_link_are_the_links_and_a_save_says_saving() {
    // Honest words: a solved game opened from a game ID is solved by the moves opened, not
    // with the solver's help (the solver did not play here).
    let mut src = harness();
    src.run_steps(2);
    src.state_mut().view.instant = true;
    src.get_by_label("Solve").click();
    src.until_at_rest();
    let id = src.state().game_id();
    let mut h = harness();
    h.run_steps(2);
    h.event(egui::Event::Paste(id));
    h.run_steps(4);
    assert!(h.shown().solved);
    h.get_by_label_contains("Solved by the moves opened");
    assert!(h.query_by_label_contains("solver's help").is_none());
    assert!(h.query_by_label_contains("[shown by the solver]").is_none());
    // With no file dialog, a save that cannot be written says "saving", not "exporting".
    let dir = std::env::temp_dir().join(format!("tumblebox-bugs-saving-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    h.state_mut().no_dialog(Some((dir.clone(), tumblebox::app::ExportKind::Save)));
    let n = h.shown().notice.unwrap_or_default();
    assert!(n.contains("and saving to") && n.contains("failed"), "{n:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Seconds of the clock a 24-move playback of the shubbles box takes in the debugger (Home,
/// then Play) when frames come `dt` apart, and the frames it took.
fn playback_at(dt: f32) -> (f32, usize) {
    let mut h = Harness::builder()
        .with_size([1200.0, 760.0])
        .with_step_dt(dt)
        .build_ui_state(|ui, app: &mut TumbleApp| app.show(ui), TumbleApp::default());
    h.run_steps(2);
    h.event(egui::Event::Paste(".........@...o....ooo..xox...\n-+-+-+-+-+-+-+-+-+-+-+-+\n".into()));
    h.run_steps(2);
    assert_eq!((h.shown().game, h.shown().moves), (GameKind::Shubbles, 24));
    h.state_mut().tabs.shubbles.session.jump(0);
    h.state_mut().tabs.shubbles.session.playing = true;
    let mut frames = 0;
    while h.state().tabs.shubbles.session.playing || h.state().tabs.shubbles.session.animating() {
        h.step();
        frames += 1;
        assert!(frames < 100_000, "the playback never ended");
    }
    assert_eq!(h.state().tabs.shubbles.session.cursor, 24);
    (frames as f32 * dt, frames)
}

#[test]
fn playback_follows_the_clock_at_any_frame_rate() {
    // R10: the nominal time (frames a millisecond apart: at most 24 ms lost to frame edges
    // even if every move waited for a frame), then a renderer at ten frames a second and a
    // machine so loaded that frames come two seconds apart: the playback ends at the first
    // frame after its nominal time, never later (frames dropped, the game never slowed).
    let (nominal, _) = playback_at(0.001);
    assert!(nominal > 8.0, "a {nominal} s playback");
    for dt in [0.1, 2.0] {
        let (took, frames) = playback_at(dt);
        let least = (nominal / dt - 0.05).ceil() as usize;
        assert!(frames <= least + 1, "{dt} s frames: {took} s ({frames} frames) for a {nominal} s playback");
        assert!((took - nominal).abs() <= (0.1 * nominal).max(dt), "{dt} s frames: {took} s for {nominal} s");
    }
}

#[test]
fn vexed_is_played_by_keys_alone() {
    // A keyboard cursor, as Tatham's puzzles have: arrow keys move it over the blocks, Enter
    // picks the block under it, Left and Right push it, Enter lets it go. SAMPLE-02 (par 9)
    // solved by keys only, with the solver's moves as the plan.
    let src = crate::common::window::solved_sample_02();
    let plan: Vec<tumblebox::vexed::Move> = src.state().tabs.vexed.session.moves_made();
    assert_eq!(plan.len(), 9);
    let mut h = harness();
    h.run_steps(2);
    h.open_level(1);
    for (i, mv) in plan.iter().enumerate() {
        // Roam to the block: rows first, then along its row (bounded).
        for _ in 0..40 {
            let at = h.state().tabs.vexed.session.selected;
            let key = match at {
                None => egui::Key::ArrowDown,
                Some(p) if p.row < mv.pos.row => egui::Key::ArrowDown,
                Some(p) if p.row > mv.pos.row => egui::Key::ArrowUp,
                Some(p) if p.col < mv.pos.col => egui::Key::ArrowRight,
                Some(p) if p.col > mv.pos.col => egui::Key::ArrowLeft,
                Some(_) => break,
            };
            h.press(key);
            assert!(h.state().tabs.vexed.session.roaming, "move {i}: the cursor holds a block while roaming");
        }
        assert_eq!(h.state().tabs.vexed.session.selected, Some(mv.pos), "move {i}: the cursor did not get there");
        h.press(egui::Key::Enter);
        assert!(!h.state().tabs.vexed.session.roaming, "move {i}: Enter did not pick the block");
        h.press(if mv.side == tumblebox::vexed::Side::Left { egui::Key::ArrowLeft } else { egui::Key::ArrowRight });
        h.until_at_rest();
        assert_eq!(h.shown().moves, i + 1, "move {i} was not made");
        if h.state().tabs.vexed.session.selected.is_some() {
            h.press(egui::Key::Enter);
        }
    }
    assert!(h.shown().solved, "{:?}", h.shown());
    assert_eq!(h.shown().moves, 9);
}

/// The command palette opened, `words` typed, then Enter.
fn from_the_palette(h: &mut Harness<'_, TumbleApp>, words: &str) {
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::P);
    h.run_steps(2);
    h.event(egui::Event::Text(words.into()));
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
}

#[test]
fn the_palette_finds_the_stacks_and_shubbles_actions() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().view.instant = true;
    h.open_game(GameKind::Stacks);
    from_the_palette(&mut h, "next piece");
    h.until_at_rest();
    assert_eq!(h.shown().moves, 1, "stacks' Next piece from the palette");
    from_the_palette(&mut h, "next turn");
    h.until_at_rest();
    let pieces = h.state().tabs.stacks.session.current().game.pieces();
    assert_eq!(h.shown().moves, pieces, "stacks' Next turn from the palette");
    // Solve goes by the game's own name for it.
    from_the_palette(&mut h, "run to the end");
    h.until_at_rest();
    assert!(h.shown().moves > pieces, "Run to the end from the palette: {:?}", h.shown());
    // The shubbles box: a turn, then a stot move of the challenge's notation (`<`), which
    // only a typed character made before.
    h.open_game(GameKind::Shubbles);
    from_the_palette(&mut h, "half turn");
    h.until_at_rest();
    assert_eq!(h.shown().moves, 1);
    // "turn" first matches Turn the board, greyed here (a pushing boxes view): Enter runs
    // the first command that can be used now, the box's turn.
    let before = h.shown().moves;
    from_the_palette(&mut h, "turn");
    h.until_at_rest();
    assert_eq!(h.shown().moves, before + 1, "Enter on \"turn\" did nothing: {:?}", h.shown());
    from_the_palette(&mut h, "stot left");
    h.until_at_rest();
    let last = h.state().tabs.shubbles.session.history.last().map(|e| match e {
        tumblebox::app::session::Entry::Move { text, .. } => text.clone(),
        _ => String::new(),
    });
    assert_eq!(last.as_deref(), Some("<"), "{:?}", h.shown());
}

#[test]
fn alt_and_a_menus_first_letter_opens_it() {
    let mut h = harness();
    h.run_steps(2);
    assert!(h.query_by_label_contains("Quit").is_none());
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::F);
    h.run_steps(3);
    h.get_by_label_contains("Quit");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(h.query_by_label_contains("Quit").is_none(), "Escape left the menu open");
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::V);
    h.run_steps(3);
    h.get_by_label_contains("Level list   F9");
    assert_eq!(h.shown().moves, 0);
}

#[test]
fn a_files_header_is_shown_line_by_line_without_its_rules() {
    // B22: the credits' tooltip keeps the header's lines apart and leaves out its separator
    // lines, not one run-on paragraph with "-----" inside.
    let text =
        "Holland collection\n------------------\nDesigned by someone\nE-mail: a@b.c\n\n; One\n#####\n#@$.#\n#####\n";
    let (mut h, dir) = opened("holland.xsb", text);
    assert_eq!(h.shown().game, GameKind::Sokoban);
    h.get_by_label("Holland collection").hover();
    h.run_steps(40);
    let tip = h
        .query_all_by_label_contains("Designed by someone")
        .map(|n| n.accesskit_node().label().or_else(|| n.accesskit_node().value()).unwrap_or_default())
        .next()
        .expect("the tooltip with the header");
    assert!(!tip.contains("---"), "{tip:?}");
    assert!(tip.contains("Holland collection\nDesigned by someone\nE-mail"), "{tip:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_status_bars_solved_word_moves_nothing() {
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().notify("a message before", None);
    h.run_steps(2);
    let before = h.get_by_label_contains("a message before").rect().left();
    use tumblebox::vexed::{Move, Side};
    h.state_mut().tabs.vexed.session.make(&Move { pos: Pos::new(1, 2), side: Side::Left }, true).unwrap();
    h.state_mut().tabs.vexed.session.make(&Move { pos: Pos::new(0, 0), side: Side::Right }, true).unwrap();
    h.run_steps(3);
    assert!(h.shown().solved);
    h.state_mut().notify("a message after", None);
    h.run_steps(2);
    let after = h.get_by_label_contains("a message after").rect().left();
    assert_eq!(before, after, "the message moved when \"solved\" came");
}

#[test]
fn help_never_covers_the_toolbar() {
    let mut h = harness();
    h.run_steps(2);
    let toolbar = h.get_by_label("Undo").rect().union(h.get_by_label("Solve").rect());
    h.press(egui::Key::F1);
    h.run_steps(3);
    let help = h.get_by_label_contains("How to play: Vexed").rect();
    assert!(help.top() > toolbar.bottom(), "help at {help:?} over the toolbar at {toolbar:?}");
}

#[test]
fn arrow_keys_walk_an_open_menu_item_by_item() {
    // Alt+V, then Down three times and Enter: the third of the View menu's switches is the
    // one switched (not the first: the menu's focus moved with each key).
    use tumblebox::app::command::{Command, Menu};
    let mut h = harness();
    h.run_steps(2);
    let switches: Vec<Command> =
        Command::in_menu(Menu::View).into_iter().filter(|&c| h.state().checked(c).is_some()).collect();
    let before: Vec<Option<bool>> = switches.iter().map(|&c| h.state().checked(c)).collect();
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::V);
    h.run_steps(3);
    for _ in 0..3 {
        h.press(egui::Key::ArrowDown);
        h.run_steps(1);
    }
    h.press(egui::Key::Enter);
    h.run_steps(3);
    let after: Vec<Option<bool>> = switches.iter().map(|&c| h.state().checked(c)).collect();
    let changed: Vec<Command> =
        switches.iter().zip(before.iter().zip(&after)).filter(|(_, (a, b))| a != b).map(|(c, _)| *c).collect();
    assert_eq!(changed, vec![Command::in_menu(Menu::View)[2]], "the switches changed: {changed:?}");
}

#[test]
fn end_during_a_solution_plays_it_to_its_end() {
    // End while the solver's solution plays (animated): the rest is made at once, not dropped.
    let mut h = harness();
    h.run_steps(2);
    h.open_level(1);
    h.get_by_label("Solve").click();
    for _ in 0..600 {
        h.step();
        if h.shown().moves >= 1 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(h.shown().moves >= 1 && h.shown().moves < 9, "{:?}", h.shown());
    h.press(egui::Key::End);
    h.until_at_rest();
    assert_eq!(h.shown().moves, 9);
    assert!(h.shown().solved);
}

#[test]
fn a_picked_vexed_block_stays_picked_where_it_falls() {
    // SAMPLE-02 after its first two moves: the `a` at (1,2) pushed right slides to (1,3) and
    // falls two rows to (3,3) (tests/copied_from_debugger.rs lists those steps): the
    // selection is there, on the block.
    use tumblebox::vexed::{Move, Side};
    let mut h = harness();
    h.run_steps(2);
    h.open_level(1);
    h.state_mut().view.instant = true;
    let s = &mut h.state_mut().tabs.vexed.session;
    s.make(&Move { pos: Pos::new(0, 2), side: Side::Right }, true).unwrap();
    s.make(&Move { pos: Pos::new(4, 4), side: Side::Left }, true).unwrap();
    s.selected = Some(Pos::new(1, 2));
    h.run_steps(2);
    h.press(egui::Key::ArrowRight);
    h.until_at_rest();
    assert_eq!(h.shown().moves, 3);
    assert_eq!(h.state().tabs.vexed.session.selected, Some(Pos::new(3, 3)));
    assert!(!h.state().tabs.vexed.session.roaming);
}

#[test]
fn a_game_saved_under_the_17780_rule_opens_in_its_pack_under_that_rule() {
    // The new player's finding: the rule ticked, a move made, the game saved and opened
    // again: the built-in pack shrank to that one board (its text under the other rule was
    // not found in the pack).
    let mut h = harness();
    h.run_steps(2);
    h.open_game(GameKind::Stacks);
    let levels = h.shown().levels;
    assert!(levels > 1, "{levels}");
    h.open_level(1);
    h.get_by_label("only the bottom piece moves (17780)").click();
    h.run_steps(2);
    let title = h.shown().title;
    assert!(title.contains("(ends in turn") || title.contains("(never ends"), "{title}");
    h.press(egui::Key::N);
    h.until_at_rest();
    assert_eq!(h.shown().moves, 1);
    let save = h.state().tabs.stacks.session.to_save("Built-in").write();
    let dir = std::env::temp_dir().join(format!("tumblebox-bugs-{}-17780", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("ruled.tumblebox");
    std::fs::write(&f, save).unwrap();
    let mut g = harness();
    g.run_steps(2);
    g.open_game(GameKind::Stacks);
    g.state_mut().open_file(&f).unwrap();
    g.run_steps(3);
    let shown = g.shown();
    assert_eq!((shown.game, shown.pack.as_str()), (GameKind::Stacks, "Built-in"), "{shown:?}");
    assert_eq!((shown.levels, shown.level, shown.moves), (levels, 1, 1), "{shown:?}");
    assert_eq!(shown.title, title);
    let t = &g.state().tabs.stacks;
    assert_eq!(t.levels[1].start.bottom_only(), Some(true), "the rule went off");
    assert_eq!(t.levels[0].start.bottom_only(), Some(false), "the other levels keep the default rule");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn side_panels_get_their_width_back_when_the_window_grows_again() {
    // The new player's finding: after a resize to 640 × 480 and back, the level list stayed
    // as narrow as the small window had made it. The debugger the same.
    let mut h = harness();
    h.run_steps(3);
    let heading = |h: &Harness<'_, TumbleApp>, l: &str| h.get_by_label_contains(l).rect().left();
    let board = h.get_by_label("board").rect();
    let debugger = heading(&h, "timeline: position");
    h.set_size(egui::vec2(640.0, 480.0));
    h.run_steps(4);
    assert!(h.get_by_label("board").rect().width() < board.width());
    h.set_size(egui::vec2(1200.0, 760.0));
    h.run_steps(4);
    assert_eq!(h.get_by_label("board").rect(), board, "the side panels kept the small window's widths");
    assert_eq!(heading(&h, "timeline: position"), debugger);
}

#[test]
fn a_dragged_vexed_block_keeps_its_glyph() {
    // The new player's finding: the block under the pointer was a plain square, its glyph
    // (what tells kinds apart without colour) gone until it was let go.
    use tumblebox::app::play::Overlay;
    let h = harness();
    let board = h.state().tabs.vexed.session.current().clone();
    let (p, kind) = board
        .grid
        .iter()
        .find_map(|(p, c)| match c {
            tumblebox::vexed::Cell::Block(k) => Some((p, *k)),
            _ => None,
        })
        .unwrap();
    let [x, y] = tumblebox::vexed::scene::cell_origin(p);
    let overlays = board.drag_overlay([x + 0.5, y + 0.5], [x + 1.2, y + 0.5]);
    let glyphs: Vec<Option<usize>> = overlays
        .iter()
        .filter_map(|o| match o {
            Overlay::Ghost(_, _, g) => Some(*g),
            _ => None,
        })
        .collect();
    assert_eq!(glyphs, [Some(tumblebox::vexed::scene::block_glyph(kind))]);
}

#[test]
fn a_pasted_level_keeps_the_spaces_its_first_row_begins_with() {
    // The new player's finding: Microban 3 pasted without its title (its first row begins with
    // two spaces) was read two cells to the left: "the player is outside the walls". The
    // same text opens as a file; a blank line before it changes nothing.
    let level = "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n";
    for text in [level.to_string(), format!("\n\n{level}\n")] {
        let mut h = harness();
        h.run_steps(2);
        h.state_mut().paste(&text).expect("the level opens");
        h.run_steps(2);
        assert_eq!(h.shown().game, GameKind::Sokoban);
        let p = h.state().tabs.sokoban.session.current().pos.player;
        // The player is on row 4 (from 0), column 6: where the text puts its `@`.
        assert_eq!((p.row, p.col), (4, 6));
    }
}

#[test]
fn switching_the_17780_rule_keeps_the_game_under_the_rule_it_was_played_by() {
    // The new player's finding: ticking the rule threw the game away and offered it back as
    // if played under the new rule (Continue then switched the rule off again).
    let mut h = harness();
    h.run_steps(2);
    h.open_game(GameKind::Stacks);
    h.open_level(8);
    h.press(egui::Key::N);
    h.press(egui::Key::N);
    h.until_at_rest();
    assert_eq!(h.shown().moves, 2);
    h.get_by_label("only the bottom piece moves (17780)").click();
    h.run_steps(3);
    assert_eq!(h.shown().moves, 0);
    assert!(h.state().kept.offer.is_none(), "the 17837 game offered under 17780's rule");
    let n = h.shown().notice.unwrap_or_default();
    assert!(n.contains("kept") && n.contains("17780's rule"), "{n:?}");
    // Back to 17837: its game is offered, and Continue brings its two moves back.
    h.get_by_label("only the bottom piece moves (17780)").click();
    h.run_steps(3);
    h.get_by_label("Continue").click();
    h.run_steps(3);
    assert_eq!(h.shown().moves, 2);
    assert_eq!(h.state().tabs.stacks.levels[8].start.bottom_only(), Some(false));
}

#[test]
fn the_debuggers_block_letters_sit_on_the_blocks_the_step_shows() {
    // The new player's finding: stopped on a step, the letters were the move's end's (a "b"
    // on an empty cell, blocks of the step without their letter). Each step of each move of
    // SAMPLE-02's solution, stopped on: every letter sits on a block of its kind's colour in
    // the picture, and every block drawn has its letter.
    let mut h = crate::common::window::solved_sample_02();
    let n = h.shown().moves;
    for m in 1..=n {
        h.state_mut().tabs.vexed.session.jump(m);
        let steps = h.state().tabs.vexed.session.last_move().map_or(0, |(_, _, s)| s.len());
        for i in 0..steps {
            let s = &mut h.state_mut().tabs.vexed.session;
            s.seek_step(i);
            let Some(shown) = s.shown_state() else { continue };
            let scene = s.scene();
            let blocks: Vec<([f32; 2], tumblebox::scene::Ink)> = scene
                .shapes
                .iter()
                .filter_map(|sh| match sh {
                    tumblebox::scene::Shape::Quad { corners, ink: ink @ tumblebox::scene::Ink::Block(_), opacity }
                        if (corners[2][0] - corners[0][0]) > 0.5 && *opacity > 0.0 =>
                    {
                        Some((corners[0], *ink))
                    }
                    _ => None,
                })
                .collect();
            let labels = shown.debug_labels();
            assert_eq!(labels.len(), blocks.len(), "move {m} step {i}: {labels:?} for {} blocks", blocks.len());
            for (p, letter) in &labels {
                let ink = tumblebox::vexed::scene::block_ink(letter.as_bytes()[0]);
                let on = blocks
                    .iter()
                    .any(|(c, k)| *k == ink && p[0] > c[0] && p[0] < c[0] + 0.5 && p[1] > c[1] && p[1] < c[1] + 0.5);
                assert!(on, "move {m} step {i}: {letter} at {p:?} is on no block of its colour: {blocks:?}");
            }
        }
    }
}

#[test]
fn next_unsolved_on_the_packs_last_unsolved_level_keeps_its_game() {
    // The new player's finding: Shift+PageDown on the only unsolved level opened it again,
    // dropping the moves on it without a word.
    let two = "; One\n#####\n#@$.#\n#####\n\n; Two\n######\n#@$ .#\n######\n";
    let (mut h, dir) = opened("two.xsb", two);
    h.press(egui::Key::ArrowRight);
    h.until_at_rest();
    assert!(h.shown().solved, "{:?}", h.shown());
    h.open_level(1);
    h.press(egui::Key::ArrowRight);
    h.until_at_rest();
    assert_eq!((h.shown().level, h.shown().moves), (1, 1));
    h.menu(tumblebox::app::command::Command::NextUnsolved);
    h.run_steps(2);
    assert_eq!((h.shown().level, h.shown().moves), (1, 1), "the game on the last unsolved level was dropped");
    let n = h.shown().notice.unwrap_or_default();
    assert!(n.contains("last one"), "{n:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_floating_debugger_opens_below_the_toolbar() {
    // The new player's finding: at 640 x 480, F12's floating debugger covered Redo, Restart,
    // Edit level, Solve and Hint.
    let mut h = harness();
    h.set_size(egui::vec2(640.0, 480.0));
    h.run_steps(4);
    h.press(egui::Key::F12);
    h.run_steps(4);
    let hint = h.get_by_label("Hint").rect();
    let top = h.get_all_by_label("Rule debugger").map(|n| n.rect().top()).fold(f32::MAX, f32::min);
    assert!(top > hint.bottom(), "the debugger (its title at y {top}) covers the toolbar (Hint at {hint:?})");
}

#[test]
fn a_line_played_from_the_start_silences_what_was_said_before() {
    // The new player's finding: "the optimiser found …" stayed in the status bar through
    // Replay my best's 33 moves.
    let mut h = harness();
    h.run_steps(2);
    h.state_mut().notify("the optimiser found 8 pushes, 33 moves", Some(GameKind::Vexed));
    h.run_steps(2);
    h.get_by_label_contains("the optimiser found");
    // A line of SAMPLE-01 played the way Replay my best plays a kept one: from the start.
    let mut other =
        tumblebox::app::session::Session::new("t".to_string(), h.state().tabs.vexed.session.start.clone(), None);
    other.make(&tumblebox::vexed::Move { pos: Pos::new(1, 2), side: tumblebox::vexed::Side::Left }, true).unwrap();
    let (start, texts, _) = other.run();
    let line = tumblebox::save::moves_line_of(&start, "t", &texts);
    h.state_mut().tabs.vexed.session.play_line(&line, true).unwrap();
    h.run_steps(3);
    assert_eq!(h.shown().moves, 1);
    assert!(h.query_by_label_contains("the optimiser found").is_none(), "the old notice stayed");
}

#[test]
fn the_half_turn_hint_is_drawn_apart_from_a_quarter_turn() {
    // The review's open item: a half turn's hint was the same single arrow as a clockwise
    // turn, told apart only by its words. It has a second arrow back along the bottom.
    use tumblebox::app::play::Overlay;
    use tumblebox::shubbles::Op;
    let st = tumblebox::shubbles::format::parse_state(".........@...o....ooo..xox...", 1).unwrap();
    let arrows = |op: Op| st.hint_overlay(&op).iter().filter(|o| matches!(o, Overlay::Arrow(..))).count();
    assert_eq!(arrows(Op::Clockwise), 1);
    assert_eq!(arrows(Op::CounterClockwise), 1);
    assert_eq!(arrows(Op::HalfTurn), 2);
}

/// The web review's bug 3: File › Copy link in the editor shared the level the editor was
/// opened from, with its moves. It now copies the level being edited (no moves), which opens
/// as that level; a level the game cannot read yet is not shared, and the player hears why.
#[test]
fn copy_link_in_the_editor_shares_the_level_being_edited() {
    let mut h = harness();
    h.run_steps(2);
    h.get_by_label("Edit level").click();
    h.run_steps(2);
    h.state_mut().editor.mode.as_mut().unwrap().blank_size = (5, 7);
    h.run_steps(1);
    h.get_by_label("New level (5 × 7)").click();
    h.run_steps(2);
    // A blank board holds no block: not a level yet.
    let why = h.state().link_id().unwrap_err();
    assert!(why.starts_with("cannot copy a link to the level: "), "{why}");
    // Two A blocks on the floor, three cells apart (painted as the editor's palette does).
    let pad = &mut h.state_mut().editor.mode.as_mut().unwrap().pad;
    assert!(pad.stroke(&[(3, 1), (3, 4)], Some('A')));
    h.run_steps(2);
    let id = h.state().link_id().unwrap();
    // Read back by the game ID's own parser: the edited level, no moves.
    let parsed = tumblebox::save::GameId::parse(&id).unwrap().unwrap();
    assert_eq!((parsed.game.as_str(), parsed.moves.as_str()), ("vexed", ""));
    assert_eq!(parsed.level, "5 7 My-level\n#######\n#-----#\n#-----#\n#A--A-#\n#######\n0 0\n");
    // And pasted into another window, it opens that level (not SAMPLE-01, where the editor
    // was opened from).
    let mut other = harness();
    other.run_steps(2);
    other.state_mut().paste(&id).unwrap();
    other.run_steps(2);
    let shown = other.state().shown();
    assert_eq!((shown.title.as_str(), shown.moves), ("My-level", 0));
    let board = other.state().tabs.vexed.session.current().clone();
    let read = <tumblebox::vexed::Board as Replay>::from_level(&parsed.level, false).unwrap();
    assert_eq!(board.level_text("My-level"), read.level_text("My-level"));
}

/// The web review's bug 16, the par's half: a link to a level opened from a file lost its
/// par (the game ID carried the World Finals text, which has no place for one). A Vexed level
/// with a par now travels as its Android line when that reads back as the same board, and the
/// link opens elsewhere with its title and par.
#[test]
fn a_link_to_a_vexed_level_of_a_file_keeps_its_par() {
    // A board of no built-in pack (SAMPLE-02's with its last row's blocks swapped), par 12.
    let (h, dir) = opened("shared.txt", "Shared;..b../.ca.a/.XX.X/.ac../XXXcb;12\n");
    assert_eq!((h.shown().title.as_str(), h.state().tabs.vexed.levels[0].par), ("Shared", Some(12)));
    let id = h.state().link_id().unwrap();
    let parsed = tumblebox::save::GameId::parse(&id).unwrap().unwrap();
    assert!(parsed.level.ends_with(";12\n"), "{:?}", parsed.level);
    let mut other = harness();
    other.run_steps(2);
    other.state_mut().paste(&id).unwrap();
    other.run_steps(2);
    let t = &other.state().tabs.vexed;
    assert_eq!((t.levels[t.index].title.as_str(), t.levels[t.index].par), ("Shared", Some(12)));
    // The board is the one sent: the same level text either side.
    let sent = h.state().tabs.vexed.session.current().level_text("x");
    assert_eq!(t.session.current().level_text("x"), sent);
    std::fs::remove_dir_all(&dir).unwrap();
}
