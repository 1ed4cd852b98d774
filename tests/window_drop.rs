//! The window's words for a player: a hint while files are dragged over the window (the web
//! review's bug 18), and How to play's text shown as written, with no markup (bug 17).

use crate::common::window::harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tumblebox::app::play::{Help, Playable};

#[test]
fn a_file_dragged_over_the_window_shows_what_a_drop_does() {
    let mut h = harness();
    h.run_steps(2);
    let hint = |h: &egui_kittest::Harness<'_, tumblebox::app::TumbleApp>| {
        h.query_all_by_label_contains("Drop to open")
            .map(|n| {
                let a = n.accesskit_node();
                a.label().or_else(|| a.value()).unwrap_or_default()
            })
            .collect::<Vec<_>>()
    };
    assert!(hint(&h).is_empty(), "no hint before a drag: {:?}", hint(&h));
    // A desktop names the file while it is dragged over.
    h.input_mut()
        .hovered_files
        .push(egui::HoveredFile { path: Some("levels/corridor.xsb".into()), mime: String::new() });
    h.run_steps(2);
    assert_eq!(hint(&h), ["Drop to open `corridor.xsb`: levels of any of the four games, or a saved game"]);
    // A browser names none before the drop, and may carry several.
    h.input_mut().hovered_files = vec![
        egui::HoveredFile { path: None, mime: "text/plain".into() },
        egui::HoveredFile { path: None, mime: "text/plain".into() },
    ];
    h.run_steps(2);
    assert_eq!(hint(&h), ["Drop to open the 2 files: levels of any of the four games, or a saved game"]);
    // The drag leaves: the hint goes.
    h.input_mut().hovered_files.clear();
    h.run_steps(2);
    assert!(hint(&h).is_empty(), "the hint stays after the drag left: {:?}", hint(&h));
}

#[test]
fn how_to_play_has_no_markup_shown_as_text() {
    let helps: [(&str, Help); 4] = [
        ("Vexed", tumblebox::vexed::Board::HELP),
        ("Shubbles", tumblebox::shubbles::State::HELP),
        ("Pushing boxes", tumblebox::sokoban::scene::Game::HELP),
        ("Stacks", tumblebox::app::play::StacksPlay::HELP),
    ];
    for (game, help) in helps {
        for (heading, text) in help.sections.iter().chain(help.keys) {
            // How to play shows the text as it is: a backtick would be shown, not read.
            assert!(!text.contains('`') && !heading.contains('`'), "{game}, {heading}: {text}");
        }
    }
}
