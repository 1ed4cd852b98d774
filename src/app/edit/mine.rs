//! My levels, managed from the level list: an entry renamed, moved up or down, or deleted in
//! its game's My levels file. The file is the editor's own (entries appended by Add to My
//! levels), so its entries are told apart by the shape the editor writes: a line each (Vexed's
//! Android lines, shubbles' `state;par;title`), or a block each (an XSB level opening with its
//! `; title` line, a stacks board ending with a blank line). A file changed by hand so that its
//! entries no longer match the levels read from it is left alone, said so.

use super::{Editable, VisitEditable};
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
    struct Titled;
    impl VisitEditable for Titled {
        type Out = bool;
        fn visit<E: Editable + crate::app::play::Playable>(self) -> bool {
            E::TITLED
        }
    }
    super::visit(kind, Titled)
}

/// Applies `change` to entry `index` of the My levels file at `path`, whose pack as read has
/// `levels` levels; writes the file atomically. Returns the index the entry has after it.
pub fn apply(kind: GameKind, path: &Path, levels: usize, index: usize, change: &Change) -> Result<usize, String> {
    struct Apply<'a>(&'a Path, usize, usize, &'a Change);
    impl VisitEditable for Apply<'_> {
        type Out = Result<usize, String>;
        fn visit<E: Editable + crate::app::play::Playable>(self) -> Self::Out {
            apply_as::<E>(self.0, self.1, self.2, self.3)
        }
    }
    super::visit(kind, Apply(path, levels, index, change))
}

fn apply_as<E: Editable>(path: &Path, levels: usize, index: usize, change: &Change) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read My levels: {e}"))?;
    let mut list = E::mine_entries(&text);
    if list.len() != levels || index >= list.len() {
        return Err(format!(
            "My levels ({}) was changed outside tumblebox: {} entries for {levels} levels; edit it in a text editor",
            path.display(),
            list.len()
        ));
    }
    let at = match change {
        Change::Rename(t) => {
            list[index] = E::mine_renamed(&list[index], t)?;
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
        use crate::{shubbles, sokoban, stacks, vexed};
        assert_eq!(vexed::Board::mine_entries(v).len(), 2);
        assert_eq!(vexed::Board::mine_renamed("One;a../X.b/abX;2\n", "Uno").unwrap(), "Uno;a../X.b/abX;2\n");
        let x = "; First\n\n#####\n#@$.#\n#####\nPar: 1 pushes, 1 moves\n\n; Second\n\n#####\n#.$@#\n#####\n\n";
        let e = sokoban::scene::Game::mine_entries(x);
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(e[1].starts_with("; Second\n"));
        assert_eq!(e.concat(), x);
        assert!(sokoban::scene::Game::mine_renamed(&e[0], "Premier").unwrap().starts_with("; Premier\n\n#####"));
        let s = "4 1\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n1 1 1\n\n4 1\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n2 2 1\n\n";
        assert_eq!(stacks::play::StacksPlay::mine_entries(s).concat(), s);
        let sh = ".........@...o....ooo..xox...;5;Box\n";
        assert_eq!(shubbles::State::mine_renamed(sh, "Kiste").unwrap(), ".........@...o....ooo..xox...;5;Kiste\n");
    }
}
