//! `tumblebox certify FILE`: every level of any file the window opens (the one loader decides
//! what it is; a save's level is certified), one line a level, printed as each is decided.

use super::flags::{duration, seconds, states};
use super::read::read_file;
use super::status::{Done, Failure};
use super::write::Lines;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use tumblebox::certify::{Bounds, Certify, Verdict};
use tumblebox::error::one_line;
use tumblebox::loader::Loaded;
use tumblebox::{sokoban, stacks};

/// `tumblebox certify`'s arguments.
#[derive(clap::Args)]
pub struct CertifyArgs {
    /// The level file (or a save: its level)
    pub file: PathBuf,
    /// Only this level (from 1)
    #[arg(long, value_name = "N")]
    pub level: Option<usize>,
    /// Give up a level after this many seconds (Vexed and Sokoban)
    #[arg(long, value_name = "S", default_value = "10", value_parser = seconds, allow_hyphen_values = true)]
    pub time_limit: f64,
    /// Give up a level after storing this many positions
    #[arg(long, value_name = "N", default_value = "2000000", value_parser = states, allow_hyphen_values = true)]
    pub max_states: usize,
}

fn boxed<C: Certify + 'static>(level: C) -> Box<dyn Certify> {
    Box::new(level)
}

/// A save's level, as its game reads it (the loader has replayed the save).
fn save_level(save: &tumblebox::save::Save) -> Result<Box<dyn Certify>, String> {
    struct Read<'a>(&'a tumblebox::save::Save);
    impl tumblebox::games::Visit for Read<'_> {
        type Out = Result<Box<dyn Certify>, String>;
        fn visit<G: tumblebox::games::Game>(self) -> Self::Out {
            let save = self.0;
            G::from_level(&save.level, save.bottom_only).map(boxed).map_err(|e| save.level_error(e).to_string())
        }
    }
    save.kind().map_err(|e| e.to_string())?.visit(Read(save))
}

pub fn run(a: CertifyArgs) -> Result<Done, Failure> {
    let name = a.file.display().to_string();
    let bytes = read_file(&a.file)?;
    let loaded = tumblebox::loader::load(&bytes).map_err(|e| Failure::bad(format!("{name}: {e}")))?;
    let bounds = Bounds { time: duration(a.time_limit), max_states: a.max_states, ..Bounds::default() };
    let levels: Vec<(String, Box<dyn Certify>)> = match loaded {
        Loaded::Save(s) => {
            vec![(s.title.clone(), save_level(&s).map_err(|e| Failure::bad(format!("{name}: {e}")))?)]
        }
        Loaded::Vexed(_, levels) => levels.into_iter().map(|l| (l.title, boxed(l.board.settle().0))).collect(),
        Loaded::Shubbles(levels) => levels.into_iter().map(|l| (l.title, boxed(l.state))).collect(),
        Loaded::Mazes(mazes) => mazes
            .into_iter()
            .enumerate()
            .map(|(i, m)| (format!("Maze {}", i + 1), boxed(sokoban::scene::Game::new(m, false))))
            .collect(),
        Loaded::Xsb(levels) => {
            levels.into_iter().map(|l| (l.title, boxed(sokoban::scene::Game::new(l.maze, true)))).collect()
        }
        Loaded::Stacks(games) => games
            .into_iter()
            .enumerate()
            .map(|(i, game)| (format!("Board {}", i + 1), boxed(stacks::play::StacksPlay { game, next: 0, turn: 1 })))
            .collect(),
    };
    let n = levels.len();
    let chosen = match a.level {
        None => 0..n,
        Some(k) if (1..=n).contains(&k) => k - 1..k,
        Some(k) => return Err(Failure::bad(format!("--level {k}: {name} has levels 1 to {n}"))),
    };
    let mut out = Lines::new(true)?;
    let progress = std::io::stderr().is_terminal();
    let never = AtomicBool::new(false);
    let mut limited = 0;
    let total = chosen.len();
    for (done, i) in chosen.enumerate() {
        let (title, level) = &levels[i];
        if progress {
            eprint!("\r\x1b[Kcertifying level {} ({} of {total}) …", i + 1, done + 1);
        }
        let verdict = level.certify(bounds, &never, &tumblebox::meter::Meter::new());
        if matches!(verdict, Verdict::Stopped(_) | Verdict::Par { proven: false, .. }) {
            limited += 1;
        }
        if progress {
            eprint!("\r\x1b[K");
        }
        out.line(&format!("{} {}: {}", i + 1, one_line(title), verdict.words(bounds.max_turns)))?;
    }
    out.finish()?;
    let mut done = Done::default();
    if limited > 0 {
        done.limited();
        done.notes.push(format!("{limited} of {total} levels not certified in full: a limit stopped them"));
    }
    Ok(done)
}
