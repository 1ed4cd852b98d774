//! The backward search's packing order (`bases`) and the count of a linear order's boxes
//! packed (`Linear`).

use super::bases::base_plan;
use super::bases::sink_search;
use super::bases::sink_squares;
use super::plan::Linear;
use super::plan::Plan;
use super::tests::board_of;
use super::tests::far;
use super::tests::random_levels;
use super::*;

/// A linear plan of `cells` with `until`, none standing from the start.
fn linear(cells: Vec<u16>, until: Vec<u16>) -> Plan {
    let n = cells.len();
    Plan {
        cells,
        alt: vec![NONE; n],
        cluster: vec![0; n],
        rank: (0..n as u16).collect(),
        sizes: vec![vec![1; n]],
        linear: Some(Linear { until, init: vec![false; n] }),
    }
}

fn bits_of(words: usize, list: &[u16]) -> Vec<u64> {
    let mut bits = vec![0u64; words];
    for &c in list {
        set(&mut bits, c);
    }
    bits
}

#[test]
fn a_linear_order_counts_its_prefix_done_and_a_staged_box_moved_on() {
    // Cells 0 (a staging cell), 1 and 2 (goals): a box to 0, a box to 1, the box at 0 on to 2.
    let plan = linear(vec![0, 1, 2], vec![2, NONE, NONE]);
    let mut filled = Vec::new();
    // Worked by hand: the longest prefix of the order in place, the staged box excused once
    // the move that takes it on is within the prefix.
    for (boxes, packed) in
        [(&[][..], 0), (&[0][..], 1), (&[0, 1][..], 2), (&[1, 2][..], 3), (&[2][..], 0), (&[0, 2][..], 1)]
    {
        assert_eq!(plan.packed(&bits_of(1, boxes), &mut filled), packed, "boxes at {boxes:?}");
    }
}

#[test]
fn the_backward_search_fills_a_dead_end_from_its_far_end() {
    let (b, bits, player) = board_of("#######\n#..$$@#\n#######");
    let starts: Vec<u16> = cells(&bits).collect();
    let plan = base_plan(&b, &starts, player, far()).expect("a plan");
    let far_goal = b.cell(crate::grid::Pos::new(1, 1));
    let near_goal = b.cell(crate::grid::Pos::new(1, 2));
    assert_eq!(plan.cells, vec![far_goal, near_goal]);
    let mut filled = Vec::new();
    assert_eq!(plan.packed(&bits, &mut filled), 0);
    assert_eq!(plan.packed(&bits_of(b.words, &[far_goal, starts[1]]), &mut filled), 1);
    assert_eq!(plan.packed(&bits_of(b.words, &[near_goal, starts[1]]), &mut filled), 0);
}

#[test]
fn a_backward_order_takes_each_box_in_a_chain_of_moves_to_a_goal_of_its_own() {
    let mut plans = 0;
    let mut staged = 0;
    for (text, b, bits, player) in random_levels(23, 10000) {
        let starts: Vec<u16> = cells(&bits).collect();
        let Some(plan) = base_plan(&b, &starts, player, far()) else { continue };
        plans += 1;
        let lin = plan.linear.as_ref().expect("a linear order");
        let n = plan.cells.len();
        // Each move's box goes on by a later move (to a cell it was taken on from) or ends:
        // the chains of moves, one a box, each ending on a goal, each goal the end of one.
        let mut next_of = vec![false; n];
        for i in 0..n {
            let u = lin.until[i];
            if u != NONE {
                assert!(u as usize > i && !next_of[u as usize], "{text}");
                next_of[u as usize] = true;
            }
        }
        let chains = (0..n).filter(|&i| !next_of[i]).count();
        assert_eq!(chains, starts.len(), "{text}");
        let mut ends: Vec<u16> = (0..n).filter(|&i| lin.until[i] == NONE).map(|i| plan.cells[i]).collect();
        ends.sort_unstable();
        let mut goals = b.goals.clone();
        goals.sort_unstable();
        assert_eq!(ends, goals, "{text}");
        staged += (0..n).filter(|&i| lin.until[i] != NONE).count();
        // The solved position has every entry done.
        let mut filled = Vec::new();
        assert_eq!(plan.packed(&bits_of(b.words, &b.goals), &mut filled) as usize, n, "{text}");
    }
    assert!(plans > 500 && staged > 30, "{plans} plans, {staged} staged");
}

