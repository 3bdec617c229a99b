//! The rules for players in every language Tabula speaks: English (`docs/rules/<game>.md`,
//! also [`GameInfo::rules`]), French (`docs/rules/fr/`) and Czech (`docs/rules/cs/`).

use crate::GameInfo;

/// The languages of the rules pages, as `lang` codes: English first (the default).
pub const LANGUAGES: &[&str] = &["en", "fr", "cs"];

/// The translated pages, by game name: `(name, French, Czech)`.
const TRANSLATIONS: &[(&str, &str, &str)] = &[
    (
        "toumai",
        include_str!("../../../docs/rules/fr/toumai.md"),
        include_str!("../../../docs/rules/cs/toumai.md"),
    ),
    (
        "khan-tsin",
        include_str!("../../../docs/rules/fr/khan-tsin.md"),
        include_str!("../../../docs/rules/cs/khan-tsin.md"),
    ),
    (
        "china-moon",
        include_str!("../../../docs/rules/fr/china-moon.md"),
        include_str!("../../../docs/rules/cs/china-moon.md"),
    ),
    (
        "magical-circle",
        include_str!("../../../docs/rules/fr/magical-circle.md"),
        include_str!("../../../docs/rules/cs/magical-circle.md"),
    ),
    (
        "connect-four",
        include_str!("../../../docs/rules/fr/connect-four.md"),
        include_str!("../../../docs/rules/cs/connect-four.md"),
    ),
];

impl GameInfo {
    /// The rules for players in `lang` (one of [`LANGUAGES`]): `None` for a language Tabula
    /// does not speak, or one this game's rules are not written in (games outside the
    /// registry, such as test games, have English rules only).
    pub fn rules_in(&self, lang: &str) -> Option<&'static str> {
        let page = TRANSLATIONS.iter().find(|(name, _, _)| *name == self.name);
        match (lang, page) {
            ("en", _) => Some(self.rules),
            ("fr", Some((_, fr, _))) => Some(fr),
            ("cs", Some((_, _, cs))) => Some(cs),
            _ => None,
        }
    }
}
