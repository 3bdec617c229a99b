//! Toy games for the search tests: small enough that the right decision is known, shaped to
//! exercise what Connect Four cannot — 3 to 5 seats with per-seat returns, chance events, a
//! seat other than the last mover deciding, several seats racing to act, and a rollout policy
//! much stronger than the tree's exploration.

#![allow(dead_code)]

/// The notation methods of a toy game that the search tests never read (match reports name
/// actions in notation, so the arena needs a `Notation`): positions are not parsed back, and
/// actions print as their `Debug` form.
macro_rules! toy_notation {
    ($name:literal, $params:ty, $action:ty) => {
        fn from_notation(_: &$params, text: &str) -> Result<Self, PositionError> {
            Err(PositionError::new($name, text))
        }

        fn parse_action(&self, _: Actor, text: &str) -> Result<$action, NotationError> {
            Err(NotationError::new(text, "not supported"))
        }

        fn format_action(&self, action: $action) -> String {
            format!("{action:?}")
        }
    };
}

pub mod connect_four;
pub mod corridor;
pub mod kingmaker;
pub mod race;
pub mod safe;
