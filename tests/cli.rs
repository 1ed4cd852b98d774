//! The command line as a real process on real files.

use std::process::Command;
use tumblebox::sokoban::format::parse_judge as parse_mazes;
use tumblebox::sokoban::rules::Move as SokoMove;
use tumblebox::vexed::format::{parse_judge as parse_vexed, parse_moves};

use crate::common::run;

fn ok(args: &[&str], stdin: &[u8]) -> String {
    let out = run(args, stdin);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// A bad input: exit status 2, nothing on stdout, one line on stderr containing `want`.
fn bad(args: &[&str], stdin: &[u8], want: &str) {
    let out = run(args, stdin);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?} on {:?}: {err}", String::from_utf8_lossy(stdin));
    assert!(out.stdout.is_empty(), "printed an answer for bad input: {:?}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(want), "expected `{want}` in: {err}");
}

const VEXED_SAMPLE: &str = "4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n6 7 SAMPLE-02\n#--Y--#\n#-ZX-X#\n#-##-##\n#-XZ--#\n####YZ#\n#######\n0 0 END\n";

#[test]
fn vexed_judge_reproduces_the_seed() {
    let out = ok(&["vexed", "judge"], VEXED_SAMPLE.as_bytes());
    let lines: Vec<&str> = out.lines().collect();
    // SAMPLE-01 has exactly one minimum solution.
    assert_eq!(lines[0], "SAMPLE-01: Minimum solution length = 2");
    assert_eq!(lines[1], "(B,1,3,L) (A,0,1,R)");
    assert_eq!(lines[2], "SAMPLE-02: Minimum solution length = 9");
    // Four moves per line, single spaces; the moves replay to an empty board.
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[3].split(' ').count(), 4);
    assert_eq!(lines[4].split(' ').count(), 4);
    assert_eq!(lines[5].split(' ').count(), 1);
    let board = &parse_vexed(VEXED_SAMPLE).unwrap()[1].board;
    let moves = parse_moves(&lines[3..].join(" "), 1).unwrap();
    assert_eq!(moves.len(), 9);
    assert!(board.replay(&moves).unwrap().is_solved());
    // The letters printed are the blocks at those places before each move.
    let mut b = board.clone();
    for (text, m) in lines[3..].join(" ").split(' ').zip(&moves) {
        assert_eq!(text, tumblebox::vexed::format::move_text(&b, *m));
        b = b.apply(*m).unwrap().0;
    }
    // And it is the seed's own answer (the first minimum solution in (row, column, L < R) order).
    assert_eq!(
        lines[3..].join(" "),
        "(Y,0,3,R) (Z,4,5,L) (X,1,3,R) (Z,1,2,R) (Z,1,3,R) (X,3,4,R) (X,3,2,R) (X,4,5,L) (X,1,5,L)"
    );
    // Deterministic.
    assert_eq!(out, ok(&["vexed", "judge"], VEXED_SAMPLE.as_bytes()));
}

#[test]
fn vexed_judge_reports_unsolvable_puzzles() {
    let out = ok(&["vexed", "judge"], b"2 5 WALLED\n#A#A#\n#####\n3 4 PAIR\n#A-#\n##A#\n####\n0 0\n");
    assert_eq!(out, "WALLED: No solution\nPAIR: Minimum solution length = 1\n(A,0,1,R)\n");
}

