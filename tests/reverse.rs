//! Sokoban's reverse mode (as JSoko and Sokoban YASC have it): the model's pulls and the
//! forward solution a reverse game gives, worked by hand on small mazes; and the window's
//! switch, the pulls in the debugger, the forward solution played and recorded.

use crate::common::window::{Window, sokoban};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tumblebox::app::TumbleApp;
use tumblebox::app::command::Command;
use tumblebox::app::library::Finder;
use tumblebox::app::play::{Playable, Replay};
use tumblebox::grid::{Dir, Pos};
use tumblebox::sokoban::scene::Game;
use tumblebox::sokoban::{Move, Step};

fn game(xsb: &str) -> Game {
    let l = tumblebox::sokoban::xsb::parse_any(xsb).unwrap().remove(0);
    Game::new(l.maze, true)
}

fn play(g: &Game, line: &str) -> (Game, Vec<Move>, Vec<Step>) {
    let mut here = g.clone();
    let (mut moves, mut steps) = (Vec::new(), Vec::new());
    for c in line.chars() {
        let m = here.parse_move(&c.to_string()).unwrap_or_else(|e| panic!("{c}: {e}"));
        let (next, s) = here.play(&m).unwrap();
        moves.push(m);
        steps.extend(s);
        here = next;
    }
    (here, moves, steps)
}

#[test]
fn a_reverse_game_pulls_and_gives_the_forward_solution() {
    // The player at (1,1), the box at (1,2), the goal at (1,5): forward, `RRR`.
    let forward = game("#######\n#@$  .#\n#     #\n#######\n");
    let rev = forward.reversed().expect("a reverse game");
    // Reversed: the box on the goal, the goal where the box starts, the player where it starts.
    assert_eq!(
        (rev.pos.boxes.clone(), rev.level.goals.clone(), rev.pos.player),
        (vec![Pos::new(1, 5)], vec![Pos::new(1, 2)], Pos::new(1, 1))
    );
    assert!(!rev.solved());
    // Walk next to the box (`rrr`), then step away from it three times: each pulls it
    // (uppercase, as a push is written).
    let (end, moves, steps) = play(&rev, "rrrLLL");
    assert!(
        matches!(steps[3], Step::Pull { box_from, box_to, .. } if box_from == Pos::new(1, 5) && box_to == Pos::new(1, 4))
    );
    assert_eq!(end.pos.boxes, vec![Pos::new(1, 2)]);
    assert!(end.solved(), "the box back where it starts, the start's player cell in reach");
    // A lowercase pull is refused, as a lowercase push is forward; walking into a box too.
    // Stepping away from the box, lowercase is a walk that leaves it standing (a pull is the
    // player's choice); uppercase with no box behind is refused, as a push with none ahead.
    let beside = rev.at(tumblebox::sokoban::Position { player: Pos::new(1, 4), boxes: vec![Pos::new(1, 5)] });
    let walk = beside.parse_move("l").unwrap();
    let (after, steps) = beside.play(&walk).unwrap();
    assert_eq!((after.pos.player, after.pos.boxes.clone()), (Pos::new(1, 3), vec![Pos::new(1, 5)]));
    assert!(matches!(steps[..], [Step::Walk { .. }]));
    assert!(after.parse_move("L").is_err(), "no box behind (1,3) to pull");
    assert!(
        rev.at(tumblebox::sokoban::Position { player: Pos::new(1, 4), boxes: vec![Pos::new(1, 5)] })
            .parse_move("r")
            .is_err()
    );
    let fwd = Game::forward_moves(&rev, &moves, &end).expect("a forward solution");
    let text: String = fwd.iter().map(|&m| tumblebox::sokoban::xsb::lurd_char(m)).collect();
    // The player ended at (1,1), left of the box: the forward game pushes it right three
    // times (the walks after the last push are dropped).
    assert_eq!(text, "RRR");
    let (done, _, _) = play(&forward, &text);
    assert!(done.solved());
}

