//! What a frame shows, as plain shapes in board units with colours from one fixed palette.
//! The games' `scene` modules produce a [`Scene`]; the raster renderer (PNG, GIF) and the
//! window's painter both draw it, so there is one drawing of each game. No egui types here.
//!
//! Shared ground: depends on nothing in the crate but the rest of the ground (`grid`,
//! `scene`, `anim`, `error`, `input`, `cleanup`); every game may use it (a test checks).

/// A colour of the fixed palette, named for what it paints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ink {
    Background,
    Wall,
    WallEdge,
    Cell,
    GridLine,
    Shubble,
    Smole,
    Stot,
    /// Vexed block kinds, by index (0..8); more kinds reuse the colours.
    Block(u8),
    Floor,
    Goal,
    Crate,
    CrateOnGoal,
    Player,
    SquareWhite,
    SquareRed,
    SquareBlue,
    /// Stacks pieces, by number from 0.
    Piece(u8),
    Text,
    TextLight,
    Highlight,
    Flash,
}

pub const BLOCK_COLOURS: usize = 8;
pub const PIECE_COLOURS: usize = 10;

impl Ink {
    /// Every ink, in a fixed order (the start of every exported palette).
    pub fn all() -> Vec<Ink> {
        let mut v = vec![
            Ink::Background,
            Ink::Wall,
            Ink::WallEdge,
            Ink::Cell,
            Ink::GridLine,
            Ink::Shubble,
            Ink::Smole,
            Ink::Stot,
            Ink::Floor,
            Ink::Goal,
            Ink::Crate,
            Ink::CrateOnGoal,
            Ink::Player,
            Ink::SquareWhite,
            Ink::SquareRed,
            Ink::SquareBlue,
            Ink::Text,
            Ink::TextLight,
            Ink::Highlight,
            Ink::Flash,
        ];
        v.extend((0..BLOCK_COLOURS as u8).map(Ink::Block));
        v.extend((0..PIECE_COLOURS as u8).map(Ink::Piece));
        v
    }

    /// The colour as sRGB.
    pub fn rgb(self) -> [u8; 3] {
        match self {
            Ink::Background => [0xf4, 0xf1, 0xea],
            Ink::Wall => [0x5b, 0x5f, 0x66],
            Ink::WallEdge => [0x3a, 0x3d, 0x42],
            Ink::Cell => [0xff, 0xff, 0xff],
            Ink::GridLine => [0xb8, 0xbc, 0xc4],
            Ink::Shubble => [0x1f, 0x6f, 0xe0],
            Ink::Smole => [0xd9, 0x2b, 0x2b],
            Ink::Stot => [0x10, 0x10, 0x10],
            Ink::Block(k) => BLOCKS[k as usize % BLOCK_COLOURS],
            Ink::Floor => [0xd9, 0xdc, 0xe0],
            Ink::Goal => [0x3c, 0xb3, 0x71],
            Ink::Crate => [0xc0, 0x7a, 0x2c],
            Ink::CrateOnGoal => [0x2e, 0x8b, 0x57],
            Ink::Player => [0x2a, 0x4d, 0xb8],
            Ink::SquareWhite => [0xfa, 0xfa, 0xfa],
            Ink::SquareRed => [0xe5, 0x73, 0x73],
            Ink::SquareBlue => [0x64, 0x95, 0xed],
            Ink::Piece(k) => PIECES[k as usize % PIECE_COLOURS],
            Ink::Text => [0x14, 0x14, 0x14],
            Ink::TextLight => [0xff, 0xff, 0xff],
            Ink::Highlight => [0xff, 0xb3, 0x00],
            Ink::Flash => [0xff, 0xf6, 0xc8],
        }
    }
}

