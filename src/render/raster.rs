//! Scene to indexed image, without a window or GPU. Colours stay palette indices end to end:
//! each pixel holds an index into one [`Palette`] shared by every frame of an export. Edges
//! and fades are anti-aliased onto a fixed ramp of [`LEVELS`] - 1 blends between the shape's
//! ink and the colour under it, so no quantisation is ever needed.
//!
//! Convex quads are scan-converted row by row: the span where every edge is at least half a
//! pixel inside is filled directly; only the fringe pixels get a coverage estimate
//! (signed distance to the nearest edge + 1/2, clamped).

use crate::scene::{Ink, Point, Scene, Shape};
use hashbrown::HashMap;

/// How much of a scene's width a text may take (it is set smaller beyond).
pub const TEXT_ROOM: f32 = crate::font::TEXT_ROOM;

/// Blend levels: a blend is `level / LEVELS` of the foreground.
pub const LEVELS: u8 = 8;

/// One palette entry: a base ink, or a blend of two inks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entry {
    Ink(Ink),
    Blend { fg: Ink, bg: Ink, level: u8 },
}

/// A palette shared by all frames: every base ink first, then blends as they are needed.
/// At most 255 entries (the 256th index is kept free for GIF transparency).
#[derive(Debug, Clone)]
pub struct Palette {
    entries: Vec<Entry>,
    index: HashMap<Entry, u8>,
    /// Blends of the base inks already looked up, by (fg, bg, level) of [`ink_slot`]s
    /// ([`NO_BLEND`]: not yet): drawing asks for the same few blends again and again.
    blends: Vec<u8>,
}

/// The base inks ([`Ink::all`]), each at its index in every palette.
const BASE: usize = 38;
/// Not yet in [`Palette::blends`] (an index no entry has: there are at most 255).
const NO_BLEND: u8 = 255;

/// A base ink's place in [`Ink::all`] (and so its palette index), if it is one.
fn ink_slot(ink: Ink) -> Option<usize> {
    Some(match ink {
        Ink::Background => 0,
        Ink::Wall => 1,
        Ink::WallEdge => 2,
        Ink::Cell => 3,
        Ink::GridLine => 4,
        Ink::Shubble => 5,
        Ink::Smole => 6,
        Ink::Stot => 7,
        Ink::Floor => 8,
        Ink::Goal => 9,
        Ink::Crate => 10,
        Ink::CrateOnGoal => 11,
        Ink::Player => 12,
        Ink::SquareWhite => 13,
        Ink::SquareRed => 14,
        Ink::SquareBlue => 15,
        Ink::Text => 16,
        Ink::TextLight => 17,
        Ink::Highlight => 18,
        Ink::Flash => 19,
        Ink::Block(k) if (k as usize) < crate::scene::BLOCK_COLOURS => 20 + k as usize,
        Ink::Piece(k) if (k as usize) < crate::scene::PIECE_COLOURS => 28 + k as usize,
        _ => return None,
    })
}

pub const MAX_ENTRIES: usize = 255;

impl Default for Palette {
    fn default() -> Self {
        Palette::new()
    }
}

impl Palette {
    pub fn new() -> Palette {
        let mut p = Palette {
            entries: Vec::new(),
            index: HashMap::new(),
            blends: vec![NO_BLEND; BASE * BASE * LEVELS as usize],
        };
        for ink in Ink::all() {
            p.add(Entry::Ink(ink));
        }
        debug_assert!(Ink::all().iter().enumerate().all(|(i, &k)| ink_slot(k) == Some(i)));
        p
    }

