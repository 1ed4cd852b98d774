//! The stacks judge's whole path under both rules, the multi-board reader and the move reader.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tumblebox::stacks::{Rule, format};

fuzz_target!(|data: &[u8]| {
    for rule in [Rule::CarryAbove, Rule::BottomOnly] {
        if let Ok(out) = tumblebox::judge::stacks(data, rule) {
            let t: i64 = out.trim().parse().expect("a turn number");
            assert!(t == -1 || (0..=1000).contains(&t));
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(games) = format::parse_many(text, Rule::CarryAbove) {
            for g in games.iter().take(3) {
                let _ = format::parse(&format::write(g), Rule::CarryAbove).expect("written boards read back");
            }
        }
        let _ = format::parse_moves(text, 10, 1);
    }
});
