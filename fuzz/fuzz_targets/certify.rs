//! `certify` on whatever the loader reads, with tiny bounds: a verdict for every level, never
//! a panic; a par comes with a solution length at least the bound, and "unsolvable" only when
//! no limit stopped the search.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::time::Duration;
use tumblebox::certify::{Bounds, Certify, Verdict};
use tumblebox::loader::Loaded;

fn run(c: &dyn Certify) -> Verdict {
    let bounds = Bounds { time: Duration::from_millis(20), max_states: 5_000, max_turns: 200 };
    let v = c.certify(bounds, &AtomicBool::new(false), &AtomicUsize::new(0));
    if let Verdict::Par { par, bound, proven, .. } = &v {
        assert!(bound <= par);
        assert!(!proven || bound == par);
    }
    v
}

fuzz_target!(|data: &[u8]| {
    match tumblebox::loader::load(data) {
        Ok(Loaded::Vexed(_, levels)) => levels.iter().take(2).for_each(|l| {
            run(&l.board.settle().0);
        }),
        Ok(Loaded::Shubbles(levels)) => levels.iter().take(2).for_each(|l| {
            run(&l.state);
        }),
        Ok(Loaded::Mazes(mazes)) => mazes.into_iter().take(2).for_each(|m| {
            run(&tumblebox::sokoban::scene::Game::new(m, false));
        }),
        Ok(Loaded::Xsb(levels)) => levels.into_iter().take(2).for_each(|l| {
            run(&tumblebox::sokoban::scene::Game::new(l.maze, true));
        }),
        Ok(Loaded::Stacks(games)) => games.into_iter().take(2).for_each(|game| {
            run(&tumblebox::stacks::play::StacksPlay { game, next: 0, turn: 1 });
        }),
        _ => {}
    }
});
