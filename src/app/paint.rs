//! The window's back end for [`Scene`]: the same shapes the raster exporter draws, painted
//! with egui. This is the only place scenes meet egui.

use crate::scene::{Ink, Point, Scene, Shape};
use egui::{Color32, Pos2, Rect, Stroke};

pub fn color(ink: Ink) -> Color32 {
    let [r, g, b] = ink.rgb();
    Color32::from_rgb(r, g, b)
}

/// How the window turns a board (JSoko's and Sokoban YASC's board transforms): mirrored left
/// to right first, then turned clockwise by `quarters` quarter turns. The 8 symmetries of a
/// square; only the view turns: the game, its moves and its files stay in the level's frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Turn {
    pub quarters: u8,
    pub mirror: bool,
}

impl Turn {
    /// A scene's size (`w` × `h`) as turned.
    pub fn size(self, w: f32, h: f32) -> (f32, f32) {
        if self.quarters % 2 == 1 { (h, w) } else { (w, h) }
    }

    /// A point of a `w` × `h` scene as the turned scene has it.
    pub fn apply(self, p: Point, w: f32, h: f32) -> Point {
        let ([mut x, mut y], mut w, mut h) = (p, w, h);
        if self.mirror {
            x = w - x;
        }
        for _ in 0..self.quarters % 4 {
            // A quarter turn clockwise: the left edge becomes the top.
            (x, y) = (h - y, x);
            (w, h) = (h, w);
        }
        let _ = w;
        [x, y]
    }

    /// The turned scene's point back in the `w` × `h` scene (the inverse of [`Turn::apply`]).
    pub fn back(self, p: Point, w: f32, h: f32) -> Point {
        let (mut tw, mut th) = self.size(w, h);
        let [mut x, mut y] = p;
        for _ in 0..self.quarters % 4 {
            (x, y) = (y, tw - x);
            (tw, th) = (th, tw);
        }
        if self.mirror {
            x = tw - x;
        }
        [x, y]
    }

    /// A step on screen (a unit vector) as a step in the level: what an arrow key means.
    pub fn step_back(self, v: Point) -> Point {
        // With no size, the mapping is its linear part alone.
        self.back(v, 0.0, 0.0)
    }

    /// The next of the 8: a quarter turn clockwise more.
    pub fn turned(self) -> Turn {
        Turn { quarters: (self.quarters + 1) % 4, ..self }
    }

    /// Mirrored left to right as seen: the mirror flips, and a quarter turn seen clockwise
    /// is then counter-clockwise in the level, so the turns so far are taken the other way.
    pub fn mirrored(self) -> Turn {
        Turn { quarters: (4 - self.quarters % 4) % 4, mirror: !self.mirror }
    }

    /// In words: "turned 90°, mirrored".
    pub fn words(self) -> String {
        match (self.quarters % 4, self.mirror) {
            (0, false) => "as the level has it".into(),
            (0, true) => "mirrored".into(),
            (q, false) => format!("turned {}°", q as u32 * 90),
            (q, true) => format!("mirrored, then turned {}°", q as u32 * 90),
        }
    }
}

/// Scene units to screen points inside a rectangle (uniform scale, centred), the scene turned
/// as [`Turn`] says.
#[derive(Debug, Clone, Copy)]
pub struct View {
    pub scale: f32,
    pub origin: Pos2,
    pub turn: Turn,
    /// The scene's own size (before it is turned).
    pub size: (f32, f32),
}

impl View {
    pub fn fit(scene: &Scene, rect: Rect) -> View {
        View::fit_turned(scene, rect, Turn::default())
    }

    pub fn fit_turned(scene: &Scene, rect: Rect, turn: Turn) -> View {
        let (w, h) = turn.size(scene.width, scene.height);
        let scale = (rect.width() / w).min(rect.height() / h);
        let origin =
            Pos2::new(rect.min.x + (rect.width() - w * scale) / 2.0, rect.min.y + (rect.height() - h * scale) / 2.0);
        View { scale, origin, turn, size: (scene.width, scene.height) }
    }

    pub fn to_screen(&self, p: Point) -> Pos2 {
        let [x, y] = self.turn.apply(p, self.size.0, self.size.1);
        Pos2::new(self.origin.x + x * self.scale, self.origin.y + y * self.scale)
    }

