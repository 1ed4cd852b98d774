//! Sokoban against the real collections in `../shared/data/sokoban-levels` (Microban and
//! Sasquatch by David W. Skinner; XSokoban; Grigr2002) and the exhaustive Microban table
//! `microban-155-optimal.csv` (computed apart from this code: see that folder's SOURCES.md).

use tumblebox::sokoban::rules::Level;
use tumblebox::sokoban::xsb::{self, XsbLevel};

fn collection(name: &str) -> Option<Vec<XsbLevel>> {
    let dir = crate::common::data_dir("sokoban-levels")?;
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    Some(xsb::parse_collection(&text).unwrap_or_else(|e| panic!("{name}: {e}")))
}

/// One row of the table: level, mode, moves, pushes, solution.
pub struct Row {
    pub level: usize,
    pub mode: String,
    pub moves: usize,
    pub pushes: usize,
    pub solution: String,
}

pub fn table() -> Option<Vec<Row>> {
    let dir = crate::common::data_dir("sokoban-levels")?;
    let text = std::fs::read_to_string(dir.join("microban-155-optimal.csv")).unwrap();
    let mut rows = Vec::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 7, "{line}");
        if f[3].is_empty() {
            continue; // the table's run hit its cap on this level
        }
        rows.push(Row {
            level: f[0].parse().unwrap(),
            mode: f[2].to_string(),
            moves: f[3].parse().unwrap(),
            pushes: f[4].parse().unwrap(),
            solution: f[6].to_string(),
        });
    }
    Some(rows)
}

#[test]
fn every_collection_parses_with_one_player_and_as_many_boxes_as_goals() {
    for (name, count, boxes) in [
        ("microban-155.xsb", 155, (1, 16)),
        ("microban-ii-135.xsb", 135, (1, 44)),
        ("sasquatch-50.xsb", 50, (3, 36)),
        ("xsokoban-90.xsb", 90, (6, 34)),
        ("grigr2002-40.xsb", 40, (6, 16)),
    ] {
        let Some(levels) = collection(name) else { return };
        assert_eq!(levels.len(), count, "{name}");
        let (lo, hi) = levels.iter().fold((usize::MAX, 0), |(lo, hi), l| {
            let n = l.maze.start.boxes.len();
            (lo.min(n), hi.max(n))
        });
        assert_eq!((lo, hi), boxes, "{name}: box counts (SOURCES.md)");
        for l in &levels {
            assert_eq!(l.maze.start.boxes.len(), l.maze.level.goals.len(), "{name} {}", l.title);
            let level: &Level = &l.maze.level;
            assert!(level.is_floor(l.maze.start.player));
        }
    }
    let m = collection("microban-155.xsb").unwrap();
    assert_eq!((m[0].title.as_str(), m[43].title.as_str()), ("1", "44 Duh!"));
    let x = collection("xsokoban-90.xsb").unwrap();
    assert_eq!(x[0].title, "screen.01");
    let g = collection("grigr2002-40.xsb").unwrap();
    assert_eq!(g[0].title, "Double choice #101");
}

#[test]
fn xsb_round_trips_through_the_writer() {
    for name in ["microban-155.xsb", "sasquatch-50.xsb", "xsokoban-90.xsb", "microban-ii-135.xsb", "grigr2002-40.xsb"] {
        let Some(levels) = collection(name) else { return };
        let text: String = levels.iter().map(|l| xsb::write_level(&l.title, &l.maze) + "\n").collect();
        let again = xsb::parse_collection(&text).unwrap();
        assert_eq!(again.len(), levels.len());
        for (a, b) in levels.iter().zip(&again) {
            assert_eq!(a.maze, b.maze, "{name} {}", a.title);
            assert_eq!(a.title, b.title);
        }
    }
}

