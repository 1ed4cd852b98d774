//! Sokoban's own formats: XSB collections (and UVa 589 through `parse_any`), LURD moves and
//! their run-length form. A level that parses writes back to XSB that parses to the same
//! maze; moves that parse are played through the rules; run-length text reads back the same.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tumblebox::sokoban::xsb;

fuzz_target!(|data: &[u8]| {
    let (levels, moves) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(text) = std::str::from_utf8(levels) else { return };
    if let Ok(levels) = xsb::parse_any(text) {
        for l in levels.iter().take(4) {
            let written = xsb::write_level(&l.title, &l.maze);
            let back = xsb::parse_collection(&written).expect("a written level reads back");
            assert_eq!(back.len(), 1);
            assert_eq!(back[0].maze, l.maze);
            if let Ok(m) = std::str::from_utf8(moves)
                && let Ok(placed) = xsb::parse_lurd_placed(m)
            {
                let ms: Vec<_> = placed.iter().map(|p| p.0).collect();
                if l.maze.level.replay(&l.maze.start, &ms).is_ok() {
                    assert_eq!(xsb::parse_lurd(&xsb::rle_text(&ms), 1).expect("run-length reads back"), ms);
                }
            }
        }
    }
    let _ = xsb::parse_lurd(text, 1);
    let _ = tumblebox::sokoban::rules::parse_moves(text);
});
