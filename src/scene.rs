//! What a frame shows, as plain shapes in board units with colours from one fixed palette.
//! The games' `scene` modules produce a [`Scene`]; the raster renderer (PNG, GIF) and the
//! window's painter both draw it, so there is one drawing of each game. No egui types here.

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
            Ink::Floor => [0xe8, 0xe2, 0xd0],
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

const BLOCKS: [[u8; 3]; BLOCK_COLOURS] = [
    [0xe0, 0x3c, 0x31],
    [0x2f, 0x80, 0xed],
    [0x27, 0xae, 0x60],
    [0xf2, 0xb1, 0x34],
    [0x9b, 0x51, 0xe0],
    [0x16, 0xa0, 0x85],
    [0xe8, 0x6a, 0xa6],
    [0x8b, 0x5a, 0x2b],
];

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

    pub fn text(&mut self, centre: Point, size: f32, text: impl Into<String>, ink: Ink) {
        self.shapes.push(Shape::Text { centre, size, text: text.into(), ink });
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
