//! A stack of tokens packed in a `u32`: 2 bits per token (colour code 1 white, 2 green,
//! 3 blue), bottom token in the lowest bits, so that the height, the top and the tokens per
//! colour come from a few bit operations. Whether the top token is a Khan is kept apart (the
//! board's Khan mask): a playing colour's Khan is never covered, so only a top can be one.

use crate::params::Colour;

/// Mask of the low bit of each of the 9 token fields.
const LOW_BITS: u32 = 0x15555;

/// The most tokens a stack can hold (3 of each colour).
pub const MAX_HEIGHT: usize = 9;

/// Per-colour token counts packed in 4-bit fields (white, green, blue), so that two of them
/// add field by field and [`Counts::over_three`] checks all three fields at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts(pub u32);

impl Counts {
    #[inline]
    pub fn one(colour: u32) -> Counts {
        Counts(1 << (4 * (colour - 1)))
    }

    #[inline]
    pub fn add(self, other: Counts) -> Counts {
        Counts(self.0 + other.0)
    }

    /// Whether some colour has more than 3 tokens (each field at most 6 here).
    #[inline]
    pub fn over_three(self) -> bool {
        (self.0 + 0x444) & 0x888 != 0
    }

    pub fn get(self, colour: Colour) -> u32 {
        (self.0 >> (4 * colour.index())) & 0xF
    }
}

/// The tokens of one square, bottom to top; `Stack(0)` is an empty square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stack(pub u32);

impl Stack {
    /// The empty square.
    pub const EMPTY: Stack = Stack(0);

    /// A stack of one token.
    #[inline]
    pub fn single(colour: Colour) -> Stack {
        Stack(colour as u32)
    }

    /// Whether the square has no token.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of tokens.
    #[inline]
    pub fn height(self) -> usize {
        ((33 - self.0.leading_zeros()) / 2) as usize
    }

    /// The colour code (1…3) of the token at `level` (0 = bottom).
    #[inline]
    pub fn code_at(self, level: usize) -> u32 {
        (self.0 >> (2 * level)) & 3
    }

    /// The colour code of the top token (0 when empty).
    #[inline]
    pub fn top_code(self) -> u32 {
        match self.height() {
            0 => 0,
            h => self.code_at(h - 1),
        }
    }

    /// The colour of the top token (`None` when empty).
    pub fn top(self) -> Option<Colour> {
        match self.top_code() {
            0 => None,
            c => Some(Colour::from_code(c)),
        }
    }

    /// Tokens of each colour.
    #[inline]
    pub fn counts(self) -> Counts {
        let lo = self.0 & LOW_BITS;
        let hi = (self.0 >> 1) & LOW_BITS;
        Counts((lo & !hi).count_ones() | (hi & !lo).count_ones() << 4 | (lo & hi).count_ones() << 8)
    }

    /// Splits off the top `n` tokens: (what stays, the moving group).
    #[inline]
    pub fn split(self, n: usize) -> (Stack, Stack) {
        let keep = 2 * (self.height() - n) as u32;
        (Stack(self.0 & ((1u32 << keep) - 1)), Stack(self.0 >> keep))
    }

    /// This stack with `group` on top.
    #[inline]
    pub fn with_on_top(self, group: Stack) -> Stack {
        Stack(self.0 | group.0 << (2 * self.height()))
    }

    /// The colours bottom to top.
    pub fn colours(self) -> impl Iterator<Item = Colour> {
        (0..self.height()).map(move |l| Colour::from_code(self.code_at(l)))
    }

    /// A stack from colours bottom to top (at most 9).
    pub fn from_colours(colours: impl IntoIterator<Item = Colour>) -> Stack {
        colours
            .into_iter()
            .fold(Stack::EMPTY, |s, c| s.with_on_top(Stack::single(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;

    #[test]
    fn packed_stack_operations() {
        let s = Stack::from_colours([White, Blue, Green, Green]);
        assert_eq!(s.height(), 4);
        assert_eq!(s.top(), Some(Green));
        let c = s.counts();
        assert_eq!((c.get(White), c.get(Green), c.get(Blue)), (1, 2, 1));
        let (rest, group) = s.split(3);
        assert_eq!(rest, Stack::from_colours([White]));
        assert_eq!(group, Stack::from_colours([Blue, Green, Green]));
        assert_eq!(rest.with_on_top(group), s);
        assert_eq!(Stack::EMPTY.height(), 0);
        assert_eq!(Stack::EMPTY.top(), None);
        let full =
            Stack::from_colours([Blue, Blue, Blue, White, White, White, Green, Green, Green]);
        assert_eq!(full.height(), 9);
        assert!(!full.counts().over_three());
        assert!(full.counts().add(Counts::one(2)).over_three());
        assert_eq!(full.colours().count(), 9);
    }
}
