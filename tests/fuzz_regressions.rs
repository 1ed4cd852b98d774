//! Inputs that once broke a reader or a judge (found by the fuzz targets in `fuzz/`, or by hand
//! while hardening), run through the same paths and checks as the fuzz targets, on stable.
//! A new crash from `cargo +nightly fuzz run TARGET` goes in `CASES` with the target's name.

use std::time::Duration;
use tumblebox::judge::Verdict;
use tumblebox::stacks::Rule;
use tumblebox::vexed::solve::Limits;

/// (target, input). Targets as in `fuzz/fuzz_targets/`.
const CASES: &[(&str, &[u8])] = &[
    // Found by `vexed_formats`: an Android line with an empty board gave a 1 x 0 grid, which
    // `android_line` indexed out of range. Empty boards are now refused.
    ("vexed_formats", b"Ho\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xffme On ~X-as;;77\r\nIndescr\x9abably;X/X..hb.X/XbfaX.e;23\r\nIf I Can? Dream;a.;24\r\x00D.Xe\xef\xbb\xbf"),
    // Found by `judge_vexed`: two puzzles of one name, the first stopped by a limit; the
    // answer now says per puzzle what it got (`Answer::verdicts`).
    ("judge_vexed", b"\n\n6 7 SAMPLE-02\n#--YcX-\n#-ZX-X#\nc-##-##\n#Z--X-#\n##X-YZc\n#######\n06 7 SAMPLE-02\n#--Y#X-\n#-ZX-X#\nc-##-##\n#Z--X-#\n##X-YZc\n#######\n0 0 END\n"),
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
            assert_eq!(puzzles.len(), answer.verdicts.len());
            for (p, v) in puzzles.iter().zip(&answer.verdicts) {
                if let Verdict::Minimum { moves, .. } = v {
                    assert!(p.board.settle().0.replay(moves).unwrap().is_solved());
                }
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
    let ok =
        tumblebox::judge::vexed(b"\n\n4 5 S\n#A--#\n##-B#\n#AB##\n#####\n0 0 END\n\n\n", Limits::default()).unwrap();
    assert_eq!(ok.text, "S: Minimum solution length = 2\n(B,1,3,L) (A,0,1,R)\n");
    let e = tumblebox::judge::vexed(b"4 5 S\n#A--#\n##-B#\n#AB##\n#####\n0 0\nmore\n", Limits::default()).unwrap_err();
    assert!(e.to_string().starts_with("line 7, column 1: expected nothing after the final `0 0` line"), "{e}");
    // The wrapped wall run, the empty Android board and the tall one are refused.
    let palm = b"[Level]\nboard=18446744073709551626/10/3ba~~3/5~~3/3~~~~3/3a~~b3/4ab4/10\n";
    assert!(tumblebox::vexed::format::parse_any(palm).is_err());
    let e = tumblebox::vexed::format::parse_any(b"Empty;;77\r\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, Some(7)));
    let tall = format!("T;{};1\n", vec!["a"; 65].join("/"));
    let e = tumblebox::vexed::format::parse_any(tall.as_bytes()).unwrap_err();
    assert!(e.message.contains("at most 64 rows"), "{e}");
    // An all-wall board writes as one wall cell, which reads back.
    let board = tumblebox::vexed::format::parse_judge("2 2 W\n##\n##\n0 0\n").unwrap()[0].board.clone();
    let line = tumblebox::vexed::format::android_line("W", &board, 0);
    assert_eq!(line, "W;X;0");
    assert!(tumblebox::vexed::format::parse_android(&line).unwrap()[0].board.is_solved());
    // CR-only with a BOM reads like LF.
    let cr = b"\xef\xbb\xbf\r\r4 5 X\r#A--#\r##-B#\r#AB##\r#####\r0 0\r";
    assert_eq!(tumblebox::vexed::format::parse_any(cr).unwrap().1.len(), 1);
    // Three pieces travel together on row 1, the fourth on row 2: never four on a square.
    let board = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n2 1 1\n";
    assert_eq!(tumblebox::judge::stacks(board.replace('\n', "\r").as_bytes(), Rule::CarryAbove).unwrap(), "-1\n");
    let e = tumblebox::judge::stacks(format!("{board}0 0\n").as_bytes(), Rule::CarryAbove).unwrap_err();
    assert_eq!(e.line, 10);
    // Two puzzles of one name, the first stopped: each verdict in its place.
    let twice = "6 7 P\n#--Y--#\n#-ZX-X#\n#-##-##\n#-XZ--#\n####YZ#\n#######\n4 5 P\n#A--#\n##-B#\n#AB##\n#####\n0 0\n";
    let a = tumblebox::judge::vexed(twice.as_bytes(), Limits { max_states: Some(30), time: None }).unwrap();
    assert_eq!(a.verdicts[0], Verdict::Stopped);
    assert!(matches!(&a.verdicts[1], Verdict::Minimum { moves, first: true } if moves.len() == 2));
    assert_eq!(a.text, "P: Minimum solution length = 2\n(B,1,3,L) (A,0,1,R)\n");
}

/// Found by the `save` fuzz target: a move holding NUL characters read, then wrote back as
/// spaces, which read as a second word. A save holds no control character, so what is read
/// writes back to a save that reads the same.
#[test]
fn a_save_with_a_control_character_is_refused_and_every_read_save_writes_back() {
    use tumblebox::save::Save;
    let level = "tumblebox save 1\ngame sokoban\ntitle T\nlevel\n| 1 3\n| SBT\n| 0 0\n";
    let e = Save::parse(&format!("{level}move e\0\0ver\nend\n")).unwrap_err();
    assert_eq!((e.line, e.column), (8, Some(7)));
    assert!(e.to_string().contains("\\0"), "{e}");
    let good = Save::parse(&format!("{level}move e\tsolver\nend\n")).unwrap();
    assert_eq!(Save::parse(&good.write()).unwrap(), good);
}
