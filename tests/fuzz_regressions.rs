//! Inputs that once broke a reader or a judge (found by the fuzz targets in `fuzz/`, or by hand
//! while hardening), run through the same paths and checks as the fuzz targets, on stable.
//! A new crash from `cargo +nightly fuzz run TARGET` goes in `CASES` with the target's name.

use std::time::Duration;
use tumblebox::stacks::Rule;
use tumblebox::vexed::solve::Limits;

/// (target, input). Targets as in `fuzz/fuzz_targets/`.
const CASES: &[(&str, &[u8])] = &[
    // A Palm wall run of 2^64 + 10 once wrapped round to 10 and was read as a full wall row.
    ("vexed_formats", b"[Level]\nboard=18446744073709551626/10/3ba~~3/5~~3/3~~~~3/3a~~b3/4ab4/10\n"),
    // A Palm board line indented with tabs: columns count the indentation.
    ("vexed_formats", b"[Level]\n\t\tboard=10/10/3b\x00~~3/5~~3/3~~~~3/3a~~b3/4ab4/10\n"),
    // Android boards past 64 rows or columns are refused before they are built or settled.
    ("vexed_formats", b"T;a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a/b/b/a/a;1\n"),
    ("vexed_formats", b"(B,1,3,L"),
    ("vexed_formats", b"\xef\xbb\xbf\r\r4 5 X\r#A--#\r##-B#\r#AB##\r#####\r0 0\r"),
    // A terminator with a name, blank lines after it; then text after it (an error).
    ("judge_vexed", b"\n\n4 5 S\n#A--#\n##-B#\n#AB##\n#####\n0 0 END\n\n\n"),
    ("judge_vexed", b"4 5 S\n#A--#\n##-B#\n#AB##\n#####\n0 0\nmore\n"),
    // Bound 0 with blocks left: the tie-break must not underflow its move budget.
    ("judge_vexed", b"4 4 Z\n#A-#\n#-##\n#A-#\n####\n0 0\n"),
    ("judge_vexed", b"3 3 W\n#A#\n#A#\n###\n0 0\n"),
    ("judge_vexed", b"0 0"),
    ("judge_vexed", b""),
    ("judge_vexed", b"\x1b[2J1 1 \x00\n-\n0 0\n"),
    ("judge_sokoban", b"1 3\r\nSBT\r\n0 0 END\r\n"),
    ("judge_sokoban", b"20 20\n"),
    ("judge_sokoban", b"1 3\nSBT\n1 3\nTBS\n0 0\n"),
    ("judge_stacks", b"\xef\xbb\xbf4 4\r0 0 0 0\r0 0 0 0\r0 0 0 0\r0 0 0 0\r1 1 1\r1 2 1\r1 3 1\r2 1 1\r"),
    ("judge_stacks", b"4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n2 1 1\n0 0\n"),
    ("judge_shubbles", b"\n\n.........@...o....ooo..xox...\n+\n\n"),
    ("judge_shubbles", b".........@...o....ooo..xox...\n+\nextra\n"),
    ("judge_shubbles", b"\xef\xbb\xbf.........@...o....ooo..xox...\r\r"),
    ("input", b"\r\n\r\r\n\xef\xbb\xbf\xef\xbb\xbf"),
];

/// What every error must look like: one line, no control characters, short.
fn clean(msg: &str) {
    assert!(!msg.chars().any(|c| c.is_control()), "a control character in {msg:?}");
    assert!(msg.len() < 400, "a long message: {} bytes", msg.len());
}

fn vexed_formats(data: &[u8]) {
    use tumblebox::vexed::format;
    match format::parse_any(data) {
        Ok((_, levels)) => {
            for l in &levels {
                assert!(l.board.rows() <= 64 && l.board.cols() <= 64);
                let _ = l.board.settle();
            }
        }
        Err(e) => clean(&e.to_string()),
    }
    if let Ok(text) = std::str::from_utf8(data)
        && let Err(e) = format::parse_any_moves_placed(text)
    {
        clean(&e.to_string());
    }
}

fn judge_vexed(data: &[u8]) {
    let limits = Limits { max_states: Some(5_000), time: Some(Duration::from_millis(200)) };
    match tumblebox::judge::vexed(data, limits) {
        Ok(answer) => {
            let text = tumblebox::input::decode(data).unwrap();
            let puzzles = tumblebox::vexed::format::parse_judge(&text).unwrap();
            let lines: Vec<&str> = answer.text.lines().collect();
            let mut i = 0;
            for p in &puzzles {
                let Some(head) = lines.get(i).filter(|h| h.starts_with(&format!("{}: ", p.name))) else { continue };
                i += 1;
                let Some(n) = head.rsplit("= ").next().and_then(|n| n.parse::<usize>().ok()) else { continue };
                let mut moves = Vec::new();
                while moves.len() < n {
                    moves.extend(tumblebox::vexed::format::parse_moves(lines[i], 1).unwrap());
                    i += 1;
                }
                assert!(p.board.settle().0.replay(&moves).unwrap().is_solved());
            }
        }
        Err(e) => clean(&e.to_string()),
    }
}

fn judge(target: &str, data: &[u8]) {
    match target {
        "vexed_formats" => vexed_formats(data),
        "judge_vexed" => judge_vexed(data),
        "judge_sokoban" => {
            if let Err(e) = tumblebox::judge::sokoban(data) {
                clean(&e.to_string());
            }
        }
        "judge_stacks" => {
            for rule in [Rule::CarryAbove, Rule::BottomOnly] {
                if let Err(e) = tumblebox::judge::stacks(data, rule) {
                    clean(&e.to_string());
                }
            }
        }
        "judge_shubbles" => {
            for picture in [false, true] {
                if let Err(e) = tumblebox::judge::shubbles(data, picture) {
                    clean(&e.to_string());
                }
            }
        }
        "input" => {
            let norm = tumblebox::input::normalize(data);
            assert!(!norm.contains(&b'\r'));
            if let Err(e) = tumblebox::input::decode(data) {
                clean(&e.to_string());
            }
        }
        other => panic!("no fuzz target {other}"),
    }
}

#[test]
fn every_recorded_case_runs_clean() {
    for (target, data) in CASES {
        judge(target, data);
    }
}

#[test]
fn the_recorded_cases_answer_what_they_should() {
    // The terminator with a name and trailing blank lines is accepted; text after it is not.
    let ok = tumblebox::judge::vexed(CASES[5].1, Limits::default()).unwrap();
    assert_eq!(ok.text, "S: Minimum solution length = 2\n(B,1,3,L) (A,0,1,R)\n");
    let e = tumblebox::judge::vexed(CASES[6].1, Limits::default()).unwrap_err();
    assert!(e.to_string().starts_with("line 7, column 1: expected nothing after the final `0 0` line"), "{e}");
    // The wrapped wall run is refused.
    assert!(tumblebox::vexed::format::parse_any(CASES[0].1).is_err());
    // The tall Android board is refused.
    let e = tumblebox::vexed::format::parse_any(CASES[2].1).unwrap_err();
    assert!(e.message.contains("at most 64 rows"), "{e}");
    // CR-only with a BOM reads like LF.
    let (_, levels) = tumblebox::vexed::format::parse_any(CASES[4].1).unwrap();
    assert_eq!(levels.len(), 1);
    // Three pieces travel together on row 1, the fourth on row 2: never four on a square.
    assert_eq!(tumblebox::judge::stacks(CASES[15].1, Rule::CarryAbove).unwrap(), "-1\n");
    let e = tumblebox::judge::stacks(CASES[16].1, Rule::CarryAbove).unwrap_err();
    assert_eq!(e.line, 10);
}
