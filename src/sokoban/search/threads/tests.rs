//! The portfolio on several threads: its answers against breadth-first search, its reports
//! merged as said, and a cancel stopping every thread.

use super::super::tests::{fewest_pushes, random_room};
use super::*;
use crate::sokoban::search::{DEFAULT_STATES, Found};

fn report(outcome: Outcome, states: usize) -> Report {
    Report { outcome, states, expanded: states * 2, elapsed: Duration::from_millis(states as u64), bound: 3 }
}

#[test]
fn the_first_answer_wins_and_else_the_limit_that_stopped_a_thread() {
    let solved = Outcome::Solved(Found { moves: Vec::new(), pushes: 4, proven: false });
    // A thread stopped by another's answer says Cancelled; the answer is the report's.
    let r = merged(vec![report(Outcome::Cancelled, 10), report(solved.clone(), 5)], false);
    assert_eq!((r.outcome, r.states, r.expanded, r.bound), (solved.clone(), 15, 30, 3));
    let r = merged(vec![report(Outcome::Unsolvable, 7), report(Outcome::Cancelled, 1)], false);
    assert_eq!((r.outcome, r.states), (Outcome::Unsolvable, 8));
    // Two answers: the first to end.
    let r = merged(vec![report(Outcome::Unsolvable, 1), report(solved, 1)], false);
    assert_eq!(r.outcome, Outcome::Unsolvable);
    // No answer: a thread stopped by its share of the states says so before the time limit.
    let r = merged(vec![report(Outcome::TimeLimit, 1), report(Outcome::StateLimit, 2)], false);
    assert_eq!((r.outcome, r.states), (Outcome::StateLimit, 3));
    let r = merged(vec![report(Outcome::TimeLimit, 1), report(Outcome::TimeLimit, 2)], false);
    assert_eq!(r.outcome, Outcome::TimeLimit);
    // Cancelled from outside: cancelled, even where a limit stopped another thread first.
    let r = merged(vec![report(Outcome::TimeLimit, 1), report(Outcome::Cancelled, 2)], true);
    assert_eq!(r.outcome, Outcome::Cancelled);
}

/// On random rooms, 2 to 4 threads solve exactly the rooms breadth-first search solves (the
/// solution replayed here through the rules) and prove the others unsolvable; the test
/// ending at all says the first answer stopped the other threads (each has 1000 s).
#[test]
fn a_portfolio_answers_as_breadth_first_search_does() {
    let mut seed = 5u64;
    let (mut rooms, mut solved, mut unsolvable) = (0, 0, 0);
    let limits = Limits { time: Duration::from_secs(1000), max_states: DEFAULT_STATES };
    let never = AtomicBool::new(false);
    while rooms < 150 {
        let text = random_room(&mut seed);
        let rows: Vec<&str> = text.lines().collect();
        let Ok(maze) = crate::sokoban::xsb::parse_board(&rows, 1) else { continue };
        let (level, start) = (&maze.level, &maze.start);
        if start.boxes.len() != level.goals.len() || level.is_solved(start) {
            continue;
        }
        rooms += 1;
        let truth = fewest_pushes(level, start, false);
        let threads = 2 + rooms % 3;
        let r = search_threads(level, start, Mode::Fast, limits, threads, &never, &Meter::new());
        match (&r.outcome, truth) {
            (Outcome::Solved(f), Some(least)) => {
                let end = level.replay(start, &f.moves).expect("legal moves");
                assert!(level.is_solved(&end), "{text}");
                assert!(f.pushes >= least, "{text}");
                solved += 1;
            }
            (Outcome::Unsolvable, None) => unsolvable += 1,
            (o, t) => panic!("{threads} threads: {o:?}, breadth-first search {t:?}:\n{text}"),
        }
    }
    assert!(solved >= 30 && unsolvable >= 10, "{solved} solved, {unsolvable} unsolvable");
}

/// A cancel from outside stops every thread: a level each thread solves at once when not
/// cancelled ends Cancelled.
#[test]
fn a_cancel_stops_every_thread() {
    // An open room of 12 boxes, each goal the cell below its box.
    let mut text = String::from("################\n");
    for r in 0..6 {
        let row: String = (0..14)
            .map(|c| match (r, c) {
                (5, 1) => '@',
                (1 | 3, 2..=7) => '$',
                (2 | 4, 2..=7) => '.',
                _ => ' ',
            })
            .collect();
        text += &format!("#{row}#\n");
    }
    text += "################\n";
    let rows: Vec<&str> = text.lines().collect();
    let maze = crate::sokoban::xsb::parse_board(&rows, 1).expect("a level");
    let limits = Limits { time: Duration::from_secs(1000), max_states: DEFAULT_STATES };
    let cancel = AtomicBool::new(true);
    let r = search_threads(&maze.level, &maze.start, Mode::Fast, limits, 3, &cancel, &Meter::new());
    assert_eq!(r.outcome, Outcome::Cancelled);
    // Not cancelled, it is solved (so the cancel is what stopped it).
    let r = search_threads(&maze.level, &maze.start, Mode::Fast, limits, 3, &AtomicBool::new(false), &Meter::new());
    assert!(matches!(r.outcome, Outcome::Solved(_)), "{r:?}");
}

#[test]
fn solves_help_names_the_most_threads_used() {
    // `sokoban solve --threads`'s help says at most 4 are used.
    assert_eq!(MAX_THREADS, 4);
}
