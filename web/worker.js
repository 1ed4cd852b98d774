// A solver for the page (src/app/web.rs, solve_elsewhere): the same module in a Web Worker.
// The page's first message is its compiled WebAssembly.Module (the page fetched and compiled
// it once; the worker only instantiates it); each message after it is a request as text, each
// answer its result as JSON text.
import init, { work } from './tumblebox.js';
let ready = null;
self.onmessage = async (e) => {
  if (e.data instanceof WebAssembly.Module) {
    ready = init({ module_or_path: e.data });
    return;
  }
  // A page that sent no module: the worker fetches it itself.
  ready ??= init();
  await ready;
  self.postMessage(work(e.data));
};
