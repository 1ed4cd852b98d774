//! The rule debugger's panel: the timeline, the steps with their causes and filters, the
//! breakpoints, the cell inspector.

use crate::app::paint;
use crate::app::play::Playable;
use crate::app::session::Session;

/// The rule debugger: the game's timeline, the shown move's steps with their causes, run-until
/// breakpoints, the cell inspector, and the trace to copy.
pub(super) fn debugger_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>, speed: &mut f32) {
    let ctx = ui.ctx().clone();
    let width = ctx.content_rect().width();
    let body = |ui: &mut egui::Ui, s: &mut Session<P>, speed: &mut f32| {
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            // The trace to copy first: below the inspector's history it was out of sight.
            ui.horizontal(|ui| {
                let any = s.moves() > 0;
                if ui
                    .add_enabled(any, egui::Button::new("Copy trace"))
                    .on_hover_text(if cfg!(target_arch = "wasm32") {
                        // A page has no command line to point to.
                        "The steps of the moves since the last restart, one a line"
                    } else {
                        "The steps of the moves since the last restart, as `tumblebox GAME trace` prints them"
                    })
                    .clicked()
                {
                    let text: String = s.trace_lines().iter().map(|l| format!("{l}\n")).collect();
                    ui.ctx().copy_text(text);
                    s.say("trace copied");
                }
                if ui
                    .add_enabled(any, egui::Button::new("Copy as test"))
                    .on_hover_text(if cfg!(target_arch = "wasm32") {
                        "A Rust test for tumblebox's own tests: the level, the moves and the steps expected"
                    } else {
                        "A Rust test: the level, the moves and the steps expected, traced on the command line"
                    })
                    .clicked()
                {
                    ui.ctx().copy_text(s.trace_test());
                    s.say("test copied: paste it into a new file under tests/ (cargo test runs it)");
                }
            });
            ui.separator();
            timeline_ui(ui, s, speed);
            ui.separator();
            steps_ui(ui, s);
            ui.separator();
            breakpoints_ui(ui, s);
            ui.separator();
            inspector_ui(ui, s);
        });
    };
    if width < crate::app::DEBUGGER_FOLDS_BELOW {
        // A narrow window (a phone): brought back by F12, it takes the bottom of the window
        // under the board (never over it), a third of the height to start with; its top edge
        // can be dragged.
        let height = ctx.content_rect().height();
        egui::Panel::bottom("debugger narrow").resizable(true).default_size(height / 3.0).max_size(height * 0.6).show(
            ui,
            |ui| {
                ui.heading("Rule debugger");
                body(ui, s, speed);
            },
        );
        return;
    }
    let most = (width * 0.4).max(160.0);
    super::side_panel(ui, "debugger", most, |ui| {
        egui::Panel::right("debugger").default_size(340.0_f32.min(most)).max_size(most).resizable(true).show(ui, |ui| {
            super::within_width(ui, |ui| {
                ui.heading("Rule debugger");
                body(ui, s, speed);
            });
        })
    });
}

/// Where the timeline strip puts history position `i` of `n`.
pub(super) fn strip_x(rect: egui::Rect, i: usize, n: usize) -> f32 {
    let pad = 8.0;
    rect.left() + pad + (rect.width() - 2.0 * pad) * i as f32 / n.max(1) as f32
}

