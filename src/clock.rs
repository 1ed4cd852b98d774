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

#[cfg(test)]
mod tests {
    use super::*;

    /// The thread's processor time grows while it works and not while it sleeps.
    #[cfg(all(unix, not(target_arch = "wasm32")))]
    #[test]
    fn the_threads_processor_time_counts_work_and_not_sleep() {
        let t0 = thread_cpu().expect("a Unix thread's clock");
        let began = Instant::now();
        let mut x = 1u64;
        while began.elapsed() < std::time::Duration::from_millis(200) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        let t1 = thread_cpu().expect("a Unix thread's clock");
        assert!(t1 > t0, "{t0:?} then {t1:?}");
        std::thread::sleep(std::time::Duration::from_millis(300));
        let t2 = thread_cpu().expect("a Unix thread's clock");
        assert!(t2 - t1 < std::time::Duration::from_millis(100), "{:?} while asleep", t2 - t1);
    }
}
