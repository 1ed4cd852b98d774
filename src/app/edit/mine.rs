//! My levels, managed from the level list: an entry renamed, moved up or down, or deleted in
//! its game's My levels file. The file is the editor's own (entries appended by Add to My
//! levels), so its entries are told apart by the shape the editor writes: a line each (Vexed's
//! Android lines, shubbles' `state;par;title`), or a block each (an XSB level opening with its
//! `; title` line, a stacks board ending with a blank line). A file changed by hand so that its
//! entries no longer match the levels read from it is left alone, said so.

use crate::app::GameKind;
use std::path::Path;

/// What to do to entry `index`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Rename(String),
    Up,
    Down,
    Delete,
}

/// Whether a game's entries carry a title to rename (stacks boards have none).
pub fn can_rename(kind: GameKind) -> bool {
    kind != GameKind::Stacks
}

/// The entries of a My levels file's text, each with its line end(s).
fn entries(kind: GameKind, text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    match kind {
        GameKind::Vexed | GameKind::Shubbles => {
            out.extend(text.lines().filter(|l| !l.trim().is_empty()).map(|l| format!("{l}\n")));
        }
        GameKind::Sokoban => {
            // An entry opens with its `; title` line after a blank line (or the file's start).
            let mut blank = true;
            for line in text.lines() {
                if line.starts_with(';') && blank || out.is_empty() {
                    out.push(String::new());
                }
                if let Some(e) = out.last_mut() {
                    e.push_str(line);
                    e.push('\n');
                }
                blank = line.trim().is_empty();
            }
        }
        GameKind::Stacks => {
            for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
                out.push(format!("{}\n\n", block.trim_matches('\n')));
            }
        }
    }
    out
}

/// Renames one entry: the title in the place its format keeps it.
fn renamed(kind: GameKind, entry: &str, title: &str) -> Result<String, String> {
    let title = crate::app::edit::one_line(title, &[';']);
    let line = entry.trim_end_matches('\n');
    match kind {
        GameKind::Vexed => {
            // title;board;par
            let (_, rest) = line.split_once(';').ok_or("the entry has no title field")?;
            Ok(format!("{title};{rest}\n"))
        }
        GameKind::Shubbles => {
            // state;par;title, or the state alone (no par yet): a title needs the par field.
            let mut f: Vec<&str> = line.splitn(3, ';').collect();
            if f.len() < 2 {
                return Err("certify it first: a shubbles line keeps its title after its par".into());
            }
            f.truncate(2);
            Ok(format!("{};{}\n", f.join(";"), title))
        }
        GameKind::Sokoban => {
            let rest = entry.split_once('\n').map_or("", |(_, r)| r);
            Ok(format!("; {title}\n{rest}"))
        }
        GameKind::Stacks => Err("stacks boards have no titles".into()),
    }
}

/// Applies `change` to entry `index` of the My levels file at `path`, whose pack as read has
/// `levels` levels; writes the file atomically. Returns the index the entry has after it.
pub fn apply(kind: GameKind, path: &Path, levels: usize, index: usize, change: &Change) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read My levels: {e}"))?;
    let mut list = entries(kind, &text);
    if list.len() != levels || index >= list.len() {
        return Err(format!(
            "My levels ({}) was changed outside tumblebox: {} entries for {levels} levels; edit it in a text editor",
            path.display(),
            list.len()
        ));
    }
    let at = match change {
        Change::Rename(t) => {
            list[index] = renamed(kind, &list[index], t)?;
            index
        }
        Change::Up if index > 0 => {
            list.swap(index, index - 1);
            index - 1
        }
        Change::Down if index + 1 < list.len() => {
            list.swap(index, index + 1);
            index + 1
        }
        Change::Up | Change::Down => index,
        Change::Delete => {
            if list.len() == 1 {
                return Err("the last level of My levels stays (a pack has at least one)".into());
            }
            list.remove(index);
            index.min(list.len() - 1)
        }
    };
    let text: String = list.concat();
    crate::render::export::write_atomic(path, |w| std::io::Write::write_all(w, text.as_bytes()))
        .map_err(|e| format!("cannot write My levels: {e}"))?;
    Ok(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_told_apart_as_the_editor_writes_them() {
        let v = "One;a../X.b/abX;2\nTwo;ab/ba;3\n";
        assert_eq!(entries(GameKind::Vexed, v).len(), 2);
        assert_eq!(renamed(GameKind::Vexed, "One;a../X.b/abX;2\n", "Uno").unwrap(), "Uno;a../X.b/abX;2\n");
        let x = "; First\n\n#####\n#@$.#\n#####\nPar: 1 pushes, 1 moves\n\n; Second\n\n#####\n#.$@#\n#####\n\n";
        let e = entries(GameKind::Sokoban, x);
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(e[1].starts_with("; Second\n"));
        assert_eq!(e.concat(), x);
        assert!(renamed(GameKind::Sokoban, &e[0], "Premier").unwrap().starts_with("; Premier\n\n#####"));
        let s = "4 1\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n\n4 1\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n2 2 1\n\n";
        assert_eq!(entries(GameKind::Stacks, s).concat(), s);
        let sh = ".........@...o....ooo..xox...;5;Box\n";
        assert_eq!(renamed(GameKind::Shubbles, sh, "Kiste").unwrap(), ".........@...o....ooo..xox...;5;Kiste\n");
    }
}