    pub fn to_scene(&self, p: Pos2) -> Point {
        let q = [(p.x - self.origin.x) / self.scale, (p.y - self.origin.y) / self.scale];
        self.turn.back(q, self.size.0, self.size.1)
    }
}

/// Paints a scene into `rect`; returns the mapping used.
pub fn paint(painter: &egui::Painter, rect: Rect, scene: &Scene) -> View {
    paint_turned(painter, rect, scene, Turn::default())
}

/// Paints a scene into `rect`, turned; returns the mapping used.
pub fn paint_turned(painter: &egui::Painter, rect: Rect, scene: &Scene, turn: Turn) -> View {
    paint_view(painter, scene, View::fit_turned(scene, rect, turn))
}

/// Paints a scene by a mapping of its own (the board zoomed); returns it.
pub fn paint_view(painter: &egui::Painter, scene: &Scene, view: View) -> View {
    let turn = view.turn;
    let bg = Rect::from_two_pos(view.to_screen([0.0, 0.0]), view.to_screen([scene.width, scene.height]));
    painter.rect_filled(bg, 0.0, color(scene.background));
    for shape in &scene.shapes {
        match shape {
            Shape::Quad { corners, ink, opacity } => {
                let mut pts: Vec<Pos2> = corners.iter().map(|&p| view.to_screen(p)).collect();
                // A mirror reverses the winding; the tessellator's edges want it as drawn.
                if turn.mirror {
                    pts.reverse();
                }
                painter.add(egui::Shape::convex_polygon(pts, color(*ink).gamma_multiply(*opacity), Stroke::NONE));
            }
            Shape::Text { centre, size, text, ink } => {
                // The export's face (egui's monospace is the same Hack), at the size the
                // export fits it to; centred on its point as the export centres it.
                let fitted = crate::font::fit(text, *size, scene.width * crate::render::raster::TEXT_ROOM);
                let px = (view.scale * fitted).max(1.0);
                painter.text(
                    view.to_screen(*centre),
                    egui::Align2::CENTER_CENTER,
                    text,
                    egui::FontId::monospace(px),
                    color(*ink),
                );
            }
        }
    }
    view
}

/// Outlines quads (the debugger's highlight of the cells a step touches).
pub fn outline(painter: &egui::Painter, view: &View, quads: &[[Point; 4]]) {
    for q in quads {
        let pts: Vec<Pos2> = q.iter().map(|&p| view.to_screen(p)).collect();
        painter.add(egui::Shape::closed_line(pts, Stroke::new(3.0, color(Ink::Highlight))));
    }
}

/// The cells of the shown step's cause: dashed, inset, in `colour`.
pub fn cause(painter: &egui::Painter, view: &View, quads: &[[Point; 4]], colour: Color32) {
    for q in quads {
        let c = [(q[0][0] + q[2][0]) / 2.0, (q[0][1] + q[2][1]) / 2.0];
        let inset = |p: Point| [c[0] + (p[0] - c[0]) * 0.78, c[1] + (p[1] - c[1]) * 0.78];
        let mut pts: Vec<Pos2> = q.iter().map(|&p| view.to_screen(inset(p))).collect();
        pts.push(pts[0]);
        let dash = (view.scale * 0.1).max(2.0);
        painter.extend(egui::Shape::dashed_line(&pts, Stroke::new(3.0, colour), dash, dash * 0.7));
    }
}

/// The cell the inspector shows: a thin solid ring in the selection's blue, outlined in black
/// so it shows on light and dark cells alike.
pub fn inspected(painter: &egui::Painter, view: &View, quad: &[Point; 4]) {
    let mut pts: Vec<Pos2> = quad.iter().map(|&p| view.to_screen(p)).collect();
    pts.push(pts[0]);
    painter.add(egui::Shape::line(pts.clone(), Stroke::new(4.0, Color32::BLACK)));
    painter.add(egui::Shape::line(pts, Stroke::new(2.0, SELECTION)));
}

/// The selection's colour: a blue far from the debugger's amber highlight (the window only;
/// exports never show a selection).
pub const SELECTION: Color32 = Color32::from_rgb(0x1e, 0x90, 0xff);

