//! A game's type from its kind: the [`Game`] trait every game's type implements (the
//! capabilities every game takes part in), and [`GameKind::visit`], the one dispatch from a
//! kind to its type, both made from [`crate::each_game!`]'s list. Saves are checked through it
//! ([`check_save`]).

use super::GameKind;
use crate::certify::Certify;
use crate::error::ParseError;
use crate::save::{Replay, Save};
use crate::trace::Traced;

/// A game: its kind, and the capabilities every game takes part in (replaying saves, traces,
/// certifying). The registry implements it for each game's type; a type that lacks one of the
/// capabilities does not compile there.
pub trait Game: Replay + Traced + Certify + Send + Sync + 'static {
    const KIND: GameKind;
}

/// Something done with a game's type, chosen by its kind at run time ([`GameKind::visit`]).
pub trait Visit {
    type Out;
    fn visit<G: Game>(self) -> Self::Out;
}

macro_rules! declare_visit {
    ($($(#[$attr:meta])* $kind:ident $field:ident = $key:literal, $name:literal, $ty:ty;)*) => {
        impl GameKind {
            /// Does `v` with this game's type.
            pub fn visit<V: Visit>(self, v: V) -> V::Out {
                match self {
                    $($(#[$attr])* GameKind::$kind => v.visit::<$ty>(),)*
                }
            }
        }

        $($(#[$attr])* impl Game for $ty {
            const KIND: GameKind = GameKind::$kind;
        })*
    };
}

crate::each_game!(declare_visit);

/// Replays a save through its game's rules, keeping nothing ([`crate::save::check_as`] for the
/// game the save names): what the loader does before a save reaches the window, and
/// `tumblebox export SAVE` before it draws.
pub fn check_save(save: &Save) -> Result<(), ParseError> {
    struct Check<'a>(&'a Save);
    impl Visit for Check<'_> {
        type Out = Result<(), ParseError>;
        fn visit<G: Game>(self) -> Self::Out {
            crate::save::check_as::<G>(self.0)
        }
    }
    save.kind()?.visit(Check(save))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    /// Every game's type says the key its kind has (save files are read by it).
    #[test]
    fn each_games_type_writes_its_kinds_key() {
        struct Key;
        impl Visit for Key {
            type Out = (&'static str, GameKind);
            fn visit<G: Game>(self) -> Self::Out {
                (G::GAME, G::KIND)
            }
        }
        for k in GameKind::ALL {
            assert_eq!(k.visit(Key), (k.key(), k));
            assert_eq!(GameKind::from_key(k.key()), Some(k));
        }
        let said = GameKind::keys_said();
        assert!(said.starts_with("vexed, shubbles, sokoban") && said.contains(" or "), "{said}");
    }
}
