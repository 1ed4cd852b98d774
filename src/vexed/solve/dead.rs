//! Why a position is dead under the solver's proven rules, in words (the window's hint and
//! "provably unsolvable" breakpoint).

use super::bits::Compiled;
use crate::vexed::rules::{Board, Side};

/// Why a position is dead under the solver's proven rules, in words (for the app's hint).
pub fn dead_reason(board: &Board) -> Option<String> {
    let (c, m) = Compiled::new(board).ok()?;
    for (k, &mask) in m.iter().enumerate() {
        let letter = c.letters[k] as char;
        if mask.count_ones() == 1 {
            return Some(format!("only one `{letter}` block is left, and a block vanishes only with a twin"));
        }
        let mut rest = mask;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if mask.count_ones() > 1 && c.partners[cell] & mask == 0 {
                let p = c.to_move(cell as u8, Side::Left).pos;
                return Some(format!(
                    "the `{letter}` block at ({},{}) can never touch another `{letter}`: blocks only slide and fall, never rise",
                    p.row, p.col
                ));
            }
        }
    }
    None
}

#[cfg(test)]
mod dead_tests {
    use super::super::{DEAD, Limits, LowerBound, Outcome, solve};
    use super::*;
    use crate::vexed::format::parse_board_rows;

    #[test]
    fn blocks_that_can_never_touch_are_dead() {
        // Each `A` sits in its own walled pocket: neither can ever leave, so they never touch.
        let b = parse_board_rows(&["#A#A#", "#####"], 1).unwrap();
        let (c, m) = Compiled::new(&b).unwrap();
        assert_eq!(LowerBound::default().estimate(&c, &m), DEAD);
        assert_eq!(solve(&b, Limits::default()).unwrap().outcome, Outcome::Unsolvable);
        // An `A` above a ledge can fall to the other one: not dead (and solvable in one move).
        let b = parse_board_rows(&["#A-#", "##-#", "#-A#", "####"], 1).unwrap();
        let (c, m) = Compiled::new(&b).unwrap();
        assert_ne!(LowerBound::default().estimate(&c, &m), DEAD);
        // A block cannot climb: the lower `A` can never reach the upper shelf's `A`.
        let b = parse_board_rows(&["#A#-#", "###-#", "#--A#", "#####"], 1).unwrap();
        let (c, m) = Compiled::new(&b).unwrap();
        assert_eq!(LowerBound::default().estimate(&c, &m), DEAD);
        assert!(dead_reason(&b).is_some_and(|r| r.contains("never touch")));
        let b = parse_board_rows(&["#A-B#", "#####"], 1).unwrap();
        assert!(dead_reason(&b).is_some_and(|r| r.contains("only one `A`")));
    }
}
