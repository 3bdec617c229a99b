//! The khan-tsin rules engine (under construction).