/// The game's timeline: a strip with a tick per move and marks, the transport, the list of
/// moves. Clicking jumps (the state after that move); Shift+click selects a range to loop.
pub(super) fn timeline_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>, speed: &mut f32) {
    let n = s.history.len();
    ui.strong("Timeline");
    // The strip: position 0 (the start) to n (after every move).
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 30.0), egui::Sense::click_and_drag());
    resp.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Slider, true, format!("timeline: position {} of {n}", s.cursor))
    });
    let painter = ui.painter_at(rect);
    let vis = ui.visuals();
    painter.rect_filled(rect, 4.0, vis.extreme_bg_color);
    if let Some((a, b)) = s.range {
        let r = egui::Rect::from_x_y_ranges(strip_x(rect, a, n)..=strip_x(rect, b, n), rect.y_range());
        painter.rect_filled(r, 2.0, paint::SELECTION.linear_multiply(0.25));
    }
    let y = rect.center().y;
    painter.line_segment(
        [egui::pos2(strip_x(rect, 0, n), y), egui::pos2(strip_x(rect, n, n), y)],
        egui::Stroke::new(1.0, vis.weak_text_color()),
    );
    // More moves than the strip has room for: the part played as a bar instead of ticks.
    let dense = n as f32 * 3.0 > rect.width();
    if dense {
        painter.line_segment(
            [egui::pos2(strip_x(rect, 0, n), y), egui::pos2(strip_x(rect, s.cursor, n), y)],
            egui::Stroke::new(6.0, vis.text_color().linear_multiply(0.6)),
        );
    }
    for (i, e) in s.history.iter().enumerate() {
        let x = strip_x(rect, i + 1, n);
        let ahead = i >= s.cursor;
        let c = if ahead { vis.weak_text_color().linear_multiply(0.5) } else { vis.text_color() };
        match e {
            crate::app::session::Entry::Move { marks, .. } => {
                if !dense {
                    painter.line_segment([egui::pos2(x, y - 5.0), egui::pos2(x, y + 5.0)], egui::Stroke::new(1.0, c));
                }
                if !marks.is_empty() {
                    painter.circle_filled(egui::pos2(x, rect.top() + 5.0), 3.5, paint::HINT);
                }
            }
            crate::app::session::Entry::Restart { .. } => {
                painter.line_segment(
                    [egui::pos2(x, rect.top() + 2.0), egui::pos2(x, rect.bottom() - 2.0)],
                    egui::Stroke::new(2.0, egui::Color32::from_rgb(0xd5, 0x5e, 0x00)),
                );
            }
        }
    }
    let cx = strip_x(rect, s.cursor, n);
    painter.add(egui::Shape::convex_polygon(
        vec![
            egui::pos2(cx - 5.0, rect.bottom() - 1.0),
            egui::pos2(cx + 5.0, rect.bottom() - 1.0),
            egui::pos2(cx, y + 2.0),
        ],
        paint::SELECTION,
        egui::Stroke::NONE,
    ));
    if (resp.clicked() || resp.dragged())
        && let Some(p) = resp.interact_pointer_pos()
    {
        let t = ((p.x - strip_x(rect, 0, n)) / (strip_x(rect, n, n) - strip_x(rect, 0, n)).max(1.0)).clamp(0.0, 1.0);
        let i = (t * n as f32).round() as usize;
        if ui.input(|inp| inp.modifiers.shift) {
            let (a, b) = (i.min(s.cursor), i.max(s.cursor));
            s.range = (a < b).then_some((a, b));
        } else if i != s.cursor {
            s.jump(i);
        }
    }
    // The transport.
    ui.horizontal_wrapped(|ui| {
        let at_end = s.cursor >= n;
        if ui.add_enabled(s.cursor > 0, egui::Button::new("|<")).on_hover_text("The start").clicked() {
            s.jump(0);
        }
        if ui
            .add_enabled(s.cursor > 0, egui::Button::new("< move"))
            .on_hover_text("The state before this move")
            .clicked()
        {
            s.step_move_back();
        }
        if ui.add_enabled(s.cursor > 0, egui::Button::new("< step")).on_hover_text("The physical step before").clicked()
        {
            s.step_back();
        }
        let playing = s.is_playing();
        if ui
            .button(if playing { "pause" } else { "play" })
            .on_hover_text("Play the moves from here (the selected range with Loop), or pause")
            .clicked()
        {
            if playing { s.pause() } else { s.play() }
        }
        let more_steps = s
            .last_move()
            .is_some_and(|(_, _, st)| s.playback.as_ref().is_some_and(|p| p.focus.is_some_and(|f| f + 1 < st.len())));
        if ui
            .add_enabled(!at_end || more_steps, egui::Button::new("step >"))
            .on_hover_text("The next physical step")
            .clicked()
        {
            s.step_forward();
        }
        if ui.add_enabled(!at_end, egui::Button::new("move >")).on_hover_text("The next move, animated").clicked() {
            s.step_move_forward(false);
        }
        if ui.add_enabled(!at_end, egui::Button::new(">|")).on_hover_text("After the last move").clicked() {
            s.jump(n);
        }
    });
    // Wrapped, never cut at the panel's edge.
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut s.looping, "Loop")
            .on_hover_text("Play the selected range (Shift+click the timeline) again and again");
        match s.range {
            Some((a, b)) => {
                // In the list's own numbers (moves count from 1 after a restart).
                let name = |e: usize| match s.move_number(e) {
                    0 => "the restart".to_string(),
                    n => n.to_string(),
                };
                let last = b.saturating_sub(1).max(a);
                let across = s.history.get(a..b).is_some_and(|es| {
                    es.iter().skip(1).any(|x| matches!(x, crate::app::session::Entry::Restart { .. }))
                });
                let note = if across { " (across a restart)" } else { "" };
                ui.label(format!("moves {}–{}{note}", name(a), name(last)));
                if ui.small_button("clear").clicked() {
                    s.range = None;
                }
            }
            None => {
                ui.weak("range: all");
            }
        }
    });
    ui.add(egui::Slider::new(speed, 0.25..=4.0).logarithmic(true).suffix("×").text("speed"));
    // The list of moves.
    // Row 0 is the start, row i the history's entry i - 1 (only the rows on screen are named).
    // A move is numbered as the status bar counts it: from 1 after the last restart.
    let name = |i: usize, number: usize| match i.checked_sub(1).map(|k| &s.history[k]) {
        None => "start".to_string(),
        Some(crate::app::session::Entry::Move { text, marks, before, .. }) => {
            let text = before.entry_label(text);
            let words: Vec<String> = marks.iter().map(|m| m.word()).collect();
            if words.is_empty() {
                format!("{number}. {text}")
            } else {
                format!("{number}. {text} · {}", words.join(", "))
            }
        }
        Some(crate::app::session::Entry::Restart { .. }) => "restart (moves count from 1 again)".to_string(),
    };
    let is_move = |k: usize| matches!(s.history[k], crate::app::session::Entry::Move { .. });
    let mut jump = None;
    // Each row's height without the spacing between rows (what `show_rows` takes), and with it.
    let row = ui.text_style_height(&egui::TextStyle::Body).max(ui.spacing().interact_size.y);
    let pitch = row + ui.spacing().item_spacing.y;
    let mut area = egui::ScrollArea::vertical().id_salt("moves").max_height(150.0).auto_shrink([false, true]);
    // Keep the position on screen in view when it moves (by play, keys or the strip).
    if s.debug.listed != Some(s.cursor) {
        s.debug.listed = Some(s.cursor);
        area = area.vertical_scroll_offset((s.cursor as f32 * pitch - 60.0).max(0.0));
    }
    let (cursor, range) = (s.cursor, s.range);
    area.show_rows(ui, row, s.history.len() + 1, |ui, rows| {
        // The number of the row above the first on screen (row i is entry i - 1), counted once
        // and carried down the rows on screen.
        let mut number = rows.start.checked_sub(2).map_or(0, |e| s.move_number(e));
        for i in rows {
            if i > 0 {
                number = if is_move(i - 1) { number + 1 } else { 0 };
            }
            let mut text = egui::RichText::new(name(i, number));
            if i > cursor {
                text = text.weak();
            }
            let in_range = range.is_some_and(|(a, b)| i > a && i <= b);
            if in_range {
                text = text.background_color(paint::SELECTION.linear_multiply(0.2));
            }
            // Rows keep one height (the list is drawn by rows): a long one ends in "…".
            if ui.add(egui::Button::selectable(i == cursor, text).truncate()).clicked() {
                jump = Some(i);
            }
        }
    });
    if let Some(i) = jump {
        if ui.input(|inp| inp.modifiers.shift) {
            let (a, b) = (i.min(s.cursor), i.max(s.cursor));
            s.range = (a < b).then_some((a, b));
        } else {
            s.jump(i);
            // The row clicked is in view already: the list stays put under the pointer.
            s.debug.listed = Some(s.cursor);
        }
    }
}

