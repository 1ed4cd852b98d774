//! The editor's tests: round trips of random and real levels through every sketch, strokes,
//! undo and redo, and each game's defects marked where its parser names them.

use super::*;
use crate::generate::{Rng, shubbles_candidate, sokoban_candidate, stacks_candidate, vexed_candidate};

/// Every level the editor is opened on saves to text that reads back as the same level.
/// The level is first taken as its game reads it (a generated Sokoban room may have a
/// second wall column outside the first, which XSB reads as outside).
fn round_trip<S: Sketch>(game: &S::Game) {
    let game = &S::Game::from_level(&game.level_text("t"), false).expect("the game reads its own text");
    let ed = Editor::<S>::of("Round trip", game);
    let back = ed.validate().unwrap_or_else(|e| panic!("{}: {}", ed.text(), e.error));
    assert_eq!(back.level_text("t"), game.level_text("t"), "{}", ed.text());
    // And the grid of what was read is the grid it was read from.
    assert_eq!(S::grid(&back), *ed.grid(), "{}", ed.text());
}

#[test]
fn random_levels_of_every_game_save_and_read_back_the_same() {
    let mut rng = Rng::new(17);
    let (mut v, mut s, mut b) = (0, 0, 0);
    for _ in 0..300 {
        let board = vexed_candidate(&mut rng).settle().0;
        if board.block_count() == 0 {
            // Settled to nothing: solved before any move, not a level to play.
            let e = Editor::<VexedSketch>::of("Empty", &board).validate().expect_err("refused");
            assert!(e.error.message.contains("no blocks"), "{}", e.error);
        } else {
            round_trip::<VexedSketch>(&board);
            v += 1;
        }
        if let Some(m) = sokoban_candidate(&mut rng) {
            round_trip::<SokobanSketch>(&crate::sokoban::scene::Game::new(m.clone(), true));
            round_trip::<MazeSketch>(&crate::sokoban::scene::Game::new(m, false));
            s += 1;
        }
        if let Some(st) = shubbles_candidate(&mut rng) {
            round_trip::<ShubblesSketch>(&st);
            b += 1;
        }
        let g = stacks_candidate(&mut rng);
        round_trip::<StacksSketch>(&crate::stacks::play::StacksPlay { game: g, next: 0, turn: 1 });
    }
    assert!(v > 200 && s > 100 && b > 100, "{v} {s} {b}");
}

#[test]
fn the_real_sokoban_collections_round_trip_through_the_editor() {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sokoban-levels/microban-155.xsb");
    let Ok(text) = std::fs::read_to_string(&p) else {
        assert!(std::env::var("CI").is_err(), "{}: missing (CI needs ../shared)", p.display());
        return;
    };
    let levels = crate::sokoban::xsb::parse_collection(&text).expect("Microban parses");
    assert_eq!(levels.len(), 155);
    for l in levels {
        round_trip::<SokobanSketch>(&crate::sokoban::scene::Game::new(l.maze, true));
    }
}

#[test]
fn the_uva_589_sample_mazes_round_trip_through_the_editor() {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pushing-boxes/uva589-sample.in");
    let Ok(text) = std::fs::read_to_string(&p) else {
        assert!(std::env::var("CI").is_err(), "{}: missing (CI needs ../shared)", p.display());
        return;
    };
    let mazes = crate::sokoban::format::parse_judge(&text).expect("the sample parses");
    assert!(!mazes.is_empty());
    for m in mazes {
        round_trip::<MazeSketch>(&crate::sokoban::scene::Game::new(m, false));
    }
}

