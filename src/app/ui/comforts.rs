//! Comforts a JSoko or Sokoban YASC player reaches for on the board: the mouse wheel undoing
//! and redoing, a reverse mode that looks different (the board tinted, a word on it), and keys
//! following a turned board.
//! Window-only: nothing here enters a scene, so exports show the game as it is.

use crate::app::play::Playable;
use crate::app::session::Session;

/// The tint laid over the board in reverse mode (a violet wash: the board still reads, and
/// never looks like the forward game).
pub const REVERSE_TINT: egui::Color32 = egui::Color32::from_rgba_premultiplied(30, 15, 70, 70);

/// The word on the board in reverse mode.
pub const REVERSE_WORD: &str = "reverse";

/// The mouse wheel over the board ([`Playable::WHEEL_UNDO`] games): rolled up (away from the
/// player) undoes a move a notch, rolled down redoes one. A trackpad's points count 40 to a
/// notch; the momentum after fingers lift is not a notch.
pub(super) fn wheel<P: Playable>(ui: &egui::Ui, board: &egui::Response, session: &mut Session<P>) {
    if !P::WHEEL_UNDO || !board.hovered() {
        return;
    }
    let notches: f32 = ui.input(|i| {
        i.events
            .iter()
            .filter_map(|e| match e {
                egui::Event::MouseWheel { unit, delta, source, modifiers, .. }
                    if *source != egui::MouseWheelSource::Momentum && modifiers.is_none() =>
                {
                    Some(match unit {
                        egui::MouseWheelUnit::Point => delta.y / 40.0,
                        egui::MouseWheelUnit::Line => delta.y,
                        egui::MouseWheelUnit::Page => delta.y * 3.0,
                    })
                }
                _ => None,
            })
            .sum()
    });
    if notches == 0.0 {
        return;
    }
    // Part notches add up across frames (a trackpad's small steps).
    let id = egui::Id::unique("wheel undo");
    let mut total = ui.data(|d| d.get_temp::<f32>(id)).unwrap_or(0.0) + notches;
    while total >= 1.0 {
        session.undo();
        total -= 1.0;
    }
    while total <= -1.0 {
        session.redo();
        total += 1.0;
    }
    ui.data_mut(|d| d.insert_temp(id, total));
    // The board was drawn before the wheel was read: the next frame shows the move taken back.
    ui.ctx().request_repaint();
}

/// Reverse mode's look: the board's level tinted, and the word on it, top left.
pub(super) fn reverse_look(ui: &mut egui::Ui, painter: &egui::Painter, drawn: egui::Rect) {
    painter.rect_filled(drawn, 0.0, REVERSE_TINT);
    let font = egui::TextStyle::Heading.resolve(ui.style());
    let galley = painter.layout_no_wrap(REVERSE_WORD.to_string(), font, egui::Color32::WHITE);
    let at = drawn.min + egui::vec2(6.0, 6.0);
    let r = egui::Rect::from_min_size(at, galley.size() + egui::vec2(12.0, 6.0));
    painter.rect_filled(r, 4.0, egui::Color32::from_rgb(0x5b, 0x2c, 0x9e));
    // A label the accessibility tree (and the tests) read; it senses nothing, so a click
    // there still reaches the board.
    ui.put(
        r,
        egui::Label::new(
            egui::RichText::new(REVERSE_WORD)
                .heading()
                .color(egui::Color32::WHITE)
                .background_color(egui::Color32::TRANSPARENT),
        )
        .selectable(false)
        .sense(egui::Sense::empty()),
    );
}

/// A key as the level takes it, the board turned ([`Playable::TURNS`] games): an arrow (or
/// W A S D) points on screen; the move is the level's step that shows that way.
pub(super) fn turn_key<P: Playable>(turn: crate::app::paint::Turn, key: egui::Key) -> egui::Key {
    if !P::TURNS || turn == crate::app::paint::Turn::default() {
        return key;
    }
    use egui::Key as K;
    let v = match key {
        K::ArrowUp | K::W => [0.0, -1.0],
        K::ArrowDown | K::S => [0.0, 1.0],
        K::ArrowLeft | K::A => [-1.0, 0.0],
        K::ArrowRight | K::D => [1.0, 0.0],
        _ => return key,
    };
    let [x, y] = turn.step_back(v);
    match (x.round() as i32, y.round() as i32) {
        (0, -1) => K::ArrowUp,
        (0, 1) => K::ArrowDown,
        (-1, 0) => K::ArrowLeft,
        _ => K::ArrowRight,
    }
}

/// Pinch to zoom the board (two fingers; Ctrl and the wheel, or a touchpad's pinch, with a
/// mouse): about the pinch's centre, from the board fitted (1×) to 4×, two fingers panning it
/// meanwhile; each level starts fitted. A pinch is never also a move: the drag its first
/// finger began is dropped.
pub(super) fn zoomed(
    ui: &egui::Ui,
    response: &egui::Response,
    level: (crate::app::GameKind, usize),
    fit: crate::app::paint::View,
    drag_start: &mut Option<[f32; 2]>,
) -> crate::app::paint::View {
    let id = egui::Id::unique("board zoom");
    let kept: Option<((crate::app::GameKind, usize), f32, egui::Vec2)> = ui.data(|d| d.get_temp(id));
    let (mut zoom, mut shift) = match kept {
        Some((l, zoom, shift)) if l == level => (zoom, shift),
        _ => (1.0, egui::Vec2::ZERO),
    };
    let rect = response.rect;
    let (delta, touch, pointer) = ui.input(|i| (i.zoom_delta(), i.multi_touch(), i.pointer.hover_pos()));
    let centre = touch.map(|t| t.center_pos).or(pointer).filter(|p| rect.contains(*p));
    if let Some(c) = centre {
        if touch.is_some() {
            *drag_start = None;
        }
        let place = |zoom: f32, shift: egui::Vec2| rect.center() + (fit.origin - rect.center()) * zoom + shift;
        let before = place(zoom, shift);
        let to = (zoom * delta).clamp(1.0, 4.0);
        let f = to / zoom;
        // The point under the pinch's centre stays there.
        let after = c + (before - c) * f + touch.map_or(egui::Vec2::ZERO, |t| t.translation_delta);
        zoom = to;
        shift = if zoom <= 1.0 { egui::Vec2::ZERO } else { after - place(zoom, egui::Vec2::ZERO) };
        // Never further than the board's own size off its place.
        let room = rect.size() * zoom;
        shift = shift.clamp(-room, room);
    }
    ui.data_mut(|d| d.insert_temp(id, (level, zoom, shift)));
    let origin = rect.center() + (fit.origin - rect.center()) * zoom + shift;
    crate::app::paint::View { scale: fit.scale * zoom, origin, ..fit }
}
