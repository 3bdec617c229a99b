//! Toy games for the search tests: small enough that the right decision is known, shaped to
//! exercise what Connect Four cannot — 3 to 5 seats with per-seat returns, chance events, a
//! seat other than the last mover deciding, several seats racing to act, and a rollout policy
//! much stronger than the tree's exploration.

#![allow(dead_code)]

/// The notation methods of a toy game, which the search tests never read: positions are
/// not parsed back, actions print as their `Debug` form, views and boards are the notation.
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

        fn view(&self, _: Option<Seat>) -> String {
            self.to_notation()
        }

        fn board_text(&self) -> String {
            self.to_notation()
        }
    };
}

pub mod corridor;
pub mod kingmaker;
pub mod race;
pub mod safe;
