//! Pushing boxes in the window: arrows or WASD, click to walk, boxes on targets as events,
//! UVa 589's exact search or the Sokoban solver.

use super::{
    Answer, Break, Event, Gesture, Overlay, Playable, Replay, SOKOBAN_OPTIMAL_TIME, SOKOBAN_TIME, cell, rect,
    square_cell,
};
use crate::grid::{Dir, Pos};
use crate::scene::Point;
use crate::sokoban;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::AtomicBool;

/// The pushes among `moves` played from `from`.
fn pushes_of(from: &sokoban::scene::Game, moves: &[sokoban::Move]) -> usize {
    use crate::save::Replay;
    let mut state = from.clone();
    let mut pushes = 0;
    for mv in moves {
        let Ok((next, steps)) = state.play(mv) else { break };
        pushes += usize::from(steps.iter().any(|s| s.moved_box().is_some()));
        state = next;
    }
    pushes
}

/// The answer's next push: how many moves up to and including it, the cell the player
/// pushes from, the box's cell and where it goes, and which way.
struct NextPush {
    len: usize,
    from: Pos,
    box_from: Pos,
    box_to: Pos,
    dir: Dir,
}

/// The first push among `moves` played from `from` (the walk before it, then the push).
fn next_push(from: &sokoban::scene::Game, moves: &[sokoban::Move]) -> Option<NextPush> {
    use crate::save::Replay;
    let mut state = from.clone();
    for (i, mv) in moves.iter().enumerate() {
        let (next, steps) = state.play(mv).ok()?;
        if let Some((box_from, box_to)) = steps.iter().find_map(|s| s.moved_box()) {
            return Some(NextPush { len: i + 1, from: state.pos.player, box_from, box_to, dir: mv.dir });
        }
        state = next;
    }
    None
}

fn dir_word(d: Dir) -> &'static str {
    match d {
        Dir::Up => "up",
        Dir::Down => "down",
        Dir::Left => "left",
        Dir::Right => "right",
    }
}

impl sokoban::scene::Game {
    /// What a proven answer is optimal in: UVa 589's one box, the fewest pushes and then the
    /// fewest moves; more boxes, the fewest pushes.
    fn optimal_words(&self) -> &'static str {
        if self.pos.boxes.len() == 1 && self.level.goals.len() == 1 {
            "the fewest pushes, then moves"
        } else {
            "the fewest pushes"
        }
    }
}

