//! The upper bounds of every search setting, so that no specification (a seat's bot sent by a
//! client, an analysis request, a command line) can ask for more memory than a server has, more
//! threads than make sense, or a search that would not end for hours.
//!
//! [`MctsConfig::check`](crate::MctsConfig::check),
//! [`AlphaBetaConfig::check`](crate::AlphaBetaConfig::check),
//! [`SearchLimits::check`](crate::SearchLimits::check) and the levels' options refuse a value
//! beyond its bound with a message naming the setting and the bound
//! (`nodes: at most 8000000 (about 2 GiB), not 1000000000000000`). docs/engine.md lists them
//! for users.

/// The most threads one search may use (either engine, a level's `threads`).
pub const MAX_THREADS: usize = 64;

/// The longest wall time one search may be given, in milliseconds (10 minutes): `ms=` of
/// either engine and of a level, and a host's `movetime`.
pub const MAX_TIME_MS: u64 = 600_000;

/// The most MCTS iterations one search may be given (a level's strongest budget is 50 000).
pub const MAX_ITERATIONS: u64 = 100_000_000;

/// The most nodes an MCTS bot's trees may hold together (`nodes=`; with `parallel=root` each
/// of the `threads` trees holds up to `nodes`, so `nodes × threads` is bounded). A node takes
/// [`NODE_BYTES`] at most, so the trees take at most about 2 GiB.
pub const MAX_TREE_NODES: usize = 8_000_000;

/// The most memory one MCTS node takes in the worst case (five seats; a tree-parallel search
/// holds the shared arena and the tree it writes back at the end), in bytes: the figure
/// behind the size that [`MAX_TREE_NODES`] stands for.
pub const NODE_BYTES: usize = 256;

/// The longest rollout an MCTS search may be given (`steps=`), in steps.
pub const MAX_ROLLOUT_STEPS: u32 = 100_000;

/// The deepest alpha-beta iteration one search may be given (`depth=`), in plies.
pub const MAX_DEPTH: u32 = 64;

/// The most nodes an alpha-beta search may be given (`nodes=`, or a host's `iterations`).
pub const MAX_SEARCH_NODES: u64 = 1_000_000_000;

/// The largest alpha-beta transposition table (`tt=`): `2^26` entries of 16 bytes, 1 GiB.
pub const MAX_TT_BITS: u8 = 26;

/// `Err` naming `field` and its bound `max` (with `note`, e.g. the memory it stands for)
/// when `value` is above it.
pub(crate) fn at_most<T: PartialOrd + std::fmt::Display>(
    field: &str,
    value: T,
    max: T,
    note: &str,
) -> Result<(), String> {
    if value <= max {
        return Ok(());
    }
    let note = if note.is_empty() {
        String::new()
    } else {
        format!(" ({note})")
    };
    Err(format!("{field}: at most {max}{note}, not {value}"))
}

/// `Err` naming `field` when `value` is not a finite number ≥ 0.
pub(crate) fn finite(field: &str, value: f64) -> Result<(), String> {
    if value.is_finite() && value >= 0.0 {
        Ok(())
    } else {
        Err(format!("{field}: a finite number ≥ 0, not {value}"))
    }
}

/// The size in memory that `count` items of `bytes` bytes stand for, rounded for people
/// (`about 2 GB`).
pub(crate) fn about_bytes(count: u128, bytes: u128) -> String {
    let total = count.saturating_mul(bytes);
    let (unit, size) = [(1u128 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        .into_iter()
        .find(|(size, _)| total >= *size)
        .unwrap_or((1, "bytes"));
    format!("about {} {size}", total.div_ceil(unit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_beyond_its_bound_is_refused_naming_the_field_and_the_bound() {
        assert_eq!(at_most("threads", 64usize, MAX_THREADS, ""), Ok(()));
        assert_eq!(
            at_most("threads", 65usize, MAX_THREADS, ""),
            Err("threads: at most 64, not 65".to_string())
        );
        assert_eq!(
            at_most("tt", 27u8, MAX_TT_BITS, "1 GiB"),
            Err("tt: at most 26 (1 GiB), not 27".to_string())
        );
        assert!(finite("c", 1.4).is_ok());
        for bad in [f64::NAN, f64::INFINITY, -1.0] {
            assert!(finite("c", bad).unwrap_err().starts_with("c: "), "{bad}");
        }
    }

    #[test]
    fn sizes_are_written_in_the_largest_unit_that_fits() {
        assert_eq!(
            about_bytes(MAX_TREE_NODES as u128, NODE_BYTES as u128),
            "about 2 GiB"
        );
        assert_eq!(about_bytes(1 << 26, 16), "about 1 GiB");
        assert_eq!(about_bytes(3, 100), "about 300 bytes");
        assert_eq!(about_bytes(1000, 1000), "about 977 KiB");
    }
}
