//! The magical-circle rules engine (under construction).
