//! The toy game down the real games' generic paths: the registry, the window's tabs (a click,
//! the solver), save files (written, read back by the loader, replayed by the registry's
//! check), the trace the debugger copies, certifying (the editor's, on its thread), and GIF
//! export (the window's). Every expected value is worked out by hand in the comments, from
//! the rules: a press toggles the cell and its neighbours up, down, left and right.
//!
//! The three kinds of press on 3×3, worked out once (cells named column a–c, row 1–3 from the
//! top):
//! - the centre (b2) toggles b2 and the four edges b1, a2, c2, b3;
//! - all four corners toggle each corner once and each edge twice: the corners only;
//! - all four edges toggle each edge once, the centre four times and each corner twice: the
//!   edges only.
//!
//! So "only the centre lit" is solved by the centre and the four edges (the centre's press
//! leaves the edges lit, the edges' presses put them off): 5 presses, b1 a2 b2 c2 b3. Not by
//! the centre alone, which leaves the four edges lit. "All lit" is solved by the centre and
//! the four corners (5 presses). Every 3×3 position has exactly one set of presses that solves
//! it (the 512 sets of presses light 512 different patterns: checked by brute force below), so
//! its par is that set's size: pressing all nine toggles each corner 3 times, each edge 4
//! times and the centre 5 times, so the cross (corners and centre lit) needs all 9.

use super::{Lights, Step, bit, format};
use crate::app::GameTab;
use crate::app::edit::{EditMode, Editable};
use crate::app::play::Gesture;
use crate::app::session::Frame;
use crate::certify::{Bounds, Verdict};
use crate::games::{Game, GameKind, Visit};
use crate::grid::Pos;

const KIND: GameKind = <Lights as Game>::KIND;

fn pos(name: &str) -> Pos {
    format::parse_move(name).unwrap()
}

fn lit(names: &[&str]) -> Lights {
    Lights { on: names.iter().fold(0, |m, n| m | bit(pos(n))) }
}

/// The built-in level of that title, opened in the window's tab for the game (the registry's
/// field of `Tabs`, reached by its kind).
fn open<'a>(tabs: &'a mut crate::app::Tabs, title: &str) -> &'a mut dyn GameTab {
    let tab = tabs.get_mut(KIND);
    let i = (0..tab.status().level_count)
        .find(|&i| {
            tab.open(i);
            tab.status().title == title
        })
        .unwrap_or_else(|| panic!("no built-in level {title}"));
    assert_eq!(tab.status().index, i);
    tab
}

#[test]
fn the_rules_by_hand() {
    let dark = Lights { on: 0 };
    let (plus, steps) = dark.press(pos("b2")).unwrap();
    assert_eq!(plus, lit(&["b1", "a2", "b2", "c2", "b3"]));
    // The press, then the pressed cell, then its neighbours up, down, left, right.
    let toggles: Vec<(String, bool)> = steps[1..]
        .iter()
        .map(|s| match s {
            Step::Toggle { cell, lit } => (format::cell_name(*cell), *lit),
            Step::Press(_) => panic!("one press"),
        })
        .collect();
    assert_eq!(steps[0], Step::Press(pos("b2")));
    let want = [("b2", true), ("b1", true), ("b3", true), ("a2", true), ("c2", true)];
    assert_eq!(toggles, want.map(|(n, l)| (n.to_string(), l)));
    // A corner toggles three cells; the same press twice is no press.
    assert_eq!(dark.press(pos("a1")).unwrap().0, lit(&["a1", "b1", "a2"]));
    assert_eq!(plus.press(pos("b2")).unwrap().0, dark);
    // Off the grid is refused.
    assert!(dark.press(Pos::new(3, 0)).is_err());
    // The centre alone leaves the edges lit; the centre and the edges put it out.
    let centre = lit(&["b2"]);
    assert_eq!(centre.press(pos("b2")).unwrap().0, lit(&["b1", "a2", "c2", "b3"]));
    let mut s = centre;
    for n in ["b1", "a2", "b2", "c2", "b3"] {
        s = s.press(pos(n)).unwrap().0;
    }
    assert!(s.solved());
}