/// One line of the step list: a step, or a run of steps of one kind collapsed.
pub(super) struct StepRow {
    pub(super) first: usize,
    pub(super) last: usize,
    pub(super) text: String,
}

/// The shown move's steps, with filters by kind and cell and collapsed runs.
pub(super) fn steps_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>) {
    let Some((before, text, steps)) = s.last_move() else {
        ui.label(if s.cursor > 0 {
            "A restart: the level from its start."
        } else {
            "Make a move: its physical steps are listed here, in order, each with its cause."
        });
        return;
    };
    let (before, steps) = (before.clone(), steps.clone());
    let text = before.entry_label(text);
    let records = before.records(&steps);
    let n = records.len();
    let at = s
        .step_at()
        .filter(|_| s.playback.as_ref().is_some_and(|p| p.focus.is_some() || p.paused || p.time < p.timeline.total));
    ui.strong(format!("Move {} {text}: {n} step{}", s.moves(), if n == 1 { "" } else { "s" }));
    // Which cells each step changes (for the cell filter).
    let mut state = before.clone();
    let mut cells = Vec::with_capacity(n);
    for st in &steps {
        cells.push(state.step_cells(st));
        state = state.after(st);
    }
    let kind = |r: &crate::trace::Record| r.fields.get("step").and_then(|v| v.as_str()).unwrap_or("").to_string();
    let mut kinds: Vec<String> = records.iter().map(kind).collect();
    kinds.dedup();
    kinds.sort();
    kinds.dedup();
    let d = &mut s.debug;
    ui.horizontal_wrapped(|ui| {
        ui.label("show:");
        for k in &kinds {
            let mut on = !d.hidden.contains(k);
            // The kinds are the trace's field values ("reached_four"); the window writes words.
            if ui.checkbox(&mut on, k.replace('_', " ")).changed() {
                if on {
                    d.hidden.remove(k);
                } else {
                    d.hidden.insert(k.clone());
                }
            }
        }
        ui.checkbox(&mut d.collapse, "collapse runs").on_hover_text("Steps of one kind in a row as one line: fall ×5");
        if let Some(c) = d.cell() {
            ui.checkbox(&mut d.only_cell, format!("only {}", before.cell_name(c)))
                .on_hover_text("Only the steps that change the inspected cell");
        }
    });
    ui.horizontal(|ui| {
        let l = ui.label("find:");
        ui.add(egui::TextEdit::singleline(&mut d.find).hint_text("words in a step").desired_width(160.0))
            .labelled_by(l.id);
        if !d.find.is_empty() && ui.small_button("clear").clicked() {
            d.find.clear();
        }
    });
    let find = d.find.to_lowercase();
    let only = d.cell().filter(|_| d.only_cell);
    let shown: Vec<usize> = (0..n)
        .filter(|&i| !d.hidden.contains(&kind(&records[i])))
        .filter(|&i| only.is_none_or(|c| cells[i].contains(&c)))
        .filter(|&i| find.is_empty() || records[i].text.to_lowercase().contains(&find))
        .collect();
    let mut rows: Vec<StepRow> = Vec::new();
    for &i in &shown {
        let k = kind(&records[i]);
        if d.collapse
            && let Some(last) = rows.last_mut()
            && last.last + 1 == i
            && kind(&records[last.first]) == k
        {
            last.last = i;
            continue;
        }
        rows.push(StepRow { first: i, last: i, text: String::new() });
    }
    for r in &mut rows {
        r.text = if r.first == r.last {
            format!("{}. {}", r.first + 1, records[r.first].text)
        } else {
            format!("{}–{}. {} ×{}", r.first + 1, r.last + 1, kind(&records[r.first]), r.last - r.first + 1)
        };
    }
    if shown.len() < n {
        ui.weak(format!("{} of {n} steps shown", shown.len()));
    }
    let mut seek = None;
    for r in &rows {
        let on = at.is_some_and(|a| (r.first..=r.last).contains(&a));
        let mut resp = ui.add(egui::Button::selectable(on, &r.text).wrap());
        if r.first != r.last {
            let all: Vec<String> = (r.first..=r.last).map(|i| format!("{}. {}", i + 1, records[i].text)).collect();
            resp = resp.on_hover_text(all.join("\n"));
        }
        if resp.clicked() {
            seek = Some(r.first);
        }
    }
    // The cause of the step shown.
    if let Some(a) = at
        && let Some(c) = records.get(a).and_then(|r| r.cause)
    {
        ui.label(
            egui::RichText::new(format!("step {} was caused by step {}: {}", a + 1, c + 1, records[c].text))
                .color(CAUSE),
        );
    }
    if let Some(i) = seek {
        s.seek_step(i);
    }
}

