//! Sokoban against the real collections in `../shared/data/sokoban-levels` (Microban and
//! Sasquatch by David W. Skinner; XSokoban; Grigr2002) and the exhaustive Microban table
//! `microban-155-optimal.csv` (computed apart from this code: see that folder's SOURCES.md).

mod common;

use tumblebox::sokoban::rules::Level;
use tumblebox::sokoban::xsb::{self, XsbLevel};

fn collection(name: &str) -> Option<Vec<XsbLevel>> {
    let dir = common::data_dir("sokoban-levels")?;
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
    let dir = common::data_dir("sokoban-levels")?;
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
