//! [`check_description`]: a game's [`GameDescription`] against the game itself, so that the
//! two cannot disagree.

use crate::{
    Game, GameDescription, MAX_SEATS, ParamDescription, Presentation, Seat, rng_from_seed,
    step_random,
};
use serde_json::{Map, Value};

/// Checks `description` against the game `G` and returns every disagreement found (empty
/// when they agree):
/// - the name is `G::NAME`; parameter names are unique and not `players`;
/// - the parameters are exactly the fields of `G::Params` besides `players`;
/// - a parameter listed as a choice (`values`) is a `string` whose default is listed, whose
///   every value the game accepts, and outside whose list the game accepts nothing;
/// - a described default is the serde default of its field, or, where the field defaults to
///   nothing (`null`: the game derives it), a game made with the described value is the game
///   made with none;
/// - `G::new` accepts exactly the player counts from `min_players` to `max_players`, and
///   `default_players` lies in between and is what `G::Params::default()` seats;
/// - every seat of a full table is described, and `Presentation::seat_name` names the described colour
///   (unless the game keeps the default `Seat N`);
/// - without hidden information, every seat sees what a spectator sees ([`check_views_alike`]).
pub fn check_description<G: Game + Presentation>(description: &GameDescription) -> Vec<String> {
    let mut faults = Vec::new();
    let d = description;
    if d.name != G::NAME {
        faults.push(format!("name `{}` but the game is `{}`", d.name, G::NAME));
    }
    let defaults = match serde_json::to_value(G::Params::default()) {
        Ok(Value::Object(map)) => map,
        other => {
            faults.push(format!("Params::default() is not an object: {other:?}"));
            return faults;
        }
    };
    for (i, p) in d.params.iter().enumerate() {
        if p.name == "players" || d.params[..i].iter().any(|q| q.name == p.name) {
            faults.push(format!("parameter `{}` described twice", p.name));
        }
        if !matches!(p.kind, "integer" | "integers" | "string" | "text") {
            faults.push(format!("parameter `{}`: unknown kind `{}`", p.name, p.kind));
        }
    }
    let mut fields: Vec<&str> = defaults.keys().map(String::as_str).collect();
    let mut described: Vec<&str> = std::iter::once("players")
        .chain(d.params.iter().map(|p| p.name))
        .collect();
    fields.sort_unstable();
    described.sort_unstable();
    if fields != described {
        faults.push(format!(
            "parameters described {described:?}, but Params has {fields:?}"
        ));
    }
    for p in d.params {
        let (Some(text), Some(serde_default)) = (p.default, defaults.get(p.name)) else {
            continue;
        };
        let value = match p.kind {
            "string" | "text" => Value::String(text.to_string()),
            _ => match serde_json::from_str(text) {
                Ok(v) => v,
                Err(e) => {
                    faults.push(format!("parameter `{}`: default `{text}`: {e}", p.name));
                    continue;
                }
            },
        };
        if serde_default.is_null() {
            let same = with(&defaults, p.name, value)
                .and_then(|params| G::new(&params).ok())
                .map(|g| format!("{g:?}"));
            let plain = G::new(&G::Params::default()).ok().map(|g| format!("{g:?}"));
            if same.is_none() || same != plain {
                faults.push(format!(
                    "parameter `{}`: a game with the described default `{text}` is not the \
                     default game",
                    p.name
                ));
            }
        } else if *serde_default != value {
            faults.push(format!(
                "parameter `{}`: described default `{text}`, Params default {serde_default}",
                p.name
            ));
        }
    }
    for p in d.params.iter().filter(|p| !p.values.is_empty()) {
        faults.extend(check_values::<G>(&defaults, p));
    }
    for n in 0..=MAX_SEATS + 1 {
        let accepted = with(&defaults, "players", Value::from(n))
            .map(|params| G::new(&params).is_ok())
            .unwrap_or(false);
        let in_range = (d.min_players..=d.max_players).contains(&n);
        if accepted != in_range {
            faults.push(format!(
                "{n} players: described as {}, but the game {}",
                if in_range { "allowed" } else { "refused" },
                if accepted {
                    "accepts them"
                } else {
                    "refuses them"
                }
            ));
        }
        if d.check_players(n, n).is_ok() != in_range {
            faults.push(format!(
                "{n} players: check_players disagrees with the range"
            ));
        }
    }
    if !(d.min_players..=d.max_players).contains(&d.default_players) {
        faults.push(format!(
            "default_players {} outside {}..={}",
            d.default_players, d.min_players, d.max_players
        ));
    }
    match G::new(&G::Params::default()) {
        Ok(game) if game.num_seats() != d.default_players => faults.push(format!(
            "Params::default() seats {} players, the description says {}",
            game.num_seats(),
            d.default_players
        )),
        Ok(_) => {}
        Err(e) => faults.push(format!("Params::default() is refused: {e}")),
    }
    if d.seats.len() != d.max_players {
        faults.push(format!(
            "{} seats described for up to {} players",
            d.seats.len(),
            d.max_players
        ));
    }
    let full = with(&defaults, "players", Value::from(d.max_players))
        .and_then(|params| G::new(&params).ok());
    if let Some(game) = full {
        if !d.hidden_information
            && let Some(fault) = check_views_alike(game.clone(), 1)
        {
            faults.push(fault);
        }
        for (i, seat) in d.seats.iter().enumerate() {
            let name = game.seat_name(Seat(i as u8));
            if name != format!("Seat {}", i + 1) && !name.to_lowercase().starts_with(seat.name) {
                faults.push(format!(
                    "seat {}: described as {}, the game calls it {name}",
                    i + 1,
                    seat.name
                ));
            }
            if !seat.colour.starts_with('#') {
                faults.push(format!(
                    "seat {}: colour `{}` is not #rgb",
                    i + 1,
                    seat.colour
                ));
            }
        }
    }
    faults
}