#[test]
fn vexed_judge_reads_files() {
    let dir = std::env::temp_dir().join(format!("tumblebox-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("sample.in");
    std::fs::write(&f, VEXED_SAMPLE).unwrap();
    let out = ok(&["vexed", "judge", f.to_str().unwrap()], b"");
    assert!(out.starts_with("SAMPLE-01: Minimum solution length = 2\n"));
    let missing = dir.join("missing.in");
    bad(&["vexed", "judge", missing.to_str().unwrap()], b"", "cannot read");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn vexed_bad_input() {
    bad(&["vexed", "judge"], b"4 5 X\n#A--#\n##-B\n#AB##\n#####\n0 0\n", "line 3, column 5: expected a row of 5 cells");
    bad(&["vexed", "judge"], b"2 3 X\n#-#\n#%#\n0 0\n", "line 3, column 2");
    bad(&["vexed", "judge"], b"two 3 X\n", "line 1, column 1: expected NR");
    bad(&["vexed", "judge"], b"-2 3 X\n", "line 1, column 1");
    bad(&["vexed", "judge"], b"2 3 X\n#-#\n", "end of the input");
    bad(&["vexed", "judge"], b"2 3 X\n#-#\n#A#\n", "`0 0`");
    bad(&["vexed", "judge"], b"1 3 X\n#\xff#\n0 0\n", "line 2, column 2: expected UTF-8");
    bad(&["vexed", "judge"], b"", "end of the input");
}

const SHUBBLES: &[(&str, &str, &str)] = &[
    (".........@...o....ooo..xox...", "+>|<-v+^+", "o........@..o....oox...xo...."),
    ("x.....o....o@x.....o.o.oooo.o", "-+", "x.....o.....@o...oox...oooo.."),
    (".........@...o....ooo..xox...", "", ".........@...o....ooo..xox..."),
    (".........@...o....ooo..xox...", "+", ".........@......o...ooo...xox"),
];

#[test]
fn shubbles_judge_reproduces_the_worked_examples() {
    for (state, ops, want) in SHUBBLES {
        assert_eq!(ok(&["shubbles", "judge"], format!("{state}\n{ops}\n").as_bytes()), format!("{want}\n"));
    }
    // The second line may be absent.
    assert_eq!(ok(&["shubbles", "judge"], b".........@...o....ooo..xox..."), ".........@...o....ooo..xox...\n");
    let pic = ok(&["shubbles", "judge", "--picture"], b".........@...o....ooo..xox...\n+\n");
    assert_eq!(pic, "  .  .\n .....\n .....\n .o...\n xo.@.\n*ooo..\n x  .\n");
    // The standard orientation: `*` under cell 28.
    let pic = ok(&["shubbles", "judge", "--picture"], b".........@...o....ooo..xox...\n\n");
    assert_eq!(pic, "......\n ...@..\n .o...\n.ooo..\n xox...\n     *\n");
}

#[test]
fn shubbles_failures_print_bang() {
    // The stot in cell 10 goes up to cell 5, then up again into the wall.
    assert_eq!(ok(&["shubbles", "judge"], b".........@...o....ooo..xox...\n^^\n"), "!\n");
    assert_eq!(ok(&["shubbles", "judge", "--picture"], b".........@...o....ooo..xox...\n^^\n"), "!\n");
    // A smole in cell 28 with the box standing: it is not at rest, so that input is refused;
    // but a smole that slides to cell 28 and drops out gives `!`: cell 29's smole, `-` then `+`.
    assert_eq!(ok(&["shubbles", "judge"], b"x.....o....o@......o.o.oooo.x\n-+\n"), "!\n");
}

#[test]
fn shubbles_bad_input() {
    bad(&["shubbles", "judge"], b"....\n+\n", "line 1, column 5: expected a state of exactly 29");
    bad(&["shubbles", "judge"], b".........@...o....ooo..xox...\n+*\n", "line 2, column 2: expected an operation");
    bad(&["shubbles", "judge"], b"...............o....ooo..xox.\n\n", "stot");
    bad(&["shubbles", "judge"], b"", "line 1");
    bad(&["shubbles", "judge"], b".........@...o....ooo..xox...\n+\nmore\n", "line 3");
}

#[test]
fn sokoban_judge_matches_the_sample_and_the_optimal_costs() {
    let Some(dir) = crate::common::data_dir("pushing-boxes") else {
        return;
    };
    let sample = std::fs::read(dir.join("uva589-sample.in")).unwrap();
    let expected = std::fs::read_to_string(dir.join("uva589-sample.out")).unwrap();
    let got = ok(&["sokoban", "judge"], &sample);
    // Any optimal answer is accepted; ours coincides with the published sample.
    assert_eq!(got, expected);

    let costs = std::fs::read_to_string(dir.join("derived-optimal-costs.txt")).unwrap();
    let mut checked = 0;
    for file in ["uva589-sample.in", "uva-board-fh-walks.in", "community-extra.in", "metaphysis-uva589-in.txt"] {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let mazes = parse_mazes(&text).unwrap();
        let out = ok(&["sokoban", "judge", path.to_str().unwrap()], b"");
        let blocks: Vec<&str> = out.split_terminator("\n\n").collect();
        assert_eq!(blocks.len(), mazes.len(), "{file}");
        for (k, (block, maze)) in blocks.iter().zip(&mazes).enumerate() {
            let mut lines = block.lines();
            assert_eq!(lines.next(), Some(format!("Maze #{}", k + 1).as_str()));
            let answer = lines.next().unwrap();
            assert_eq!(lines.next(), None);
            let want = costs
                .lines()
                .find(|l| l.starts_with(&format!("{file} {} ", k + 1)))
                .unwrap_or_else(|| panic!("no cost for {file} {}", k + 1));
            let want: Vec<&str> = want.split_whitespace().skip(2).collect();
            if want == ["Impossible."] {
                assert_eq!(answer, "Impossible.", "{file} maze {}", k + 1);
            } else {
                let moves: Vec<SokoMove> = answer.chars().map(|c| SokoMove::from_char(c).unwrap()).collect();
                let end = maze.level.replay(&maze.start, &moves).unwrap();
                assert!(maze.level.is_solved(&end), "{file} maze {}", k + 1);
                let pushes = moves.iter().filter(|m| m.push).count();
                assert_eq!([pushes.to_string(), moves.len().to_string()], [want[0], want[1]], "{file} maze {}", k + 1);
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 4 + 8 + 3 + 26);
}

#[test]
fn sokoban_bad_input() {
    bad(&["sokoban", "judge"], b"1 3\nSB\n0 0\n", "line 2, column 3");
    bad(&["sokoban", "judge"], b"1 4\nSBTB\n0 0\n", "line 2, column 4: expected one `B`, found a second");
    bad(&["sokoban", "judge"], b"1 3\n.BT\n0 0\n", "expected one `S`");
    bad(&["sokoban", "judge"], b"21 3\n", "line 1, column 1: expected r (the number of rows) from 0 to 20");
    bad(&["sokoban", "judge"], b"1 7\nSB....T\n", "`0 0`");
    // A good maze before a bad one: still no answer at all.
    bad(&["sokoban", "judge"], b"1 7\nSB....T\n1 2\nS?\n0 0\n", "line 4, column 2");
}

const NEW_GAME_2: &[(&str, &str)] = &[
    ("4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n", "-1"),
    ("4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n1 4 1\n", "1"),
    ("4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n2 4 3\n", "1"),
    ("4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n3 3 3\n", "2"),
    (
        "6 10\n0 1 2 0 1 1\n1 2 0 1 1 0\n2 1 0 1 1 0\n1 0 1 1 0 2\n2 0 1 2 0 1\n0 2 1 0 2 1\n1 1 1\n2 2 2\n3 3 4\n4 4 1\n5 5 3\n6 6 2\n1 6 3\n6 1 2\n2 4 3\n4 2 1\n",
        "7",
    ),
];

#[test]
fn stacks_judge_reproduces_the_seed_examples() {
    for (input, want) in NEW_GAME_2 {
        assert_eq!(ok(&["stacks", "judge"], input.as_bytes()), format!("{want}\n"));
    }
}

#[test]
fn stacks_judge_on_the_17780_examples() {
    let Some(dir) = crate::common::data_dir("new-game-2") else {
        return;
    };
    let derived = std::fs::read_to_string(dir.join("derived-17837-rules-on-17780-inputs.txt")).unwrap();
    for i in 1..=6 {
        let input = dir.join(format!("boj17780-example{i}.in"));
        let want = std::fs::read_to_string(dir.join(format!("boj17780-example{i}.out"))).unwrap();
        let path = input.to_str().unwrap();
        assert_eq!(ok(&["stacks", "judge", "--bottom-only", path], b"").trim(), want.trim(), "17780 example {i}");
        let want17837 = derived.lines().find_map(|l| l.strip_prefix(&format!("example{i} "))).unwrap();
        assert_eq!(ok(&["stacks", "judge", path], b"").trim(), want17837.trim(), "17837 rules, example {i}");
    }
}

#[test]
fn stacks_bad_input() {
    bad(&["stacks", "judge"], b"13 4\n", "line 1, column 1: expected N (the board size) from 4 to 12, found 13");
    bad(&["stacks", "judge"], b"4 4\n0 0 0 0\n0 x 0 0\n", "line 3, column 3");
    bad(&["stacks", "judge"], b"4 4\n0 0 0 0\n0 0 0 0\n", "end of the input");
}

#[test]
fn help_everywhere_and_no_arguments() {
    for args in [&["--help"][..], &["vexed", "--help"], &["vexed", "judge", "--help"], &["stacks", "judge", "--help"]] {
        let out = ok(args, b"");
        assert!(out.contains("Usage"), "{args:?}");
    }
    // No arguments opens the window; with no display it says so, exit status 2, no panic.
    let out = Command::new(env!("CARGO_BIN_EXE_tumblebox"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cannot open the window: no display") && err.contains("--help"), "{err}");
}

#[test]
fn vexed_solve_and_bench() {
    let Some(dir) = crate::common::data_dir("vexed-levels") else { return };
    let palm = dir.join("palm/Classic Levels.ini");
    let out = ok(&["vexed", "solve", palm.to_str().unwrap(), "--level", "1"], b"");
    // "Good Night": par 4 in both tables; the solver proves 4.
    assert!(out.starts_with("Good Night (level 1 of"), "{out}");
    assert!(out.contains("length: 4 (proven optimal"), "{out}");
    let palm_line = out.lines().find_map(|l| l.strip_prefix("palm: ")).unwrap();
    let text = tumblebox::vexed::format::latin1(&std::fs::read(&palm).unwrap());
    let board = tumblebox::vexed::format::parse_palm(&text).unwrap()[0].board.clone();
    let moves = tumblebox::vexed::format::parse_palm_moves(palm_line).unwrap();
    assert!(board.settle().0.replay(&moves).unwrap().is_solved());
    // A state limit that is too small: exit status 3 and says so.
    let out = run(&["vexed", "solve", palm.to_str().unwrap(), "--level", "50", "--max-states", "10"], b"");
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stdout).contains("state limit"));
    bad(&["vexed", "solve", palm.to_str().unwrap(), "--level", "99"], b"", "expected --level from 1 to 59");

    // Bench over a folder holding one small pack.
    let tmp = std::env::temp_dir().join(format!("tumblebox-bench-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::copy(dir.join("android/childrens_pack.txt"), tmp.join("childrens_pack.txt")).unwrap();
    let csv = tmp.join("out.csv");
    let out = ok(&["vexed", "bench", tmp.to_str().unwrap(), "--csv", csv.to_str().unwrap(), "--jobs", "2"], b"");
    let row = out.lines().find(|l| l.starts_with("childrens_pack")).unwrap();
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(&cols[1..7], ["60", "60", "60", "60", "0", "0"], "{out}");
    let csv_text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(csv_text.lines().next(), Some("pack,index,title,par,length,proven,states,millis,limit"));
    assert_eq!(csv_text.lines().count(), 61);
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn vexed_prove() {
    let Some(dir) = crate::common::data_dir("vexed-levels") else { return };
    // Proven by the first search already.
    let palm = dir.join("palm/Classic Levels.ini");
    let out = ok(&["vexed", "prove", palm.to_str().unwrap(), "--level", "1"], b"");
    assert!(out.contains("length: 4 (proven optimal by the first search"), "{out}");
    // Classic II #7 "Ontario": a first search too short for a proof leaves a longer solution;
    // the sweep proves 28 optimal and traces it. The printed moves replay here.
    // The second, recorded sweep traces the solution back through its work files, which are
    // gone afterwards.
    let pack = dir.join("android/classic_ii_levels.txt");
    let work = std::env::temp_dir().join(format!("tumblebox-test-ontario-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    let out = ok(
        &[
            "vexed",
            "prove",
            pack.to_str().unwrap(),
            "--level",
            "7",
            "--search-time",
            "0.05",
            "--work-dir",
            work.to_str().unwrap(),
        ],
        b"",
    );
    assert!(out.contains("length: 28 (proven optimal by the sweep, shorter than"), "{out}");
    assert!(out.contains("sweep 2: "), "{out}");
    assert_eq!(std::fs::read_dir(&work).unwrap().count(), 0, "the work files are removed");
    std::fs::remove_dir(&work).unwrap();
    let text = tumblebox::vexed::format::latin1(&std::fs::read(&pack).unwrap());
    let board = tumblebox::vexed::format::parse_android(&text).unwrap()[6].board.settle().0;
    let listed: String = out.lines().filter(|l| l.starts_with('(')).collect::<Vec<_>>().join(" ");
    let moves = parse_moves(&listed, 1).unwrap();
    assert_eq!(moves.len(), 28);
    assert!(board.replay(&moves).unwrap().is_solved());
    // --below: one recorded sweep, no first search. Below 29 it traces the 28; below 28 it
    // finds nothing; a length of 0 is refused before anything runs.
    let out = ok(&["vexed", "prove", pack.to_str().unwrap(), "--level", "7", "--below", "29"], b"");
    assert!(out.contains("length: 28 (proven optimal by the sweep below 29"), "{out}");
    assert!(!out.contains("first search"), "{out}");
    let listed: String = out.lines().filter(|l| l.starts_with('(')).collect::<Vec<_>>().join(" ");
    assert!(board.replay(&parse_moves(&listed, 1).unwrap()).unwrap().is_solved());
    let out = ok(&["vexed", "prove", pack.to_str().unwrap(), "--level", "7", "--below", "28"], b"");
    assert!(out.contains("no solution of fewer than 28 moves"), "{out}");
    let out = run(&["vexed", "prove", pack.to_str().unwrap(), "--level", "7", "--below", "0"], b"");
    assert_eq!(out.status.code(), Some(2));
    // A sweep held to 1000 positions stops: exit status 3, and it says so.
    let out = run(
        &["vexed", "prove", pack.to_str().unwrap(), "--level", "7", "--search-time", "0.05", "--max-states", "1000"],
        b"",
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stdout).contains("not proven: the sweep's state limit"));
}

/// `tumblebox FILE` opens the window on a level file; a word that is neither a file nor a
/// command is an error (exit 2) before any window opens.
#[test]
fn certify_proves_the_pars_a_pack_was_made_with() {
    // The built-in Vexed pack is Android lines `title;board;par`, the pars certified when the
    // pack was generated: certify proves each again.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/levels/vexed.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let pars: Vec<&str> =
        text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.rsplit(';').next().unwrap()).collect();
    let out = ok(&["certify", path], b"");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), pars.len(), "{out}");
    for (i, (line, par)) in lines.iter().zip(&pars).enumerate() {
        assert!(line.starts_with(&format!("{} ", i + 1)), "{line}");
        assert!(line.ends_with(&format!("par {par} moves (proven optimal)")), "{line}");
    }
    // One level; a level the file does not have is bad input.
    let one = ok(&["certify", path, "--level", "2"], b"");
    assert_eq!(one.lines().collect::<Vec<_>>(), vec![lines[1]]);
    bad(&["certify", path, "--level", "99"], b"", "has levels 1 to");
}

#[test]
fn a_level_file_the_loader_cannot_read_is_refused_before_the_window_opens() {
    let dir = std::env::temp_dir().join(format!("tumblebox-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.xsb");
    // Two players in an XSB row: Sokoban's own error, with its line.
    std::fs::write(&bad, "#####\n#@@.#\n#####\n").unwrap();
    let out = run(&[bad.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bad.xsb: line 2"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mistyped_command_is_not_opened_as_a_file() {
    let out = run(&["vexd"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("vexd: no such file (and not a command"), "{err}");
    // And a command with a level-file argument still parses as the command.
    let out = run(&["vexed", "solve"], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// `sokoban bench --shard I/N` runs interleaved slices keeping the file's indexes; `--merge`
/// joins their CSVs into the whole collection's summary and CSV, each level once.
#[test]
fn sokoban_bench_shards_and_merges() {
    let d = std::env::temp_dir().join(format!("tumblebox-shard-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let levels = d.join("five.xsb");
    let room = |n: usize| {
        format!("; Room {n}\n\n{}\n#@{}$.#\n{}\n\n", "#".repeat(n + 4), " ".repeat(n - 1), "#".repeat(n + 4))
    };
    std::fs::write(&levels, (1..=5).map(room).collect::<String>()).unwrap();
    let p = |x: &std::path::PathBuf| x.to_str().unwrap().to_string();
    let shard = |i: usize| {
        let csv = d.join(format!("s{i}.csv"));
        let out =
            ok(&["sokoban", "bench", &p(&levels), "--shard", &format!("{i}/2"), "--csv", &p(&csv), "--jobs", "1"], b"");
        assert!(out.contains(&format!("shard {i}/2: {} of the 5 levels", if i == 1 { 3 } else { 2 })), "{out}");
        let text = std::fs::read_to_string(&csv).unwrap();
        let idx: Vec<String> = text.lines().skip(1).map(|l| l.split(',').nth(1).unwrap().to_string()).collect();
        (csv, idx)
    };
    let ((a, ia), (b, ib)) = (shard(1), shard(2));
    assert_eq!((ia, ib), (vec!["1".to_string(), "3".into(), "5".into()], vec!["2".to_string(), "4".into()]));
    let merged = d.join("all.csv");
    let out = ok(&["sokoban", "bench", "--merge", &p(&a), &p(&b), "--csv", &p(&merged)], b"");
    assert!(out.starts_with("five.xsb: 5/5 solved,"), "{out}");
    assert!(out.contains("merged from 2 files"), "{out}");
    let text = std::fs::read_to_string(&merged).unwrap();
    let idx: Vec<&str> = text.lines().skip(1).map(|l| l.split(',').nth(1).unwrap()).collect();
    assert_eq!(idx, ["1", "2", "3", "4", "5"]);
    // Each shard once; a shard that is not I/N; a CSV that is not a bench's.
    bad(&["sokoban", "bench", "--merge", &p(&a), &p(&a)], b"", "merge each shard once");
    bad(&["sokoban", "bench", &p(&levels), "--shard", "3/2"], b"", "expected I/N with 1 <= I <= N");
    let junk = d.join("junk.csv");
    std::fs::write(&junk, "a,b\n1,2\n").unwrap();
    bad(&["sokoban", "bench", "--merge", &p(&junk)], b"", "line 1: expected the header");
    // A row a limit stopped: the merged bench says so in its status, 3.
    let stopped = d.join("stopped.csv");
    let first = text.lines().nth(1).unwrap();
    let cut: Vec<&str> = first.split(',').collect();
    let row1 = format!("{},{},{},{},false,,,false,{},,time", cut[0], cut[1], cut[2], cut[3], cut[8]);
    std::fs::write(&stopped, text.replacen(first, &row1, 1)).unwrap();
    let o = run(&["sokoban", "bench", "--merge", &p(&stopped)], b"");
    assert_eq!(o.status.code(), Some(3), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(String::from_utf8_lossy(&o.stdout).contains("unsolved: 1 (time)"));
    std::fs::remove_dir_all(&d).unwrap();
}
