//! R11's variant `butterfly_pickup = "leave"`: a frog ending its move on a butterfly space
//! leaves the flower lying there. The tests build a move where the two readings differ, and
//! the harness runs under the variant.

use crate::common;

use common::{field, hand, play};
use tabula_china_moon::{ChinaMoon, Params};
use tabula_core::testkit::Harness;
use tabula_core::{Game, Notation};

fn variant(players: usize, pickup: &str) -> Params {
    Params {
        players,
        butterfly_pickup: pickup.into(),
        ..Params::default()
    }
}

/// Seat 1's frog on 17 may end on the butterfly space 19, where a white flower lies; seat 1
/// holds no flower (a pink left the game, R6).
const WHITE_ON_BUTTERFLY: &str = "std S,S,17/S,S,S/S,S,S \
    2y,5p,8y,11w,15w,19w,21y,24p,27y,31p,34w,38k -/-/- ypwu p 1 - -";

#[test]
fn r11_variant_leave_keeps_the_flower_on_a_butterfly_space() {
    let mut ruling = ChinaMoon::from_notation(&variant(3, "take"), WHITE_ON_BUTTERFLY).unwrap();
    let mut leave = ChinaMoon::from_notation(&variant(3, "leave"), WHITE_ON_BUTTERFLY).unwrap();
    play(&mut ruling, 1, "1@17>18>19");
    play(&mut leave, 1, "1@17>18>19");
    // R11: the frog takes the white, and the butterfly at once drops it (the owner's only
    // colour, R8) on the first free space behind, 18.
    let flowers = field(&ruling, 2);
    assert!(
        flowers.contains("18w") && !flowers.contains("19w"),
        "{flowers}"
    );
    assert_eq!(hand(&ruling, 1), "-");
    // The variant: the white stays on 19 and seat 1 has nothing to drop.
    let flowers = field(&leave, 2);
    assert!(
        flowers.contains("19w") && !flowers.contains("18w"),
        "{flowers}"
    );
    assert_eq!(hand(&leave, 1), "-");
}

#[test]
fn r11_variant_leave_still_takes_flowers_on_other_spaces() {
    // The white lies on the plain space 20 instead: both readings take it.
    let text = WHITE_ON_BUTTERFLY
        .replace("S,S,17/", "S,S,18/")
        .replace("19w", "20w");
    let mut leave = ChinaMoon::from_notation(&variant(3, "leave"), &text).unwrap();
    play(&mut leave, 1, "1@18>19>20");
    assert_eq!(hand(&leave, 1), "w");
}

#[test]
fn r11_variant_leave_reads_a_frog_beside_a_flower_on_a_butterfly_space() {
    let mut leave = ChinaMoon::from_notation(&variant(3, "leave"), WHITE_ON_BUTTERFLY).unwrap();
    play(&mut leave, 1, "1@17>18>19");
    let text = leave.to_notation();
    let read = ChinaMoon::from_notation(&variant(3, "leave"), &text).unwrap();
    assert_eq!(read.to_notation(), text);
    let e = ChinaMoon::from_notation(&variant(3, "take"), &text).unwrap_err();
    assert!(e.to_string().contains("would have taken the flower"), "{e}");
}

#[test]
fn butterfly_pickup_round_trips_and_bad_values_are_named() {
    let g = ChinaMoon::new(&variant(4, "leave")).unwrap();
    assert_eq!(g.params().butterfly_pickup, "leave");
    assert_eq!(
        ChinaMoon::new(&Params::default()).unwrap().params(),
        Params::default()
    );
    let e = ChinaMoon::new(&variant(4, "keep")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bad parameter butterfly_pickup: `keep` is not allowed: write `take` (the default, R11) \
         or `leave`"
    );
    assert!(ChinaMoon::from_notation(&variant(3, "keep"), WHITE_ON_BUTTERFLY).is_err());
}

#[test]
fn harness_under_butterfly_pickup_leave() {
    for (players, seed) in [(3, 9_000), (5, 9_500)] {
        let p = variant(players, "leave");
        let report = Harness::new(move |rng| ChinaMoon::new_random(&p, rng).expect("params"))
            .games(12)
            .seed(seed)
            .max_steps(1_000)
            .invariant(ChinaMoon::check_invariant)
            .indexed()
            .run();
        assert_eq!(report.finished, 12);
    }
}
