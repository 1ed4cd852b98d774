//! The built-in levels are what their files claim: every certified value re-checked.

use tumblebox::levels;
use tumblebox::shubbles::solve::{Outcome as BoxOutcome, solve as solve_box};
use tumblebox::vexed::solve::{Limits, Outcome, solve};

#[test]
fn vexed_levels_are_solved_in_their_par_and_proven() {
    let all = levels::vexed();
    assert!(all.len() >= 12);
    assert_eq!(all[0].0, "SAMPLE-01");
    assert_eq!(all[0].2, 2);
    assert_eq!(all[1].2, 9); // the seed's SAMPLE-02: 9 moves
    for (title, board, par) in all {
        let r = solve(&board, Limits::default()).unwrap();
        match r.outcome {
            Outcome::Solved { moves, proven: true } => {
                assert_eq!(moves.len(), par, "{title}");
                assert!(board.settle().0.replay(&moves).unwrap().is_solved());
            }
            other => panic!("{title}: {other:?}"),
        }
    }
}

#[test]
fn shubbles_levels_have_their_shortest_solutions() {
    let all = levels::shubbles();
    assert!(all.len() >= 12);
    assert_eq!(all[0].state.text(), ".........@...o....ooo..xox...");
    for l in all {
        match solve_box(&l.state, 5_000_000) {
            BoxOutcome::Solved(ops) => {
                assert_eq!(Some(ops.len()), l.par, "{}", l.title);
                let run = l.state.run(&ops);
                assert!(run.failure().is_none());
                assert_eq!(run.end().count(tumblebox::shubbles::Content::Shubble), 0);
            }
            other => panic!("{}: {other:?}", l.title),
        }
    }
}

#[test]
fn sokoban_levels_are_solvable() {
    let all = levels::sokoban();
    assert!(all.len() >= 12);
    let mut pushes = Vec::new();
    for m in &all {
        let sol = tumblebox::sokoban::solve::solve(m).expect("solvable");
        let end = m.level.replay(&m.start, &sol.moves).unwrap();
        assert!(m.level.is_solved(&end));
        pushes.push(sol.pushes);
    }
    // Ordered from easy to hard by pushes.
    assert!(pushes.windows(2).all(|w| w[0] <= w[1]), "{pushes:?}");
}

#[test]
fn stacks_levels_start_with_the_seed_examples() {
    let all = levels::stacks();
    assert!(all.len() >= 12);
    let ends: Vec<Option<u32>> = all.iter().take(5).map(|g| g.ending_turn(1000)).collect();
    assert_eq!(ends, vec![None, Some(1), Some(1), Some(2), Some(7)]);
    for g in &all[5..] {
        assert!(g.ending_turn(1000).is_some_and(|t| t >= 2));
    }
}
