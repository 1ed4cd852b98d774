//! `tumblebox stacks …`: the Baekjoon 17837 / 17780 judge, export and trace.

use super::flags::{ExportArgs, TraceArgs};
use super::message::moves_error;
use super::read::{read_input, read_text};
use super::status::{self, Done, Failure};
use super::write::{SaveAs, check_export_outputs, file_name, stage_images, stage_save, trace_lines};
use clap::Subcommand;
use std::path::PathBuf;
use tumblebox::anim::Pacing;
use tumblebox::judge;
use tumblebox::stacks::{self, play::NextPiece, play::StacksPlay};

#[derive(Subcommand)]
pub enum StacksCmd {
    /// Baekjoon 17837 "New Game 2": the turn in which four pieces first share a square, or -1.
    #[command(after_help = status::after("stacks judge"))]
    Judge {
        /// Baekjoon 17780's rule: only the bottom piece of a stack moves
        #[arg(long)]
        bottom_only: bool,
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
    /// Render a Baekjoon board and moves (piece numbers, or whole turns) to PNG or GIF.
    #[command(after_help = status::after("stacks export"))]
    Export {
        #[command(flatten)]
        args: ExportArgs,
        /// Baekjoon 17780's rule: only the bottom piece of a stack moves
        #[arg(long)]
        bottom_only: bool,
        /// Without --moves: play this many whole turns at most (the game may end sooner)
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        turns: u32,
    },
    /// Print every physical step of the game, one a line, in turns (until it ends, or turn 1000);
    /// rows and columns from 1 as in the input.
    #[command(after_help = status::after("stacks trace"))]
    Trace {
        #[command(flatten)]
        args: TraceArgs,
        /// Baekjoon 17780's rule: only the bottom piece of a stack moves
        #[arg(long)]
        bottom_only: bool,
        /// Without --moves: play this many whole turns at most (default: until the game ends,
        /// at most 1000)
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
        turns: Option<u32>,
    },
}

/// Runs a `stacks` command.
pub fn run(cmd: StacksCmd) -> Result<Done, Failure> {
    match cmd {
        StacksCmd::Judge { bottom_only, file } => {
            let input = read_input(&file)?;
            judge::stacks(&input.bytes, rule(bottom_only)).map(Done::text).map_err(|e| Failure::parse(&input.name, e))
        }
        StacksCmd::Export { args, bottom_only, turns } => export(&args, bottom_only, turns),
        StacksCmd::Trace { args, bottom_only, turns } => trace(&args, bottom_only, turns),
    }
}

fn rule(bottom_only: bool) -> stacks::Rule {
    if bottom_only { stacks::Rule::BottomOnly } else { stacks::Rule::CarryAbove }
}

/// The board of a Baekjoon file (one board: `--level` must be 1).
fn board(file: &std::path::Path, level: usize, bottom_only: bool) -> Result<stacks::Game, Failure> {
    let (name, text) = read_text(file)?;
    if level != 1 {
        return Err(Failure::bad(format!("{name}: a Baekjoon file holds one board: expected --level 1")));
    }
    stacks::format::parse(&text, rule(bottom_only)).map_err(|e| Failure::parse(&name, e))
}

/// The pieces given with --moves (from 0).
fn given(args_moves: &Option<String>, file: &std::path::Path, k: usize) -> Result<Vec<usize>, Failure> {
    match args_moves {
        Some(t) => Ok(stacks::format::parse_moves_placed(t, k, 1)
            .map_err(|e| moves_error(file, e))?
            .into_iter()
            .map(|(p, _)| p)
            .collect()),
        None => Ok(vec![]),
    }
}

fn export(args: &ExportArgs, bottom_only: bool, turns: u32) -> Result<Done, Failure> {
    check_export_outputs(args)?;
    let start = board(&args.file, args.level, bottom_only)?;
    let k = start.pieces();
    let pieces = given(&args.moves, &args.file, k)?;
    // Without --moves, whole turns: for an animation, and for a save (what it would animate).
    let whole_turns = args.moves.is_none() && args.plays();
    let order = || -> Box<dyn Iterator<Item = usize> + '_> {
        if whole_turns {
            Box::new((0..turns as usize * k).map(move |i| i % k))
        } else {
            Box::new(pieces.iter().copied())
        }
    };
    // The pieces that move, in order: the game stops at its end (four on a square).
    let played = || {
        let mut g = start.clone();
        order().map_while(move |p| {
            if g.over {
                return None;
            }
            let (next, s) = g.move_piece(p);
            g = next;
            Some((p, s))
        })
    };
    // A save replays as the window plays: pieces in turn order, at most 1000 turns. Checked
    // before anything is drawn.
    if let Some(path) = &args.save {
        let cannot = |why: String| Failure::bad(format!("--save {}: {why}: nothing written", path.display()));
        for (i, (q, _)) in played().enumerate() {
            if q != i % k {
                return Err(cannot(format!(
                    "a save keeps the pieces in turn order (1 to {k}, then 1 again); move {} is piece {}, not {}",
                    i + 1,
                    q + 1,
                    i % k + 1
                )));
            }
            if i / k >= 1000 {
                let how = if whole_turns { format!("--turns {turns}") } else { "--moves".to_string() };
                return Err(cannot(format!(
                    "a save holds at most 1000 turns (Baekjoon's last; the window stops there), and {how} plays \
                     turn {} (move {}): choose 1000 turns or fewer",
                    i / k + 1,
                    i + 1
                )));
            }
        }
    }
    let steps = || played().map(|(_, s)| s);
    let mut end = start.clone();
    for p in order() {
        if end.over {
            break;
        }
        end = end.move_piece(p).0;
    }
    let shown = if args.moves.is_some() { &end } else { &start };
    let names = || played().map(|(p, _)| (p + 1).to_string()).collect();
    let mut files = stage_images(&args.images(), &start, steps, shown, Pacing::default(), &names)?;
    if let Some(p) = &args.save {
        let play = StacksPlay { game: start.clone(), next: 0, turn: 1 };
        let moves = vec![NextPiece; played().count()];
        let to = SaveAs { path: p, title: "Board 1", pack: file_name(&args.file), par: None, given: false };
        files.push(stage_save(&to, &play, &moves)?);
    }
    Ok(Done { files, ..Done::default() })
}

/// Every piece's move made and printed as the trace reaches it, numbered by turn.
fn trace(args: &TraceArgs, bottom_only: bool, turns: Option<u32>) -> Result<Done, Failure> {
    use tumblebox::trace::TracedMove;
    let start = board(&args.file, args.level, bottom_only)?;
    let k = start.pieces();
    // Which pieces move: the ones given, or every piece of every turn (until the game ends).
    let order: Box<dyn Iterator<Item = usize>> = match &args.moves {
        Some(_) => Box::new(given(&args.moves, &args.file, k)?.into_iter()),
        None => Box::new((0..turns.unwrap_or(1000) as usize * k).map(move |i| i % k)),
    };
    // Turns: a new one begins whenever the piece order starts again.
    let mut g = start.clone();
    let mut turn = 1;
    let mut last: Option<usize> = None;
    let traced = order.map_while(|p| {
        if g.over {
            return None;
        }
        if last.is_some_and(|l| p <= l) {
            turn += 1;
        }
        last = Some(p);
        let (next, steps) = g.move_piece(p);
        g = next;
        // Stacks records are per piece move; each carries its turn.
        Some(TracedMove { number: turn, notation: String::new(), steps })
    });
    trace_lines(&start, traced, args.json)?;
    Ok(Done::default())
}
