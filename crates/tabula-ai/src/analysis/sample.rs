//! Summaries of samples for the analysis reports: a mean with its 95% interval ([`Mean`]),
//! and the two-sample tests that compare variants: the two-proportion z-test for rates and
//! the Mann-Whitney U test (normal approximation, ties corrected) for per-game figures such
//! as lengths. Both give a two-sided p-value.

use serde::{Deserialize, Serialize};

/// The mean of a sample with its standard deviation and a 95% interval (normal
/// approximation: `mean ± 1.96·sd/√n`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Mean {
    /// Values in the sample.
    pub n: u64,
    /// The sample mean (0 when empty).
    pub mean: f64,
    /// The sample standard deviation (`n − 1` in the denominator; 0 below 2 values).
    pub sd: f64,
    /// The mean's 95% confidence interval `[low, high]`.
    pub ci95: [f64; 2],
}

impl Mean {
    /// The summary of `values` (all zero for an empty sample).
    pub fn of(values: &[f64]) -> Mean {
        let n = values.len();
        if n == 0 {
            return Mean::default();
        }
        let mean = values.iter().sum::<f64>() / n as f64;
        let sd = if n < 2 {
            0.0
        } else {
            (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
        };
        let half = 1.96 * sd / (n as f64).sqrt();
        Mean {
            n: n as u64,
            mean,
            sd,
            ci95: [mean - half, mean + half],
        }
    }
}

/// The complementary error function (Numerical Recipes' Chebyshev fit, relative error
/// below 1.2·10⁻⁷).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// The two-sided p-value of a standard normal statistic `z`.
pub fn two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).clamp(0.0, 1.0)
}

/// A two-sample test: its statistic and two-sided p-value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Test {
    /// `z` (two proportions), `mann-whitney` (per-game figures) or `chi-square`.
    pub test: &'static str,
    /// The z statistic (for Mann-Whitney, of U₁ against its mean; for chi-square, X²).
    pub z: f64,
    /// The two-sided p-value.
    pub p: f64,
    /// The p-value after Holm's correction across the tests of a comparison
    /// ([`holm`](super::significance::holm)); `None` outside a comparison.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holm: Option<f64>,
}

/// The two-proportion z-test (pooled) of `x1` in `n1` against `x2` in `n2`; `p = 1` when
/// the pooled rate is 0 or 1 or a sample is empty.
pub fn two_proportion(x1: u64, n1: u64, x2: u64, n2: u64) -> Test {
    let none = Test {
        test: "z",
        z: 0.0,
        p: 1.0,
        holm: None,
    };
    if n1 == 0 || n2 == 0 {
        return none;
    }
    let (a, b) = (n1 as f64, n2 as f64);
    let pooled = (x1 + x2) as f64 / (a + b);
    let se = (pooled * (1.0 - pooled) * (1.0 / a + 1.0 / b)).sqrt();
    if se == 0.0 {
        return none;
    }
    let z = (x1 as f64 / a - x2 as f64 / b) / se;
    Test {
        test: "z",
        z,
        p: two_sided_p(z),
        holm: None,
    }
}

/// The Mann-Whitney U test of `a` against `b` (average ranks for ties, the variance
/// corrected for them, no continuity correction); `p = 1` when a sample is empty or every
/// value is equal.
pub fn mann_whitney(a: &[f64], b: &[f64]) -> Test {
    let none = Test {
        test: "mann-whitney",
        z: 0.0,
        p: 1.0,
        holm: None,
    };
    let (n1, n2) = (a.len(), b.len());
    if n1 == 0 || n2 == 0 {
        return none;
    }
    let mut all: Vec<(f64, bool)> = a
        .iter()
        .map(|v| (*v, true))
        .chain(b.iter().map(|v| (*v, false)))
        .collect();
    all.sort_by(|x, y| x.0.total_cmp(&y.0));
    let n = all.len();
    let (mut rank_a, mut ties) = (0.0, 0.0);
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j + 1 < n && all[j + 1].0 == all[i].0 {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        let t = (j - i + 1) as f64;
        ties += t * t * t - t;
        rank_a += rank * all[i..=j].iter().filter(|x| x.1).count() as f64;
        i = j + 1;
    }
    let (f1, f2, nf) = (n1 as f64, n2 as f64, n as f64);
    let u = rank_a - f1 * (f1 + 1.0) / 2.0;
    let var = f1 * f2 / 12.0 * ((nf + 1.0) - ties / (nf * (nf - 1.0)));
    if var <= 0.0 {
        return none;
    }
    let z = (u - f1 * f2 / 2.0) / var.sqrt();
    Test {
        test: "mann-whitney",
        z,
        p: two_sided_p(z),
        holm: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn mean_has_the_sample_sd_and_a_normal_interval() {
        let m = Mean::of(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(m.n, 8);
        assert_eq!(m.mean, 5.0);
        // Sum of squares 32, over 7.
        assert!(close(m.sd, (32.0f64 / 7.0).sqrt(), 1e-12), "{m:?}");
        let half = 1.96 * m.sd / 8f64.sqrt();
        assert!(close(m.ci95[0], 5.0 - half, 1e-12) && close(m.ci95[1], 5.0 + half, 1e-12));
        assert_eq!(Mean::of(&[]), Mean::default());
        assert_eq!(Mean::of(&[3.0]).sd, 0.0);
    }

    #[test]
    fn normal_tail_matches_tables() {
        assert!(close(two_sided_p(1.96), 0.05, 1e-4));
        assert!(close(two_sided_p(-2.5758), 0.01, 1e-4));
        assert!(close(two_sided_p(0.0), 1.0, 1e-6));
        assert!(close(erfc(-1.0), 2.0 - 0.157_299_2, 1e-6));
    }

    #[test]
    fn two_proportion_test_of_60_against_40_in_100() {
        // Pooled 0.5, se = sqrt(0.25 · 0.02) = 0.0707, z = 2.828, p = 0.00468.
        let t = two_proportion(60, 100, 40, 100);
        assert!(close(t.z, 2.828_427, 1e-5), "{t:?}");
        assert!(close(t.p, 0.004_678, 1e-5), "{t:?}");
        assert_eq!(two_proportion(0, 10, 0, 10).p, 1.0);
        assert_eq!(two_proportion(1, 0, 0, 10).p, 1.0);
    }

    #[test]
    fn mann_whitney_on_separated_and_tied_samples() {
        // U₁ = 0, mean 4.5, variance 9/12 · 7 = 5.25: z = −1.964, p = 0.0495.
        let t = mann_whitney(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0]);
        assert!(close(t.z, -4.5 / 5.25f64.sqrt(), 1e-9), "{t:?}");
        assert!(close(t.p, 0.049_535, 1e-4), "{t:?}");
        // Ties: [1, 2, 2] against [2, 3]: ranks 1, 3, 3 | 3, 5; U₁ = 7 − 6 = 1, mean 3,
        // variance 6/12 · (6 − 24/20) = 2.4.
        let t = mann_whitney(&[1.0, 2.0, 2.0], &[2.0, 3.0]);
        assert!(close(t.z, -2.0 / 2.4f64.sqrt(), 1e-9), "{t:?}");
        assert_eq!(mann_whitney(&[1.0, 1.0], &[1.0]).p, 1.0);
        assert_eq!(mann_whitney(&[], &[1.0]).p, 1.0);
    }
}
