// A solver for the page (src/app/web.rs, solve_elsewhere): the same module, loaded in a Web
// Worker; each message is a position as text, each answer its solution as JSON text.
import init, { work } from './tumblebox.js';
const ready = init();
self.onmessage = async (e) => {
  await ready;
  self.postMessage(work(e.data));
};
