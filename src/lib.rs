//! tumblebox: grid puzzles where blocks slide, fall, vanish, get pushed and pile up.
//!
//! The library holds the four games' models (rules, formats, solvers) with no drawing, UI or
//! I/O dependency; `app` is the desktop window; the binary (`src/main.rs`, `src/cli/`) is the
//! command line.
//!
//! A move returns the new state and the physical steps that happened:
//!
//! ```
//! use tumblebox::shubbles::format::{parse_ops, parse_state};
//! use tumblebox::shubbles::Step;
//!
//! // Fig. 1(a) of the shubbles challenge, turned once clockwise.
//! let start = parse_state(".........@...o....ooo..xox...", 1).unwrap();
//! let run = start.run(&parse_ops("+", 2).unwrap());
//! assert_eq!(run.end().text(), ".........@......o...ooo...xox");
//! let steps = &run.applied[0].1.steps;
//! assert!(matches!(steps[0], Step::Rotate { quarter_turns: 1, .. }));
//! assert!(steps[1..].iter().all(|s| matches!(s, Step::Fall { .. })));
//! ```

pub mod anim;
#[cfg(feature = "app")]
pub mod app;
pub mod certify;
pub mod cleanup;
pub mod clock;
pub mod editor;
pub mod error;
pub mod font;
pub mod games;
pub mod generate;
pub mod grid;
pub mod input;
pub mod judge;
pub mod levels;
/// The test-only toy game (Lights Out, 3×3): the proof that the capabilities are generic.
#[cfg(test)]
pub mod lights;
pub mod loader;
pub mod meter;
pub mod render;
pub mod save;
pub mod scene;
pub mod shubbles;
pub mod sokoban;
pub mod stacks;
pub mod store;
pub mod trace;
pub mod vexed;

/// The layers, checked on the source: the shared ground (`grid`, `scene`, `anim`, `error`,
/// `input`, `cleanup`, `font`, `clock`, `meter`) depends on nothing above it; `render` on the ground; each game's folder
/// on the ground and itself only (its trace, save, certify, editor and window parts live in
/// those capabilities' folders, a file per game); nothing outside `app` uses the window, and
/// only `app` names egui or eframe. Test modules (`#[cfg(test)] mod …`, inline or in a file of
/// their own) may use anything.
#[cfg(test)]
mod layers {
    const GROUND: [&str; 9] = ["grid", "scene", "anim", "error", "input", "cleanup", "font", "clock", "meter"];

    fn sources(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                sources(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                let code = without_test_modules(&text);
                let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
                out.push((p.strip_prefix(&root).unwrap().to_string_lossy().to_string(), code));
            }
        }
    }

    /// A file's code without its test modules (`#[cfg(test)]` then `mod …;` or `mod … { … }`,
    /// to its closing brace); other `#[cfg(test)]` items stay and are checked.
    fn without_test_modules(text: &str) -> String {
        let mut out = String::new();
        let mut lines = text.lines().peekable();
        while let Some(line) = lines.next() {
            let next_is_mod = lines.peek().is_some_and(|n| {
                let n = n.trim_start();
                n.starts_with("mod ") || n.starts_with("pub mod ") || n.starts_with("pub(crate) mod ")
            });
            if line.trim() == "#[cfg(test)]" && next_is_mod {
                let head = lines.next().unwrap_or("");
                if head.trim_end().ends_with('{') {
                    let mut depth = 1i32;
                    for l in lines.by_ref() {
                        depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
                        if depth <= 0 {
                            break;
                        }
                    }
                }
                continue;
            }
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// The top modules a file's code names through `crate::`.
    fn uses(code: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for line in code.lines().map(str::trim).filter(|l| !l.starts_with("//")) {
            let mut rest = line;
            while let Some(i) = rest.find("crate::") {
                rest = &rest[i + 7..];
                if rest.starts_with('{') {
                    // `use crate::{a, b::c}`: every top name in the group.
                    let group = &rest[1..rest.find('}').unwrap_or(rest.len())];
                    out.extend(group.split(',').map(|s| s.trim().split("::").next().unwrap_or("").to_string()));
                } else {
                    out.push(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
                }
            }
        }
        out.retain(|s| !s.is_empty());
        out
    }

    /// The files of the test modules a file declares as files of their own (`#[cfg(test)]`
    /// then a private `mod NAME;`): `NAME.rs` or `NAME/mod.rs` in the module's folder. They may
    /// use anything, as inline test modules may. A `pub` module under `#[cfg(test)]` is a
    /// test-only part of the crate (the toy game), not a test, and keeps its layer.
    fn declared_test_files(path: &str, text: &str) -> Vec<String> {
        let base = match path.strip_suffix(".rs") {
            Some("lib") => String::new(),
            Some(p) => format!("{}/", p.strip_suffix("/mod").unwrap_or(p)),
            None => return Vec::new(),
        };
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        lines
            .windows(2)
            .filter(|w| w[0] == "#[cfg(test)]")
            .filter_map(|w| w[1].strip_prefix("mod ").and_then(|r| r.strip_suffix(';')))
            .flat_map(|name| [format!("{base}{name}.rs"), format!("{base}{name}/mod.rs")])
            .collect()
    }

    #[test]
    fn each_layer_depends_only_on_those_below_it() {
        let mut files = Vec::new();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        sources(&root, &mut files);
        let tests: Vec<String> = files
            .iter()
            .flat_map(|(path, _)| declared_test_files(path, &std::fs::read_to_string(root.join(path)).unwrap()))
            .collect();
        files.retain(|(path, _)| !tests.contains(path));
        assert!(files.len() > 50, "{} files", files.len());
        // Each game's folder is named by its key in the registry.
        let games: Vec<&str> = crate::games::GameKind::ALL.iter().map(|k| k.key()).collect();
        for (path, code) in &files {
            let top = path.split('/').next().unwrap().trim_end_matches(".rs").to_string();
            if top == "main" || top == "cli" || top == "lib" {
                continue;
            }
            for u in uses(code) {
                let ok = if GROUND.contains(&top.as_str()) {
                    GROUND.contains(&u.as_str())
                } else if top == "render" {
                    GROUND.contains(&u.as_str()) || u == "render"
                } else if games.contains(&top.as_str()) {
                    GROUND.contains(&u.as_str()) || u == top
                } else if top == "app" {
                    true
                } else {
                    u != "app"
                };
                assert!(ok, "{path} uses crate::{u}, above its layer");
            }
            if top != "app" {
                assert!(!code.contains("egui::") && !code.contains("eframe::"), "{path} names the window's crates");
            }
        }
    }
}