#[test]
fn the_sink_squares_are_the_largest_group_of_bases_a_box_goes_between_both_ways() {
    // Bases at (1,1), a corner a box can be pushed into but never out of, and at (2,3) and
    // (2,5) in the open room, each reachable from the other.
    let (b, bits, _) = board_of("########\n#$     #\n#  $ $ #\n#      #\n#. ..@ #\n########");
    let at = |r, c| b.cell(crate::grid::Pos::new(r, c));
    let none = vec![0u64; b.words];
    let everywhere = vec![true; b.pos.len()];
    let sinks = sink_squares(&b, &none, &bits, &everywhere).expect("the player reaches them");
    assert_eq!(cells(&sinks).collect::<Vec<_>>(), {
        let mut v = vec![at(2, 3), at(2, 5)];
        v.sort_unstable();
        v
    });
    // The player shut out of one of them: none.
    let mut shut = everywhere.clone();
    shut[at(2, 5) as usize] = false;
    assert!(sink_squares(&b, &none, &bits, &shut).is_none());
    // Boxes walling (2,5) in on three sides: it can still be reached, never left; each base
    // is a group of its own, and all three are the largest.
    let walls = bits_of(b.words, &[at(1, 5), at(3, 5), at(2, 6)]);
    let sinks = sink_squares(&b, &walls, &bits, &everywhere).expect("the player reaches them");
    assert_eq!(cells(&sinks).count(), 3);
}

#[test]
fn the_backward_search_starts_where_the_player_reaches_the_sink_squares() {
    // The goals (2,4), a door, and (4,5) cut the floor into the room on the left, where
    // the player starts and no box does, and the room on the right with both bases, (3,6)
    // and (4,6). Worked by hand: neither base reaches the other by pushes around the boxes
    // on the goals, so each is a group of its own and both are sink squares, which only the
    // player on the right reaches. From there the box in the door is pulled out to (3,6)
    // (its first sink on the way), leaving one region, then the other out to (4,6): two
    // positions expanded, every box out, the order (4,5) then (2,4) with nothing staged.
    // Expanding the room on the left first (its root comes first, and the box in the door
    // pulled into it leaves fewer boxes on goals) costs at least one position more.
    let (b, bits, player) = board_of("#########\n#   #   #\n#@  .   #\n#   # $ #\n#   #.$ #\n#########");
    let at = |r, c| b.cell(crate::grid::Pos::new(r, c));
    let starts: Vec<u16> = cells(&bits).collect();
    assert_eq!(starts, vec![at(3, 6), at(4, 6)]);
    let (best, expanded) = sink_search(&b, &starts, player);
    let (left, plan) = best.expect("a box out");
    assert_eq!((left, expanded), (0, 2));
    assert_eq!(plan.cells, vec![at(4, 5), at(2, 4)]);
    assert_eq!(plan.linear.as_ref().expect("a linear order").until, vec![NONE, NONE]);
}

