//! Every Vexed reader: World Finals, Palm `.ini`, Android `.txt` (recognised by content, as
//! File › Open and `vexed solve` do), and both move notations; a board that parses is settled
//! and its moves, if they parse, are played.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tumblebox::vexed::format;

fuzz_target!(|data: &[u8]| {
    let (levels, moves) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    if let Ok((_, levels)) = format::parse_any(levels) {
        for l in levels.iter().take(4) {
            let board = l.board.settle().0;
            if let Ok(text) = std::str::from_utf8(moves)
                && let Ok(ms) = format::parse_any_moves_placed(text)
            {
                let _ = board.replay(&ms.iter().map(|m| m.0).collect::<Vec<_>>());
            }
            if let Some(s) = &l.solution {
                let _ = format::parse_palm_moves(s);
            }
            let _ = format::android_line(&l.title, &board, 0);
            let _ = format::to_judge_text(&l.title, &board);
        }
    }
    let text = tumblebox::vexed::format::latin1(data);
    let _ = format::parse_palm(&text);
    let _ = format::parse_android(&text);
    let _ = format::parse_moves(&text, 1);
});