/// The colour of a cause's cells and words: Okabe–Ito reddish purple, apart from the
/// highlight's amber and the selection's blue.
pub const CAUSE: egui::Color32 = egui::Color32::from_rgb(0xcc, 0x79, 0xa7);

/// "Run until": where playback of the solver's solution, stacks' run and the timeline stop.
pub(super) fn breakpoints_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>) {
    ui.strong("Run until (breakpoints)");
    for &b in P::breakpoints() {
        let i = s.breaks.iter().position(|x| x.same_kind(b));
        let mut on = i.is_some();
        let current = i.map_or(b, |i| s.breaks[i]);
        ui.horizontal(|ui| {
            let label = match current {
                crate::app::play::Break::ChainAtLeast(_) => "a chain of depth ≥".to_string(),
                crate::app::play::Break::StackAtLeast(_) => "a stack reaches".to_string(),
                other => other.label(),
            };
            let check = ui.checkbox(&mut on, label);
            let id = check.id;
            if check.changed() {
                match i {
                    Some(i) if !on => {
                        s.breaks.remove(i);
                    }
                    None if on => s.breaks.push(current),
                    _ => {}
                }
            }
            let changed = match current {
                crate::app::play::Break::ChainAtLeast(mut k) => ui
                    .add(egui::DragValue::new(&mut k).range(1..=20))
                    .labelled_by(id)
                    .changed()
                    .then_some(crate::app::play::Break::ChainAtLeast(k)),
                crate::app::play::Break::StackAtLeast(mut k) => ui
                    .add(egui::DragValue::new(&mut k).range(2..=10))
                    .labelled_by(id)
                    .changed()
                    .then_some(crate::app::play::Break::StackAtLeast(k)),
                _ => None,
            };
            if let Some(nb) = changed {
                match s.breaks.iter().position(|x| x.same_kind(nb)) {
                    Some(i) => s.breaks[i] = nb,
                    None => s.breaks.push(nb),
                }
            }
        });
    }
}