impl Playable for sokoban::scene::Game {
    const LIBRARY_EXTENSION: &'static str = "sok";
    const REVERSE: bool = true;
    const WHEEL_UNDO: bool = true;
    const TURNS: bool = true;
    const HELP: super::Help = super::Help {
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
                 there with the fewest pushes, the other boxes standing still. A swipe that does \
                 not start on a box is the arrow key that way.",
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
            ("swipe", "walk or push one step"),
            ("reverse mode: arrows  /  click", "pull  /  walk without pulling"),
        ],
    };
    fn built_in() -> Vec<crate::app::Level<Self>> {
        super::super::files::sokoban_levels(crate::levels::sokoban())
    }
    /// The floor cells (goals excepted) from which a lone box reaches no goal; never the
    /// player's (the cross would hide the player).
    fn dead_cells(&self) -> Vec<Pos> {
        // Dead squares are a push's; reverse mode pulls.
        if self.reverse.is_some() {
            return Vec::new();
        }
        let player = self.pos.player;
        self.board().dead_squares().into_iter().filter(|p| !self.level.goals.contains(p) && *p != player).collect()
    }

    fn step_cells(&self, step: &sokoban::Step) -> Vec<Pos> {
        match *step {
            sokoban::Step::Walk { from, to } => vec![from, to],
            sokoban::Step::Push { from, box_from, box_to, .. } | sokoban::Step::Pull { from, box_from, box_to, .. } => {
                vec![from, box_from, box_to]
            }
        }
    }

    fn cell_quad(&self, c: Pos) -> [Point; 4] {
        cell(0.25 + c.col as f32, 0.25 + c.row as f32)
    }

    fn cell_at(&self, p: Point) -> Option<Pos> {
        square_cell(p).filter(|&q| self.level.walls.get(q).is_some())
    }

    /// As the UVa judge counts: rows and columns from 1.
    fn cell_name(&self, c: Pos) -> String {
        format!("({},{})", c.row + 1, c.col + 1)
    }

    fn contents(&self, c: Pos) -> String {
        let mut what = Vec::new();
        if self.level.is_outside(c) {
            return "outside the walls".into();
        }
        match self.level.walls.get(c) {
            None => return "outside the maze".into(),
            Some(true) => what.push("wall"),
            Some(false) => what.push("floor"),
        }
        let many = self.xsb || self.pos.boxes.len() > 1;
        if self.level.goals.contains(&c) {
            what.push(if many { "a goal" } else { "the target" });
        }
        if self.pos.boxes.contains(&c) {
            what.push(if many { "a box" } else { "the box" });
        }
        if self.pos.player == c {
            what.push("the player");
        }
        what.join(", ")
    }

    fn events(&self, step: &sokoban::Step) -> Vec<Event> {
        match step {
            sokoban::Step::Push { box_to, .. } | sokoban::Step::Pull { box_to, .. }
                if self.level.goals.contains(box_to) =>
            {
                vec![Event::OnTarget]
            }
            _ => vec![],
        }
    }

    /// UVa 589's exact search from here finds no way (one box, one target); with more boxes,
    /// a deadlock the Sokoban solver prunes (a dead square, a frozen box, no assignment).
    fn unsolvable(&self) -> Option<String> {
        if self.solved() || self.reverse.is_some() {
            return None;
        }
        if self.pos.boxes.len() > sokoban::search::MAX_BOXES {
            return None;
        }
        if self.pos.boxes.len() != 1 || self.level.goals.len() != 1 {
            return self.board().deadlock(&self.pos).map(|d| d.to_string());
        }
        let maze = sokoban::format::Maze { level: (*self.level).clone(), start: self.pos.clone() };
        sokoban::solve::solve(&maze).is_none().then(|| "no pushes can bring the box to the target from here".into())
    }

    fn breakpoints() -> &'static [Break] {
        &[Break::BoxOnTarget, Break::Solved, Break::Unsolvable]
    }

    /// Keys walk and push; a click walks to a floor cell. Push with the mouse (as JSoko and
    /// YASC do): click a box (it is selected; again: dropped), then a floor cell, or drag the
    /// box there: the player walks and pushes it along the path with the fewest pushes, then
    /// the fewest moves (UVa 589's exact search, the other boxes standing still), one undo step.
    fn gesture(&self, g: Gesture, sel: &mut super::Selection) -> Vec<sokoban::Move> {
        let selected = &mut sel.at;
        use egui::Key::*;
        let walk = |dir| sokoban::Move { dir, push: false };
        match g {
            Gesture::Key(k) => {
                let dir = match k {
                    ArrowUp | W => Dir::Up,
                    ArrowDown | S => Dir::Down,
                    ArrowLeft | A => Dir::Left,
                    ArrowRight | D => Dir::Right,
                    _ => return vec![],
                };
                // Reverse mode: a key pulls the box behind the player (a click walks away
                // from it without pulling).
                let pulls = self.reverse.is_some() && matches!(self.step(dir), Ok((_, sokoban::Step::Pull { .. })));
                vec![sokoban::Move { dir, push: pulls }]
            }
            Gesture::Click(p) => {
                let Some(target) = square_cell(p) else { return vec![] };
                // Reverse mode: a click walks there without pulling (boxes come along by the
                // keys).
                if self.reverse.is_some() {
                    return walk_path(self, target).into_iter().map(walk).collect();
                }
                if self.pos.boxes.contains(&target) {
                    *selected = if *selected == Some(target) { None } else { Some(target) };
                    return vec![];
                }
                if let Some(b) = selected.filter(|b| self.pos.boxes.contains(b)) {
                    let moves = push_path(self, b, target);
                    if !moves.is_empty() {
                        *selected = Some(target);
                    }
                    return moves;
                }
                walk_path(self, target).into_iter().map(walk).collect()
            }
            Gesture::Drag { from, to } => {
                // A swipe (a drag that does not start on a box, or any in reverse mode): the
                // arrow key that way, one step.
                let on_box = square_cell(from).filter(|b| self.pos.boxes.contains(b));
                let (Some(b), false) = (on_box, self.reverse.is_some()) else {
                    return match super::swipe(from, to) {
                        Some(d) => self.gesture(Gesture::Key(super::arrow(d)), sel),
                        None => vec![],
                    };
                };
                let Some(target) = square_cell(to) else { return vec![] };
                if b == target {
                    return vec![];
                }
                let moves = push_path(self, b, target);
                *selected = (!moves.is_empty()).then_some(target);
                moves
            }
            Gesture::Text(_) => vec![],
        }
    }

    fn key_text(&self) -> String {
        if self.xsb { sokoban::xsb::write_board(&self.maze()) } else { sokoban::format::write(&self.maze()) }
    }

    /// The hint is the next push (as JSoko's and YASC's): the walk to it and the push.
    fn hint_len(&self, moves: &[sokoban::Move]) -> usize {
        next_push(self, moves).map_or(1, |p| p.len)
    }

    /// The box to push outlined, an arrow to where it goes, and the cell to push it from
    /// (dashed) when the player must walk there first.
    fn hint_line_overlay(&self, moves: &[sokoban::Move]) -> Vec<Overlay> {
        let Some(p) = next_push(self, moves) else {
            return moves.first().map(|m| self.hint_overlay(m)).unwrap_or_default();
        };
        let centre = |c: Pos| [0.75 + c.col as f32, 0.75 + c.row as f32];
        let mut out =
            vec![Overlay::Mark(self.cell_quad(p.box_from)), Overlay::Arrow(centre(p.box_from), centre(p.box_to))];
        if p.from != self.pos.player {
            out.push(Overlay::Landing(self.cell_quad(p.from)));
        }
        out
    }

    fn hint_overlay(&self, mv: &sokoban::Move) -> Vec<Overlay> {
        let p = self.pos.player;
        let (x, y) = (0.25 + p.col as f32, 0.25 + p.row as f32);
        let (dx, dy) = match mv.dir {
            Dir::Up => (0.0, -1.0),
            Dir::Down => (0.0, 1.0),
            Dir::Left => (-1.0, 0.0),
            Dir::Right => (1.0, 0.0),
        };
        vec![Overlay::Mark(cell(x, y)), Overlay::Arrow([x + 0.5, y + 0.5], [x + 0.5 + dx, y + 0.5 + dy])]
    }

    /// A box dragged follows the pointer; the cell under the pointer is outlined while the
    /// box can be pushed there (the other boxes standing still), so a drop never surprises.
    fn drag_overlay(&self, from: Point, to: Point) -> Vec<Overlay> {
        let on_box = square_cell(from).filter(|b| self.pos.boxes.contains(b) && self.reverse.is_none());
        let (Some(b), Some(target)) = (on_box, square_cell(to)) else {
            // A swipe: the step it makes, as the hint shows one.
            return super::swipe(from, to)
                .map(|dir| self.hint_overlay(&sokoban::Move { dir, push: false }))
                .unwrap_or_default();
        };
        let [x, y] = [0.25 + b.col as f32 + to[0] - from[0], 0.25 + b.row as f32 + to[1] - from[1]];
        let mut out = vec![Overlay::Ghost(rect(x + 0.14, y + 0.14, 0.72, 0.72), crate::scene::Ink::Crate, None)];
        if target != b && can_push(self, b, target) {
            out.push(Overlay::Landing(cell(0.25 + target.col as f32, 0.25 + target.row as f32)));
        }
        out
    }

    fn is_push(step: &sokoban::Step) -> bool {
        step.moved_box().is_some()
    }

    fn counts_pushes() -> bool {
        true
    }

    fn selectable(&self, p: Pos) -> bool {
        self.pos.boxes.contains(&p)
    }

    fn no_moves_why(&self, g: Gesture, selected: Option<Pos>) -> Option<String> {
        let box_and_target = match g {
            Gesture::Click(p) => selected.filter(|b| self.pos.boxes.contains(b)).zip(square_cell(p)),
            Gesture::Drag { from, to } => square_cell(from).filter(|b| self.pos.boxes.contains(b)).zip(square_cell(to)),
            _ => None,
        };
        // A floor cell clicked that the player cannot walk to (boxes or walls between).
        if box_and_target.is_none()
            && let Gesture::Click(p) = g
            && let Some(t) = square_cell(p)
            && self.level.is_floor(t)
            && !self.pos.boxes.contains(&t)
            && t != self.pos.player
            && !self.reach().contains(&t)
        {
            return Some(format!(
                "the player cannot walk to ({},{}): boxes or walls are in the way",
                t.row + 1,
                t.col + 1
            ));
        }
        let (b, t) = box_and_target?;
        (b != t && !self.pos.boxes.contains(&t)).then(|| {
            format!(
                "the box at ({},{}) cannot be pushed to ({},{}) (the other boxes standing still)",
                b.row + 1,
                b.col + 1,
                t.row + 1,
                t.col + 1
            )
        })
    }

    fn relocate(&self, p: Point) -> Option<Self> {
        let target = square_cell(p)?;
        let free = self.level.is_floor(target) && !self.pos.boxes.contains(&target);
        (self.reverse.is_some() && free && !self.reach().contains(&target))
            .then(|| self.at(sokoban::rules::Position { player: target, boxes: self.pos.boxes.clone() }))
    }

    fn reversed_game(&self) -> Option<Self> {
        self.reversed()
    }

    fn forward_of(start: &Self, moves: &[sokoban::Move], end: &Self) -> Option<Vec<sokoban::Move>> {
        sokoban::scene::Game::forward_moves(start, moves, end)
    }

    fn can_optimise() -> bool {
        true
    }

    /// The vicinity search ([`sokoban::search::optimise`]), holding at most a tenth of the
    /// solver's states.
    fn optimise(
        &self,
        moves: &[sokoban::Move],
        time: std::time::Duration,
        cancel: &AtomicBool,
        progress: &crate::meter::Meter,
    ) -> super::Optimised<sokoban::Move> {
        let max = sokoban::search::DEFAULT_STATES / 10;
        let r = sokoban::search::optimise(&self.level, &self.pos, moves, time, max, cancel, progress)?;
        let (given_p, given_m) = (pushes_of(self, moves), moves.len());
        let searched = match r.searched {
            Some((b, d)) => {
                // The schedule's box count, no more than the level has.
                let b = crate::app::library::counted(b.min(self.pos.boxes.len()), "box");
                format!("searched every position with up to {b} moved up to {d} cells off the solution's way")
            }
            None => "no vicinity searched to its end".to_string(),
        };
        // The outcome first (the status bar cuts a long message at the window's edge): what
        // was found, and whether the search ended or was stopped; then the detail.
        let was = format!("was {given_p} pushes, {given_m} moves");
        let stopped = r.stopped.as_deref().map(|why| if why == "cancelled" { "it was cancelled" } else { why });
        let words = match (stopped, r.better) {
            (None, true) => format!("found {} pushes, {} moves ({was}; {searched})", r.pushes, r.moves.len()),
            (Some(why), true) => {
                format!("found {} pushes, {} moves, then {why} ({was}; {searched})", r.pushes, r.moves.len())
            }
            (None, false) => format!("found nothing better than {given_p} pushes, {given_m} moves ({searched})"),
            (Some(why), false) => format!("found nothing better, then {why} ({was}; {searched})"),
        };
        Ok((r.better.then_some(r.moves), words))
    }

    /// Both counts, pushes first (the order UVa 589 and Sokoban players rank by).
    fn solution_text(&self, answer: &Answer<sokoban::Move>) -> String {
        let (p, n) = (pushes_of(self, &answer.moves), answer.moves.len());
        match &answer.unproven {
            None => format!("solution: {p} pushes, {n} moves, {}", self.optimal_words()),
            Some(why) => format!("solution: {p} pushes, {n} moves, {why}"),
        }
    }

    /// The next push in words: the box, which way and where to; the walk to it when there
    /// is one; then what is left.
    fn hint_text(&self, answer: &Answer<sokoban::Move>) -> String {
        use crate::save::Replay;
        let text = match next_push(self, &answer.moves) {
            Some(np) => {
                let walk = match np.len - 1 {
                    0 => String::new(),
                    w => format!(
                        ", from {} ({} there first)",
                        self.cell_name(np.from),
                        crate::app::library::counted(w, "move")
                    ),
                };
                format!(
                    "push the box at {} {} to {}{walk}",
                    self.cell_name(np.box_from),
                    dir_word(np.dir),
                    self.cell_name(np.box_to)
                )
            }
            None => self.move_text(&answer.moves[0]),
        };
        let c = crate::app::library::counted;
        let (p, n) = (c(pushes_of(self, &answer.moves), "push"), c(answer.moves.len(), "move"));
        match &answer.unproven {
            None => format!("hint: {text} ({p}, {n} left, {})", self.optimal_words()),
            Some(why) => format!("hint: {text} (best found: {p}, {n} left; {why})"),
        }
    }

    /// One box and one target: UVa 589's exact search (fewest pushes, then moves). More: the
    /// Sokoban solver, push-optimal if that takes at most [`SOKOBAN_OPTIMAL_TIME`], otherwise
    /// any solution soon (bounded by [`SOKOBAN_TIME`]), said to be optimal only when proven.
    fn solve(&self, cancel: &AtomicBool, progress: &crate::meter::Meter) -> Result<Answer<sokoban::Move>, String> {
        use sokoban::search::{self, Limits, Mode, Outcome};
        /// One search per core, at most the portfolio's; one on a web page (its worker
        /// cannot start threads).
        fn solver_threads() -> usize {
            if cfg!(target_arch = "wasm32") {
                return 1;
            }
            std::thread::available_parallelism().map_or(1, |n| n.get()).min(search::MAX_THREADS)
        }
        if self.reverse.is_some() {
            return Err("the solver plays forward: leave reverse mode to ask it".into());
        }
        if self.pos.boxes.len() == 1 && self.level.goals.len() == 1 {
            return sokoban::solve::solve(&self.maze())
                .map(|s| Answer::optimal(s.moves))
                .ok_or_else(|| "impossible from here".into());
        }
        // A push-optimal answer when one comes soon; otherwise any, as soon as possible.
        let quick = Limits { time: SOKOBAN_OPTIMAL_TIME, max_states: search::DEFAULT_STATES / 4 };
        let r = search::search(&self.level, &self.pos, Mode::Optimal, quick, cancel, progress);
        let r = match r.outcome {
            Outcome::TimeLimit | Outcome::StateLimit => {
                // A portfolio on every core (the state limit shared between them; the first
                // answer stops the others), as `sokoban solve --threads` runs it.
                let limits = Limits { time: SOKOBAN_TIME, max_states: search::DEFAULT_STATES };
                search::search_threads(&self.level, &self.pos, Mode::Fast, limits, solver_threads(), cancel, progress)
            }
            _ => r,
        };
        match r.outcome {
            Outcome::Solved(f) if f.proven => Ok(Answer::optimal(f.moves)),
            Outcome::Solved(f) => Ok(Answer {
                unproven: Some(format!("not proven fewest (at least {} pushes)", r.bound)),
                moves: f.moves,
            }),
            Outcome::Unsolvable => Err("no solution from here: every position was searched".into()),
            Outcome::Cancelled => Err("cancelled".into()),
            Outcome::TimeLimit => Err(format!("no solution found in {} s", SOKOBAN_TIME.as_secs())),
            Outcome::StateLimit => Err("no solution found within the state limit".into()),
            Outcome::TooManyBoxes => Err(format!("the solver takes at most {} boxes", search::MAX_BOXES)),
        }
    }
}

