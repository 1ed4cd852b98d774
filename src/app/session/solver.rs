//! A session's solver thread: started for the position on screen, cancelled when that
//! position changes, its answer played back or shown as a hint.

use super::Session;
use crate::app::mpsc;
use crate::app::play::{Answer, Playable};
use crate::app::session::Arc;
use crate::app::session::AtomicBool;
use crate::app::session::Ordering;

/// A solver running on another thread.
pub struct SolverJob<P: Playable> {
    pub cancel: Arc<AtomicBool>,
    pub progress: Arc<crate::meter::Meter>,
    pub result: mpsc::Receiver<Result<Answer<P::Move>, String>>,
    /// Play the answer (solve) or only report its first move (hint).
    pub hint_only: bool,
    /// The position searched: an answer is used only while it is still on screen.
    pub from: P,
}

impl<P: Playable> Session<P> {
    /// Starts the solver on a background thread; `repaint` is called when it finishes.
    pub fn start_solver(&mut self, hint_only: bool, repaint: impl Fn() + Send + 'static) {
        self.cancel_solver();
        let state = self.current().clone();
        let cancel = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(crate::meter::Meter::new());
        let (tx, rx) = mpsc::channel();
        let (c, p) = (cancel.clone(), progress.clone());
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::spawn(move || {
            let r = state.solve(&c, &p);
            let _ = tx.send(r);
            repaint();
        });
        // A web page has no threads: a worker runs the solver (Cancel ends it).
        #[cfg(target_arch = "wasm32")]
        crate::app::web::solve_elsewhere(state, c, p, tx, repaint);
        self.solver = Some(SolverJob { cancel, progress, result: rx, hint_only, from: self.current().clone() });
        self.say("solving…");
    }

    pub fn cancel_solver(&mut self) {
        if let Some(j) = self.solver.take() {
            j.cancel.store(true, Ordering::Relaxed);
            self.say("solver cancelled");
        }
    }

    /// Collects a finished solver's answer: plays it back, or shows the hint. An answer for a
    /// position no longer on screen is dropped (moving cancels the search, so this is a guard).
    pub fn poll_solver(&mut self, instant: bool) {
        let Some(job) = &self.solver else { return };
        let Ok(result) = job.result.try_recv() else { return };
        let hint = job.hint_only;
        let stale = &job.from != self.current();
        self.solver = None;
        if stale {
            self.say("the answer was for an earlier position: dropped");
            return;
        }
        match result {
            Ok(Answer { moves, .. }) if moves.is_empty() => {
                let text = self.current().nothing_left();
                self.say(text);
            }
            Ok(answer) if hint => {
                self.hint = Some(answer.moves[0].clone());
                let n = self.current().hint_len(&answer.moves).clamp(1, answer.moves.len());
                self.hint_line = answer.moves[..n].to_vec();
                let text = self.current().hint_text(&answer);
                self.say(text);
                self.hint_seq = self.message_seq;
            }
            Ok(answer) => {
                let mut text = self.current().solution_text(&answer);
                // Its counts are from here: the banner's will count the moves before it too.
                if self.moves() > 0 {
                    text.push_str(&format!(" (from move {})", self.moves()));
                }
                if answer.moves.len() > 200 && !instant {
                    text.push_str("; over 200 moves, so made at once (the timeline plays it back)");
                }
                self.say(text);
                let moves = answer.moves;
                self.solver_played = true;
                if moves.len() > 200 || instant {
                    let mut rest = moves.into_iter();
                    for m in rest.by_ref() {
                        match self.make_as(&m, true, true, 0) {
                            Err(e) => {
                                self.say(e);
                                break;
                            }
                            Ok(true) => {
                                // Stopped at a breakpoint: the rest waits for play.
                                self.queue.extend(rest.by_ref().map(|m| (m, 0)));
                                self.queue_given = true;
                                self.queue_paused = true;
                                break;
                            }
                            Ok(false) => {}
                        }
                    }
                } else {
                    self.queue.extend(moves.into_iter().map(|m| (m, 0)));
                    self.queue_given = true;
                }
            }
            Err(e) => self.say(e),
        }
    }
}
