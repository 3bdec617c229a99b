//! The china-moon rules engine (under construction).
