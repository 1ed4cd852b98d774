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
    // The page's keys, and the keyboard on the canvas, before the app's first frame (later, it
    // could take the keyboard from a field the app has opened).
    super::web_keys::take_keys(&canvas);
    eframe::WebRunner::new()
        .start(
            canvas,
            eframe::WebOptions::default(),
            Box::new(move |cc| {
                let mut app = TumbleApp::new(cc);
                if let Some(id) = link {
                    app.open_address(&id);
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

/// The page's store: the browser's `localStorage`, one key a record, with the `storage`
/// event telling this tab which keys another tab changed; and what an earlier version kept
/// under its two keys, for the import at the first start. Without storage (a browser that
/// refuses it) nothing is kept, and the page says so.
pub(super) fn store() -> (crate::store::Store, (Option<String>, Option<String>), Option<std::path::PathBuf>) {
    use super::progress::{EARLIER_KEPT, EARLIER_PROGRESS};
    let window = web_sys::window();
    let Some(storage) = window.as_ref().and_then(|w| w.local_storage().ok().flatten()) else {
        let mut s = crate::store::Store::memory();
        s.refuse("this browser keeps no storage for the page: progress is not kept after it closes");
        return (s, (None, None), None);
    };
    let changed = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let queue = changed.clone();
    let on_storage = Closure::<dyn FnMut(web_sys::StorageEvent)>::new(move |e: web_sys::StorageEvent| {
        queue.borrow_mut().push(e.key());
        CONTEXT.with(|c| {
            if let Some(ctx) = c.borrow().as_ref() {
                ctx.request_repaint();
            }
        });
    });
    if let Some(w) = &window {
        let _ = w.add_event_listener_with_callback("storage", on_storage.as_ref().unchecked_ref());
    }
    on_storage.forget();
    let earlier = (storage.get_item(EARLIER_PROGRESS).ok().flatten(), storage.get_item(EARLIER_KEPT).ok().flatten());
    (crate::store::Store::on_kv(Box::new(LocalStorage { storage, changed })), earlier, None)
}

thread_local! {
    /// The window's context, for the `storage` event to wake it.
    static CONTEXT: std::cell::RefCell<Option<egui::Context>> = const { std::cell::RefCell::new(None) };
}

/// `localStorage` as the store's key-value store.
struct LocalStorage {
    storage: web_sys::Storage,
    /// The keys other tabs changed (`None`: the storage was cleared), from `storage` events.
    changed: std::rc::Rc<std::cell::RefCell<Vec<Option<String>>>>,
}

impl crate::store::kv::Kv for LocalStorage {
    fn get(&self, key: &str) -> Option<String> {
        self.storage.get_item(key).ok().flatten()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.storage.set_item(key, value).map_err(|e| {
            let name = js_sys::Reflect::get(&e, &JsValue::from_str("name")).ok().and_then(|n| n.as_string());
            match name.as_deref() {
                Some("QuotaExceededError") => "the browser's storage for the page is full".to_string(),
                _ => format!("the browser refused to keep it ({})", name.unwrap_or_else(|| "an error".into())),
            }
        })
    }
    fn remove(&mut self, key: &str) -> Result<(), String> {
        self.storage.remove_item(key).map_err(|_| "the browser refused to remove a record".to_string())
    }
    fn keys(&self) -> Vec<String> {
        let n = self.storage.length().unwrap_or(0);
        (0..n).filter_map(|i| self.storage.key(i).ok().flatten()).collect()
    }
    fn changed(&mut self) -> Vec<Option<String>> {
        std::mem::take(&mut self.changed.borrow_mut())
    }
}

impl TumbleApp {
    /// Once a frame on the web: files written are offered as downloads, and the page's title
    /// says what is on screen (what a browser's tab shows, and what a test reads back); the
    /// address follows the game (a reload comes back to it), and a reload or a closed tab is
    /// asked about while the editor holds changes not kept.
    pub(super) fn web_frame(&mut self) {
        CONTEXT.with(|c| {
            if c.borrow().is_none() {
                *c.borrow_mut() = self.ctx.clone();
            }
        });
        let unkept = self.editor.mode.as_ref().is_some_and(|e| e.unkept());
        if let Some(w) = web_sys::window() {
            let _ = js_sys::Reflect::set(&w, &JsValue::from_str("tumbleboxUnkept"), &JsValue::from_bool(unkept));
        }
        if self.editor.mode.is_none() {
            let t = self.tab();
            let now = (self.kind, t.status().index, t.status().history_stamp);
            if self.kept.web_address != Some(now) {
                self.kept.web_address = Some(now);
                let link = link_to(&self.game_id());
                if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
                    let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&link));
                }
            }
        }
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

/// The worker's entry (`web/worker.js`): runs a request (see `app::work`), posting its
/// progress (at most every 50 ms) and its files' bytes as it goes; returns its answer's text.
#[wasm_bindgen]
pub fn work(request: &str) -> String {
    struct Post;
    impl super::work::Outbox for Post {
        fn progress(&mut self, n: usize) -> bool {
            post_count(n);
            true
        }
        fn meter(&self) -> crate::meter::Meter {
            crate::meter::Meter::reporting(post_count)
        }
        fn file(&mut self, name: String, bytes: Vec<u8>) {
            let scope = worker_scope();
            let _ = scope.post_message(&JsValue::from_str(&serde_json::json!({ "file": name }).to_string()));
            let _ = scope.post_message(&js_sys::Uint8Array::from(bytes.as_slice()));
        }
    }
    super::work::answer(request, &mut Post)
}

fn worker_scope() -> web_sys::DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Posts a count (a search's positions, an export's frames) to the page, at most every 50 ms
/// (in a worker: the time of the last post is the worker's own).
fn post_count(n: usize) {
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = js_sys::Date::now();
    if now - f64::from_bits(LAST.load(Ordering::Relaxed)) >= 50.0 {
        LAST.store(now.to_bits(), Ordering::Relaxed);
        let _ = worker_scope().post_message(&JsValue::from_str(&format!("{{\"progress\": {n}}}")));
    }
}

/// What a job in a worker ends with: its answer's text, or why there is none ("cancelled" when
/// the worker was ended first).
type Done = Box<dyn FnOnce(Result<String, String>)>;

thread_local! {
    /// The jobs running in workers.
    static WORKERS: std::cell::RefCell<Vec<Running>> = const { std::cell::RefCell::new(Vec::new()) };
}

struct Running {
    /// Set by Cancel (or when the answer came): the worker is ended at the next frame.
    cancel: Arc<AtomicBool>,
    worker: web_sys::Worker,
    pending: std::rc::Rc<std::cell::RefCell<Pending>>,
    _handlers: [Closure<dyn FnMut(JsValue)>; 2],
}

struct Pending {
    done: Option<Done>,
    /// The name of the file whose bytes come in the next message.
    name: Option<String>,
}

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Runs `request` in a Web Worker; each count it reports goes to `progress`, its files to the
/// page's downloads, its answer to `done` (an `Err` when it failed; "cancelled" when `cancel`
/// was set before it answered).
pub fn elsewhere(
    request: String,
    cancel: Arc<AtomicBool>,
    progress: Box<dyn Fn(usize)>,
    done: Done,
    repaint: impl Fn() + 'static,
) {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = match web_sys::Worker::new_with_options("./worker.js", &options) {
        Ok(w) => w,
        Err(e) => return done(Err(format!("no worker could be started: {e:?}"))),
    };
    // First the module the page already compiled (the worker only instantiates it: it never
    // fetches or compiles the wasm again), then the request. The answer comes as an event
    // later, once the handlers below are set.
    let sent =
        worker.post_message(&wasm_bindgen::module()).and_then(|_| worker.post_message(&JsValue::from_str(&request)));
    if let Err(e) = sent {
        worker.terminate();
        return done(Err(format!("the worker refused the request: {e:?}")));
    }
    let pending = std::rc::Rc::new(std::cell::RefCell::new(Pending { done: Some(done), name: None }));
    let repaint = std::rc::Rc::new(repaint);
    let (p, flag, again) = (pending.clone(), cancel.clone(), repaint.clone());
    let on_message = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        let Ok(m) = e.dyn_into::<web_sys::MessageEvent>() else { return };
        let data = m.data();
        let mut p = p.borrow_mut();
        if let Some(text) = data.as_string() {
            let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
            if let Some(n) = v["progress"].as_u64() {
                progress(n as usize);
            } else if let Some(name) = v["file"].as_str() {
                p.name = Some(name.to_string());
            } else if let Some(done) = p.done.take() {
                // The answer: the next frame ends the worker.
                flag.store(true, Ordering::Relaxed);
                done(Ok(text));
            }
        } else if let (Some(name), Ok(bytes)) = (p.name.take(), data.dyn_into::<js_sys::Uint8Array>()) {
            crate::render::export::push_download(name, bytes.to_vec());
        }
        again();
    });
    let (p, flag) = (pending.clone(), cancel.clone());
    let on_error = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        if let Some(done) = p.borrow_mut().done.take() {
            flag.store(true, Ordering::Relaxed);
            done(Err("the worker stopped with an error (out of memory?)".into()));
        }
        repaint();
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    WORKERS.with(|w| w.borrow_mut().push(Running { cancel, worker, pending, _handlers: [on_message, on_error] }));
}

/// Ends the workers whose job was cancelled or has answered; a cancelled job's `done` hears
/// "cancelled".
fn end_workers() {
    let ended: Vec<Running> = WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        let (ended, running) = w.drain(..).partition(|r| r.cancel.load(Ordering::Relaxed));
        *w = running;
        ended
    });
    for r in ended {
        r.worker.terminate();
        let done = r.pending.borrow_mut().done.take();
        if let Some(done) = done {
            done(Err("cancelled".into()));
        }
    }
}

/// Runs `state`'s solver in a worker (the page goes on drawing); its answer, played back
/// through the rules, is sent on `tx`. A position its level text cannot carry is solved here.
pub fn solve_elsewhere<P: super::play::Playable>(
    state: P,
    cancel: Arc<AtomicBool>,
    progress: Arc<crate::meter::Meter>,
    tx: std::sync::mpsc::Sender<Result<super::play::Answer<P::Move>, String>>,
    repaint: impl Fn() + Send + 'static,
) {
    let Some(request) = super::work::solve_request(&state) else {
        let _ = tx.send(state.solve(&cancel, &progress));
        repaint();
        return;
    };
    let done: Done = Box::new(move |r| {
        let _ = tx.send(r.and_then(|text| super::work::answer_of(&state, &text)));
    });
    let shown = Box::new(move |n| progress.store(n, Ordering::Relaxed));
    elsewhere(request, cancel, shown, done, repaint);
}
