//! The seeded random generator. A host (CLI, server, match runner, search) owns one and lends
//! it to the game for chance events and random setups: the same seed replays the same game on
//! every platform, since xoshiro256++ is fully specified (unlike `rand`'s `SmallRng`).

use rand::SeedableRng;

/// The generator every Tabula component uses.
pub type GameRng = rand_xoshiro::Xoshiro256PlusPlus;

/// A generator from a 64-bit seed (expanded with SplitMix64, as `rand` specifies).
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}
