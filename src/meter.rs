//! A count a long search keeps up to date (positions searched), read by whoever shows it. An
//! atomic, so a window's thread reads what a solver's thread writes; on a web page, where a
//! solver runs in a worker whose memory the page cannot read, it also reports each new count
//! (the worker posts it to the page).

use std::sync::atomic::{AtomicUsize, Ordering};

/// Called with each count stored.
pub type Report = Box<dyn Fn(usize) + Send + Sync>;

#[derive(Default)]
pub struct Meter {
    n: AtomicUsize,
    report: Option<Report>,
}

impl std::fmt::Debug for Meter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Meter({})", self.n.load(Ordering::Relaxed))
    }
}

impl Meter {
    pub const fn new() -> Meter {
        Meter { n: AtomicUsize::new(0), report: None }
    }

    /// A meter that also hands every count stored to `report`.
    pub fn reporting(report: impl Fn(usize) + Send + Sync + 'static) -> Meter {
        Meter { n: AtomicUsize::new(0), report: Some(Box::new(report)) }
    }

    pub fn store(&self, n: usize, order: Ordering) {
        self.n.store(n, order);
        if let Some(r) = &self.report {
            r(n);
        }
    }

    /// Adds `n` to the count (and reports the sum).
    pub fn fetch_add(&self, n: usize, order: Ordering) -> usize {
        let before = self.n.fetch_add(n, order);
        if let Some(r) = &self.report {
            r(before + n);
        }
        before
    }

    pub fn load(&self, order: Ordering) -> usize {
        self.n.load(order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_meter_keeps_the_count_and_reports_each_one() {
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let s = seen.clone();
        let m = Meter::reporting(move |n| s.lock().unwrap().push(n));
        m.store(5, Ordering::Relaxed);
        m.store(9, Ordering::Relaxed);
        assert_eq!(m.load(Ordering::Relaxed), 9);
        assert_eq!(*seen.lock().unwrap(), vec![5, 9]);
        let plain = Meter::new();
        plain.store(3, Ordering::Relaxed);
        assert_eq!(plain.load(Ordering::Relaxed), 3);
    }
}
