//! Stacks in the window: next piece, next turn, run to the end; stacks reaching N as events.

use super::{Answer, Break, Event, Gesture, Overlay, Playable, cell};
use crate::grid::{Dir, Pos};
use crate::save::Replay;
use crate::scene::Point;
use crate::stacks::{self, play::NextPiece, play::StacksPlay};
use std::sync::atomic::AtomicBool;

impl Playable for StacksPlay {
    const PUZZLE: bool = false;
    const HELP: super::Help = super::Help {
        sections: &[
            (
                "Rules",
                "Pieces 1 to K move in order each turn, each one square its way, carrying every \
                 piece on top of it. On white the moving part lands on top in order; on red it \
                 lands reversed; blue or the edge turns the piece round for one step the other \
                 way (it stays if that is blue or the edge too).",
            ),
            (
                "End",
                "The game ends the moment a square holds four pieces. It is a simulation: the \
                 question is the turn it ends in (-1 if after turn 1000 or never). With \"only the \
                 bottom piece moves\" on, a piece that is not at the bottom of its stack skips \
                 its move (Baekjoon 17780).",
            ),
            ("Pieces", "Each piece carries its number; the arrow on it is its heading."),
        ],
        keys: &[("N  or  Space", "the next piece moves"), ("T", "the rest of the turn")],
    };
    fn built_in() -> Vec<crate::app::Level<Self>> {
        super::super::files::stacks_levels(crate::levels::stacks())
    }
    fn step_cells(&self, step: &stacks::Step) -> Vec<Pos> {
        use stacks::Step::*;
        match step {
            StackMove { from, to, .. } => vec![*from, *to],
            ReachedFour { at, .. } => vec![*at],
            Skip { piece } | Reverse { piece, .. } | Blocked { piece } => vec![self.game.pos[*piece]],
        }
    }

    fn cell_quad(&self, c: Pos) -> [Point; 4] {
        cell(0.2 + c.col as f32, 0.2 + c.row as f32)
    }

    fn cell_at(&self, p: Point) -> Option<Pos> {
        let [x, y] = [p[0] - 0.2, p[1] - 0.2];
        let q = (x >= 0.0 && y >= 0.0).then(|| Pos::new(y as usize, x as usize))?;
        self.game.colors.get(q).is_some().then_some(q)
    }

    /// As the Baekjoon input counts: rows and columns from 1.
    fn cell_name(&self, c: Pos) -> String {
        format!("({},{})", c.row + 1, c.col + 1)
    }

    fn contents(&self, c: Pos) -> String {
        let colour = match self.game.colors.get(c) {
            None => return "outside the board".into(),
            Some(stacks::Color::White) => "white",
            Some(stacks::Color::Red) => "red",
            Some(stacks::Color::Blue) => "blue",
        };
        let pieces = &self.game.stacks[c];
        if pieces.is_empty() {
            return format!("{colour} square, no pieces");
        }
        let arrow = |d: Dir| match d {
            Dir::Right => '→',
            Dir::Left => '←',
            Dir::Up => '↑',
            Dir::Down => '↓',
        };
        let list: Vec<String> = pieces.iter().map(|&i| format!("{}{}", i + 1, arrow(self.game.heading[i].0))).collect();
        format!("{colour} square; pieces bottom to top: {}", list.join(" "))
    }

    fn events(&self, step: &stacks::Step) -> Vec<Event> {
        match step {
            stacks::Step::StackMove { to, carried, reversed, .. } => {
                let mut e = vec![Event::Stack(self.game.stacks[*to].len() + carried.len())];
                if *reversed {
                    e.push(Event::Reversed);
                }
                e
            }
            _ => vec![],
        }
    }

    fn breakpoints() -> &'static [Break] {
        &[Break::StackAtLeast(3), Break::Solved]
    }

    fn trace_number(&self, _index: usize) -> usize {
        self.turn as usize
    }

    fn buttons() -> &'static [(&'static str, egui::Key)] {
        &[("Next piece (N)", egui::Key::N), ("Next turn (T)", egui::Key::T)]
    }

    fn entry_label(&self, text: &str) -> String {
        format!("piece {text}, turn {}", self.turn)
    }

    fn gesture(&self, g: Gesture, _: &mut super::Selection) -> Vec<NextPiece> {
        match g {
            Gesture::Key(egui::Key::N) | Gesture::Key(egui::Key::Space) => vec![NextPiece],
            Gesture::Key(egui::Key::T) => vec![NextPiece; self.game.pieces() - self.next],
            _ => vec![],
        }
    }

    fn key_text(&self) -> String {
        format!("{}{:?} {} {}", stacks::format::write(&self.game), self.game.rule, self.next, self.turn)
    }

    /// The piece to move next and its heading.
    fn hint_overlay(&self, _: &NextPiece) -> Vec<Overlay> {
        if self.game.over {
            return vec![];
        }
        let p = self.game.pos[self.next];
        let (x, y) = (0.2 + p.col as f32, 0.2 + p.row as f32);
        let (dx, dy) = match self.game.heading[self.next].0 {
            Dir::Up => (0.0, -0.9),
            Dir::Down => (0.0, 0.9),
            Dir::Left => (-0.9, 0.0),
            Dir::Right => (0.9, 0.0),
        };
        vec![Overlay::Mark(cell(x, y)), Overlay::Arrow([x + 0.5, y + 0.5], [x + 0.5 + dx, y + 0.5 + dy])]
    }

    fn solve(&self, _cancel: &AtomicBool, _progress: &crate::meter::Meter) -> Result<Answer<NextPiece>, String> {
        let mut s = self.clone();
        let mut moves = Vec::new();
        while !s.game.over && s.turn <= 1000 {
            s = s.play(&NextPiece)?.0;
            moves.push(NextPiece);
        }
        Ok(Answer::optimal(moves))
    }

    fn solve_label() -> &'static str {
        "Run to the end"
    }

    /// A simulation, not a puzzle: what happens, not how many moves it takes.
    fn solution_text(&self, answer: &Answer<NextPiece>) -> String {
        let mut s = self.clone();
        for m in &answer.moves {
            match s.play(m) {
                Ok((n, _)) => s = n,
                Err(_) => break,
            }
        }
        s.ending()
    }

    fn hint_text(&self, _: &Answer<NextPiece>) -> String {
        let mut end = self.clone();
        while let Ok((n, _)) = end.play(&NextPiece) {
            end = n;
        }
        format!("next: piece {} (turn {}); {}", self.next + 1, self.turn, end.ending())
    }

    fn nothing_left(&self) -> String {
        self.ending()
    }

    fn done_text(&self) -> String {
        self.ending()
    }

    fn status(&self) -> Option<String> {
        Some(if self.game.over {
            self.ending()
        } else if self.turn > 1000 {
            "past turn 1000: the answer is -1".into()
        } else {
            format!("turn {} · next: piece {}", self.turn, self.next + 1)
        })
    }
}
