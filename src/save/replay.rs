//! Replaying a save through its game's rules: the `Replay` trait each game implements (its
//! levels and moves from text, moves through the rules, a level as text), one entry at a time
//! (`Replaying`), all of it (`replay`), checked keeping nothing (`check`), and the moves in
//! effect since the last restart (`run`).

use super::library::MAX_LINE_MOVES;
use super::{Entry, Save};
use crate::anim::Animate;
use crate::error::ParseError;

/// A command line that traces a game: `tumblebox GAME trace FILE ARGS…`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceInput {
    pub game: &'static str,
    pub file: String,
    pub args: Vec<String>,
}

/// A game as save files (and the window) replay it: levels and moves from their text, moves
/// through the rules.
pub trait Replay: Animate {
    type Move: Clone + Send + Sync + std::fmt::Debug + 'static;
    /// The game's name in save files and on the command line.
    const GAME: &'static str;
    /// The start of a level from its text in the game's own format (what a save file keeps:
    /// [`Replay::level_text`]); `bottom_only` is stacks' 17780 rule.
    fn from_level(text: &str, bottom_only: bool) -> Result<Self, ParseError>;
    /// A move from its notation (as [`Replay::move_text`] writes it), if it can be made here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;
    /// Applies a move: the new state and the steps, or why it is not allowed.
    fn play(&self, mv: &Self::Move) -> Result<(Self, Vec<Self::Step>), String>;
    /// The move in the game's notation (before it is made, on this state).
    fn move_text(&self, mv: &Self::Move) -> String;
    /// What `tumblebox GAME trace` needs to replay `moves` (their texts) from this state: the
    /// game's name on the command line, a file holding the level, and the arguments after it.
    fn trace_input(&self, title: &str, moves: &[String]) -> TraceInput;
    /// This position as a level in the game's own format (what [`Replay::from_level`] reads).
    fn level_text(&self, title: &str) -> String {
        self.trace_input(title, &[]).file
    }
    /// The level as a game ID carries it: [`Replay::level_text`], or where the game's own
    /// format keeps a par and `par` is known, a text that keeps it too (Vexed's Android line,
    /// when it reads back as this very board), so a shared link keeps the par.
    fn shared_level_text(&self, title: &str, par: Option<usize>) -> String {
        let _ = par;
        self.level_text(title)
    }
    /// Whether the level is done here (solved; stacks: the game is over).
    fn solved(&self) -> bool;
    /// Whether the level plays by Baekjoon 17780's rule (only the bottom piece moves), for
    /// games that have that choice.
    fn bottom_only(&self) -> Option<bool> {
        None
    }
    /// Each move's text of a line of moves, in order, without holding them all (a library
    /// line may be long): words; shubbles and mazes: characters. Stops at `f`'s first error.
    fn each_move(text: &str, f: &mut dyn FnMut(&str) -> Result<(), String>) -> Result<(), String> {
        text.split_whitespace().try_for_each(f)
    }
    /// A line of moves cut into single moves' texts ([`Replay::each_move`], collected).
    fn split_moves(text: &str) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        Self::each_move(text, &mut |m| {
            out.push(m.to_string());
            Ok(())
        })?;
        Ok(out)
    }
}

/// A move of a save (its history or its library) read from its text and made: the text must
/// be the move as the rules write it ([`Replay::move_text`]); another spelling (a letter's
/// case, Palm pairs) is a hand edit, refused.
fn read_move<R: Replay>(here: &R, text: &str) -> Result<Made<R>, String> {
    let mv = here.parse_move(text)?;
    let canonical = here.move_text(&mv);
    if canonical != text {
        return Err(format!("expected it written {}, as tumblebox writes it", crate::error::quote(&canonical)));
    }
    let (after, steps) = here.play(&mv)?;
    Ok((mv, after, steps))
}

/// A move made: the move, the state after it and its steps.
pub type Made<R> = (<R as Replay>::Move, R, Vec<<R as Animate>::Step>);

