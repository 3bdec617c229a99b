//! The bot levels' estimated ratings: every built-in game has them, they rise with the level,
//! `/api/games` serves them, and each game's ladder is the one `docs/performance.md` reports
//! (the table of "Bot strength"), so that the figures shown beside a bot's name say where
//! they come from.

use tabula_registry::RANDOM_RATING;

/// The scores of `row` ("Toumaï", or "China Moon, 3 players") in the docs' ladder table.
fn documented(row: &str) -> Vec<f64> {
    let docs = include_str!("../../../../docs/performance.md");
    let section = docs
        .split("\n## ")
        .find(|s| s.starts_with("Bot strength"))
        .expect("docs/performance.md has a section \"Bot strength\"");
    let start = format!("| {row} |");
    let line = section
        .lines()
        .find(|l| l.starts_with(&start))
        .unwrap_or_else(|| panic!("docs/performance.md has no ladder row `{row}`"));
    line.split('|')
        .skip(2)
        .filter(|cell| !cell.trim().is_empty())
        .map(|cell| {
            let percent = cell.trim().split(' ').next().unwrap();
            percent
                .parse::<f64>()
                .unwrap_or_else(|_| panic!("{row}: `{cell}`"))
                / 100.0
        })
        .collect()
}

#[test]
fn every_game_s_levels_have_rising_estimated_ratings_from_the_documented_ladder() {
    for entry in tabula_catalog::builtin().entries() {
        let info = entry.info();
        let ladder = info
            .ladder
            .unwrap_or_else(|| panic!("{}: no measured ladder", info.name));
        let row = if ladder.players == 2 {
            info.title.to_string()
        } else {
            format!("{}, {} players", info.title, ladder.players)
        };
        let docs = documented(&row);
        assert!(
            docs.len() == ladder.scores.len()
                && docs
                    .iter()
                    .zip(ladder.scores)
                    .all(|(a, b)| (a - b).abs() < 1e-9),
            "{}: the entry's ladder {:?}, the docs' {docs:?}",
            info.name,
            ladder.scores
        );
        let ratings: Vec<f64> = info
            .levels
            .iter()
            .map(|l| {
                info.level_rating(l)
                    .unwrap_or_else(|| panic!("{}: {l}", info.name))
            })
            .collect();
        assert_eq!(ratings[0], RANDOM_RATING);
        assert!(
            ratings.windows(2).all(|w| w[1] > w[0]),
            "{}: {ratings:?}",
            info.name
        );
        assert_eq!(info.level_rating("grandmaster"), None);
        let served = serde_json::to_value(info).unwrap();
        for (level, r) in info.levels.iter().zip(&ratings) {
            assert_eq!(served["level_ratings"][level], serde_json::json!(r.round()));
        }
    }
}
