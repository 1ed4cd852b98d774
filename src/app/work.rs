//! Work that would hold the window up, sent elsewhere: on a desktop a thread; on a web page,
//! where a wasm module has no threads, a Web Worker (`web/worker.js` loads the same module and
//! calls [`answer`]). What crosses to a worker is text both ways (JSON): the positions as
//! levels in their game's own format and moves in its notation; what comes back (a solver's
//! moves, an optimiser's line) is parsed and played through the rules on this side before it
//! is used. An export's files come back as bytes, one message each, before its answer.
//!
//! A request is `{"job": "solve" | "optimise" | "export", "game", "bottom_only", "level", …}`;
//! an answer is `{"result": …}` or `{"error": "…", "why": "limit" | "bad" | "cancelled"}`,
//! after any number of `{"progress": N}`.

use super::play::{Answer, Playable};
use crate::render::frames::{ExportError, Request};
use serde_json::{Value, json};
use std::sync::atomic::AtomicBool;

/// Where a job's running reports go: its progress (returning `false` stops it) and its files.
pub trait Outbox {
    fn progress(&mut self, n: usize) -> bool;
    fn file(&mut self, name: String, bytes: Vec<u8>);
    /// The meter a search counts its positions on (a worker's reports each count).
    fn meter(&self) -> crate::meter::Meter {
        crate::meter::Meter::new()
    }
}

/// The level text of `state`, when it reads back as exactly `state` (otherwise the job is not
/// sent elsewhere).
fn exact_level<P: Playable>(state: &P) -> Option<String> {
    let level = state.level_text("");
    let back = P::from_level(&level, state.bottom_only().unwrap_or(false)).ok()?;
    (back == *state).then_some(level)
}

fn head<P: Playable>(job: &str, state: &P) -> Option<serde_json::Map<String, Value>> {
    let level = exact_level(state)?;
    let v = json!({ "job": job, "game": P::GAME, "bottom_only": state.bottom_only().unwrap_or(false), "level": level });
    v.as_object().cloned()
}

/// A solver request for the position `state`.
pub fn solve_request<P: Playable>(state: &P) -> Option<String> {
    Some(Value::Object(head("solve", state)?).to_string())
}

/// An optimiser request: the solution `line` from `start`, searched for `seconds`.
pub fn optimise_request<P: Playable>(start: &P, title: &str, line: &str, seconds: f32) -> Option<String> {
    let mut v = head("optimise", start)?;
    v.insert("line".into(), json!(line));
    v.insert("title".into(), json!(title));
    v.insert("seconds".into(), json!(seconds));
    Some(Value::Object(v).to_string())
}

/// An export request: the moves `texts` from `start`, the position `shown` (for a PNG), the
/// export as asked (its paths' file names are the downloads' names). `measure`: only the size
/// of what it would write is wanted.
pub fn export_request<P: Playable>(
    start: &P,
    texts: &[String],
    shown: &P,
    req: &Request,
    measure: bool,
) -> Option<String> {
    let mut v = head("export", start)?;
    let name = |p: &Option<std::path::PathBuf>| p.as_ref().map(|p| p.display().to_string());
    v.insert("moves".into(), json!(texts));
    v.insert("shown".into(), json!(exact_level(shown)?));
    v.insert("measure".into(), json!(measure));
    v.insert(
        "request".into(),
        json!({
            "png": name(&req.png), "gif": name(&req.gif), "apng": name(&req.apng), "strip": name(&req.strip),
            "smooth": req.smooth, "size": req.size, "speed": req.speed, "loops": req.loops, "hold": req.hold,
            "from_move": req.from_move, "to_move": req.to_move, "caption": req.caption, "max_frames": req.max_frames,
        }),
    );
    Some(Value::Object(v).to_string())
}

