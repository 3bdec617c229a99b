//! Which differences the analysis may call significant: the chi-square tests across all
//! seats (is any seat favoured; do two variants share their winners' seats), Holm's
//! correction of a family of p-values, and the sample sizes below which no test is run.
//!
//! - **Goodness of fit** of the winners' seats to an even share: `X² = Σₛ (Oₛ − E)² / E`,
//!   `Oₛ` the decisive games seat `s` won, `E = D / n` for `D` decisive games and `n` seats,
//!   `n − 1` degrees of freedom.
//! - **Homogeneity** of two variants' winners' seats (a 2 × n table of wins):
//!   `X² = Σᵢ Σₛ (Oᵢₛ − Eᵢₛ)² / Eᵢₛ`, `Eᵢₛ = Rᵢ·Cₛ / N` (row, column and grand totals), over
//!   the seats some game was won by, `k − 1` degrees of freedom for `k` such seats.
//! - The p-value is the chi-square tail `Q(df/2, X²/2)`, the regularised upper incomplete
//!   gamma function (series below `a + 1`, continued fraction above; Numerical Recipes 6.2).
//! - A chi-square test needs every expected count at [`MIN_EXPECTED`] or more; a two-sample
//!   test (z or Mann-Whitney, normal approximations both) needs [`MIN_SAMPLE`] values in each
//!   sample. Below these no test is run and the report says so.
//! - **Holm's step-down correction** of `m` p-values: sorted ascending, `p₍ᵢ₎` becomes
//!   `max_{j ≤ i} min(1, (m − j + 1)·p₍ⱼ₎)`; a difference is significant at 5% when its
//!   corrected p-value is below 0.05, which keeps the chance of any false alarm in the family
//!   at 5% or less.

use super::sample::Test;

/// The fewest values per sample for a two-sample test (normal approximations).
pub const MIN_SAMPLE: u64 = 20;

/// The smallest expected count per cell for a chi-square test.
pub const MIN_EXPECTED: f64 = 5.0;

/// `ln Γ(x)` for `x > 0` (Lanczos, as Numerical Recipes' `gammln`; relative error < 2·10⁻¹⁰).
fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 6] = [
        76.180_091_729_471_46,
        -86.505_320_329_416_77,
        24.014_098_240_830_91,
        -1.231_739_572_450_155,
        0.001_208_650_973_866_179,
        -0.000_005_395_239_384_953,
    ];
    let tmp = x + 5.5;
    let tmp = tmp - (x + 0.5) * tmp.ln();
    let mut ser = 1.000_000_000_190_015;
    for (j, c) in C.iter().enumerate() {
        ser += c / (x + 1.0 + j as f64);
    }
    -tmp + (2.506_628_274_631_000_5 * ser / x).ln()
}

/// The regularised upper incomplete gamma function `Q(a, x)` (`a > 0`, `x ≥ 0`).
pub fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let front = (-x + a * x.ln() - ln_gamma(a)).exp();
    if x < a + 1.0 {
        // Series for P(a, x).
        let (mut ap, mut sum) = (a, 1.0 / a);
        let mut del = sum;
        for _ in 0..1000 {
            ap += 1.0;
            del *= x / ap;
            sum += del;
            if del.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        (1.0 - sum * front).clamp(0.0, 1.0)
    } else {
        // Lentz's continued fraction for Q(a, x).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (front * h).clamp(0.0, 1.0)
    }
}

/// The chi-square tail probability of `x2` with `df` degrees of freedom.
pub fn chi_square_p(x2: f64, df: usize) -> f64 {
    gamma_q(df as f64 / 2.0, x2 / 2.0)
}

/// Why a test was not run, or the test.
pub type Tested = Result<Test, String>;

/// The goodness of fit of `wins` (decisive games per seat) to an even share.
pub fn seats_even(wins: &[u64]) -> Tested {
    let n = wins.len();
    let total: u64 = wins.iter().sum();
    if n < 2 {
        return Err("one seat: nothing to compare".into());
    }
    let expected = total as f64 / n as f64;
    if expected < MIN_EXPECTED {
        return Err(format!(
            "no chi-square test: {total} decisive games give {expected:.1} expected wins per \
             seat, fewer than {MIN_EXPECTED}"
        ));
    }
    let x2: f64 = wins
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    Ok(Test {
        test: "chi-square",
        z: x2,
        p: chi_square_p(x2, n - 1),
        holm: None,
    })
}

