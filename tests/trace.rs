//! `tumblebox GAME trace`: the physical steps, one a line, checked against the seeds'
//! examples and hand-worked cases, and against the rules' own results.

use serde_json::Value;

use crate::common::run;

fn lines(args: &[&str], stdin: &[u8]) -> Vec<String> {
    let o = run(args, stdin);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap().lines().map(String::from).collect()
}

fn json(args: &[&str], stdin: &[u8]) -> Vec<Value> {
    lines(args, stdin).iter().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tumblebox-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn vexed_sample_one_as_json() {
    let f = temp("s1.in", "4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n0 0\n");
    let out = lines(&["vexed", "trace", f.to_str().unwrap(), "--json"], b"");
    // The solver's minimum: (B,1,3,L) then (A,0,1,R), the seed's answer. The B lands on the
    // other B at once and the pair vanishes; the A falls two rows and meets its twin.
    assert_eq!(
        out,
        [
            r#"{"move":1,"notation":"(B,1,3,L)","step":"slide","kind":"B","from":[1,3],"to":[1,2]}"#,
            r#"{"move":1,"step":"vanish","chain":1,"groups":[{"kind":"B","cells":[[1,2],[2,2]]}],"cause":"after the slide of B at (1,3)"}"#,
            r#"{"move":2,"notation":"(A,0,1,R)","step":"slide","kind":"A","from":[0,1],"to":[0,2]}"#,
            r#"{"move":2,"step":"fall","drops":[{"kind":"A","from":[0,2],"to":[2,2]}],"cause":"after the slide of A at (0,1)"}"#,
            r#"{"move":2,"step":"vanish","chain":1,"groups":[{"kind":"A","cells":[[2,1],[2,2]]}],"cause":"after the fall of A to (2,2)"}"#,
        ]
    );
}

#[test]
fn vexed_sample_two_clears_every_block_once() {
    let f = temp("s2.in", "6 7 SAMPLE-02\n#--Y--#\n#-ZX-X#\n#-##-##\n#-XZ--#\n####YZ#\n#######\n0 0\n");
    let t = json(&["vexed", "trace", f.to_str().unwrap(), "--json"], b"");
    let moves: Vec<&str> = t.iter().filter_map(|o| o["notation"].as_str()).collect();
    assert_eq!(
        moves.join(" "),
        "(Y,0,3,R) (Z,4,5,L) (X,1,3,R) (Z,1,2,R) (Z,1,3,R) (X,3,4,R) (X,3,2,R) (X,4,5,L) (X,1,5,L)"
    );
    // Eight blocks on the board (Y×2, X×3, Z×3), each vanishing exactly once.
    let gone: usize = t
        .iter()
        .filter(|o| o["step"] == "vanish")
        .flat_map(|o| o["groups"].as_array().unwrap().iter().map(|g| g["cells"].as_array().unwrap().len()))
        .sum();
    assert_eq!(gone, 8);
}

#[test]
fn a_vexed_chain_of_three() {
    // Hand-worked: C slides right and falls beside the other C (round 1); the A and B above
    // the gone C drop, the A lands on its twin (round 2); the B drops onto the row of its
    // twin (round 3). The lone A on the right stays.
    let f = temp("c3.in", "6 6 CHAIN3\n#C---#\n#B---#\n#A---#\n#C-#-#\n#AB-A#\n######\n0 0\n");
    let out = lines(&["vexed", "trace", f.to_str().unwrap(), "--moves", "(C,0,1,R)"], b"");
    assert_eq!(
        out,
        [
            "move 1 (C,0,1,R): slide C (0,1) -> (0,2)",
            "move 1: fall: C (0,2) down 3 (after the slide of C at (0,1))",
            "move 1: vanish, chain 1: C×2 (3,1) (3,2) (after the fall of C to (3,2))",
            "move 1: fall: B (1,1) down 1, A (2,1) down 1 (after vanishing round 1)",
            "move 1: vanish, chain 2: A×2 (3,1) (4,1) (after the fall of B to (2,1), A to (3,1))",
            "move 1: fall: B (2,1) down 2 (after vanishing round 2)",
            "move 1: vanish, chain 3: B×2 (4,1) (4,2) (after the fall of B to (4,1))",
        ]
    );
    let t = json(&["vexed", "trace", f.to_str().unwrap(), "--moves", "(C,0,1,R)", "--json"], b"");
    let chains: Vec<u64> = t.iter().filter(|o| o["step"] == "vanish").map(|o| o["chain"].as_u64().unwrap()).collect();
    assert_eq!(chains, [1, 2, 3]);
}

#[test]
fn shubbles_fig1a_turned_once_moves_as_the_spec_says() {
    let start = ".........@...o....ooo..xox...";
    let t = json(&["shubbles", "trace", "--json"], format!("{start}\n+\n").as_bytes());
    assert_eq!(t[0], serde_json::json!({"op":1,"notation":"+","step":"rotate","quarter_turns":1,"orientation":1}));
    // Playing the recorded fall ticks on the cells gives the spec's result.
    let mut cells: Vec<char> = start.chars().collect();
    for o in &t[1..] {
        assert_eq!(o["step"], "fall");
        let mut next = cells.clone();
        let moves = o["moves"].as_array().unwrap();
        for m in moves {
            next[m[0].as_u64().unwrap() as usize - 1] = '.';
        }
        for m in moves {
            let (from, to) = (m[0].as_u64().unwrap() as usize - 1, m[1].as_u64().unwrap() as usize - 1);
            assert_ne!(cells[from], '.', "tick {}: cell {} is empty", o["tick"], from + 1);
            next[to] = cells[from];
        }
        cells = next;
    }
    assert_eq!(cells.iter().collect::<String>(), ".........@......o...ooo...xox");
}

#[test]
fn a_half_turn_drops_shubbles_through_the_opening() {
    let start = ".@................o....oxxo..";
    let input = format!("{start}\n|-+|\n");
    let t = json(&["shubbles", "trace", "--json"], input.as_bytes());
    let exits: Vec<&Value> = t.iter().filter(|o| o["step"] == "exit").collect();
    assert_eq!(exits.len(), 2);
    for e in &exits {
        assert_eq!(
            (e["op"].as_u64(), e["cell"].as_u64(), e["creature"].as_str()),
            (Some(4), Some(28), Some("shubble"))
        );
    }
    let op4 = t.iter().find(|o| o["op"] == 4).unwrap();
    assert_eq!((op4["step"].as_str(), op4["quarter_turns"].as_i64()), (Some("rotate"), Some(2)));
    // The judge (the rules alone) ends with two shubbles fewer.
    let end = lines(&["shubbles", "judge"], input.as_bytes());
    let count = |s: &str| s.chars().filter(|&c| c == 'o').count();
    assert_eq!(count(start) - count(&end[0]), 2);
}

#[test]
fn a_smole_leaving_is_an_exit_then_a_fail() {
    // The spec's second example turned the other way first lets a smole go: the trace ends
    // with the smole's exit and a fail, as the judge ends with `!`.
    for ops in ["-", "+", "|", "--", "++"] {
        let input = format!("x.....o....o@x.....o.o.oooo.o\n{ops}\n");
        let judge = lines(&["shubbles", "judge"], input.as_bytes());
        let t = json(&["shubbles", "trace", "--json"], input.as_bytes());
        let fail = t.iter().any(|o| o["step"] == "fail");
        assert_eq!(fail, judge[0] == "!", "{ops}");
        if let Some(i) = t.iter().position(|o| o["creature"] == "smole") {
            assert_eq!(t[i]["step"], "exit");
            assert_eq!(t[i + 1]["step"], "fail");
        }
    }
}

#[test]
fn a_red_square_reverses_a_stack_of_three() {
    // Hand-worked: piece 1 steps onto 2, 2 carries both onto 3, and 3 carries all three onto
    // the red corner, where they land in reverse.
    let f = temp("red.in", "4 4\n0 0 0 1\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n4 1 1\n");
    let t = lines(&["stacks", "trace", f.to_str().unwrap(), "--turns", "1", "--json"], b"");
    assert_eq!(
        t,
        [
            r#"{"turn":1,"step":"move","piece":1,"from":[1,1],"to":[1,2],"carried":[1],"reversed":false}"#,
            r#"{"turn":1,"step":"move","piece":2,"from":[1,2],"to":[1,3],"carried":[2,1],"reversed":false}"#,
            r#"{"turn":1,"step":"move","piece":3,"from":[1,3],"to":[1,4],"carried":[3,2,1],"reversed":true}"#,
            r#"{"turn":1,"step":"move","piece":4,"from":[4,1],"to":[4,2],"carried":[4],"reversed":false}"#,
        ]
    );
}

#[test]
fn stacks_traces_end_in_the_judges_turn() {
    let Some(dir) = crate::common::data_dir("new-game-2") else { return };
    for f in crate::common::files(&dir, "in") {
        let want: i64 = std::fs::read_to_string(f.with_extension("out")).unwrap().trim().parse().unwrap();
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let mut args = vec!["stacks", "trace", f.to_str().unwrap(), "--json"];
        if name.starts_with("boj17780") {
            args.push("--bottom-only");
        }
        let t = json(&args, b"");
        let last = t.last().unwrap();
        if want == -1 {
            assert_ne!(last["step"], "reached_four", "{name}");
            assert_eq!(last["turn"], 1000, "{name}");
        } else {
            assert_eq!((last["step"].as_str(), last["turn"].as_i64()), (Some("reached_four"), Some(want)), "{name}");
        }
    }
}

#[test]
fn pushing_boxes_walks_and_pushes() {
    let f = temp("m.in", "2 4\nS...\n.BT.\n0 0\n");
    let t = lines(&["sokoban", "trace", f.to_str().unwrap()], b"");
    // The judge's answer for this maze: one push after the walk round to the box's left.
    let answer = lines(&["sokoban", "judge", f.to_str().unwrap()], b"");
    assert_eq!(t.len(), answer[1].len());
    assert!(t.last().unwrap().ends_with("push the box (2,2) -> (2,3)"), "{t:?}");
    let j = json(&["sokoban", "trace", f.to_str().unwrap(), "--json"], b"");
    assert_eq!(j[0]["notation"], answer[1][..1]);
    assert_eq!(j[0]["player_from"], serde_json::json!([1, 1]));
}

#[test]
fn bad_input_and_illegal_moves_are_one_line_errors() {
    let f = temp("bad.in", "4 5 S\n#A--#\n##-B#\n#AB#\n#####\n0 0\n");
    let o = run(&["vexed", "trace", f.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 4"));
    let g = temp("g.in", "4 5 S\n#A--#\n##-B#\n#AB##\n#####\n0 0\n");
    let o = run(&["vexed", "trace", g.to_str().unwrap(), "--moves", "(B,1,3,L) (B,1,3,L)"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("move 2 `(B,1,3,L)`, character 11"), "{err}");
    assert_eq!(err.lines().count(), 1);
    let o = run(&["shubbles", "trace"], b".........@...o....ooo..xox...\n+q\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2, column 2"));
}
