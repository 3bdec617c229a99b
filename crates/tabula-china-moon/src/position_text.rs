//! Writing a position in notation (read back by [`crate::notation`]), and the state's
//! `Debug` form, which shows it. The state module does not depend on this one: it is the
//! writer that knows the state, so the modules depend one way only.

use crate::flower::Flower;
use crate::state::{ChinaMoon, Pending, Phase};
use std::fmt;
use tabula_core::Seat;

pub(crate) fn write_position(g: &ChinaMoon) -> String {
    let b = &g.board;
    let seats = || Seat::all(g.players());
    let frogs: Vec<String> = seats()
        .map(|s| {
            let f: Vec<String> = g.frogs_of(s).iter().map(|&p| b.id(p).to_string()).collect();
            f.join(",")
        })
        .collect();
    // One item per flower: a space holding several (R5's variant) is written once for each.
    let flowers: Vec<String> = (0..b.len() as u8)
        .flat_map(|s| {
            let here = g.flowers_on(s);
            Flower::ALL.into_iter().flat_map(move |f| {
                (0..here.count(f)).map(move |_| format!("{}{}", b.id(s), f.letter()))
            })
        })
        .collect();
    let hands: Vec<String> = seats().map(|s| g.hand(s).to_letters()).collect();
    let spots: String = g
        .spots
        .iter()
        .map(|s| s.map_or('-', Flower::letter))
        .collect();
    let turn = match g.phase {
        Phase::Setup => "setup".to_string(),
        _ => g.mover.number().to_string(),
    };
    let moved: Vec<String> = g
        .moved_frogs()
        .iter()
        .map(|(s, p)| format!("{}@{}", s.number(), b.id(*p)))
        .collect();
    let ask = match g.pending {
        Pending::None => "-".to_string(),
        Pending::Exchange { owner, space } => format!("x{}@{}", owner.number(), b.id(space)),
        Pending::Butterfly { owner, space } => format!("b{}@{}", owner.number(), b.id(space)),
    };
    let or_dash = |v: Vec<String>| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(",")
        }
    };
    format!(
        "{} {} {} {} {} {} {} {} {}",
        b.reference(),
        frogs.join("/"),
        or_dash(flowers),
        hands.join("/"),
        spots,
        g.out.to_letters(),
        turn,
        or_dash(moved),
        ask
    )
}

impl fmt::Debug for ChinaMoon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ChinaMoon({})", write_position(self))
    }
}