/// The moves that push box `b` to `target` with the fewest pushes, then the fewest moves,
/// the other boxes standing still; empty when there is no such path.
fn push_path(g: &sokoban::scene::Game, b: Pos, target: Pos) -> Vec<sokoban::Move> {
    if !g.level.is_floor(target) || g.pos.boxes.contains(&target) {
        return vec![];
    }
    let mut walls = g.level.walls.clone();
    for &o in g.pos.boxes.iter().filter(|&&o| o != b) {
        walls[o] = true;
    }
    let level = sokoban::rules::Level { walls, goals: vec![target], outside: g.level.outside.clone() };
    let start = sokoban::rules::Position { player: g.pos.player, boxes: vec![b] };
    sokoban::solve::solve(&sokoban::format::Maze { level, start }).map(|s| s.moves).unwrap_or_default()
}

/// Whether box `b` can be pushed to `target`: asked every frame of a drag, so the answer for
/// the cell under the pointer is kept until the pointer or the position changes.
fn can_push(g: &sokoban::scene::Game, b: Pos, target: Pos) -> bool {
    // The level is held (not its address), so a new level cannot take the kept one's place.
    type Kept = Option<(std::sync::Arc<sokoban::rules::Level>, sokoban::rules::Position, Pos, Pos, bool)>;
    thread_local!(static KEPT: std::cell::RefCell<Kept> = const { std::cell::RefCell::new(None) });
    KEPT.with_borrow_mut(|kept| match kept {
        Some((level, pos, kb, kt, yes))
            if std::sync::Arc::ptr_eq(level, &g.level) && (&*pos, *kb, *kt) == (&g.pos, b, target) =>
        {
            *yes
        }
        _ => {
            let yes = !push_path(g, b, target).is_empty();
            *kept = Some((g.level.clone(), g.pos.clone(), b, target, yes));
            yes
        }
    })
}

/// The shortest walk (no pushes) to a floor cell, as directions.
fn walk_path(g: &sokoban::scene::Game, target: Pos) -> Vec<Dir> {
    let free = |p: Pos| g.level.is_floor(p) && !g.pos.boxes.contains(&p);
    if !free(target) {
        return vec![];
    }
    let mut prev: HashMap<Pos, (Pos, Dir)> = HashMap::new();
    let mut q = VecDeque::from([g.pos.player]);
    while let Some(p) = q.pop_front() {
        if p == target {
            let mut dirs = Vec::new();
            let mut c = p;
            while c != g.pos.player {
                let (b, d) = prev[&c];
                dirs.push(d);
                c = b;
            }
            dirs.reverse();
            return dirs;
        }
        for d in [Dir::Up, Dir::Down, Dir::Left, Dir::Right] {
            if let Some(n) = g.level.walls.neighbour(p, d)
                && free(n)
                && n != g.pos.player
                && !prev.contains_key(&n)
            {
                prev.insert(n, (p, d));
                q.push_back(n);
            }
        }
    }
    vec![]
}