    fn add(&mut self, e: Entry) -> Option<u8> {
        if let Some(&i) = self.index.get(&e) {
            return Some(i);
        }
        if self.entries.len() >= MAX_ENTRIES {
            return None;
        }
        let i = self.entries.len() as u8;
        self.entries.push(e);
        self.index.insert(e, i);
        Some(i)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn ink(&self, ink: Ink) -> u8 {
        match ink_slot(ink) {
            Some(i) => i as u8,
            None => self.index[&Entry::Ink(ink)],
        }
    }

    /// The ink a pixel mostly shows (a blend counts as its larger part).
    pub fn dominant(&self, i: u8) -> Ink {
        match self.entries[i as usize] {
            Entry::Ink(k) => k,
            Entry::Blend { fg, bg, level } => {
                if level * 2 >= LEVELS {
                    fg
                } else {
                    bg
                }
            }
        }
    }

    /// The index for `level / LEVELS` of `fg` over `bg`; when the palette is full, the nearer
    /// of the two.
    pub fn blend(&mut self, fg: Ink, bg: Ink, level: u8) -> u8 {
        if level == 0 || fg == bg {
            return self.ink(bg);
        }
        if level >= LEVELS {
            return self.ink(fg);
        }
        let slot = match (ink_slot(fg), ink_slot(bg)) {
            (Some(f), Some(b)) => Some((f * BASE + b) * LEVELS as usize + level as usize),
            _ => None,
        };
        if let Some(s) = slot
            && self.blends[s] != NO_BLEND
        {
            return self.blends[s];
        }
        let i = self
            .add(Entry::Blend { fg, bg, level })
            .unwrap_or_else(|| if level * 2 >= LEVELS { self.ink(fg) } else { self.ink(bg) });
        if let Some(s) = slot {
            self.blends[s] = i;
        }
        i
    }

    /// For each index, the first index of the same colour (two blends can come out the same).
    pub fn first_of_colour(&self, from: &mut Vec<u8>, seen: &mut HashMap<[u8; 3], u8>) {
        for i in from.len()..self.entries.len() {
            let c = self.rgb(i as u8);
            from.push(*seen.entry(c).or_insert(i as u8));
        }
    }

    pub fn rgb(&self, i: u8) -> [u8; 3] {
        match self.entries[i as usize] {
            Entry::Ink(k) => k.rgb(),
            Entry::Blend { fg, bg, level } => {
                let (f, b) = (fg.rgb(), bg.rgb());
                let a = level as u32;
                let n = LEVELS as u32;
                std::array::from_fn(|c| ((f[c] as u32 * a + b[c] as u32 * (n - a) + n / 2) / n) as u8)
            }
        }
    }

    /// Adds another palette's entries (in its order); returns the index map from `other`'s
    /// indices to this palette's. Used to merge frames rendered in parallel, deterministically.
    pub fn absorb(&mut self, other: &Palette) -> Vec<u8> {
        other
            .entries
            .iter()
            .map(|&e| {
                self.add(e).unwrap_or_else(|| match e {
                    Entry::Ink(k) => self.ink(k),
                    Entry::Blend { fg, bg, level } => self.ink(if level * 2 >= LEVELS { fg } else { bg }),
                })
            })
            .collect()
    }

    /// Flat RGB triples, for a GIF global colour table.
    pub fn rgb_table(&self) -> Vec<u8> {
        (0..self.entries.len()).flat_map(|i| self.rgb(i as u8)).collect()
    }
}

/// An image of palette indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Indexed {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
}

impl Indexed {
    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }

    /// Rewrites every pixel through an index map (see [`Palette::absorb`]; an index past its
    /// end stays). A map that moves few indices (a frame drawn on the shared palette: the
    /// colours new in its batch and the duplicates of [`Palette::first_of_colour`]) is applied
    /// one moved index at a time, a compare and a select over a stretch of pixels; and a
    /// stretch whose pixels are all below the first index moved is left as it is.
    pub fn remap(&mut self, map: &[u8]) {
        let table: [u8; 256] = std::array::from_fn(|i| map.get(i).copied().unwrap_or(i as u8));
        let moves: Vec<(u8, u8)> =
            table.iter().enumerate().filter(|&(i, &m)| i != m as usize).map(|(i, &m)| (i as u8, m)).collect();
        let Some(&(lowest, _)) = moves.first() else {
            return;
        };
        const STRETCH: usize = 64;
        let mut chunks = self.pixels.chunks_exact_mut(STRETCH);
        for chunk in &mut chunks {
            let chunk: &mut [u8; STRETCH] = chunk.try_into().expect("a whole stretch");
            if chunk.iter().fold(0u8, |m, &p| m.max(p)) < lowest {
                continue;
            }
            if moves.len() > 8 {
                chunk.iter_mut().for_each(|p| *p = table[*p as usize]);
                continue;
            }
            let was = *chunk;
            for &(from, to) in &moves {
                for (p, &w) in chunk.iter_mut().zip(was.iter()) {
                    *p = if w == from { to } else { *p };
                }
            }
        }
        chunks.into_remainder().iter_mut().for_each(|p| *p = table[*p as usize]);
    }

    pub fn to_rgb(&self, palette: &Palette) -> Vec<u8> {
        let table: Vec<[u8; 3]> = (0..palette.len()).map(|i| palette.rgb(i as u8)).collect();
        self.pixels.iter().flat_map(|&i| table[i as usize]).collect()
    }
}

