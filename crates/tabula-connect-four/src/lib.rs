//! The connect-four rules engine (under construction).
