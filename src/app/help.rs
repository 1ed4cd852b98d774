//! How to play, per game: the rules, what ends a level, what the colours and glyphs mean, and
//! the game's own keys. The window's help shows this beside the keys of every command (from
//! the command table).

use super::GameKind;

/// A game's help: (heading, text) sections, then its own keys as (keys, what they do).
pub struct Help {
    pub sections: &'static [(&'static str, &'static str)],
    pub keys: &'static [(&'static str, &'static str)],
}

pub fn help(kind: GameKind) -> Help {
    match kind {
        GameKind::Vexed => Help {
            sections: &[
                (
                    "Rules",
                    "Move a block one cell left or right into an empty cell. Then every block with \
                     nothing under it falls until it lands. Then every group of two or more touching \
                     blocks of one kind (side by side or one on another) vanishes, all groups at once; \
                     blocks fall again, and so on until nothing moves. Walls never move.",
                ),
                (
                    "Goal",
                    "Clear every block. A kind with a single block left can never vanish: the level is \
                     lost (Hint says so). Par is the fewest moves known; the built-in pars are proven \
                     optimal.",
                ),
                (
                    "Blocks",
                    "Each kind has its own colour and glyph (square, diamond, triangle, cross, …), from \
                     a palette chosen to stay apart for colour-blind eyes. Grey is wall.",
                ),
                (
                    "Moving",
                    "Drag a block left or right (it follows the pointer, and the cell it will rest in is \
                     marked), or click it and press the left or right arrow key.",
                ),
            ],
            keys: &[("← →  or  A D", "move the selected block"), ("click", "select a block")],
        },
        GameKind::Shubbles => Help {
            sections: &[
                (
                    "Rules",
                    "A box of 29 cells holds shubbles (blue), two smoles (red) and the stot (black). \
                     Turn the box a quarter clockwise (+), a half turn (|) or a quarter \
                     counter-clockwise (-): then everything falls, one cell a tick, and a creature \
                     over the opening under cell 28 drops out of the box. The stot moves one cell at a \
                     time into an empty cell, and never falls.",
                ),
                (
                    "Goal",
                    "Let every shubble out and keep both smoles in. A smole leaving, or the stot moving \
                     into a wall or a creature, ends the attempt (`!`).",
                ),
                (
                    "Notation",
                    "Moves are written as the challenge writes them: + | - for turns, < > ^ v for the \
                     stot in the box's own frame. The arrow keys move the stot the way they point on \
                     screen, whatever the turn; typing < > ^ v enters the notation itself. View › Cell \
                     numbers shows the numbers 1 to 29.",
                ),
            ],
            keys: &[
                ("+  ]", "turn clockwise"),
                ("|  H", "half turn"),
                ("-  [", "turn counter-clockwise"),
                ("arrows", "move the stot on screen"),
                ("< > ^ v", "move the stot (box frame)"),
            ],
        },
        GameKind::Sokoban => Help {
            sections: &[
                (
                    "Rules",
                    "Walk up, down, left and right over the floor; walking into a box pushes it one \
                     cell if the cell beyond is free (floor, not a wall or another box). You cannot \
                     pull, and cannot push two boxes at once.",
                ),
                (
                    "Goal",
                    "Push every box onto a goal (the green squares; a box on a goal turns green). A \
                     UVa 589 maze has one box and one target: it counts the fewest pushes first, then \
                     the fewest moves, and the status bar shows both, the par as that pair. Sokoban \
                     levels (XSB files such as Microban) have many boxes; their solutions are written \
                     in LURD (lower case walks, upper case pushes).",
                ),
                (
                    "Dead squares",
                    "A box pushed into a corner off a goal never comes out. View › Dead squares marks \
                     every cell from which a box can never reach a goal.",
                ),
                (
                    "Moving",
                    "Arrow keys or W A S D; click a floor cell to walk there (one move for undo). Click \
                     a box, then a floor cell (or drag the box there): the player walks and pushes it \
                     there with the fewest pushes, the other boxes standing still.",
                ),
                (
                    "Reverse mode",
                    "Reverse (in the toolbar, Ctrl+Shift+R) plays the level backwards: the boxes start \
                     on the goals; an arrow key stepping away from a box behind you pulls it along, and \
                     a click walks to a cell without pulling (so a box can be left standing). Bring every \
                     box back to where it starts (those cells are marked as goals) with the player able \
                     to walk to the start: the forward solution then plays, as yours. Before the first \
                     move a click on a cell you cannot walk to puts the player there.",
                ),
                (
                    "Library",
                    "Ctrl+L lists every solution of the level (yours, the solver's, the optimiser's) \
                     with pushes and moves, the bests marked; Optimise searches near one for fewer \
                     pushes. Snapshots (Ctrl+Shift+S) keep a game to come back to.",
                ),
            ],
            keys: &[
                ("arrows  or  W A S D", "walk or push"),
                ("click", "walk to a cell"),
                ("click a box, then a cell", "push it there"),
                ("reverse mode: arrows  /  click", "pull  /  walk without pulling"),
            ],
        },
        GameKind::Stacks => Help {
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
        },
    }
}
