//! Tests made with the rule debugger's "Copy as test" (one per game, pasted as they came):
//! each writes a level, runs `tumblebox GAME trace` with the moves played in the window and
//! expects the steps the debugger listed. They show that the copied text compiles and passes,
//! and keep the four games' traces from drifting.

#[test]
fn trace_vexed_sample_02() {
    // From tumblebox's rule debugger: the level, the moves, and the steps they make.
    let level = "5 5 SAMPLE-02\n--b--\n-ca-a\n-##-#\n-ac--\n###bc\n0 0\n";
    let expected = "move 1 (b,0,2,R): slide b (0,2) -> (0,3)\nmove 1: fall: b (0,3) down 3 (after the slide of b at (0,2))\nmove 1: vanish, chain 1: b×2 (3,3) (4,3) (after the fall of b to (3,3))\nmove 2 (c,4,4,L): slide c (4,4) -> (4,3)\nmove 3 (a,1,2,R): slide a (1,2) -> (1,3)\nmove 3: fall: a (1,3) down 2 (after the slide of a at (1,2))\nmove 4 (c,1,1,R): slide c (1,1) -> (1,2)\nmove 5 (c,1,2,R): slide c (1,2) -> (1,3)\nmove 5: fall: c (1,3) down 1 (after the slide of c at (1,2))\nmove 6 (a,3,3,R): slide a (3,3) -> (3,4)\nmove 6: fall: c (2,3) down 1, a (3,4) down 1 (after the slide of a at (3,3))\nmove 6: vanish, chain 1: c×3 (3,2) (3,3) (4,3) (after the fall of c to (3,3), a to (4,4))\nmove 7 (a,3,1,R): slide a (3,1) -> (3,2)\nmove 8 (a,4,4,L): slide a (4,4) -> (4,3)\nmove 9 (a,1,4,L): slide a (1,4) -> (1,3)\nmove 9: fall: a (1,3) down 2 (after the slide of a at (1,4))\nmove 9: vanish, chain 1: a×3 (3,2) (3,3) (4,3) (after the fall of a to (3,3))\n";
    let file = std::env::temp_dir().join(format!("tumblebox-trace_vexed_sample_02-{}.txt", std::process::id()));
    std::fs::write(&file, level).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tumblebox"))
        .args(["vexed", "trace"])
        .arg(&file)
        .args(["--moves", "(b,0,2,R) (c,4,4,L) (a,1,2,R) (c,1,1,R) (c,1,2,R) (a,3,3,R) (a,3,1,R) (a,4,4,L) (a,1,4,L)"])
        .output()
        .unwrap();
    std::fs::remove_file(&file).ok();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

#[test]
fn trace_shubbles_fig() {
    // From tumblebox's rule debugger: the level, the moves, and the steps they make.
    let level = ".........@...o....ooo..xox...\n+<|\n";
    let expected = "op 1 +: rotate + (90° clockwise): orientation 1\nop 1: tick 1: fall one cell: 14->15, 19->20, 20->21, 21->22, 24->25, 25->26, 26->27 (after the turn +)\nop 1: tick 2: fall one cell: 15->16, 20->21, 21->22, 22->23, 25->26, 26->27, 27->28 (after the turn +)\nop 1: tick 3: fall one cell: 16->17, 26->27, 27->28, 28->29 (after the turn +)\nop 2 <: stot: cell 10 -> cell 9\nop 3 |: rotate | (180°, nothing falls at 90°): orientation 3\nop 3: tick 1: fall one cell: 17->16, 21->20, 22->21, 23->22, 27->26, 28->27, 29->28 (after the turn |)\nop 3: tick 2: fall one cell: 16->15, 20->19, 21->20, 22->21, 26->25, 27->26, 28->27 (after the turn |)\nop 3: tick 3: fall one cell: 15->14, 19->18, 20->19, 21->20, 25->24, 26->25, 27->26 (after the turn |)\nop 3: tick 4: fall one cell: 14->13 (after the turn |)\n";
    let file = std::env::temp_dir().join(format!("tumblebox-trace_shubbles_fig-{}.txt", std::process::id()));
    std::fs::write(&file, level).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tumblebox"))
        .args(["shubbles", "trace"])
        .arg(&file)
        .output()
        .unwrap();
    std::fs::remove_file(&file).ok();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

#[test]
fn trace_sokoban_maze_1() {
    // From tumblebox's rule debugger: the level, the moves, and the steps they make.
    let level = "6 7\n#######\n#.....#\n##SB.T#\n##.#..#\n##.#..#\n#######\n0 0\n";
    let expected = "move 1 E: push the box (3,4) -> (3,5)\nmove 2 E: push the box (3,5) -> (3,6)\n";
    let file = std::env::temp_dir().join(format!("tumblebox-trace_sokoban_maze_1-{}.txt", std::process::id()));
    std::fs::write(&file, level).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tumblebox"))
        .args(["sokoban", "trace"])
        .arg(&file)
        .args(["--moves", "EE"])
        .output()
        .unwrap();
    std::fs::remove_file(&file).ok();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}

#[test]
fn trace_stacks_board_2_ends_in_turn_1() {
    // From tumblebox's rule debugger: the level, the moves, and the steps they make.
    let level = "4 4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n1 2 1\n1 3 1\n1 4 1\n";
    let expected = "turn 1: piece 1 moves (1,1) -> (1,2) carrying [1]\nturn 1: piece 2 moves (1,2) -> (1,3) carrying [2 1]\nturn 1: piece 3 moves (1,3) -> (1,4) carrying [3 2 1]\nturn 1: square (1,4) holds 4 pieces [4 3 2 1]: the game ends\n";
    let file =
        std::env::temp_dir().join(format!("tumblebox-trace_stacks_board_2_ends_in_turn_1-{}.txt", std::process::id()));
    std::fs::write(&file, level).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tumblebox"))
        .args(["stacks", "trace"])
        .arg(&file)
        .args(["--moves", "1 2 3"])
        .output()
        .unwrap();
    std::fs::remove_file(&file).ok();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
}