#[test]
fn a_box_or_the_player_painted_on_a_goal_stands_on_it() {
    let mut ed = Editor::<SokobanSketch>::blank("t", 3, 7);
    assert!(ed.paint(&[(1, 1), (1, 2), (1, 3)], '.'));
    assert!(ed.paint(&[(1, 1)], '$'));
    assert!(ed.paint(&[(1, 2)], '@'));
    assert!(ed.paint(&[(1, 5)], '$'));
    assert!(ed.paint(&[(1, 5)], '.'));
    assert_eq!(ed.grid()[1].iter().collect::<String>(), "#*+.-*#");
    // Floor takes the goal away too; painting what is there is no step.
    assert!(ed.paint(&[(1, 3)], '-'));
    assert!(!ed.paint(&[(1, 3)], '-'));
    let game = ed.validate().expect("a level");
    assert_eq!(game.pos.boxes.len(), 2);
    assert_eq!(game.level.goals.len(), 3);
}

#[test]
fn undo_and_redo_step_through_strokes_and_resizes() {
    let mut ed = Editor::<VexedSketch>::blank("t", 4, 5);
    let start = ed.grid().clone();
    assert!(ed.paint(&[(2, 1), (2, 2)], 'A'));
    let painted = ed.grid().clone();
    assert!(ed.resize(5, 6));
    assert_eq!((ed.rows(), ed.cols()), (5, 6));
    assert!(ed.undo());
    assert_eq!(*ed.grid(), painted);
    assert!(ed.undo());
    assert_eq!(*ed.grid(), start);
    assert!(!ed.undo());
    assert!(ed.redo());
    assert_eq!(*ed.grid(), painted);
    // A new stroke after an undo drops what could have been redone.
    assert!(ed.erase(&[(2, 1)]));
    assert!(!ed.redo());
    assert!(!ed.resize(0, 3) && !ed.resize(3, MAX_SIDE + 1));
    // The shubbles box keeps its shape, and its non-cells take no paint.
    let mut sh = Editor::<ShubblesSketch>::blank("t", 9, 9);
    assert!(!sh.resize(6, 7));
    assert!(!sh.paint(&[(0, 6)], 'o'));
}

#[test]
fn an_invalid_level_gets_the_parsers_message_on_the_cells_it_names() {
    // Sokoban: two players. The message is the XSB parser's on the same text.
    let mut ed = Editor::<SokobanSketch>::blank("t", 3, 6);
    ed.paint(&[(1, 1)], '@');
    ed.paint(&[(1, 2)], '$');
    ed.paint(&[(1, 3)], '.');
    ed.paint(&[(1, 4)], '@');
    let e = ed.validate().expect_err("two players");
    let parser = crate::sokoban::xsb::parse_any(&ed.text()).expect_err("two players");
    assert_eq!(e.error, parser);
    assert_eq!(e.cells, vec![(1, 4)], "{}", e.error);
    // Shubbles: two stots, said of the line; both stots are marked.
    let mut sh = Editor::<ShubblesSketch>::blank("t", 0, 0);
    let two = [crate::shubbles::rules::cell_pos(3), crate::shubbles::rules::cell_pos(20)];
    sh.paint(&two, '@');
    let e = sh.validate().expect_err("two stots");
    assert!(e.error.message.contains("`@`"), "{}", e.error);
    let mut marked = e.cells.clone();
    marked.sort_unstable();
    let mut want = two.to_vec();
    want.sort_unstable();
    assert_eq!(marked, want);
    // Vexed: a letter the World Finals format does not have, at its cell.
    let mut vx = Editor::<VexedSketch>::blank("t", 4, 4);
    vx.paint(&[(1, 2)], '?');
    let e = vx.validate().expect_err("not a block");
    assert_eq!(e.cells, vec![(1, 2)], "{}", e.error);
}

