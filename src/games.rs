//! Which game is which: the four games by name and by the key their files, saves and the
//! player's store write.

/// The four games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    Vexed,
    Shubbles,
    Sokoban,
    Stacks,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [GameKind::Vexed, GameKind::Shubbles, GameKind::Sokoban, GameKind::Stacks];

    /// The game's name as the window shows it.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Vexed => "Vexed",
            GameKind::Shubbles => "Shubbles box",
            GameKind::Sokoban => "Pushing boxes",
            GameKind::Stacks => "Stacks",
        }
    }

    /// The game's key: what save files, game IDs and the player's store write.
    pub fn key(self) -> &'static str {
        match self {
            GameKind::Vexed => "vexed",
            GameKind::Shubbles => "shubbles",
            GameKind::Sokoban => "sokoban",
            GameKind::Stacks => "stacks",
        }
    }

    pub fn from_key(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.key() == s)
    }
}
