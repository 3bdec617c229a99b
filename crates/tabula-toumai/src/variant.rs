//! The rule variants a designer may try against the rulings (parameters `placement_round2`
//! and `swap_lock`), decoded once from [`Params`](crate::Params) into a small copyable value
//! the state carries. A variant is fixed for a game: it is not part of a position.

use tabula_core::ParamsError;

/// `placement_round2`: the order of setup round 2.
pub(crate) const PLACEMENT_ROUND2: (&str, [&str; 2]) = ("placement_round2", ["reversed", "same"]);
/// `swap_lock`: which previous turn forbids a swap.
pub(crate) const SWAP_LOCK: (&str, [&str; 2]) = ("swap_lock", ["own", "any"]);

/// The decoded variant, one bit per parameter so that the state keeps within 64 bytes;
/// `Variant::default()` is the rulings (R1, R8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Variant(u8);

/// Bit of `placement_round2 = "same"`.
const ROUND2_SAME: u8 = 1;
/// Bit of `swap_lock = "any"`.
const SWAP_ANY_TURN: u8 = 2;

impl Variant {
    /// Decodes the two parameters; the error names the parameter and its allowed values.
    pub fn decode(placement_round2: &str, swap_lock: &str) -> Result<Variant, ParamsError> {
        let same = choice(PLACEMENT_ROUND2, placement_round2)?;
        let any = choice(SWAP_LOCK, swap_lock)?;
        Ok(Variant(
            if same { ROUND2_SAME } else { 0 } | if any { SWAP_ANY_TURN } else { 0 },
        ))
    }

    /// R1 variant: round 2 is placed in turn order (`same`) instead of reversed.
    #[inline]
    pub fn round2_same(self) -> bool {
        self.0 & ROUND2_SAME != 0
    }

    /// R8 variant: a swap is forbidden after a swap on the turn just before, whoever played
    /// it (`any`), instead of after the mover's own previous swap.
    #[inline]
    pub fn swap_any_turn(self) -> bool {
        self.0 & SWAP_ANY_TURN != 0
    }

    /// The parameter values, as [`Variant::decode`] reads them.
    pub fn values(self) -> (String, String) {
        (
            PLACEMENT_ROUND2.1[self.round2_same() as usize].to_string(),
            SWAP_LOCK.1[self.swap_any_turn() as usize].to_string(),
        )
    }
}

/// Whether `value` is the second (non-default) choice of the parameter.
fn choice((name, allowed): (&str, [&str; 2]), value: &str) -> Result<bool, ParamsError> {
    match allowed.iter().position(|&a| a == value) {
        Some(i) => Ok(i == 1),
        None => Err(ParamsError::new(
            name,
            format!(
                "`{value}` is not allowed: write `{}` (the default) or `{}`",
                allowed[0], allowed[1]
            ),
        )),
    }
}
