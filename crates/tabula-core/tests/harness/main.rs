//! The harness's own tests: it detects the bugs it is meant to detect, one binary.

mod harness_detects_bugs;
mod harness_detects_index_bugs;