/// One entry of a replayed history.
#[derive(Debug, Clone)]
pub enum Replayed<R: Replay> {
    Move {
        mv: R::Move,
        /// The move's notation as the rules write it (the file's may differ in case or form).
        text: String,
        before: R,
        after: R,
        steps: Vec<R::Step>,
        /// Not the player's own move.
        given: bool,
        group: u64,
    },
    Restart,
}

/// A save's history being replayed through the rules, one entry at a time ([`replaying`]):
/// nothing is kept but the state reached, so a save of millions of moves replays in the memory
/// of one position.
pub struct Replaying<'a, R: Replay> {
    save: &'a Save,
    start: R,
    here: R,
    next: usize,
}

/// Starts replaying a save: its level read by its game's parser (an error names the save's
/// line and column).
pub fn replaying<R: Replay + Clone>(save: &Save) -> Result<Replaying<'_, R>, ParseError> {
    if save.game != R::GAME {
        return Err(ParseError::line(2, format!("a {} save, not {}", R::GAME, save.game)));
    }
    let start = R::from_level(&save.level, save.bottom_only).map_err(|e| save.level_error(e))?;
    Ok(Replaying { save, here: start.clone(), start, next: 0 })
}

impl<R: Replay + Clone> Replaying<'_, R> {
    /// The level's start.
    pub fn start(&self) -> &R {
        &self.start
    }

    /// The state reached so far.
    pub fn here(&self) -> &R {
        &self.here
    }
}

impl<R: Replay + Clone> Iterator for Replaying<'_, R> {
    type Item = Result<Replayed<R>, ParseError>;

    /// The next entry replayed; a move that cannot be read or made is an error naming the
    /// file's line (and the iteration ends there).
    fn next(&mut self) -> Option<Self::Item> {
        let e = self.save.history.get(self.next)?;
        self.next += 1;
        Some(match e {
            Entry::Move { text, given, group, line } => {
                let fail = |m: String| {
                    ParseError::line(*line, format!("move {}: {m}", crate::error::quote(text).trim_matches('`')))
                };
                match read_move(&self.here, text) {
                    Ok((mv, after, steps)) => {
                        let text = self.here.move_text(&mv);
                        let before = std::mem::replace(&mut self.here, after.clone());
                        Ok(Replayed::Move { mv, text, before, after, steps, given: *given, group: *group })
                    }
                    Err(m) => {
                        self.next = self.save.history.len();
                        Err(fail(m))
                    }
                }
            }
            Entry::Restart => {
                self.here = self.start.clone();
                Ok(Replayed::Restart)
            }
        })
    }
}

/// A save's level and history replayed through the rules: the start and every entry. A move
/// that cannot be read or made, or a level its game's parser refuses, is an error naming the
/// file's line.
pub fn replay<R: Replay + Clone>(save: &Save) -> Result<(R, Vec<Replayed<R>>), ParseError> {
    let r = replaying::<R>(save)?;
    let start = r.start().clone();
    let mut out = Vec::with_capacity(save.history.len().min(1 << 16));
    for e in r {
        out.push(e?);
    }
    Ok((start, out))
}

/// Replays a save through its game's rules, keeping nothing: what the loader does before a
/// save reaches the window, and `tumblebox export SAVE` before it draws. The error names the
/// file's line (and column, in the level).
pub fn check_as<R: Replay + Clone>(save: &Save) -> Result<(), ParseError> {
    let mut r = replaying::<R>(save)?;
    let start = r.start().clone();
    r.try_for_each(|e| e.map(|_| ()))?;
    // The library: every solution solves the level from its start, every snapshot replays.
    for f in &save.found {
        let end =
            play_line(&start, &f.line).map_err(|m| ParseError::line(f.file_line, format!("the solution: {m}")))?;
        if !end.solved() {
            return Err(ParseError::line(
                f.file_line,
                "a solution that solves the level (these moves leave it unsolved)",
            ));
        }
    }
    for s in &save.snapshots {
        play_line(&start, &s.line).map_err(|m| ParseError::line(s.file_line, format!("the snapshot: {m}")))?;
    }
    Ok(())
}

