//! Board coverage for the analysis (`tabula analyze`): the 54 cells of the nine lines,
//! numbered `line · 6 + square − 1` (line `a` = 0, square 1 at the board's edge). A
//! placement uses the line's first free cell; a flight the cells its pawns land on, and
//! when it completes the line, the cells the split sends the top pawns to (R5, R7); a swap
//! both exchanged cells; a pass none.

use crate::board::LINES;
use crate::{Action, Split, Toumai};

/// Cells per line.
const CELLS: usize = 6;

fn cell(line: usize, height: usize) -> Option<usize> {
    (line < LINES && (1..=CELLS).contains(&height)).then(|| line * CELLS + height - 1)
}

impl Toumai {
    /// The number of cells (the board's spaces).
    pub(crate) const COVERAGE_SPACES: usize = LINES * CELLS;

    /// The cells `action`, played now, moves a pawn onto or places one on, appended to `out`.
    pub(crate) fn coverage_cells(&self, action: Action, out: &mut Vec<usize>) {
        let mut h: [usize; LINES] = std::array::from_fn(|l| self.line_height(l));
        match action {
            Action::Place { line, .. } => out.extend(cell(line as usize, h[line as usize] + 1)),
            Action::Flight {
                from,
                count,
                to,
                split,
            } => {
                let (from, to, count) = (from as usize, to as usize, count as usize);
                if from >= LINES || to >= LINES {
                    return;
                }
                h[from] = h[from].saturating_sub(count);
                out.extend((1..=count).filter_map(|k| cell(to, h[to] + k)));
                h[to] += count;
                if let Some(Split { pair, third }) = split.filter(|_| h[to] >= CELLS) {
                    h[to] = 3;
                    let (pair, third) = (pair as usize, third as usize);
                    if pair < LINES && third < LINES {
                        out.extend(cell(pair, h[pair] + 1));
                        out.extend(cell(pair, h[pair] + 2));
                        h[pair] += 2;
                        out.extend(cell(third, h[third] + 1));
                    }
                }
            }
            Action::Swap { first, second } => {
                for s in [first, second] {
                    out.extend(cell(s.line as usize, s.square as usize));
                }
            }
            Action::Pass => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;
    use tabula_core::Game;

    #[test]
    fn every_action_uses_the_cells_its_pawns_reach() {
        let g = Toumai::new(&Default::default()).unwrap();
        assert_eq!(g.board_spaces(), Some(54));
        let mut out = Vec::new();
        // An empty board: a placement on line c uses c1.
        let kind = match g.legal_actions_vec().into_iter().next() {
            Some(Action::Place { kind, .. }) => kind,
            other => panic!("not a placement: {other:?}"),
        };
        g.spaces_used(Action::Place { kind, line: 2 }, &mut out);
        assert_eq!(out, [12]);
        let swap = Action::Swap {
            first: Square { line: 0, square: 2 },
            second: Square { line: 8, square: 1 },
        };
        g.spaces_used(swap, &mut out);
        assert_eq!(out, [1, 48]);
        g.spaces_used(Action::Pass, &mut out);
        assert!(out.is_empty());
    }

    impl Toumai {
        fn legal_actions_vec(&self) -> Vec<Action> {
            let mut v = Vec::new();
            self.legal_actions(&mut v);
            v
        }
    }
}
