//! What the load test reads of the server's processes in `/proc`: resident memory and CPU
//! time (user + system), summed over every process given (several instances).

use std::sync::OnceLock;

/// Resident memory of a process, in KiB (`VmRSS` of `/proc/<pid>/status`; 0 if unreadable).
pub fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The kernel's clock ticks per second (`getconf CLK_TCK`; 100 when it cannot be asked).
fn ticks_per_second() -> f64 {
    static TICKS: OnceLock<f64> = OnceLock::new();
    *TICKS.get_or_init(|| {
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .filter(|t: &f64| *t > 0.0)
            .unwrap_or(100.0)
    })
}

/// User and system CPU time of a process, in seconds: `utime + stime` of `/proc/<pid>/stat`
/// (its threads included). `None` when the process cannot be read.
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (in parentheses): state (3rd field of the line), …,
    // utime (14th), stime (15th).
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / ticks_per_second())
}

/// The CPU time of all of `pids`, in seconds (a process that cannot be read counts 0).
pub fn total_cpu_seconds(pids: &[u32]) -> f64 {
    pids.iter().filter_map(|&p| cpu_seconds(p)).sum()
}

#[cfg(test)]
mod tests {
    #[test]
    fn spinning_shows_in_this_processs_cpu_time() {
        let me = std::process::id();
        let before = super::cpu_seconds(me).expect("our own /proc/<pid>/stat");
        let start = std::time::Instant::now();
        let mut x = 0u64;
        while start.elapsed() < std::time::Duration::from_millis(300) {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(1));
        }
        let after = super::cpu_seconds(me).unwrap();
        assert!(after - before >= 0.1, "{before} s → {after} s");
        assert!(super::rss_kib(me) > 0);
        assert_eq!(super::cpu_seconds(u32::MAX), None);
    }
}
