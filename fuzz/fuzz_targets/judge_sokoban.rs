//! The pushing-boxes judge's whole path, and the move reader of `sokoban export`.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(out) = tumblebox::judge::sokoban(data) {
        let text = tumblebox::input::decode(data).unwrap();
        let mazes = tumblebox::sokoban::format::parse_judge(&text).unwrap();
        assert_eq!(out.matches("Maze #").count(), mazes.len());
        for m in &mazes {
            let _ = tumblebox::sokoban::format::write(m);
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = tumblebox::sokoban::rules::parse_moves(text);
    }
});