/// Certify against brute force, on every position: the 512 sets of presses (order does not
/// matter, a press twice is none) light 512 different patterns, so each position has one set
/// that puts it out, and its par is that set's size, proven.
#[test]
fn certify_finds_the_one_set_of_presses_for_every_position() {
    let mut by_pattern = vec![None; super::STATES];
    for set in 0..super::STATES {
        let pattern =
            super::cells().enumerate().filter(|(i, _)| (set >> i) & 1 == 1).fold(0, |m, (_, c)| m ^ super::mask(c));
        assert!(
            by_pattern[pattern as usize].replace(set.count_ones() as usize).is_none(),
            "two sets light {pattern:09b}"
        );
    }
    for (on, par) in by_pattern.into_iter().enumerate() {
        let par = par.expect("every pattern is lit by some set");
        let text = format!("{par} press{}", if par == 1 { "" } else { "es" });
        let want = Verdict::Par { par, proven: true, bound: par, text, moves: par };
        assert_eq!(crate::certify::run(&Lights { on: on as u16 }), want, "{on:09b}");
    }
}

#[test]
fn the_level_text_and_moves_read_back_and_refuse_damage() {
    let text = "; Centre\n...\n.*.\n...\n";
    assert_eq!(format::parse(text).unwrap(), (lit(&["b2"]), "Centre".to_string()));
    assert_eq!(format::write(&lit(&["b2"]), "Centre"), text);
    let err = |t: &str| format::parse(t).unwrap_err().to_string();
    assert_eq!(err("; T\n...\n.x.\n...\n"), "line 3, column 2: `*` (on) or `.` (off), not `x`");
    assert_eq!(err("...\n....\n...\n"), "line 2, column 4: three cells in a row, found 4");
    assert_eq!(err("...\n..\n...\n"), "line 2, column 3: three cells in a row, found 2");
    assert_eq!(err("...\n...\n"), "line 3: row 3 of 3: three of `*` (on) or `.` (off)");
    assert_eq!(err("...\n...\n...\n*\n"), "line 4, column 1: the end of the level (three rows), not `*`");
    assert_eq!(format::cell_name(Pos::new(0, 0)), "a1");
    assert_eq!(format::cell_name(Pos::new(2, 1)), "b3");
    assert_eq!(pos("C3"), Pos::new(2, 2));
    assert!(format::parse_move("d1").unwrap_err().contains("`d1`"));
}

/// The registry lists the toy game (only in tests) and every dispatch reaches its type.
#[test]
fn the_registry_names_it_once() {
    assert_eq!(GameKind::from_key("lights"), Some(KIND));
    assert_eq!(KIND.name(), "Lights Out");
    assert!(GameKind::ALL.contains(&KIND) && GameKind::keys_said().ends_with(" or lights"));
    struct KeyOf;
    impl Visit for KeyOf {
        type Out = &'static str;
        fn visit<G: Game>(self) -> &'static str {
            G::GAME
        }
    }
    assert_eq!(KIND.visit(KeyOf), "lights");
    // The window's How to play, by kind.
    assert!(crate::app::help::help(KIND).sections.iter().any(|(h, t)| *h == "End" && t.contains("every light is off")));
}

/// Played in the window's tab: a click presses the cell under it; the solver's answer plays.
#[test]
fn it_plays_in_the_window_tab() {
    let mut tabs = crate::app::Tabs::built_in();
    // The built-in pack, six levels, with the pars worked out above: the plus and a corner's
    // three are one press; two corners' patterns two; the centre and all-lit five; the cross 9.
    let pars: Vec<(String, Option<usize>)> = tabs.lights.levels.iter().map(|l| (l.title.clone(), l.par)).collect();
    let want = [("Plus", 1), ("Corner", 1), ("Two corners", 2), ("Centre", 5), ("All on", 5), ("Cross", 9)];
    assert_eq!(pars, want.map(|(t, p)| (t.to_string(), Some(p))));

    // A click on b2's middle (the grid starts a quarter cell in: b2 spans 1.25..2.25), given
    // to the game's midend as a frame's input.
    open(&mut tabs, "Plus");
    let click = Frame { instant: true, gestures: vec![Gesture::Click([1.75, 1.75])], ..Frame::default() };
    tabs.lights.session.frame(&click);
    let tab = tabs.get(KIND);
    assert_eq!(tab.status().finished, Some((1, true)), "one press, the player's");
    assert_eq!(tab.solution_line(), "b2");

    // The solver on the centre, its answer taken by the midend's frames: the five presses
    // worked out above, in some order, optimal.
    open(&mut tabs, "Centre");
    tabs.get_mut(KIND).solve(false, Box::new(|| {}));
    let began = std::time::Instant::now();
    while tabs.get(KIND).status().busy {
        assert!(began.elapsed().as_secs() < 20, "the solver answers");
        std::thread::sleep(std::time::Duration::from_millis(5));
        tabs.lights.session.frame(&Frame { instant: true, ..Frame::default() });
    }
    let s = tabs.get(KIND).status();
    assert_eq!(s.finished, Some((5, false)), "solved by the solver: {:?}", s.message);
    assert_eq!(s.message.unwrap().1, "solution: 5 presses, proven optimal");
    let mut presses: Vec<String> = tabs.get(KIND).solution_line().split(' ').map(str::to_string).collect();
    presses.sort();
    assert_eq!(presses, ["a2", "b1", "b2", "b3", "c2"]);
}

