//! The one face for text drawn inside scenes (the export's captions, the stacks' piece
//! numbers): Hack Regular, the monospace face egui itself ships (`epaint_default_fonts`), read
//! and rasterised here by `ab_glyph`. The window draws a scene's text with egui's monospace
//! font, the same face, at the size [`fit`] gives; an export rasterises it through
//! [`rasterize`]. Shared ground: depends on nothing in the crate.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use std::sync::LazyLock;

static FACE: LazyLock<FontRef<'static>> =
    LazyLock::new(|| FontRef::try_from_slice(epaint_default_fonts::HACK_REGULAR).expect("the built-in font is a font"));

/// Whether the face draws `c` (not its "missing" box).
pub fn has_glyph(c: char) -> bool {
    c == ' ' || FACE.glyph_id(c).0 != 0
}

/// The width of `text` set `size` tall (the line's height, ascent to descent), in the units
/// of `size`.
pub fn width(text: &str, size: f32) -> f32 {
    let f = FACE.as_scaled(PxScale::from(size));
    text.chars().map(|c| f.h_advance(FACE.glyph_id(c))).sum()
}

/// The share of a picture's width a line of text may take (the rest is its margin).
pub const TEXT_ROOM: f32 = 0.96;

/// The size, at most `size`, at which `text` is no wider than `max_width`.
pub fn fit(text: &str, size: f32, max_width: f32) -> f32 {
    let w = width(text, size);
    if w > max_width && w > 0.0 { size * max_width / w } else { size }
}

/// Draws `text` set `size` pixels tall, centred on `centre` (pixels): `put(x, y, coverage)`
/// for every pixel a glyph covers (coverage in 0..=1; a pixel two glyphs share is called twice).
pub fn rasterize(text: &str, size: f32, centre: [f32; 2], mut put: impl FnMut(i64, i64, f32)) {
    if size <= 0.0 {
        return;
    }
    let scale = PxScale::from(size);
    let f = FACE.as_scaled(scale);
    let x0 = centre[0] - width(text, size) / 2.0;
    // The line box (ascent above the baseline, descent below) centred on the point.
    let baseline = centre[1] + (f.ascent() + f.descent()) / 2.0;
    let mut x = x0;
    for c in text.chars() {
        let id = FACE.glyph_id(c);
        let glyph = id.with_scale_and_position(scale, ab_glyph::point(x, baseline));
        x += f.h_advance(id);
        if let Some(outline) = FACE.outline_glyph(glyph) {
            let b = outline.px_bounds();
            outline.draw(|gx, gy, cov| put(b.min.x as i64 + gx as i64, b.min.y as i64 + gy as i64, cov));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ink(text: &str, size: f32) -> Vec<(i64, i64, f32)> {
        let mut out = Vec::new();
        rasterize(text, size, [100.0, 50.0], |x, y, c| out.push((x, y, c)));
        out.retain(|p| p.2 > 0.05);
        out
    }

    #[test]
    fn every_notation_character_has_a_glyph() {
        // The games' move notations, the counter and the stacks' numbers.
        for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789()[],/+-<>^|.:! ←↑→↓".chars() {
            assert!(has_glyph(c), "{c:?}");
        }
        assert!(!has_glyph('\u{E000}'));
    }

    #[test]
    fn text_is_centred_and_fits() {
        let dots = ink("move 3/9  (b,1,3,L)", 20.0);
        let (lo, hi) = dots.iter().fold((i64::MAX, i64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
        let w = width("move 3/9  (b,1,3,L)", 20.0);
        // The ink lies within the advance box (side bearings inside), centred on the point.
        assert!(lo as f32 >= 100.0 - w / 2.0 - 1.0 && hi as f32 <= 100.0 + w / 2.0 + 1.0, "{lo}..{hi}, {w}");
        assert!(((lo + hi) as f32 / 2.0 - 100.0).abs() < 3.0, "{lo}..{hi}");
        assert!((hi - lo) as f32 > w * 0.8, "{lo}..{hi}, {w}");
        let (top, bottom) = dots.iter().fold((i64::MAX, i64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
        assert!(top >= 40 && bottom <= 60, "{top}..{bottom}");
        // Fitting: a text too wide for the room is set smaller, never wider than the room.
        let s = fit("move 10/12  (b,1,3,L)", 20.0, 100.0);
        assert!(s < 20.0 && (width("move 10/12  (b,1,3,L)", s) - 100.0).abs() < 0.01);
        assert_eq!(fit("1", 20.0, 100.0), 20.0);
    }

    #[test]
    fn a_walk_and_a_push_look_different_and_m_is_not_n() {
        // The old 3 × 5 bitmap font drew lower case as small capitals and M like N.
        assert_ne!(ink("l", 20.0), ink("L", 20.0));
        assert_ne!(ink("M", 20.0), ink("N", 20.0));
        let m: f32 = ink("M", 20.0).iter().map(|p| p.2).sum();
        let n: f32 = ink("N", 20.0).iter().map(|p| p.2).sum();
        assert!(m > n, "M has more ink than N: {m} vs {n}");
    }
}
