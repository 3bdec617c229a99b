//! Search for Tabula games (under construction).