/// Saved, loaded back by the loader (which replays it through the registry's check) and
/// opened in a fresh tab; a damaged move is refused with its line.
#[test]
fn it_saves_and_loads_back() {
    let mut tabs = crate::app::Tabs::built_in();
    let tab = open(&mut tabs, "Centre");
    tab.play_line("b1 a2 b2 c2 b3", true).unwrap();
    let text = tab.to_save().write();
    let want = "tumblebox save 1\ngame lights\ntitle Centre\npack Built-in\npar 5\nlevel\n| ; Centre\n| ...\n| .*.\n| ...\n\
                move b1\nmove a2\nmove b2\nmove c2\nmove b3\ncursor 5\nend\n";
    assert_eq!(text, want);
    let Ok(crate::loader::Loaded::Save(save)) = crate::loader::load(text.as_bytes()) else { panic!("a save") };
    assert_eq!(save.kind().unwrap(), KIND);
    crate::games::visit::check_save(&save).unwrap();
    let mut other = crate::app::Tabs::built_in();
    other.get_mut(KIND).load(&save, "centre.tumble").unwrap();
    let back = other.get(KIND);
    // The same level of the same pack: it opens in its place, with the whole history.
    let s = back.status();
    assert_eq!((s.index, s.title, s.finished), (3, "Centre", Some((5, true))));
    assert_eq!(back.to_save().write(), want);
    // Line 15 is `move b3`: a cell off the grid there is the save's error.
    let e = crate::loader::load(want.replace("move b3", "move b4").as_bytes()).unwrap_err();
    assert_eq!(e, "line 15: move b4: a cell: a column a to c and a row 1 to 3 (`b2`), not `b4`");
    // Moves that leave a light on do not make a solution of the library.
    let lib = want.replace("cursor 5\n", "cursor 5\nsolution player 2024-01-01T00:00:00Z b2\n");
    assert!(crate::loader::load(lib.as_bytes()).unwrap_err().starts_with("line 17: a solution that solves"));
}

