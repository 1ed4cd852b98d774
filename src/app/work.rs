//! Work that would hold the window up, sent elsewhere: on a desktop a thread; on a web page,
//! where a wasm module has no threads, a solver runs in a Web Worker (`web/worker.js` loads the
//! same module and calls [`answer`]). What crosses to a worker is text both ways: the position
//! as a level in its game's own format, and the answer's moves in the game's notation, each
//! parsed and played back through the rules on this side before it is used.

use super::play::{Answer, Playable};
use std::sync::atomic::{AtomicBool, AtomicUsize};

/// A request for a solver elsewhere: the game, the stacks rule, the position as a level. `None`
/// when the level's text does not give back exactly this position (then it is solved here).
pub fn request<P: Playable>(state: &P) -> Option<String> {
    let level = state.level_text("");
    let bottom_only = state.bottom_only().unwrap_or(false);
    let back = P::from_level(&level, bottom_only).ok()?;
    (back == *state).then(|| format!("{}\n{}\n{level}", P::GAME, u8::from(bottom_only)))
}

/// Runs a request's solver (what the worker does): the answer as JSON text,
/// `{"moves": [...], "unproven": null | "..."}` or `{"error": "..."}`.
pub fn answer(request: &str) -> String {
    let mut parts = request.splitn(3, '\n');
    let (game, bottom, level) = (parts.next().unwrap_or(""), parts.next().unwrap_or("0"), parts.next().unwrap_or(""));
    let bottom_only = bottom == "1";
    let r = match game {
        "vexed" => solve_text::<crate::vexed::Board>(level, bottom_only),
        "shubbles" => solve_text::<crate::shubbles::State>(level, bottom_only),
        "sokoban" => solve_text::<crate::sokoban::scene::Game>(level, bottom_only),
        "stacks" => solve_text::<super::play::StacksPlay>(level, bottom_only),
        other => Err(format!("no game {other:?}")),
    };
    match r {
        Ok((moves, unproven)) => serde_json::json!({ "moves": moves, "unproven": unproven }).to_string(),
        Err(e) => serde_json::json!({ "error": e }).to_string(),
    }
}

fn solve_text<P: Playable>(level: &str, bottom_only: bool) -> Result<(Vec<String>, Option<String>), String> {
    let start = P::from_level(level, bottom_only).map_err(|e| e.to_string())?;
    let a = start.solve(&AtomicBool::new(false), &AtomicUsize::new(0))?;
    let mut here = start;
    let mut texts = Vec::new();
    for m in &a.moves {
        texts.push(here.move_text(m));
        here = here.play(m)?.0;
    }
    Ok((texts, a.unproven))
}

/// An answer's text read back as moves from `state`, each parsed and played through the rules.
pub fn answer_of<P: Playable>(state: &P, text: &str) -> Result<Answer<P::Move>, String> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("the solver's answer: {e}"))?;
    if let Some(e) = v.get("error").and_then(|e| e.as_str()) {
        return Err(e.to_string());
    }
    let texts = v.get("moves").and_then(|m| m.as_array()).ok_or("the solver's answer has no moves")?;
    let mut here = state.clone();
    let mut moves = Vec::new();
    for t in texts {
        let m = here.parse_move(t.as_str().unwrap_or(""))?;
        here = here.play(&m)?.0;
        moves.push(m);
    }
    let unproven = v.get("unproven").and_then(|u| u.as_str()).map(str::to_string);
    Ok(Answer { moves, unproven })
}

/// Runs `job` where it does not hold the window up: a thread on a desktop. A web page has none:
/// there it runs at once (see the web notes in docs/web.md for what runs where).
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

    /// A solve through text (what a web page's worker does) gives the same moves as the solver
    /// run here, and they solve the level.
    #[test]
    fn a_solve_through_text_is_the_solve_here() {
        let levels = crate::levels::vexed();
        for (title, board, _) in levels.iter().take(4) {
            let board = board.settle().0;
            let req = request(&board).expect("a Vexed board's text gives it back");
            let answer = answer_of(&board, &super::answer(&req)).unwrap();
            let here = board.solve(&AtomicBool::new(false), &AtomicUsize::new(0)).unwrap();
            assert_eq!(answer, here, "{title}");
            let end = answer.moves.iter().fold(board.clone(), |b, m| b.play(m).unwrap().0);
            assert!(end.solved(), "{title}");
        }
        let maze = crate::sokoban::xsb::parse_any("#####\n#@$.#\n#####\n").unwrap().remove(0).maze;
        let game = crate::sokoban::scene::Game::new(maze, true);
        let req = request(&game).unwrap();
        assert!(req.starts_with("sokoban\n0\n"));
        assert_eq!(answer_of(&game, &super::answer(&req)).unwrap().moves.len(), 1);
    }

    #[test]
    fn a_bad_answer_is_an_error_not_a_move() {
        let board = crate::levels::vexed()[0].1.settle().0;
        assert!(answer_of(&board, r#"{"moves": ["nonsense"]}"#).is_err());
        assert_eq!(answer_of(&board, r#"{"error": "too hard"}"#), Err("too hard".to_string()));
        assert!(answer_of(&board, "not json").is_err());
        assert!(super::answer("chess\n0\nx").contains("error"));
    }
}
