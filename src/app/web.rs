//! The web page (`--features web`, built for wasm32 by `scripts/web.sh`): the same window in a
//! canvas. What a page has instead of a desktop's: the browser's storage for progress (eframe's
//! `persistence`), its file picker and drops for Open, downloads for every file written
//! (`render::export::take_downloads`), the page's address for links
//! (`index.html#tumblebox:1:GAME:LEVEL:MOVES:CHECK`, the game ID of Copy link) and its title
//! for what is on screen.

use super::TumbleApp;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Starts the app in the canvas with id `canvas_id`; the page's address may hold a game ID to
/// open (after `#`). Called by `index.html` once the module is loaded.
#[wasm_bindgen]
pub async fn start(canvas_id: String) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let canvas = document
        .get_element_by_id(&canvas_id)
        .ok_or_else(|| format!("no element {canvas_id}"))?
        .dyn_into::<web_sys::HtmlCanvasElement>()?;
    let link = window.location().hash().ok().and_then(|h| link_of(&h));
    eframe::WebRunner::new()
        .start(
            canvas,
            eframe::WebOptions::default(),
            Box::new(move |cc| {
                let mut app = TumbleApp::new(cc);
                if let Some(id) = link {
                    app.open_link(&id);
                }
                Ok(Box::new(app))
            }),
        )
        .await
}

/// The game ID in a page address's fragment (`#tumblebox:…`, percent-escapes undone).
pub fn link_of(hash: &str) -> Option<String> {
    let raw = hash.strip_prefix('#').unwrap_or(hash);
    let text = js_sys::decode_uri_component(raw).ok().and_then(|s| s.as_string()).unwrap_or_else(|| raw.to_string());
    text.starts_with("tumblebox:").then_some(text)
}

/// The page's address with `id` as its fragment: what Copy link gives on the web.
pub fn link_to(id: &str) -> String {
    let here = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    let base = here.split('#').next().unwrap_or("");
    format!("{base}#{id}")
}

impl TumbleApp {
    /// Once a frame on the web: files written are offered as downloads, and the page's title
    /// says what is on screen (what a browser's tab shows, and what a test reads back).
    pub(super) fn web_frame(&mut self) {
        end_workers();
        for (name, bytes) in crate::render::export::take_downloads() {
            if let Err(e) = download(&name, &bytes) {
                self.notify(format!("the download of {name} failed: {e:?}"), Some(self.kind));
            }
        }
        let title = self.page_title();
        if let Some(document) = web_sys::window().and_then(|w| w.document())
            && document.title() != title
        {
            document.set_title(&title);
        }
    }
}

/// Offers `bytes` as a download named `name`: a blob, a link to it, a click on the link.
fn download(name: &str, bytes: &[u8]) -> Result<(), JsValue> {
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let a = document.create_element("a")?.dyn_into::<web_sys::HtmlAnchorElement>()?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    web_sys::Url::revoke_object_url(&url)
}

/// The worker's entry (`web/worker.js`): runs a solver request, returns its answer's text.
#[wasm_bindgen]
pub fn work(request: &str) -> String {
    super::work::answer(request)
}

thread_local! {
    /// The solvers running in workers: their Cancel flag, the worker, its message handlers.
    static WORKERS: std::cell::RefCell<Vec<Running>> = const { std::cell::RefCell::new(Vec::new()) };
}

struct Running {
    cancel: Arc<AtomicBool>,
    worker: web_sys::Worker,
    _handlers: [Closure<dyn FnMut(JsValue)>; 2],
}

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Runs `state`'s solver in a Web Worker (the page goes on drawing); its answer, played back
/// through the rules, is sent on `tx`. A position its level text cannot carry (none of the
/// built-in games' today) is solved here at once.
pub fn solve_elsewhere<P: super::play::Playable>(
    state: P,
    cancel: Arc<AtomicBool>,
    progress: Arc<AtomicUsize>,
    tx: std::sync::mpsc::Sender<Result<super::play::Answer<P::Move>, String>>,
    repaint: impl Fn() + Send + 'static,
) {
    let Some(request) = super::work::request(&state) else {
        let _ = tx.send(state.solve(&cancel, &progress));
        repaint();
        return;
    };
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = match web_sys::Worker::new_with_options("./worker.js", &options) {
        Ok(w) => w,
        Err(e) => {
            let _ = tx.send(Err(format!("no worker for the solver: {e:?}")));
            repaint();
            return;
        }
    };
    // The answer comes as an event later, once the handlers below are set.
    if let Err(e) = worker.post_message(&JsValue::from_str(&request)) {
        worker.terminate();
        let _ = tx.send(Err(format!("the solver's worker refused the position: {e:?}")));
        repaint();
        return;
    }
    let repaint = std::rc::Rc::new(repaint);
    let (done, failed) = (cancel.clone(), cancel.clone());
    let (tx_ok, tx_err) = (tx.clone(), tx);
    let (r_ok, r_err) = (repaint.clone(), repaint);
    let on_message = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        let text = e.dyn_into::<web_sys::MessageEvent>().ok().and_then(|m| m.data().as_string()).unwrap_or_default();
        let _ = tx_ok.send(super::work::answer_of(&state, &text));
        // Finished: the next frame ends the worker.
        done.store(true, Ordering::Relaxed);
        r_ok();
    });
    let on_error = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        let _ = tx_err.send(Err("the solver stopped with an error (out of memory?)".into()));
        failed.store(true, Ordering::Relaxed);
        r_err();
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    WORKERS.with(|w| w.borrow_mut().push(Running { cancel, worker, _handlers: [on_message, on_error] }));
}

/// Ends the workers whose search was cancelled or has answered.
fn end_workers() {
    WORKERS.with(|w| {
        w.borrow_mut().retain(|r| {
            let keep = !r.cancel.load(Ordering::Relaxed);
            if !keep {
                r.worker.terminate();
            }
            keep
        })
    });
}
