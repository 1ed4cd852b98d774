//! One level loader: what a file, a pasted text or a dropped file is (which game, which
//! format), decided once for the window's File › Open, paste and drag and drop, save files
//! and the command line (`tumblebox FILE` reads the file with it before the window opens).
//!
//! The detection order, first match wins (each test looks only at the text, never at the
//! file's name):
//! 1. a tumblebox save file: its first line that is neither blank nor a `#` comment is
//!    `save::MAGIC` (`save::is_save`, the rule the save reader reads by); it is replayed
//!    through its game's rules, every move, and refused here if any fails (`games::visit::check_save`);
//! 2. a shubbles box list: its first non-blank line is 29 characters of `.ox@`, optionally
//!    followed by `;par;title`;
//! 3. a Vexed Palm file (a `[Level]` section anywhere) or Android file (a first non-blank
//!    line of `title;board;par`);
//! 4. UVa 589 mazes (a line of two numbers, then the rows);
//! 5. Sokoban XSB (some line is a board row of `#@+$*. -_`): once a row holds a player or a
//!    box, a defect in it is that file's error, not a reason to try the next format;
//! 6. stacks boards (Baekjoon 17837's input, the 17780 rule is the save file's business);
//! 7. World Finals Vexed puzzles.
//!
//! When nothing matches, the error names what each format expected and where it failed,
//! on one line.
//!
//! A capability: depends on the games and the shared ground; no game depends on it, and it
//! never names the window (a test checks the layers).

use crate::games::GameKind;
use crate::save::Save;
use crate::shubbles;
use crate::sokoban::{format::Maze, xsb};
use crate::stacks;
use crate::vexed::format::{AnyLevel, FileKind, latin1, parse_pack, parse_world_finals, sniff_text};

/// What a text holds.
#[derive(Debug, Clone)]
pub enum Loaded {
    /// A save file: the game it names, its level and its history.
    Save(Box<Save>),
    /// Vexed levels, and which of its formats.
    Vexed(FileKind, Vec<AnyLevel>),
    /// Shubbles boxes, with their pars where the file gives them.
    Shubbles(Vec<crate::levels::BoxLevel>),
    /// UVa 589 mazes (one box each).
    Mazes(Vec<Maze>),
    /// An XSB collection (many boxes).
    Xsb(Vec<xsb::XsbLevel>),
    /// Stacks boards.
    Stacks(Vec<stacks::Game>),
}

impl Loaded {
    /// The game's key, as save files name it.
    pub fn game(&self) -> &str {
        self.kind().key()
    }

    /// The game it is for (a save's was checked when it was read).
    pub fn kind(&self) -> GameKind {
        use crate::games::Game;
        match self {
            Loaded::Save(s) => s.kind().unwrap_or(GameKind::ALL[0]),
            Loaded::Vexed(..) => crate::vexed::Board::KIND,
            Loaded::Shubbles(_) => crate::shubbles::State::KIND,
            Loaded::Mazes(_) | Loaded::Xsb(_) => crate::sokoban::scene::Game::KIND,
            Loaded::Stacks(_) => crate::stacks::play::StacksPlay::KIND,
        }
    }
}

