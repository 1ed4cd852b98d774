//! `tumblebox export SAVE`: a save file read by the one loader (replayed in full, as the
//! window opens it), then the moves in effect since its last restart exported, replayed again
//! for each pass as they are drawn, so memory holds one position and a few frames whatever the
//! save's length.

use super::flags::{Images, Look};
use super::read::read_file;
use super::status::{Done, Failure};
use super::write::{check_outputs, stage_images};
use std::path::{Path, PathBuf};
use tumblebox::loader::Loaded;
use tumblebox::save::{Replay, Replayed, Save, replaying};

/// `tumblebox export SAVE`'s arguments.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("images").required(true).multiple(true).args(["png", "gif", "apng", "strip"])))]
pub struct ExportSave {
    /// The save file
    pub save: PathBuf,
    /// Write a PNG of the position at the save's cursor
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Write the moves since the last restart as an animated GIF
    #[arg(long, value_name = "FILE")]
    pub gif: Option<PathBuf>,
    /// Write the animation as an APNG (full colour), with the GIF's options
    #[arg(long, value_name = "FILE")]
    pub apng: Option<PathBuf>,
    /// Write one PNG with every step side by side (at most 200 frames: choose a range)
    #[arg(long, value_name = "FILE")]
    pub strip: Option<PathBuf>,
    #[command(flatten)]
    pub look: Look,
}

pub fn run(a: ExportSave) -> Result<Done, Failure> {
    let images = Images { png: a.png, gif: a.gif, apng: a.apng, strip: a.strip, look: a.look };
    check_outputs(&images.outputs(), &[&a.save])?;
    export_save(&a.save, &images)
}

/// The save read as the window reads it (one loader: a save replayed in full, every move),
/// then exported.
fn export_save(path: &Path, images: &Images) -> Result<Done, Failure> {
    let name = path.display().to_string();
    let save = match tumblebox::loader::load(&read_file(path)?) {
        Ok(Loaded::Save(s)) => s,
        Ok(other) => {
            return Err(Failure::bad(format!(
                "{name}: a {} level file, not a save (export a level with `tumblebox {} export`)",
                other.game(),
                other.game()
            )));
        }
        Err(e) => return Err(Failure::bad(format!("{name}: {e}"))),
    };
    struct Go<'a>(&'a Save, &'a Images);
    impl tumblebox::games::Visit for Go<'_> {
        type Out = Result<Done, Failure>;
        fn visit<G: tumblebox::games::Game>(self) -> Self::Out {
            go::<G>(self.0, self.1)
        }
    }
    let kind = save.kind().map_err(|e| Failure::bad(format!("{name}: {e}")))?;
    kind.visit(Go(&save, images))
}

/// The moves since the last restart before the cursor, each replayed as the export reaches it,
/// at the game's own pacing (as the window's and the page's exports of it).
fn go<R: Replay + Clone>(save: &Save, images: &Images) -> Result<Done, Failure> {
    let cursor = save.cursor.min(save.history.len());
    let from =
        save.history[..cursor].iter().rposition(|e| matches!(e, tumblebox::save::Entry::Restart)).map_or(0, |i| i + 1);
    let entries = || {
        replaying::<R>(save).expect("the loader replayed it").take(cursor).skip(from).map_while(|e| match e {
            Ok(Replayed::Move { text, steps, .. }) => Some((text, steps)),
            _ => None,
        })
    };
    // After a restart the game starts again from the level's start.
    let replay = replaying::<R>(save).expect("the loader replayed it");
    let first = replay.start().clone();
    let mut shown = first.clone();
    for e in replay.take(cursor) {
        match e.expect("the loader replayed it") {
            Replayed::Move { after, .. } => shown = after,
            Replayed::Restart => shown = first.clone(),
        }
    }
    let steps = || entries().map(|(_, s)| s);
    let names = || entries().map(|(t, _)| t).collect();
    let files = stage_images(images, &first, steps, &shown, R::PACING, &names)?;
    Ok(Done { files, ..Done::default() })
}