/// The homogeneity of two rows of wins per seat (the same seats in both).
pub fn same_seats(a: &[u64], b: &[u64]) -> Tested {
    let cols: Vec<(u64, u64)> = a
        .iter()
        .zip(b)
        .map(|(&x, &y)| (x, y))
        .filter(|(x, y)| x + y > 0)
        .collect();
    let (ra, rb): (u64, u64) = (
        cols.iter().map(|c| c.0).sum(),
        cols.iter().map(|c| c.1).sum(),
    );
    let total = (ra + rb) as f64;
    if cols.len() < 2 || ra == 0 || rb == 0 {
        return Err(
            "no chi-square test: fewer than two seats won a game, or a variant \
                    has no decisive game"
                .into(),
        );
    }
    let mut x2 = 0.0;
    for &(x, y) in &cols {
        let c = (x + y) as f64;
        for (o, r) in [(x, ra), (y, rb)] {
            let e = r as f64 * c / total;
            if e < MIN_EXPECTED {
                return Err(format!(
                    "no chi-square test: an expected count of {e:.1} wins, below {MIN_EXPECTED}"
                ));
            }
            x2 += (o as f64 - e).powi(2) / e;
        }
    }
    Ok(Test {
        test: "chi-square",
        z: x2,
        p: chi_square_p(x2, cols.len() - 1),
        holm: None,
    })
}

/// Holm's corrected p-values of `ps`, in the same order.
pub fn holm(ps: &[f64]) -> Vec<f64> {
    let m = ps.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&i, &j| ps[i].total_cmp(&ps[j]));
    let mut out = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * ps[i]).min(1.0));
        out[i] = running;
    }
    out
}

/// A p-value as the reports write it: three decimals, `< 0.001` below that.
pub fn p_text(p: f64) -> String {
    if p < 0.001 {
        "< 0.001".into()
    } else {
        format!("{p:.3}")
    }
}

/// A p-value as text: `p = 0.012` or `p < 0.001`; without spaces (`p=0.012`, `p<0.001`)
/// when `spaced` is false, for table cells.
pub fn p_is(p: f64, spaced: bool) -> String {
    let text = p_text(p);
    let (sign, value) = match text.strip_prefix("< ") {
        Some(rest) => ('<', rest.to_string()),
        None => ('=', text),
    };
    if spaced {
        format!("p {sign} {value}")
    } else {
        format!("p{sign}{value}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn chi_square_tails_match_tables() {
        // The 5% critical values of 1, 2 and 4 degrees of freedom, and 1% of 3.
        assert!(close(chi_square_p(3.841_459, 1), 0.05, 1e-6));
        assert!(close(chi_square_p(5.991_465, 2), 0.05, 1e-6));
        assert!(close(chi_square_p(9.487_729, 4), 0.05, 1e-6));
        assert!(close(chi_square_p(11.344_87, 3), 0.01, 1e-6));
        // Two degrees of freedom: Q = e^(−x/2) exactly.
        assert!(close(chi_square_p(1.0, 2), (-0.5f64).exp(), 1e-12));
        assert_eq!(chi_square_p(0.0, 3), 1.0);
    }

    #[test]
    fn seats_even_on_hand_counts() {
        // 60 wins: 30, 18, 12 against 20 each: X² = (100 + 4 + 64) / 20 = 8.4, df 2,
        // p = e^(−4.2) = 0.0150.
        let t = seats_even(&[30, 18, 12]).unwrap();
        assert!(close(t.z, 8.4, 1e-12), "{t:?}");
        assert!(close(t.p, (-4.2f64).exp(), 1e-9), "{t:?}");
        // 8 decisive games over 2 seats: 4 expected, below 5: no test.
        let err = seats_even(&[6, 2]).unwrap_err();
        assert!(err.contains("fewer than 5"), "{err}");
        assert!(seats_even(&[10]).is_err());
    }

    #[test]
    fn same_seats_on_a_hand_table() {
        // Wins by seat: [30, 10] and [20, 20]; column totals 50, 30; rows 40, 40; expected
        // 25, 15 in each row: X² = 2·(25/25 + 25/15) = 5.333, df 1, p = 0.0209.
        let t = same_seats(&[30, 10], &[20, 20]).unwrap();
        assert!(close(t.z, 2.0 * (1.0 + 25.0 / 15.0), 1e-12), "{t:?}");
        assert!(close(t.p, 0.020_921, 1e-5), "{t:?}");
        // A seat nobody won is left out; one seat left: no test.
        assert!(same_seats(&[30, 0], &[20, 0]).is_err());
        assert!(
            same_seats(&[3, 2], &[2, 3])
                .unwrap_err()
                .contains("expected count")
        );
    }

    #[test]
    fn holm_steps_down() {
        // Sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04 → 0.06.
        let adjusted = holm(&[0.01, 0.04, 0.03, 0.005]);
        let expected = [0.03, 0.06, 0.06, 0.02];
        for (a, e) in adjusted.iter().zip(expected) {
            assert!(close(*a, e, 1e-12), "{adjusted:?}");
        }
        assert_eq!(holm(&[0.6, 0.7]), vec![1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }

    #[test]
    fn p_values_below_a_thousandth_are_not_zero() {
        assert_eq!(p_text(0.0004), "< 0.001");
        assert_eq!(p_text(0.0123), "0.012");
        assert_eq!(p_is(0.0004, true), "p < 0.001");
        assert_eq!(p_is(0.0004, false), "p<0.001");
        assert_eq!(p_is(0.0123, false), "p=0.012");
    }
}
