//! What a screen reader finds on the web page. The window is drawn in a canvas, and eframe's
//! web runner has no AccessKit output (eframe 0.37 drops `accesskit_update` on the web), so
//! the page keeps HTML beside the canvas, as Simon Tatham's puzzle pages do: a live status
//! line (the game, the level, the move, what was last said), a button for each game, and a
//! button for each command of the window's one table ([`Command`]), grouped by menu, greyed
//! when the command cannot be used and pressed when a switch is on. A click on one does what
//! the menu item does. The region is hidden from sight until it holds the keyboard focus.
//!
//! [`TumbleApp::mirror`] says what the region holds (tested on the desktop build); the DOM
//! side (`dom`, web only) makes it once and changes only what changed.

use super::TumbleApp;
use super::command::{Command, Menu};
use crate::games::GameKind;

/// What the page's accessible region holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Mirror {
    /// The status line: what the page's title says, and what the window said last.
    pub status: String,
    /// Each game, and whether it is the one on screen.
    pub games: Vec<(GameKind, bool)>,
    /// The commands by menu, in the menus' order.
    pub menus: Vec<(Menu, Vec<Entry>)>,
}

/// A command as a button.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub command: Command,
    pub label: &'static str,
    /// Its tooltip: what it does.
    pub description: &'static str,
    /// Its shortcut in ARIA's spelling ("Control+Z").
    pub keys: Option<String>,
    pub enabled: bool,
    /// A switch's state (`aria-pressed`).
    pub pressed: Option<bool>,
}

impl TumbleApp {
    /// What the page's accessible region says now.
    pub fn mirror(&self, ctx: &egui::Context) -> Mirror {
        let allowed = self.allowed();
        let title = self.page_title();
        let mut status = title.trim_end_matches(" — tumblebox").to_string();
        let shown = self.shown();
        if let Some(said) = shown.notice.or(shown.message) {
            status.push_str(". ");
            status.push_str(&said);
        }
        let menus = Menu::ALL
            .into_iter()
            .map(|m| {
                let entries = Command::in_menu(m)
                    .into_iter()
                    .map(|c| {
                        let info = c.info();
                        Entry {
                            command: c,
                            label: info.label,
                            description: info.tooltip,
                            keys: c.shortcut_text(ctx).map(|k| aria_keys(&k)),
                            enabled: c.enabled(&allowed),
                            pressed: self.checked(c),
                        }
                    })
                    .collect();
                (m, entries)
            })
            .collect();
        Mirror { status, games: GameKind::ALL.into_iter().map(|k| (k, k == self.kind)).collect(), menus }
    }
}

/// A shortcut as egui writes it ("Ctrl+Shift+Z", "F1") in ARIA's `aria-keyshortcuts`
/// spelling ("Control+Shift+Z").
pub fn aria_keys(shown: &str) -> String {
    shown
        .split('+')
        .map(|k| match k {
            "Ctrl" | "Cmd" | "⌘" => "Control",
            "Alt" | "⌥" => "Alt",
            "⇧" => "Shift",
            k => k,
        })
        .collect::<Vec<_>>()
        .join("+")
}

/// A click on the page's accessible region, waiting for the next frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pick {
    Game(GameKind),
    Command(Command),
}