/// Where board units land in the image: uniform scale, centred.
#[derive(Debug, Clone, Copy)]
pub struct Viewport {
    pub scale: f32,
    pub offset: [f32; 2],
}

impl Viewport {
    pub fn fit(scene: &Scene, width: usize, height: usize) -> Viewport {
        let scale = (width as f32 / scene.width).min(height as f32 / scene.height);
        Viewport {
            scale,
            offset: [(width as f32 - scene.width * scale) / 2.0, (height as f32 - scene.height * scale) / 2.0],
        }
    }

    pub fn to_pixels(&self, p: Point) -> Point {
        [p[0] * self.scale + self.offset[0], p[1] * self.scale + self.offset[1]]
    }

    /// The pixel holding a board point.
    pub fn pixel(&self, p: Point) -> (usize, usize) {
        let q = self.to_pixels(p);
        (q[0].max(0.0) as usize, q[1].max(0.0) as usize)
    }
}

/// Renders a scene into a `width` x `height` indexed image.
pub fn render(scene: &Scene, width: usize, height: usize, palette: &mut Palette) -> Indexed {
    // Written, not allocated zeroed: a zeroed allocation is the kernel's shared zero page until
    // written, so drawing's read then write would fault twice a page (the second with a TLB
    // flush on every core).
    let mut pixels = Vec::with_capacity(width * height);
    pixels.resize(width * height, palette.ink(scene.background));
    let mut img = Indexed { width, height, pixels };
    let vp = Viewport::fit(scene, width, height);
    for shape in &scene.shapes {
        match shape {
            Shape::Quad { corners, ink, opacity } => {
                let px = corners.map(|p| vp.to_pixels(p));
                fill_quad(&mut img, palette, px, *ink, *opacity);
            }
            Shape::Text { centre, size, text, ink } => {
                draw_text(&mut img, palette, &vp, *centre, *size, scene.width * TEXT_ROOM, text, *ink);
            }
        }
    }
    img
}

/// `x.round() as u8` for a level (0 to 255, or a NaN: 0), without the C library's `roundf`
/// (a call per fringe pixel): the same value, halves rounded up.
#[inline]
fn round_level(x: f32) -> u8 {
    let i = x as u8;
    // Without a branch: whether a fringe pixel rounds up is a coin toss to the predictor.
    i.saturating_add((x - i as f32 >= 0.5) as u8)
}

/// `x.floor()` without the C library's `floorf` (a call per row of every quad): the same
/// value (a zero's sign aside), whole numbers, NaN and infinities included.
#[inline]
fn floor(x: f32) -> f32 {
    if x.is_nan() || x.abs() >= 8_388_608.0 {
        return x; // whole already (2^23 and beyond), or not a number
    }
    let i = x as i32 as f32;
    if i > x { i - 1.0 } else { i }
}

/// `x.ceil()`, as [`floor`].
#[inline]
fn ceil(x: f32) -> f32 {
    if x.is_nan() || x.abs() >= 8_388_608.0 {
        return x;
    }
    let i = x as i32 as f32;
    if i < x { i + 1.0 } else { i }
}

