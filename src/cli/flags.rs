//! Flags shared by several commands, and their checks: seconds, states, what to trace, what to
//! export and how it looks. A flag's value is checked where it is parsed (clap calls these
//! parsers), so a bad one is one line and exit status 2 before any work.

use std::path::{Path, PathBuf};
use std::time::Duration;
use tumblebox::error::quote;
use tumblebox::vexed::solve::Limits;

/// The longest time any `--time-limit` or `--search-time` accepts, in seconds (11.6 days).
pub const MAX_SECONDS: f64 = 1e6;

/// Parses a number of seconds: finite, above zero, at most [`MAX_SECONDS`].
pub fn seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|_| format!("expected a number of seconds, found {}", quote(s)))?;
    if !v.is_finite() || v <= 0.0 || v > MAX_SECONDS {
        return Err(format!("expected seconds above 0 and at most {MAX_SECONDS}, found {}", quote(s)));
    }
    Ok(v)
}

/// Seconds, where 0 means "not at all" (`--optimise`).
pub fn seconds_or_zero(s: &str) -> Result<f64, String> {
    if s.trim().parse::<f64>().is_ok_and(|v| v == 0.0) {
        return Ok(0.0);
    }
    seconds(s).map_err(|e| e.replace("above 0", "0 (off) or above"))
}

/// The largest `--max-states` (solver positions are numbered in 32 bits).
pub const MAX_STATES: u64 = u32::MAX as u64;

pub fn states(s: &str) -> Result<usize, String> {
    let v: u64 = s.trim().parse().map_err(|_| format!("expected a whole number of states, found {}", quote(s)))?;
    if v == 0 || v > MAX_STATES {
        return Err(format!("expected states from 1 to {MAX_STATES}, found {}", quote(s)));
    }
    Ok(v as usize)
}

pub fn duration(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

/// The solver's limits where a command solves without being asked to (judge, export).
#[derive(clap::Args, Clone, Copy)]
pub struct SolveLimits {
    /// Give up a puzzle after this many seconds
    #[arg(long, value_name = "S", default_value = "60", value_parser = seconds, allow_hyphen_values = true)]
    pub time_limit: f64,
    /// Give up a puzzle after storing this many positions (about 50 bytes each)
    #[arg(long, value_name = "N", default_value = "20000000", value_parser = states, allow_hyphen_values = true)]
    pub max_states: usize,
}

impl SolveLimits {
    pub fn limits(&self) -> Limits {
        Limits { time: Some(duration(self.time_limit)), max_states: Some(self.max_states) }
    }
}

/// What to trace: shared by every game's `trace`.
#[derive(clap::Args)]
pub struct TraceArgs {
    /// The level file
    pub file: PathBuf,
    /// Which level (or case) of the file, from 1
    #[arg(long, default_value_t = 1)]
    pub level: usize,
    /// The moves to play, in the game's notation (without it: the solver's solution; stacks:
    /// whole turns)
    #[arg(long)]
    pub moves: Option<String>,
    /// One JSON object a line instead of text
    #[arg(long)]
    pub json: bool,
}

/// The longest animation an export writes by default, in frames.
pub const MAX_FRAMES: usize = tumblebox::render::frames::MAX_FRAMES;

/// What to render and where: shared by every game's `export`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("out").required(true).multiple(true).args(["png", "gif", "apng", "strip", "save"])))]
pub struct ExportArgs {
    /// The level file
    pub file: PathBuf,
    /// Which level (or case) of the file, from 1
    #[arg(long, default_value_t = 1)]
    pub level: usize,
    /// The moves to play, in the game's notation. Without it a GIF plays the solver's
    /// solution (stacks: whole turns) and a PNG shows the start
    #[arg(long)]
    pub moves: Option<String>,
    /// Write a PNG: the position after --moves, or the start when --moves is not given
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write the moves as an animated GIF, one frame per step, one second each
    #[arg(long, value_name = "FILE")]
    pub gif: Option<PathBuf>,
    /// Write the moves as an APNG (full colour), timed as the GIF would be
    #[arg(long, value_name = "FILE")]
    pub apng: Option<PathBuf>,
    /// Write one PNG with every step side by side (at most 200 frames: choose a range)
    #[arg(long, value_name = "FILE")]
    pub strip: Option<PathBuf>,
    /// Write a save file (.tumble): the level and the moves, to open in the window or export
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    #[command(flatten)]
    pub look: Look,
}

/// How images look and how long an animation may be.
#[derive(clap::Args, Clone, Copy)]
pub struct Look {
    /// Make the GIF or APNG smooth (20 fps)
    #[arg(long)]
    pub smooth: bool,
    /// Image width and height in pixels
    #[arg(long, default_value_t = 480, value_parser = clap::value_parser!(u32).range(16..=4096))]
    pub size: u32,
    /// Refuse (exit 3, nothing written) an animation of more frames than this
    #[arg(long, value_name = "N", default_value_t = MAX_FRAMES as u32, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub max_frames: u32,
    /// Play the animation this many times as fast (0.1 to 10; 2 takes half the time)
    #[arg(long, value_name = "X", default_value_t = 1.0, value_parser = speed)]
    pub speed: f32,
    /// The GIF plays this many more times after the first; 0 loops forever
    #[arg(long = "loop", value_name = "N", default_value_t = 0)]
    pub loops: u16,
    /// Keep the last frame this many more seconds (0 to 600)
    #[arg(long, value_name = "S", default_value_t = 0.0, value_parser = hold)]
    pub hold: f32,
    /// Animate from this move on (from 1); the moves before it are played, not shown
    #[arg(long, value_name = "A", value_parser = clap::value_parser!(u32).range(1..))]
    pub from_move: Option<u32>,
    /// Animate up to this move, inclusive
    #[arg(long, value_name = "B", value_parser = clap::value_parser!(u32).range(1..))]
    pub to_move: Option<u32>,
    /// Draw the move in the game's notation and the move counter under the board
    #[arg(long)]
    pub caption: bool,
}

fn speed(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(x) if (0.1..=10.0).contains(&x) => Ok(x),
        _ => Err(format!("expected a speed from 0.1 to 10, found {}", quote(s))),
    }
}

fn hold(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(x) if (0.0..=600.0).contains(&x) => Ok(x),
        _ => Err(format!("expected seconds from 0 to 600, found {}", quote(s))),
    }
}

impl ExportArgs {
    /// Whether an animation is asked for (GIF, APNG or strip).
    pub fn animates(&self) -> bool {
        self.gif.is_some() || self.apng.is_some() || self.strip.is_some()
    }

    /// Whether moves are played without --moves (the solver's, or stacks' whole turns): for an
    /// animation, and for a save, which holds what the animation would show.
    pub fn plays(&self) -> bool {
        self.animates() || self.save.is_some()
    }

    pub fn images(&self) -> Images {
        Images {
            png: self.png.clone(),
            gif: self.gif.clone(),
            apng: self.apng.clone(),
            strip: self.strip.clone(),
            look: self.look,
        }
    }
}

/// Image outputs requested on the command line.
pub struct Images {
    pub png: Option<PathBuf>,
    pub gif: Option<PathBuf>,
    pub apng: Option<PathBuf>,
    pub strip: Option<PathBuf>,
    pub look: Look,
}

impl Images {
    /// The files asked for, with their flags.
    pub fn outputs(&self) -> Vec<(&'static str, &Path)> {
        [("--png", &self.png), ("--gif", &self.gif), ("--apng", &self.apng), ("--strip", &self.strip)]
            .into_iter()
            .filter_map(|(f, p)| p.as_deref().map(|p| (f, p)))
            .collect()
    }
}