/// The cell inspector: what a cell holds now and every step of this game that changed it.
pub(super) fn inspector_ui<P: Playable>(ui: &mut egui::Ui, s: &mut Session<P>) {
    ui.strong("Cell inspector");
    let Some(c) = s.debug.cell() else {
        ui.weak("Point at a cell of the board (right-click pins it).");
        return;
    };
    let now = s.current();
    let what = format!("{}: {}", now.cell_name(c), now.contents(c));
    ui.horizontal_wrapped(|ui| {
        ui.label(what);
        if s.debug.pinned.is_some() && ui.small_button("unpin").clicked() {
            s.debug.pinned = None;
        }
    });
    let touches = s.inspected_history(c);
    if touches.is_empty() {
        ui.weak("no step of this game changed it");
        return;
    }
    let mut go = None;
    egui::ScrollArea::vertical().id_salt("inspector").max_height(140.0).show(ui, |ui| {
        for t in &touches {
            // Numbered as the timeline and the status bar number moves: from 1 after a restart.
            let n = s.move_number(t.entry);
            let row = egui::Button::selectable(false, format!("move {n} step {}: {}", t.step + 1, t.text)).wrap();
            if ui.add(row).clicked() {
                go = Some((t.entry, t.step));
            }
        }
    });
    if let Some((entry, step)) = go {
        s.jump(entry + 1);
        s.seek_step(step);
    }
}
