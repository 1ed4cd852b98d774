//! `tumblebox progress`: what the window keeps (the player's store), per game and pack; and
//! `progress export FILE` / `progress import FILE`, the same file the window's File › Export
//! my progress and Import progress write and read (docs/formats.md), so a player can script
//! a backup and move their progress between machines.

use super::read::read_text;
use super::status::{Done, Failure};
use super::write::check_outputs;
use std::collections::BTreeMap;
use std::path::PathBuf;
use tumblebox::games::GameKind;
use tumblebox::store::{Progress, Store};

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ProgressArgs {
    #[command(subcommand)]
    pub command: Option<ProgressCmd>,
    /// The folder the store is in [default: the window's: $XDG_DATA_HOME/tumblebox, or
    /// ~/.local/share/tumblebox]
    #[arg(long, value_name = "DIR", global = true)]
    pub store: Option<PathBuf>,
}

#[derive(clap::Subcommand)]
pub enum ProgressCmd {
    /// Write everything the store keeps to FILE (`-`: standard output), as one text file
    #[command(after_help = super::status::after("progress export"))]
    Export {
        /// The file to write
        file: PathBuf,
    },
    /// Merge a progress file into the store: bests, libraries, statistics, kept games where
    /// none is kept; nothing in the store is replaced or lost
    #[command(after_help = super::status::after("progress import"))]
    Import {
        /// The progress file to read
        file: PathBuf,
    },
}

pub fn run(a: ProgressArgs) -> Result<Done, Failure> {
    let dir = match a.store.clone().or_else(tumblebox::store::default_dir) {
        Some(d) => d,
        None => return Err(Failure::bad("no data folder: give one with --store DIR")),
    };
    match a.command {
        None => {
            let mut store = open(&dir, false)?;
            let notes = store.take_notices();
            Ok(Done { out: summary(&store), notes, ..Done::default() })
        }
        Some(ProgressCmd::Export { file }) => {
            let to_stdout = file.as_os_str() == "-";
            if !to_stdout {
                check_outputs(&[("FILE", &file)], &[&dir.join(tumblebox::store::FILE)])?;
            }
            let mut store = open(&dir, false)?;
            let notes = store.take_notices();
            let text = store.export_text();
            if to_stdout {
                return Ok(Done { out: text, notes, ..Done::default() });
            }
            let staged = tumblebox::render::export::stage(&file, |w| std::io::Write::write_all(w, text.as_bytes()))
                .map_err(|e| Failure::bad(format!("{}: cannot write: {e}", file.display())))?;
            let levels = store.data().levels.len();
            let notes = [notes, vec![format!("exported {levels} levels' progress to {}", file.display())]].concat();
            Ok(Done { files: vec![staged], notes, ..Done::default() })
        }
        Some(ProgressCmd::Import { file }) => {
            let (name, text) = read_text(&file)?;
            // The file is read whole and checked before the store changes: all or nothing.
            tumblebox::store::lines::read(&text).map_err(|e| Failure::parse(&name, e))?;
            let mut store = open(&dir, true)?;
            let mut notes = store.take_notices();
            let gained = store.import(&text).map_err(|e| Failure::parse(&name, e))?;
            if store.pending() > 0 {
                return Err(Failure::bad(format!(
                    "the store {} could not be written: {}",
                    store.place(),
                    store.trouble().unwrap_or("an error")
                )));
            }
            notes.push(format!("imported {name}: {gained} levels gained something ({})", store.place()));
            Ok(Done { out: summary(&store), notes, ..Done::default() })
        }
    }
}

/// The store in `dir`; one that cannot be written is refused when `write` is asked (before
/// any work).
fn open(dir: &std::path::Path, write: bool) -> Result<Store, Failure> {
    let store = Store::open(dir);
    if let Some(why) = store.trouble().filter(|_| write) {
        return Err(Failure::bad(why.to_string()));
    }
    Ok(store)
}

/// What is kept, per game and pack: levels solved, shown by the solver, library entries,
/// snapshots, kept games; then each level with anything kept, by its content hash.
pub fn summary(store: &Store) -> String {
    let p: &Progress = store.data();
    let mut out = format!("store: {}\n", store.place());
    let mut packs: BTreeMap<(GameKind, &str), Vec<u64>> = BTreeMap::new();
    for k in p.levels.keys().chain(p.kept.keys()) {
        let v = packs.entry((k.game, k.pack.as_str())).or_default();
        if !v.contains(&k.content) {
            v.push(k.content);
        }
    }
    for ((game, pack), contents) in &packs {
        let recs: Vec<_> = p.levels.iter().filter(|(k, _)| k.game == *game && k.pack == *pack).collect();
        let solved = recs.iter().filter(|(_, r)| r.best.is_some()).count();
        let shown = recs.iter().filter(|(_, r)| r.shown).count();
        let found: usize = recs.iter().map(|(_, r)| r.library.solutions.len()).sum();
        let snaps: usize = recs.iter().map(|(_, r)| r.library.snapshots.len()).sum();
        let kept = p.kept.keys().filter(|k| k.game == *game && k.pack == *pack).count();
        out.push_str(&format!(
            "{} · {pack}: {solved} solved, {shown} shown by the solver, {found} solutions, {snaps} snapshots, {kept} kept games\n",
            game.key()
        ));
        let mut contents = contents.clone();
        contents.sort();
        for c in contents {
            let key = tumblebox::store::LevelKey { game: *game, pack: pack.to_string(), content: c };
            let mut parts = Vec::new();
            if let Some(r) = p.get(&key) {
                if let Some(b) = r.best {
                    parts.push(format!("best {b} moves"));
                }
                if let Some((pu, m, _)) = &r.pushes {
                    parts.push(format!("best by pushes {pu}/{m}"));
                }
                if r.shown {
                    parts.push("shown by the solver".into());
                }
                if !r.library.solutions.is_empty() {
                    parts.push(format!("{} solutions", r.library.solutions.len()));
                }
                if !r.library.snapshots.is_empty() {
                    parts.push(format!("{} snapshots", r.library.snapshots.len()));
                }
                if !r.library.stats.is_empty() {
                    parts.push(r.library.stats.text());
                }
            }
            if p.kept_game(&key).is_some() {
                parts.push("a kept game".into());
            }
            out.push_str(&format!("  {c:016x}: {}\n", parts.join(", ")));
        }
    }
    if packs.is_empty() {
        out.push_str("nothing kept yet\n");
    }
    out
}
