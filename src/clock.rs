//! The clocks. A desktop process has the operating system's; a web page (wasm32) has none in
//! `std` (`Instant::now` panics there), so it reads the browser's `performance.now()` and
//! `Date.now()` through `web-time`, which has the same types and methods.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::{Instant, SystemTime, UNIX_EPOCH};
#[cfg(target_arch = "wasm32")]
pub use web_time::{Instant, SystemTime, UNIX_EPOCH};

/// The processor time the calling thread has used (`None` where the system does not say: the
/// web page, systems other than Unix). A search that shares out its time by the clock reads
/// it to know how much of the wall-clock time it had the processor, so a machine busy with
/// other work does not change its choices.
pub fn thread_cpu() -> Option<std::time::Duration> {
    #[cfg(all(unix, not(target_arch = "wasm32")))]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `t` is a valid timespec to write to; the call only writes it.
        let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        (r == 0).then(|| std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
    }
    #[cfg(not(all(unix, not(target_arch = "wasm32"))))]
    {
        None
    }
}