#[test]
fn the_forward_solution_starts_with_the_walk_to_where_the_reverse_game_ended() {
    // The player at (2,1), the box at (2,2), the goal at (2,5), floor above and below.
    let forward = game("#######\n#     #\n#@$  .#\n#     #\n#######\n");
    let rev = forward.reversed().unwrap();
    // Pull the box back (`rrrLLL`), then walk up: the reverse game ends at (1,1).
    let (end, moves, _) = play(&rev, "rrrLLLu");
    assert_eq!((end.pos.boxes.clone(), end.pos.player), (vec![Pos::new(2, 2)], Pos::new(1, 1)));
    assert!(end.solved());
    let fwd = Game::forward_moves(&rev, &moves, &end).unwrap();
    let text: String = fwd.iter().map(|&m| tumblebox::sokoban::xsb::lurd_char(m)).collect();
    // The walk from the start to (1,1), the reverse walk undone, the three pushes.
    assert_eq!(text, "udRRR");
    let (done, _, _) = play(&forward, &text);
    assert!(done.solved());
    let _ = Dir::Up;
}

#[test]
fn the_window_plays_backwards_and_the_forward_solution_is_the_players() {
    let mut h = sokoban(true);
    // Maze 1: the player at (2,2), the box at (2,3), the target at (2,5).
    h.get_by_label("Reverse").click();
    h.run_steps(2);
    assert!(h.shown().reversed, "reverse mode is on");
    // The solver plays forward: its buttons are greyed.
    assert!(
        h.get_by_label("Solve").accesskit_node().is_disabled() && h.get_by_label("Hint").accesskit_node().is_disabled()
    );
    let s = &h.state().tabs.sokoban.session;
    assert_eq!((s.current().pos.boxes.clone(), s.current().pos.player), (vec![Pos::new(2, 5)], Pos::new(2, 2)));
    // Files and game IDs hold forward moves: Copy and Save wait for reverse mode to end.
    assert!(!Command::Copy.enabled(&h.state().allowed()) && !Command::Save.enabled(&h.state().allowed()));
    // Walk to (2,4) and pull the box left twice, by the keys.
    for k in [egui::Key::ArrowRight, egui::Key::ArrowRight, egui::Key::ArrowLeft] {
        h.key_press(k);
        h.run_steps(2);
    }
    // The debugger lists the pull as a step.
    h.get_by_label_contains("pull the box (3,6) -> (3,5)");
    h.key_press(egui::Key::ArrowLeft);
    for _ in 0..20 {
        h.step();
    }
    // Back where it starts: the forward game returns and plays the solution.
    let t = &h.state().tabs.sokoban;
    assert!(!t.reversed(), "reverse mode ended");
    assert!(t.session.current().solved() && t.session.current().reverse.is_none());
    assert_eq!(t.session.moves(), 2, "EE, the walks after the last push dropped");
    let notice = h.shown().notice.unwrap_or_default();
    assert!(notice.contains("forward solution (2 pushes, 2 moves)"), "{notice}");
    // One attempt: the reverse game's (its forward solution is not another).
    assert_eq!(h.state().library().stats.attempts, 1);
    // It is the player's solve: in the library, by the player.
    let lib = h.state().library();
    assert_eq!(
        lib.solutions.iter().map(|k| (k.found.by, k.found.line.as_str())).collect::<Vec<_>>(),
        [(Finder::Player, "EE")]
    );
}

#[test]
fn before_the_first_move_a_click_places_the_reverse_player_anywhere() {
    // Reversed, the box on (1,3) cuts the corridor: the player (1,1) cannot walk to (1,4).
    let forward = game("######\n#@$. #\n######\n");
    let rev = forward.reversed().unwrap();
    let moved = rev.relocate([4.75, 1.75]).expect("an unreachable free cell");
    assert_eq!(moved.pos.player, Pos::new(1, 4));
    // A cell in reach is walked to instead, a box or wall is no place, forward has none.
    assert!(rev.relocate([2.75, 1.75]).is_none() && rev.relocate([3.75, 1.75]).is_none());
    assert!(forward.relocate([4.75, 1.75]).is_none());
    // In a session: only before the first move.
    let mut s = tumblebox::app::session::Session::new("r", rev.clone(), None);
    s.gesture(tumblebox::app::play::Gesture::Click([4.75, 1.75]), true);
    assert_eq!(s.start.pos.player, Pos::new(1, 4));
}

