//! Thread CPU time for the benchmark binaries that time one thread's work.

use std::time::Duration;

/// The CPU time the calling thread has used: unlike the wall clock, it
/// does not count the time other processes hold the CPU, which on a shared
/// machine varies far more than the work measured.
pub fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec; the clock id is a
    // constant every Linux and BSD has.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) } == 0;
    if !ok {
        return Duration::ZERO;
    }
    Duration::new(
        u64::try_from(now.tv_sec).unwrap_or(0),
        u32::try_from(now.tv_nsec).unwrap_or(0),
    )
}
