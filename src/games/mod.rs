//! Which game is which: every game named once, in [`each_game!`]'s list (its kind, its key, its
//! name, its type). The list of games ([`GameKind::ALL`]), the key and the name of each
//! (here), and every dispatch from a game's kind to its type ([`visit`]; the window's own, and
//! its tabs, through the same list) are made from that list, so a game added there is in all
//! of them, and every capability it lacks is a compiler error at its impl.

pub mod visit;
pub use visit::{Game, Visit};

/// The games, each once: `Kind field = "key", "Name", Type;`. The one list every other list of
/// games and every dispatch on a game is made from; a macro given to it (`each_game!(m)`) is
/// called with the whole list.
#[macro_export]
macro_rules! each_game {
    ($m:ident) => {
        $m! {
            Vexed vexed = "vexed", "Vexed", $crate::vexed::Board;
            Shubbles shubbles = "shubbles", "Shubbles box", $crate::shubbles::State;
            Sokoban sokoban = "sokoban", "Pushing boxes", $crate::sokoban::scene::Game;
            Stacks stacks = "stacks", "Stacks", $crate::stacks::play::StacksPlay;
            #[cfg(test)] Lights lights = "lights", "Lights Out", $crate::lights::Lights;
        }
    };
}

macro_rules! declare {
    ($($(#[$attr:meta])* $kind:ident $field:ident = $key:literal, $name:literal, $ty:ty;)*) => {
        /// The games.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $($(#[$attr])* $kind,)*
        }

        /// How many games there are.
        const COUNT: usize = {
            let mut n = 0;
            $($(#[$attr])* { n += 1; })*
            n
        };

        /// The `i`th game of the list.
        const fn nth(i: usize) -> GameKind {
            let mut n = 0;
            $($(#[$attr])* {
                if n == i {
                    return GameKind::$kind;
                }
                n += 1;
            })*
            let _ = n;
            panic!("no such game")
        }

        impl GameKind {
            /// Every game, in the list's order.
            pub const ALL: [GameKind; COUNT] = {
                let mut all = [nth(0); COUNT];
                let mut i = 0;
                while i < COUNT {
                    all[i] = nth(i);
                    i += 1;
                }
                all
            };

            /// The game's name as the window shows it.
            pub fn name(self) -> &'static str {
                match self {
                    $($(#[$attr])* GameKind::$kind => $name,)*
                }
            }

            /// The game's key: what save files, game IDs and the player's store write.
            pub fn key(self) -> &'static str {
                match self {
                    $($(#[$attr])* GameKind::$kind => $key,)*
                }
            }

        }
    };
}

each_game!(declare);

impl GameKind {
    pub fn from_key(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.key() == s)
    }

    /// The games' keys as a message lists them: "vexed, shubbles, sokoban or stacks".
    pub fn keys_said() -> String {
        let keys: Vec<&str> = GameKind::ALL.iter().map(|k| k.key()).collect();
        match keys.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => keys.join(""),
        }
    }
}