/// Block colours: the Okabe–Ito palette, chosen to stay distinct under the common kinds of
/// colour blindness (vermillion, blue, bluish green, orange, reddish purple, sky blue,
/// yellow, and a near black for the eighth). Each kind also carries a glyph
/// ([`Scene::glyph`]), so colour is never the only cue.
const BLOCKS: [[u8; 3]; BLOCK_COLOURS] = [
    [0xd5, 0x5e, 0x00],
    [0x00, 0x72, 0xb2],
    [0x00, 0x9e, 0x73],
    [0xe6, 0x9f, 0x00],
    [0xcc, 0x79, 0xa7],
    [0x56, 0xb4, 0xe9],
    [0xf0, 0xe4, 0x42],
    [0x33, 0x33, 0x33],
];

/// How many glyphs [`Scene::glyph`] draws.
pub const GLYPHS: usize = 8;
/// The cross of [`Scene::glyph`] (a smole, `x`).
pub const GLYPH_CROSS: usize = 4;
/// The hollow square of [`Scene::glyph`] (a shubble, `o`).
pub const GLYPH_RING: usize = 7;

impl Ink {
    /// The ink that reads on top of this one: white on dark colours, near black on light ones.
    pub fn on(self) -> Ink {
        let [r, g, b] = self.rgb();
        let luma = 0.2126 * r as f32 + 0.7152 * g as f32 + 0.0722 * b as f32;
        if luma > 140.0 { Ink::Text } else { Ink::TextLight }
    }
}

const PIECES: [[u8; 3]; PIECE_COLOURS] = [
    [0x26, 0x32, 0x38],
    [0x6d, 0x4c, 0x41],
    [0x4a, 0x14, 0x8c],
    [0x00, 0x60, 0x64],
    [0xbf, 0x36, 0x0c],
    [0x1b, 0x5e, 0x20],
    [0x88, 0x0e, 0x4f],
    [0x0d, 0x47, 0xa1],
    [0x82, 0x77, 0x17],
    [0x37, 0x47, 0x4f],
];

/// A point in board units (x right, y down).
pub type Point = [f32; 2];

/// One thing to draw. Later shapes paint over earlier ones.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A filled convex quadrilateral (corners in order), with an opacity from 0 to 1.
    Quad { corners: [Point; 4], ink: Ink, opacity: f32 },
    /// Text centred on `centre`, `size` board units tall.
    Text { centre: Point, size: f32, text: String, ink: Ink },
}

/// A frame: a view `width` x `height` board units, a background, and shapes.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    pub width: f32,
    pub height: f32,
    pub background: Ink,
    pub shapes: Vec<Shape>,
}

impl Scene {
    pub fn new(width: f32, height: f32, background: Ink) -> Scene {
        Scene { width, height, background, shapes: Vec::new() }
    }