/// Plays `game` at random (seeded by `seed`, up to 300 steps) and checks that at every step
/// each seat's view is the spectator's, as a game without hidden information promises
/// (servers then compute it once for all viewers). Returns the first difference found.
pub fn check_views_alike<G: Game + Presentation>(mut game: G, seed: u64) -> Option<String> {
    let mut rng = rng_from_seed(seed);
    let (mut actions, mut chances) = (Vec::new(), Vec::new());
    for step in 0..300 {
        let spectator = match super::view_json(&game, None) {
            Ok(view) => view,
            Err(e) => return Some(format!("after {step} random steps {e}")),
        };
        for i in 0..game.num_seats() {
            let seat = Seat(i as u8);
            let seen = match super::view_json(&game, Some(seat)) {
                Ok(view) => view,
                Err(e) => return Some(format!("after {step} random steps {e}")),
            };
            if seen != spectator {
                return Some(format!(
                    "no hidden information, but after {step} random steps seat {} sees \
                     another view than a spectator",
                    seat.number()
                ));
            }
        }
        if !step_random(&mut game, &mut rng, &mut actions, &mut chances) {
            break;
        }
    }
    None
}

/// `G::Params` from its serde defaults with `name` set to `value`.
/// A parameter listed as a choice: a `string`, its default among its values, every value
/// accepted by the game and a word outside the list refused.
fn check_values<G: Game>(defaults: &Map<String, Value>, p: &ParamDescription) -> Vec<String> {
    let mut faults = Vec::new();
    if p.kind != "string" {
        faults.push(format!(
            "parameter `{}`: values listed for a `{}`; only a `string` is a choice",
            p.name, p.kind
        ));
    }
    if let Some(default) = p.default
        && !p.values.contains(&default)
    {
        faults.push(format!(
            "parameter `{}`: the default `{default}` is not among its values {:?}",
            p.name, p.values
        ));
    }
    let accepts = |word: &str| {
        with::<G::Params>(defaults, p.name, Value::from(word)).is_some_and(|q| G::new(&q).is_ok())
    };
    for value in p.values {
        if !accepts(value) {
            faults.push(format!(
                "parameter `{}`: the listed value `{value}` is refused by the game",
                p.name
            ));
        }
    }
    let outside = "not-a-listed-value";
    if accepts(outside) {
        faults.push(format!(
            "parameter `{}`: the game accepts `{outside}`, which its values do not list",
            p.name
        ));
    }
    faults
}

fn with<P: serde::de::DeserializeOwned>(
    defaults: &Map<String, Value>,
    name: &str,
    value: Value,
) -> Option<P> {
    let mut map = defaults.clone();
    map.insert(name.to_string(), value);
    serde_json::from_value(Value::Object(map)).ok()
}