#[test]
fn a_goal_under_the_player_is_drawn_over_it() {
    use tumblebox::anim::Animate;
    use tumblebox::scene::{Ink, Shape};
    // The player starts on a goal (`+`): the last shape drawn is a goal mark on the player.
    let g = game("#######\n#+$ $.#\n#######\n");
    let sc = g.scene(&[], 0.0);
    let inks: Vec<Ink> =
        sc.shapes.iter().filter_map(|s| if let Shape::Quad { ink, .. } = s { Some(*ink) } else { None }).collect();
    assert_eq!(inks[inks.len() - 2..], [Ink::Player, Ink::Goal]);
    // Off the goal, the player is the last shape.
    let off = game("#######\n#@$ $.#\n#.    #\n#######\n");
    let inks: Vec<Ink> = off
        .scene(&[], 0.0)
        .shapes
        .iter()
        .filter_map(|s| if let Shape::Quad { ink, .. } = s { Some(*ink) } else { None })
        .collect();
    assert_eq!(inks.last(), Some(&Ink::Player));
}

/// Whether a reverse game can be finished from its start, the player first placed on any
/// free cell: by the keys alone (`forced`: every step away from a box pulls it), or with
/// walks that leave a box standing as well. A breadth-first search over the rules' moves.
fn reverse_finishable(rev: &Game, forced: bool) -> bool {
    use std::collections::{HashSet, VecDeque};
    let (rows, cols) = (rev.level.walls.rows(), rev.level.walls.cols());
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    for r in 0..rows {
        for c in 0..cols {
            let p = Pos::new(r, c);
            if rev.level.is_floor(p) && !rev.pos.boxes.contains(&p) {
                let pos = tumblebox::sokoban::Position { player: p, boxes: rev.pos.boxes.clone() };
                if seen.insert(pos.clone()) {
                    queue.push_back(pos);
                }
            }
        }
    }
    while let Some(pos) = queue.pop_front() {
        let here = rev.at(pos);
        if here.solved() {
            return true;
        }
        for dir in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
            let options = if forced {
                vec![here.step(dir)]
            } else {
                [false, true].map(|push| here.step_move(Move { dir, push })).to_vec()
            };
            for (next, _) in options.into_iter().flatten() {
                if seen.insert(next.clone()) {
                    queue.push_back(next);
                }
            }
        }
    }
    false
}

#[test]
fn every_microban_level_can_be_played_to_its_end_in_reverse() {
    // Microban (David W. Skinner), its first 20 levels: each is finished in reverse with
    // walks that leave a box standing (the reverse of any forward solution is such a game).
    // With every step away from a box a pull, level 1 cannot be finished from any cell: the
    // by-hand pass under Xvfb found it so (keys and clicks both pulled).
    let Some(dir) = crate::common::data_dir("sokoban-levels") else { return };
    let text = std::fs::read_to_string(dir.join("microban-155.xsb")).unwrap();
    let levels = tumblebox::sokoban::xsb::parse_any(&text).unwrap();
    for (i, l) in levels.iter().take(20).enumerate() {
        let rev = Game::new(l.maze.clone(), true).reversed().unwrap();
        assert!(reverse_finishable(&rev, false), "level {} cannot be finished in reverse", i + 1);
    }
    let first = Game::new(levels[0].maze.clone(), true).reversed().unwrap();
    assert!(!reverse_finishable(&first, true), "level 1 with forced pulls: the case this guards");
}