#[test]
fn xsokoban_14s_two_boxes_in_the_room_no_push_enters_stand_from_the_start_until_their_step() {
    // XSokoban #14 (`../shared/data/sokoban-levels`), cells as (row, column) from 0, the
    // file's own. Festival's backward search (its trace, issue 49) ends where its last two
    // boxes stand on the cells where they start, (2,9) and (2,11), in the room above that
    // no push from outside enters (so its two bases are never the sink squares), and the
    // player can walk back to its start: read forward, those two stand from the start until
    // the 13th and the 16th goals are filled. Ours, with the sink squares, had to take every
    // box out and could not (10 left), so the every-base order was used, which stages none.
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sokoban-levels/xsokoban-90.xsb");
    let Ok(file) = std::fs::read_to_string(&p) else {
        assert!(std::env::var("CI").is_err(), "{}: missing (CI needs ../shared)", p.display());
        return;
    };
    let text: String = file
        .lines()
        .skip_while(|l| l.trim() != ";screen.14")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    let (b, bits, player) = board_of(&text);
    let at = |r, c| b.cell(crate::grid::Pos::new(r, c));
    let starts: Vec<u16> = cells(&bits).collect();
    assert_eq!(starts.len(), 18);
    let check = |plan: &Plan| {
        let lin = plan.linear.as_ref().expect("a linear order");
        for c in [at(2, 9), at(2, 11)] {
            let i = plan.cells.iter().position(|&x| x == c).expect("the box stands in the order");
            assert!(lin.init[i] && lin.until[i] != NONE, "{c}: {:?} {:?}", lin.init, lin.until);
        }
    };
    let (best, _) = sink_search(&b, &starts, player);
    let (left, plan) = best.expect("an order");
    assert_eq!(left, 0);
    check(&plan);
    // The order the level's search follows is that one.
    check(&base_plan(&b, &starts, player, far()).expect("an order"));
}

#[test]
fn the_backward_search_joins_the_floor_before_it_opens_the_sink_squares() {
    // Cells as (row, column) from 0. Goals (2,2), (3,5) and (4,4); boxes start on (2,2) (on
    // its goal), (3,2) and (4,3): the bases. Worked by hand: from the solved position (the
    // player in the large part; (1,5) and (2,5) are a part of their own behind the box on
    // (3,5)) the bases (3,2) and (4,3) are the largest group, the sink squares, and two
    // pulls take a box out by them: the box on (3,5) along row 3 onto (3,2), which joins the
    // floor into one region but leaves the sink squares (now every base, each a group of its
    // own) under the box on (2,2); and the box on (2,2) down onto (3,2), which uncovers
    // (2,2) (the sink squares (2,2) and (4,3), both reached) but leaves two regions. Fewest
    // regions first: the first, then the box on (4,4) pulled onto (4,3), where it stands,
    // as the box on (2,2) does, with the player able to walk back to its start: the search
    // ends there, two positions expanded. Read forward: (2,2) and (4,3) stand from the
    // start, the box on (4,3) goes on to (4,4), the box from (3,2) to (3,5) (4 pushes, each
    // move made with the other boxes where they stand). With the sink squares first, the
    // box on (2,2) was taken off its goal and every box out: (4,4), (3,5) then (2,2), the
    // first move that of the box on (2,2) to (4,4), with (3,2) and (4,3) in its way.
    let (b, bits, player) = board_of("#######\n#  ## #\n# * # #\n# $@ .#\n#  $. #\n#     #\n#######");
    let at = |r, c| b.cell(crate::grid::Pos::new(r, c));
    let starts: Vec<u16> = cells(&bits).collect();
    assert_eq!(starts, vec![at(2, 2), at(3, 2), at(4, 3)]);
    let (best, expanded) = sink_search(&b, &starts, player);
    let (left, plan) = best.expect("an order");
    assert_eq!((left, expanded), (0, 2));
    let check = |plan: &Plan| {
        assert_eq!(plan.cells, vec![at(2, 2), at(4, 3), at(4, 4), at(3, 5)]);
        let lin = plan.linear.as_ref().expect("a linear order");
        assert_eq!(lin.init, vec![true, true, false, false]);
        assert_eq!(lin.until, vec![NONE, 2, NONE, NONE]);
    };
    check(&plan);
    // The order the level's search follows is that one.
    check(&base_plan(&b, &starts, player, far()).expect("an order"));
}
