//! Toy games for the search tests: small enough that the right decision is known, shaped to
//! exercise what Connect Four cannot — 3 to 5 seats with per-seat returns, chance events, a
//! seat other than the last mover deciding, several seats racing to act, and a rollout policy
//! much stronger than the tree's exploration.

#![allow(dead_code)]

pub mod corridor;
pub mod kingmaker;
pub mod race;
pub mod safe;
