//! What the level list says beyond its lines: the pack's statistics (levels solved, the
//! pushes and moves of the player's best solutions added up, the time played, as JSoko's and
//! Sokoban YASC's collection statistics) and the level on screen's own comment (an XSB file's
//! `Comment:` line or block).

use super::Shared;
use crate::app::play::Playable;
use crate::app::{LevelKey, Tab};

/// A pack's statistics, from the store.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub solved: usize,
    pub levels: usize,
    /// The best solutions added up: by pushes (then moves) in a game that counts pushes, by
    /// moves otherwise. `pushes` is `None` in a game without pushes.
    pub pushes: Option<usize>,
    pub moves: usize,
    /// Seconds played on the pack's levels, as the store has them.
    pub seconds: u64,
}

impl Totals {
    /// The pack's levels as the store keeps them (game, pack, content).
    pub fn of<P: Playable>(tab: &Tab<P>, kind: crate::app::GameKind, progress: &crate::store::Progress) -> Totals {
        let mut t = Totals { levels: tab.levels.len(), pushes: P::counts_pushes().then_some(0), ..Totals::default() };
        for l in &tab.levels {
            let key = LevelKey { game: kind, pack: tab.pack.clone(), content: l.content };
            let Some(r) = progress.get(&key) else { continue };
            t.seconds += r.library.stats.seconds;
            let Some(best) = r.best else { continue };
            t.solved += 1;
            match (&mut t.pushes, &r.pushes) {
                (Some(sum), Some((p, m, _))) => {
                    *sum += p;
                    t.moves += m;
                }
                _ => t.moves += best,
            }
        }
        t
    }

    /// "in all: 26 pushes, 95 moves · 12 min played" (what is known of it).
    pub fn text(&self) -> String {
        let c = crate::app::library::counted;
        let mut parts = Vec::new();
        if self.solved == 0 {
            parts.push("nothing solved yet".to_string());
        } else {
            match self.pushes {
                Some(p) => parts.push(format!("{}, {}", c(p, "push"), c(self.moves, "move"))),
                None => parts.push(c(self.moves, "move")),
            }
        }
        if self.seconds > 0 {
            parts.push(format!("{} played", time_said(self.seconds)));
        }
        format!("in all: {}", parts.join(" · "))
    }
}

/// "45 s", "12 min", "2 h 5 min".
pub fn time_said(t: u64) -> String {
    if t < 60 {
        format!("{t} s")
    } else if t < 3600 {
        format!("{} min", t / 60)
    } else {
        format!("{} h {} min", t / 3600, t / 60 % 60)
    }
}

/// The pack's statistics (puzzles only) and the level on screen's comment, under the level
/// list's count of levels solved.
pub(super) fn facts<P: Playable>(ui: &mut egui::Ui, tab: &Tab<P>, shared: &Shared<'_>) {
    if P::PUZZLE {
        let t = Totals::of(tab, shared.kind, shared.progress);
        let best = if P::counts_pushes() { "fewest pushes, then moves" } else { "fewest moves" };
        ui.small(t.text()).on_hover_text(format!(
            "This pack: {} of {} levels solved; your best solutions ({best}) added up; time played on its levels",
            t.solved, t.levels
        ));
    }
    if let Some(c) = tab.levels.get(tab.index).and_then(|l| l.comment.as_deref()) {
        // In the body's size: the author's words about the level are worth reading.
        ui.add(egui::Label::new(format!("Comment: {c}")).wrap());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_in_words() {
        let none = Totals { levels: 3, pushes: Some(0), ..Totals::default() };
        assert_eq!(none.text(), "in all: nothing solved yet");
        let t = Totals { solved: 2, levels: 3, pushes: Some(1), moves: 7, seconds: 3725 };
        assert_eq!(t.text(), "in all: 1 push, 7 moves · 1 h 2 min played");
        let v = Totals { solved: 1, levels: 3, pushes: None, moves: 4, seconds: 59 };
        assert_eq!(v.text(), "in all: 4 moves · 59 s played");
    }
}
