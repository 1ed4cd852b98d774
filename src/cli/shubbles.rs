//! `tumblebox shubbles …`: the challenge's judge (and its bonus pictures), trace, and the
//! release-every-shubble puzzle.

use super::flags::{Images, Look, states};
use super::read::read_input;
use super::status::{self, Done, Failure};
use super::write::{check_outputs, stage_images, trace_lines};
use clap::Subcommand;
use std::path::PathBuf;
use tumblebox::anim::Animate;
use tumblebox::{judge, shubbles};

#[derive(Subcommand)]
pub enum ShubblesCmd {
    /// Two lines in (the 29-character state, the operations); the final state or `!` out.
    ///
    /// With --png or --gif the answer is still printed; the picture or animation is written
    /// too. When the sequence fails (`!`), the animation runs up to the failure and flashes the
    /// cells involved; the PNG shows the state at the failure.
    #[command(after_help = status::after("shubbles judge"))]
    Judge {
        /// Print the ASCII picture of the final state in its final orientation instead
        #[arg(long)]
        picture: bool,
        /// Also write a picture of the final state, in its final orientation, as PNG
        #[arg(long, value_name = "FILE")]
        png: Option<PathBuf>,
        /// Also write an animated GIF: one frame per state, one second each (smooth: 20 fps, at
        /// most one operation per second)
        #[arg(long, value_name = "FILE")]
        gif: Option<PathBuf>,
        /// Write the animation as an APNG (full colour), with the GIF's options
        #[arg(long, value_name = "FILE")]
        apng: Option<PathBuf>,
        #[command(flatten)]
        look: Look,
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
    /// The judge's two lines in (state, operations); every physical step out, one a line (text,
    /// or with --json one JSON object a line). Cells are numbered 1 to 29.
    #[command(after_help = status::after("shubbles trace"))]
    Trace {
        /// One JSON object a line instead of text
        #[arg(long)]
        json: bool,
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
    /// The puzzle: the fewest operations that free every shubble without freeing a smole.
    ///
    /// Reads one state (the first line); prints the operations, or `impossible`. Exit status
    /// 3 when the state limit is reached first.
    #[command(after_help = status::after("shubbles solve"))]
    Solve {
        /// Give up after this many states (16 bytes each)
        #[arg(long, value_name = "N", default_value = "5000000", value_parser = states, allow_hyphen_values = true)]
        max_states: usize,
        /// Input file (default: standard input)
        file: Option<PathBuf>,
    },
}

/// Runs a `shubbles` command.
pub fn run(cmd: ShubblesCmd) -> Result<Done, Failure> {
    match cmd {
        ShubblesCmd::Judge { picture, png, gif, apng, look, file } => {
            judge(&file, picture, &Images { png, gif, apng, strip: None, look })
        }
        ShubblesCmd::Trace { json, file } => trace(&file, json),
        ShubblesCmd::Solve { max_states, file } => solve(&file, max_states),
    }
}

fn judge(file: &Option<PathBuf>, picture: bool, images: &Images) -> Result<Done, Failure> {
    let inputs: Vec<&std::path::Path> = file.as_deref().into_iter().collect();
    check_outputs(&images.outputs(), &inputs)?;
    let input = read_input(file)?;
    let text = tumblebox::input::decode(&input.bytes).map_err(|e| Failure::parse(&input.name, e))?;
    let (state, ops) = shubbles::format::parse_judge(&text).map_err(|e| Failure::parse(&input.name, e))?;
    let (end, failure) = state.outcome(&ops);
    let out = judge::shubbles_answer(&end, failure.is_some(), picture);
    let mut done = Done::text(out);
    if images.png.is_some() || images.gif.is_some() || images.apng.is_some() {
        // Each operation's steps, made as the animation reaches it, up to a failure.
        let moves = || {
            let mut s = state;
            let mut failed = false;
            ops.iter().map_while(move |&op| {
                if failed {
                    return None;
                }
                let a = s.apply(op);
                failed = a.failure.is_some();
                s = a.state;
                Some(a.steps)
            })
        };
        let names = || ops.iter().map(|o| o.char().to_string()).collect();
        done.files = stage_images(images, &state, moves, &end, shubbles::State::PACING, &names)?;
    }
    Ok(done)
}

/// Every operation's steps, made and printed one operation at a time, up to a failure.
fn trace(file: &Option<PathBuf>, json: bool) -> Result<Done, Failure> {
    use tumblebox::trace::TracedMove;
    let input = read_input(file)?;
    let text = tumblebox::input::decode(&input.bytes).map_err(|e| Failure::parse(&input.name, e))?;
    let (state, ops) = shubbles::format::parse_judge(&text).map_err(|e| Failure::parse(&input.name, e))?;
    let mut s = state;
    let mut failed = false;
    let traced = ops.iter().enumerate().map_while(|(i, &op)| {
        if failed {
            return None;
        }
        let a = s.apply(op);
        failed = a.failure.is_some();
        s = a.state;
        Some(TracedMove { number: i + 1, notation: op.char().to_string(), steps: a.steps })
    });
    trace_lines(&state, traced, json)?;
    Ok(Done::default())
}

fn solve(file: &Option<PathBuf>, max_states: usize) -> Result<Done, Failure> {
    let input = read_input(file)?;
    let text = tumblebox::input::decode(&input.bytes).map_err(|e| Failure::parse(&input.name, e))?;
    let mut lines = tumblebox::input::Lines::new(&text);
    lines.skip_blank();
    let (n, line) = lines.next_line().unwrap_or((1, ""));
    let state = shubbles::format::parse_state(line, n).map_err(|e| Failure::parse(&input.name, e))?;
    Ok(Done::text(match shubbles::solve::solve(&state, max_states) {
        shubbles::solve::Outcome::Solved(ops) => {
            format!("{} ({} operations)\n", ops.iter().map(|o| o.char()).collect::<String>(), ops.len())
        }
        shubbles::solve::Outcome::Impossible => "impossible\n".to_string(),
        shubbles::solve::Outcome::LimitReached => {
            return Err(Failure::limit(format!("{}: no answer within {max_states} states", input.name)));
        }
    }))
}