#[test]
fn stacks_pieces_are_numbered_in_the_order_placed_and_colours_go_under_them() {
    let mut ed = Editor::<StacksSketch>::blank("t", 4, 4);
    ed.paint(&[(0, 0)], '1');
    ed.paint(&[(0, 0)], '>');
    ed.paint(&[(3, 3)], '^');
    ed.paint(&[(1, 2), (2, 1)], 'v');
    // Blue under piece 2; piece 1 turned round keeps its number.
    ed.paint(&[(3, 3)], '2');
    ed.paint(&[(0, 0)], '<');
    assert_eq!(ed.text(), "4 4\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 2\n1 1 2\n4 4 3\n2 3 4\n3 2 4\n");
    // Piece 2 taken off (the red and blue stay): 3 and 4 become 2 and 3.
    ed.paint(&[(3, 3)], 'x');
    ed.erase(&[(0, 0)]);
    assert_eq!(ed.text(), "4 2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 2\n2 3 4\n3 2 4\n");
    assert_eq!(StacksSketch::decode(ed.grid()[2][1]), (0, Some((4, 2))));
    // Boards stay square.
    assert!(ed.resize(6, 5));
    assert_eq!((ed.rows(), ed.cols()), (6, 6));
}

/// The message the game's own parser gives for a text, beside the editor's.
fn same_as_parser<S: Sketch>(ed: &Editor<S>, expect: &str) -> Invalid {
    let e = ed.validate().expect_err(expect);
    let parser = S::Game::from_level(&ed.text(), false).expect_err(expect);
    assert_eq!(e.error, parser);
    assert!(e.error.message.contains(expect), "{}", e.error);
    // The grid's words never speak of the text's lines, which the player never saw.
    let words = e.to_string();
    assert!(words.contains(expect) && !words.contains("line"), "{words}");
    if let [(r, c)] = e.cells[..] {
        assert!(words.starts_with(&format!("{}: ", S::cell_name(r, c))), "{words}");
    }
    eprintln!("{words}");
    e
}

#[test]
fn each_games_defects_get_its_parsers_message_on_the_cells_involved() {
    // Stacks: three pieces (Baekjoon asks 4 to 10), said of the first line.
    let mut st = Editor::<StacksSketch>::blank("t", 5, 5);
    st.paint(&[(0, 0), (1, 1), (2, 2)], '>');
    same_as_parser(&st, "K (the number of pieces)");
    // Stacks: a board too small, said of its size.
    let small = Editor::<StacksSketch>::blank("t", 3, 3);
    same_as_parser(&small, "N (the board size)");
    // Sokoban: more boxes than goals.
    let mut sk = Editor::<SokobanSketch>::blank("t", 4, 6);
    sk.paint(&[(1, 1)], '@');
    sk.paint(&[(1, 2), (2, 2)], '$');
    sk.paint(&[(1, 4)], '.');
    same_as_parser(&sk, "goal");
    // Sokoban: no player.
    let mut np = Editor::<SokobanSketch>::blank("t", 4, 6);
    np.paint(&[(1, 2)], '$');
    np.paint(&[(1, 4)], '.');
    same_as_parser(&np, "player");
    // UVa 589: two boxes, both marked.
    let mut mz = Editor::<MazeSketch>::blank("t", 3, 5);
    mz.paint(&[(0, 0)], 'S');
    mz.paint(&[(1, 1), (1, 3)], 'B');
    mz.paint(&[(2, 4)], 'T');
    let e = same_as_parser(&mz, "B");
    assert!(!e.cells.is_empty() && e.cells.iter().all(|&(r, c)| mz.grid()[r][c] == 'B'), "{e:?}");
}

#[test]
fn a_vexed_board_not_at_rest_settles_as_it_plays_in_one_undo_step() {
    let mut ed = Editor::<VexedSketch>::blank("t", 5, 6);
    ed.paint(&[(1, 1), (3, 4)], 'A');
    ed.paint(&[(1, 3), (3, 2)], 'B');
    // By hand: A falls from (1,1) to (3,1); B from (1,3) to (3,3), beside its twin: both go.
    assert!(ed.settle());
    let rows: Vec<String> = ed.grid().iter().map(|r| r.iter().collect()).collect();
    assert_eq!(rows, ["######", "#----#", "#----#", "#A--A#", "######"]);
    assert!(!ed.settle());
    assert!(ed.undo());
    assert_eq!(ed.grid()[1][1], 'A');
}

