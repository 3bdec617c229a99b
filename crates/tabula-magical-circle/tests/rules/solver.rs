//! The solver against exhaustive search: every sequence of swaps (no pair twice in a row) is
//! enumerated with a naive implementation written here, independently of the solver's
//! tables, and compared with the solver's answers for all 720 arrangements.

use tabula_magical_circle::{
    Arrangement, Hand, Pair, formula_reachable, parse_arrangement, parse_cards, parse_hand,
    reachable, solve_lines, swap_distance, swap_sequence, winning_plays,
};

type Word = [u8; 6];

const PAIRS: [(usize, usize); 15] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (0, 5),
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 5),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 4),
    (3, 5),
    (4, 5),
];

fn word(a: Arrangement) -> Word {
    a.elements()
}

fn all_arrangements() -> Vec<Arrangement> {
    (0..720)
        .map(|i| Arrangement::from_index(i).unwrap())
        .collect()
}

/// The words reached by swaps, as a table over all 6^6 words (base-6 code).
struct Reached(Vec<bool>);

impl Reached {
    fn code(w: &Word) -> usize {
        w.iter().fold(0, |acc, &e| acc * 6 + e as usize)
    }

    fn contains(&self, w: &Word) -> bool {
        self.0[Self::code(w)]
    }
}

/// Every word reachable from `start` by exactly k swaps (rule 4), by enumerating every
/// sequence (15 · 14^(k−1) of them): `reached[k]` for k ≤ `max`. Word codes are updated
/// incrementally so that the 113 million sequences of 7 swaps take a few seconds.
fn enumerate(start: Word, max: usize) -> Vec<Reached> {
    const POW: [i64; 6] = [7776, 1296, 216, 36, 6, 1];
    fn go(w: Word, code: i64, last: usize, depth: usize, max: usize, out: &mut [Reached]) {
        out[depth].0[code as usize] = true;
        if depth == max {
            return;
        }
        for (i, &(a, b)) in PAIRS.iter().enumerate() {
            if i == last {
                continue;
            }
            let (x, y) = (w[a] as i64, w[b] as i64);
            let next_code = code + (y - x) * POW[a] + (x - y) * POW[b];
            let mut next = w;
            next.swap(a, b);
            go(next, next_code, i, depth + 1, max, out);
        }
    }
    let mut out: Vec<Reached> = (0..=max).map(|_| Reached(vec![false; 46_656])).collect();
    go(
        start,
        Reached::code(&start) as i64,
        usize::MAX,
        0,
        max,
        &mut out,
    );
    out
}

/// The enumeration from FWEALD to depth 7, shared by the tests that need it.
fn from_fweald() -> &'static [Reached] {
    static CELL: std::sync::OnceLock<Vec<Reached>> = std::sync::OnceLock::new();
    CELL.get_or_init(|| enumerate(word(Arrangement::FIRST), 7))
}

fn check_sequence(from: Arrangement, to: Arrangement, k: usize, last: Option<Pair>) {
    let seq = swap_sequence(from, to, k, last).unwrap_or_else(|| panic!("{from}->{to} k={k}"));
    assert_eq!(seq.len(), k);
    assert!(seq.obeys_rule_4(last), "{seq}");
    assert_eq!(seq.apply_to(from), to, "{from} + {seq}");
}

#[test]
fn solver_matches_exhaustive_search_for_all_720_arrangements_k1_to_7() {
    // Enumerate every sequence of up to 7 swaps from a card (6 from another); by reversibility (a valid
    // sequence read backwards is valid and undoes it), X reaches the card in k swaps iff the
    // card reaches X in k swaps.
    for (card, max) in [("FWEALD", 7), ("LWADFE", 6)] {
        let card = Arrangement::parse(card).unwrap();
        let own;
        let reached = if card == Arrangement::FIRST {
            from_fweald()
        } else {
            own = enumerate(word(card), max);
            &own[..]
        };
        for (k, at_k) in reached.iter().enumerate().take(max + 1).skip(1) {
            for from in all_arrangements() {
                let exhaustive = at_k.contains(&word(from));
                assert_eq!(
                    reachable(from, card, k, None),
                    exhaustive,
                    "{from}->{card} k={k}"
                );
                assert_eq!(swap_sequence(from, card, k, None).is_some(), exhaustive);
                if exhaustive {
                    check_sequence(from, card, k, None);
                }
            }
        }
    }
}

#[test]
fn solver_matches_exhaustive_search_from_every_arrangement_to_every_card_k1_to_4() {
    // No symmetry used: enumerate from each of the 720 arrangements.
    let all = all_arrangements();
    for &from in &all {
        let reached = enumerate(word(from), 4);
        for (k, at_k) in reached.iter().enumerate().skip(1) {
            for &to in &all {
                assert_eq!(
                    reachable(from, to, k, None),
                    at_k.contains(&word(to)),
                    "{from}->{to} k={k}"
                );
            }
        }
    }
}

