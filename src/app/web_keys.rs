//! The page's keyboard: the keys the app's commands use are taken from the browser (their
//! default action prevented: Ctrl+H would open the history, F1 the browser's help,
//! Ctrl+Shift+R reload the page), decided by the command table
//! ([`crate::app::command::Command::taken_from_browser`]); and the canvas has the keyboard
//! from the start, so keys play without a click first.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Installs the page's `keydown` listener (on the window, before the app's own) and gives the
/// canvas the keyboard.
pub(super) fn take_keys(canvas: &web_sys::HtmlCanvasElement) {
    let on_key = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(|e: web_sys::KeyboardEvent| {
        let key = egui::Key::from_name(&e.key()).or_else(|| egui::Key::from_name(&e.code()));
        let modifiers = egui::Modifiers {
            alt: e.alt_key(),
            ctrl: e.ctrl_key(),
            shift: e.shift_key(),
            mac_cmd: e.meta_key(),
            command: e.ctrl_key() || e.meta_key(),
        };
        if key.is_some_and(|k| super::command::Command::taken_from_browser(k, modifiers)) {
            e.prevent_default();
        }
    });
    if let Some(w) = web_sys::window() {
        let _ = w.add_event_listener_with_callback_and_bool("keydown", on_key.as_ref().unchecked_ref(), true);
    }
    on_key.forget();
    // Focusable (as eframe makes it too) and focused.
    let _ = canvas.set_attribute("tabindex", "0");
    let _ = canvas.focus();
}