/// Reads a file's or a pasted text's bytes as whatever it is (see the module's order). The
/// error is one line, without the file's name (the caller puts it in front).
pub fn load(bytes: &[u8]) -> Result<Loaded, String> {
    // Decoded once: the line ends and the byte-order mark normalised, then read as UTF-8 (every
    // format but the Vexed packs) and, where that is what a format is, as ISO-8859-1.
    let norm = crate::input::normalize(bytes);
    let utf8 = crate::error::utf8(&norm);
    let lossy = match &utf8 {
        Ok(t) => std::borrow::Cow::Borrowed(*t),
        Err(_) => String::from_utf8_lossy(&norm),
    };
    let text = lossy.as_ref();
    // Short words for the common cases, before every format says why it is not that format.
    if bytes.is_empty() {
        return Err("the file is empty".into());
    }
    if text.trim().is_empty() {
        return Err("the file holds only blank lines".into());
    }
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim_end();
    if crate::save::is_save(text) {
        let text = utf8.map_err(|e| e.to_string())?;
        let save = Save::parse(text).map_err(|e| e.to_string())?;
        crate::games::visit::check_save(&save).map_err(|e| e.to_string())?;
        return Ok(Loaded::Save(Box::new(save)));
    }
    if first
        .split(';')
        .next()
        .is_some_and(|s| s.len() == shubbles::rules::CELLS && s.chars().all(|c| ".ox@".contains(c)))
    {
        return crate::levels::parse_shubbles(text).map(Loaded::Shubbles).map_err(|e| e.to_string());
    }
    let latin = latin1(&norm);
    let kind = sniff_text(&latin);
    if kind != FileKind::WorldFinals {
        return parse_pack(kind, &latin).map(|levels| Loaded::Vexed(kind, levels)).map_err(|e| e.to_string());
    }
    let text = utf8.map_err(|e| e.to_string())?;
    let mut errors = Vec::new();
    match crate::sokoban::format::parse_judge(text) {
        Ok(mazes) if !mazes.is_empty() => return Ok(Loaded::Mazes(mazes)),
        Ok(_) => errors.push("as UVa 589 mazes: no maze".to_string()),
        Err(e) => errors.push(format!("as UVa 589 mazes: {e}")),
    }
    if text.lines().any(xsb::is_board_row) {
        match xsb::parse_collection(text) {
            Ok(levels) if !levels.is_empty() => return Ok(Loaded::Xsb(levels)),
            Ok(_) => errors.push("as Sokoban XSB: no level".to_string()),
            Err(e) if text.lines().any(|l| xsb::is_board_row(l) && l.contains(['@', '+', '$', '*'])) => {
                return Err(e.to_string());
            }
            Err(e) => errors.push(format!("as Sokoban XSB: {e}")),
        }
    }
    match stacks::format::parse_many(text, stacks::Rule::CarryAbove) {
        Ok(games) if !games.is_empty() => return Ok(Loaded::Stacks(games)),
        Ok(_) => errors.push("as stacks boards: no board".to_string()),
        Err(e) => errors.push(format!("as stacks boards: {e}")),
    }
    match parse_world_finals(text) {
        Ok(levels) if !levels.is_empty() => return Ok(Loaded::Vexed(kind, levels)),
        Ok(_) => errors.push("as World Finals Vexed: no puzzle".to_string()),
        Err(e) => errors.push(format!("as World Finals Vexed: {e}")),
    }
    Err(errors.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seed(path: &str) -> Option<Vec<u8>> {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(path);
        match std::fs::read(&p) {
            Ok(b) => Some(b),
            Err(e) => {
                assert!(std::env::var("CI").is_err(), "{}: {e} (CI needs ../shared)", p.display());
                None
            }
        }
    }

    #[test]
    fn each_format_is_told_by_its_text() {
        // The built-in packs (each written in its game's own format), a small XSB level and a
        // World Finals puzzle: the game, the format and how many levels.
        use crate::levels::{SHUBBLES, SOKOBAN, STACKS, VEXED};
        let count = |text: &str| text.lines().filter(|l| !l.trim().is_empty()).count();
        let load_ok = |bytes: &[u8]| load(bytes).unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(load_ok(SHUBBLES.as_bytes()), Loaded::Shubbles(l) if l.len() == count(SHUBBLES)));
        assert!(matches!(load_ok(VEXED.as_bytes()), Loaded::Vexed(FileKind::Android, l) if l.len() == count(VEXED)));
        assert!(matches!(load_ok(SOKOBAN.as_bytes()), Loaded::Mazes(l) if l.len() > 1));
        assert!(matches!(load_ok(b"#####\n#@$.#\n#####\n"), Loaded::Xsb(l) if l.len() == 1));
        assert!(matches!(load_ok(STACKS.as_bytes()), Loaded::Stacks(l) if l.len() > 1));
        let wf = load_ok(b"3 4 P\n#A-#\n##A#\n####\n0 0\n");
        assert!(matches!(&wf, Loaded::Vexed(FileKind::WorldFinals, l) if l.len() == 1));
        for (l, game) in
            [(load_ok(SOKOBAN.as_bytes()), "sokoban"), (load_ok(STACKS.as_bytes()), "stacks"), (wf, "vexed")]
        {
            assert_eq!(l.game(), game);
        }
    }

    #[test]
    fn the_real_collections_load_as_their_game() {
        for (path, game, count) in [
            ("data/sokoban-levels/microban-155.xsb", "sokoban", 155),
            ("data/sokoban-levels/xsokoban-90.xsb", "sokoban", 90),
        ] {
            let Some(bytes) = seed(path) else { continue };
            let l = load(&bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(l.game(), game, "{path}");
            let Loaded::Xsb(levels) = &l else { panic!("{path}: {:?}", l.game()) };
            assert_eq!(levels.len(), count, "{path}");
        }
    }

    #[test]
    fn a_file_is_normalised_once_whatever_it_turns_out_to_be() {
        use crate::levels::{SHUBBLES, SOKOBAN, STACKS, VEXED};
        let xsb: &[u8] = b"; T\r\n#####\r\n#@$.#\r\n#####\r\n";
        let wf: &[u8] = b"\xef\xbb\xbf3 4 P\r\n#A-#\r\n##A#\r\n####\r\n0 0\r\n";
        let palm: &[u8] = b"[Level]\nboard=10/10/3ba~~3/5~~3/3~~~~3/3a~~b3/4ab4/10\ntitle=G\xe9\n";
        for bytes in
            [SHUBBLES.as_bytes(), VEXED.as_bytes(), SOKOBAN.as_bytes(), STACKS.as_bytes(), xsb, wf, palm, b"junk\n"]
        {
            crate::input::NORMALIZED.with(|n| n.set(0));
            let _ = load(bytes);
            assert_eq!(crate::input::NORMALIZED.with(|n| n.get()), 1, "{:?}", String::from_utf8_lossy(bytes));
        }
        // And a Palm pack's Latin-1 title is read as Latin-1.
        let Ok(Loaded::Vexed(FileKind::Palm, levels)) = load(palm) else { panic!("a Palm pack") };
        assert_eq!(levels[0].title, "Gé");
    }

    #[test]
    fn nothing_recognised_says_what_each_format_expected_on_one_line() {
        let e = load(b"hello\nworld\n").expect_err("not a level file");
        assert!(!e.contains('\n'), "{e}");
        for what in ["as UVa 589 mazes:", "as stacks boards:", "as World Finals Vexed:"] {
            assert!(e.contains(what), "{e}");
        }
        // A board row with a player in it is Sokoban's, and its defect is the answer.
        let e = load(b"#####\n#@@.#\n#####\n").expect_err("two players");
        assert!(e.contains("line 2"), "{e}");
        assert!(!e.contains("as stacks"), "{e}");
    }
}
