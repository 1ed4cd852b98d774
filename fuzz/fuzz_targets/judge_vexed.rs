//! The Vexed judge's whole path: read, solve under small limits (with the tie-break), print.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::time::Duration;
use tumblebox::judge::Verdict;
use tumblebox::vexed::solve::Limits;

fuzz_target!(|data: &[u8]| {
    let limits = Limits { max_states: Some(5_000), time: Some(Duration::from_millis(20)) };
    if let Ok(answer) = tumblebox::judge::vexed(data, limits) {
        let text = tumblebox::input::decode(data).unwrap();
        let puzzles = tumblebox::vexed::format::parse_judge(&text).unwrap();
        assert_eq!(puzzles.len(), answer.verdicts.len());
        let mut printed = String::new();
        for (p, v) in puzzles.iter().zip(&answer.verdicts) {
            match v {
                // Every printed solution replays to an empty board, and is what is printed.
                Verdict::Minimum { moves, .. } => {
                    let start = p.board.settle().0;
                    assert!(start.replay(moves).expect("printed moves are legal").is_solved());
                    printed.push_str(&format!("{}: Minimum solution length = {}\n", p.name, moves.len()));
                    for l in tumblebox::vexed::format::solution_lines(&start, moves) {
                        printed.push_str(&l);
                        printed.push('\n');
                    }
                }
                Verdict::NoSolution => printed.push_str(&format!("{}: No solution\n", p.name)),
                Verdict::Stopped => {}
            }
        }
        assert_eq!(printed, answer.text);
    }
});