#[test]
fn in_reverse_a_click_walks_away_from_a_box_and_a_key_pulls_it() {
    // The box on its goal (1,5) beside the player at (1,4) (reverse of `#@ $ .#`'s push).
    let rev = game("#######\n#@ $ .#\n#     #\n#######\n").reversed().unwrap();
    let mut s = tumblebox::app::session::Session::new("r", rev, None);
    s.play_line("rrr", true).unwrap();
    assert_eq!(s.current().pos.player, Pos::new(1, 4));
    // A click on (1,3), away from the box: a walk, the box stays.
    s.gesture(tumblebox::app::play::Gesture::Click([3.75, 1.75]), true);
    assert_eq!((s.current().pos.player, s.current().pos.boxes.clone()), (Pos::new(1, 3), vec![Pos::new(1, 5)]));
    // Back beside it, then the Left key: the box behind comes along.
    s.gesture(tumblebox::app::play::Gesture::Key(egui::Key::ArrowRight), true);
    s.gesture(tumblebox::app::play::Gesture::Key(egui::Key::ArrowLeft), true);
    assert_eq!((s.current().pos.player, s.current().pos.boxes.clone()), (Pos::new(1, 3), vec![Pos::new(1, 4)]));
}

#[test]
fn switching_reverse_mode_back_and_forth_counts_no_attempt() {
    let mut h = sokoban(true);
    let attempts = |h: &Harness<'_, TumbleApp>| h.state().library().stats.attempts;
    // Maze 1: a forward move (one attempt), reverse mode and a move there (a second).
    h.key_press(egui::Key::ArrowUp);
    h.run_steps(2);
    assert_eq!(attempts(&h), 1);
    h.get_by_label("Reverse").click();
    h.run_steps(2);
    h.key_press(egui::Key::ArrowUp);
    h.run_steps(2);
    assert_eq!(attempts(&h), 2);
    // Off, on, off: each game comes back as it was, and is no new attempt (the by-hand pass
    // counted one for every switch).
    for _ in 0..3 {
        h.get_by_label("Reverse").click();
        h.run_steps(2);
    }
    assert!(!h.shown().reversed);
    assert_eq!(attempts(&h), 2);
    // A restart and a move: a new attempt.
    h.get_by_label("Restart").click();
    h.run_steps(2);
    h.key_press(egui::Key::ArrowUp);
    h.run_steps(2);
    assert_eq!(attempts(&h), 3);
}

#[test]
fn an_animated_forward_solution_is_the_reverse_games_attempt() {
    // As above, animated, on a level with no forward game yet: one attempt in all (the pass
    // under Xvfb counted two: the forward solution's run was counted when its first move
    // landed).
    let mut h = sokoban(false);
    h.get_by_label("Reverse").click();
    h.run_steps(2);
    for k in [egui::Key::ArrowRight, egui::Key::ArrowRight, egui::Key::ArrowLeft, egui::Key::ArrowLeft] {
        h.key_press(k);
        for _ in 0..60 {
            h.step();
        }
    }
    for _ in 0..200 {
        h.step();
        let t = &h.state().tabs.sokoban;
        if !t.reversed() && t.session.queue.is_empty() && !t.session.animating() && t.session.moves() > 0 {
            break;
        }
    }
    let t = &h.state().tabs.sokoban;
    assert!(!t.reversed() && t.session.current().solved(), "the forward solution was not played");
    assert_eq!(h.state().library().stats.attempts, 1);
}

#[test]
fn the_offer_to_continue_is_for_the_forward_game_only() {
    let mut h = sokoban(true);
    // A move on Maze 1, away and back: the offer to continue it.
    h.key_press(egui::Key::ArrowUp);
    h.run_steps(2);
    h.key_press(egui::Key::PageDown);
    h.run_steps(2);
    h.key_press(egui::Key::PageUp);
    h.run_steps(3);
    assert!(h.state().kept.offer.is_some(), "no offer to continue Maze 1");
    // Reverse mode: the offer goes (it named the reverse game, and Continue left reverse mode).
    h.get_by_label("Reverse").click();
    h.run_steps(3);
    assert!(h.state().kept.offer.is_none(), "the offer stayed in reverse mode");
    assert!(h.query_by_label_contains("before: its last game was kept").is_none());
}