/// Runs a request (what the worker does) and gives its answer's text.
pub fn answer(request: &str, out: &mut dyn Outbox) -> String {
    let v: Value = match serde_json::from_str(request) {
        Ok(v) => v,
        Err(e) => return json!({ "error": format!("the request: {e}"), "why": "bad" }).to_string(),
    };
    if v["job"] == "certify" {
        return json!({ "result": verdict_json(&certify_text(&v, &out.meter())) }).to_string();
    }
    struct Run<'a>(&'a Value, &'a mut dyn Outbox);
    impl super::VisitPlayable for Run<'_> {
        type Out = Result<Value, ExportError>;
        fn visit<P: Playable + crate::games::Game + Clone>(self) -> Self::Out {
            run::<P>(self.0, self.1)
        }
    }
    let game = v["game"].as_str().unwrap_or("");
    let r = match crate::games::GameKind::from_key(game) {
        Some(kind) => super::visit(kind, Run(&v, out)),
        None => Err(ExportError::Bad(format!("no game {game:?}"))),
    };
    match r {
        Ok(result) => json!({ "result": result }).to_string(),
        Err(ExportError::Cancelled) => json!({ "error": "cancelled", "why": "cancelled" }).to_string(),
        Err(ExportError::Limit(e)) => json!({ "error": e, "why": "limit" }).to_string(),
        Err(ExportError::Bad(e)) => json!({ "error": e, "why": "bad" }).to_string(),
    }
}

fn bad(e: impl ToString) -> ExportError {
    ExportError::Bad(e.to_string())
}

/// Moves and each one's steps.
type Played<P> = (Vec<<P as crate::save::Replay>::Move>, Vec<Vec<<P as crate::anim::Animate>::Step>>);

/// Plays `texts` from `start`: the moves and each one's steps.
fn replay<P: Playable>(start: &P, texts: &[String]) -> Result<Played<P>, String> {
    let (mut here, mut moves, mut steps) = (start.clone(), Vec::new(), Vec::new());
    for (k, t) in texts.iter().enumerate() {
        let (m, next, s) = crate::save::play_text(&here, k + 1, t, false)?;
        here = next;
        moves.push(m);
        steps.push(s);
    }
    Ok((moves, steps))
}

fn run<P: Playable>(v: &Value, out: &mut dyn Outbox) -> Result<Value, ExportError> {
    let text = |k: &str| v[k].as_str().unwrap_or("").to_string();
    let bottom_only = v["bottom_only"].as_bool().unwrap_or(false);
    let start = P::from_level(&text("level"), bottom_only).map_err(bad)?;
    match v["job"].as_str() {
        Some("solve") => {
            let a = start.solve(&AtomicBool::new(false), &out.meter()).map_err(ExportError::Bad)?;
            Ok(json!({ "moves": crate::save::texts_of(&start, &a.moves).map_err(bad)?, "unproven": a.unproven }))
        }
        Some("optimise") => {
            let texts = P::split_moves(&text("line")).map_err(bad)?;
            let (moves, _) = replay(&start, &texts).map_err(bad)?;
            let time = std::time::Duration::from_secs_f64(v["seconds"].as_f64().unwrap_or(0.0));
            let (better, words) =
                start.optimise(&moves, time, &AtomicBool::new(false), &out.meter()).map_err(ExportError::Bad)?;
            let line = match better {
                Some(b) => Some(crate::save::moves_line_of(
                    &start,
                    &text("title"),
                    &crate::save::texts_of(&start, &b).map_err(bad)?,
                )),
                None => None,
            };
            Ok(json!({ "line": line, "words": words }))
        }
        Some("export") => {
            let texts: Vec<String> = v["moves"]
                .as_array()
                .map(|a| a.iter().map(|t| t.as_str().unwrap_or("").to_string()).collect())
                .unwrap_or_default();
            let (_, steps) = replay(&start, &texts).map_err(bad)?;
            let shown = P::from_level(&text("shown"), bottom_only).map_err(bad)?;
            let req = request_of(&v["request"]);
            let staged = crate::render::frames::stage_request(
                &req,
                &start,
                || steps.iter().map(|s| s.as_slice()),
                &shown,
                P::PACING,
                &|| texts.clone(),
                &mut |n| out.progress(n),
            )?;
            if v["measure"].as_bool().unwrap_or(false) {
                return Ok(json!({ "bytes": staged.iter().map(|s| s.size()).sum::<u64>() }));
            }
            for f in staged {
                f.commit().map_err(|e| bad(format!("cannot write: {e}")))?;
            }
            // On a page, committed files are bytes waiting: they go back to the window.
            #[cfg(target_arch = "wasm32")]
            for (name, bytes) in crate::render::export::take_downloads() {
                out.file(name, bytes);
            }
            Ok(json!("exported"))
        }
        other => Err(bad(format!("no job {other:?}"))),
    }
}

