//! Save files with the whole history: random games in every game saved, read back and
//! compared entry by entry; damaged files refused with the line.

use proptest::prelude::*;
use tumblebox::app::play::{Playable, Replay};
use tumblebox::app::session::{Entry, Session};
use tumblebox::save::Save;

/// One player action: a move (by its index among the candidates), undo, redo or restart.
#[derive(Debug, Clone)]
enum Act {
    Move(usize),
    Undo,
    Redo,
    Restart,
}

fn acts() -> impl Strategy<Value = Vec<Act>> {
    prop::collection::vec(
        prop_oneof![
            6 => (0usize..64).prop_map(Act::Move),
            1 => Just(Act::Undo),
            1 => Just(Act::Redo),
            1 => Just(Act::Restart),
        ],
        0..40,
    )
}

/// Plays the actions; moves that the rules refuse are skipped (as the window does).
fn play<P: Playable>(start: P, acts: &[Act], candidates: impl Fn(&P) -> Vec<P::Move>) -> Session<P> {
    let mut s = Session::new("random", start, Some(7));
    for a in acts {
        match a {
            Act::Move(i) => {
                let c = candidates(s.current());
                if !c.is_empty() {
                    let _ = s.make(&c[i % c.len()], true);
                }
            }
            Act::Undo => s.undo(),
            Act::Redo => s.redo(),
            Act::Restart => s.restart(),
        }
    }
    s
}

/// Save, read back, and compare every entry and the cursor; the text is stable.
fn round_trip<P: Playable>(s: &Session<P>) {
    let text = s.to_save("Built-in").write();
    let save = Save::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let back = Session::<P>::from_save(&save).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.cursor, s.cursor);
    assert_eq!(back.history.len(), s.history.len());
    assert_eq!(&back.start, &s.start);
    for (a, b) in s.history.iter().zip(&back.history) {
        match (a, b) {
            (
                Entry::Move { text: t1, after: a1, given: s1, .. },
                Entry::Move { text: t2, after: a2, given: s2, .. },
            ) => {
                assert_eq!((t1, a1, s1), (t2, a2, s2));
            }
            (Entry::Restart { after: a1 }, Entry::Restart { after: a2 }) => assert_eq!(a1, a2),
            _ => panic!("entries differ:\n{text}"),
        }
    }
    // Moves of one gesture stay together (the group numbers are the run's own).
    let groups = |s: &Session<P>| -> Vec<Option<usize>> {
        let g: Vec<u64> =
            s.history.iter().map(|e| if let Entry::Move { group, .. } = e { *group } else { 0 }).collect();
        g.iter().map(|&x| (x != 0).then(|| g.iter().position(|&y| y == x).unwrap())).collect()
    };
    assert_eq!(groups(&back), groups(s));
    assert_eq!(back.to_save("Built-in").write(), text);
    assert_eq!(back.current(), s.current());
}

fn first_level<P: Playable + Clone>(levels: Vec<tumblebox::app::Level<P>>, i: usize) -> P {
    levels[i % levels.len()].start.clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn vexed_histories_round_trip(level in 0usize..14, acts in acts()) {
        let start = first_level(tumblebox::app::TumbleApp::default().tabs.vexed.levels, level);
        round_trip(&play(start, &acts, |b| b.moves()));
    }

    #[test]
    fn shubbles_histories_round_trip(level in 0usize..14, acts in acts()) {
        let start = first_level(tumblebox::app::TumbleApp::default().tabs.shubbles.levels, level);
        round_trip(&play(start, &acts, |_| tumblebox::shubbles::Op::ALL.to_vec()));
    }

    #[test]
    fn sokoban_histories_round_trip(level in 0usize..14, acts in acts()) {
        use tumblebox::grid::Dir;
        let start = first_level(tumblebox::app::TumbleApp::default().tabs.sokoban.levels, level);
        round_trip(&play(start, &acts, |g| {
            [Dir::Up, Dir::Down, Dir::Left, Dir::Right]
                .into_iter()
                .map(|dir| tumblebox::sokoban::Move { dir, push: false })
                .filter(|m| g.play(m).is_ok())
                .collect()
        }));
    }

    #[test]
    fn stacks_histories_round_trip(level in 0usize..17, acts in acts(), bottom in any::<bool>()) {
        let mut start = first_level(tumblebox::app::TumbleApp::default().tabs.stacks.levels, level);
        if bottom {
            start.game.rule = tumblebox::stacks::Rule::BottomOnly;
        }
        round_trip(&play(start, &acts, |s| if s.play(&tumblebox::app::play::NextPiece).is_ok() { vec![tumblebox::app::play::NextPiece] } else { vec![] }));
    }
}

#[test]
fn a_gesture_group_survives_a_reload() {
    // A click that walks several cells is one move for undo, before and after a reload.
    use tumblebox::app::play::Gesture;
    let start = first_level(tumblebox::app::TumbleApp::default().tabs.sokoban.levels, 0);
    let mut s = Session::new("maze", start.clone(), None);
    // Walk to the farthest floor cell the player can reach in one click.
    let p = start.pos.player;
    let far = (0..start.level.walls.rows())
        .flat_map(|r| (0..start.level.walls.cols()).map(move |c| tumblebox::grid::Pos::new(r, c)))
        .filter(|&q| !start.level.walls[q] && !start.pos.boxes.contains(&q) && q != p)
        .max_by_key(|q| q.row.abs_diff(p.row) + q.col.abs_diff(p.col))
        .unwrap();
    s.gesture(Gesture::Click([0.25 + far.col as f32 + 0.5, 0.25 + far.row as f32 + 0.5]), true);
    while s.tick(1e6, true) {}
    let n = s.history.len();
    let text = s.to_save("Built-in").write();
    let mut back = Session::<tumblebox::sokoban::scene::Game>::from_save(&Save::parse(&text).unwrap()).unwrap();
    assert!(n > 1, "the click walked {n} cells");
    assert_eq!(back.history.len(), n);
    assert!(text.contains(" group "));
    back.undo();
    assert_eq!(back.cursor, 0, "one undo takes back the whole walk");
}