#[test]
fn solver_respects_the_previous_pair_of_an_attempt() {
    // Exhaustively: from X with previous pair l, reachable iff some first swap s != l leads
    // to a word from which the rest (k-1 swaps, first != s) reaches the card.
    let card = Arrangement::parse("FWEALD").unwrap();
    for from in all_arrangements().into_iter().step_by(7) {
        for (l, last) in Pair::all().enumerate() {
            for k in 1..=5 {
                let mut expected = false;
                for (s, &(a, b)) in PAIRS.iter().enumerate() {
                    if s == l {
                        continue;
                    }
                    let mut w = word(from);
                    w.swap(a, b);
                    let next = Arrangement::from_elements(w).unwrap();
                    let first = Pair::from_index(s);
                    expected |= if k == 1 {
                        next == card
                    } else {
                        reachable(next, card, k - 1, first)
                    };
                }
                assert_eq!(reachable(from, card, k, Some(last)), expected);
                if expected {
                    check_sequence(from, card, k, Some(last));
                }
            }
        }
    }
}

#[test]
fn the_distance_parity_formula_matches_exhaustive_search() {
    let card = Arrangement::FIRST;
    let reached = from_fweald();
    for from in all_arrangements() {
        let d = swap_distance(from, card);
        assert!(d <= 5);
        // The distance is the fewest swaps (a shortest sequence never repeats a pair).
        let fewest = (0..=7).find(|&k| reached[k].contains(&word(from))).unwrap();
        assert_eq!(d as usize, fewest, "{from}");
        for k in 1..=7u8 {
            assert_eq!(
                formula_reachable(d, k),
                reached[k as usize].contains(&word(from)),
                "{from} d={d} k={k}"
            );
        }
    }
}

#[test]
fn d0_k2_is_unreachable_but_d0_k4_is() {
    for a in all_arrangements().into_iter().step_by(13) {
        assert!(
            !reachable(a, a, 2, None),
            "{a}: back in two swaps would repeat a pair"
        );
        assert!(swap_sequence(a, a, 2, None).is_none());
        assert!(reachable(a, a, 4, None));
        check_sequence(a, a, 4, None);
        assert!(!reachable(a, a, 1, None) && !reachable(a, a, 3, None));
        assert!(reachable(a, a, 6, None));
    }
    assert!(!formula_reachable(0, 2));
    assert!(formula_reachable(0, 4) && formula_reachable(2, 2) && !formula_reachable(1, 2));
}

#[test]
fn winning_plays_lists_every_card_and_play_that_wins() {
    let from = parse_arrangement("FWEALD").unwrap();
    let cards = parse_cards("WFEALD,DFWEAL").unwrap();
    let hand = parse_hand("1234").unwrap();
    let wins = winning_plays(from, &cards, hand);
    // WFEALD is at distance 1: odd k (1, 3, 5, 7) wins: 1, 3, 12, 14, 23, 34.
    // DFWEAL is at distance 5: k = 5 or 7: 14, 23, 34.
    let got: Vec<(String, String)> = wins
        .iter()
        .map(|w| (w.card.to_string(), w.play.to_string()))
        .collect();
    let expected: Vec<(String, String)> = [
        ("WFEALD", "1"),
        ("WFEALD", "3"),
        ("WFEALD", "12"),
        ("WFEALD", "14"),
        ("WFEALD", "23"),
        ("WFEALD", "34"),
        ("DFWEAL", "14"),
        ("DFWEAL", "23"),
        ("DFWEAL", "34"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(got, expected);
    for w in &wins {
        assert_eq!(w.swaps.len(), w.play.sum() as usize);
        assert_eq!(w.swaps.apply_to(from), w.card);
        assert!(w.swaps.obeys_rule_4(None));
    }
}

#[test]
fn solve_lines_are_sorted_and_name_card_play_and_swaps() {
    let from = parse_arrangement("FWEALD").unwrap();
    let cards = parse_cards("WFEALD,FWEADL").unwrap();
    let lines = solve_lines(from, &cards, parse_hand("12").unwrap());
    // Hand 12: k = 1, 2 or 3; both cards are at distance 1, so k = 1 and k = 3 win. The
    // sequence is the smallest in pair order: for WFEALD with k = 3, 12 first would leave
    // d = 0 with 2 swaps (impossible), so 13, then 12, then 23.
    assert_eq!(
        lines,
        vec![
            "card=FWEADL play=1 swaps=56",
            "card=FWEADL play=12 swaps=12,56,12",
            "card=WFEALD play=1 swaps=12",
            "card=WFEALD play=12 swaps=13,12,23",
        ]
    );
    // Nothing can be won: no line at all.
    let none = solve_lines(
        from,
        &parse_cards("DFWEAL").unwrap(),
        parse_hand("2").unwrap(),
    );
    assert!(none.is_empty());
}

#[test]
fn solve_inputs_report_which_input_is_wrong() {
    let e = parse_arrangement("FWEAL").unwrap_err();
    assert_eq!(e.field, "arrangement");
    assert!(e.to_string().contains("--arrangement"), "{e}");
    let e = parse_arrangement("FWEALX").unwrap_err();
    assert!(e.message.contains("`X`"), "{e}");
    let e = parse_cards("FWEALD,FWEALD").unwrap_err();
    assert_eq!(e.field, "cards");
    assert!(e.message.contains("twice"));
    let e = parse_cards("FWEALD,XX").unwrap_err();
    assert!(e.message.contains("card 2"), "{e}");
    assert_eq!(parse_cards("").unwrap_err().field, "cards");
    let e = parse_hand("1231").unwrap_err();
    assert_eq!(e.field, "hand");
    assert!(e.message.contains("twice"));
    assert!(parse_hand("0").is_err() && parse_hand("").is_err() && parse_hand("a").is_err());
    assert_eq!(parse_hand("4321").unwrap(), Hand::parse("1234").unwrap());
}