impl TumbleApp {
    /// Carries out a click on the accessible region: what the game tab or the menu item does.
    pub fn pick(&mut self, p: Pick, ctx: &egui::Context) {
        match p {
            Pick::Game(k) => self.switch_game(k),
            Pick::Command(c) if c.enabled(&self.allowed()) => self.run(c, ctx),
            Pick::Command(c) => self.notify(format!("{}: {}", c.label(), c.info().when.why_not()), Some(self.kind)),
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub(super) use dom::frame;

#[cfg(target_arch = "wasm32")]
mod dom {
    use super::{Mirror, Pick};
    use crate::app::TumbleApp;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;

    /// The region once made: its elements, and what they said last.
    struct Dom {
        status: web_sys::Element,
        games: Vec<web_sys::Element>,
        buttons: Vec<web_sys::Element>,
        last: Mirror,
        _clicks: Vec<Closure<dyn FnMut()>>,
    }

    thread_local! {
        static DOM: std::cell::RefCell<Option<Dom>> = const { std::cell::RefCell::new(None) };
        static PICKS: std::cell::RefCell<Vec<Pick>> = const { std::cell::RefCell::new(Vec::new()) };
    }

    /// Hidden from sight (the usual "visually hidden" rule) until a button in it has the
    /// keyboard focus; then a bar along the top of the page.
    const STYLE: &str = "#tb-access{position:absolute;left:0;top:0;width:1px;height:1px;overflow:hidden;\
        clip-path:inset(50%);white-space:nowrap}\
        #tb-access:focus-within{width:auto;height:auto;clip-path:none;right:0;z-index:10;\
        background:#222;color:#eee;font:14px sans-serif;padding:4px;white-space:normal;max-height:40%;overflow:auto}\
        #tb-access h1,#tb-access p{display:inline;font-size:14px;margin:4px}\
        #tb-access button{margin:2px;min-height:32px}\
        #tb-access button[aria-disabled=true]{opacity:.5}\
        #tb-access button[aria-pressed=true]{font-weight:bold}\
        #tb-access section{display:block}";

    /// Once a frame: the region made (the first time) or brought up to date, and the clicks
    /// since the last frame carried out.
    pub fn frame(app: &mut TumbleApp) {
        let Some(ctx) = app.ctx.clone() else { return };
        let picks: Vec<Pick> = PICKS.with(|p| std::mem::take(&mut *p.borrow_mut()));
        for p in picks {
            app.pick(p, &ctx);
        }
        let now = app.mirror(&ctx);
        DOM.with(|d| {
            let mut d = d.borrow_mut();
            match d.as_mut() {
                Some(dom) => update(dom, now),
                None => *d = make(&now, &ctx).ok(),
            }
        });
    }

    fn make(m: &Mirror, ctx: &egui::Context) -> Result<Dom, JsValue> {
        let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
        let body = document.body().ok_or("no body")?;
        let style = document.create_element("style")?;
        style.set_text_content(Some(STYLE));
        body.append_child(&style)?;
        if let Some(canvas) = document.query_selector("canvas").ok().flatten() {
            canvas.set_attribute("role", "application")?;
            canvas.set_attribute(
                "aria-label",
                "tumblebox: the game board and its window, drawn (the page's buttons before it do what its menus do)",
            )?;
        }
        let region = document.create_element("nav")?;
        region.set_id("tb-access");
        region.set_attribute("aria-label", "tumblebox")?;
        let heading = document.create_element("h1")?;
        heading.set_text_content(Some("tumblebox"));
        region.append_child(&heading)?;
        let status = document.create_element("p")?;
        status.set_attribute("role", "status")?;
        status.set_attribute("aria-live", "polite")?;
        status.set_text_content(Some(&m.status));
        region.append_child(&status)?;
        let mut clicks = Vec::new();
        let mut button = |parent: &web_sys::Element, label: &str, pick: Pick| -> Result<web_sys::Element, JsValue> {
            let b = document.create_element("button")?;
            b.set_attribute("type", "button")?;
            b.set_text_content(Some(label));
            let ctx = ctx.clone();
            let click = Closure::<dyn FnMut()>::new(move || {
                PICKS.with(|p| p.borrow_mut().push(pick));
                ctx.request_repaint();
            });
            b.clone().dyn_into::<web_sys::HtmlElement>()?.set_onclick(Some(click.as_ref().unchecked_ref()));
            clicks.push(click);
            parent.append_child(&b)?;
            Ok(b)
        };
        let games_part = document.create_element("section")?;
        games_part.set_attribute("aria-label", "Games")?;
        let mut games = Vec::new();
        for &(k, _) in &m.games {
            games.push(button(&games_part, k.name(), Pick::Game(k))?);
        }
        region.append_child(&games_part)?;
        let mut buttons = Vec::new();
        for (menu, entries) in &m.menus {
            let part = document.create_element("section")?;
            part.set_attribute("aria-label", menu.title())?;
            for e in entries {
                let b = button(&part, e.label, Pick::Command(e.command))?;
                b.set_attribute("title", e.description)?;
                if let Some(k) = &e.keys {
                    b.set_attribute("aria-keyshortcuts", k)?;
                }
                buttons.push(b);
            }
            region.append_child(&part)?;
        }
        // Before the canvas in the page's order: a screen reader meets it first.
        body.insert_before(&region, body.first_child().as_ref())?;
        let dom = Dom { status, games, buttons, last: m.clone(), _clicks: clicks };
        write(&dom, m, None);
        Ok(dom)
    }

    /// Writes what changed since the last frame.
    fn update(dom: &mut Dom, now: Mirror) {
        if now != dom.last {
            write(dom, &now, Some(&dom.last));
            dom.last = now;
        }
    }

    /// Writes the states of `now` that differ from `before` (every one when there is none;
    /// the status line's text is written when the region is made).
    fn write(dom: &Dom, now: &Mirror, before: Option<&Mirror>) {
        let flag = |on: bool| if on { "true" } else { "false" };
        if before.is_some_and(|b| b.status != now.status) {
            dom.status.set_text_content(Some(&now.status));
        }
        for (i, (el, &(_, on))) in dom.games.iter().zip(&now.games).enumerate() {
            if before.is_none_or(|b| b.games[i].1 != on) {
                let _ = el.set_attribute("aria-pressed", flag(on));
            }
        }
        let was: Vec<&super::Entry> = before.map_or(Vec::new(), |b| b.menus.iter().flat_map(|(_, e)| e).collect());
        for (i, (el, e)) in dom.buttons.iter().zip(now.menus.iter().flat_map(|(_, e)| e)).enumerate() {
            let b = was.get(i);
            if b.is_none_or(|b| b.enabled != e.enabled) {
                let _ = if e.enabled {
                    el.remove_attribute("aria-disabled")
                } else {
                    el.set_attribute("aria-disabled", "true")
                };
            }
            if let Some(p) = e.pressed
                && b.is_none_or(|b| b.pressed != e.pressed)
            {
                let _ = el.set_attribute("aria-pressed", flag(p));
            }
        }
    }
}