/// What the debugger's Copy trace copies: the press, then each toggle caused by it.
#[test]
fn it_traces() {
    let mut tabs = crate::app::Tabs::built_in();
    open(&mut tabs, "Plus").play_line("b2", true).unwrap();
    let lines = tabs.lights.session.trace_lines();
    assert_eq!(
        lines,
        [
            "move 1 b2: press b2",
            "move 1: b2 turns off",
            "move 1: b1 turns off",
            "move 1: b3 turns off",
            "move 1: a2 turns off",
            "move 1: c2 turns off"
        ]
    );
    // The JSON form, as the trace module writes every game's.
    let (start, texts, steps) = tabs.lights.session.run();
    let moves = [crate::trace::TracedMove { number: 1, notation: texts[0].clone(), steps: &steps[0] }];
    let json: Vec<String> =
        crate::trace::trace(&start, moves).into_iter().map(|(o, _)| serde_json::Value::Object(o).to_string()).collect();
    assert_eq!(json[0], r#"{"move":1,"notation":"b2","step":"press","cell":[2,2],"name":"b2"}"#);
    assert_eq!(json[2], r#"{"move":1,"step":"toggle","cell":[1,2],"name":"b1","lit":false}"#);
}

/// Certified by the editor's Certify (on its thread), from the level on screen and from a
/// level painted on a blank grid; a state limit stops it with what it knew.
#[test]
fn it_certifies_in_the_editor() {
    let certify = |pad: Box<dyn crate::app::edit::Pad>, bounds: Bounds| -> Verdict {
        let mut e = EditMode::new(KIND, pad);
        e.certify(bounds, Box::new(|| {})).unwrap();
        let began = std::time::Instant::now();
        while !e.poll() {
            assert!(began.elapsed().as_secs() < 20, "certify answers");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        e.verdict().cloned().expect("a verdict")
    };
    let mut tabs = crate::app::Tabs::built_in();
    let pad = open(&mut tabs, "Cross").edit().expect("an editor");
    let v = certify(pad, Bounds::default());
    assert_eq!(v, Verdict::Par { par: 9, proven: true, bound: 9, text: "9 presses".into(), moves: 9 });
    assert_eq!(v.words(1000), "par 9 presses (proven optimal)");
    // The search from the cross reaches 1 + 9 positions at one press, none dark; the limit of
    // 10 stops it at the first new position two presses away: at least 2 presses.
    let pad = tabs.get(KIND).edit().unwrap();
    let small = Bounds { max_states: 10, ..Bounds::default() };
    assert_eq!(certify(pad, small), Verdict::Stopped("the state limit stopped it at no fewer than 2 presses".into()));
    // A blank grid (3 by 3 whatever is asked) is not a level; the centre painted on is one of
    // par 5.
    let mut pad = tabs.get(KIND).edit_blank(7, 9, 0).unwrap();
    assert_eq!(pad.size(), (3, 3));
    assert!(pad.check().unwrap_err().error.message.contains("every light is off"));
    assert!(pad.stroke(&[(1, 1)], Some('*')));
    assert_eq!(pad.text(), "; My level\n...\n.*.\n...\n");
    assert_eq!(pad.entry(None).unwrap(), "; My level\n...\n.*.\n...\n\n");
    let v = certify(pad, Bounds::default());
    assert_eq!(v.words(1000), "par 5 presses (proven optimal)");
    // My levels: two entries, the second renamed.
    let file = "; A\n*..\n...\n...\n\n; B\n...\n.*.\n...\n\n";
    let entries = <Lights as Editable>::mine_entries(file);
    assert_eq!(entries, ["; A\n*..\n...\n...\n\n", "; B\n...\n.*.\n...\n\n"]);
    assert_eq!(<Lights as Editable>::mine_renamed(&entries[1], "Middle").unwrap(), "; Middle\n...\n.*.\n...\n\n");
}

/// Exported as GIFs by the window's export: the plus put out by b2.
#[test]
fn it_exports_a_gif() {
    let mut tabs = crate::app::Tabs::built_in();
    open(&mut tabs, "Plus").play_line("b2", true).unwrap();
    let dir = std::env::temp_dir().join(format!("tumblebox-lights-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let decode = |kind: crate::app::ExportKind| {
        let path = dir.join("plus.gif");
        tabs.get(KIND).export(&path, kind).unwrap();
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::RGBA);
        let mut d = opts.read_info(std::fs::File::open(&path).unwrap()).unwrap();
        let (w, h) = (d.width() as usize, d.height() as usize);
        let mut canvas = vec![0u8; w * h * 4];
        let mut frames = Vec::new();
        while let Some(f) = d.read_next_frame().unwrap() {
            for y in 0..f.height as usize {
                for x in 0..f.width as usize {
                    let s = (y * f.width as usize + x) * 4;
                    if f.buffer[s + 3] != 0 {
                        let t = ((y + f.top as usize) * w + x + f.left as usize) * 4;
                        canvas[t..t + 4].copy_from_slice(&f.buffer[s..s + 4]);
                    }
                }
            }
            // The image's middle is b2's middle (the square grid centred in the square image).
            let m = ((h / 2) * w + w / 2) * 4;
            frames.push(([canvas[m], canvas[m + 1], canvas[m + 2]], f.delay));
        }
        ((w, h), frames)
    };
    let lamp = [0xff, 0xf6, 0xc8]; // a lit lamp's pale centre (the palette's Flash)
    let dark = [0x5b, 0x5f, 0x66]; // a dark cell (the palette's Wall)
    // Smooth: half a second before, the press's ring (0.15 s), the lights changing (0.3 s), a
    // second after: 1.95 s, frames at every twentieth of a second to the end (0 to 39/20), 5
    // cs each: 200 cs. It starts with b2 lit and ends dark.
    let (size, frames) = decode(crate::app::ExportKind::GifSmooth);
    assert_eq!(size, (480, 480));
    assert_eq!(frames.iter().map(|f| f.1 as u32).sum::<u32>(), 200);
    assert_eq!((frames[0].0, frames.last().unwrap().0), (lamp, dark));
    // Stepwise: the start, the press, then each of its five toggles: 7 frames of a second.
    let (_, frames) = decode(crate::app::ExportKind::GifStepwise);
    assert_eq!(frames.iter().map(|f| f.1).collect::<Vec<_>>(), [100u16; 7]);
    // b2 toggles in the third frame (the first toggle is the pressed cell's own).
    let centre: Vec<[u8; 3]> = frames.iter().map(|f| f.0).collect();
    assert_eq!(centre[..2], [lamp, lamp]);
    assert!(centre[2..].iter().all(|&c| c == dark), "{centre:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The window as a whole: its Paste opens the save (the one loader, then the game's tab by its
/// kind), and the game on screen is kept at once, under the game's key.
#[test]
fn the_window_opens_its_save_and_keeps_it() {
    let save = "tumblebox save 1\ngame lights\ntitle Centre\npack Built-in\npar 5\nlevel\n| ; Centre\n| ...\n| .*.\n| ...\n\
                move b1\nmove a2\ncursor 2\nend\n";
    let mut app = crate::app::TumbleApp::with_store(crate::store::Store::memory());
    app.paste(save).unwrap();
    let shown = app.shown();
    assert_eq!((shown.game, shown.title.as_str(), shown.solved), (KIND, "Centre", false));
    // The built-in level of the same text and pack, two presses made. By hand: the centre lit;
    // b1 toggles b1, b2 (below), a1, c1: a1 b1 c1 lit; a2 toggles a2, a1 (above), a3 (below),
    // b2 (right): b1 c1 a2 a3 b2 lit.
    assert_eq!((shown.level, shown.levels, shown.moves), (3, 6, 2));
    assert_eq!(*app.tabs.lights.session.current(), lit(&["b1", "c1", "a2", "a3", "b2"]));
    app.keep_moves();
    let key = crate::app::LevelKey { game: KIND, pack: "Built-in".into(), content: app.tabs.lights.levels[3].content };
    let kept = app.progress().kept_game(&key).expect("the game is kept");
    let back = crate::save::Save::parse(kept).unwrap();
    assert_eq!((back.game.as_str(), back.cursor, back.level.as_str()), ("lights", 2, "; Centre\n...\n.*.\n...\n"));
}

/// The web page's worker: a request names the game by its key and reaches its type through
/// the registry; its solver answers as the window's does, and its GIF is the window's export
/// panel's, byte for byte.
#[test]
fn the_web_workers_jobs_reach_it_by_its_key() {
    use crate::app::work::{Outbox, answer, answer_of, export_request, solve_request};
    struct Files;
    impl Outbox for Files {
        fn progress(&mut self, _: usize) -> bool {
            true
        }
        fn file(&mut self, _: String, _: Vec<u8>) {}
    }
    let mut tabs = crate::app::Tabs::built_in();
    open(&mut tabs, "Centre");
    let start = tabs.lights.session.start;
    let said = answer(&solve_request(&start).expect("the level reads back"), &mut Files);
    let a = answer_of(&start, &said).unwrap();
    let mut names: Vec<String> = a.moves.iter().map(|&c| format::cell_name(c)).collect();
    names.sort();
    assert_eq!((names, a.unproven), (vec!["a2", "b1", "b2", "b3", "c2"].into_iter().map(String::from).collect(), None));

    open(&mut tabs, "Plus").play_line("b2", true).unwrap();
    let dir = std::env::temp_dir().join(format!("tumblebox-lights-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let panel = crate::app::ExportPanel::default();
    let (window, page) = (dir.join("window.gif"), dir.join("page.gif"));
    (tabs.get(KIND).export_job(panel.request(Some(window.clone()))))(&mut |_| true).unwrap();
    let (start, shown) = (tabs.lights.session.start, *tabs.lights.session.current());
    let request = export_request(&start, &["b2".to_string()], &shown, &panel.request(Some(page.clone())), false);
    let said = answer(&request.expect("the levels read back"), &mut Files);
    assert!(said.contains("result"), "{said}");
    let (w, p) = (std::fs::read(&window).unwrap(), std::fs::read(&page).unwrap());
    assert!(w.starts_with(b"GIF89a") && w == p, "the window's GIF ({} B) and the page's ({} B)", w.len(), p.len());
    std::fs::remove_dir_all(&dir).ok();
}