/// A certification request: a level's text (the editor's), certified within `bounds`.
pub fn certify_request(text: &str, bounds: crate::certify::Bounds) -> String {
    json!({
        "job": "certify", "text": text, "seconds": bounds.time.as_secs_f64(),
        "max_states": bounds.max_states, "max_turns": bounds.max_turns,
    })
    .to_string()
}

/// Certifies the one level of a request's text, read by the one loader.
fn certify_text(v: &Value, meter: &crate::meter::Meter) -> crate::certify::Verdict {
    use crate::certify::{Certify, Verdict};
    use crate::loader::Loaded;
    let bounds = crate::certify::Bounds {
        time: std::time::Duration::from_secs_f64(v["seconds"].as_f64().unwrap_or(10.0)),
        max_states: v["max_states"].as_u64().unwrap_or(2_000_000) as usize,
        max_turns: v["max_turns"].as_u64().unwrap_or(1000) as u32,
    };
    let loaded = match crate::loader::load(v["text"].as_str().unwrap_or("").as_bytes()) {
        Ok(l) => l,
        Err(e) => return Verdict::Stopped(format!("the level: {e}")),
    };
    let level: Box<dyn Certify> = match loaded {
        Loaded::Vexed(_, mut l) if l.len() == 1 => Box::new(l.remove(0).board.settle().0),
        Loaded::Shubbles(mut l) if l.len() == 1 => Box::new(l.remove(0).state),
        Loaded::Mazes(mut m) if m.len() == 1 => Box::new(crate::sokoban::scene::Game::new(m.remove(0), false)),
        Loaded::Xsb(mut l) if l.len() == 1 => Box::new(crate::sokoban::scene::Game::new(l.remove(0).maze, true)),
        Loaded::Stacks(mut g) if g.len() == 1 => {
            Box::new(super::play::StacksPlay { game: g.remove(0), next: 0, turn: 1 })
        }
        _ => return Verdict::Stopped("not one level".into()),
    };
    level.certify(bounds, &AtomicBool::new(false), meter)
}

fn verdict_json(v: &crate::certify::Verdict) -> Value {
    use crate::certify::Verdict;
    match v {
        Verdict::Par { par, proven, bound, text, moves } => {
            json!({ "par": par, "proven": proven, "bound": bound, "text": text, "moves": moves })
        }
        Verdict::Unsolvable(why) => json!({ "unsolvable": why }),
        Verdict::Ends(turn) => json!({ "ends": turn }),
        Verdict::Stopped(why) => json!({ "stopped": why }),
    }
}

/// A certification's answer read back (a failed or cancelled worker: stopped, and why).
pub fn verdict_of(r: Result<String, String>) -> crate::certify::Verdict {
    use crate::certify::Verdict;
    let v = match r.and_then(|t| result_of(&t).map_err(words)) {
        Ok(v) => v,
        Err(e) => return Verdict::Stopped(e),
    };
    let n = |k: &str| v[k].as_u64().unwrap_or(0) as usize;
    if let Some(why) = v["unsolvable"].as_str() {
        Verdict::Unsolvable(why.into())
    } else if let Some(why) = v["stopped"].as_str() {
        Verdict::Stopped(why.into())
    } else if v.get("ends").is_some() {
        Verdict::Ends(v["ends"].as_u64().map(|t| t as u32))
    } else {
        let text = v["text"].as_str().unwrap_or("").to_string();
        Verdict::Par {
            par: n("par"),
            proven: v["proven"].as_bool().unwrap_or(false),
            bound: n("bound"),
            text,
            moves: n("moves"),
        }
    }
}

