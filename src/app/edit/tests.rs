//! The editor in the window, headless: My levels entries read back, the par with the level.

use super::*;
use crate::editor::{MazeSketch, SokobanSketch};

#[test]
fn a_certified_sokoban_par_gives_the_session_its_moves_and_the_list_its_pushes_and_moves() {
    // The pushing-boxes sample maze 1 by hand: the box goes right three times.
    let maze = crate::sokoban::format::parse_judge("1 5\nSB..T\n0 0\n").unwrap().remove(0);
    let game = crate::sokoban::scene::Game::new(maze, false);
    let v = game.certify(Bounds::default(), &AtomicBool::new(false), &crate::meter::Meter::new());
    assert_eq!(verdict_par(Some(&v)), (Some(3), Some("3 pushes, 3 moves".to_string())));
    let ed = Editor::<MazeSketch>::of("t", &game);
    assert_eq!(
        Pad::entry(&ed, Some(&v)).unwrap(),
        "; t\n\n#######\n#@$--.#\n#######\nPar: 3 pushes, 3 moves (proven optimal)\n\n"
    );
    // And the XSB parser reads that par back.
    let back = crate::sokoban::xsb::parse_any(&Pad::entry(&ed, Some(&v)).unwrap()).unwrap();
    assert_eq!(back[0].par.as_deref(), Some("3 pushes, 3 moves (proven optimal)"));
}

#[test]
fn a_certification_runs_on_its_own_thread_and_cancel_stops_it() {
    // An open 14 × 14 room with eight boxes: more than a moment's search for the exact
    // push-optimal solver.
    let mut rows = vec!["#".repeat(16)];
    for r in 0..14 {
        let mut row: Vec<char> = std::iter::repeat_n('-', 14).collect();
        if r % 3 == 1 {
            for c in [3, 6, 9, 12] {
                row[c] = if r < 7 { '$' } else { '.' };
            }
        }
        rows.push(format!("#{}#", row.iter().collect::<String>()));
    }
    rows.push("#".repeat(16));
    rows[14].replace_range(1..2, "@");
    let game = <crate::sokoban::scene::Game as crate::save::Replay>::from_level(&(rows.join("\n") + "\n"), false)
        .expect("a room");
    let mut e = EditMode::new(GameKind::Sokoban, Box::new(Editor::<SokobanSketch>::of("t", &game)));
    let bounds = Bounds { time: Duration::from_secs(60), ..Bounds::default() };
    e.certify(bounds, Box::new(|| {})).unwrap();
    assert!(e.certify(bounds, Box::new(|| {})).is_err(), "one at a time");
    std::thread::sleep(Duration::from_millis(200));
    e.cancel();
    let started = Instant::now();
    while !e.poll() {
        assert!(started.elapsed() < Duration::from_secs(10), "cancel was not heard");
        std::thread::sleep(Duration::from_millis(10));
    }
    match e.verdict() {
        Some(Verdict::Stopped(why)) => assert!(why.starts_with("cancel"), "{why}"),
        v => panic!("{v:?}"),
    }
}
