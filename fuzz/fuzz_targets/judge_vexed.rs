//! The Vexed judge's whole path: read, solve under small limits (with the tie-break), print.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::time::Duration;
use tumblebox::vexed::solve::Limits;

fuzz_target!(|data: &[u8]| {
    let limits = Limits { max_states: Some(5_000), time: Some(Duration::from_millis(20)) };
    if let Ok(answer) = tumblebox::judge::vexed(data, limits) {
        // Every printed solution replays to an empty board.
        let text = tumblebox::input::decode(data).unwrap();
        let puzzles = tumblebox::vexed::format::parse_judge(&text).unwrap();
        let mut lines = answer.text.lines().peekable();
        for p in &puzzles {
            let Some(head) = lines.peek() else { break };
            if !head.starts_with(&format!("{}: ", p.name)) {
                continue; // stopped by a limit: no answer
            }
            let head = lines.next().unwrap();
            let Some(n) = head.rsplit("= ").next().and_then(|n| n.parse::<usize>().ok()) else { continue };
            let mut moves = Vec::new();
            while moves.len() < n {
                let l = lines.next().expect("the moves follow");
                moves.extend(tumblebox::vexed::format::parse_moves(l, 1).expect("printed moves parse"));
            }
            assert!(p.board.settle().0.replay(&moves).expect("printed moves are legal").is_solved());
        }
    }
});
