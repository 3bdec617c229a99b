//! Perft: the number of action paths of a given length from a position, the standard check
//! of a move generator. `perft(p, 0) = 1`; `perft(p, d)` sums `perft(apply(p, a), d − 1)` over
//! the legal actions `a` of `p` (every acting seat's, when several may act; chance outcomes
//! count as actions); a finished game has none.
//!
//! Perft data files hold one case per line, in the EPD style:
//!
//! ```text
//! # a comment; blank lines are skipped
//! <position> ;D1 34 ;D2 1156 ;D3 39304
//! ```

use crate::Game;

/// Counts action paths of length `depth` from `game`.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Action>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    perft_with(game, depth, &mut buffers)
}

fn perft_with<G: Game>(game: &G, depth: u32, buffers: &mut [Vec<G::Action>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (actions, rest) = buffers.split_first_mut().expect("one buffer per depth");
    game.legal_actions(actions);
    if depth == 1 {
        return actions.len() as u64;
    }
    let mut total = 0;
    for &a in actions.iter() {
        let mut child = game.clone();
        child.apply(a);
        total += perft_with(&child, depth - 1, rest);
    }
    total
}

/// Per-action counts at the root (`perft divide`), for finding where two generators differ.
pub fn divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Action, u64)> {
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    actions
        .into_iter()
        .map(|a| {
            let mut child = game.clone();
            child.apply(a);
            (a, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

/// One line of a perft data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// 1-based line number in the file, for error messages.
    pub line: usize,
    /// The position, in the game's notation.
    pub position: String,
    /// `(depth, expected count)` pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a perft data file; the error names the faulty line.
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let position = fields.next().unwrap_or("").trim().to_string();
        if position.is_empty() {
            return Err(format!("line {}: no position", i + 1));
        }
        let mut counts = Vec::new();
        for field in fields {
            let field = field.trim();
            let parsed = field
                .strip_prefix('D')
                .and_then(|rest| rest.split_once(' '))
                .and_then(|(d, n)| Some((d.parse().ok()?, n.trim().parse().ok()?)));
            match parsed {
                Some(pair) => counts.push(pair),
                None => {
                    return Err(format!(
                        "line {}: `{field}` is not `D<depth> <count>`",
                        i + 1
                    ));
                }
            }
        }
        if counts.is_empty() {
            return Err(format!("line {}: no `;D<depth> <count>` field", i + 1));
        }
        cases.push(PerftCase {
            line: i + 1,
            position,
            counts,
        });
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_file_reads_cases_and_names_bad_lines() {
        let cases = parse_perft_file("# c\n\npos a b ;D1 3 ;D2 9\n").unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].position, "pos a b");
        assert_eq!(cases[0].counts, vec![(1, 3), (2, 9)]);
        assert_eq!(cases[0].line, 3);
        let err = parse_perft_file("x ;D1 3\ny ;E2 4\n").unwrap_err();
        assert!(err.starts_with("line 2:"), "{err}");
        assert!(parse_perft_file("only a position\n").is_err());
    }
}