#[test]
fn the_writer_keeps_every_wall_as_drawn_and_the_outside_blank() {
    // A wall with walls all round (the notch under the middle) stays a wall; inside floor is
    // written `-`; the outside, cells a walker from beyond the border reaches, stays blank.
    for (board, written) in [
        (
            "#########\n#       #\n#      .#\n#   # $ #\n# @ ### #\n#########\n",
            "#########\n#-------#\n#------.#\n#---#-$-#\n#-@-###-#\n#########\n",
        ),
        ("  ####\n###  #\n#@$ .#\n######\n", "  ####\n###--#\n#@$-.#\n######\n"),
    ] {
        let rows: Vec<&str> = board.lines().collect();
        let maze = xsb::parse_board(&rows, 1).unwrap();
        assert_eq!(xsb::write_board(&maze), written);
        let outside: Vec<_> = maze.level.outside.iter().filter(|(_, o)| **o).map(|(p, _)| p).collect();
        assert_eq!(outside.len(), board.matches(' ').count() - written.matches('-').count());
    }
}

#[test]
fn the_tables_solutions_replay_to_solved_with_the_tables_counts() {
    let (Some(levels), Some(rows)) = (collection("microban-155.xsb"), table()) else { return };
    assert!(rows.len() >= 2 * 126);
    for r in &rows {
        let l = &levels[r.level - 1];
        let moves = xsb::parse_lurd(&r.solution, 1).unwrap();
        assert_eq!(moves.len(), r.moves, "level {} {}", r.level, r.mode);
        assert_eq!(moves.iter().filter(|m| m.push).count(), r.pushes);
        let end = l.maze.level.replay(&l.maze.start, &moves).unwrap_or_else(|e| panic!("level {}: {e:?}", r.level));
        assert!(l.maze.level.is_solved(&end), "level {}", r.level);
        // LURD and its run-length form round-trip.
        assert_eq!(xsb::lurd_text(&moves), r.solution);
        assert_eq!(xsb::parse_lurd(&xsb::rle_text(&moves), 1).unwrap(), moves);
    }
}

// ---------------------------------------------------------------- the solver

use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tumblebox::sokoban::search::{self, Board, Limits, Mode, Outcome};

fn solve(l: &XsbLevel, mode: Mode, secs: u64) -> search::Report {
    let limits = Limits { time: Duration::from_secs(secs), max_states: 5_000_000 };
    search::search(&l.maze.level, &l.maze.start, mode, limits, &AtomicBool::new(false), &tumblebox::meter::Meter::new())
}