    /// An axis-aligned rectangle.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, ink: Ink) {
        self.rect_alpha(x, y, w, h, ink, 1.0);
    }

    pub fn rect_alpha(&mut self, x: f32, y: f32, w: f32, h: f32, ink: Ink, opacity: f32) {
        self.shapes.push(Shape::Quad { corners: [[x, y], [x + w, y], [x + w, y + h], [x, y + h]], ink, opacity });
    }

    /// The outline of a rectangle, `t` units thick, inside the rectangle.
    pub fn outline(&mut self, x: f32, y: f32, w: f32, h: f32, t: f32, ink: Ink) {
        self.rect(x, y, w, t, ink);
        self.rect(x, y + h - t, w, t, ink);
        self.rect(x, y + t, t, h - 2.0 * t, ink);
        self.rect(x + w - t, y + t, t, h - 2.0 * t, ink);
    }

    pub fn quad(&mut self, corners: [Point; 4], ink: Ink, opacity: f32) {
        self.shapes.push(Shape::Quad { corners, ink, opacity });
    }

    /// The smallest rectangle holding every filled shape not in the background's ink (its
    /// top-left and bottom-right corners): where the level is drawn, without the margin or, on
    /// a board whose background is its walls (Vexed), the walls around it. Texts sit on cells
    /// and are not counted. `None` for a scene of background alone.
    pub fn content_bounds(&self) -> Option<[Point; 2]> {
        let mut corners = self.shapes.iter().flat_map(|s| match s {
            Shape::Quad { corners, ink, opacity } if *ink != self.background && *opacity > 0.0 => corners.to_vec(),
            _ => vec![],
        });
        let first = corners.next()?;
        Some(corners.fold([first, first], |[lo, hi], p| {
            [[lo[0].min(p[0]), lo[1].min(p[1])], [hi[0].max(p[0]), hi[1].max(p[1])]]
        }))
    }

    pub fn text(&mut self, centre: Point, size: f32, text: impl Into<String>, ink: Ink) {
        self.shapes.push(Shape::Text { centre, size, text: text.into(), ink });
    }

    /// One of [`GLYPHS`] simple shapes (square, diamond, triangle, plus, cross
    /// ([`GLYPH_CROSS`]), triangle down, bars, hollow square ([`GLYPH_RING`])), centred on
    /// `(cx, cy)` within radius `r`, built of convex quads.
    pub fn glyph(&mut self, index: usize, cx: f32, cy: f32, r: f32, ink: Ink, opacity: f32) {
        let q = |sc: &mut Scene, pts: [Point; 4]| sc.quad(pts.map(|[x, y]| [cx + x * r, cy + y * r]), ink, opacity);
        let t = 0.28; // bar half-thickness
        match index % GLYPHS {
            0 => q(self, [[-0.62, -0.62], [0.62, -0.62], [0.62, 0.62], [-0.62, 0.62]]),
            1 => q(self, [[0.0, -0.9], [0.9, 0.0], [0.0, 0.9], [-0.9, 0.0]]),
            2 => q(self, [[0.0, -0.85], [0.0, -0.85], [0.9, 0.7], [-0.9, 0.7]]),
            3 => {
                q(self, [[-0.85, -t], [0.85, -t], [0.85, t], [-0.85, t]]);
                q(self, [[-t, -0.85], [t, -0.85], [t, 0.85], [-t, 0.85]]);
            }
            4 => {
                let (a, b) = (0.6, t * std::f32::consts::FRAC_1_SQRT_2);
                q(self, [[-a - b, -a + b], [-a + b, -a - b], [a + b, a - b], [a - b, a + b]]);
                q(self, [[a - b, -a - b], [a + b, -a + b], [-a + b, a + b], [-a - b, a - b]]);
            }
            5 => q(self, [[-0.9, -0.7], [0.9, -0.7], [0.0, 0.85], [0.0, 0.85]]),
            6 => {
                q(self, [[-0.8, -0.6], [0.8, -0.6], [0.8, -0.1], [-0.8, -0.1]]);
                q(self, [[-0.8, 0.1], [0.8, 0.1], [0.8, 0.6], [-0.8, 0.6]]);
            }
            _ => {
                // A hollow square: four bars. Edges that only meet show a hairline seam where
                // their anti-aliased edges add up: the side bars reach a little into the top
                // and bottom ones (the overlap, under a twentieth of the bar, shows nowhere).
                let (o, i, e) = (0.8, 0.45, 0.06);
                q(self, [[-o, -o], [o, -o], [o, -i], [-o, -i]]);
                q(self, [[-o, i], [o, i], [o, o], [-o, o]]);
                q(self, [[-o, -i - e], [-i, -i - e], [-i, i + e], [-o, i + e]]);
                q(self, [[i, -i - e], [o, -i - e], [o, i + e], [i, i + e]]);
            }
        }
    }
}

/// A rigid transform of board units: rotation by `angle` (radians, clockwise on screen) about
/// `pivot`, then a translation.
#[derive(Debug, Clone, Copy)]
pub struct Transform {
    pub pivot: Point,
    pub angle: f32,
    pub offset: Point,
}