/// Marks the selected cell: a dashed ring in the selection colour, inset from the cell, so it
/// never reads as the debugger's solid highlight.
pub fn selection(painter: &egui::Painter, view: &View, quad: &[Point; 4]) {
    let inset = 0.08;
    let [a, _, c, _] = *quad;
    let (x0, y0, x1, y1) = (a[0] + inset, a[1] + inset, c[0] - inset, c[1] - inset);
    let pts = [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]].map(|p| view.to_screen(p));
    let stroke = Stroke::new(2.5, SELECTION);
    let dash = (view.scale * 0.16).max(3.0);
    painter.extend(egui::Shape::dashed_line(&pts, stroke, dash, dash * 0.6));
}

/// Marks the keyboard cursor's cell: a solid ring in the selection colour just outside the
/// cell (a held block's ring is dashed, inside it).
pub fn cursor(painter: &egui::Painter, view: &View, quad: &[Point; 4]) {
    let [a, _, c, _] = *quad;
    let r = Rect::from_min_max(view.to_screen(a), view.to_screen(c)).expand(1.0);
    painter.rect_stroke(r, 3.0, Stroke::new(3.0, SELECTION), egui::StrokeKind::Outside);
}

/// The hint's colour: the debugger's amber, drawn thicker and with a fill.
pub const HINT: Color32 = Color32::from_rgb(0xff, 0x8c, 0x00);

/// What the window lays over a board (hints, drags): each kind draws itself.
pub trait OverlayPainter {
    fn draw(&self, painter: &egui::Painter, view: &View);
}

pub fn overlays<O: OverlayPainter>(painter: &egui::Painter, view: &View, items: &[O]) {
    for o in items {
        o.draw(painter, view);
    }
}

/// The hint's cell: a thick ring and a faint fill.
pub fn hint_mark(painter: &egui::Painter, view: &View, q: &[Point; 4]) {
    let pts: Vec<Pos2> = q.iter().map(|&p| view.to_screen(p)).collect();
    painter.add(egui::Shape::convex_polygon(pts.clone(), HINT.gamma_multiply(0.18), Stroke::NONE));
    painter.add(egui::Shape::closed_line(pts, Stroke::new(4.0, HINT)));
}

/// An arrow from `a` to `b` (scene units), with a head.
pub fn arrow(painter: &egui::Painter, view: &View, a: Point, b: Point) {
    let (pa, pb) = (view.to_screen(a), view.to_screen(b));
    let d = pb - pa;
    let len = d.length().max(1e-3);
    let u = d / len;
    let n = egui::vec2(-u.y, u.x);
    let head = (view.scale * 0.3).min(len * 0.6);
    let width = (view.scale * 0.08).max(3.0);
    let tip = pb;
    let base = tip - u * head;
    painter.line_segment([pa, base], Stroke::new(width, HINT));
    painter.add(egui::Shape::convex_polygon(
        vec![tip, base + n * head * 0.6, base - n * head * 0.6],
        HINT,
        Stroke::NONE,
    ));
}

/// A block following the pointer: its colour, a little transparent.
pub fn ghost(painter: &egui::Painter, view: &View, q: &[Point; 4], ink: Ink, glyph: Option<usize>) {
    let pts: Vec<Pos2> = q.iter().map(|&p| view.to_screen(p)).collect();
    painter.add(egui::Shape::convex_polygon(pts, color(ink).gamma_multiply(0.85), Stroke::new(2.0, SELECTION)));
    // The block's glyph rides with it, drawn as the board draws it (a quarter of the cell).
    let Some(g) = glyph else { return };
    let (cx, cy) = ((q[0][0] + q[2][0]) / 2.0, (q[0][1] + q[2][1]) / 2.0);
    let mut sc = Scene::new(1.0, 1.0, Ink::Background);
    sc.glyph(g, cx, cy, 0.24, ink.on(), 1.0);
    for shape in &sc.shapes {
        if let Shape::Quad { corners, ink, .. } = shape {
            let mut pts: Vec<Pos2> = corners.iter().map(|&p| view.to_screen(p)).collect();
            if view.turn.mirror {
                pts.reverse();
            }
            painter.add(egui::Shape::convex_polygon(pts, color(*ink).gamma_multiply(0.85), Stroke::NONE));
        }
    }
}

/// A cell painted empty (the place a dragged block left).
pub fn cover(painter: &egui::Painter, view: &View, q: &[Point; 4]) {
    let pts: Vec<Pos2> = q.iter().map(|&p| view.to_screen(p)).collect();
    painter.add(egui::Shape::convex_polygon(pts, color(Ink::Cell), Stroke::NONE));
}