/// A built-in level (an Android pack: kinds in small letters) keeps its letters, and a block
/// painted from the palette (capitals) joins them, so it is their twin: on SAMPLE-02 an `A`
/// painted at row 2, column 0 falls to row 3 beside its `a`, and both vanish (by hand).
#[test]
fn a_block_painted_on_a_built_in_vexed_level_is_the_twin_of_its_own() {
    let (_, board, _) = crate::levels::vexed().remove(1);
    let board = board.settle().0;
    let mut ed = Editor::<VexedSketch>::of("SAMPLE-02", &board);
    let rows = |ed: &Editor<VexedSketch>| ed.grid().iter().map(|r| r.iter().collect()).collect::<Vec<String>>();
    assert_eq!(rows(&ed), ["--b--", "-ca-a", "-##-#", "-ac--", "###bc"]);
    ed.paint(&[(2, 0)], 'A');
    assert_eq!(rows(&ed)[2], "a##-#", "the painted block is in the level's letters");
    assert!(ed.settle());
    assert_eq!(rows(&ed), ["--b--", "-ca-a", "-##-#", "--c--", "###bc"]);
    // A blank level paints in capitals.
    let mut blank = Editor::<VexedSketch>::blank("t", 4, 5);
    blank.paint(&[(2, 1)], 'A');
    assert_eq!(blank.grid()[2][1], 'A');
}

#[test]
fn an_error_mark_stays_in_its_cell_and_leaves_what_it_holds() {
    // The shubbles box with a third smole (the parser names it): the marked cell's middle is
    // still the smole's colour, and nothing outside the cell changes.
    use crate::render::raster::{Palette, Viewport, render};
    let mut ed = Editor::<ShubblesSketch>::blank("t", 0, 0);
    let cells: Vec<(usize, usize)> = (0..crate::shubbles::rules::CELLS).map(crate::shubbles::rules::cell_pos).collect();
    ed.paint(&cells[..1], '@');
    ed.paint(&cells[10..13], 'x');
    let marked = ed.validate().expect_err("three smoles").cells;
    assert!(!marked.is_empty());
    let (plain, with) = (ed.scene(&[]), ed.scene(&marked));
    let (mut p1, mut p2) = (Palette::new(), Palette::new());
    let (a, b) = (render(&plain, 400, 400, &mut p1).to_rgb(&p1), render(&with, 400, 400, &mut p2).to_rgb(&p2));
    let view = Viewport::fit(&plain, 400, 400);
    for &(r, c) in &marked {
        let (x, y) = (MARGIN + c as f32, MARGIN + r as f32);
        let (cx, cy) = view.pixel([x + 0.5, y + 0.5]);
        let at = |img: &[u8], px: usize, py: usize| img[(py * 400 + px) * 3..][..3].to_vec();
        assert_eq!(at(&a, cx, cy), at(&b, cx, cy), "the marked cell's middle changed");
        let (x0, y0) = view.pixel([x, y]);
        let (x1, y1) = view.pixel([x + 1.0, y + 1.0]);
        for py in 0..400 {
            for px in 0..400 {
                let inside =
                    (x0.saturating_sub(1)..=x1 + 1).contains(&px) && (y0.saturating_sub(1)..=y1 + 1).contains(&py);
                let other = marked.iter().any(|&(r2, c2)| {
                    let (a0, b0) = view.pixel([MARGIN + c2 as f32, MARGIN + r2 as f32]);
                    let (a1, b1) = view.pixel([MARGIN + c2 as f32 + 1.0, MARGIN + r2 as f32 + 1.0]);
                    (a0.saturating_sub(1)..=a1 + 1).contains(&px) && (b0.saturating_sub(1)..=b1 + 1).contains(&py)
                });
                if !inside && !other {
                    assert_eq!(at(&a, px, py), at(&b, px, py), "pixel ({px},{py}) outside the marked cells changed");
                }
            }
        }
    }
}