impl Transform {
    pub fn apply(&self, p: Point) -> Point {
        let (s, c) = self.angle.sin_cos();
        let x = p[0] - self.pivot[0];
        let y = p[1] - self.pivot[1];
        // With y pointing down, this turns clockwise on screen for a positive angle.
        [self.pivot[0] + x * c - y * s + self.offset[0], self.pivot[1] + x * s + y * c + self.offset[1]]
    }

    /// The four corners of an axis-aligned box-frame rectangle, transformed.
    pub fn rect(&self, x: f32, y: f32, w: f32, h: f32) -> [Point; 4] {
        [self.apply([x, y]), self.apply([x + w, y]), self.apply([x + w, y + h]), self.apply([x, y + h])]
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn content_bounds_leave_out_the_background_and_texts() {
        let mut sc = super::Scene::new(10.0, 8.0, super::Ink::Wall);
        assert_eq!(sc.content_bounds(), None);
        sc.rect(1.0, 2.0, 1.0, 1.0, super::Ink::Wall);
        sc.text([9.0, 7.5], 1.0, "far", super::Ink::Text);
        assert_eq!(sc.content_bounds(), None, "the background's ink and a text are not content");
        sc.rect(2.0, 3.0, 1.0, 1.0, super::Ink::Cell);
        sc.quad([[5.0, 1.0], [6.0, 1.5], [5.5, 4.0], [4.5, 2.0]], super::Ink::Goal, 1.0);
        assert_eq!(sc.content_bounds(), Some([[2.0, 1.0], [6.0, 4.0]]));
    }

    use super::*;

    /// sRGB to CIE L*a*b* (D65), after simulating a dichromat's view with Machado, Oliveira and
    /// Fernandes's (2009) full-severity matrices on linear RGB.
    fn seen(rgb: [u8; 3], m: &[[f32; 3]; 3]) -> [f32; 3] {
        let lin = |c: u8| {
            let c = c as f32 / 255.0;
            if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        let l = rgb.map(lin);
        let s: Vec<f32> = (0..3).map(|i| (m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]).clamp(0.0, 1.0)).collect();
        let x = 0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2];
        let y = 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2];
        let z = 0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2];
        let f = |t: f32| if t > 0.008856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
        let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    #[test]
    fn block_colours_stay_apart_for_colour_blind_eyes() {
        let views: [(&str, [[f32; 3]; 3]); 4] = [
            ("normal", [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
            (
                "protanopia",
                [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
            ),
            (
                "deuteranopia",
                [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
            ),
            (
                "tritanopia",
                [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
            ),
        ];
        for (name, m) in views {
            for (a, &ca) in BLOCKS.iter().enumerate() {
                for (b, &cb) in BLOCKS.iter().enumerate().skip(a + 1) {
                    let (p, q) = (seen(ca, &m), seen(cb, &m));
                    let d = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt();
                    // CIE76 difference; about 2 is just noticeable, 15 is plainly different.
                    assert!(d > 15.0, "{name}: block colours {a} and {b} differ by only {d:.1}");
                }
            }
        }
    }

    #[test]
    fn glyphs_read_on_their_blocks() {
        for k in 0..BLOCK_COLOURS as u8 {
            let ink = Ink::Block(k);
            let [r, g, b] = ink.rgb();
            let [fr, fg, fb] = ink.on().rgb();
            let luma = |r: u8, g: u8, b: u8| 0.2126 * r as f32 + 0.7152 * g as f32 + 0.0722 * b as f32;
            assert!((luma(r, g, b) - luma(fr, fg, fb)).abs() > 60.0, "block colour {k}: its glyph does not stand out");
        }
        let mut sc = Scene::new(2.0, 2.0, Ink::Background);
        for i in 0..GLYPHS {
            sc.glyph(i, 1.0, 1.0, 0.5, Ink::Text, 1.0);
        }
        assert!(sc.shapes.len() >= GLYPHS);
    }
}