#[test]
fn no_deadlock_rule_fires_along_the_tables_optimal_solutions_and_the_bound_is_admissible() {
    let (Some(levels), Some(rows)) = (collection("microban-155.xsb"), table()) else { return };
    let mut checked = 0;
    for r in &rows {
        let l = &levels[r.level - 1];
        let board = Board::new(&l.maze.level);
        let moves = xsb::parse_lurd(&r.solution, 1).unwrap();
        let mut pos = l.maze.start.clone();
        let mut left = r.pushes;
        for (i, &m) in moves.iter().enumerate() {
            pos = l.maze.level.apply(&pos, m).unwrap().0;
            if m.push {
                left -= 1;
                assert_eq!(board.deadlock(&pos), None, "level {} ({}), after move {}", r.level, r.mode, i + 1);
                let h = board.lower_bound(&pos).unwrap();
                assert!(h <= left, "level {}: bound {h} with {left} pushes left", r.level);
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "{checked} positions");
}

#[test]
fn fast_answers_replay_and_never_beat_the_push_optimum() {
    let (Some(levels), Some(rows)) = (collection("microban-155.xsb"), table()) else { return };
    for (i, l) in levels.iter().enumerate().take(40) {
        let r = solve(l, Mode::Fast, 5);
        let Outcome::Solved(f) = r.outcome else { panic!("level {}: {:?}", i + 1, r.outcome) };
        let end = l.maze.level.replay(&l.maze.start, &f.moves).unwrap();
        assert!(l.maze.level.is_solved(&end));
        assert_eq!(f.pushes, f.moves.iter().filter(|m| m.push).count());
        if let Some(opt) = rows.iter().find(|row| row.level == i + 1 && row.mode == "push") {
            assert!(f.pushes >= opt.pushes, "level {}: {} pushes below the optimum {}", i + 1, f.pushes, opt.pushes);
            if f.proven {
                assert_eq!(f.pushes, opt.pushes, "level {}", i + 1);
            }
        }
    }
}

/// The fast mode's pushes against the table's push optima (126 levels), on average: 1.047
/// before the fast search polished its answers, 1.016 with it (2026-12-07). The bound is
/// between the two, so losing the polish fails here.
#[test]
fn fast_answers_come_within_three_percent_of_the_push_optimum_on_average() {
    let (Some(levels), Some(rows)) = (collection("microban-155.xsb"), table()) else { return };
    let mut ratios = Vec::new();
    for row in rows.iter().filter(|r| r.mode == "push") {
        let l = &levels[row.level - 1];
        let r = solve(l, Mode::Fast, 10);
        let Outcome::Solved(f) = r.outcome else { panic!("level {}: {:?}", row.level, r.outcome) };
        let end = l.maze.level.replay(&l.maze.start, &f.moves).unwrap();
        assert!(l.maze.level.is_solved(&end), "level {}", row.level);
        assert_eq!(f.pushes, f.moves.iter().filter(|m| m.push).count());
        assert!(f.pushes >= row.pushes, "level {}: {} pushes below the optimum {}", row.level, f.pushes, row.pushes);
        assert!(!f.proven || f.pushes == row.pushes, "level {}", row.level);
        ratios.push(f.pushes as f64 / row.pushes as f64);
    }
    assert_eq!(ratios.len(), 126);
    let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
    assert!(mean <= 1.03, "the fast answers' pushes are {mean:.4} of the optimum on average");
}

#[test]
fn optimal_matches_the_tables_pushes_and_moves() {
    let (Some(levels), Some(rows)) = (collection("microban-155.xsb"), table()) else { return };
    let mut matched = 0;
    for row in rows.iter().filter(|r| r.mode == "push" && r.level <= 60) {
        let l = &levels[row.level - 1];
        let r = solve(l, Mode::Optimal, 5);
        match r.outcome {
            Outcome::Solved(f) => {
                assert!(f.proven);
                assert_eq!((f.pushes, f.moves.len()), (row.pushes, row.moves), "level {}", row.level);
                let end = l.maze.level.replay(&l.maze.start, &f.moves).unwrap();
                assert!(l.maze.level.is_solved(&end));
                matched += 1;
            }
            Outcome::TimeLimit | Outcome::StateLimit => {}
            o => panic!("level {}: {o:?}", row.level),
        }
    }
    assert!(matched >= 40, "{matched} levels matched");
}

#[test]
fn an_unsolvable_level_is_said_to_be_and_a_frozen_box_is_found() {
    // Two boxes side by side against the top wall: neither can ever move, one is off goals.
    let l = &xsb::parse_collection("######\n#$$  #\n#  @ #\n# .. #\n######\n").unwrap()[0];
    assert!(matches!(Board::new(&l.maze.level).deadlock(&l.maze.start), Some(search::Deadlock::DeadSquare(_))));
    let r = solve(l, Mode::Fast, 5);
    assert_eq!(r.outcome, Outcome::Unsolvable);
    // Four boxes in a square, away from the walls: none can ever move (the freeze rule).
    let l = &xsb::parse_collection("########\n#      #\n# $$   #\n# $$ @ #\n#  ....#\n########\n").unwrap()[0];
    assert!(matches!(Board::new(&l.maze.level).deadlock(&l.maze.start), Some(search::Deadlock::Frozen(_))));
    assert_eq!(solve(l, Mode::Optimal, 5).outcome, Outcome::Unsolvable);
    // One box moved off the square: solvable, and no rule says otherwise.
    let l = &xsb::parse_collection("########\n#      #\n# $ $  #\n# $$ @ #\n#  ....#\n########\n").unwrap()[0];
    assert_eq!(Board::new(&l.maze.level).deadlock(&l.maze.start), None);
    assert!(matches!(solve(l, Mode::Optimal, 5).outcome, Outcome::Solved(_)));
    // The box under the goal needs the player in the pocket below it, which the box seals:
    // no square is dead for it and it can still move left, but the corral never opens.
    let l = &xsb::parse_collection("#########\n#       #\n#      .#\n#   #  $#\n# @ ### #\n#########\n").unwrap()[0];
    let why = Board::new(&l.maze.level).deadlock(&l.maze.start);
    assert_eq!(why, Some(search::Deadlock::Corral(tumblebox::grid::Pos::new(3, 7))));
    assert_eq!(why.unwrap().to_string(), "the boxes around row 4, column 8 close off an area that can never be opened");
    assert_eq!(solve(l, Mode::Optimal, 5).outcome, Outcome::Unsolvable);
    // With the pocket open to the room it is solved.
    let l = &xsb::parse_collection("#########\n#       #\n#      .#\n#   #  $#\n# @     #\n#########\n").unwrap()[0];
    assert_eq!(Board::new(&l.maze.level).deadlock(&l.maze.start), None);
    assert!(matches!(solve(l, Mode::Fast, 5).outcome, Outcome::Solved(_)));
}

// ---------------------------------------------------------------- the command line

fn tmp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tumblebox-sokoban-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn solve_prints_a_replayed_lurd_solution_and_whether_it_is_proven() {
    let Some(levels) = collection("microban-155.xsb") else { return };
    let dir = crate::common::data_dir("sokoban-levels").unwrap();
    let file = dir.join("microban-155.xsb");
    let o = crate::common::run(&["sokoban", "solve", file.to_str().unwrap(), "--level", "5", "--optimal"], b"");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "; 5");
    // The table: 6 pushes, 27 moves, push-optimal with the fewest moves among those.
    assert_eq!(lines[2], "moves 27, pushes 6: proven push-optimal, fewest moves among those");
    let moves = xsb::parse_lurd(lines[1], 1).unwrap();
    let l = &levels[4];
    assert!(l.maze.level.is_solved(&l.maze.level.replay(&l.maze.start, &moves).unwrap()));
    // A limit that stops it: exit 3, said.
    let o = crate::common::run(
        &["sokoban", "solve", file.to_str().unwrap(), "--level", "153", "--time-limit", "0.2", "--optimal"],
        b"",
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stdout).contains("not solved: the time limit (0.2 s) stopped the search"));
    // The state limit, honoured within 10 %.
    let o = crate::common::run(
        &["sokoban", "solve", file.to_str().unwrap(), "--level", "153", "--max-states", "5000"],
        b"",
    );
    assert_eq!(o.status.code(), Some(3));
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(out.contains("not solved: the state limit (5000) stopped the search"), "{out}");
    let held: usize = out.lines().last().unwrap().split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!((5000..=5500).contains(&held), "{out}");
}