/// Plays a line of moves (in the game's notation, as [`Replay::each_move`] cuts it) from
/// `start`, one move at a time, at most [`MAX_LINE_MOVES`] of them, handing each move made to
/// `each`; the state reached, or which move fails and why (`move 3 \`x\`: …`). `strict`: each
/// move must be spelled as the rules write it (a save's own lines: another spelling is a hand
/// edit); otherwise any spelling the game reads (a paste). The one reader of a line of moves.
pub fn walk_line<R: Replay + Clone>(
    start: &R,
    line: &str,
    strict: bool,
    each: &mut dyn FnMut(Made<R>),
) -> Result<R, String> {
    let mut here = start.clone();
    let mut k = 0;
    R::each_move(line, &mut |text| {
        k += 1;
        if k > MAX_LINE_MOVES {
            return Err(format!("at most {MAX_LINE_MOVES} moves in a line, found more"));
        }
        let (mv, after, steps) = play_text(&here, k, text, strict)?;
        here = after.clone();
        each((mv, after, steps));
        Ok(())
    })?;
    Ok(here)
}

/// The `k`th move of a line (from 1), from its text, made on `here`: the move, the state
/// after it and its steps, or why not (`move 3 \`x\`: …`); `strict` as [`walk_line`].
pub fn play_text<R: Replay>(here: &R, k: usize, text: &str, strict: bool) -> Result<Made<R>, String> {
    let made = if strict {
        read_move(here, text)
    } else {
        here.parse_move(text).and_then(|mv| here.play(&mv).map(|(after, steps)| (mv, after, steps)))
    };
    made.map_err(|m| format!("move {k} {}: {m}", crate::error::quote(text)))
}

/// The state a line of moves reaches from `start`, each move spelled as the history's must
/// be, keeping nothing but the position ([`walk_line`], strict).
pub fn play_line<R: Replay + Clone>(start: &R, line: &str) -> Result<R, String> {
    walk_line(start, line, true, &mut |_| {})
}

/// A line of moves read from `start` in any spelling the game reads: the moves and the state
/// they reach ([`walk_line`]).
pub fn read_line<R: Replay + Clone>(start: &R, line: &str) -> Result<(Vec<R::Move>, R), String> {
    let mut moves = Vec::new();
    let end = walk_line(start, line, false, &mut |(mv, _, _)| moves.push(mv))?;
    Ok((moves, end))
}

/// The moves' texts in the game's notation, played from `start` (each is written on the
/// state it is made from); which move fails and why. The one writer of moves as text.
pub fn texts_of<R: Replay + Clone>(start: &R, moves: &[R::Move]) -> Result<Vec<String>, String> {
    let (mut here, mut texts) = (start.clone(), Vec::with_capacity(moves.len()));
    for (k, m) in moves.iter().enumerate() {
        let text = here.move_text(m);
        here = here.play(m).map_err(|e| format!("move {} {}: {e}", k + 1, crate::error::quote(&text)))?.0;
        texts.push(text);
    }
    Ok(texts)
}

/// A move's notation and its steps.
pub type Played<R> = (String, Vec<<R as Animate>::Step>);

/// The moves in effect since the last restart (what an export of the save shows): the state
/// they start from and each move's notation and steps.
pub fn run<R: Replay + Clone>(start: &R, entries: &[Replayed<R>], cursor: usize) -> (R, Vec<Played<R>>) {
    let upto = &entries[..cursor.min(entries.len())];
    let from = upto.iter().rposition(|e| matches!(e, Replayed::Restart)).map_or(0, |i| i + 1);
    let first = match upto.get(from) {
        Some(Replayed::Move { before, .. }) => before.clone(),
        _ => start.clone(),
    };
    let moves = upto[from..]
        .iter()
        .filter_map(|e| match e {
            Replayed::Move { text, steps, .. } => Some((text.clone(), steps.clone())),
            Replayed::Restart => None,
        })
        .collect();
    (first, moves)
}
