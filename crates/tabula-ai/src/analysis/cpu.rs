//! The CPU time the process has used (every thread, user and system), for the analysis
//! report's `cpu_s`.

/// CPU seconds used by this process so far (0 where the platform does not say).
#[cfg(unix)]
pub fn process_seconds() -> f64 {
    // SAFETY: getrusage only writes into the zeroed struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_SELF, &mut usage) != 0 {
            return 0.0;
        }
        usage
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// CPU seconds used by this process so far (0 where the platform does not say).
#[cfg(not(unix))]
pub fn process_seconds() -> f64 {
    0.0
}

#[cfg(test)]
mod tests {
    #[test]
    fn cpu_time_grows_with_work() {
        let before = super::process_seconds();
        let mut x = 0u64;
        // Enough work to register at the clock's microsecond resolution.
        for i in 0..50_000_000u64 {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
        }
        assert!(super::process_seconds() > before, "{x}");
    }
}