fn request_of(v: &Value) -> Request {
    let path = |k: &str| v[k].as_str().map(std::path::PathBuf::from);
    let num = |k: &str| v[k].as_u64().map(|n| n as usize);
    Request {
        png: path("png"),
        gif: path("gif"),
        apng: path("apng"),
        strip: path("strip"),
        smooth: v["smooth"].as_bool().unwrap_or(false),
        size: num("size").unwrap_or(480),
        speed: v["speed"].as_f64().unwrap_or(1.0) as f32,
        loops: v["loops"].as_u64().unwrap_or(0) as u16,
        hold: v["hold"].as_f64().unwrap_or(0.0) as f32,
        from_move: num("from_move"),
        to_move: num("to_move"),
        caption: v["caption"].as_bool().unwrap_or(false),
        max_frames: num("max_frames").unwrap_or(crate::render::frames::MAX_FRAMES),
    }
}

/// An answer's text: its result, or the error it carries (`ExportError` says why).
pub fn result_of(text: &str) -> Result<Value, ExportError> {
    let v: Value = serde_json::from_str(text).map_err(|e| bad(format!("the worker's answer: {e}")))?;
    if let Some(e) = v.get("error").and_then(|e| e.as_str()) {
        return Err(match v["why"].as_str() {
            Some("cancelled") => ExportError::Cancelled,
            Some("limit") => ExportError::Limit(e.to_string()),
            _ => ExportError::Bad(e.to_string()),
        });
    }
    v.get("result").cloned().ok_or_else(|| bad("the worker's answer has no result"))
}

fn words(e: ExportError) -> String {
    match e {
        ExportError::Cancelled => "cancelled".into(),
        ExportError::Limit(m) | ExportError::Bad(m) => m,
    }
}

/// A solver's answer read back as moves from `state`, each parsed and played through the rules.
pub fn answer_of<P: Playable>(state: &P, text: &str) -> Result<Answer<P::Move>, String> {
    let v = result_of(text).map_err(words)?;
    let texts: Vec<String> = v["moves"]
        .as_array()
        .ok_or("the solver's answer has no moves")?
        .iter()
        .map(|t| t.as_str().unwrap_or("").to_string())
        .collect();
    let (moves, _) = replay(state, &texts)?;
    let unproven = v["unproven"].as_str().map(str::to_string);
    Ok(Answer { moves, unproven })
}

/// An optimiser's answer: the better line (checked by the caller, as a thread's is) and its words.
pub fn optimised_of(text: &str) -> Result<(Option<String>, String), String> {
    let v = result_of(text).map_err(words)?;
    Ok((v["line"].as_str().map(str::to_string), v["words"].as_str().unwrap_or("").to_string()))
}

