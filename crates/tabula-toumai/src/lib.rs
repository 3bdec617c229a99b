//! The toumai rules engine (under construction).