/// `solve --threads N`: the portfolio's answer is replayed here through the rules, its state
/// limit is shared by the threads (their states together within 10 % of it), and a count of
/// threads out of range is refused.
#[test]
fn solve_on_threads_answers_with_a_replayed_solution_and_shares_the_state_limit() {
    let Some(levels) = collection("microban-155.xsb") else { return };
    let dir = crate::common::data_dir("sokoban-levels").unwrap();
    let file = dir.join("microban-155.xsb");
    let f = file.to_str().unwrap();
    for (level, threads) in [(153, "2"), (40, "3"), (100, "64")] {
        let args = ["sokoban", "solve", f, "--level", &level.to_string(), "--threads", threads, "--time-limit", "60"];
        let o = crate::common::run(&args, b"");
        assert!(o.status.success(), "{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8(o.stdout).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[2].starts_with("moves "), "{out}");
        let moves = xsb::parse_lurd(lines[1], 1).unwrap();
        let l = &levels[level - 1];
        assert!(l.maze.level.is_solved(&l.maze.level.replay(&l.maze.start, &moves).unwrap()), "{out}");
    }
    let o =
        crate::common::run(&["sokoban", "solve", f, "--level", "153", "--max-states", "5000", "--threads", "2"], b"");
    assert_eq!(o.status.code(), Some(3));
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(out.contains("not solved: the state limit (5000) stopped the search"), "{out}");
    let held: usize = out.lines().last().unwrap().split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!((4500..=5500).contains(&held), "{out}");
    let o = crate::common::run(&["sokoban", "solve", f, "--threads", "0"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--threads"), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn bench_writes_exactly_the_csv_columns_and_every_solution_replays() {
    let Some(levels) = collection("microban-155.xsb") else { return };
    let text: String = levels.iter().take(6).map(|l| xsb::write_level(&l.title, &l.maze) + "\n").collect();
    let file = tmp("six.xsb", &text);
    let csv = file.with_extension("csv");
    let o = crate::common::run(
        &[
            "sokoban",
            "bench",
            file.to_str().unwrap(),
            "--time-limit",
            "2",
            "--jobs",
            "2",
            "--csv",
            csv.to_str().unwrap(),
        ],
        b"",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary = String::from_utf8(o.stdout).unwrap();
    assert!(summary.starts_with("six.xsb: 6/6 solved"), "{summary}");
    assert!(summary.contains("peak memory"), "{summary}");
    let table = std::fs::read_to_string(&csv).unwrap();
    let mut rows = table.lines();
    assert_eq!(rows.next(), Some("pack,index,title,boxes,solved,pushes,moves,proven,millis,solution,ended"));
    for (i, row) in rows.enumerate() {
        let f: Vec<&str> = row.split(',').collect();
        assert_eq!(f.len(), 11, "{row}");
        assert_eq!(f[10], "solved");
        assert_eq!((f[0], f[1].parse::<usize>().unwrap(), f[4]), ("six.xsb", i + 1, "true"));
        assert!(f[7] == "true" || f[7] == "false");
        let l = &levels[i];
        assert_eq!(f[3].parse::<usize>().unwrap(), l.maze.start.boxes.len());
        let moves = xsb::parse_lurd(f[9], 1).unwrap();
        assert_eq!(moves.len(), f[6].parse::<usize>().unwrap());
        assert_eq!(moves.iter().filter(|m| m.push).count(), f[5].parse::<usize>().unwrap());
        assert!(l.maze.level.is_solved(&l.maze.level.replay(&l.maze.start, &moves).unwrap()));
    }
}

#[test]
fn bad_levels_and_moves_get_one_line_with_the_place() {
    let two = tmp("two.xsb", "; bad\n\n#####\n#@$.#\n#@ ##\n#####\n");
    let o = crate::common::run(&["sokoban", "solve", two.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 5, column 2") && err.contains("second"), "{err}");
    let more = tmp("more.xsb", "######\n#@$$.#\n######\n");
    let err = String::from_utf8_lossy(&crate::common::run(&["sokoban", "bench", more.to_str().unwrap()], b"").stderr)
        .to_string();
    assert!(err.contains("2 boxes and 1 goal"), "{err}");
    // LURD moves on an XSB level: a push written as a walk names the move and the character.
    let one = tmp("one.xsb", "#####\n#@$.#\n#####\n");
    let o = crate::common::run(&["sokoban", "trace", one.to_str().unwrap(), "--moves", "r"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("move 1 `r`, character 1: this move pushes a box"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = crate::common::run(&["sokoban", "trace", one.to_str().unwrap(), "--moves", "R"], b"");
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("push"));
}

#[test]
fn dead_squares_of_microban_one_by_hand() {
    use tumblebox::grid::Pos;
    // ####        The corners (1,1), (3,4), (4,4), (5,1), (5,2) hold a box forever; every
    // # .#        other floor cell can still push a box to a goal ((2,1) down to (3,1),
    // #  ###      (4,1) up to it, (2,2) up to (1,2)).
    // #*@  #
    // #  $ #
    // #  ###
    // ####
    let l = &xsb::parse_collection("####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n").unwrap()[0];
    let mut dead = Board::new(&l.maze.level).dead_squares();
    dead.sort();
    let want: Vec<Pos> = [(1, 1), (3, 4), (4, 4), (5, 1), (5, 2)].iter().map(|&(r, c)| Pos::new(r, c)).collect();
    assert_eq!(dead, want);
}

#[test]
fn a_level_of_more_boxes_than_the_solver_takes_is_refused_at_once() {
    // A 70 × 70 room with 401 box-goal pairs.
    let width = 70;
    let mut rows = vec!["#".repeat(width)];
    let mut n = 0;
    for r in 1..width - 1 {
        let mut line: Vec<char> =
            std::iter::once('#').chain(std::iter::repeat_n(' ', width - 2)).chain(['#']).collect();
        if r % 2 == 1 {
            for c in (2..width - 2).step_by(3) {
                if n < 401 {
                    line[c] = '$';
                    line[c + 1] = '.';
                    n += 1;
                }
            }
        }
        if r == width - 2 {
            line[1] = '@';
        }
        rows.push(line.into_iter().collect());
    }
    rows.push("#".repeat(width));
    assert_eq!(n, 401);
    let file = tmp("huge.xsb", &(rows.join("\n") + "\n"));
    let o = crate::common::run(&["sokoban", "solve", file.to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(3));
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(out.contains("not solved: the box limit (400 boxes) stopped the search"), "{out}");
}

/// An XSB level's own metadata: `Author:` and `Comment:` (a line, or a block up to
/// `Comment-End:`) after its board are kept with it.
#[test]
fn xsb_author_and_comment_are_kept_with_their_level() {
    let text = "; One\n\n#####\n#@$.#\n#####\nAuthor: A. Person\nComment: a first room\n\n; Two\n\n#####\n#.$@#\n#####\nAuthor: B\nComment:\nline one\nline two\nComment-End:\n";
    let levels = xsb::parse_collection(text).unwrap();
    assert_eq!(levels.len(), 2);
    assert_eq!((levels[0].author.as_deref(), levels[0].comment.as_deref()), (Some("A. Person"), Some("a first room")));
    assert_eq!((levels[1].author.as_deref(), levels[1].comment.as_deref()), (Some("B"), Some("line one line two")));
    assert_eq!(levels[1].title, "Two");
}

#[test]
fn the_optimiser_brings_fast_solutions_to_the_tables_optimum() {
    let (Some(levels), Some(rows)) = (collection("microban-155.xsb"), table()) else { return };
    // Levels where the fast mode's answer has more pushes than the table's optimum (measured
    // 2026-12-05: 5, 35, 90, 116, 142 among them); the optimiser must bring each down to the
    // optimum (never below: the table is exhaustive), replayed.
    let mut improved = 0;
    for n in [5, 35, 90, 116, 142] {
        let l = &levels[n - 1];
        let opt = rows.iter().find(|r| r.level == n && r.mode == "push").unwrap().pushes;
        let Outcome::Solved(f) = solve(l, Mode::Fast, 5).outcome else { panic!("level {n}") };
        let o = search::optimise(
            &l.maze.level,
            &l.maze.start,
            &f.moves,
            std::time::Duration::from_secs(20),
            10_000_000,
            &AtomicBool::new(false),
            &tumblebox::meter::Meter::new(),
        )
        .unwrap();
        let end = l.maze.level.replay(&l.maze.start, &o.moves).unwrap();
        assert!(l.maze.level.is_solved(&end), "level {n}");
        assert_eq!(o.pushes, o.moves.iter().filter(|m| m.push).count());
        assert!(o.pushes >= opt && o.pushes <= f.pushes, "level {n}: {} pushes, optimum {opt}", o.pushes);
        assert_eq!(o.pushes, opt, "level {n}: the vicinity search reaches the optimum (fast: {})", f.pushes);
        improved += (o.pushes < f.pushes) as usize;
    }
    assert!(improved >= 1, "fast mode was optimal on all five: the test lost its point");
}

#[test]
fn solve_with_optimise_says_so_and_never_has_more_pushes() {
    let Some(dir) = crate::common::data_dir("sokoban-levels") else { return };
    let file = dir.join("microban-155.xsb");
    let f = file.to_str().unwrap();
    let plain = crate::common::run(&["sokoban", "solve", f, "--level", "142"], b"");
    let polished = crate::common::run(&["sokoban", "solve", f, "--level", "142", "--optimise", "5"], b"");
    assert_eq!((plain.status.code(), polished.status.code()), (Some(0), Some(0)));
    let pushes = |o: &std::process::Output| -> usize {
        let t = String::from_utf8_lossy(&o.stdout).to_string();
        let l = t.lines().find(|l| l.starts_with("moves ")).unwrap().to_string();
        l.split("pushes ").nth(1).unwrap().split(':').next().unwrap().parse().unwrap()
    };
    // The table's optimum for level 142 is 20 pushes.
    assert!(pushes(&polished) <= pushes(&plain));
    assert_eq!(pushes(&polished), 20, "{}", String::from_utf8_lossy(&polished.stdout));
    let bad = crate::common::run(&["sokoban", "solve", f, "--optimise", "-1"], b"");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("0 (off) or above"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}

/// Issue 52, item 10: a `Comment:` block whose `Comment-End:` is missing swallowed every level
/// up to the next `Comment-End:` or the file's end; a board row inside a block is now refused
/// on one line naming the line the block opens on. A closed block, or an unclosed one that
/// holds no board (a comment running to the end of the file), is read as before.
#[test]
fn an_unclosed_comment_block_before_a_level_is_refused() {
    let room = |n: usize| format!("; {n}\n#####\n#@$.#\n#####\n");
    let text = format!("{}Comment:\nthe first room\n\n{}{}", room(1), room(2), room(3));
    let e = xsb::parse_collection(&text).unwrap_err();
    assert_eq!(e.line, 5, "{e}");
    assert!(e.message.contains("Comment-End:"), "{e}");
    let closed = text.replace("the first room\n", "the first room\nComment-End:\n");
    assert_eq!(xsb::parse_collection(&closed).unwrap().len(), 3);
    let trailing = format!("{}{}Comment:\nruns to the end\n", room(1), room(2));
    let levels = xsb::parse_collection(&trailing).unwrap();
    assert_eq!(levels.len(), 2);
    assert_eq!(levels[1].comment.as_deref(), Some("runs to the end"));
    // The command line says it on one line, status 2 (before: 1 of 3 levels certified, 0).
    let d = std::env::temp_dir().join(format!("tumblebox-comment-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join("three.xsb");
    std::fs::write(&f, &text).unwrap();
    let o = crate::common::run(&["certify", f.to_str().unwrap()], b"");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 5"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
    // A real collection: Grigr2002's forty `Comment:` blocks, one of them left open.
    let Some(dir) = crate::common::data_dir("sokoban-levels") else { return };
    let real = std::fs::read_to_string(dir.join("grigr2002-40.xsb")).unwrap();
    assert_eq!(xsb::parse_collection(&real).unwrap().len(), 40);
    let at = real.find("Comment-End:").unwrap();
    let opened_on = real[..at].lines().count() - 1;
    let broken = format!("{}{}", &real[..at], &real[at + "Comment-End:".len()..]);
    let e = xsb::parse_collection(&broken).unwrap_err();
    assert_eq!(e.line, opened_on, "{e}");
}