/// Fills a convex quad given in pixel coordinates.
fn fill_quad(img: &mut Indexed, palette: &mut Palette, pts: [Point; 4], ink: Ink, opacity: f32) {
    if opacity <= 0.0 {
        return;
    }
    // Signed area decides the winding; edges become (a, b, c) with a*x + b*y + c >= 0 inside,
    // (a, b) of unit length so the value is a distance in pixels.
    let area: f32 = (0..4)
        .map(|i| {
            let (p, q) = (pts[i], pts[(i + 1) % 4]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum();
    if area.abs() < 1e-3 {
        return;
    }
    let sign = area.signum();
    let mut edges = [[0f32; 3]; 4];
    for i in 0..4 {
        let (p, q) = (pts[i], pts[(i + 1) % 4]);
        let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1e-6 {
            edges[i] = [0.0, 0.0, 1e6];
            continue;
        }
        let (a, b) = (-dy * sign / len, dx * sign / len);
        edges[i] = [a, b, -(a * p[0] + b * p[1])];
    }
    let ymin = (floor(pts.iter().map(|p| p[1]).fold(f32::MAX, f32::min)) as isize).max(0);
    let ymax = (ceil(pts.iter().map(|p| p[1]).fold(f32::MIN, f32::max)) as isize).min(img.height as isize - 1);
    let xlimit = img.width as f32 - 1.0;
    let fg_index = palette.ink(ink);
    for y in ymin..=ymax {
        let y = y as usize;
        let yc = y as f32 + 0.5;
        // Intervals of pixel centres: any coverage (d > -0.5) and full coverage (d >= 0.5).
        let (mut lo, mut hi) = (0.0f32, xlimit + 0.5);
        let (mut flo, mut fhi) = (0.0f32, xlimit + 0.5);
        let mut empty = false;
        // The least distance to an edge along the row (the same at every pixel of it).
        let mut along = f32::MAX;
        for &[a, b, c] in &edges {
            let e = b * yc + c;
            if a.abs() < 1e-6 {
                if e <= -0.5 {
                    empty = true;
                }
                along = along.min(e);
                continue;
            }
            let any = (-0.5 - e) / a;
            let full = (0.5 - e) / a;
            if a > 0.0 {
                lo = lo.max(any);
                flo = flo.max(full);
            } else {
                hi = hi.min(any);
                fhi = fhi.min(full);
            }
        }
        if empty || lo > hi {
            continue;
        }
        let x0 = floor(lo - 0.5).max(0.0) as usize;
        let x1 = (ceil(hi - 0.5) as isize).min(img.width as isize - 1);
        if x1 < 0 {
            continue;
        }
        let row = y * img.width;
        let x1 = x1 as usize;
        // Pixels whose centres lie in [flo, fhi] are at least half a pixel inside every edge
        // across the row, so their distance is the least along it (or half a pixel): one
        // level for the whole span, as each pixel would work it out.
        let (f0, f1) = if flo <= fhi {
            ((ceil(flo - 0.5).max(x0 as f32)) as usize, (floor(fhi - 0.5).min(x1 as f32)) as isize)
        } else {
            (x1 + 1, x1 as isize)
        };
        let span_level = round_level((along.min(0.5) + 0.5).clamp(0.0, 1.0) * opacity * LEVELS as f32);
        let mut x = x0;
        while x <= x1 {
            if x == f0 && f1 >= f0 as isize {
                let span = &mut img.pixels[row + f0..=row + f1 as usize];
                if span_level >= LEVELS {
                    span.fill(fg_index);
                } else if span_level > 0 {
                    // Neighbours mostly lie over the same index: one blend for a run of them.
                    let mut last = None;
                    for px in span {
                        let to = match last {
                            Some((from, to)) if from == *px => to,
                            _ => palette.blend(ink, palette.dominant(*px), span_level),
                        };
                        last = Some((*px, to));
                        *px = to;
                    }
                }
                x = f1 as usize + 1;
                continue;
            }
            let xc = x as f32 + 0.5;
            let d = edges.iter().map(|&[a, b, c]| a * xc + b * yc + c).fold(f32::MAX, f32::min);
            let level = round_level((d + 0.5).clamp(0.0, 1.0) * opacity * LEVELS as f32);
            if level > 0 {
                let px = &mut img.pixels[row + x];
                *px = if level >= LEVELS {
                    fg_index
                } else {
                    let under = palette.dominant(*px);
                    palette.blend(ink, under, level)
                };
            }
            x += 1;
        }
    }
}

/// A scene's text in the one face ([`crate::font`]), anti-aliased onto the palette's ramp;
/// set smaller when it would be wider than `room` (board units).
#[allow(clippy::too_many_arguments)]
fn draw_text(
    img: &mut Indexed,
    palette: &mut Palette,
    vp: &Viewport,
    centre: Point,
    size: f32,
    room: f32,
    text: &str,
    ink: Ink,
) {
    let size = crate::font::fit(text, size, room);
    let fg = palette.ink(ink);
    let (w, h) = (img.width as i64, img.height as i64);
    crate::font::rasterize(text, size * vp.scale, vp.to_pixels(centre), |x, y, cov| {
        if x < 0 || y < 0 || x >= w || y >= h {
            return;
        }
        let level = round_level(cov.clamp(0.0, 1.0) * LEVELS as f32);
        if level == 0 {
            return;
        }
        let px = &mut img.pixels[(y * w + x) as usize];
        *px = if level >= LEVELS {
            fg
        } else {
            let under = palette.dominant(*px);
            palette.blend(ink, under, level)
        };
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A quad drawn pixel by pixel from the definition: a pixel's distance inside the quad is
    /// the least over its edges (a signed distance from each edge's line), its coverage that
    /// distance plus a half, clamped to 0..1, times the opacity, on the ramp; rows from the
    /// one holding the highest corner to the one holding the lowest.
    fn quad_by_pixel(img: &mut Indexed, palette: &mut Palette, pts: [Point; 4], ink: Ink, opacity: f32) {
        let area: f32 = (0..4).map(|i| pts[i][0] * pts[(i + 1) % 4][1] - pts[(i + 1) % 4][0] * pts[i][1]).sum();
        if opacity <= 0.0 || area.abs() < 1e-3 {
            return;
        }
        let top = pts.iter().map(|p| p[1]).fold(f32::MAX, f32::min).floor();
        let bottom = pts.iter().map(|p| p[1]).fold(f32::MIN, f32::max).ceil();
        for y in (0..img.height).filter(|&y| (top..=bottom).contains(&(y as f32))) {
            for x in 0..img.width {
                let (xc, yc) = (x as f32 + 0.5, y as f32 + 0.5);
                let mut d = f32::MAX;
                for i in 0..4 {
                    let (p, q) = (pts[i], pts[(i + 1) % 4]);
                    let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
                    let len = (dx * dx + dy * dy).sqrt();
                    if len < 1e-6 {
                        continue;
                    }
                    let (a, b) = (-dy * area.signum() / len, dx * area.signum() / len);
                    d = d.min(a * xc + b * yc + -(a * p[0] + b * p[1]));
                }
                let level = round_level((d + 0.5).clamp(0.0, 1.0) * opacity * LEVELS as f32);
                let px = &mut img.pixels[y * img.width + x];
                if level >= LEVELS {
                    *px = palette.ink(ink);
                } else if level > 0 {
                    *px = palette.blend(ink, palette.dominant(*px), level);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Spans of one level (full, or along a level edge) and fringe pixels worked out one
        /// by one give the picture the definition gives, over a striped ground, for rectangles
        /// on and off the pixel grid, turned quads and translucent ones (exact in 100 000 cases).
        #[test]
        fn a_quad_is_drawn_as_its_definition_draws_it(
            x in -5.0f32..40.0, y in -5.0f32..30.0, w in 0.0f32..30.0, h in 0.0f32..25.0,
            turn in prop_oneof![Just(0.0f32), 0.0f32..6.3], whole in any::<bool>(),
            opacity in prop_oneof![Just(1.0f32), 0.0f32..1.0],
        ) {
            let (x, y, w, h) = if whole { (x.round(), y.round(), w.round(), h.round()) } else { (x, y, w, h) };
            let (cx, cy) = (x + w / 2.0, y + h / 2.0);
            let (sin, cos) = turn.sin_cos();
            let pts = [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
                .map(|[px, py]| [cx + (px - cx) * cos - (py - cy) * sin, cy + (px - cx) * sin + (py - cy) * cos]);
            let mut palette = Palette::new();
            let ground = [palette.ink(Ink::Cell), palette.ink(Ink::Wall), palette.ink(Ink::GridLine)];
            let pixels = (0..40 * 30).map(|i| ground[(i / 7) % 3]).collect();
            let mut fast = Indexed { width: 40, height: 30, pixels };
            let original = fast.clone();
            fill_quad(&mut fast, &mut palette, pts, Ink::Goal, opacity);
            let rgb = |img: &Indexed, p: &Palette| img.pixels.iter().map(|&i| p.rgb(i)).collect::<Vec<_>>();
            let drawn = rgb(&fast, &palette);
            let (mut img, mut p) = (original, Palette::new());
            quad_by_pixel(&mut img, &mut p, pts, Ink::Goal, opacity);
            prop_assert!(drawn == rgb(&img, &p));
        }
    }

    #[test]
    fn a_text_wider_than_its_scene_is_set_smaller_and_stays_inside() {
        // A caption longer than a narrow board: every lit pixel inside the picture's columns
        // with a margin, and the text still drawn (not dropped).
        let mut s = Scene::new(3.0, 1.0, Ink::Cell);
        s.text([1.5, 0.5], 0.6, "move 10/12  (b,1,3,L)", Ink::Text);
        let mut p = Palette::new();
        let img = render(&s, 300, 100, &mut p);
        let cell = p.ink(Ink::Cell);
        let lit: Vec<(usize, usize)> =
            (0..100).flat_map(|y| (0..300).map(move |x| (x, y))).filter(|&(x, y)| img.get(x, y) != cell).collect();
        assert!(lit.len() > 300, "{} pixels lit", lit.len());
        let (lo, hi) = lit.iter().fold((usize::MAX, 0), |(a, b), &(x, _)| (a.min(x), b.max(x)));
        assert!(lo >= 4 && hi <= 295, "{lo}..{hi}");
    }

    #[test]
    fn remap_sends_every_pixel_through_the_map() {
        let mut x = 0x9e37_79b9u32;
        let mut rnd = move || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        // Maps that move nothing, a few indices (some onto each other) or many; pixels mostly
        // low indices with stretches of high ones; sizes with and without a partial stretch.
        for moved in [0usize, 1, 2, 5, 8, 9, 40, 200] {
            for len in [1usize, 63, 64, 65, 1000, 4099] {
                let mut map: Vec<u8> = (0..=200u8).collect();
                for _ in 0..moved {
                    let i = (rnd() % 201) as usize;
                    map[i] = (rnd() % 256) as u8;
                }
                let pixels: Vec<u8> =
                    (0..len).map(|_| if rnd() % 4 == 0 { (rnd() % 256) as u8 } else { (rnd() % 24) as u8 }).collect();
                let mut img = Indexed { width: len, height: 1, pixels: pixels.clone() };
                img.remap(&map);
                let want: Vec<u8> = pixels.iter().map(|&p| map.get(p as usize).copied().unwrap_or(p)).collect();
                assert_eq!(img.pixels, want, "{moved} moved, {len} pixels");
            }
        }
    }

    #[test]
    fn floor_and_ceil_as_the_library_does() {
        let mut x = 0x1234_5678u32;
        let mut values = vec![0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 8_388_607.5, -8_388_607.5, 8_388_608.0, 1e30, -1e30];
        values.extend([f32::INFINITY, f32::NEG_INFINITY, f32::MAX, f32::MIN, f32::MIN_POSITIVE, f32::EPSILON]);
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            values.push(f32::from_bits(x));
            values.push((x % 2_000_000) as f32 / 1000.0 - 1000.0);
        }
        for v in values {
            if v.is_nan() {
                assert!(floor(v).is_nan() && ceil(v).is_nan());
                continue;
            }
            // Equal as numbers (0.0 == -0.0: every use casts to an integer).
            assert_eq!(floor(v), v.floor(), "floor {v}");
            assert_eq!(ceil(v), v.ceil(), "ceil {v}");
        }
    }

    #[test]
    fn levels_round_as_round_does() {
        let mut x = 0.0f32;
        while x < 300.0 {
            for v in [x, x + 0.5, f32::from_bits((x + 0.5).to_bits() - 1), f32::from_bits((x + 0.5).to_bits() + 1)] {
                assert_eq!(round_level(v), v.round() as u8, "{v}");
            }
            x += 0.25;
        }
        assert_eq!(round_level(f32::NAN), 0);
    }

    #[test]
    fn axis_aligned_rect_is_exact_on_pixel_edges() {
        let mut s = Scene::new(10.0, 10.0, Ink::Background);
        s.rect(2.0, 3.0, 4.0, 5.0, Ink::Wall);
        let mut p = Palette::new();
        let img = render(&s, 10, 10, &mut p);
        let wall = p.ink(Ink::Wall);
        let n = img.pixels.iter().filter(|&&i| i == wall).count();
        assert_eq!(n, 20);
        assert_eq!(img.get(2, 3), wall);
        assert_eq!(img.get(5, 7), wall);
        assert_eq!(img.get(6, 7), p.ink(Ink::Background));
        assert_eq!(p.len(), Ink::all().len(), "no blends needed");
    }

    #[test]
    fn rotated_square_has_blended_edges_and_a_solid_middle() {
        let mut s = Scene::new(40.0, 40.0, Ink::Background);
        let t = crate::scene::Transform { pivot: [20.0, 20.0], angle: std::f32::consts::FRAC_PI_4, offset: [0.0, 0.0] };
        s.quad(t.rect(10.0, 10.0, 20.0, 20.0), Ink::Wall, 1.0);
        let mut p = Palette::new();
        let img = render(&s, 40, 40, &mut p);
        assert_eq!(img.get(20, 20), p.ink(Ink::Wall));
        // The diamond's tips reach about 20 * sqrt(2) / 2 = 14.1 from the centre.
        assert_eq!(img.get(20, 2), p.ink(Ink::Background));
        assert_eq!(img.get(20, 8), p.ink(Ink::Wall));
        assert_eq!(img.get(12, 12), img.get(27, 27));
        assert!(p.len() > Ink::all().len(), "edges use blends");
        // Area is preserved: about 400 pixels of coverage.
        let cover: f32 = img
            .pixels
            .iter()
            .map(|&i| match p.entries[i as usize] {
                Entry::Ink(Ink::Wall) => 1.0,
                Entry::Blend { level, .. } => level as f32 / LEVELS as f32,
                _ => 0.0,
            })
            .sum();
        assert!((cover - 400.0).abs() < 8.0, "{cover}");
    }

    #[test]
    fn a_hollow_glyph_has_no_seam_where_its_bars_meet() {
        // The shubble's hollow square, large, its bars' meeting lines across pixels: every
        // pixel down the middle of a side bar is the glyph's own colour (a seam would be a
        // lighter line where two bars' soft edges add up).
        let mut sc = Scene::new(2.0, 2.0, Ink::Background);
        sc.glyph(crate::scene::GLYPH_RING, 1.0, 1.0, 0.9, Ink::Shubble, 1.0);
        let mut palette = Palette::new();
        let img = render(&sc, 401, 401, &mut palette);
        let view = Viewport::fit(&sc, 401, 401);
        let (x, top) = view.pixel([1.0 - 0.625 * 0.9, 1.0 - 0.78 * 0.9]);
        let (_, bottom) = view.pixel([1.0 - 0.625 * 0.9, 1.0 + 0.78 * 0.9]);
        let ink = palette.ink(Ink::Shubble);
        let off: Vec<usize> = (top..=bottom).filter(|&y| img.get(x, y) != ink).collect();
        assert!(off.is_empty(), "rows {off:?} of column {x} are not the glyph's colour");
    }
}