/// Runs `job` where it does not hold the window up: a thread on a desktop. On a web page only a
/// job whose positions no level text carries comes here (none of the built-in games' today),
/// and it runs at once.
pub fn spawn(job: impl FnOnce() + Send + 'static) {
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::spawn(job);
    #[cfg(target_arch = "wasm32")]
    job();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::Replay;

    #[derive(Default)]
    struct Kept {
        ticks: usize,
        files: Vec<(String, Vec<u8>)>,
    }

    impl Outbox for Kept {
        fn progress(&mut self, _: usize) -> bool {
            self.ticks += 1;
            true
        }
        fn file(&mut self, name: String, bytes: Vec<u8>) {
            self.files.push((name, bytes));
        }
    }

    /// A solve through text (what a web page's worker does) gives the same moves as the solver
    /// run here, and they solve the level.
    #[test]
    fn a_solve_through_text_is_the_solve_here() {
        for (title, board, _) in crate::levels::vexed().iter().take(4) {
            let board = board.settle().0;
            let req = solve_request(&board).expect("a Vexed board's text gives it back");
            let answer = answer_of(&board, &super::answer(&req, &mut Kept::default())).unwrap();
            let here = board.solve(&AtomicBool::new(false), &crate::meter::Meter::new()).unwrap();
            assert_eq!(answer, here, "{title}");
            let end = answer.moves.iter().fold(board.clone(), |b, m| b.play(m).unwrap().0);
            assert!(end.solved(), "{title}");
        }
        let maze = crate::sokoban::xsb::parse_any("#####\n#@$.#\n#####\n").unwrap().remove(0).maze;
        let game = crate::sokoban::scene::Game::new(maze, true);
        let req = solve_request(&game).unwrap();
        assert_eq!(answer_of(&game, &super::answer(&req, &mut Kept::default())).unwrap().moves.len(), 1);
    }

    #[test]
    fn a_bad_answer_is_an_error_not_a_move() {
        let board = crate::levels::vexed()[0].1.settle().0;
        assert!(answer_of(&board, r#"{"result": {"moves": ["nonsense"]}}"#).is_err());
        assert_eq!(answer_of(&board, r#"{"error": "too hard"}"#), Err("too hard".to_string()));
        assert!(answer_of(&board, "not json").is_err());
        assert!(super::answer(r#"{"game": "chess"}"#, &mut Kept::default()).contains("error"));
        assert!(super::answer("{", &mut Kept::default()).contains("error"));
    }

    /// A certification through text is the one made here, for each game's kind of level.
    #[test]
    fn a_certification_through_text_is_the_one_made_here() {
        use crate::certify::{Bounds, Certify, Verdict};
        let board = crate::levels::vexed()[1].1.settle().0;
        let text = board.level_text("SAMPLE-02");
        let here = board.certify(Bounds::default(), &AtomicBool::new(false), &crate::meter::Meter::new());
        assert!(matches!(here, Verdict::Par { par: 9, proven: true, .. }), "{here:?}");
        let there = verdict_of(Ok(super::answer(&certify_request(&text, Bounds::default()), &mut Kept::default())));
        assert_eq!(there, here);
        for text in [
            "1 7\nSB....T\n0 0\n",
            "#####\n#@$.#\n#####\n",
            "4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 2\n",
        ] {
            let v = verdict_of(Ok(super::answer(&certify_request(text, Bounds::default()), &mut Kept::default())));
            assert!(matches!(v, Verdict::Par { .. } | Verdict::Ends(_)), "{text}: {v:?}");
        }
        let v = verdict_of(Ok(super::answer(&certify_request("nonsense", Bounds::default()), &mut Kept::default())));
        assert!(matches!(v, Verdict::Stopped(_)), "{v:?}");
        assert_eq!(verdict_of(Err("cancelled".into())), Verdict::Stopped("cancelled".into()));
    }

    /// An export through text writes the same GIF as the export made here, tick for tick.
    #[test]
    fn an_export_through_text_writes_what_the_export_here_writes() {
        let dir = std::env::temp_dir().join(format!("tumblebox-work-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let board = crate::levels::vexed()[1].1.settle().0;
        let a = board.solve(&AtomicBool::new(false), &crate::meter::Meter::new()).unwrap();
        let texts = crate::save::texts_of(&board, &a.moves).unwrap();
        let (_, steps) = replay(&board, &texts).unwrap();
        let req = |name: &str| Request {
            gif: Some(dir.join(name)),
            size: 200,
            speed: 1.0,
            caption: true,
            max_frames: crate::render::frames::MAX_FRAMES,
            ..Default::default()
        };
        let mut here_ticks = 0;
        let staged = crate::render::frames::stage_request(
            &req("here.gif"),
            &board,
            || steps.iter().map(|s| s.as_slice()),
            &board,
            crate::anim::Pacing::DEFAULT,
            &|| texts.clone(),
            &mut |_| {
                here_ticks += 1;
                true
            },
        )
        .unwrap();
        staged.into_iter().for_each(|s| s.commit().unwrap());
        let mut kept = Kept::default();
        let text = export_request(&board, &texts, &board, &req("there.gif"), false).unwrap();
        assert_eq!(result_of(&super::answer(&text, &mut kept)).unwrap(), json!("exported"));
        let (here, there) =
            (std::fs::read(dir.join("here.gif")).unwrap(), std::fs::read(dir.join("there.gif")).unwrap());
        assert!(here.starts_with(b"GIF89a") && here == there);
        assert_eq!(kept.ticks, here_ticks);
        // Measured only: its size, and no file.
        let text = export_request(&board, &texts, &board, &req("measured.gif"), true).unwrap();
        let v = result_of(&super::answer(&text, &mut Kept::default())).unwrap();
        assert_eq!(v["bytes"].as_u64(), Some(here.len() as u64));
        assert!(!dir.join("measured.gif").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