/// The error reading a save as a Vexed session.
fn vexed_error(text: &str) -> tumblebox::error::ParseError {
    match Session::<tumblebox::vexed::Board>::from_save(&Save::parse(text).unwrap()) {
        Ok(_) => panic!("read:\n{text}"),
        Err(e) => e,
    }
}

#[test]
fn a_damaged_history_is_refused_with_its_line() {
    let start = first_level(tumblebox::app::TumbleApp::default().tabs.vexed.levels, 0);
    let mut s = Session::new("SAMPLE-01", start.clone(), Some(2));
    let m = start.moves()[0];
    s.make(&m, true).unwrap();
    let text = s.to_save("Built-in").write();
    let line_of = |t: &str, what: &str| t.lines().position(|l| l.starts_with(what)).unwrap() + 1;
    // A move that is not there.
    let moved = text.lines().find(|l| l.starts_with("move ")).unwrap().to_string();
    let wrong = text.replace(&moved, "move (z,9,9,L)");
    let e = vexed_error(&wrong);
    assert_eq!(e.line, line_of(&wrong, "move "));
    assert!(e.message.starts_with("move (z,9,9,L): "), "{e}");
    // A level that is not a level: the message names the file's line inside the level.
    let broken = text.replacen("| ", "| #?#", 1);
    let e = vexed_error(&broken);
    assert_eq!(e.line, line_of(&broken, "level") + 1, "{e}");
    // A maze with a bad cell: the file's line and column, counting the `| ` before the level.
    let maze = "tumblebox save 1\ngame sokoban\ntitle M\nlevel\n| 1 3\n| SXT\n| 0 0\ncursor 0\nend\n";
    let e = tumblebox::save::replay::<tumblebox::sokoban::scene::Game>(&Save::parse(maze).unwrap()).unwrap_err();
    assert_eq!((e.line, e.column), (6, Some(4)), "{e}");
    // A save of another game.
    let other = text.replace("game vexed", "game stacks");
    let e = vexed_error(&other);
    assert!(e.to_string().contains("a vexed save, not stacks"), "{e}");
}

// ---------------------------------------------------------------- the command line

fn tumblebox(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_tumblebox")).args(args).output().unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("tumblebox-savecli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `GAME export FILE --moves M --gif --save`, then `export SAVE --gif`: the same file.
fn same_frames(game: &str, level: &str, moves: &str, extra: &[&str]) {
    let d = temp_dir(game);
    let f = d.join("level.txt");
    std::fs::write(&f, level).unwrap();
    let (direct, via, save) = (d.join("direct.gif"), d.join("via.gif"), d.join("game.tumble"));
    for smooth in [false, true] {
        let mut args = vec![game, "export", f.to_str().unwrap(), "--moves", moves, "--gif", direct.to_str().unwrap()];
        args.extend(["--save", save.to_str().unwrap()]);
        args.extend(extra);
        if smooth {
            args.push("--smooth");
        }
        let o = tumblebox(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mut args = vec!["export", save.to_str().unwrap(), "--gif", via.to_str().unwrap()];
        if smooth {
            args.push("--smooth");
        }
        let o = tumblebox(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(std::fs::read(&direct).unwrap(), std::fs::read(&via).unwrap(), "{game} smooth={smooth}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn export_save_gives_the_frames_of_a_direct_export() {
    same_frames(
        "vexed",
        "6 7 SAMPLE-02\n#--Y--#\n#-ZX-X#\n#-##-##\n#-XZ--#\n####YZ#\n#######\n0 0\n",
        "(Y,0,3,R) (Z,4,5,L) (X,1,3,R) (Z,1,2,R)",
        &[],
    );
    same_frames("sokoban", "1 7\nSB....T\n0 0\n", "EEEE", &[]);
    same_frames("stacks", "4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n", "1 2 3 4 1 2", &[]);
    same_frames(
        "stacks",
        "4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n",
        "1 2 3",
        &["--bottom-only"],
    );
}

#[test]
fn a_save_opens_where_it_was_and_a_damaged_one_is_one_line() {
    let d = temp_dir("damage");
    let f = d.join("s1.in");
    std::fs::write(&f, "4 5 SAMPLE-01\n#A--#\n##-B#\n#AB##\n#####\n0 0\n").unwrap();
    let save = d.join("s1.tumble");
    let o = tumblebox(&[
        "vexed",
        "export",
        f.to_str().unwrap(),
        "--moves",
        "(B,1,3,L) (A,0,1,R)",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("\nmove (B,1,3,L)\nmove (A,0,1,R)\ncursor 2\nend\n"), "{text}");
    // It reads back as the window reads it: solved at the cursor.
    let s = Session::<tumblebox::vexed::Board>::from_save(&Save::parse(&text).unwrap()).unwrap();
    assert!(s.current().is_solved());
    // Damage: an illegal move names its line; nothing is written.
    std::fs::write(&save, text.replace("(A,0,1,R)", "(A,0,1,L)")).unwrap();
    let png = d.join("x.png");
    let o = tumblebox(&["export", save.to_str().unwrap(), "--png", png.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 13: move (A,0,1,L): "), "{err}");
    assert!(!png.exists());
    // A file cut short.
    std::fs::write(&save, &text[..text.len() - 4]).unwrap();
    let o = tumblebox(&["export", save.to_str().unwrap(), "--png", png.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("`end` as the last line"));
    std::fs::remove_dir_all(&d).unwrap();
}