/// A dead square: a cross in the cell's middle, a box pushed there can never reach a goal.
pub fn dead(painter: &egui::Painter, view: &View, q: &[Point; 4]) {
    let c = [(q[0][0] + q[2][0]) / 2.0, (q[0][1] + q[2][1]) / 2.0];
    let r = 0.16;
    let stroke = Stroke::new((view.scale * 0.05).max(1.5), Color32::from_rgb(200, 70, 60));
    for (a, b) in [([-r, -r], [r, r]), ([-r, r], [r, -r])] {
        let (pa, pb) = (view.to_screen([c[0] + a[0], c[1] + a[1]]), view.to_screen([c[0] + b[0], c[1] + b[1]]));
        painter.line_segment([pa, pb], stroke);
    }
}

/// Small labels on cells (the shubbles' cell numbers), readable on any cell colour.
pub fn labels(painter: &egui::Painter, view: &View, items: &[(Point, String)]) {
    let size = (view.scale * 0.28).clamp(9.0, 18.0);
    for (p, text) in items {
        let at = view.to_screen(*p);
        let font = egui::FontId::proportional(size);
        let galley = painter.layout_no_wrap(text.clone(), font.clone(), Color32::WHITE);
        let r = Rect::from_center_size(at, galley.size() + egui::vec2(4.0, 0.0));
        painter.rect_filled(r, 3.0, Color32::from_black_alpha(150));
        painter.text(at, egui::Align2::CENTER_CENTER, text, font, Color32::WHITE);
    }
}

#[cfg(test)]
mod tests {
    use super::Turn;

    fn all() -> Vec<Turn> {
        (0..4).flat_map(|q| [false, true].map(|m| Turn { quarters: q, mirror: m })).collect()
    }

    #[test]
    fn the_eight_turns_are_eight_and_each_comes_back() {
        // A 4 × 2 scene: its corners (0,0) (4,0) (4,2) (0,2) and an inner point.
        let (w, h) = (4.0, 2.0);
        let pts = [[0.0, 0.0], [4.0, 0.0], [4.0, 2.0], [0.0, 2.0], [1.0, 0.5]];
        let mut seen = Vec::new();
        for t in all() {
            let (tw, th) = t.size(w, h);
            let image: Vec<[f32; 2]> = pts.iter().map(|&p| t.apply(p, w, h)).collect();
            for (&p, &q) in pts.iter().zip(&image) {
                assert!((0.0..=tw).contains(&q[0]) && (0.0..=th).contains(&q[1]), "{t:?} {p:?} -> {q:?}");
                assert_eq!(t.back(q, w, h), p, "{t:?}");
            }
            assert!(!seen.contains(&image), "{t:?} repeats another turn");
            seen.push(image);
        }
        // By hand: a quarter turn clockwise takes the top left corner to the top right of the
        // 2 × 4 picture, and the inner point (1, 0.5) to (1.5, 1); the mirror takes it to (3, 0.5).
        let q = Turn { quarters: 1, mirror: false };
        assert_eq!((q.apply([0.0, 0.0], w, h), q.apply([1.0, 0.5], w, h)), ([2.0, 0.0], [1.5, 1.0]));
        assert_eq!(Turn { quarters: 0, mirror: true }.apply([1.0, 0.5], w, h), [3.0, 0.5]);
    }

    #[test]
    fn turning_and_mirroring_walk_through_all_eight() {
        let mut t = Turn::default();
        let mut seen = vec![t];
        for k in 0..7 {
            t = if k == 3 { t.mirrored() } else { t.turned() };
            assert!(!seen.contains(&t), "{t:?}");
            seen.push(t);
        }
        // Three quarter turns, a mirror, three more: mirrored with no turn; mirrored again, back.
        assert_eq!(t, Turn { quarters: 0, mirror: true });
        assert_eq!(t.mirrored(), Turn::default());
        // Mirrored as seen: what was on the left of the screen is on the right, whatever the turn.
        for t in all() {
            let (w, h) = (4.0, 2.0);
            let (tw, _) = t.size(w, h);
            let p = [1.0, 0.5];
            let (a, b) = (t.apply(p, w, h), t.mirrored().apply(p, w, h));
            assert_eq!([tw - a[0], a[1]], b, "{t:?}");
        }
        // An arrow key's step: turned a quarter clockwise, screen down is the level's right.
        assert_eq!(Turn { quarters: 1, mirror: false }.step_back([0.0, 1.0]), [1.0, 0.0]);
    }
}
