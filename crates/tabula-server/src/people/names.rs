//! Names of people, guests and accounts alike: what is taken and why the rest is not.
//!
//! A name is 2 to 24 characters once trimmed: letters and digits of any script, single
//! spaces, `_`, `-` and `.`. It is compared on its *key*: its letters and digits in lower
//! case, so that `B.o.t` and `bot` are one name. A name whose key is a bot level's name, begins
//! or ends with `bot`, or contains a blocked word ([`DEFAULT_BLOCKED`] and the operator's
//! `--blocked-names`) is refused, so that nobody passes for a bot or for the server.

/// The fewest characters of a name.
pub const MIN_NAME_CHARS: usize = 2;

/// The most characters of a name.
pub const MAX_NAME_CHARS: usize = 24;

/// Words no name may contain (on its key), whatever the operator adds: names that would pass
/// for the server, its operators or no one.
pub const DEFAULT_BLOCKED: &[&str] = &[
    "admin",
    "administrator",
    "moderator",
    "operator",
    "tabula",
    "system",
    "anonymous",
    "deletedplayer",
];

/// The key a name is compared on: its letters and digits, lower-cased.
pub fn name_key(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Checks `name`: the name as kept (trimmed), or the reason it is refused. `bot_keys` are the
/// keys of the bot levels' names; `blocked` the operator's words.
pub fn check_name(name: &str, bot_keys: &[String], blocked: &[String]) -> Result<String, String> {
    let name = name.trim();
    let chars = name.chars().count();
    if !(MIN_NAME_CHARS..=MAX_NAME_CHARS).contains(&chars) {
        return Err(format!(
            "{MIN_NAME_CHARS} to {MAX_NAME_CHARS} characters, not {chars}"
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| !(c.is_alphanumeric() || matches!(c, ' ' | '_' | '-' | '.')))
    {
        return Err(format!(
            "the character {c:?} is not allowed (letters, digits, spaces, _ - . only)"
        ));
    }
    if name.contains("  ") {
        return Err("two spaces in a row".into());
    }
    let key = name_key(name);
    if key.chars().count() < MIN_NAME_CHARS {
        return Err(format!("at least {MIN_NAME_CHARS} letters or digits"));
    }
    if key.starts_with("bot") || key.ends_with("bot") || bot_keys.contains(&key) {
        return Err(format!("`{name}` would pass for a bot"));
    }
    let words = DEFAULT_BLOCKED.iter().map(|w| w.to_string());
    if let Some(word) = words
        .chain(blocked.iter().map(|w| name_key(w)))
        .find(|w| !w.is_empty() && key.contains(w.as_str()))
    {
        return Err(format!("`{name}` contains the blocked word `{word}`"));
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(name: &str) -> Result<String, String> {
        check_name(
            name,
            &["beginner".into(), "strong".into()],
            &["rude".into()],
        )
    }

    #[test]
    fn names_within_the_rules_are_kept_trimmed() {
        assert_eq!(check("  Ada Lovelace ").unwrap(), "Ada Lovelace");
        assert_eq!(check("Žofie_2.0").unwrap(), "Žofie_2.0");
        assert_eq!(check("Aé").unwrap(), "Aé");
    }

    #[test]
    fn a_refused_name_says_why() {
        assert!(check("A").unwrap_err().contains("2 to 24"));
        assert!(check(&"x".repeat(25)).unwrap_err().contains("not 25"));
        assert!(check("<script>").unwrap_err().contains("'<'"));
        assert!(check("a  b").unwrap_err().contains("two spaces"));
        assert!(check("--").unwrap_err().contains("letters or digits"));
    }

    #[test]
    fn nobody_passes_for_a_bot_the_server_or_a_blocked_word() {
        for name in [
            "Beginner",
            "STRONG",
            "B.o.t",
            "robot",
            "Bot Ann",
            "Tabula",
            "x-admin-x",
        ] {
            assert!(check(name).is_err(), "{name} was taken");
        }
        assert!(check("so rude").unwrap_err().contains("`rude`"));
        assert!(check("Abbott").is_ok());
    }
}
