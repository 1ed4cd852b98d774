//! How to play: each game's rules, what ends a level, what the colours and glyphs mean and
//! its own keys, as its [`crate::app::play::Playable::HELP`] gives them. The window's help
//! shows this beside the keys of every command (from the command table).

pub use super::play::Help;

/// A game's help, by its kind.
pub fn help(kind: crate::games::GameKind) -> Help {
    struct Of;
    impl super::VisitPlayable for Of {
        type Out = Help;
        fn visit<P: super::play::Playable + crate::games::Game + Clone>(self) -> Help {
            P::HELP
        }
    }
    super::visit(kind, Of)
}
